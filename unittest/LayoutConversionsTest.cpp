//===- LayoutConversionsTest.cpp - Encodings vs their definitions ---------===//
//
// Each encoding's linear layout is compared with a direct, independent
// formula for which element each (register, lane, warp) holds (or which
// element each shared-memory offset holds): the blocked layout's
// arithmetic, the PTX ISA's mma.sync/wgmma fragments, and the swizzle
// formulas of shared memory.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/InitAllDialects.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using LL = LinearLayout;

namespace {
class LayoutConversionsTest : public ::testing::Test {
protected:
  LayoutConversionsTest() {
    DialectRegistry registry;
    registerTritonDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  CTALayoutAttr noCTA() { return CTALayoutAttr::getTrivial(&ctx); }
  MLIRContext ctx;
};

using Coord = std::vector<int64_t>;

Coord coordOf(const LL &layout, int32_t reg, int32_t lane, int32_t warp) {
  LL::Point p = layout.apply(
      {{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", 0}});
  Coord c;
  for (auto &[name, v] : p)
    c.push_back(v);
  return c;
}

/// A random blocked layout of rank 1 to `maxRank` over 32 lanes and 1 to 8
/// warps, with a random power-of-two shape below 2^`shapeBits` per
/// dimension (smaller or larger than the layout).
struct RandomBlocked {
  SmallVector<unsigned> spt, tpw, wpc, order;
  SmallVector<int64_t> shape;
  RandomBlocked(std::mt19937 &rng, unsigned maxRank, unsigned shapeBits) {
    unsigned rank = 1 + rng() % maxRank;
    unsigned lanesLeft = 32, warpsLeft = 1u << (rng() % 4);
    for (unsigned d = 0; d < rank; ++d) {
      spt.push_back(1u << (rng() % 3));
      unsigned t =
          d + 1 == rank ? lanesLeft : std::min(lanesLeft, 1u << (rng() % 4));
      tpw.push_back(t);
      lanesLeft /= t;
      unsigned w =
          d + 1 == rank ? warpsLeft : std::min(warpsLeft, 1u << (rng() % 2));
      wpc.push_back(w);
      warpsLeft /= w;
      shape.push_back(int64_t(1) << (rng() % shapeBits));
      order.push_back(d);
    }
    std::shuffle(order.begin(), order.end(), rng);
  }
};

} // namespace

// blocked: element = (local register + lane * spt + warp * spt * tpw +
// repetition * tile) mod shape, each index split over `order` (fastest
// first); registers beyond a small tensor do not exist.
TEST_F(LayoutConversionsTest, BlockedMatchesDefinition) {
  std::mt19937 rng(11);
  int checked = 0;
  for (int trial = 0; trial < 300; ++trial) {
    RandomBlocked r(rng, 3, 7);
    auto &[spt, tpw, wpc, order, shape] = r;
    unsigned rank = shape.size();
    auto enc = BlockedEncodingAttr::get(&ctx, spt, tpw, wpc, order, noCTA());
    std::optional<LL> layout = toLinearLayout(shape, enc);
    ASSERT_TRUE(layout) << "blocked";
    // Register bits: local per dim (capped by the shape), then repetitions.
    std::vector<std::pair<unsigned, int64_t>> regBits; // (dim, value)
    for (unsigned d : order)
      for (int64_t v = 1; v < std::min<int64_t>(spt[d], shape[d]); v *= 2)
        regBits.push_back({d, v});
    for (unsigned d : order) {
      int64_t tile = int64_t(spt[d]) * tpw[d] * wpc[d];
      for (int64_t v = tile; v < shape[d]; v *= 2)
        regBits.push_back({d, v});
    }
    ASSERT_EQ(layout->getInDimSize("register"), int32_t(1) << regBits.size())
        << layout->toString();
    int32_t numWarps = 1;
    for (unsigned w : wpc)
      numWarps *= w;
    for (int32_t reg = 0; reg < layout->getInDimSize("register"); ++reg)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t warp = 0; warp < numWarps; ++warp) {
          Coord expect(rank, 0);
          for (size_t b = 0; b < regBits.size(); ++b)
            if ((reg >> b) & 1)
              expect[regBits[b].first] += regBits[b].second;
          int32_t l = lane, w = warp;
          for (unsigned d : order) {
            expect[d] += int64_t(l % tpw[d]) * spt[d];
            l /= tpw[d];
            expect[d] += int64_t(w % wpc[d]) * spt[d] * tpw[d];
            w /= wpc[d];
          }
          for (unsigned d = 0; d < rank; ++d)
            expect[d] %= shape[d];
          ASSERT_EQ(coordOf(*layout, reg, lane, warp), expect);
          ++checked;
        }
  }
  EXPECT_GT(checked, 10000);
}

// Reshape inference reads a layout back as blocked whenever a blocked layout
// places every element the same way: the identity reshape of random blocked
// layouts, with shapes smaller than the layout (lanes and warps holding
// copies) as well as larger, must give a blocked encoding with the same
// linear layout, never #ttg.linear.
TEST_F(LayoutConversionsTest, ReshapeKeepsBlockedLayoutsBlocked) {
  std::mt19937 rng(13);
  auto *iface = ctx.getLoadedDialect<TritonGPUDialect>()
                    ->getRegisteredInterface<DialectInferLayoutInterface>();
  ASSERT_TRUE(iface);
  int copies = 0;
  for (int trial = 0; trial < 1000; ++trial) {
    RandomBlocked r(rng, 5, 6);
    auto &shape = r.shape;
    auto enc =
        BlockedEncodingAttr::get(&ctx, r.spt, r.tpw, r.wpc, r.order, noCTA());
    std::optional<LL> layout = toLinearLayout(shape, enc);
    ASSERT_TRUE(layout);
    for (const char *in : {"lane", "warp"})
      for (int i = 0; i < layout->getInDimSizeLog2(in); ++i)
        if (llvm::all_of(layout->getBasis(in, i),
                         [](int32_t v) { return v == 0; })) {
          ++copies;
          break;
        }
    Attribute result;
    ASSERT_TRUE(succeeded(iface->inferReshapeOpEncoding(shape, enc, shape,
                                                        result, std::nullopt)));
    ASSERT_TRUE(isa<BlockedEncodingAttr>(result))
        << "shape " << shape.size() << "-d: " << layout->toString();
    EXPECT_EQ(toLinearLayout(shape, result), layout);
  }
  EXPECT_GT(copies, 100);
}

// mma.sync m16n8 accumulator (PTX ISA): c_i of lane l is at row l/4 + 8(i/2),
// column 2(l%4) + i%2. Warps tile N fastest; the tile repeats N first.
TEST_F(LayoutConversionsTest, MmaV2MatchesPtxFragment) {
  for (auto [wM, wN] : std::vector<std::pair<unsigned, unsigned>>{
           {1, 1}, {2, 2}, {4, 1}, {1, 4}, {2, 4}})
    for (auto [M, N] : std::vector<std::pair<int64_t, int64_t>>{
             {64, 64}, {128, 32}, {32, 128}}) {
      if (M < 16 * wM || N < 8 * wN)
        continue;
      auto enc =
          NvidiaMmaEncodingAttr::get(&ctx, 2, 0, {wM, wN}, noCTA(), {16, 8});
      std::optional<LL> layout = toLinearLayout({M, N}, enc);
      ASSERT_TRUE(layout);
      int repN = N / (8 * wN), repM = M / (16 * wM);
      ASSERT_EQ(layout->getInDimSize("register"), 4 * repN * repM);
      std::set<Coord> seen;
      for (int32_t reg = 0; reg < 4 * repN * repM; ++reg)
        for (int32_t lane = 0; lane < 32; ++lane)
          for (int32_t warp = 0; warp < int32_t(wM * wN); ++warp) {
            int32_t i = reg % 4, rn = (reg / 4) % repN, rm = reg / 4 / repN;
            int64_t row =
                lane / 4 + 8 * (i / 2) + 16 * ((warp / wN) % wM) + 16 * wM * rm;
            int64_t col =
                2 * (lane % 4) + i % 2 + 8 * (warp % wN) + 8 * wN * rn;
            ASSERT_EQ(coordOf(*layout, reg, lane, warp), (Coord{row, col}));
            seen.insert({row, col});
          }
      EXPECT_EQ(int64_t(seen.size()), M * N); // every element held once
    }
}

// wgmma m64nNk16 accumulator: warp w of a warp group holds rows 16(w%4) + the
// m16n8 fragment, repeated over the N/8 column groups in registers; warp
// groups tile M first.
TEST_F(LayoutConversionsTest, MmaV3MatchesWgmmaFragment) {
  for (unsigned n : {8u, 64u, 128u, 256u})
    for (auto [wM, wN] :
         std::vector<std::pair<unsigned, unsigned>>{{4, 1}, {8, 1}, {4, 2}}) {
      int64_t M = 64 * (wM / 4), N = int64_t(n) * wN;
      auto enc = NvidiaMmaEncodingAttr::get(&ctx, 3, 0, {wM, wN}, noCTA(),
                                            {16, n, 16});
      std::optional<LL> layout = toLinearLayout({M, N}, enc);
      ASSERT_TRUE(layout);
      int32_t regs = 4 * (n / 8);
      ASSERT_EQ(layout->getInDimSize("register"), regs);
      for (int32_t reg = 0; reg < regs; ++reg)
        for (int32_t lane = 0; lane < 32; ++lane)
          for (int32_t warp = 0; warp < int32_t(wM * wN); ++warp) {
            int32_t i = reg % 4, k = reg / 4;
            int32_t group = warp / 4, groupsM = wM / 4;
            int64_t row = lane / 4 + 8 * (i / 2) + 16 * (warp % 4) +
                          64 * (group % groupsM);
            int64_t col =
                2 * (lane % 4) + i % 2 + 8 * k + int64_t(n) * (group / groupsM);
            ASSERT_EQ(coordOf(*layout, reg, lane, warp), (Coord{row, col}));
          }
    }
}

// mma.sync m16n8k16 operands (PTX ISA, f16, kWidth 2): a_i of lane l is at
// row l/4 + 8((i/2)%2), column 2(l%4) + i%2 + 8(i/4); b_i at row
// 2(l%4) + i%2 + 8(i/2), column l/4.
TEST_F(LayoutConversionsTest, DotOperandMatchesPtxFragment) {
  auto mma = NvidiaMmaEncodingAttr::get(&ctx, 2, 0, {1, 1}, noCTA(), {16, 8});
  auto a = DotOperandEncodingAttr::get(&ctx, 0, mma, 2);
  auto b = DotOperandEncodingAttr::get(&ctx, 1, mma, 2);
  std::optional<LL> la = toLinearLayout({16, 16}, a);
  std::optional<LL> lb = toLinearLayout({16, 8}, b);
  ASSERT_TRUE(la && lb);
  ASSERT_EQ(la->getInDimSize("register"), 8);
  ASSERT_EQ(lb->getInDimSize("register"), 4);
  for (int32_t lane = 0; lane < 32; ++lane) {
    for (int32_t i = 0; i < 8; ++i)
      EXPECT_EQ(coordOf(*la, i, lane, 0),
                (Coord{lane / 4 + 8 * ((i / 2) % 2),
                       2 * (lane % 4) + i % 2 + 8 * (i / 4)}));
    for (int32_t i = 0; i < 4; ++i)
      EXPECT_EQ(coordOf(*lb, i, lane, 0),
                (Coord{2 * (lane % 4) + i % 2 + 8 * (i / 2), lane / 4}));
  }
  // Across warps, A is the same for warps that differ only along N.
  auto mma22 = NvidiaMmaEncodingAttr::get(&ctx, 2, 0, {2, 2}, noCTA(), {16, 8});
  std::optional<LL> la22 =
      toLinearLayout({32, 16}, DotOperandEncodingAttr::get(&ctx, 0, mma22, 2));
  for (int32_t lane = 0; lane < 32; ++lane)
    for (int32_t reg = 0; reg < 8; ++reg) {
      EXPECT_EQ(coordOf(*la22, reg, lane, 0),
                coordOf(*la22, reg, lane, 1)); // warps 0,1: same M
      Coord lower = coordOf(*la22, reg, lane, 0),
            upper = coordOf(*la22, reg, lane, 2);
      EXPECT_EQ(upper[0], lower[0] + 16);
    }
}

// A slice holds, per thread, exactly the parent's elements with `dim`
// removed, for a parent shape with `dim` of size 1.
TEST_F(LayoutConversionsTest, SliceProjectsParent) {
  std::mt19937 rng(12);
  for (int trial = 0; trial < 100; ++trial) {
    auto parent = BlockedEncodingAttr::get(
        &ctx, {1u << (rng() % 2), 1u << (rng() % 3)}, {4, 8}, {2, 2},
        rng() % 2 ? SmallVector<unsigned>{1, 0} : SmallVector<unsigned>{0, 1},
        noCTA());
    unsigned dim = rng() % 2;
    int64_t size = int64_t(1) << (2 + rng() % 5);
    auto slice = SliceEncodingAttr::get(&ctx, dim, parent);
    std::optional<LL> ls = toLinearLayout({size}, slice);
    SmallVector<int64_t> parentShape{size, size};
    parentShape[dim] = 1;
    std::optional<LL> lp = toLinearLayout(parentShape, parent);
    ASSERT_TRUE(ls && lp);
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t warp = 0; warp < 4; ++warp) {
        std::set<int64_t> fromSlice, fromParent;
        for (int32_t r = 0; r < ls->getInDimSize("register"); ++r)
          fromSlice.insert(coordOf(*ls, r, lane, warp)[0]);
        for (int32_t r = 0; r < lp->getInDimSize("register"); ++r)
          fromParent.insert(coordOf(*lp, r, lane, warp)[1 - dim]);
        EXPECT_EQ(fromSlice, fromParent);
      }
  }
}

// swizzled_shared: element (r, c) lives at offset
// r * cols + ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec + c % vec.
TEST_F(LayoutConversionsTest, SwizzledSharedMatchesFormula) {
  for (unsigned vec : {1u, 2u, 4u, 8u})
    for (unsigned perPhase : {1u, 2u, 4u})
      for (unsigned maxPhase : {1u, 2u, 4u, 8u})
        for (auto [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{
                 {32, 64}, {64, 32}, {16, 128}}) {
          if (int64_t(vec) * maxPhase > cols)
            continue;
          auto enc = SwizzledSharedEncodingAttr::get(&ctx, vec, perPhase,
                                                     maxPhase, {1, 0}, noCTA());
          std::optional<LL> layout = toLinearLayout({rows, cols}, enc);
          ASSERT_TRUE(layout);
          EXPECT_TRUE(
              layout->sublayout({"offset"}, {"dim0", "dim1"}).isInvertible());
          for (int64_t r = 0; r < rows; ++r)
            for (int64_t c = 0; c < cols; ++c) {
              int64_t offset = r * cols +
                               ((c / vec) ^ ((r / perPhase) % maxPhase)) * vec +
                               c % vec;
              LL::Point p =
                  layout->apply({{"offset", int32_t(offset)}, {"block", 0}});
              ASSERT_EQ(p[0].second, r);
              ASSERT_EQ(p[1].second, c);
            }
        }
}

// nvmma_shared: rows of swizzlingByteWidth bytes; 16-byte vectors XORed by
// (row / (128 / swizzle)) % (swizzle / 16); tiles of such rows stacked.
TEST_F(LayoutConversionsTest, NVMMASharedMatchesFormula) {
  for (unsigned swizzle : {32u, 64u, 128u})
    for (unsigned bits : {8u, 16u, 32u})
      for (auto [rows, cols] : std::vector<std::pair<int64_t, int64_t>>{
               {64, 64}, {128, 32}, {32, 256}}) {
        auto enc = NVMMASharedEncodingAttr::get(&ctx, swizzle, false, bits,
                                                false, noCTA());
        std::optional<LL> layout = toLinearLayout({rows, cols}, enc);
        ASSERT_TRUE(layout);
        int64_t tileCols = std::min<int64_t>(cols, swizzle * 8 / bits);
        int64_t vec = 128 / bits, perPhase = 128 / swizzle,
                maxPhase = swizzle / 16;
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t c = 0; c < cols; ++c) {
            int64_t tile = c / tileCols, cc = c % tileCols;
            int64_t offset =
                tile * rows * tileCols + r * tileCols +
                (((cc / vec) ^ ((r / perPhase) % maxPhase)) * vec % tileCols) +
                cc % vec;
            LL::Point p =
                layout->apply({{"offset", int32_t(offset)}, {"block", 0}});
            ASSERT_EQ(p[0].second, r) << swizzle << " " << bits;
            ASSERT_EQ(p[1].second, c) << swizzle << " " << bits;
          }
      }
}

// Transposing through the layout interface keeps every element with the
// same thread: trans of a blocked layout equals the transposed linear layout.
TEST_F(LayoutConversionsTest, TransposedBlockedIsTransposedLayout) {
  auto enc =
      BlockedEncodingAttr::get(&ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0}, noCTA());
  auto trans =
      BlockedEncodingAttr::get(&ctx, {4, 1}, {8, 4}, {1, 4}, {0, 1}, noCTA());
  std::optional<LL> a = toLinearLayout({64, 32}, enc);
  std::optional<LL> b = toLinearLayout({32, 64}, trans);
  ASSERT_TRUE(a && b);
  for (int32_t reg = 0; reg < a->getInDimSize("register"); ++reg)
    for (int32_t lane = 0; lane < 32; ++lane)
      for (int32_t warp = 0; warp < 4; ++warp) {
        Coord x = coordOf(*a, reg, lane, warp),
              y = coordOf(*b, reg, lane, warp);
        ASSERT_EQ(x[0], y[1]);
        ASSERT_EQ(x[1], y[0]);
      }
}

// Contiguity per thread, the basis of vectorized loads: a blocked layout
// with sizePerThread 4 along its fastest dimension gives 4 contiguous
// elements, capped by the tensor.
TEST_F(LayoutConversionsTest, ContiguousElementsPerThread) {
  auto enc =
      BlockedEncodingAttr::get(&ctx, {1, 4}, {4, 8}, {4, 1}, {1, 0}, noCTA());
  EXPECT_EQ(
      toLinearLayout({64, 64}, enc)->getNumConsecutiveInOut("register", "dim1"),
      4);
  EXPECT_EQ(
      toLinearLayout({64, 2}, enc)->getNumConsecutiveInOut("register", "dim1"),
      2);
  auto mma = NvidiaMmaEncodingAttr::get(&ctx, 2, 0, {4, 1}, noCTA(), {16, 8});
  EXPECT_EQ(
      toLinearLayout({64, 64}, mma)->getNumConsecutiveInOut("register", "dim1"),
      2);
}

// cvtNeedsSharedMemory against brute force: a conversion stays within warps
// iff every (register, lane, warp) of the destination holds an element that
// some thread of the same warp holds in the source. Layouts: random blocked
// ones, nvidia_mma v2, and dot operands of both, over 2-D shapes.
TEST_F(LayoutConversionsTest, CvtNeedsSharedMemoryMatchesBruteForce) {
  std::mt19937 rng(7);
  auto pick = [&](std::vector<unsigned> options) {
    return options[rng() % options.size()];
  };
  const int64_t M = 32, N = 32;
  auto randomBlocked = [&](unsigned numWarps) {
    unsigned tpw0 = pick({1, 2, 4, 8, 16, 32});
    unsigned wpc0 = numWarps == 1 ? 1 : pick({1, numWarps});
    SmallVector<unsigned> order =
        rng() % 2 ? SmallVector<unsigned>{1, 0} : SmallVector<unsigned>{0, 1};
    return BlockedEncodingAttr::get(&ctx, {pick({1, 2, 4}), pick({1, 2, 4})},
                                    {tpw0, 32 / tpw0}, {wpc0, numWarps / wpc0},
                                    order, noCTA());
  };
  auto randomLayout = [&](unsigned numWarps) -> Attribute {
    switch (rng() % 4) {
    case 0:
    case 1:
      return randomBlocked(numWarps);
    case 2: {
      unsigned wM = pick({1, numWarps});
      return NvidiaMmaEncodingAttr::get(&ctx, 2, 0, {wM, numWarps / wM},
                                        noCTA(), {16, 8});
    }
    default: {
      Attribute parent = randomBlocked(numWarps);
      if (rng() % 2) {
        unsigned wM = pick({1, numWarps});
        parent = NvidiaMmaEncodingAttr::get(&ctx, 2, 0, {wM, numWarps / wM},
                                            noCTA(), {16, 8});
        return DotOperandEncodingAttr::get(&ctx, rng() % 2, parent, 2);
      }
      return DotOperandEncodingAttr::get(&ctx, rng() % 2, parent, 0);
    }
    }
  };
  auto str = [](Attribute a) {
    std::string s;
    llvm::raw_string_ostream os(s);
    a.print(os);
    return s;
  };
  auto f16 = Float16Type::get(&ctx);
  int tested = 0, needing = 0;
  for (int trial = 0; trial < 400; ++trial) {
    unsigned numWarps = pick({1, 2, 4});
    auto srcType = RankedTensorType::get({M, N}, f16, randomLayout(numWarps));
    auto dstType = RankedTensorType::get({M, N}, f16, randomLayout(numWarps));
    std::optional<LL> src = toLinearLayout({M, N}, srcType.getEncoding());
    std::optional<LL> dst = toLinearLayout({M, N}, dstType.getEncoding());
    if (!src || !dst)
      continue;
    // Per warp, the elements it holds in the source.
    std::map<int32_t, std::set<Coord>> held;
    for (int32_t reg = 0; reg < src->getInDimSize("register"); ++reg)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t warp = 0; warp < int32_t(numWarps); ++warp)
          held[warp].insert(coordOf(*src, reg, lane, warp));
    bool crossesWarps = false;
    for (int32_t reg = 0; reg < dst->getInDimSize("register"); ++reg)
      for (int32_t lane = 0; lane < 32; ++lane)
        for (int32_t warp = 0; warp < int32_t(numWarps); ++warp)
          crossesWarps |= !held[warp].count(coordOf(*dst, reg, lane, warp));
    EXPECT_EQ(cvtNeedsSharedMemory(srcType, dstType), crossesWarps)
        << "from " << str(srcType.getEncoding()) << " to "
        << str(dstType.getEncoding());
    ++tested;
    needing += crossesWarps;
  }
  // Both answers occur often enough for the comparison to mean something.
  EXPECT_GT(tested, 200);
  EXPECT_GT(needing, 20);
  EXPECT_GT(tested - needing, 20);
}

// cvtMovesDataAcrossThreads against brute force: a conversion stays in
// registers iff each destination register is one source register, the same
// in every thread (what the in-register lowering can emit). Slices of random
// blocked layouts and of a #ttg.linear whose lanes broadcast, where the data
// a thread needs is in the thread but in a register that depends on its lane.
TEST_F(LayoutConversionsTest, CvtMovesDataAcrossThreadsMatchesBruteForce) {
  std::mt19937 rng(11);
  auto pick = [&](std::vector<unsigned> options) {
    return options[rng() % options.size()];
  };
  auto blocked = [&]() -> Attribute {
    unsigned tpw0 = pick({1, 2, 4, 8, 16, 32});
    unsigned wpc0 = pick({1, 2, 4});
    return BlockedEncodingAttr::get(&ctx, {pick({1, 2, 4}), pick({1, 2, 4})},
                                    {tpw0, 32 / tpw0}, {wpc0, 4 / wpc0},
                                    rng() % 2 ? SmallVector<unsigned>{1, 0}
                                              : SmallVector<unsigned>{0, 1},
                                    noCTA());
  };
  // Rows held by every lane: registers cover dim 0, lanes only dim 1.
  std::string error;
  std::optional<LL> broadcastRows =
      LL::create({{"register", {{1, 0}, {2, 0}, {4, 0}, {8, 0}, {16, 0}}},
                  {"lane", {{0, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 8}}},
                  {"warp", {{0, 16}, {0, 0}}},
                  {"block", {}}},
                 {{"dim0", 32}, {"dim1", 32}}, &error);
  ASSERT_TRUE(broadcastRows) << error;
  Attribute linear = LinearEncodingAttr::get(&ctx, *broadcastRows);
  auto f32 = Float32Type::get(&ctx);
  int tested = 0, moving = 0;
  for (int trial = 0; trial < 400; ++trial) {
    unsigned dim = rng() % 2;
    Attribute srcParent = rng() % 3 ? linear : blocked();
    Attribute dstParent = rng() % 3 ? blocked() : linear;
    auto srcType = RankedTensorType::get(
        {32}, f32, SliceEncodingAttr::get(&ctx, dim, srcParent));
    auto dstType = RankedTensorType::get(
        {32}, f32, SliceEncodingAttr::get(&ctx, dim, dstParent));
    std::optional<LL> src = toLinearLayout({32}, srcType.getEncoding());
    std::optional<LL> dst = toLinearLayout({32}, dstType.getEncoding());
    ASSERT_TRUE(src && dst);
    bool inRegisters = true;
    for (int32_t r = 0; r < dst->getInDimSize("register") && inRegisters; ++r) {
      bool found = false;
      for (int32_t s = 0; s < src->getInDimSize("register") && !found; ++s) {
        bool all = true;
        for (int32_t lane = 0; lane < 32 && all; ++lane)
          for (int32_t warp = 0; warp < 4 && all; ++warp)
            all = coordOf(*src, s, lane, warp) == coordOf(*dst, r, lane, warp);
        found = all;
      }
      inRegisters = found;
    }
    EXPECT_EQ(cvtMovesDataAcrossThreads(srcType, dstType), !inRegisters);
    ++tested;
    moving += !inRegisters;
  }
  EXPECT_GT(moving, 20);
  EXPECT_GT(tested - moving, 20);
}
