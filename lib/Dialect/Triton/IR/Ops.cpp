//===- Ops.cpp - Shape and elementwise ops of the `tt` dialect ------------===//
//
// Verifiers and result-type inference for the shape ops (make_range, splat,
// broadcast, expand_dims, reshape, trans, cat, join, split, gather,
// histogram) and the elementwise ops (bitcast, fp_to_fp, extern calls,
// inline asm, map_elementwise). This file also instantiates the ODS-generated
// op definitions. Folders and canonicalizations live in Canonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/Triton/IR/Utility.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::triton;

#include "TritonDialect/Dialect/Triton/IR/OpsEnums.cpp.inc"
#define GET_OP_CLASSES
#include "TritonDialect/Dialect/Triton/IR/Ops.cpp.inc"

namespace {

/// Ops calling out (extern functions, inline asm) that are not marked pure
/// may read and write any global memory.
void addEffectsUnlessPure(
    bool pure,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (pure)
    return;
  effects.emplace_back(MemoryEffects::Read::get(), GlobalMemory::get());
  effects.emplace_back(MemoryEffects::Write::get(), GlobalMemory::get());
}

Speculation::Speculatability speculatabilityOf(bool pure) {
  return pure ? Speculation::Speculatable : Speculation::NotSpeculatable;
}
} // namespace

//===----------------------------------------------------------------------===//
// make_range
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  auto type = cast<RankedTensorType>(getType());
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D tensor, got ") << type;
  if (!type.getElementType().isInteger(32))
    return emitOpError("result elements must be i32, got ")
           << type.getElementType();
  if (end <= start)
    return emitOpError("end (")
           << end << ") must be greater than start (" << start << ")";
  if (end - start != type.getDimSize(0))
    return emitOpError("range [")
           << start << ", " << end << ") has " << (end - start)
           << " elements but the result has " << type.getDimSize(0);
  return success();
}

//===----------------------------------------------------------------------===//
// splat / unsplat
//===----------------------------------------------------------------------===//

LogicalResult SplatOp::verify() {
  if (isa<RankedTensorType>(getSrc().getType()))
    return emitOpError("source must be a scalar, got ") << getSrc().getType();
  return success();
}

LogicalResult UnsplatOp::verify() {
  auto type = cast<RankedTensorType>(getSrc().getType());
  if (type.getNumElements() != 1)
    return emitOpError("source must have exactly one element, got ") << type;
  return success();
}

LogicalResult UnsplatOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  inferredReturnTypes.push_back(
      cast<RankedTensorType>(operands[0].getType()).getElementType());
  return success();
}

//===----------------------------------------------------------------------===//
// broadcast / expand_dims / reshape / trans
//===----------------------------------------------------------------------===//

LogicalResult BroadcastOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resType = cast<RankedTensorType>(getType());
  if (srcType.getRank() != resType.getRank())
    return emitOpError("source rank ")
           << srcType.getRank() << " differs from result rank "
           << resType.getRank() << "; use tt.expand_dims to add dimensions";
  for (int64_t d = 0; d < srcType.getRank(); ++d) {
    int64_t s = srcType.getDimSize(d), r = resType.getDimSize(d);
    if (s != r && s != 1)
      return emitOpError("dimension ")
             << d << " has size " << s << " in the source and " << r
             << " in the result; only size-1 dimensions broadcast";
  }
  return success();
}

LogicalResult ExpandDimsOp::inferReturnTypes(
    MLIRContext *context, std::optional<Location> loc, ValueRange operands,
    DictionaryAttr attributes, OpaqueProperties properties, RegionRange regions,
    SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
  int64_t axis = adaptor.getAxis();
  if (axis < 0 || axis > srcType.getRank())
    return emitOptionalError(loc, "'tt.expand_dims' axis ", axis,
                             " is out of range [0, ", srcType.getRank(), "]");
  SmallVector<int64_t> shape(srcType.getShape());
  shape.insert(shape.begin() + axis, 1);
  Attribute encoding;
  if (Attribute srcEnc = srcType.getEncoding())
    if (failed(withLayoutInterface(
            srcEnc, loc, [&](const DialectInferLayoutInterface &iface) {
              return iface.inferExpandDimsOpEncoding(srcEnc, axis, encoding,
                                                     loc);
            })))
      return failure();
  inferredReturnTypes.push_back(
      RankedTensorType::get(shape, srcType.getElementType(), encoding));
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resType = cast<RankedTensorType>(getType());
  if (srcType.getNumElements() != resType.getNumElements())
    return emitOpError("source has ")
           << srcType.getNumElements() << " elements but the result has "
           << resType.getNumElements();
  // Without allow_reorder every element must stay with its thread.
  Attribute srcEnc = srcType.getEncoding();
  if (srcEnc && !getAllowReorder()) {
    Attribute expectedEnc;
    if (failed(withLayoutInterface(
            srcEnc, getLoc(), [&](const DialectInferLayoutInterface &iface) {
              return iface.inferReshapeOpEncoding(srcType.getShape(), srcEnc,
                                                  resType.getShape(),
                                                  expectedEnc, getLoc());
            })))
      return failure();
    return verifyResultEncoding(*this, resType.getShape(), expectedEnc,
                                resType.getEncoding());
  }
  return success();
}

LogicalResult TransOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resType = cast<RankedTensorType>(getType());
  ArrayRef<int32_t> order = getOrder();
  if (!isPermutation(order, srcType.getRank()))
    return emitOpError("order must be a permutation of [0, ")
           << srcType.getRank() << ")";
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(srcType.getDimSize(d));
  if (ArrayRef<int64_t>(expected) != resType.getShape())
    return emitOpError("result shape ")
           << shapeStr(resType.getShape()) << " should be "
           << shapeStr(expected) << ", the source shape permuted by order";
  if (Attribute srcEnc = srcType.getEncoding()) {
    Attribute expectedEnc;
    if (failed(withLayoutInterface(
            srcEnc, getLoc(), [&](const DialectInferLayoutInterface &iface) {
              return iface.inferTransOpEncoding(srcEnc, srcType.getShape(),
                                                order, expectedEnc, getLoc());
            })))
      return failure();
    return verifyResultEncoding(*this, resType.getShape(), expectedEnc,
                                resType.getEncoding());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// cat / join / split
//===----------------------------------------------------------------------===//

LogicalResult CatOp::verify() {
  auto lhsType = cast<RankedTensorType>(getLhs().getType());
  auto resType = cast<RankedTensorType>(getType());
  if (lhsType.getRank() != resType.getRank())
    return emitOpError("result rank ")
           << resType.getRank() << " differs from operand rank "
           << lhsType.getRank();
  if (resType.getNumElements() != 2 * lhsType.getNumElements())
    return emitOpError("result must hold the ")
           << 2 * lhsType.getNumElements()
           << " elements of both operands, but has "
           << resType.getNumElements();
  return success();
}

LogicalResult JoinOp::verify() {
  auto srcType = cast<RankedTensorType>(getLhs().getType());
  auto resType = cast<RankedTensorType>(getType());
  SmallVector<int64_t> expected(srcType.getShape());
  expected.push_back(2);
  if (ArrayRef<int64_t>(expected) != resType.getShape())
    return emitOpError("result shape ")
           << shapeStr(resType.getShape()) << " should be "
           << shapeStr(expected)
           << ", the operand shape with a new minor dimension of size 2";
  if (Attribute srcEnc = srcType.getEncoding()) {
    Attribute expectedEnc;
    if (failed(withLayoutInterface(
            srcEnc, getLoc(), [&](const DialectInferLayoutInterface &iface) {
              return iface.inferJoinOpEncoding(srcEnc, expectedEnc,
                                               srcType.getShape(), getLoc());
            })))
      return failure();
    return verifyResultEncoding(*this, resType.getShape(), expectedEnc,
                                resType.getEncoding());
  }
  return success();
}

LogicalResult SplitOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resType = cast<RankedTensorType>(getOutLHS().getType());
  if (srcType.getRank() == 0 || srcType.getShape().back() != 2)
    return emitOpError("source's last dimension must have size 2, got ")
           << srcType;
  if (srcType.getShape().drop_back() != resType.getShape())
    return emitOpError("result shape ")
           << shapeStr(resType.getShape()) << " should be "
           << shapeStr(srcType.getShape().drop_back())
           << ", the source shape without its last dimension";
  if (srcType.getElementType() != resType.getElementType())
    return emitOpError("result element type ")
           << resType.getElementType() << " differs from the source's "
           << srcType.getElementType();
  if (Attribute srcEnc = srcType.getEncoding()) {
    Attribute expectedEnc;
    if (failed(withLayoutInterface(
            srcEnc, getLoc(), [&](const DialectInferLayoutInterface &iface) {
              return iface.inferSplitOpEncoding(srcEnc, expectedEnc,
                                                srcType.getShape(), getLoc());
            })))
      return failure();
    return verifyResultEncoding(*this, resType.getShape(), expectedEnc,
                                resType.getEncoding());
  }
  return success();
}

//===----------------------------------------------------------------------===//
// gather / histogram
//===----------------------------------------------------------------------===//

LogicalResult
GatherOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                           ValueRange operands, DictionaryAttr attributes,
                           OpaqueProperties properties, RegionRange regions,
                           SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  auto srcType = cast<RankedTensorType>(adaptor.getSrc().getType());
  auto idxType = cast<RankedTensorType>(adaptor.getIndices().getType());
  inferredReturnTypes.push_back(RankedTensorType::get(
      idxType.getShape(), srcType.getElementType(), idxType.getEncoding()));
  return success();
}

LogicalResult GatherOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto idxType = cast<RankedTensorType>(getIndices().getType());
  int64_t axis = getAxis();
  if (srcType.getRank() != idxType.getRank())
    return emitOpError("indices rank ")
           << idxType.getRank() << " differs from source rank "
           << srcType.getRank();
  if (axis < 0 || axis >= srcType.getRank())
    return emitOpError("axis ")
           << axis << " is out of range [0, " << srcType.getRank() << ")";
  for (int64_t d = 0; d < srcType.getRank(); ++d)
    if (d != axis && idxType.getDimSize(d) > srcType.getDimSize(d))
      return emitOpError("indices dimension ")
             << d << " (" << idxType.getDimSize(d) << ") exceeds the source's ("
             << srcType.getDimSize(d) << ")";
  return success();
}

LogicalResult HistogramOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  auto resType = cast<RankedTensorType>(getType());
  if (srcType.getRank() != 1)
    return emitOpError("source must be a 1-D tensor, got ") << srcType;
  if (resType.getRank() != 1)
    return emitOpError("result must be a 1-D tensor of bins, got ") << resType;
  return success();
}

//===----------------------------------------------------------------------===//
// Casts and elementwise ops
//===----------------------------------------------------------------------===//

LogicalResult BitcastOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getType());
  if (isa<PointerType>(src) != isa<PointerType>(dst) &&
      (isa<FloatType>(src) || isa<FloatType>(dst)))
    return emitOpError("cannot bitcast between a pointer and a float");
  unsigned srcBits = getScalarBitWidth(src), dstBits = getScalarBitWidth(dst);
  if (srcBits != dstBits)
    return emitOpError("source and result element widths differ: ")
           << src << " is " << srcBits << " bits, " << dst << " is " << dstBits;
  return success();
}

LogicalResult FpToFpOp::verify() {
  Type src = getElementTypeOrSelf(getSrc().getType());
  Type dst = getElementTypeOrSelf(getType());
  unsigned srcBits = src.getIntOrFloatBitWidth();
  unsigned dstBits = dst.getIntOrFloatBitWidth();
  if (dstBits < srcBits && !getRounding())
    return emitOpError("narrowing conversion from ")
           << src << " to " << dst << " needs a rounding mode";
  if (dstBits > srcBits && getRounding())
    return emitOpError("widening conversion from ")
           << src << " to " << dst << " is exact and takes no rounding mode";
  return success();
}

LogicalResult ExternElementwiseOp::verify() {
  if (getSymbol().empty())
    return emitOpError("needs a non-empty symbol");
  return success();
}

void ExternElementwiseOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffectsUnlessPure(getPure(), effects);
}

Speculation::Speculatability ExternElementwiseOp::getSpeculatability() {
  return speculatabilityOf(getPure());
}

LogicalResult ElementwiseInlineAsmOp::verify() {
  int64_t pack = getPackedElement();
  if (pack < 1)
    return emitOpError("packed_element must be at least 1, got ") << pack;
  // The Elementwise trait already gives all tensors one shape.
  SmallVector<Type> types(getArgs().getTypes());
  llvm::append_range(types, getResultTypes());
  for (Type t : types)
    if (auto tensor = dyn_cast<RankedTensorType>(t))
      if (tensor.getNumElements() % pack != 0)
        return emitOpError("tensor of ")
               << tensor.getNumElements()
               << " elements is not a multiple of packed_element " << pack;
  return success();
}

void ElementwiseInlineAsmOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  addEffectsUnlessPure(getPure(), effects);
}

Speculation::Speculatability ElementwiseInlineAsmOp::getSpeculatability() {
  return speculatabilityOf(getPure());
}

LogicalResult MapElementwiseOp::verify() {
  if (getPack() < 1)
    return emitOpError("pack must be at least 1, got ") << getPack();
  // SameOperandsAndResultShape guarantees at least one operand.
  auto type = cast<RankedTensorType>(getSrcs()[0].getType());
  if (type.getNumElements() % getPack() != 0)
    return emitOpError("tensor of ")
           << type.getNumElements() << " elements is not a multiple of pack "
           << getPack();
  return success();
}

LogicalResult MapElementwiseOp::verifyRegions() {
  Region &region = getScalarOp();
  if (region.empty())
    return emitOpError("needs a region body");
  Block &entry = region.front();
  unsigned pack = getPack();
  unsigned expectedArgs = getSrcs().size() * pack;
  if (entry.getNumArguments() != expectedArgs)
    return emitOpError("region takes ")
           << entry.getNumArguments() << " arguments but needs " << expectedArgs
           << " (pack " << pack << " for each of " << getSrcs().size()
           << " operands)";
  for (auto [i, src] : llvm::enumerate(getSrcs())) {
    Type elt = cast<RankedTensorType>(src.getType()).getElementType();
    for (unsigned p = 0; p < pack; ++p) {
      Type argType = entry.getArgument(i * pack + p).getType();
      if (argType != elt)
        return emitOpError("region argument ")
               << i * pack + p << " has type " << argType << " but operand "
               << i << " holds " << elt;
    }
  }
  for (Block &block : region) {
    auto ret = dyn_cast<MapElementwiseReturnOp>(block.getTerminator());
    if (!ret)
      continue;
    unsigned expected = getNumResults() * pack;
    if (ret.getNumOperands() != expected)
      return ret.emitOpError("returns ")
             << ret.getNumOperands() << " values but the op needs " << expected;
    for (auto [i, res] : llvm::enumerate(getResults())) {
      Type elt = cast<RankedTensorType>(res.getType()).getElementType();
      for (unsigned p = 0; p < pack; ++p)
        if (ret.getOperand(i * pack + p).getType() != elt)
          return ret.emitOpError("value ")
                 << i * pack + p << " has type "
                 << ret.getOperand(i * pack + p).getType() << " but result "
                 << i << " holds " << elt;
    }
  }
  return success();
}

SplatValue mlir::triton::getSplatValue(Value tensor) {
  if (auto splat = tensor.getDefiningOp<SplatOp>())
    return {splat.getSrc(), Attribute()};
  SplatElementsAttr constant;
  if (matchPattern(tensor, m_Constant(&constant)))
    return {Value(), constant.getSplatValue<Attribute>()};
  return {};
}
