//===- PipeliningUtility.h - loop schedules ---------------------*- C++ -*-===//
//
// What tritongpu-assign-latencies, tritongpu-schedule-loops and
// tritongpu-pipeline share: the attributes that carry a loop's schedule
// from one pass to the next (upstream Triton's names, so upstream-shaped
// tests apply) and the questions each of them asks about a loop.
//
//   tt.num_stages          on scf.for: the loop's stage count (the
//                          frontend's `tl.range(..., num_stages=)`),
//                          overriding the passes' `num-stages`
//   tt.latency             on an op: how many iterations ahead of its users
//                          it is issued
//   loop.stage             on each op of a scheduled loop body: its stage
//   loop.cluster           on each op of a scheduled loop body: its place in
//                          the pipelined body (clusters in increasing order,
//                          body order within a cluster)
//   tt.scheduled_max_stage on a scheduled scf.for: its last stage
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITONGPU_TRANSFORMS_PIPELININGUTILITY_H
#define TRITONDIALECT_DIALECT_TRITONGPU_TRANSFORMS_PIPELININGUTILITY_H

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <optional>

namespace mlir::triton {
class ModuleAxisInfoAnalysis;
} // namespace mlir::triton

namespace mlir::triton::gpu {

inline constexpr llvm::StringLiteral kNumStagesAttrName = "tt.num_stages";
inline constexpr llvm::StringLiteral kLatencyAttrName = "tt.latency";
inline constexpr llvm::StringLiteral kLoopStageAttrName = "loop.stage";
inline constexpr llvm::StringLiteral kLoopClusterAttrName = "loop.cluster";
inline constexpr llvm::StringLiteral kScheduledMaxStageAttrName =
    "tt.scheduled_max_stage";

/// Reports a remark at an op (a no-op when remarks are off).
using RemarkFn = llvm::function_ref<void(Operation *, const llvm::Twine &)>;

/// A load the pipeliner can turn into cp.async copies, and the shared buffer
/// it feeds.
struct PipelinedLoad {
  /// A tt.load (copied by cp.async) or a tt.descriptor_load (by TMA).
  Operation *load;
  LocalAllocOp alloc;
  /// Elements per cp.async copy (4, 8 or 16 bytes of them); 0 for TMA.
  unsigned contiguity;
  uint64_t tileBytes;
};

/// The innermost scf.for loops of `module` the pipeliner works on: those
/// that hold a dot, and, as upstream, those without one that carry
/// `tt.num_stages` (`tl.range(..., num_stages=)`) and hold a load.
SmallVector<scf::ForOp> getInnermostPipelineLoops(ModuleOp module);

/// The loop's `tt.num_stages`, else `defaultStages`.
int getNumStagesFor(scf::ForOp loop, int defaultStages);

/// Whether the loop carries `tt.warp_specialize` (`tl.range(...,
/// warp_specialize=True)`): upstream's frontend writes a unit attribute;
/// `= true` means the same.
bool isMarkedForWarpSpecialization(scf::ForOp loop);

/// The ops of the loop body (top level) that compute `values`, transitively,
/// following loop-carried values to what the previous iteration yields.
llvm::SetVector<Operation *> getLoopSlice(scf::ForOp loop,
                                          ArrayRef<Value> values);

/// Whether a load's `other` is absent or zero (what cp.async writes where
/// its mask is false).
bool isZeroOrAbsent(Value other);

/// Elements per cp.async copy of `load` (so 4, 8 or 16 bytes), or nullopt
/// when fewer than 4 contiguous, aligned bytes per thread are known.
std::optional<unsigned> getCopyContiguity(LoadOp load,
                                          const ModuleAxisInfoAnalysis &axis);

/// The loads of the loop body whose only user is a `ttg.local_alloc` in the
/// body and that cp.async can copy ahead: zero `other`, not volatile, 4
/// bytes or more per copy, addresses computable ahead of the loop's work.
/// `remark` says why the others are left alone.
SmallVector<PipelinedLoad>
findPipelineableLoads(scf::ForOp loop, const ModuleAxisInfoAnalysis &axis,
                      RemarkFn remark);

/// The wgmma of `loop` whose result the yield passes to the iteration
/// argument used only as that wgmma's accumulator (a matmul's), and is
/// otherwise read only inside scf.ifs of the body (a flattened nest's
/// epilogue, which waits for it): the one the pipeliner may keep in flight
/// across iterations.
nvidia_gpu::WarpGroupDotOp getAsyncAccumulatorDot(scf::ForOp loop);

/// Whether the only ops that write the buffer `alloc` creates, through its
/// views, are async copies: its other users read it (local_load, wgmma) or
/// free it. Users outside `scope` (when given) are not looked at.
bool onlyAsyncCopiesWrite(LocalAllocOp alloc, Operation *scope = nullptr);

/// A ring of `stages` mutable buffers shaped and laid out like `tile`
/// (`memdesc<S x tile>`), allocated at `b`.
LocalAllocOp createBufferRing(OpBuilder &b, Location loc, MemDescType tile,
                              int stages);

/// The type of one slot's view (`ttg.memdesc_index`) of a ring.
MemDescType getRingSlotType(MemDescType ring);

/// A ring of `stages` mbarriers (`memdesc<S x 1 x i64>`), each initialized
/// (by thread 0, `ttng.init_barrier`) for `arrivals` arrivals.
LocalAllocOp createBarrierRing(OpBuilder &b, Location loc, int stages,
                               int arrivals);

/// `ttng.inval_barrier` on each mbarrier of a ring `createBarrierRing` made.
void invalidateBarrierRing(OpBuilder &b, Location loc, Value ring);

/// The slot of a ring of `stages` the `n`-th use (an i32) takes, n % S, and
/// the phase parity it waits for, (n / S) & 1 (xor 1 with `flip`: a
/// producer's wait on "empty", whose first round passes).
std::pair<Value, Value> getRingSlotAndPhase(OpBuilder &b, Location loc, Value n,
                                            int stages, bool flip);

/// Waits, at `b`, on the "empty" barriers (`ring`, `stages` of them) of the
/// slots a producer would fill next after `count` fills, so it returns once
/// every slot it filled was released: a producer's end where another
/// block's consumers still arrive on them (multicast).
void waitForRingReleases(OpBuilder &b, Location loc, Value ring, Value count,
                         int stages);

/// tritongpu-assign-latencies on one loop: `tt.latency = S - 1` on each
/// pipelineable load, with S the loop's stage count lowered (with a remark)
/// until its rings fit in shared memory. In a loop without a dot, the loads
/// cp.async can copy ahead are first staged through shared memory (a
/// `ttg.local_alloc` read back by a `ttg.local_load` in the load's layout,
/// the form a dot operand already has); the staging is undone when the loop
/// is not pipelined. Returns whether any latency was assigned.
bool assignLatencies(scf::ForOp loop, int defaultStages,
                     const ModuleAxisInfoAnalysis &axis, int capability,
                     RemarkFn remark);

/// tritongpu-schedule-loops on one loop: from the latencies of its ops, a
/// stage and a cluster for every op of the body and the loop's
/// `tt.scheduled_max_stage`. Returns false (and changes nothing) when no op
/// of the body has a latency.
bool scheduleLoop(scf::ForOp loop);

/// The stage of `op` in a scheduled loop, if it has one.
std::optional<int> getLoopStage(Operation *op);
/// The cluster of `op` in a scheduled loop, if it has one.
std::optional<int> getLoopCluster(Operation *op);

/// Removes the schedule's attributes from `root` and everything in it.
void clearSchedule(Operation *root);

/// In a warp-specialized consumer loop whose body has attention's chain of
/// two synchronous wgmmas (the second accumulating `acc * alpha + P V`, its
/// V a ring slot's), issues each iteration's second wgmma in the next
/// iteration, right after that one's first, so the softmax runs while it is
/// in flight (FlashAttention-3's intra-warp-group pipelining;
/// DotChainPipelining.cpp). `release(b, loc, slot)` frees a ring slot once
/// the second wgmma that read it completed. Returns false, changing
/// nothing, when the loop does not have that shape; on success `loop` is
/// replaced and erased.
bool pipelineDotChain(scf::ForOp loop,
                      function_ref<void(OpBuilder &, Location, Value)> release);

/// How a pointer (or index) tensor of `loop` moves with its induction
/// variable: for `splat(K) + (splat(iv) + range) * D` and the like, by the
/// same number of elements in every element (here D) per unit of the
/// induction variable. A warp-specialized producer then copies from the
/// pointers at the lower bound plus one scalar offset (one address and
/// immediate offsets for a thread's copies; 6 % faster at head dim 128 on
/// an H200). The pipelined loop's addresses were already that after LLVM:
/// applied there too, attention ran 0.7 % slower (session 35). Index
/// arithmetic is taken not to wrap, as Triton's does not. Strides are i64
/// scalars made at `b` (before the loop) from the values `map` gives there for
/// those of the loop's kernel (the identity outside a warp_specialize
/// partition).
class UniformStride {
public:
  UniformStride(scf::ForOp loop, IRMapping &map, OpBuilder &b)
      : loop(loop), map(map), b(b) {}

  /// The change of `v` per unit of the induction variable: null when it
  /// does not move, failure when it does not move uniformly (or depends on
  /// a loop-carried value).
  FailureOr<Value> of(Value v);

private:
  Value constant(int64_t value);
  Value uniformScalar(Value v);

  scf::ForOp loop;
  IRMapping &map;
  OpBuilder &b;
};

/// Whether the loop body has attention's chain of two synchronous wgmmas
/// (as pipelineDotChain takes it, wherever its V comes from): the element
/// count of the second one's B tile (BLOCK_N x HEAD_DIM) if so.
std::optional<int64_t> getDotChainTileSize(scf::ForOp loop);

/// Attention's P @ V in a loop of that chain (getDotChainTileSize) when its
/// result goes straight to the next iteration: the wgmma a pipelined loop
/// may leave in flight across the back-edge, completed after the next
/// Q K^T (as upstream's pipeliner does). Null otherwise.
nvidia_gpu::WarpGroupDotOp getAsyncChainDot(scf::ForOp loop);

/// The wgmma a pipelined loop may keep in flight across iterations:
/// getAsyncAccumulatorDot's, else getAsyncChainDot's. Null if neither.
nvidia_gpu::WarpGroupDotOp getInFlightDot(scf::ForOp loop);

/// How tritongpu-pipeline reports a decision (`remarks=true`).
using PipelineRemark = std::function<void(Operation *, const Twine &)>;

/// Records in the module that at most so many blocks of the loop's kernel
/// should reside on a multiprocessor (`ttg.max-ctas-per-sm`): those whose
/// accumulators keep the tensor cores busy with `dot` left in flight
/// (ResidentBlocks.cpp says why and what was measured).
void limitResidentBlocks(scf::ForOp loop, nvidia_gpu::WarpGroupDotOp dot,
                         PipelineRemark remark);

/// For attention's loop in one warp group: asks for three resident blocks
/// (`ttg.min-ctas-per-sm`) where its f32 results and 32 more registers a
/// thread, and its buffers (`stages` slots of each of `candidates`' tiles),
/// fit three. True if it did and P @ V, left in flight, would not fit them
/// too (with P, its A operand in registers): it then completes in its own
/// iteration.
bool requestResidentBlocks(scf::ForOp loop, ArrayRef<PipelinedLoad> candidates,
                           int stages, PipelineRemark remark);

} // namespace mlir::triton::gpu

#endif
