//===- SharedExchange.cpp - Planning a layout conversion through smem -----===//

#include "TritonDialect/Tools/SharedExchange.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <map>
#include <set>

using namespace mlir::triton;
using namespace mlir::triton::gpu;
using LL = LinearLayout;

uint64_t SharedExchangePlan::swizzle(uint64_t o) const {
  uint64_t r = o;
  for (size_t h = 0; h < xorMasks.size(); ++h)
    if ((o >> h) & 1)
      r ^= xorMasks[h];
  return r;
}

uint64_t SharedExchangePlan::offsetOf(llvm::ArrayRef<int32_t> coords,
                                      llvm::ArrayRef<int64_t> shape) const {
  uint64_t o = 0, stride = 1;
  for (unsigned d : order) {
    o += uint64_t(coords[d]) * stride;
    stride *= shape[d];
  }
  return swizzle(o);
}

namespace {
using namespace layout_dims;

int32_t bitsOf(const LL &l, const char *dim) {
  return l.hasInDim(dim) ? l.getInDimSizeLog2(dim) : 0;
}

/// Unswizzled row-major offset of basis `bit` of `dim`.
uint64_t basisOffset(const LL &l, const char *dim, int32_t bit,
                     llvm::ArrayRef<unsigned> order,
                     llvm::ArrayRef<int64_t> shape) {
  const auto &basis = l.getBasis(dim, bit);
  uint64_t o = 0, stride = 1;
  for (unsigned d : order) {
    o += uint64_t(basis[d]) * stride;
    stride *= shape[d];
  }
  return o;
}

/// Dimensions in the order the layout's registers, then lanes, then warps
/// walk them; dimensions it never walks last, slowest first.
llvm::SmallVector<unsigned> orderOf(const LL &l, unsigned rank) {
  llvm::SmallVector<unsigned> order;
  for (const char *dim : {kRegister, kLane, kWarp})
    for (int32_t bit = 0; bit < bitsOf(l, dim); ++bit) {
      const auto &basis = l.getBasis(dim, bit);
      for (unsigned d = 0; d < rank; ++d)
        if (basis[d] && !llvm::is_contained(order, d)) {
          order.push_back(d);
          break;
        }
    }
  for (int d = rank - 1; d >= 0; --d)
    if (!llvm::is_contained(order, unsigned(d)))
      order.push_back(d);
  return order;
}

/// Consecutive registers that land on consecutive offsets, at most 128 bits.
unsigned naturalVec(const LL &l, llvm::ArrayRef<unsigned> order,
                    llvm::ArrayRef<int64_t> shape, unsigned bits) {
  unsigned vec = 1;
  for (int32_t bit = 0; bit < bitsOf(l, kRegister); ++bit) {
    if (basisOffset(l, kRegister, bit, order, shape) != (uint64_t(1) << bit) ||
        (vec * 2) * bits > 128)
      break;
    vec *= 2;
  }
  return vec;
}

unsigned lanesPerPhase(unsigned vec, unsigned bits) {
  return std::min(32u, 1024u / std::max(32u, vec * bits));
}

/// Registers holding distinct elements.
int64_t distinctRegisters(const LL &l) {
  int64_t n = 1;
  for (int32_t bit = 0; bit < bitsOf(l, kRegister); ++bit)
    if (llvm::any_of(l.getBasis(kRegister, bit), [](int32_t v) { return v; }))
      n *= 2;
  return n;
}

/// Rank over GF(2).
unsigned rankOf(llvm::SmallVector<uint64_t> rows) {
  unsigned rank = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    uint64_t pivot = rows[i];
    if (!pivot)
      continue;
    ++rank;
    uint64_t low = pivot & -pivot;
    for (size_t j = i + 1; j < rows.size(); ++j)
      if (rows[j] & low)
        rows[j] ^= pivot;
  }
  return rank;
}

struct Side {
  const LL *layout;
  unsigned vec;
};

/// Greedy choice of xorMasks: for each side, the lanes of one transaction
/// should map to independent bank bits [lowBit, highBit).
llvm::SmallVector<uint64_t> chooseMasks(llvm::ArrayRef<Side> sides,
                                        llvm::ArrayRef<unsigned> order,
                                        llvm::ArrayRef<int64_t> shape,
                                        unsigned bits, unsigned lowBit,
                                        unsigned highBit, unsigned totalBits) {
  llvm::SmallVector<uint64_t> masks(totalBits, 0);
  if (highBit >= totalBits || lowBit >= highBit)
    return masks;
  SharedExchangePlan probe;
  uint64_t window =
      ((uint64_t(1) << highBit) - 1) & ~((uint64_t(1) << lowBit) - 1);
  // Offsets (unswizzled) of each side's transaction lanes, processed so far.
  llvm::SmallVector<llvm::SmallVector<uint64_t>> done(sides.size());
  auto rankWith = [&](size_t s) {
    probe.xorMasks = masks;
    llvm::SmallVector<uint64_t> rows;
    for (uint64_t o : done[s])
      rows.push_back(probe.swizzle(o) & window);
    return rankOf(rows);
  };
  // The destination's reads first: they are scalar more often.
  for (size_t s = sides.size(); s-- > 0;) {
    const LL &l = *sides[s].layout;
    unsigned laneBits = llvm::Log2_32(lanesPerPhase(sides[s].vec, bits));
    for (int32_t bit = 0; bit < std::min<int32_t>(laneBits, bitsOf(l, kLane));
         ++bit) {
      uint64_t o = basisOffset(l, kLane, bit, order, shape);
      if ((o >> lowBit) == 0)
        continue; // the same bank word as lane 0 (or a broadcast)
      llvm::SmallVector<unsigned> before;
      for (size_t t = 0; t < sides.size(); ++t)
        before.push_back(rankWith(t));
      done[s].push_back(o);
      if (rankWith(s) > before[s])
        continue;
      bool fixed = false;
      for (unsigned h = highBit; h < totalBits && !fixed; ++h) {
        if (!((o >> h) & 1) || masks[h])
          continue;
        for (unsigned t = lowBit; t < highBit && !fixed; ++t) {
          masks[h] = uint64_t(1) << t;
          bool ok = rankWith(s) > before[s];
          for (size_t u = 0; u < sides.size() && ok; ++u)
            if (u != s && rankWith(u) < before[u])
              ok = false;
          if (ok)
            fixed = true;
          else
            masks[h] = 0;
        }
      }
    }
  }
  return masks;
}
} // namespace

int64_t mlir::triton::gpu::countWavefronts(const SharedExchangePlan &plan,
                                           const LL &layout,
                                           llvm::ArrayRef<int64_t> shape,
                                           unsigned vec, unsigned bits) {
  unsigned bytes = std::max(1u, bits / 8);
  unsigned phase = lanesPerPhase(vec, bits);
  int32_t laneBits = bitsOf(layout, kLane);
  int64_t perInstruction = 0;
  for (unsigned first = 0; first < 32; first += phase) {
    std::map<uint64_t, std::set<uint64_t>> banks;
    for (unsigned lane = first; lane < first + phase; ++lane) {
      uint64_t o = 0;
      for (int32_t bit = 0; bit < laneBits; ++bit)
        if ((lane >> bit) & 1)
          o ^= basisOffset(layout, kLane, bit, plan.order, shape);
      uint64_t addr = plan.swizzle(o) * bytes;
      for (uint64_t w = addr / 4; w <= (addr + vec * bytes - 1) / 4; ++w)
        banks[w % 32].insert(w);
    }
    size_t worst = 1;
    for (auto &[bank, words] : banks)
      worst = std::max(worst, words.size());
    perInstruction += worst;
  }
  return perInstruction * std::max<int64_t>(1, distinctRegisters(layout) / vec);
}

SharedExchangePlan
mlir::triton::gpu::planSharedExchange(const LL &src, const LL &dst,
                                      llvm::ArrayRef<int64_t> shape,
                                      unsigned bits) {
  unsigned rank = shape.size();
  unsigned totalBits = 0;
  for (int64_t s : shape)
    totalBits += llvm::Log2_64(s);
  llvm::SmallVector<llvm::SmallVector<unsigned>> orders{orderOf(src, rank)};
  if (orderOf(dst, rank) != orders.front())
    orders.push_back(orderOf(dst, rank));
  unsigned highBit = llvm::Log2_32(1024 / std::max(8u, bits));
  unsigned wordLow = bits < 32 ? llvm::Log2_32(32 / std::max(8u, bits)) : 0;

  std::optional<SharedExchangePlan> best;
  auto cost = [](const SharedExchangePlan &p) {
    return p.writeWavefronts + p.readWavefronts;
  };
  for (auto &order : orders) {
    unsigned nW = naturalVec(src, order, shape, bits);
    unsigned nR = naturalVec(dst, order, shape, bits);
    for (unsigned v = std::max(nW, nR); v >= 1; v /= 2) {
      SharedExchangePlan plan;
      plan.order = order;
      plan.writeVec = std::min(v, nW);
      plan.readVec = std::min(v, nR);
      unsigned lowBit = std::max<unsigned>(llvm::Log2_32(v), wordLow);
      Side sides[] = {{&src, plan.writeVec}, {&dst, plan.readVec}};
      for (bool swizzled : {false, true}) {
        plan.xorMasks = swizzled ? chooseMasks(sides, order, shape, bits,
                                               lowBit, highBit, totalBits)
                                 : llvm::SmallVector<uint64_t>(totalBits, 0);
        plan.writeWavefronts =
            countWavefronts(plan, src, shape, plan.writeVec, bits);
        plan.readWavefronts =
            countWavefronts(plan, dst, shape, plan.readVec, bits);
        if (!best || cost(plan) < cost(*best))
          best = plan;
      }
    }
  }
  return *best;
}

namespace {
/// The coordinate bit (dimension, bit) of a basis that is one power of two,
/// or nullopt.
std::optional<std::pair<unsigned, int32_t>>
singleCoordinateBit(const LL::Basis &basis) {
  std::optional<std::pair<unsigned, int32_t>> found;
  for (auto [d, v] : llvm::enumerate(basis)) {
    if (!v)
      continue;
    if (found || v < 0 || !llvm::isPowerOf2_32(uint32_t(v)))
      return std::nullopt;
    found = {unsigned(d), int32_t(llvm::Log2_32(uint32_t(v)))};
  }
  return found;
}

/// Leading register bits i that map to 2^i along one dimension: the
/// registers a vector access may take together.
int32_t vectorRegisterBits(const LL &l) {
  std::optional<unsigned> dim;
  int32_t n = 0;
  for (; n < bitsOf(l, kRegister); ++n) {
    auto c = singleCoordinateBit(l.getBasis(kRegister, n));
    if (!c || c->second != n || (dim && *dim != c->first))
      break;
    dim = c->first;
  }
  return n;
}

/// How many bases of `l` (every input dimension) have coordinate bit `bit`
/// of dimension `d` set.
int countTouching(const LL &l, unsigned d, int32_t bit) {
  int n = 0;
  for (const auto &in : l.getInDims())
    for (const auto &basis : in.bases)
      n += (basis[d] >> bit) & 1;
  return n;
}

/// `v` without bit `bit` (the bits above it shift down).
int32_t dropBit(int32_t v, int32_t bit) {
  return (v & ((1 << bit) - 1)) | ((v >> (bit + 1)) << bit);
}
} // namespace

ExchangeRounds mlir::triton::gpu::findExchangeRounds(const LL &src,
                                                     const LL &dst) {
  ExchangeRounds rounds;
  if (src.getOutDims().size() != dst.getOutDims().size())
    return rounds;
  int32_t srcVec = vectorRegisterBits(src), dstVec = vectorRegisterBits(dst);
  for (int32_t s = srcVec; s < bitsOf(src, kRegister); ++s) {
    const LL::Basis &basis = src.getBasis(kRegister, s);
    auto c = singleCoordinateBit(basis);
    if (!c)
      continue;
    // Only this register bit, on either side, reaches the coordinate bit.
    if (countTouching(src, c->first, c->second) != 1 ||
        countTouching(dst, c->first, c->second) != 1)
      continue;
    for (int32_t t = dstVec; t < bitsOf(dst, kRegister); ++t)
      if (dst.getBasis(kRegister, t) == basis) {
        rounds.srcRegBits.push_back(s);
        rounds.dstRegBits.push_back(t);
        rounds.coordBits.push_back(*c);
        break;
      }
  }
  return rounds;
}

int32_t ExchangeRounds::registerOf(int32_t reduced, unsigned round,
                                   llvm::ArrayRef<int32_t> regBits) {
  int32_t highest = regBits.empty() ? -1 : *llvm::max_element(regBits);
  int32_t full = 0, rest = reduced;
  for (int32_t p = 0; rest || p <= highest; ++p) {
    const auto *it = llvm::find(regBits, p);
    if (it != regBits.end()) {
      if ((round >> (it - regBits.begin())) & 1)
        full |= 1 << p;
      continue;
    }
    if (rest & 1)
      full |= 1 << p;
    rest >>= 1;
  }
  return full;
}

llvm::SmallVector<int64_t>
ExchangeRounds::reducedShape(llvm::ArrayRef<int64_t> shape) const {
  llvm::SmallVector<int64_t> out(shape.begin(), shape.end());
  for (auto [d, bit] : coordBits)
    out[d] /= 2;
  return out;
}

LL ExchangeRounds::reduce(const LL &layout,
                          llvm::ArrayRef<int32_t> regBits) const {
  // Coordinate bits removed from the highest down, so that the positions of
  // the lower ones stay put.
  auto bitsDown = coordBits;
  llvm::sort(bitsDown, [](auto a, auto b) { return a.second > b.second; });
  std::vector<LL::InDim> inDims;
  for (const auto &in : layout.getInDims()) {
    LL::InDim reduced{in.name, {}};
    for (auto [bit, basis] : llvm::enumerate(in.bases)) {
      if (in.name == kRegister && llvm::is_contained(regBits, int32_t(bit)))
        continue;
      LL::Basis b = basis;
      for (auto [d, cbit] : bitsDown)
        b[d] = dropBit(b[d], cbit);
      reduced.bases.push_back(std::move(b));
    }
    inDims.push_back(std::move(reduced));
  }
  std::vector<LL::OutDim> outDims(layout.getOutDims().begin(),
                                  layout.getOutDims().end());
  for (auto [d, bit] : coordBits)
    outDims[d].size /= 2;
  return *LL::create(std::move(inDims), std::move(outDims));
}
