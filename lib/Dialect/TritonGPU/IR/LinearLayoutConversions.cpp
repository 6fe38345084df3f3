//===- LinearLayoutConversions.cpp - Encodings as linear layouts ----------===//
//
// The meaning of every encoding, written once as a linear layout:
//
//  - blocked: register, lane and warp each tile `sizePerThread`,
//    `threadsPerWarp`, `warpsPerCTA` along `order` (fastest first); the CTA
//    tile then repeats in registers over a larger tensor, or wraps onto
//    copies over a smaller one;
//  - slice: the parent over the shape with a size-1 dimension inserted, that
//    dimension then dropped;
//  - nvidia_mma v2: the mma.sync m16n8 accumulator fragment (PTX ISA, "Matrix
//    Fragments for mma.m16n8k16"): lane l holds rows l/4 and l/4 + 8,
//    columns 2 (l % 4) and 2 (l % 4) + 1; warps tile along N fastest;
//  - nvidia_mma v3: the wgmma accumulator: four warps of a warp group take
//    16 rows each, the m16n8 fragment repeats over N; warp groups tile M
//    first;
//  - dot_op (mma parent): the mma.sync A/B fragments with kWidth consecutive
//    K elements per thread; operands are copies across the warps of the
//    other dimension; (blocked parent): rows as the parent holds them, all
//    of K in each thread's registers;
//  - swizzled_shared / nvmma_shared: offsets walk rows along order[0], with
//    the vector index XORed by the row phase (nvmma: 16-byte vectors within
//    rows of swizzlingByteWidth bytes, tiles of such rows stacked).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using LL = LinearLayout;

namespace {
namespace dims = layout_dims;

std::string dimName(unsigned d) { return dims::outDimName(d); }

std::vector<std::string> standardNames(unsigned rank) {
  std::vector<std::string> names;
  for (unsigned d = 0; d < rank; ++d)
    names.push_back(dimName(d));
  return names;
}

void fail(std::string *error, const std::string &message) {
  if (error)
    *error = message;
}

/// The identity over `sizes`, along the dimensions in `order` (the first one
/// least significant), from input dimension `inDim`.
LL identityND(StringRef inDim, ArrayRef<unsigned> sizes,
              ArrayRef<unsigned> order) {
  LL layout;
  for (unsigned d : order)
    layout *= LL::identity1D(sizes[d], inDim, dimName(d));
  return layout;
}

/// A layout built from explicit bases over `outSizes` (standard names).
LL fromBases(std::vector<std::pair<std::string, std::vector<LL::Basis>>> ins,
             ArrayRef<int32_t> outSizes) {
  std::vector<LL::OutDim> outs;
  for (size_t d = 0; d < outSizes.size(); ++d)
    outs.push_back({dimName(d), outSizes[d]});
  std::vector<LL::InDim> inDims;
  for (auto &[name, bases] : ins)
    inDims.push_back({name, bases});
  return *LL::create(inDims, outs);
}

/// Renames the outputs (same order, same sizes).
LL renameOuts(const LL &layout, ArrayRef<std::string> names) {
  std::vector<LL::OutDim> outs;
  for (size_t j = 0; j < names.size(); ++j)
    outs.push_back({names[j], layout.getOutDims()[j].size});
  std::vector<LL::InDim> ins(layout.getInDims().begin(),
                             layout.getInDims().end());
  return *LL::create(ins, outs);
}

/// Drops register bases that are zero: such registers would hold copies.
LL dropZeroRegisters(const LL &layout) {
  std::vector<LL::InDim> ins;
  for (const auto &in : layout.getInDims()) {
    LL::InDim kept{in.name, {}};
    for (const auto &b : in.bases)
      if (in.name != dims::kRegister ||
          llvm::any_of(b, [](int32_t v) { return v != 0; }))
        kept.bases.push_back(b);
    ins.push_back(std::move(kept));
  }
  std::vector<LL::OutDim> outs(layout.getOutDims().begin(),
                               layout.getOutDims().end());
  return *LL::create(ins, outs);
}

/// Fits a CTA tile (register, lane, warp -> dims) to `shape`: registers
/// repeat the tile along `repOrder` where the tensor is larger; where it is
/// smaller, lanes and warps wrap onto copies and surplus registers vanish.
/// Adds a trivial "block" input and returns the outputs as dim0..dimR-1.
LL fitToShape(LL tile, ArrayRef<int64_t> shape, ArrayRef<unsigned> repOrder) {
  unsigned rank = shape.size();
  for (unsigned d : repOrder) {
    int64_t have = tile.getOutDimSize(dimName(d));
    if (shape[d] > have)
      tile *= LL::identity1D(shape[d] / have, dims::kRegister, dimName(d));
    else if (!tile.hasOutDim(dimName(d)))
      tile *= LL::identity1D(1, dims::kRegister, dimName(d));
  }
  tile = tile.transposeOuts(standardNames(rank));
  // Shrink: values beyond the shape wrap (they are powers of two, so they
  // become zero); registers that only pointed beyond the shape are dropped.
  std::vector<LL::InDim> ins;
  for (const auto &in : tile.getInDims()) {
    LL::InDim kept{in.name, {}};
    for (const auto &b : in.bases) {
      LL::Basis masked(b);
      bool wasNonZero = false, isNonZero = false;
      for (unsigned d = 0; d < rank; ++d) {
        wasNonZero |= b[d] != 0;
        masked[d] &= int32_t(shape[d] - 1);
        isNonZero |= masked[d] != 0;
      }
      if (in.name == dims::kRegister && wasNonZero && !isNonZero)
        continue;
      kept.bases.push_back(masked);
    }
    ins.push_back(std::move(kept));
  }
  std::vector<LL::OutDim> outs;
  for (unsigned d = 0; d < rank; ++d)
    outs.push_back(
        {dimName(d),
         int32_t(std::min<int64_t>(shape[d], tile.getOutDimSize(dimName(d))))});
  LL fitted = *LL::create(ins, outs);
  // Every distributed layout has the four hardware inputs, in this order.
  LL hw = LL::identity1D(1, dims::kRegister, dimName(0)) *
          LL::identity1D(1, dims::kLane, dimName(0)) *
          LL::identity1D(1, dims::kWarp, dimName(0)) *
          LL::identity1D(1, dims::kBlock, dimName(0));
  LL result = hw * fitted;
  // hw contributes a size-1 dim0: restore the standard output order.
  return result.transposeOuts(standardNames(rank));
}

SmallVector<unsigned> reversedRange(unsigned rank) {
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  return order;
}

std::optional<LL> blockedToLL(ArrayRef<int64_t> shape, BlockedEncodingAttr b) {
  LL tile = identityND(dims::kRegister, b.getSizePerThread(), b.getOrder()) *
            identityND(dims::kLane, b.getThreadsPerWarp(), b.getOrder()) *
            identityND(dims::kWarp, b.getWarpsPerCTA(), b.getOrder());
  return fitToShape(tile, shape, b.getOrder());
}

/// The m16n8 accumulator fragment of one warp, over (M, N) = (dim r-2,
/// dim r-1), with `nReps` copies of its 8 columns held in more registers.
LL mmaFragment(unsigned rank, int32_t nReps) {
  std::vector<LL::Basis> reg{{0, 1}, {8, 0}};
  for (int32_t n = 8; n < 8 * nReps; n *= 2)
    reg.push_back({0, n});
  std::vector<LL::Basis> lane{{0, 2}, {0, 4}, {1, 0}, {2, 0}, {4, 0}};
  LL tile =
      fromBases({{dims::kRegister, reg}, {dims::kLane, lane}}, {16, 8 * nReps});
  if (rank == 3) {
    // Batched: (M, N) are the last two dimensions.
    tile = renameOuts(tile, {dimName(1), dimName(2)}) *
           LL::identity1D(1, dims::kRegister, dimName(0));
  }
  return tile;
}

std::optional<LL> mmaToLL(ArrayRef<int64_t> shape, NvidiaMmaEncodingAttr mma,
                          std::string *error) {
  unsigned rank = shape.size();
  ArrayRef<unsigned> wpc = mma.getWarpsPerCTA();
  LL tile;
  if (mma.isAmpere()) {
    tile = mmaFragment(rank, 1) *
           identityND(dims::kWarp, wpc, reversedRange(rank));
  } else {
    int32_t n = mma.getInstrShape()[1];
    // Warps along M first: four consecutive warps form a wgmma warp group
    // when warpsPerCTA[0] is a multiple of 4 (what ttng.warp_group_dot
    // requires); other counts describe the same 16-row tiles, as layouts.
    tile = mmaFragment(rank, n / 8) *
           identityND(dims::kWarp, {wpc[0], wpc[1]}, {0, 1});
  }
  return fitToShape(tile, shape, reversedRange(rank));
}

/// The mma.sync operand fragment of one warp: A (opIdx 0) over (M, K) or B
/// (opIdx 1) over (K, N), with kWidth consecutive K elements per register
/// group.
LL operandFragment(unsigned opIdx, int32_t kWidth) {
  std::vector<LL::Basis> reg, lane;
  auto kBasis = [&](int32_t k) {
    return opIdx == 0 ? LL::Basis{0, k} : LL::Basis{k, 0};
  };
  auto mnBasis = [&](int32_t v) {
    return opIdx == 0 ? LL::Basis{v, 0} : LL::Basis{0, v};
  };
  for (int32_t k = 1; k < kWidth; k *= 2)
    reg.push_back(kBasis(k));
  if (opIdx == 0)
    reg.push_back(mnBasis(8));
  reg.push_back(kBasis(4 * kWidth));
  lane = {kBasis(kWidth), kBasis(2 * kWidth), mnBasis(1), mnBasis(2),
          mnBasis(4)};
  std::vector<int32_t> sizes = opIdx == 0 ? std::vector<int32_t>{16, 8 * kWidth}
                                          : std::vector<int32_t>{8 * kWidth, 8};
  return fromBases({{dims::kRegister, reg}, {dims::kLane, lane}}, sizes);
}

std::optional<LL> dotOperandToLL(ArrayRef<int64_t> shape,
                                 DotOperandEncodingAttr dot,
                                 std::string *error) {
  unsigned rank = shape.size();
  unsigned opIdx = dot.getOpIdx();
  if (auto blocked = dyn_cast<BlockedEncodingAttr>(dot.getParent())) {
    // Rows (A) or columns (B) as the parent holds them; all of K in
    // registers.
    SmallVector<int64_t> parentShape(shape);
    unsigned kDim = opIdx == 0 ? rank - 1 : rank - 2;
    parentShape[kDim] = 1;
    std::optional<LL> parent = blockedToLL(parentShape, blocked);
    LL withK =
        *parent * LL::identity1D(shape[kDim], dims::kRegister, dimName(kDim));
    return withK.transposeOuts(standardNames(rank));
  }
  auto mma = dyn_cast<NvidiaMmaEncodingAttr>(dot.getParent());
  if (!mma || (rank != 2 && !(rank == 3 && mma.isAmpere()))) {
    fail(error, "dot_op layouts are defined for 2-D operands of blocked or "
                "nvidia_mma parents, and 3-D (batched) operands of mma v2");
    return std::nullopt;
  }
  ArrayRef<unsigned> wpc = mma.getWarpsPerCTA();
  if (rank == 3) {
    // Batched mma.sync: the 2-D fragment over the last two dimensions, the
    // parent's warps over (batch, M or N), the batch repeated slowest.
    LL frag = renameOuts(operandFragment(opIdx, dot.getKWidth()),
                         {dimName(1), dimName(2)}) *
              LL::identity1D(1, dims::kRegister, dimName(0));
    LL warps = identityND(dims::kWarp, wpc, {2, 1, 0});
    warps = warps.sublayout({dims::kWarp},
                            {dimName(0), dimName(opIdx == 0 ? 1 : 2)});
    SmallVector<unsigned> repOrder = opIdx == 0
                                         ? SmallVector<unsigned>{2, 1, 0}
                                         : SmallVector<unsigned>{1, 2, 0};
    return fitToShape(frag * warps, shape, repOrder);
  }
  // Warps over (M, N) of the parent; the operand is the same for every
  // warp along the dimension it does not have.
  LL warps = mma.isAmpere()
                 ? identityND(dims::kWarp, wpc, {1, 0})
                 : LL::identity1D(4, dims::kWarp, dimName(0)) *
                       identityND(dims::kWarp, {wpc[0] / 4, wpc[1]}, {0, 1});
  unsigned keep = opIdx == 0 ? 0 : 1;
  warps = warps.sublayout({dims::kWarp}, {dimName(keep)});
  LL tile = operandFragment(opIdx, dot.getKWidth()) * warps;
  // Repeat K fastest.
  SmallVector<unsigned> repOrder =
      opIdx == 0 ? SmallVector<unsigned>{1, 0} : SmallVector<unsigned>{0, 1};
  return fitToShape(tile, shape, repOrder);
}

std::optional<LL> sliceToLL(ArrayRef<int64_t> shape, SliceEncodingAttr slice,
                            std::string *error) {
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + slice.getDim(), 1);
  std::optional<LL> parent =
      toLinearLayout(parentShape, slice.getParent(), error);
  if (!parent)
    return std::nullopt;
  std::vector<std::string> ins, keptOuts;
  for (const auto &in : parent->getInDims())
    ins.push_back(in.name);
  for (unsigned d = 0; d < parentShape.size(); ++d)
    if (d != slice.getDim())
      keptOuts.push_back(dimName(d));
  LL sliced = parent->sublayout(ins, keptOuts);
  return dropZeroRegisters(renameOuts(sliced, standardNames(shape.size())));
}

/// Offsets of a row-swizzled buffer: `cols` elements per row along
/// `colDim`, rows along `rowDim`, vectors of `vec` XORed by
/// (row / perPhase) % maxPhase.
LL swizzledRows(unsigned rank, unsigned colDim, unsigned rowDim, int32_t cols,
                int32_t rows, int32_t vec, int32_t perPhase, int32_t maxPhase) {
  std::vector<LL::Basis> offset;
  auto basis = [&](int32_t col, int32_t row) {
    LL::Basis b(rank, 0);
    b[colDim] = col;
    b[rowDim] = row;
    return b;
  };
  for (int32_t c = 1; c < cols; c *= 2)
    offset.push_back(basis(c, 0));
  for (int32_t r = 1; r < rows; r *= 2)
    offset.push_back(basis(((r / perPhase) % maxPhase) * vec & (cols - 1), r));
  std::vector<int32_t> sizes(rank, 1);
  sizes[colDim] = cols;
  sizes[rowDim] = rows;
  return fromBases({{dims::kOffset, offset}}, sizes);
}

/// Adds identity offsets for `dimsToAdd` (outer dimensions) and a trivial
/// block input, and resizes the outputs to `shape`.
LL finishShared(LL layout, ArrayRef<int64_t> shape,
                ArrayRef<unsigned> dimsToAdd) {
  for (unsigned d : dimsToAdd)
    layout *= LL::identity1D(shape[d], dims::kOffset, dimName(d));
  layout *= LL::identity1D(1, dims::kBlock, dimName(0));
  return layout.transposeOuts(standardNames(shape.size()));
}

std::optional<LL> swizzledToLL(ArrayRef<int64_t> shape,
                               SwizzledSharedEncodingAttr s) {
  unsigned rank = shape.size();
  ArrayRef<unsigned> order = s.getOrder();
  if (rank == 1)
    return finishShared(LL(), shape, {0});
  LL rows =
      swizzledRows(rank, order[0], order[1], shape[order[0]], shape[order[1]],
                   s.getVec(), s.getPerPhase(), s.getMaxPhase());
  return finishShared(rows, shape, order.drop_front(2));
}

std::optional<LL> nvmmaToLL(ArrayRef<int64_t> shape,
                            NVMMASharedEncodingAttr s) {
  unsigned rank = shape.size();
  unsigned colDim = s.getTransposed() ? rank - 2 : rank - 1;
  unsigned rowDim = s.getTransposed() ? rank - 1 : rank - 2;
  int32_t bits = s.getElementBitWidth();
  int32_t swizzle = s.getSwizzlingByteWidth();
  int32_t cols = shape[colDim];
  int32_t vec = 1, perPhase = 1, maxPhase = 1;
  if (swizzle != 0) {
    cols = std::min<int32_t>(cols, swizzle * 8 / bits);
    vec = std::max(1, 128 / bits);
    perPhase = std::max(1, 128 / swizzle);
    maxPhase = swizzle / 16;
  }
  LL layout = swizzledRows(rank, colDim, rowDim, cols, shape[rowDim], vec,
                           perPhase, maxPhase);
  // Tiles of `cols` columns are stacked after all rows of the previous one.
  if (shape[colDim] > cols)
    layout *=
        LL::identity1D(shape[colDim] / cols, dims::kOffset, dimName(colDim));
  SmallVector<unsigned> outer;
  for (unsigned d = rank - 2; d-- > 0;)
    outer.push_back(d);
  return finishShared(layout, shape, outer);
}

/// Gives a linear layout the tensor's shape as output sizes.
/// `layout` (made for some shape) over `shape`. A distributed layout
/// (`adapt`) follows upstream: bases beyond a smaller dimension become 0
/// (those threads hold copies, as for a slice's parent with a dimension of
/// 1) and a larger dimension gets register bases until covered. A memory
/// layout must fit as it is. A layout that does not fit is an error, not a
/// crash.
std::optional<LL> withShape(const LL &layout, ArrayRef<int64_t> shape,
                            std::string *error, bool adapt) {
  std::vector<LL::OutDim> outs;
  for (size_t d = 0; d < shape.size(); ++d)
    outs.push_back({dimName(d), int32_t(shape[d])});
  std::vector<LL::InDim> ins(layout.getInDims().begin(),
                             layout.getInDims().end());
  if (!adapt)
    return LL::create(ins, outs, error);
  std::vector<int64_t> covered(shape.size(), 1);
  for (LL::InDim &in : ins)
    for (LL::Basis &basis : in.bases)
      for (size_t d = 0; d < basis.size() && d < shape.size(); ++d) {
        if (basis[d] >= shape[d])
          basis[d] = 0;
        covered[d] = std::max<int64_t>(covered[d], int64_t(basis[d]) * 2);
      }
  for (size_t d = 0; d < shape.size(); ++d) {
    if (covered[d] >= shape[d])
      continue;
    auto reg = llvm::find_if(
        ins, [](const LL::InDim &in) { return in.name == dims::kRegister; });
    if (reg == ins.end())
      reg = ins.insert(ins.begin(), LL::InDim{dims::kRegister, {}});
    for (int64_t size = covered[d]; size < shape[d]; size *= 2) {
      LL::Basis basis(shape.size(), 0);
      basis[d] = int32_t(size);
      reg->bases.push_back(basis);
    }
  }
  return LL::create(ins, outs, error);
}
} // namespace

std::optional<LL> mlir::triton::gpu::toLinearLayout(ArrayRef<int64_t> shape,
                                                    Attribute encoding,
                                                    std::string *error) {
  for (int64_t d : shape)
    if (d <= 0 || !llvm::isPowerOf2_64(d)) {
      fail(error, "linear layouts describe power-of-two shapes only");
      return std::nullopt;
    }
  auto layout = dyn_cast_or_null<LayoutEncodingTrait>(encoding);
  if (!layout) {
    fail(error, "no linear layout is defined for this encoding");
    return std::nullopt;
  }
  return layout.toLinearLayout(shape, error);
}

std::optional<LL> BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                                      std::string *) const {
  return blockedToLL(shape, *this);
}
std::optional<LL> SliceEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                                    std::string *error) const {
  return sliceToLL(shape, *this, error);
}
std::optional<LL>
NvidiaMmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                      std::string *error) const {
  return mmaToLL(shape, *this, error);
}
std::optional<LL>
DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                       std::string *error) const {
  return dotOperandToLL(shape, *this, error);
}
std::optional<LL> LinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                                     std::string *error) const {
  return withShape(getLinearLayout(), shape, error, /*adapt=*/true);
}
std::optional<LL>
SwizzledSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                           std::string *) const {
  return swizzledToLL(shape, *this);
}
std::optional<LL>
NVMMASharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                        std::string *) const {
  return nvmmaToLL(shape, *this);
}
std::optional<LL>
PaddedSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                         std::string *error) const {
  return withShape(getLinearComponent(), shape, error, /*adapt=*/false);
}
std::optional<LL>
SharedLinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape,
                                         std::string *error) const {
  return withShape(getLinearLayout(), shape, error, /*adapt=*/false);
}

LinearEncodingAttr mlir::triton::gpu::toLinearEncoding(MLIRContext *ctx,
                                                       const LL &layout) {
  // Keep the four hardware inputs, in order, and bases as given.
  return LinearEncodingAttr::get(ctx, layout);
}

namespace {
/// A basis as one integer over the outputs, first output dimension least
/// significant: linear layouts are XOR-linear, so spans are over GF(2).
uint64_t flatBasis(const LL &layout, llvm::StringRef inDim, int32_t bit) {
  const LL::Basis &basis = layout.getBasis(inDim, bit);
  uint64_t flat = 0;
  int32_t offset = 0;
  for (size_t j = 0; j < basis.size(); ++j) {
    flat |= uint64_t(basis[j]) << offset;
    offset += layout.getOutDimSizeLog2(layout.getOutDims()[j].name);
  }
  return flat;
}

/// A GF(2) span kept in echelon form, one vector per leading bit.
struct XorSpan {
  llvm::SmallVector<uint64_t, 64> byTopBit =
      llvm::SmallVector<uint64_t, 64>(64, 0);
  uint64_t reduce(uint64_t v) const {
    for (int bit = 63; bit >= 0 && v; --bit)
      if ((v >> bit & 1) && byTopBit[bit])
        v ^= byTopBit[bit];
    return v;
  }
  void add(uint64_t v) {
    v = reduce(v);
    if (v)
      byTopBit[63 - llvm::countl_zero(v)] = v;
  }
  bool contains(uint64_t v) const { return reduce(v) == 0; }
};
} // namespace

/// The linear layouts of a conversion's source and destination, when both
/// exist and cover the same dimensions.
static std::optional<std::pair<LL, LL>>
layoutsOfConversion(RankedTensorType src, RankedTensorType dst) {
  std::optional<LL> from = toLinearLayout(src.getShape(), src.getEncoding());
  std::optional<LL> to = toLinearLayout(dst.getShape(), dst.getEncoding());
  if (!from || !to ||
      !llvm::equal(from->getOutDims(), to->getOutDims(),
                   [](const LL::OutDim &a, const LL::OutDim &b) {
                     return a.name == b.name && a.size == b.size;
                   }))
    return std::nullopt;
  return std::make_pair(*from, *to);
}

bool mlir::triton::gpu::cvtNeedsSharedMemory(RankedTensorType src,
                                             RankedTensorType dst) {
  auto layouts = layoutsOfConversion(src, dst);
  if (!layouts)
    return true;
  auto &[from, to] = *layouts;
  using namespace layout_dims;
  auto bits = [](const LL &l, const char *dim) {
    return l.hasInDim(dim) ? l.getInDimSizeLog2(dim) : 0;
  };
  // No element leaves its warp and CTA iff every destination thread finds
  // what it holds among what its own warp and CTA hold in the source: with
  // S = span(source register and lane bases), every destination register
  // and lane basis lies in S, and each destination warp (block) basis
  // differs from the source's by an element of S.
  if (bits(from, kWarp) != bits(to, kWarp) ||
      bits(from, kBlock) != bits(to, kBlock))
    return true;
  XorSpan local;
  for (const char *dim : {kRegister, kLane})
    for (int32_t bit = 0; bit < bits(from, dim); ++bit)
      local.add(flatBasis(from, dim, bit));
  for (const char *dim : {kRegister, kLane})
    for (int32_t bit = 0; bit < bits(to, dim); ++bit)
      if (!local.contains(flatBasis(to, dim, bit)))
        return true;
  for (const char *dim : {kWarp, kBlock})
    for (int32_t bit = 0; bit < bits(to, dim); ++bit)
      if (!local.contains(flatBasis(to, dim, bit) ^ flatBasis(from, dim, bit)))
        return true;
  return false;
}

bool mlir::triton::gpu::cvtMovesDataAcrossThreads(RankedTensorType src,
                                                  RankedTensorType dst) {
  auto layouts = layoutsOfConversion(src, dst);
  if (!layouts)
    return true;
  auto &[from, to] = *layouts;
  using namespace layout_dims;
  auto bits = [](const LL &l, const char *dim) {
    return l.hasInDim(dim) ? l.getInDimSizeLog2(dim) : 0;
  };
  // The conversion stays in registers iff, with S = span(source register
  // bases), every destination register basis lies in S and each
  // destination lane/warp/block basis equals the source's: then one source
  // register holds a destination register's element in every thread. (A
  // lane basis that differs by an element of S would leave the data in the
  // thread but in a register that depends on the lane; that goes through
  // shared memory.)
  for (const char *dim : {kLane, kWarp, kBlock})
    if (bits(from, dim) != bits(to, dim))
      return true;
  XorSpan local;
  for (int32_t bit = 0; bit < bits(from, kRegister); ++bit)
    local.add(flatBasis(from, kRegister, bit));
  for (int32_t bit = 0; bit < bits(to, kRegister); ++bit)
    if (!local.contains(flatBasis(to, kRegister, bit)))
      return true;
  for (const char *dim : {kLane, kWarp, kBlock})
    for (int32_t bit = 0; bit < bits(to, dim); ++bit)
      if (flatBasis(to, dim, bit) != flatBasis(from, dim, bit))
        return true;
  return false;
}

SwizzledSharedEncodingAttr mlir::triton::gpu::getSharedEncodingForDotOperand(
    DotOperandEncodingAttr dotOperand, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> order, CTALayoutAttr ctaLayout,
    unsigned elementBitWidth) {
  MLIRContext *ctx = dotOperand.getContext();
  if (!isa<NvidiaMmaEncodingAttr>(dotOperand.getParent()) || order.empty())
    return SwizzledSharedEncodingAttr::get(ctx, 1, 1, 1, order, ctaLayout);
  // Tensor cores read operands as 8x8 matrices of 16-byte rows (ldmatrix):
  // eight 16-byte rows read together must fall in distinct bank groups of
  // the 128-byte bank line. Vectors are 16 bytes; the rows that share one
  // 128-byte line share a phase; the phases cycle through the line's eight
  // 16-byte chunks.
  unsigned bits = std::max(1u, elementBitWidth);
  unsigned rowElements = std::max<int64_t>(1, shape[order[0]]);
  unsigned vec = std::min(std::max(1u, 128 / bits), rowElements);
  unsigned rowBytes = std::max(1u, rowElements * bits / 8);
  unsigned perPhase = std::max(1u, 128 / rowBytes);
  unsigned maxPhase = std::max(1u, 8 / perPhase);
  return SwizzledSharedEncodingAttr::get(ctx, vec, perPhase, maxPhase, order,
                                         ctaLayout);
}
