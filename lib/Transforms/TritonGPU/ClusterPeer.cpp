//===- ClusterPeer.cpp - values a 2-block cluster's blocks share ----------===//
//
// ClusterPeer.h says what this answers. The scalars' computations are
// followed back to the kernel's arguments and constants; those that read
// program id x are made again with the other block's id (x xor 1) and
// compared with the originals.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Transforms/ClusterPeer.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;

namespace {
/// The ops `v` is computed from, operands before users, into `ops`.
LogicalResult collectComputation(Value v, SetVector<Operation *> &ops) {
  if (auto arg = dyn_cast<BlockArgument>(v))
    return success(isa<FunctionOpInterface>(arg.getOwner()->getParentOp()));
  Operation *def = v.getDefiningOp();
  if (ops.contains(def))
    return success();
  if (!isMemoryEffectFree(def) || def->getNumRegions())
    return failure();
  for (Value operand : def->getOperands())
    if (failed(collectComputation(operand, ops)))
      return failure();
  ops.insert(def);
  return success();
}

/// Appends to `values` what `coords` are computed from outside `loop`:
/// the coordinates made before it, and the operands from before it of the
/// pure ops in its body that make the others from the induction variable.
/// Failure where a coordinate follows another loop-carried value.
LogicalResult valuesBefore(scf::ForOp loop, ValueRange coords,
                           SmallVector<Value> &values) {
  SmallVector<Value> work(coords.begin(), coords.end());
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (loop.isDefinedOutsideOfLoop(v)) {
      values.push_back(v);
      continue;
    }
    if (v == loop.getInductionVar())
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody() || !isMemoryEffectFree(def) ||
        def->getNumRegions())
      return failure();
    llvm::append_range(work, def->getOperands());
  }
  return success();
}

bool isProgramIdX(Operation *op) {
  auto pid = dyn_cast<GetProgramIdOp>(op);
  return pid && pid.getAxisAsInt() == 0;
}
} // namespace

FailureOr<Value> mlir::triton::gpu::buildSameInClusterPeer(OpBuilder &b,
                                                           Location loc,
                                                           ValueRange values) {
  SetVector<Operation *> ops;
  for (Value v : values)
    if (failed(collectComputation(v, ops)))
      return failure();
  // What reads program id x, checked before anything is built.
  DenseSet<Value> differs;
  SmallVector<Operation *> again;
  for (Operation *op : ops)
    if (isProgramIdX(op) || llvm::any_of(op->getOperands(), [&](Value v) {
          return differs.contains(v);
        })) {
      differs.insert(op->result_begin(), op->result_end());
      again.push_back(op);
    }
  for (Value v : values)
    if (differs.contains(v) && !v.getType().isIntOrIndex())
      return failure();
  // The other block's values: program id x with its lowest bit flipped,
  // and every op that reads it, again.
  IRMapping peer;
  for (Operation *op : again) {
    if (!isProgramIdX(op)) {
      b.clone(*op, peer);
      continue;
    }
    Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
    peer.map(op->getResult(0),
             arith::XOrIOp::create(b, loc, op->getResult(0), one));
  }
  Value same = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (Value v : values)
    if (differs.contains(v))
      same = arith::AndIOp::create(
          b, loc, same,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v,
                                peer.lookup(v)));
  return same;
}

FailureOr<gpu::ClusterMulticast> mlir::triton::gpu::planClusterMulticast(
    OpBuilder &b, scf::ForOp loop, ArrayRef<DescriptorLoadOp> loads,
    int64_t gridXMultiple, std::string &why) {
  auto module = loop->getParentOfType<ModuleOp>();
  auto no = [&](StringRef text) {
    why = text.str();
    return failure();
  };
  int64_t multiple = gridXMultiple;
  if (auto known = module->getAttrOfType<IntegerAttr>(
          TritonGPUDialect::getGridXMultipleAttrName()))
    multiple = std::lcm(multiple, known.getInt());
  if (multiple % 2)
    return no("the grid's x extent is not known to be even");
  if (TritonGPUDialect::getNumCTAs(module) != 1)
    return no("a program spans several blocks (ttg.num-ctas)");
  std::array<int, 3> dims = TritonGPUDialect::getClusterDims(module);
  if (dims != std::array<int, 3>{1, 1, 1} &&
      dims != std::array<int, 3>{2, 1, 1})
    return no("the module already has clusters of another shape");
  // Both blocks must reach the cluster barrier and run as many iterations:
  // the loop is in the kernel's body, its bounds are tested with the
  // coordinates.
  if (!isa<FunctionOpInterface>(loop->getParentOp()))
    return no("the loop is inside another op");
  Location loc = loop.getLoc();
  ClusterMulticast plan;
  bool any = false;
  for (DescriptorLoadOp load : loads) {
    SmallVector<Value> values{loop.getLowerBound(), loop.getUpperBound(),
                              loop.getStep(), load.getDesc()};
    FailureOr<Value> same = failure();
    if (succeeded(valuesBefore(loop, load.getIndices(), values)))
      same = buildSameInClusterPeer(b, loc, values);
    plan.share.push_back(succeeded(same) ? *same : Value());
    any |= succeeded(same);
  }
  if (!any)
    return no("no copy's coordinates can be compared with the other block's");
  // This block's cluster rank (program id x's lowest bit, the cluster being
  // 2 blocks along x), and the other's where any copy is shared.
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value rank =
      arith::AndIOp::create(b, loc, GetProgramIdOp::create(b, loc, 0), one);
  Value shared = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (Value share : plan.share)
    if (share)
      shared = arith::OrIOp::create(b, loc, shared, share);
  plan.peer = arith::SelectOp::create(
      b, loc, shared, arith::XOrIOp::create(b, loc, rank, one), rank);
  Builder attrs(module.getContext());
  module->setAttr(TritonGPUDialect::getClusterDimXAttrName(),
                  attrs.getI32IntegerAttr(2));
  module->setAttr(TritonGPUDialect::getClusterDimYAttrName(),
                  attrs.getI32IntegerAttr(1));
  module->setAttr(TritonGPUDialect::getClusterDimZAttrName(),
                  attrs.getI32IntegerAttr(1));
  return plan;
}
