//===- ClusterPeer.h - values a 2-block cluster's blocks share --*- C++ -*-===//
//
// In a kernel launched in clusters of two blocks along x, blocks 2i and
// 2i + 1 form a cluster: their program ids differ in the lowest bit of x
// and agree in y and z, and whatever the kernel computes from its
// arguments alone agrees too. buildSameInClusterPeer makes the run-time
// test that a set of scalars is the same in both blocks, by computing each
// scalar again from the other block's program id: both blocks compute the
// same answer, so they can act on it together (a TMA copy both issue with
// the same coordinates, shared by multicast). planClusterMulticast plans
// which of a loop's copies are shared so.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TRANSFORMS_CLUSTERPEER_H
#define TRITONDIALECT_TRANSFORMS_CLUSTERPEER_H

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Value.h"

#include <string>

namespace mlir::triton::gpu {

/// An i1 made at `b`'s insertion point (after every definition of
/// `values`): true where each of `values` equals its value in the other
/// block of the 2-block cluster along x. Failure where a value is computed
/// from memory, from ops with regions, from block arguments other than
/// the kernel's, or is not an integer while it depends on the program id.
FailureOr<Value> buildSameInClusterPeer(OpBuilder &b, Location loc,
                                        ValueRange values);

/// A loop's TMA copies shared by a 2-block cluster: per copy, the
/// run-time test that both blocks copy the same tile (null where it cannot
/// be made), and the cluster rank of the block whose "empty" barriers this
/// block's consumers also release (the other block where any copy is
/// shared, its own otherwise).
struct ClusterMulticast {
  SmallVector<Value> share;
  Value peer;
};

/// Plans multicast for `loads` of `loop` (tritongpu-automatic-warp-
/// specialization's `multicast`), making the tests at `b` before the loop,
/// and gives the module 2-block clusters along x. Fails, saying why in
/// `why`, where the grid's x extent is not known to be even (`gridXMultiple`
/// and the module's `ttg.grid-x-multiple`), the module has other clusters
/// or several blocks a program, the loop is not in the kernel's body (both
/// blocks must reach it), or no copy's coordinates, loop bounds and
/// descriptor can be computed again for the other block.
FailureOr<ClusterMulticast>
planClusterMulticast(OpBuilder &b, scf::ForOp loop,
                     ArrayRef<DescriptorLoadOp> loads, int64_t gridXMultiple,
                     std::string &why);

} // namespace mlir::triton::gpu

#endif // TRITONDIALECT_TRANSFORMS_CLUSTERPEER_H
