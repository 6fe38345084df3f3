//===- BlockAccess.cpp - Pointers and masks of a strided block ------------===//

#include "BlockAccess.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/APFloat.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// `v` (an integer scalar or tensor) sign-extended to 64 bits.
Value toI64(OpBuilder &b, Location loc, Value v) {
  Type i64 = b.getI64Type();
  if (auto t = dyn_cast<RankedTensorType>(v.getType())) {
    if (t.getElementType().isInteger(64))
      return v;
    return arith::ExtSIOp::create(b, loc, t.clone(i64), v);
  }
  if (v.getType().isInteger(64))
    return v;
  return arith::ExtSIOp::create(b, loc, i64, v);
}
} // namespace

std::pair<Value, Value> mlir::triton::materializeBlockAccess(
    OpBuilder &b, Location loc, RankedTensorType block,
    const BlockAccess &access, ArrayRef<int32_t> checked) {
  unsigned rank = block.getRank();
  ArrayRef<int64_t> shape = block.getShape();
  Type i64 = b.getI64Type();
  auto full = [&](Type elt) { return RankedTensorType::get(shape, elt); };
  Value offsets; // i64, all dims
  Value mask;
  for (unsigned d = 0; d < rank; ++d) {
    // index_d = offset_d + [0, size_d), broadcast along the other dims.
    auto rangeType = RankedTensorType::get({shape[d]}, i64);
    auto range = MakeRangeOp::create(
        b, loc, RankedTensorType::get({shape[d]}, b.getI32Type()), 0, shape[d]);
    Value r64 = toI64(b, loc, range);
    Value off64 = toI64(b, loc, access.offsets[d]);
    Value idx = arith::AddIOp::create(
        b, loc, r64, SplatOp::create(b, loc, rangeType, off64));
    // Expand to rank dimensions, all of size 1 but d.
    Value e = idx;
    for (unsigned k = 0; k < rank; ++k)
      if (k != d)
        e = ExpandDimsOp::create(b, loc, e, k);
    auto eType = cast<RankedTensorType>(e.getType());
    Value contrib = arith::MulIOp::create(
        b, loc, e, SplatOp::create(b, loc, eType, access.strides[d]));
    contrib = BroadcastOp::create(b, loc, full(i64), contrib);
    offsets = offsets
                  ? arith::AddIOp::create(b, loc, offsets, contrib).getResult()
                  : contrib;
    if (!llvm::is_contained(checked, int32_t(d)))
      continue;
    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(eType, b.getI64IntegerAttr(0)));
    Value bound =
        SplatOp::create(b, loc, eType, toI64(b, loc, access.shape[d]));
    Value above =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, e, zero);
    Value below =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, e, bound);
    Value inRange = arith::AndIOp::create(b, loc, above, below);
    inRange = BroadcastOp::create(b, loc, full(b.getI1Type()), inRange);
    mask = mask ? arith::AndIOp::create(b, loc, mask, inRange).getResult()
                : inRange;
  }
  auto basePtr = cast<PointerType>(access.base.getType());
  Type ptrType =
      PointerType::get(block.getElementType(), basePtr.getAddressSpace());
  Value base = SplatOp::create(b, loc, full(ptrType), access.base);
  Value ptrs = AddPtrOp::create(b, loc, full(ptrType), base, offsets);
  return {ptrs, mask};
}

Value mlir::triton::blockPadding(OpBuilder &b, Location loc,
                                 RankedTensorType block, bool nan) {
  Type elt = block.getElementType();
  Attribute fill;
  if (nan) {
    auto ft = dyn_cast<FloatType>(elt);
    if (!ft)
      return {};
    fill = b.getFloatAttr(ft, APFloat::getNaN(ft.getFloatSemantics()));
  } else {
    fill = b.getZeroAttr(elt);
  }
  return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(block, fill));
}
