//===- GatherLowering.cpp - Where a tt.gather finds its elements ----------===//
//
// With S the source layout and D the index (= result) layout, the element a
// thread needs for result register r of lane l in warp w, for index v, has
// the coordinates D(r, l, w) with the axis coordinate replaced by v. Writing
// it as the XOR of its parts (coordinate bits of distinct dimensions never
// overlap), it is held by warp w exactly when
//
//   D(r, l, w)|axis=0  XOR  v * e_axis  XOR  S(0, 0, w)
//
// is reached by S's registers and lanes alone: S(r', l', w) adds S(0, 0, w)
// to what its registers and lanes reach. That is a linear map T of
// (r, l, w, v), and inverting S's register/lane part on it
// (invertAndCompose) gives the source (r', l') as a linear map too; when
// some value of T is out of its reach, an element lives in another warp.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/GatherLowering.h"

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::layout_dims;

namespace {
/// Input dimension `name` of `layout`, with each basis given by `basis(bit)`.
LinearLayout::InDim inDim(StringRef name, int32_t bits,
                          llvm::function_ref<LinearLayout::Basis(int32_t)> f) {
  LinearLayout::InDim dim{name.str(), {}};
  for (int32_t bit = 0; bit < bits; ++bit)
    dim.bases.push_back(f(bit));
  return dim;
}

int32_t log2Size(const LinearLayout &l, const char *dim) {
  return l.hasInDim(dim) ? l.getInDimSizeLog2(dim) : 0;
}
} // namespace

std::optional<LinearLayout> mlir::triton::warpLocalGatherMap(GatherOp op) {
  auto srcType = cast<RankedTensorType>(op.getSrc().getType());
  auto idxType = cast<RankedTensorType>(op.getIndices().getType());
  std::optional<LinearLayout> src =
      gpu::toLinearLayout(srcType.getShape(), srcType.getEncoding());
  std::optional<LinearLayout> idx =
      gpu::toLinearLayout(idxType.getShape(), idxType.getEncoding());
  if (!src || !idx || log2Size(*src, kBlock) || log2Size(*idx, kBlock) ||
      !src->hasInDim(kRegister) || !idx->hasInDim(kRegister) ||
      log2Size(*src, kLane) != log2Size(*idx, kLane) ||
      log2Size(*src, kWarp) != log2Size(*idx, kWarp))
    return std::nullopt;
  unsigned axis = op.getAxis();
  int64_t axisSize = srcType.getShape()[axis];
  if (axisSize <= 0 || (axisSize & (axisSize - 1)))
    return std::nullopt;
  // D's bases with the axis coordinate cleared; D's other coordinates are
  // within S's shape (the verifier: index dimensions other than the axis are
  // at most the source's).
  auto idxBasis = [&](const char *dim, int32_t bit) {
    LinearLayout::Basis b = idx->getBasis(dim, bit);
    b[axis] = 0;
    return b;
  };
  std::vector<LinearLayout::OutDim> outs(src->getOutDims().begin(),
                                         src->getOutDims().end());
  std::vector<LinearLayout::InDim> ins;
  ins.push_back(inDim(kRegister, log2Size(*idx, kRegister),
                      [&](int32_t bit) { return idxBasis(kRegister, bit); }));
  ins.push_back(inDim(kLane, log2Size(*idx, kLane),
                      [&](int32_t bit) { return idxBasis(kLane, bit); }));
  ins.push_back(inDim(kWarp, log2Size(*idx, kWarp), [&](int32_t bit) {
    LinearLayout::Basis b = idxBasis(kWarp, bit);
    const LinearLayout::Basis &s = src->getBasis(kWarp, bit);
    for (size_t d = 0; d < b.size(); ++d)
      b[d] ^= s[d];
    return b;
  }));
  ins.push_back(inDim("axis", llvm::Log2_64(axisSize), [&](int32_t bit) {
    LinearLayout::Basis b(outs.size(), 0);
    b[axis] = int32_t(1) << bit;
    return b;
  }));
  std::optional<LinearLayout> wanted = LinearLayout::create(ins, outs);
  if (!wanted)
    return std::nullopt;
  std::vector<std::string> outNames;
  for (const LinearLayout::OutDim &o : outs)
    outNames.push_back(o.name);
  LinearLayout holders = src->sublayout({kRegister, kLane}, outNames);
  return wanted->invertAndCompose(holders);
}

bool mlir::triton::gatherStaysInThread(const LinearLayout &map) {
  for (const LinearLayout::InDim &in : map.getInDims())
    for (auto [bit, basis] : llvm::enumerate(in.bases)) {
      int32_t lane = map.getBasis(in.name, bit, kLane);
      if (lane != (in.name == kLane ? int32_t(1) << bit : 0))
        return false;
    }
  return true;
}

SmallVector<int32_t> mlir::triton::gatherRegisterSpan(const LinearLayout &map) {
  SmallVector<int32_t> span = {0};
  llvm::SmallSet<int32_t, 16> seen;
  seen.insert(0);
  for (const LinearLayout::InDim &in : map.getInDims()) {
    if (in.name == kRegister)
      continue;
    for (int32_t bit = 0; bit < int32_t(in.bases.size()); ++bit) {
      int32_t b = map.getBasis(in.name, bit, kRegister);
      if (seen.contains(b))
        continue;
      for (int32_t i = 0, e = span.size(); i < e; ++i) {
        span.push_back(span[i] ^ b);
        seen.insert(span.back());
      }
    }
  }
  return span;
}
