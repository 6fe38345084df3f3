//===- Pipeline.cpp - tritongpu-pipeline: multi-stage async copies --------===//
//
// Software pipelining of the loads that feed shared memory in a loop (the
// operands of its dots, or, in a loop without a dot that carries
// `tt.num_stages`, the loads tritongpu-assign-latencies staged there): with
// S stages, the tiles of the next S - 1 iterations are in flight while the
// current one computes.
//
// The pass carries out a schedule: tritongpu-assign-latencies gives the
// loads to pipeline `tt.latency = S - 1`, tritongpu-schedule-loops puts
// them and their address computation in stage 0 and the rest of the body in
// stage S - 1, in two clusters (PipeliningUtility.h). A loop that reaches
// this pass unscheduled is scheduled here first, with this pass's options.
//
// In the loop body, a stage-0 `tt.load` whose only user is a
// `ttg.local_alloc` (the operand staging tritongpu-accelerate-matmul and
// tritongpu-reduce-data-duplication create) becomes
//
//   buf = ttg.local_alloc : memdesc<S x tile, mutable>            (before)
//   ...
//   ttg.async_copy_global_to_local ptrs, buf[w] mask ...          (stage 0)
//   ttg.async_commit_group (one per copy, after the iteration's last copy)
//   ...
//   ttg.async_wait {num = C (S - 1)}                              (stage S-1)
//   users of the alloc read buf[r]
//   ...
//   ttg.async_wait {num = 0}; ttg.local_dealloc buf               (after)
//
// with w and r slot counters the loop carries (0, 1, .., S-1, 0, ..). The
// copies and the ops computing their addresses, masks and slot form stage 0,
// everything else stage S - 1; MLIR's scf pipeliner (pipelineForLoop)
// emits the prologue (iterations 0 .. S-2 of stage 0) and the kernel loop,
// whose last S - 1 iterations issue copies masked off (zero-size), so any
// trip count works, a dynamic one included, with no epilogue to peel. An
// iteration commits one group per copy (C copies), as upstream's does. When
// the schedule issues an iteration's copies before its dot, C (S - 1)
// groups may be pending when a tile is needed; when after it (an
// accumulating wgmma kept in flight, `warp_group_dot_wait {pendings = 1}`,
// or attention's P @ V, completed after the next iteration's Q K^T, or in
// its own iteration where the loop asks for three resident blocks),
// C (S - 2).
//
// A local_alloc of a loop-invariant value (attention's Q) is moved before
// the loop: staged once instead of every iteration. A proxy fence that
// repeats an earlier one with no shared-memory write in between goes.
//
// Which loads are pipelined, and why the others are not, is
// tritongpu-assign-latencies' decision (`remarks` says it).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"
#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUPIPELINE
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// The scalar every element of `offset` (a tensor of offsets) equals, if it
/// is a splat of a value defined outside `loop` or a splat constant
/// (materialized at `b`).
Value uniformStep(Value offset, scf::ForOp loop, OpBuilder &b) {
  if (auto splat = offset.getDefiningOp<SplatOp>())
    if (!loop->isAncestor(splat.getSrc().getParentRegion()->getParentOp()))
      return splat.getSrc();
  DenseIntElementsAttr dense;
  if (matchPattern(offset, m_Constant(&dense)) && dense.isSplat())
    return arith::ConstantIntOp::create(
        b, loop.getLoc(), dense.getSplatValue<APInt>().getSExtValue(), 64);
  return {};
}

/// A loop-carried tensor of pointers advanced by the same step in every
/// element (`%p = tt.addptr %p, splat(%s)`, a matmul's operand pointers)
/// becomes its loop-invariant initial tensor plus a carried i64 offset:
/// `tt.addptr %p0, splat(%off)`, `%off += %s`. The loop then carries one
/// scalar instead of a register per distinct pointer, and each address is
/// an invariant pointer plus the offset (a 64-bit add) instead of a chain
/// of pointers carried and advanced one by one.
/// Returns false when nothing changed (the loop is then still valid).
bool carryPointerOffsets(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  OpBuilder b(loop);
  SmallVector<unsigned> which;
  SmallVector<Value> steps;
  for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type || !isa<PointerType>(type.getElementType()))
      continue;
    auto add = yield.getOperand(i).getDefiningOp<AddPtrOp>();
    if (!add || add.getPtr() != arg)
      continue;
    Value step = uniformStep(add.getOffset(), loop, b);
    if (!step)
      continue;
    which.push_back(i);
    steps.push_back(step);
  }
  if (which.empty())
    return false;
  Location loc = loop.getLoc();
  Type i64 = b.getI64Type();
  for (Value &step : steps)
    if (step.getType() != i64)
      step = arith::ExtSIOp::create(b, loc, i64, step);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  SmallVector<Value> inits(which.size(), zero);
  unsigned oldArgs = loop.getNumRegionIterArgs();
  IRRewriter rewriter(loop.getContext());
  FailureOr<LoopLikeOpInterface> replaced = loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
      [&](OpBuilder &yb, Location yl, ArrayRef<BlockArgument> offsets) {
        SmallVector<Value> next;
        for (auto [k, off] : llvm::enumerate(offsets))
          next.push_back(arith::AddIOp::create(yb, yl, off, steps[k]));
        return next;
      });
  if (failed(replaced))
    return false;
  auto newLoop = cast<scf::ForOp>(replaced->getOperation());
  auto newYield = cast<scf::YieldOp>(newLoop.getBody()->getTerminator());
  for (auto [k, i] : llvm::enumerate(which)) {
    BlockArgument arg = newLoop.getRegionIterArgs()[i];
    BlockArgument off = newLoop.getRegionIterArgs()[oldArgs + k];
    Value init = newLoop.getInitArgs()[i];
    auto type = cast<RankedTensorType>(arg.getType());
    auto offType =
        RankedTensorType::get(type.getShape(), i64, type.getEncoding());
    OpBuilder body = OpBuilder::atBlockBegin(newLoop.getBody());
    Value ptr = AddPtrOp::create(body, loc, type, init,
                                 SplatOp::create(body, loc, offType, off));
    arg.replaceAllUsesWith(ptr);
    // After the loop: the initial tensor plus the final offset.
    Value result = newLoop.getResult(i);
    if (!result.use_empty()) {
      OpBuilder after(newLoop->getContext());
      after.setInsertionPointAfter(newLoop);
      Value last = AddPtrOp::create(
          after, loc, type, init,
          SplatOp::create(after, loc, offType, newLoop.getResult(oldArgs + k)));
      result.replaceAllUsesWith(last);
    }
    // The old argument only passes through now (the loop's canonical form
    // drops it); its increment is dead.
    Operation *increment = newYield.getOperand(i).getDefiningOp();
    newYield.setOperand(i, arg);
    if (increment && increment->use_empty())
      increment->erase();
  }
  // Drop the pass-through arguments.
  RewritePatternSet patterns(newLoop.getContext());
  scf::ForOp::getCanonicalizationPatterns(patterns, newLoop.getContext());
  GreedyRewriteConfig config;
  config.setStrictness(GreedyRewriteStrictness::ExistingOps);
  (void)applyOpPatternsGreedily({newLoop.getOperation()}, std::move(patterns),
                                config);
  return true;
}

class PipelinePass
    : public mlir::triton::impl::TritonGPUPipelineBase<PipelinePass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<scf::ForOp> loops = getInnermostPipelineLoops(module);
    if (loops.empty())
      return;
    // Loops nobody scheduled get tritongpu-assign-latencies and
    // tritongpu-schedule-loops, with this pass's options.
    {
      ModuleAxisInfoAnalysis axis(module);
      int capability = TritonGPUDialect::getComputeCapability(module);
      auto remarkFn = [&](Operation *op, const Twine &text) {
        remark(op, text);
      };
      for (scf::ForOp loop : loops) {
        if (loop->hasAttr(kScheduledMaxStageAttrName))
          continue;
        bool hasLatency = llvm::any_of(*loop.getBody(), [](Operation &op) {
          return op.hasAttr(kLatencyAttrName);
        });
        if (!hasLatency)
          assignLatencies(loop, numStages, axis, capability, remarkFn);
        scheduleLoop(loop);
      }
    }
    bool changed = false;
    for (scf::ForOp loop : loops)
      if (loop->hasAttr(kScheduledMaxStageAttrName) ||
          getNumStagesFor(loop, numStages) > 1)
        changed |= carryPointerOffsets(loop);
    if (changed)
      loops = getInnermostPipelineLoops(module);
    ModuleAxisInfoAnalysis axis(module);
    for (scf::ForOp loop : loops)
      if (failed(pipeline(loop, axis)))
        return signalPassFailure();
    clearSchedule(module);
    removeRedundantFences(module);
    // (The pipeliner replaced the loops it rewrote.)
    SmallVector<scf::ForOp> rewritten;
    module.walk([&](scf::ForOp loop) { rewritten.push_back(loop); });
    for (scf::ForOp loop : rewritten)
      dropFencesBeforeCopiedOperands(loop);
  }

  /// A proxy fence in the loop orders plain shared-memory stores before the
  /// wgmmas after it. Once the loop's wgmma operands come from rings filled
  /// by cp.async and from buffers stored once before the loop, and the loop
  /// stores nothing to shared memory itself, the fence only repeats what one
  /// fence after each of those stores does once. Buffers completed by
  /// cp.async and a barrier are read by wgmma without a proxy fence, as
  /// upstream Triton and CUTLASS's cp.async + GMMA mainloops do; in SASS the
  /// fence is a MEMBAR that also waits for the copies still in flight for
  /// later stages, every iteration.
  static void dropFencesBeforeCopiedOperands(scf::ForOp loop) {
    SmallVector<nvidia_gpu::FenceAsyncSharedOp> fences;
    bool storesInLoop = false;
    loop.getBody()->walk([&](Operation *op) {
      if (auto fence = dyn_cast<nvidia_gpu::FenceAsyncSharedOp>(op))
        fences.push_back(fence);
      if (isa<LocalStoreOp>(op) ||
          (isa<LocalAllocOp>(op) && cast<LocalAllocOp>(op).getSrc()))
        storesInLoop = true;
    });
    if (fences.empty() || storesInLoop)
      return;
    SetVector<Operation *> storedBefore;
    bool droppable = true;
    loop.getBody()->walk([&](nvidia_gpu::WarpGroupDotOp dot) {
      for (Value operand : {Value(dot.getA()), Value(dot.getB())}) {
        if (!isa<MemDescType>(operand.getType()))
          continue;
        LocalAllocOp alloc = getViewedAllocation(operand);
        if (alloc && !alloc.getSrc() && onlyAsyncCopiesWrite(alloc))
          continue;
        if (alloc && alloc.getSrc() &&
            !loop->isAncestor(alloc.getOperation())) {
          storedBefore.insert(alloc);
          continue;
        }
        droppable = false;
      }
    });
    if (!droppable)
      return;
    // The stores before the loop keep a fence of their own, right after
    // them (before any barrier that lets other threads read).
    for (Operation *alloc : storedBefore) {
      Operation *next = alloc->getNextNode();
      if (next && isa<nvidia_gpu::FenceAsyncSharedOp>(next))
        continue;
      OpBuilder b(alloc->getContext());
      b.setInsertionPointAfter(alloc);
      nvidia_gpu::FenceAsyncSharedOp::create(b, alloc->getLoc(),
                                             /*bCluster=*/false);
    }
    for (nvidia_gpu::FenceAsyncSharedOp fence : fences)
      fence->erase();
  }

  /// A proxy fence orders this thread's earlier generic-proxy writes to
  /// shared memory (stores, completed cp.async) before later async-proxy
  /// reads (wgmma). A second fence in the same block with no such write, no
  /// wait for copies and nothing opaque since the first adds nothing:
  /// attention's two wgmmas per iteration need one.
  void removeRedundantFences(ModuleOp module) {
    SmallVector<Operation *> redundant;
    module.walk([&](nvidia_gpu::FenceAsyncSharedOp fence) {
      for (Operation *op = fence->getPrevNode(); op; op = op->getPrevNode()) {
        if (isa<nvidia_gpu::FenceAsyncSharedOp>(op)) {
          redundant.push_back(fence);
          return;
        }
        // Reductions and scans within warps use no shared memory.
        if (isa<ReduceOp, ScanOp>(op)) {
          if (getScratchSizeInBytes(op))
            return;
          continue;
        }
        if (isa<AsyncWaitOp>(op) || op->getNumRegions() ||
            isa<CallOpInterface>(op))
          return;
        if (isMemoryEffectFree(op))
          continue;
        auto effects = dyn_cast<MemoryEffectOpInterface>(op);
        if (!effects)
          return;
        SmallVector<MemoryEffects::EffectInstance> list;
        effects.getEffects(list);
        for (const MemoryEffects::EffectInstance &e : list)
          if (isa<MemoryEffects::Write>(e.getEffect()) &&
              e.getResource() != SideEffects::DefaultResource::get() &&
              e.getResource() == SharedMemory::get())
            return;
        // Scratch of layout conversions is written by plain stores.
        if (auto cvt = dyn_cast<ConvertLayoutOp>(op))
          if (cvtNeedsSharedMemory(
                  cast<RankedTensorType>(cvt.getSrc().getType()),
                  cast<RankedTensorType>(cvt.getType())))
            return;
        if (isa<LocalStoreOp, LocalAllocOp>(op))
          return;
      }
    });
    for (Operation *fence : redundant)
      fence->erase();
  }

private:
  void remark(Operation *op, const Twine &text) {
    if (remarks)
      op->emitRemark(text);
  }

  /// remark, for the helpers outside the pass.
  PipelineRemark remarker() {
    return [this](Operation *op, const Twine &text) { remark(op, text); };
  }

  /// Staging a loop-invariant operand (attention's Q) once: a local_alloc
  /// of a value from outside the loop, into an immutable buffer, moves
  /// before the loop.
  void hoistInvariantAllocs(scf::ForOp loop) {
    SmallVector<LocalAllocOp> invariant;
    for (auto alloc : loop.getBody()->getOps<LocalAllocOp>())
      if (alloc.getSrc() && loop.isDefinedOutsideOfLoop(alloc.getSrc()) &&
          !alloc.getType().getMutableMemory())
        invariant.push_back(alloc);
    for (LocalAllocOp alloc : invariant) {
      alloc->moveBefore(loop);
      remark(alloc, "loop-invariant shared buffer staged once, before the "
                    "loop");
    }
  }

  /// Carries out the loop's schedule (stage-0 loads with a latency become
  /// async copies into rings of `tt.scheduled_max_stage + 1` slots).
  LogicalResult pipeline(scf::ForOp loop, const ModuleAxisInfoAnalysis &axis) {
    hoistInvariantAllocs(loop);
    auto maxStage =
        loop->getAttrOfType<IntegerAttr>(kScheduledMaxStageAttrName);
    if (!maxStage)
      return success(); // (assign-latencies said why)
    int stages = maxStage.getInt() + 1;
    SmallVector<PipelinedLoad> candidates;
    for (Operation &op : *loop.getBody()) {
      if (getLoopStage(&op) != 0 || !op.hasAttr(kLatencyAttrName))
        continue;
      if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
        auto alloc = load->hasOneUse()
                         ? dyn_cast<LocalAllocOp>(*load->getUsers().begin())
                         : LocalAllocOp();
        auto type = cast<RankedTensorType>(load.getType());
        FailureOr<nvidia_gpu::TMAPlan> plan = failure();
        if (alloc)
          plan =
              nvidia_gpu::planTMACopies(type.getShape(), type.getElementType(),
                                        alloc.getType().getEncoding());
        if (!alloc || alloc->getBlock() != loop.getBody() || failed(plan))
          return load.emitError("the schedule issues this load ahead, but "
                                "TMA cannot copy it: its only user must be "
                                "a ttg.local_alloc in the loop, in a layout "
                                "TMA writes"),
                 failure();
        candidates.push_back({load, alloc, 0, plan->bytes});
        continue;
      }
      auto load = dyn_cast<LoadOp>(op);
      if (!load)
        continue;
      auto alloc = load->hasOneUse()
                       ? dyn_cast<LocalAllocOp>(*load->getUsers().begin())
                       : LocalAllocOp();
      std::optional<unsigned> contiguity = getCopyContiguity(load, axis);
      if (!alloc || alloc->getBlock() != loop.getBody() || !contiguity)
        return load.emitError("the schedule issues this load ahead, but it "
                              "cannot become an async copy: its only user "
                              "must be a ttg.local_alloc in the loop and "
                              "cp.async must be able to copy 4 bytes or more "
                              "at a time"),
               failure();
      auto type = cast<RankedTensorType>(load.getType());
      uint64_t elements = 1;
      for (int64_t d : type.getShape())
        elements *= d;
      candidates.push_back({load, alloc, *contiguity,
                            elements * (type.getElementTypeBitWidth() / 8)});
    }
    if (candidates.empty())
      return success();
    return transform(loop, candidates, stages);
  }

  /// The schedule of `loop`: its stage-0 ops (into `early`), and whether
  /// they go before the rest of the body (the cluster order) or after it.
  static bool readSchedule(scf::ForOp loop, SmallVector<Operation *> &early) {
    std::optional<int> earlyCluster, lateCluster;
    for (Operation &op : loop.getBody()->without_terminator()) {
      std::optional<int> stage = getLoopStage(&op);
      std::optional<int> cluster = getLoopCluster(&op);
      if (stage == 0)
        early.push_back(&op);
      if (!stage || !cluster)
        continue;
      std::optional<int> &first = *stage == 0 ? earlyCluster : lateCluster;
      if (!first || *cluster < *first)
        first = *cluster;
    }
    return !earlyCluster || !lateCluster || *earlyCluster <= *lateCluster;
  }

  /// The schedule's stage-0 ops and what computes their operands, which
  /// runs with them (ops the schedule does not name, carryPointerOffsets'
  /// among them).
  static DenseSet<Operation *> stageZeroOf(scf::ForOp loop,
                                           ArrayRef<Operation *> early) {
    DenseSet<Operation *> stageZero(early.begin(), early.end());
    SmallVector<Value> roots;
    for (Operation *op : early)
      roots.append(op->operand_begin(), op->operand_end());
    for (Operation *op : getLoopSlice(loop, roots))
      stageZero.insert(op);
    return stageZero;
  }

  /// The slot of the iteration each stage works on, carried by the loop
  /// (0, 1, .., S-1, 0, ..): one counter for the copies (stage 0), one for
  /// the readers, the loop's last two iteration arguments; with `withPhase`,
  /// a third after them: the readers' mbarrier phase parity, flipped each
  /// time their slot wraps around.
  static FailureOr<scf::ForOp> addSlotCounters(scf::ForOp loop, int stages,
                                               bool withPhase,
                                               IRRewriter &rewriter) {
    rewriter.setInsertionPoint(loop);
    Value zero = arith::ConstantIntOp::create(rewriter, loop.getLoc(), 0, 32);
    SmallVector<Value> inits{zero, zero};
    if (withPhase)
      inits.push_back(zero);
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, inits,
        /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &yb, Location yl, ArrayRef<BlockArgument> args) {
          SmallVector<Value> next;
          Value readWraps;
          for (BlockArgument arg : args.take_front(2)) {
            Value inc = arith::AddIOp::create(
                yb, yl, arg, arith::ConstantIntOp::create(yb, yl, 1, 32));
            Value wrap = arith::CmpIOp::create(
                yb, yl, arith::CmpIPredicate::sge, inc,
                arith::ConstantIntOp::create(yb, yl, stages, 32));
            readWraps = wrap;
            next.push_back(arith::SelectOp::create(
                yb, yl, wrap, arith::ConstantIntOp::create(yb, yl, 0, 32),
                inc));
          }
          if (withPhase) {
            Value flipped = arith::XOrIOp::create(
                yb, yl, args[2], arith::ConstantIntOp::create(yb, yl, 1, 32));
            next.push_back(
                arith::SelectOp::create(yb, yl, readWraps, flipped, args[2]));
          }
          return next;
        });
    if (failed(grown))
      return failure();
    return cast<scf::ForOp>(grown->getOperation());
  }

  /// The first op of the body that reads a pipelined buffer (or the proxy
  /// fence right before it, which must follow the wait).
  static Operation *firstConsumerOf(scf::ForOp loop,
                                    ArrayRef<PipelinedLoad> candidates) {
    Operation *firstConsumer = nullptr;
    for (const PipelinedLoad &c : candidates)
      for (Operation *user : c.alloc->getUsers()) {
        Operation *at = loop.getBody()->findAncestorOpInBlock(*user);
        if (at && (!firstConsumer || at->isBeforeInBlock(firstConsumer)))
          firstConsumer = at;
      }
    if (!firstConsumer)
      return nullptr;
    if (Operation *prev = firstConsumer->getPrevNode())
      if (isa<nvidia_gpu::FenceAsyncSharedOp>(prev))
        return prev;
    return firstConsumer;
  }

  /// A wgmma whose result only feeds itself in the next iteration (a
  /// matmul's accumulator) is issued async, with at most one in flight,
  /// when the schedule issues this iteration's copies after it (its wait
  /// retires the previous one, whose slot they overwrite). Every shared
  /// operand must come from a ring: a buffer written in the loop by plain
  /// stores would be overwritten under the wgmma in flight. Returns that
  /// wgmma, or null.
  ///
  /// So is attention's P @ V (getAsyncChainDot), completed after the next
  /// iteration's Q K^T, whose wait retires it before that iteration's
  /// copies overwrite its V slot.
  nvidia_gpu::WarpGroupDotOp
  keepsDotInFlight(scf::ForOp loop, ArrayRef<PipelinedLoad> candidates,
                   bool earlyFirst) {
    nvidia_gpu::WarpGroupDotOp dot = getInFlightDot(loop);
    if (!dot)
      return {};
    auto fromRing = [&](Value v) {
      // A transposed view of a ring slot (B^T) reads the ring too.
      while (auto trans = v.getDefiningOp<MemDescTransOp>())
        v = trans.getSrc();
      return !isa<MemDescType>(v.getType()) ||
             llvm::any_of(candidates, [&](PipelinedLoad c) {
               return c.alloc.getResult() == v;
             });
    };
    if (!fromRing(dot.getA()) || !fromRing(dot.getB()))
      return {};
    if (earlyFirst) {
      remark(dot, "wgmma kept synchronous: the schedule issues the copies "
                  "before it");
      return {};
    }
    return dot;
  }

  /// The scf pipeliner's predicate: past the last iteration a copy is
  /// masked off (a zero-size copy, or a TMA copy and its barrier's arming
  /// not issued); other ops there must be free of effects.
  static Operation *predicateCopy(RewriterBase &rewriter, Operation *op,
                                  Value pred) {
    auto andPred = [&](Operation *op, OpOperand &old) {
      rewriter.setInsertionPoint(op);
      Value both =
          arith::AndIOp::create(rewriter, op->getLoc(), pred, old.get());
      rewriter.modifyOpInPlace(op, [&] { old.set(both); });
      return op;
    };
    if (auto tma = dyn_cast<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op))
      return andPred(tma, tma.getPredMutable());
    if (auto expect = dyn_cast<nvidia_gpu::BarrierExpectOp>(op))
      return andPred(expect, expect.getPredMutable());
    // A scalar load computing a copy's address (a block index): masked
    // off past the last iteration, reading zero there.
    if (auto load = dyn_cast<LoadOp>(op);
        load && !isa<ShapedType>(load.getType())) {
      if (load.getMask())
        return andPred(load, load.getMaskMutable()[0]);
      rewriter.setInsertionPoint(load);
      Value zero = arith::ConstantOp::create(
          rewriter, load.getLoc(), rewriter.getZeroAttr(load.getType()));
      rewriter.modifyOpInPlace(load, [&] {
        load.getMaskMutable().assign(pred);
        load.getOtherMutable().assign(zero);
      });
      return load;
    }
    auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op);
    if (!copy)
      return isMemoryEffectFree(op) || isa<AsyncCommitGroupOp>(op) ? op
                                                                   : nullptr;
    rewriter.setInsertionPoint(copy);
    auto maskType = RankedTensorType::get(
        cast<RankedTensorType>(copy.getSrc().getType()).getShape(),
        rewriter.getI1Type(),
        cast<RankedTensorType>(copy.getSrc().getType()).getEncoding());
    Value mask = SplatOp::create(rewriter, copy.getLoc(), maskType, pred);
    if (Value old = copy.getMask())
      mask = arith::AndIOp::create(rewriter, copy.getLoc(), mask, old);
    rewriter.modifyOpInPlace(copy, [&] { copy.getMaskMutable().assign(mask); });
    return copy;
  }

  /// The pipelined loop's accumulating wgmma issued async, one in flight;
  /// the last completes after the loop, before its result is used.
  static void makeDotAsync(scf::ForOp loop) {
    nvidia_gpu::WarpGroupDotOp dot = getAsyncAccumulatorDot(loop);
    if (!dot)
      return;
    dot.setIsAsync(true);
    OpBuilder afterDot(dot->getBlock(), ++Block::iterator(dot));
    nvidia_gpu::WarpGroupDotWaitOp::create(afterDot, dot.getLoc(), ValueRange(),
                                           1);
    // Readers in an scf.if of the body (a flattened nest's epilogue) wait
    // for it at the start of their region.
    DenseMap<Region *, Value> waited;
    Operation *yield = loop.getBody()->getTerminator();
    unsigned index = 0;
    SmallVector<OpOperand *> uses;
    for (OpOperand &use : dot->getUses())
      uses.push_back(&use);
    for (OpOperand *usePtr : uses) {
      OpOperand &use = *usePtr;
      if (use.getOwner() == yield) {
        index = use.getOperandNumber();
        continue;
      }
      Operation *at = loop.getBody()->findAncestorOpInBlock(*use.getOwner());
      Region *region = nullptr;
      for (Region &r : at->getRegions())
        if (r.isAncestor(use.getOwner()->getParentRegion()))
          region = &r;
      Value &ready = waited[region];
      if (!ready) {
        OpBuilder start = OpBuilder::atBlockBegin(&region->front());
        ready = nvidia_gpu::WarpGroupDotWaitOp::create(
                    start, dot.getLoc(), ValueRange{dot.getResult()}, 0)
                    .getResult(0);
      }
      use.set(ready);
    }
    Value out = loop.getResult(index);
    OpBuilder afterLoop(loop->getBlock(),
                        ++Block::iterator(loop.getOperation()));
    auto done = nvidia_gpu::WarpGroupDotWaitOp::create(afterLoop, dot.getLoc(),
                                                       ValueRange{out}, 0);
    out.replaceAllUsesExcept(done.getResult(0), done);
  }

  /// Attention's P @ V issued async: the next iteration waits for it after
  /// its Q K^T (synchronous, which completes every wgmma before it anyway)
  /// and before the rescale reads the accumulator; the last completes
  /// after the loop.
  static void makeChainDotAsync(scf::ForOp loop) {
    nvidia_gpu::WarpGroupDotOp second = getAsyncChainDot(loop);
    if (!second)
      return;
    // The chain's other wgmma, Q K^T, comes first in the body.
    auto first = *loop.getBody()->getOps<nvidia_gpu::WarpGroupDotOp>().begin();
    second.setIsAsync(true);
    unsigned index = second->use_begin()->getOperandNumber();
    Location loc = second.getLoc();
    BlockArgument acc = loop.getRegionIterArgs()[index];
    OpBuilder afterFirst(first->getBlock(), ++Block::iterator(first));
    auto ready = nvidia_gpu::WarpGroupDotWaitOp::create(afterFirst, loc,
                                                        ValueRange{acc}, 0);
    acc.replaceAllUsesExcept(ready.getResult(0), ready);
    Value out = loop.getResult(index);
    OpBuilder afterLoop(loop->getBlock(),
                        ++Block::iterator(loop.getOperation()));
    auto done = nvidia_gpu::WarpGroupDotWaitOp::create(afterLoop, loc,
                                                       ValueRange{out}, 0);
    out.replaceAllUsesExcept(done.getResult(0), done);
  }

  /// One commit group per copy, as upstream's, named by the wait where they
  /// precede it (the pipeliner carries their tokens; a copy after the first
  /// consumer is counted, not named). The commits follow the iteration's
  /// last copy: the first groups every copy, the others are empty - the
  /// same waits as upstream's, with the copies free to interleave.
  static void commitGroups(ArrayRef<AsyncCopyGlobalToLocalOp> copies,
                           AsyncWaitOp wait, DenseSet<Operation *> &stageZero) {
    Operation *last = copies.front();
    for (AsyncCopyGlobalToLocalOp copy : copies)
      if (last->isBeforeInBlock(copy))
        last = copy;
    OpBuilder after(last->getBlock(), ++Block::iterator(last));
    for (AsyncCopyGlobalToLocalOp copy : copies) {
      auto commit = AsyncCommitGroupOp::create(
          after, copy.getLoc(), AsyncTokenType::get(copy.getContext()),
          ValueRange{copy.getToken()});
      stageZero.insert(commit);
      if (commit->isBeforeInBlock(wait))
        wait.getAsyncTokenMutable().append(commit.getResult());
    }
  }

  /// After the loop: no copy may still write, then the buffers go.
  static void releaseAfter(scf::ForOp loop, ArrayRef<Value> buffers,
                           bool asyncCopies) {
    Location loc = loop.getLoc();
    OpBuilder after(loop->getBlock(), ++Block::iterator(loop));
    if (asyncCopies)
      AsyncWaitOp::create(after, loc, AsyncTokenType::get(loop.getContext()),
                          ValueRange(), 0);
    for (Value buf : buffers)
      LocalDeallocOp::create(after, loc, buf);
  }

  /// The mbarriers of a loop's TMA copies: one per ring slot, armed with
  /// the bytes of an iteration's TMA copies where the first is issued
  /// (stage 0), waited on by the readers with the carried phase.
  struct BarrierRing {
    Value barriers, writeBarrier;
    MemDescType slotType;
  };

  static BarrierRing setUpBarriers(scf::ForOp loop,
                                   ArrayRef<PipelinedLoad> candidates,
                                   int stages, Value writeSlot, Value readSlot,
                                   Value readPhase, OpBuilder &consumer,
                                   DenseSet<Operation *> &stageZero) {
    Location loc = loop.getLoc();
    OpBuilder b(loop);
    uint64_t tmaBytes = 0;
    Operation *firstTMA = nullptr;
    for (const PipelinedLoad &c : candidates) {
      if (!isa<DescriptorLoadOp>(c.load))
        continue;
      tmaBytes += c.tileBytes;
      if (!firstTMA || c.load->isBeforeInBlock(firstTMA))
        firstTMA = c.load;
    }
    BarrierRing ring;
    ring.barriers = createBarrierRing(b, loc, stages, /*arrivals=*/1);
    ring.slotType = getRingSlotType(cast<MemDescType>(ring.barriers.getType()));
    OpBuilder producer(firstTMA);
    for (Operation *op : getLoopSlice(loop, {writeSlot}))
      stageZero.insert(op);
    ring.writeBarrier = MemDescIndexOp::create(producer, loc, ring.slotType,
                                               ring.barriers, writeSlot);
    Value always = arith::ConstantIntOp::create(producer, loc, 1, 1);
    auto expect = nvidia_gpu::BarrierExpectOp::create(
        producer, loc, ring.writeBarrier, tmaBytes, always);
    stageZero.insert(ring.writeBarrier.getDefiningOp());
    stageZero.insert(always.getDefiningOp());
    stageZero.insert(expect);
    Value readBarrier = MemDescIndexOp::create(consumer, loc, ring.slotType,
                                               ring.barriers, readSlot);
    nvidia_gpu::WaitBarrierOp::create(consumer, loc, readBarrier, readPhase,
                                      Value(), ValueRange());
    return ring;
  }

  /// After the loop: every copy issued was waited for in it.
  static void releaseBarriers(scf::ForOp loop, const BarrierRing &ring,
                              int stages) {
    Location loc = loop.getLoc();
    OpBuilder after(loop->getBlock(), ++Block::iterator(loop));
    invalidateBarrierRing(after, loc, ring.barriers);
    LocalDeallocOp::create(after, loc, ring.barriers);
  }

  /// The copy that replaces load `c`, into `dst` (its slot of the ring):
  /// TMA completing on the ring's barrier, or cp.async. Returns what its
  /// address depends on (stage 0 with it); a cp.async copy is added to
  /// `copies`.
  static SmallVector<Value>
  issueCopy(const PipelinedLoad &c, Value dst, const BarrierRing &ring,
            SmallVectorImpl<AsyncCopyGlobalToLocalOp> &copies,
            DenseSet<Operation *> &stageZero) {
    OpBuilder producer(c.load);
    SmallVector<Value> roots;
    if (auto load = dyn_cast<DescriptorLoadOp>(c.load)) {
      Value always =
          arith::ConstantIntOp::create(producer, load.getLoc(), 1, 1);
      auto copy = nvidia_gpu::AsyncTMACopyGlobalToLocalOp::create(
          producer, load.getLoc(), load.getDesc(), load.getIndices(),
          ring.writeBarrier, dst, always, load.getCache(), load.getEvict(),
          /*isVolatile=*/false);
      stageZero.insert(always.getDefiningOp());
      stageZero.insert(copy);
      roots.append(load.getIndices().begin(), load.getIndices().end());
      roots.push_back(load.getDesc());
      return roots;
    }
    auto load = cast<LoadOp>(c.load);
    auto copy = AsyncCopyGlobalToLocalOp::create(
        producer, load.getLoc(), AsyncTokenType::get(load.getContext()),
        load.getPtr(), dst, load.getMask(), Value(), load.getCache(),
        load.getEvict(), false, c.contiguity);
    copies.push_back(copy);
    stageZero.insert(copy);
    roots.push_back(load.getPtr());
    if (load.getMask())
      roots.push_back(load.getMask());
    return roots;
  }

  /// MLIR's scf pipeliner on the prepared loop: the two stages in the
  /// schedule's cluster order, each in body order; with the copies after
  /// the reads, the late ops the schedule puts after the copies (a
  /// persistent loop's epilogue) last.
  static FailureOr<scf::ForOp>
  runPipeliner(scf::ForOp loop, const DenseSet<Operation *> &stageZero,
               int stages, bool earlyFirst) {
    scf::PipeliningOption options;
    options.getScheduleFn =
        [&](scf::ForOp forOp,
            std::vector<std::pair<Operation *, unsigned>> &schedule) {
          // The late ops from the first one the schedule puts after the
          // copies (a cluster past theirs) on: the tail.
          std::optional<int> copiesCluster;
          for (Operation &op : forOp.getBody()->without_terminator())
            if (stageZero.contains(&op))
              if (std::optional<int> c = getLoopCluster(&op))
                copiesCluster = std::min(copiesCluster.value_or(*c), *c);
          DenseSet<Operation *> tail;
          for (Operation &op : forOp.getBody()->without_terminator()) {
            std::optional<int> c = getLoopCluster(&op);
            if (!stageZero.contains(&op) && !earlyFirst &&
                (!tail.empty() || (c && copiesCluster && *c > *copiesCluster)))
              tail.insert(&op);
          }
          auto add = [&](bool zero, bool inTail) {
            for (Operation &op : forOp.getBody()->without_terminator())
              if (stageZero.contains(&op) == zero &&
                  tail.contains(&op) == inTail)
                schedule.push_back({&op, zero ? 0u : unsigned(stages - 1)});
          };
          add(earlyFirst, false);
          add(!earlyFirst, false);
          add(false, true);
        };
    options.peelEpilogue = false;
    options.supportDynamicLoops = true;
    options.predicateFn = predicateCopy;
    IRRewriter rewriter(loop.getContext());
    rewriter.setInsertionPoint(loop);
    bool modified = false;
    return scf::pipelineForLoop(rewriter, loop, options, &modified);
  }

  LogicalResult transform(scf::ForOp loop,
                          MutableArrayRef<PipelinedLoad> candidates,
                          int stages) {
    MLIRContext *ctx = loop.getContext();
    Location loc = loop.getLoc();
    IRRewriter rewriter(ctx);
    int numAsyncCopies =
        llvm::count_if(candidates, [&](const PipelinedLoad &c) {
          return !isa<DescriptorLoadOp>(c.load);
        });
    bool anyTMA = numAsyncCopies != static_cast<int>(candidates.size());

    SmallVector<Operation *> scheduledEarly;
    bool earlyFirst = readSchedule(loop, scheduledEarly);
    FailureOr<scf::ForOp> grown =
        addSlotCounters(loop, stages, anyTMA, rewriter);
    if (failed(grown))
      return loop.emitError("cannot add the pipeline's slot counters"),
             failure();
    loop = *grown;
    unsigned numArgs = loop.getRegionIterArgs().size();
    unsigned counters = anyTMA ? 3 : 2;
    Value writeSlot = loop.getRegionIterArgs()[numArgs - counters];
    Value readSlot = loop.getRegionIterArgs()[numArgs - counters + 1];
    Value readPhase = anyTMA ? loop.getRegionIterArgs()[numArgs - 1] : Value();

    OpBuilder b(loop);
    DenseSet<Operation *> stageZero = stageZeroOf(loop, scheduledEarly);
    SmallVector<Value> buffers;
    SmallVector<AsyncCopyGlobalToLocalOp> copies;
    // Consumers read after one wait, placed before the first of them.
    Operation *firstConsumer = firstConsumerOf(loop, candidates);
    if (!firstConsumer)
      return success();
    nvidia_gpu::WarpGroupDotOp inFlight =
        keepsDotInFlight(loop, candidates, earlyFirst);
    // Attention's P @ V accumulates into the rescaled accumulator, a
    // matmul's wgmma into its iteration argument itself.
    bool chainInFlight = inFlight && !isa<BlockArgument>(inFlight.getC());
    if (inFlight && !chainInFlight)
      limitResidentBlocks(loop, inFlight, remarker());
    if (getDotChainTileSize(loop) &&
        requestResidentBlocks(loop, candidates, stages, remarker()))
      chainInFlight = false;
    // One commit group per cp.async copy, as upstream's: the iterations
    // still in flight when the consumers wait (one fewer where the copies
    // are issued after the consumers) times the copies an iteration issues.
    int pendingCopies = (earlyFirst ? stages - 1 : stages - 2) * numAsyncCopies;
    OpBuilder consumer(firstConsumer);
    AsyncWaitOp wait;
    if (numAsyncCopies)
      wait = AsyncWaitOp::create(consumer, loc, AsyncTokenType::get(ctx),
                                 ValueRange(), pendingCopies);
    BarrierRing ring;
    if (anyTMA)
      ring = setUpBarriers(loop, candidates, stages, writeSlot, readSlot,
                           readPhase, consumer, stageZero);

    for (PipelinedLoad &c : candidates) {
      LocalAllocOp buf = createBufferRing(b, loc, c.alloc.getType(), stages);
      buffers.push_back(buf);
      MemDescType slotType = getRingSlotType(buf.getType());

      // Producer, where the load was.
      OpBuilder producer(c.load);
      for (Operation *op : getLoopSlice(loop, {writeSlot}))
        stageZero.insert(op);
      auto dst = MemDescIndexOp::create(producer, c.load->getLoc(), slotType,
                                        buf, writeSlot);
      stageZero.insert(dst);
      SmallVector<Value> roots = issueCopy(c, dst, ring, copies, stageZero);
      for (Operation *op : getLoopSlice(loop, roots))
        stageZero.insert(op);

      // Consumers: the slot's view instead of the alloc.
      auto src = MemDescIndexOp::create(consumer, loc, slotType, buf, readSlot);
      c.alloc.getResult().replaceAllUsesWith(src.getResult());
      // Out of the set before they go: an op created later at the same
      // address must not inherit their stage.
      stageZero.erase(c.alloc);
      stageZero.erase(c.load);
      c.alloc.erase();
      c.load->erase();
    }
    if (anyTMA)
      releaseBarriers(loop, ring, stages);
    if (numAsyncCopies)
      commitGroups(copies, wait, stageZero);
    releaseAfter(loop, buffers, numAsyncCopies > 0);

    FailureOr<scf::ForOp> result =
        runPipeliner(loop, stageZero, stages, earlyFirst);
    if (failed(result))
      return loop.emitError("software pipelining failed"), failure();
    if (chainInFlight)
      makeChainDotAsync(*result);
    else if (inFlight)
      makeDotAsync(*result);
    std::string tmaCopies =
        anyTMA ? ", " + std::to_string(candidates.size() - numAsyncCopies) +
                     " as TMA copies"
               : "";
    remark(*result, "loop pipelined: " + Twine(numAsyncCopies) +
                        " loads as async copies" + tmaCopies + ", " +
                        Twine(stages) + " stages");
    return success();
  }
};
} // namespace
