//===- Dialect.cpp - The TritonNvidiaGPU (`ttng`) dialect -----------------===//
//
// Registration and verifiers: wgmma operand shapes, mbarriers as one i64 in
// shared memory, TMA blocks matching their descriptors.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::nvidia_gpu;

#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.cpp.inc"

#define GET_OP_CLASSES
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"

void TritonNvidiaGPUDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Ops.cpp.inc"
      >();
}

namespace {
ArrayRef<int64_t> shapeOf(Type type) {
  if (auto t = dyn_cast<RankedTensorType>(type))
    return t.getShape();
  return cast<MemDescType>(type).getShape();
}

Type elementOf(Type type) {
  if (auto t = dyn_cast<RankedTensorType>(type))
    return t.getElementType();
  return cast<MemDescType>(type).getElementType();
}

/// An mbarrier is a single i64 in shared memory.
LogicalResult verifyBarrier(Operation *op, MemDescType type) {
  if (!type.getElementType().isInteger(64) || type.getNumElements() != 1)
    return op->emitOpError("an mbarrier is one i64 in shared memory, got ")
           << type;
  return success();
}

/// A TMA block in shared memory matches the descriptor's block.
/// `buffer` holds the descriptor's block, or with `part`, a part of it: a
/// block of the same rank whose dimensions divide the block's (a store of a
/// subtile).
LogicalResult verifyTMABlock(Operation *op, TensorDescType desc,
                             size_t numCoords, MemDescType buffer,
                             bool part = false) {
  RankedTensorType block = desc.getBlockType();
  if (numCoords != size_t(block.getRank()))
    return op->emitOpError("takes one coordinate per descriptor dimension: ")
           << block.getRank() << " expected, " << numCoords << " given";
  // Integers of one width are the same bytes (an unsigned descriptor's
  // block is `ui32` where its loads are `i32`).
  Type be = buffer.getElementType(), de = block.getElementType();
  bool sameBytes =
      be == de || (isa<IntegerType>(be) && isa<IntegerType>(de) &&
                   be.getIntOrFloatBitWidth() == de.getIntOrFloatBitWidth());
  bool fits = buffer.getNumElements() == block.getNumElements();
  if (part && buffer.getRank() == block.getRank()) {
    fits = true;
    for (auto [b, d] : llvm::zip(buffer.getShape(), block.getShape()))
      fits &= b > 0 && b <= d && d % b == 0;
  }
  if (!fits || !sameBytes)
    return op->emitOpError("buffer ")
           << buffer << " does not hold the descriptor's block " << block
           << (part ? " or a part of it" : "");
  return success();
}

/// Cluster instructions (barrier.cluster, fence.mbarrier_init, mapa) are
/// sm_90's; a module without a target is not checked.
LogicalResult verifySM90(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  int capability = module ? TritonGPUDialect::getComputeCapability(module) : 0;
  if (capability && capability < 90)
    return op->emitOpError("needs clusters, sm_90 or later; the module "
                           "targets sm_")
           << capability;
  return success();
}

/// `what` needs the kernel's blocks in clusters (`ttg.cluster-dim-*`); with
/// `pair`, in clusters of two blocks along x.
LogicalResult verifyInCluster(Operation *op, StringRef what,
                              bool pair = false) {
  if (failed(verifySM90(op)))
    return failure();
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return success();
  std::array<int, 3> dims = TritonGPUDialect::getClusterDims(module);
  if (pair ? dims != std::array<int, 3>{2, 1, 1}
           : dims[0] * dims[1] * dims[2] < 2)
    return op->emitOpError()
           << what << " needs "
           << (pair ? "2-block clusters along x" : "the blocks in clusters")
           << " ('ttg.cluster-dim-x/y/z' = 2, 1, 1" << (pair ? "" : " or more")
           << "); the module's are " << dims[0] << ", " << dims[1] << ", "
           << dims[2];
  return success();
}
} // namespace

void WarpGroupDotOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isa<MemDescType>(getA().getType()))
    effects.emplace_back(MemoryEffects::Read::get(), &getAMutable(),
                         SharedMemory::get());
  effects.emplace_back(MemoryEffects::Read::get(), &getBMutable(),
                       SharedMemory::get());
}

LogicalResult WarpGroupDotOp::verify() {
  ArrayRef<int64_t> a = shapeOf(getA().getType()),
                    b = shapeOf(getB().getType());
  ArrayRef<int64_t> c = cast<RankedTensorType>(getC().getType()).getShape();
  if (a.size() != 2 || b.size() != 2 || c.size() != 2)
    return emitOpError("operands must be 2-D");
  if (a[1] != b[0])
    return emitOpError("K of a (")
           << a[1] << ") differs from K of b (" << b[0] << ")";
  if (a[0] != c[0] || b[1] != c[1])
    return emitOpError("a ")
           << a[0] << "x" << a[1] << " times b " << b[0] << "x" << b[1]
           << " cannot accumulate into " << c[0] << "x" << c[1];
  if (elementOf(getA().getType()) != elementOf(getB().getType()))
    return emitOpError("a and b element types differ");
  if (auto mma = dyn_cast_or_null<NvidiaMmaEncodingAttr>(
          cast<RankedTensorType>(getC().getType()).getEncoding()))
    if (mma.getWarpsPerCTA()[0] % 4 != 0)
      return emitOpError("wgmma runs on whole warp groups: the accumulator's "
                         "warpsPerCTA[0] must be a multiple of 4, got ")
             << mma.getWarpsPerCTA()[0];
  if (auto t = dyn_cast<RankedTensorType>(getA().getType()))
    if (!isa_and_nonnull<DotOperandEncodingAttr>(t.getEncoding()))
      return emitOpError("a register operand must have a #ttg.dot_op "
                         "encoding, got ")
             << t;
  return success();
}

LogicalResult WarpGroupDotWaitOp::inferReturnTypes(
    MLIRContext *, std::optional<Location>, ValueRange operands, DictionaryAttr,
    OpaqueProperties, RegionRange, SmallVectorImpl<Type> &inferredReturnTypes) {
  for (Value v : operands)
    inferredReturnTypes.push_back(v.getType());
  return success();
}

LogicalResult WarpGroupDotWaitOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError("pendings must be non-negative, got ")
           << getPendingsAttr().getInt();
  return success();
}

LogicalResult InitBarrierOp::verify() {
  if (getCountAttr().getInt() <= 0)
    return emitOpError("count must be positive, got ")
           << getCountAttr().getInt();
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult BarrierExpectOp::verify() {
  if (getSizeAttr().getInt() < 0)
    return emitOpError("size must be non-negative, got ")
           << getSizeAttr().getInt();
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult ArriveBarrierOp::verify() {
  if (getCountAttr().getInt() <= 0)
    return emitOpError("count must be positive, got ")
           << getCountAttr().getInt();
  if (getCta() && failed(verifyInCluster(*this, "an arrival on another "
                                                "block's barrier")))
    return failure();
  return verifyBarrier(*this, getAlloc().getType());
}

LogicalResult FenceMBarrierInitReleaseClusterOp::verify() {
  return verifySM90(*this);
}

LogicalResult ClusterArriveOp::verify() { return verifySM90(*this); }

LogicalResult ClusterWaitOp::verify() { return verifySM90(*this); }

LogicalResult AsyncCopyMbarrierArriveOp::verify() {
  return verifyBarrier(*this, getBarrier().getType());
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (!getResult().getType().getMutableMemory())
    return emitOpError("cannot copy into an immutable buffer");
  if (failed(verifyBarrier(*this, getBarrier().getType())))
    return failure();
  if (getMulticast() &&
      failed(verifyInCluster(*this, "a multicast copy", /*pair=*/true)))
    return failure();
  return verifyTMABlock(*this, getDesc().getType(), getCoord().size(),
                        getResult().getType());
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMABlock(*this, getDesc().getType(), getCoord().size(),
                        getSrc().getType(), /*part=*/true);
}

LogicalResult TMAStoreWaitOp::verify() {
  if (getPendingsAttr().getInt() < 0)
    return emitOpError("pendings must be non-negative, got ")
           << getPendingsAttr().getInt();
  return success();
}

LogicalResult TensormapCreateOp::verify() {
  size_t rank = getBoxDim().size();
  if (rank < 1 || rank > 5)
    return emitOpError("a tensor map has 1 to 5 dimensions, got ") << rank;
  if (getGlobalDim().size() != rank || getElementStride().size() != rank)
    return emitOpError("box_dim, global_dim and element_stride need one "
                       "entry per dimension (")
           << rank << ")";
  if (getGlobalStride().size() != rank && getGlobalStride().size() + 1 != rank)
    return emitOpError("global_stride needs one entry per dimension (or per "
                       "dimension but the innermost), got ")
           << getGlobalStride().size() << " for rank " << rank;
  return success();
}
