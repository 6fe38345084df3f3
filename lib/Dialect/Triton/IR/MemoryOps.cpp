//===- MemoryOps.cpp - Pointers, loads, stores, atomics, descriptors ------===//
//
// Verifiers, memory effects and canonicalizations of the ops that touch
// global memory. The rules a user meets: block pointers take boundary checks
// and padding but no mask; scalar or tensor-of-pointer accesses take masks
// but no boundary checks; cache modifiers must be ones PTX accepts on a load
// (ca, cg, cs, cv) or a store (wb, cg, cs, wt); atomic kinds must fit the
// element type.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/Triton/IR/Utility.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
/// True when `v` is a constant i1 (or splat of one) equal to `value`.
bool isConstantMask(Value v, bool value) {
  if (!v)
    return false;
  if (value)
    return matchPattern(v, m_One());
  return matchPattern(v, m_Zero());
}

/// Rank of the block a block pointer addresses, or -1.
int64_t blockPointerRank(Type type) {
  if (!isTensorPointer(type))
    return -1;
  return cast<RankedTensorType>(cast<PointerType>(type).getPointeeType())
      .getRank();
}

LogicalResult verifyBoundaryCheck(Operation *op, Type ptrType,
                                  ArrayRef<int32_t> boundaryCheck, Value mask) {
  int64_t rank = blockPointerRank(ptrType);
  if (rank < 0) {
    if (!boundaryCheck.empty())
      return op->emitOpError("boundaryCheck applies only to block pointers "
                             "(!tt.ptr<tensor<...>>); use a mask instead");
    return success();
  }
  if (mask)
    return op->emitOpError("a block-pointer access takes boundaryCheck, not "
                           "a mask");
  SmallVector<bool> seen(rank, false);
  for (int32_t d : boundaryCheck) {
    if (d < 0 || d >= rank)
      return op->emitOpError("boundaryCheck dimension ")
             << d << " is out of range [0, " << rank << ")";
    if (seen[d])
      return op->emitOpError("boundaryCheck lists dimension ") << d << " twice";
    seen[d] = true;
  }
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// advance / make_tensor_ptr
//===----------------------------------------------------------------------===//

LogicalResult AdvanceOp::verify() {
  int64_t rank = blockPointerRank(getPtr().getType());
  if (static_cast<int64_t>(getOffsets().size()) != rank)
    return emitOpError("takes one offset per dimension of the block: ")
           << rank << " expected, " << getOffsets().size() << " given";
  return success();
}

LogicalResult MakeTensorPtrOp::verify() {
  int64_t rank = blockPointerRank(getType());
  if (static_cast<int64_t>(getShape().size()) != rank)
    return emitOpError("needs one shape, stride and offset per dimension of "
                       "the block: ")
           << rank << " expected, " << getShape().size() << " given";
  if (!isPermutation(getOrder(), rank))
    return emitOpError("order must be a permutation of [0, ") << rank << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// load / store
//===----------------------------------------------------------------------===//

void LoadOp::build(OpBuilder &builder, OperationState &state, Value ptr,
                   Value mask, Value other, CacheModifier cache,
                   EvictionPolicy evict, bool isVolatile) {
  build(builder, state, getPointeeType(ptr.getType()), ptr, mask, other,
        /*boundaryCheck=*/ArrayRef<int32_t>{}, /*padding=*/nullptr, cache,
        evict, isVolatile);
}

LogicalResult LoadOp::verify() {
  if (getOther() && !getMask())
    return emitOpError("'other' needs a mask");
  if (failed(verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                                 getMask())))
    return failure();
  if (getPadding() && !isTensorPointer(getPtr().getType()))
    return emitOpError("padding applies only to block pointers");
  switch (getCache()) {
  case CacheModifier::WB:
  case CacheModifier::WT:
    return emitOpError("cache modifier '")
           << stringifyCacheModifier(getCache())
           << "' applies to stores only; loads take ca, cg, cs or cv";
  default:
    return success();
  }
}

void LoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get(), &getPtrMutable(),
                       GlobalMemory::get());
  // A volatile load must stay where it is: model it as also writing.
  if (getIsVolatile())
    effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

LogicalResult StoreOp::verify() {
  if (failed(verifyBoundaryCheck(*this, getPtr().getType(), getBoundaryCheck(),
                                 getMask())))
    return failure();
  switch (getCache()) {
  case CacheModifier::CA:
  case CacheModifier::CV:
    return emitOpError("cache modifier '")
           << stringifyCacheModifier(getCache())
           << "' applies to loads only; stores take wb, cg, cs or wt";
  default:
    return success();
  }
}

namespace {
/// A load whose mask is all true needs no mask; one whose mask is all false
/// reads `other` (kept only when the load is not volatile).
struct CanonicalizeMaskedLoad : public OpRewritePattern<LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (isConstantMask(mask, true)) {
      rewriter.modifyOpInPlace(op, [&] {
        op.getMaskMutable().clear();
        op.getOtherMutable().clear();
      });
      return success();
    }
    if (isConstantMask(mask, false) && op.getOther() && !op.getIsVolatile()) {
      rewriter.replaceOp(op, op.getOther());
      return success();
    }
    return failure();
  }
};

/// A store whose mask is all true needs no mask; one whose mask is all false
/// does nothing.
struct CanonicalizeMaskedStore : public OpRewritePattern<StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    Value mask = op.getMask();
    if (!mask)
      return failure();
    if (isConstantMask(mask, true)) {
      rewriter.modifyOpInPlace(op, [&] { op.getMaskMutable().clear(); });
      return success();
    }
    if (isConstantMask(mask, false)) {
      rewriter.eraseOp(op);
      return success();
    }
    return failure();
  }
};
} // namespace

void LoadOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<CanonicalizeMaskedLoad>(context);
}

void StoreOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<CanonicalizeMaskedStore>(context);
}

//===----------------------------------------------------------------------===//
// atomics
//===----------------------------------------------------------------------===//

LogicalResult AtomicRMWOp::verify() {
  Type elt = getElementTypeOrSelf(getVal().getType());
  bool isInt = isa<IntegerType>(elt), isFloat = isa<FloatType>(elt);
  switch (getAtomicRmwOp()) {
  case RMWOp::FADD:
    if (!isFloat)
      return emitOpError("'fadd' needs floating-point values, got ") << elt;
    break;
  case RMWOp::ADD:
  case RMWOp::AND:
  case RMWOp::OR:
  case RMWOp::XOR:
  case RMWOp::UMAX:
  case RMWOp::UMIN:
    if (!isInt)
      return emitOpError("'") << stringifyRMWOp(getAtomicRmwOp())
                              << "' needs integer values, got " << elt
                              << (isFloat && getAtomicRmwOp() == RMWOp::ADD
                                      ? "; use 'fadd' for floats"
                                      : "");
    break;
  case RMWOp::MAX:
  case RMWOp::MIN:
    if (!isInt && !isFloat)
      return emitOpError("'")
             << stringifyRMWOp(getAtomicRmwOp())
             << "' needs integer or floating-point values, got " << elt;
    break;
  case RMWOp::XCHG:
    break;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tensor descriptors
//===----------------------------------------------------------------------===//

namespace {
/// Block and value element types agree: equal, or integers of one width
/// (upstream's frontend keeps an unsigned descriptor's `ui32` in its block
/// type and loads signless `i32`).
bool sameElementStorage(Type a, Type b) {
  if (a == b)
    return true;
  auto ia = dyn_cast<IntegerType>(a), ib = dyn_cast<IntegerType>(b);
  return ia && ib && ia.getWidth() == ib.getWidth();
}

/// `value` of `valueType` reads or writes exactly one block of `desc`: the
/// same element type and number of elements, and the block's shape up to
/// leading size-1 dimensions.
LogicalResult verifyBlockAccess(Operation *op, TensorDescType desc,
                                RankedTensorType valueType, StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (!sameElementStorage(block.getElementType(), valueType.getElementType()))
    return op->emitOpError()
           << what << " element type " << valueType.getElementType()
           << " differs from the descriptor's " << block.getElementType();
  ArrayRef<int64_t> blockShape = block.getShape();
  while (blockShape.size() > valueType.getShape().size() &&
         blockShape.front() == 1)
    blockShape = blockShape.drop_front();
  if (blockShape != valueType.getShape())
    return op->emitOpError()
           << what << " type " << valueType
           << " does not match the descriptor block " << block;
  return success();
}

LogicalResult verifyIndices(Operation *op, TensorDescType desc,
                            size_t numIndices) {
  int64_t rank = desc.getBlockType().getRank();
  if (static_cast<int64_t>(numIndices) != rank)
    return op->emitOpError("takes one index per descriptor dimension: ")
           << rank << " expected, " << numIndices << " given";
  return success();
}

/// Gather and scatter move rows: a block of one row, 1-D row offsets, and a
/// 2-D value of one row per offset.
LogicalResult verifyRowAccess(Operation *op, TensorDescType desc,
                              RankedTensorType offsets,
                              RankedTensorType valueType, StringRef what) {
  RankedTensorType block = desc.getBlockType();
  if (block.getRank() != 2 || block.getDimSize(0) != 1)
    return op->emitOpError("descriptor block must be a single row (1xN), got ")
           << block;
  if (offsets.getRank() != 1)
    return op->emitOpError("row offsets must be a 1-D tensor, got ") << offsets;
  if (valueType.getRank() != 2 ||
      valueType.getDimSize(0) != offsets.getDimSize(0) ||
      valueType.getDimSize(1) != block.getDimSize(1))
    return op->emitOpError()
           << what << " must be " << offsets.getDimSize(0) << "x"
           << block.getDimSize(1) << " (one row per offset), got " << valueType;
  if (!sameElementStorage(valueType.getElementType(), block.getElementType()))
    return op->emitOpError()
           << what << " element type " << valueType.getElementType()
           << " differs from the descriptor's " << block.getElementType();
  return success();
}
} // namespace

LogicalResult MakeTensorDescOp::verify() {
  RankedTensorType block = getType().getBlockType();
  if (static_cast<int64_t>(getShape().size()) != block.getRank())
    return emitOpError("needs one shape and stride per block dimension: ")
           << block.getRank() << " expected, " << getShape().size() << " given";
  Type pointee = cast<PointerType>(getBase().getType()).getPointeeType();
  Type elt = block.getElementType();
  if (pointee != elt &&
      !(pointee.isIntOrFloat() && elt.isIntOrFloat() &&
        pointee.getIntOrFloatBitWidth() == elt.getIntOrFloatBitWidth() &&
        isa<IntegerType>(pointee) == isa<IntegerType>(elt)))
    return emitOpError("base points to ")
           << pointee << " but the descriptor holds " << elt;
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  auto desc = getDesc().getType();
  if (failed(verifyIndices(*this, desc, getIndices().size())))
    return failure();
  return verifyBlockAccess(*this, desc, cast<RankedTensorType>(getType()),
                           "result");
}

LogicalResult DescriptorStoreOp::verify() {
  auto desc = getDesc().getType();
  if (failed(verifyIndices(*this, desc, getIndices().size())))
    return failure();
  return verifyBlockAccess(
      *this, desc, cast<RankedTensorType>(getSrc().getType()), "stored value");
}

LogicalResult DescriptorReduceOp::verify() {
  auto desc = getDesc().getType();
  if (failed(verifyIndices(*this, desc, getIndices().size())))
    return failure();
  Type elt = desc.getBlockType().getElementType();
  switch (getKind()) {
  case DescriptorReduceKind::INC:
  case DescriptorReduceKind::DEC:
  case DescriptorReduceKind::AND:
  case DescriptorReduceKind::OR:
  case DescriptorReduceKind::XOR:
    if (!isa<IntegerType>(elt))
      return emitOpError("reduction '")
             << stringifyDescriptorReduceKind(getKind())
             << "' needs integer elements, got " << elt;
    break;
  default:
    break;
  }
  return verifyBlockAccess(
      *this, desc, cast<RankedTensorType>(getSrc().getType()), "reduced value");
}

LogicalResult DescriptorGatherOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getXOffsets().getType(),
                         cast<RankedTensorType>(getType()), "result");
}

LogicalResult DescriptorScatterOp::verify() {
  return verifyRowAccess(*this, getDesc().getType(), getXOffsets().getType(),
                         cast<RankedTensorType>(getSrc().getType()),
                         "scattered value");
}
