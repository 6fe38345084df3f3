//===- ComputeOps.cpp - dot, dot_scaled, reduce and scan ------------------===//
//
// Shape rules of matrix products, and the combiner-region rules shared by
// reductions and scans: a region of 2N scalar arguments (accumulators, then
// new elements) whose terminator returns N scalars of the operands' element
// types.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::triton;

//===----------------------------------------------------------------------===//
// dot
//===----------------------------------------------------------------------===//

LogicalResult DotOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  // d has the accumulator's type.
  inferredReturnTypes.push_back(operands[2].getType());
  return success();
}

namespace {
bool isFp8(Type t) {
  return isa<Float8E4M3FNUZType, Float8E4M3FNType, Float8E4M3B11FNUZType,
             Float8E5M2Type, Float8E5M2FNUZType>(t);
}

/// Checks [B x] M x K * [B x] K x N -> [B x] M x N, with `kMulA`/`kMulB`
/// scaling the K each operand stores (packed fp4 holds two per element).
LogicalResult verifyMatmulShapes(Operation *op, RankedTensorType a,
                                 RankedTensorType b, RankedTensorType c,
                                 int64_t kMulA = 1, int64_t kMulB = 1) {
  int64_t rank = c.getRank();
  if (rank != 2 && rank != 3)
    return op->emitOpError("operands must be 2-D (or 3-D with a batch "
                           "dimension), got rank ")
           << rank;
  if (a.getRank() != rank || b.getRank() != rank)
    return op->emitOpError("a, b and the accumulator must have the same "
                           "rank, got ")
           << a.getRank() << ", " << b.getRank() << " and " << rank;
  auto as = a.getShape(), bs = b.getShape(), cs = c.getShape();
  if (rank == 3 && (as[0] != cs[0] || bs[0] != cs[0]))
    return op->emitOpError("batch dimensions differ: ")
           << as[0] << ", " << bs[0] << " and " << cs[0];
  int64_t m = cs[rank - 2], n = cs[rank - 1];
  int64_t ka = as[rank - 1] * kMulA, kb = bs[rank - 2] * kMulB;
  if (ka != kb)
    return op->emitOpError("K of a (")
           << ka << ") differs from K of b (" << kb << ")";
  if (as[rank - 2] != m)
    return op->emitOpError("a has ")
           << as[rank - 2] << " rows but the accumulator has " << m;
  if (bs[rank - 1] != n)
    return op->emitOpError("b has ")
           << bs[rank - 1] << " columns but the accumulator has " << n;
  return success();
}
} // namespace

LogicalResult DotOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  if (failed(verifyMatmulShapes(*this, a, b, c)))
    return failure();
  Type aElt = a.getElementType(), bElt = b.getElementType();
  Type cElt = c.getElementType();
  if (aElt != bElt && !(isFp8(aElt) && isFp8(bElt)))
    return emitOpError("a and b element types differ: ")
           << aElt << " and " << bElt << " (only fp8 formats may mix)";
  if (isa<IntegerType>(aElt) != isa<IntegerType>(cElt))
    return emitOpError("an ")
           << (isa<IntegerType>(aElt) ? "integer" : "floating-point")
           << " product cannot accumulate into " << cElt;
  if (getMaxNumImpreciseAccAttr().getInt() < 0)
    return emitOpError("maxNumImpreciseAcc must be non-negative, got ")
           << getMaxNumImpreciseAccAttr().getInt();
  return success();
}

namespace {
/// A microscaling scale holds one value per `group` elements along K: shape
/// [B x] rows x K/group for either operand (b's scale is stored as if it
/// came from the lhs, N x K/group, as upstream).
LogicalResult verifyScale(Operation *op, Value scale, int64_t rows, int64_t k,
                          RankedTensorType c, StringRef name) {
  if (!scale)
    return success();
  auto t = cast<RankedTensorType>(scale.getType());
  int64_t rank = c.getRank();
  if (t.getRank() != rank)
    return op->emitOpError("scale of ")
           << name << " must have rank " << rank << ", got " << t.getRank();
  if (rank == 3 && t.getDimSize(0) != c.getDimSize(0))
    return op->emitOpError("scale of ")
           << name << " has batch " << t.getDimSize(0) << ", want "
           << c.getDimSize(0);
  int64_t groups = t.getDimSize(rank - 1);
  if (t.getDimSize(rank - 2) != rows || groups <= 0 || k % groups != 0)
    return op->emitOpError("scale of ")
           << name << " must be " << rows << " x (a divisor of K = " << k
           << "), got " << t.getDimSize(rank - 2) << " x " << groups;
  return success();
}
} // namespace

LogicalResult DotScaledOp::verify() {
  auto a = cast<RankedTensorType>(getA().getType());
  auto b = cast<RankedTensorType>(getB().getType());
  auto c = cast<RankedTensorType>(getC().getType());
  // fp4 (e2m1) is stored two per i8; packed along K unless told otherwise.
  bool aFp4 = getAElemType() == ScaleDotElemType::E2M1;
  bool bFp4 = getBElemType() == ScaleDotElemType::E2M1;
  auto checkStorage = [&](RankedTensorType t, bool fp4,
                          StringRef name) -> LogicalResult {
    if (fp4 && !t.getElementType().isInteger(8))
      return emitOpError("e2m1 operand ")
             << name << " must be stored as i8 (two values per byte), got "
             << t.getElementType();
    return success();
  };
  if (failed(checkStorage(a, aFp4, "a")) || failed(checkStorage(b, bFp4, "b")))
    return failure();
  int64_t rank = c.getRank();
  if (a.getRank() != rank || b.getRank() != rank)
    return verifyMatmulShapes(*this, a, b, c);
  int64_t kMulA = aFp4 && getLhsKPack() ? 2 : 1;
  int64_t kMulB = bFp4 && getRhsKPack() ? 2 : 1;
  // Operands packed along M or N store half as many rows or columns.
  auto unpacked = [&](RankedTensorType t, int64_t dim) {
    SmallVector<int64_t> shape(t.getShape());
    shape[dim] *= 2;
    return RankedTensorType::get(shape, t.getElementType());
  };
  if (aFp4 && !getLhsKPack())
    a = unpacked(a, rank - 2);
  if (bFp4 && !getRhsKPack())
    b = unpacked(b, rank - 1);
  if (failed(verifyMatmulShapes(*this, a, b, c, kMulA, kMulB)))
    return failure();
  int64_t k = a.getDimSize(rank - 1) * kMulA;
  if (failed(
          verifyScale(*this, getAScale(), c.getDimSize(rank - 2), k, c, "a")) ||
      failed(
          verifyScale(*this, getBScale(), c.getDimSize(rank - 1), k, c, "b")))
    return failure();
  return success();
}

//===----------------------------------------------------------------------===//
// reduce / scan
//===----------------------------------------------------------------------===//

namespace {
SmallVector<RankedTensorType> inputTypes(OperandRange srcs) {
  SmallVector<RankedTensorType> types;
  for (Value v : srcs)
    types.push_back(cast<RankedTensorType>(v.getType()));
  return types;
}

SmallVector<Type> elementTypes(OperandRange srcs) {
  SmallVector<Type> types;
  for (Value v : srcs)
    types.push_back(cast<RankedTensorType>(v.getType()).getElementType());
  return types;
}

/// The shape traits of reduce and scan guarantee at least one operand.
LogicalResult verifyAxis(Operation *op, OperandRange srcs, int64_t axis) {
  int64_t rank = cast<RankedTensorType>(srcs[0].getType()).getRank();
  if (axis < 0 || axis >= rank)
    return op->emitOpError("axis ")
           << axis << " is out of range [0, " << rank << ")";
  return success();
}

/// The combiner takes (acc..., x...) of the element types and returns one
/// value of each element type.
template <typename ReturnOpTy>
LogicalResult verifyCombiner(Operation *op, Region &region,
                             ArrayRef<Type> eltTypes) {
  Block &block = region.front();
  size_t n = eltTypes.size();
  if (block.getNumArguments() != 2 * n)
    return op->emitOpError("combiner takes ")
           << block.getNumArguments() << " arguments but needs " << 2 * n
           << " (an accumulator and an element per operand)";
  for (unsigned i = 0; i < 2 * n; ++i) {
    Type argType = block.getArgument(i).getType();
    if (argType != eltTypes[i % n])
      return op->emitOpError("combiner argument ")
             << i << " has type " << argType << " but operand " << i % n
             << " holds " << eltTypes[i % n];
  }
  auto ret = dyn_cast<ReturnOpTy>(block.getTerminator());
  if (!ret)
    return op->emitOpError("combiner must end with '")
           << ReturnOpTy::getOperationName() << "'";
  if (ret->getNumOperands() != n)
    return ret->emitOpError("returns ")
           << ret->getNumOperands() << " values but the combiner needs " << n;
  for (unsigned i = 0; i < n; ++i)
    if (ret->getOperand(i).getType() != eltTypes[i])
      return ret->emitOpError("value ")
             << i << " has type " << ret->getOperand(i).getType()
             << " but operand " << i << " holds " << eltTypes[i];
  return success();
}

} // namespace

SmallVector<RankedTensorType> ReduceOp::getInputTypes() {
  return inputTypes(getSrcs());
}
SmallVector<Type> ReduceOp::getElementTypes() {
  return elementTypes(getSrcs());
}

LogicalResult
ReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location> loc,
                           ValueRange operands, DictionaryAttr attributes,
                           OpaqueProperties properties, RegionRange regions,
                           SmallVectorImpl<Type> &inferredReturnTypes) {
  Adaptor adaptor(operands, attributes, properties, regions);
  int64_t axis = adaptor.getAxis();
  for (Value v : operands) {
    auto type = cast<RankedTensorType>(v.getType());
    if (axis < 0 || axis >= type.getRank())
      return emitOptionalError(loc, "'tt.reduce' axis ", axis,
                               " is out of range [0, ", type.getRank(), ")");
    if (type.getRank() == 1) {
      inferredReturnTypes.push_back(type.getElementType());
      continue;
    }
    SmallVector<int64_t> shape(type.getShape());
    shape.erase(shape.begin() + axis);
    Attribute encoding;
    if (Attribute srcEnc = type.getEncoding())
      if (failed(withLayoutInterface(
              srcEnc, loc, [&](const DialectInferLayoutInterface &iface) {
                return iface.inferReduceOpEncoding(srcEnc, axis, encoding, loc);
              })))
        return failure();
    inferredReturnTypes.push_back(
        RankedTensorType::get(shape, type.getElementType(), encoding));
  }
  return success();
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                     int axis) {
  SmallVector<Type> resultTypes;
  Properties &props = state.getOrAddProperties<Properties>();
  props.axis = builder.getI32IntegerAttr(axis);
  state.addOperands(srcs);
  state.addRegion();
  if (failed(
          inferReturnTypes(builder.getContext(), state.location, srcs,
                           state.attributes.getDictionary(builder.getContext()),
                           &props, state.regions, resultTypes)))
    llvm::report_fatal_error("tt.reduce: cannot infer result types");
  state.addTypes(resultTypes);
}

LogicalResult ReduceOp::verify() {
  return verifyAxis(*this, getSrcs(), getAxis());
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyCombiner<ReduceReturnOp>(*this, getCombineOp(),
                                        getElementTypes());
}

Operation *ReduceOp::getSingleCombiner() {
  if (getNumOperands() != 1 || getNumResults() != 1)
    return nullptr;
  Block &block = getCombineOp().front();
  if (block.getOperations().size() != 2)
    return nullptr;
  Operation *combiner = &block.front();
  auto ret = cast<ReduceReturnOp>(block.getTerminator());
  if (combiner->getNumResults() != 1 ||
      ret.getOperand(0) != combiner->getResult(0))
    return nullptr;
  for (Value operand : combiner->getOperands())
    if (!llvm::is_contained(block.getArguments(), operand))
      return nullptr;
  return combiner;
}

SmallVector<RankedTensorType> ScanOp::getInputTypes() {
  return inputTypes(getSrcs());
}
SmallVector<Type> ScanOp::getElementTypes() { return elementTypes(getSrcs()); }

LogicalResult ScanOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value v : operands)
    inferredReturnTypes.push_back(v.getType());
  return success();
}

void ScanOp::build(OpBuilder &builder, OperationState &state, ValueRange srcs,
                   int axis, bool reverse) {
  Properties &props = state.getOrAddProperties<Properties>();
  props.axis = builder.getI32IntegerAttr(axis);
  props.reverse = builder.getBoolAttr(reverse);
  state.addOperands(srcs);
  state.addRegion();
  for (Value v : srcs)
    state.addTypes(v.getType());
}

LogicalResult ScanOp::verify() {
  return verifyAxis(*this, getSrcs(), getAxis());
}

LogicalResult ScanOp::verifyRegions() {
  return verifyCombiner<ScanReturnOp>(*this, getCombineOp(), getElementTypes());
}
