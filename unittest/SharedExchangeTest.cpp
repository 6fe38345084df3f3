//===- SharedExchangeTest.cpp - Layout conversions through shared memory --===//
//
// The exchange plan must place every element at its own offset (a
// bijection onto [0, numElements)), keep each side's vectors contiguous,
// and cost no more bank wavefronts than the plain row-major placement; the
// transpose of a coalesced 64x64 f32 tile must come out conflict-free on
// the reading side. Wavefronts are counted here independently, by
// simulating every lane and register of warp 0.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Tools/SharedExchange.h"
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
class SharedExchangeTest : public ::testing::Test {
protected:
  SharedExchangeTest() {
    DialectRegistry registry;
    registerTritonDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }
  LL blocked(ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
             ArrayRef<unsigned> wpc, ArrayRef<unsigned> order,
             ArrayRef<int64_t> shape) {
    auto enc = BlockedEncodingAttr::get(&ctx, spt, tpw, wpc, order,
                                        CTALayoutAttr::getTrivial(&ctx));
    return *toLinearLayout(shape, enc);
  }
  MLIRContext ctx;
};

std::vector<int32_t> coordsOf(const LL &l, int32_t reg, int32_t lane,
                              int32_t warp) {
  using namespace layout_dims;
  std::vector<int32_t> c;
  for (auto &[name, v] :
       l.apply({{kRegister, reg}, {kLane, lane}, {kWarp, warp}, {kBlock, 0}}))
    c.push_back(v);
  return c;
}

/// Wavefronts of one warp accessing all its registers, `vec` at a time,
/// from first principles: per instruction and 128-byte phase, the most
/// distinct 4-byte words any bank is asked for.
int64_t simulate(const SharedExchangePlan &plan, const LL &l,
                 ArrayRef<int64_t> shape, unsigned vec, unsigned bits) {
  using namespace layout_dims;
  unsigned bytes = bits / 8;
  unsigned phase = std::min(32u, 1024u / std::max(32u, vec * bits));
  int32_t regs = l.getInDimSize(kRegister);
  std::set<std::vector<int32_t>> seen;
  int64_t total = 0;
  for (int32_t r = 0; r < regs; r += vec) {
    if (!seen.insert(coordsOf(l, r, 0, 0)).second)
      continue;
    for (unsigned first = 0; first < 32; first += phase) {
      std::map<uint64_t, std::set<uint64_t>> banks;
      for (unsigned lane = first; lane < first + phase; ++lane) {
        uint64_t addr = plan.offsetOf(coordsOf(l, r, lane, 0), shape) * bytes;
        for (uint64_t w = addr / 4; w <= (addr + vec * bytes - 1) / 4; ++w)
          banks[w % 32].insert(w);
      }
      size_t worst = 1;
      for (auto &[b, words] : banks)
        worst = std::max(worst, words.size());
      total += worst;
    }
  }
  return total;
}

void checkPlan(const SharedExchangePlan &plan, const LL &src, const LL &dst,
               ArrayRef<int64_t> shape, unsigned bits) {
  using namespace layout_dims;
  // A bijection onto [0, n).
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  std::set<uint64_t> offsets;
  std::vector<int32_t> c(shape.size(), 0);
  for (int64_t i = 0; i < n; ++i) {
    int64_t rest = i;
    for (int d = shape.size() - 1; d >= 0; --d) {
      c[d] = rest % shape[d];
      rest /= shape[d];
    }
    uint64_t o = plan.offsetOf(c, shape);
    ASSERT_LT(o, uint64_t(n));
    offsets.insert(o);
  }
  ASSERT_EQ(int64_t(offsets.size()), n);
  // Vectors contiguous on both sides, for every thread.
  for (auto [l, vec] : {std::pair<const LL *, unsigned>{&src, plan.writeVec},
                        std::pair<const LL *, unsigned>{&dst, plan.readVec}})
    for (int32_t r = 0; r < l->getInDimSize(kRegister); r += vec)
      for (int32_t lane = 0; lane < 32; ++lane) {
        uint64_t first = plan.offsetOf(coordsOf(*l, r, lane, 0), shape);
        ASSERT_EQ(first % vec, 0u);
        for (unsigned k = 1; k < vec; ++k)
          ASSERT_EQ(plan.offsetOf(coordsOf(*l, r + k, lane, 0), shape),
                    first + k);
      }
  // The planner's own count is the simulated one.
  EXPECT_EQ(plan.writeWavefronts,
            simulate(plan, src, shape, plan.writeVec, bits));
  EXPECT_EQ(plan.readWavefronts,
            simulate(plan, dst, shape, plan.readVec, bits));
}
} // namespace

TEST_F(SharedExchangeTest, TransposeTileIsConflictFree) {
  SmallVector<int64_t> shape{64, 64};
  LL src = blocked({1, 4}, {2, 16}, {4, 1}, {1, 0}, shape);
  LL dst = blocked({4, 1}, {16, 2}, {1, 4}, {0, 1}, shape);
  SharedExchangePlan plan = planSharedExchange(src, dst, shape, 32);
  checkPlan(plan, src, dst, shape, 32);
  // 32 elements per thread; one wavefront per 32 words is the floor.
  EXPECT_EQ(plan.writeWavefronts + plan.readWavefronts, 64);
  SharedExchangePlan plain = plan;
  plain.xorMasks.assign(plain.xorMasks.size(), 0);
  plain.order = {1, 0};
  EXPECT_GT(simulate(plain, dst, shape, 1, 32), 32 * 4);
}

TEST_F(SharedExchangeTest, RandomBlockedPairs) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 120; ++trial) {
    unsigned rank = 1 + rng() % 2;
    unsigned bits = 8u << (rng() % 4);
    auto random = [&](SmallVector<int64_t> &shape, bool makeShape) {
      SmallVector<unsigned> spt, tpw, wpc, order;
      unsigned lanesLeft = 32, warpsLeft = 4;
      for (unsigned d = 0; d < rank; ++d) {
        spt.push_back(1u << (rng() % 3));
        unsigned t =
            d + 1 == rank ? lanesLeft : std::min(lanesLeft, 1u << (rng() % 6));
        tpw.push_back(t);
        lanesLeft /= t;
        unsigned w =
            d + 1 == rank ? warpsLeft : std::min(warpsLeft, 1u << (rng() % 3));
        wpc.push_back(w);
        warpsLeft /= w;
        order.push_back(d);
        if (makeShape)
          shape.push_back(int64_t(1) << (3 + rng() % 4));
      }
      std::shuffle(order.begin(), order.end(), rng);
      return blocked(spt, tpw, wpc, order, shape);
    };
    SmallVector<int64_t> shape;
    LL src = random(shape, true);
    LL dst = random(shape, false);
    SharedExchangePlan plan = planSharedExchange(src, dst, shape, bits);
    SCOPED_TRACE("trial " + std::to_string(trial));
    checkPlan(plan, src, dst, shape, bits);
    // Never worse than the unswizzled plan with the same order and vectors.
    SharedExchangePlan plain = plan;
    plain.xorMasks.assign(plain.xorMasks.size(), 0);
    EXPECT_LE(plan.writeWavefronts + plan.readWavefronts,
              simulate(plain, src, shape, plan.writeVec, bits) +
                  simulate(plain, dst, shape, plan.readVec, bits));
  }
}

namespace {
/// A conversion in rounds moves every element exactly once: round r's
/// source registers (registerOf) hold exactly the elements its destination
/// registers take, the rounds partition the tensor, each round's elements
/// agree on the round coordinate bits, and the reduced layouts are the full
/// ones with those bits taken out. Then the reduced problem's plan is
/// checked like any other.
void checkRounds(const ExchangeRounds &rounds, const LL &src, const LL &dst,
                 ArrayRef<int64_t> shape, unsigned bits) {
  using namespace layout_dims;
  LL srcPart = rounds.reduce(src, rounds.srcRegBits);
  LL dstPart = rounds.reduce(dst, rounds.dstRegBits);
  SmallVector<int64_t> partShape = rounds.reducedShape(shape);
  auto compress = [&](std::vector<int32_t> c) {
    auto down = rounds.coordBits;
    llvm::sort(down, [](auto a, auto b) { return a.second > b.second; });
    for (auto [d, bit] : down)
      c[d] = (c[d] & ((1 << bit) - 1)) | ((c[d] >> (bit + 1)) << bit);
    return c;
  };
  auto elements = [&](const LL &full, const LL &part, ArrayRef<int32_t> regBits,
                      unsigned r) {
    std::set<std::vector<int32_t>> out;
    for (int32_t i = 0; i < part.getInDimSize(kRegister); ++i)
      for (int32_t lane = 0; lane < full.getInDimSize(kLane); ++lane)
        for (int32_t warp = 0; warp < full.getInDimSize(kWarp); ++warp) {
          auto c = coordsOf(full, ExchangeRounds::registerOf(i, r, regBits),
                            lane, warp);
          for (auto [j, cb] : llvm::enumerate(rounds.coordBits))
            EXPECT_EQ((c[cb.first] >> cb.second) & 1, int32_t((r >> j) & 1));
          EXPECT_EQ(compress(c), coordsOf(part, i, lane, warp));
          out.insert(c);
        }
    return out;
  };
  int64_t n = 1;
  for (int64_t s : shape)
    n *= s;
  std::set<std::vector<int32_t>> all;
  for (unsigned r = 0; r < rounds.count(); ++r) {
    auto written = elements(src, srcPart, rounds.srcRegBits, r);
    auto read = elements(dst, dstPart, rounds.dstRegBits, r);
    EXPECT_EQ(written, read);
    EXPECT_EQ(int64_t(written.size()) * rounds.count(), n);
    all.insert(written.begin(), written.end());
  }
  EXPECT_EQ(int64_t(all.size()), n);
  checkPlan(planSharedExchange(srcPart, dstPart, partShape, bits), srcPart,
            dstPart, partShape, bits);
}
} // namespace

TEST_F(SharedExchangeTest, WgmmaEpilogueInTwoRounds) {
  // A 128x256 f16 accumulator of 8 warps (wgmma, m64n256) to the blocked
  // layout of its store: the row-8 register bit is common to both and in
  // neither side's vectors, so two rounds of 32 KB; the vectors stay (2
  // halves written, 8 read).
  SmallVector<int64_t> shape{128, 256};
  auto mma = NvidiaMmaEncodingAttr::get(
      &ctx, 3, 0, {8, 1}, CTALayoutAttr::getTrivial(&ctx), {16, 256, 16});
  LL src = *toLinearLayout(shape, mma);
  LL dst = blocked({1, 8}, {1, 32}, {8, 1}, {1, 0}, shape);
  ExchangeRounds rounds = findExchangeRounds(src, dst);
  ASSERT_EQ(rounds.count(), 2u);
  EXPECT_EQ(rounds.coordBits[0], (std::pair<unsigned, int32_t>{0, 3}));
  checkRounds(rounds, src, dst, shape, 16);
  SmallVector<int64_t> partShape = rounds.reducedShape(shape);
  SharedExchangePlan plan =
      planSharedExchange(rounds.reduce(src, rounds.srcRegBits),
                         rounds.reduce(dst, rounds.dstRegBits), partShape, 16);
  EXPECT_EQ(plan.writeVec, 2u);
  EXPECT_EQ(plan.readVec, 8u);
}

TEST_F(SharedExchangeTest, RandomBlockedPairsInRounds) {
  std::mt19937 rng(11);
  unsigned withRounds = 0;
  for (int trial = 0; trial < 80; ++trial) {
    SmallVector<int64_t> shape{int64_t(1) << (4 + rng() % 3),
                               int64_t(1) << (4 + rng() % 3)};
    auto random = [&](unsigned d0) {
      unsigned t0 = 1u << (rng() % 6), w0 = 1u << (rng() % 3);
      SmallVector<unsigned> order{d0, 1 - d0};
      return blocked({1u << (rng() % 3), 1u << (rng() % 3)}, {t0, 32 / t0},
                     {w0, 4 / w0}, order, shape);
    };
    LL src = random(rng() % 2), dst = random(rng() % 2);
    ExchangeRounds rounds = findExchangeRounds(src, dst);
    withRounds += rounds.count() > 1;
    SCOPED_TRACE("trial " + std::to_string(trial));
    checkRounds(rounds, src, dst, shape, 8u << (rng() % 3));
  }
  EXPECT_GT(withRounds, 10u);
}
