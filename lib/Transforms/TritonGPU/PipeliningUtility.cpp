//===- PipeliningUtility.cpp - Loop schedules for software pipelining -----===//
//
// The questions tritongpu-assign-latencies, tritongpu-schedule-loops and
// tritongpu-pipeline ask about a loop, answered once.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

SmallVector<scf::ForOp>
mlir::triton::gpu::getInnermostPipelineLoops(ModuleOp module) {
  SmallVector<scf::ForOp> loops;
  module.walk([&](scf::ForOp loop) {
    bool hasDot = false, hasLoad = false, hasLoop = false;
    loop.getBody()->walk([&](Operation *op) {
      hasDot |= isa<DotOp, nvidia_gpu::WarpGroupDotOp>(op);
      hasLoad |= isa<LoadOp>(op);
      hasLoop |= isa<LoopLikeOpInterface>(op) && op != loop;
    });
    if (!hasLoop && (hasDot || (hasLoad && loop->hasAttr(kNumStagesAttrName))))
      loops.push_back(loop);
  });
  return loops;
}

int mlir::triton::gpu::getNumStagesFor(scf::ForOp loop, int defaultStages) {
  if (auto attr = loop->getAttrOfType<IntegerAttr>(kNumStagesAttrName))
    return attr.getInt();
  return defaultStages;
}

bool mlir::triton::gpu::isMarkedForWarpSpecialization(scf::ForOp loop) {
  Attribute flag = loop->getAttr("tt.warp_specialize");
  if (auto value = dyn_cast_or_null<BoolAttr>(flag))
    return value.getValue();
  return isa_and_nonnull<UnitAttr>(flag);
}

SetVector<Operation *> mlir::triton::gpu::getLoopSlice(scf::ForOp loop,
                                                       ArrayRef<Value> values) {
  SetVector<Operation *> slice;
  SmallVector<Value> work(values.begin(), values.end());
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!v || !seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      if (arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0)
        continue;
      // A loop-carried value: what the previous iteration yields.
      work.push_back(
          loop.getBody()->getTerminator()->getOperand(arg.getArgNumber() - 1));
      continue;
    }
    Operation *def = v.getDefiningOp();
    Operation *ancestor = loop.getBody()->findAncestorOpInBlock(*def);
    if (!ancestor)
      continue; // defined outside the loop
    if (!slice.insert(ancestor))
      continue;
    for (Value operand : ancestor->getOperands())
      work.push_back(operand);
    ancestor->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        work.push_back(operand);
    });
  }
  return slice;
}

namespace {
/// The dimension a blocked layout walks first (the last one otherwise).
unsigned fastestDim(RankedTensorType type) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    return b.getOrder()[0];
  return type.getRank() - 1;
}

unsigned elementsPerThreadAlong(RankedTensorType type, unsigned dim) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(type.getEncoding()))
    return b.getSizePerThread()[dim];
  return 1;
}

/// Whether the load's pointers and mask are computed from the induction
/// variable, values from outside the loop and recurrences among such ops
/// alone (no dots, shared memory or tile loads), so they can run ahead.
/// Scalar loads may be among them: a block-sparse loop (flex attention's)
/// reads the index of its next key block from memory; they run ahead with
/// the copies, as the tiles' loads do (the loop is taken not to write what
/// it loads, as for every load the pipeliner moves).
bool addressesRunAhead(scf::ForOp loop, ArrayRef<Value> roots) {
  // A pure scf.if may be among them: a flattened loop nest computes a new
  // tile's offsets under one (tritongpu-fuse-nested-loops).
  for (Operation *op : getLoopSlice(loop, roots)) {
    auto load = dyn_cast<LoadOp>(op);
    if (load && !isa<ShapedType>(load.getType()) && !load.getIsVolatile())
      continue;
    if (!isMemoryEffectFree(op))
      return false;
    if (op->getNumRegions() && !isa<scf::IfOp>(op))
      return false;
  }
  return true;
}

bool addressesRunAhead(scf::ForOp loop, LoadOp load) {
  SmallVector<Value> roots{load.getPtr()};
  if (load.getMask())
    roots.push_back(load.getMask());
  return addressesRunAhead(loop, roots);
}

bool holdsDot(scf::ForOp loop) {
  return loop.getBody()
      ->walk([](Operation *op) {
        return isa<DotOp, nvidia_gpu::WarpGroupDotOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Stages each load of `loop` that cp.async can copy ahead (zero or no
/// `other`, not volatile, 4 bytes or more per copy, addresses computable
/// ahead) through shared memory: `local_load(local_alloc(load))`, in a
/// buffer laid out in the load's own order (each thread reads back its own
/// contiguous elements). Returns the staged loads.
SmallVector<LoadOp> stageLoads(scf::ForOp loop,
                               const ModuleAxisInfoAnalysis &axis) {
  SmallVector<LoadOp> staged;
  for (auto load :
       llvm::make_early_inc_range(loop.getBody()->getOps<LoadOp>())) {
    auto type = dyn_cast<RankedTensorType>(load.getType());
    auto blocked =
        type ? dyn_cast<BlockedEncodingAttr>(type.getEncoding()) : nullptr;
    if (!blocked || !type.getElementType().isIntOrFloat() ||
        load.getIsVolatile() || !isZeroOrAbsent(load.getOther()) ||
        load->use_empty() || !getCopyContiguity(load, axis) ||
        !addressesRunAhead(loop, load))
      continue;
    MLIRContext *ctx = load.getContext();
    auto shared = SwizzledSharedEncodingAttr::get(
        ctx, 1, 1, 1, blocked.getOrder(), blocked.getCTALayout());
    auto bufferType = MemDescType::get(type.getShape(), type.getElementType(),
                                       shared, SharedMemorySpaceAttr::get(ctx));
    OpBuilder b(load->getBlock(), ++Block::iterator(load));
    auto alloc = LocalAllocOp::create(b, load.getLoc(), bufferType,
                                      load.getResult(), IntegerAttr());
    auto back =
        LocalLoadOp::create(b, load.getLoc(), type, alloc.getResult(), Value());
    load.getResult().replaceAllUsesExcept(back.getResult(), alloc);
    staged.push_back(load);
  }
  return staged;
}

/// Undoes stageLoads.
void unstageLoads(ArrayRef<LoadOp> staged) {
  for (LoadOp load : staged) {
    Operation *alloc = *load->getUsers().begin();
    Operation *back = *alloc->getUsers().begin();
    back->getResult(0).replaceAllUsesWith(load.getResult());
    back->erase();
    alloc->erase();
  }
}

/// Stages each load of `loop` converted straight into a tensor-core dot
/// operand (`convert_layout(load) : #blocked -> #dot_op`, which
/// reduce-data-duplication leaves to warp shuffles when no other warp
/// needs the data) through shared memory, as the operand's own buffer:
/// `local_load(local_alloc(load))`. The pipeliner can then copy it ahead
/// with cp.async, as upstream pipelines every load of a dot operand (an
/// 8-bit A of mma.sync, 16 bytes a thread along K, otherwise stayed a
/// synchronous load: 0.55x of upstream on fp8 matmuls with two warps,
/// measured on an H200). Returns the staged loads and their conversions'
/// types.
SmallVector<std::pair<LoadOp, RankedTensorType>>
stageDotOperandLoads(scf::ForOp loop) {
  SmallVector<std::pair<LoadOp, RankedTensorType>> staged;
  OpBuilder builder(loop.getContext());
  for (auto c :
       llvm::make_early_inc_range(loop.getBody()->getOps<ConvertLayoutOp>())) {
    auto load = c.getSrc().getDefiningOp<LoadOp>();
    auto dstType = cast<RankedTensorType>(c.getType());
    auto operand = dyn_cast<DotOperandEncodingAttr>(dstType.getEncoding());
    if (!load || !load->hasOneUse() || load->getBlock() != loop.getBody() ||
        !operand ||
        !isa<BlockedEncodingAttr>(
            cast<RankedTensorType>(c.getSrc().getType()).getEncoding()) ||
        !isa<NvidiaMmaEncodingAttr>(operand.getParent()))
      continue;
    if (stageDotOperand(builder, c))
      staged.push_back({load, dstType});
  }
  return staged;
}

/// Undoes stageDotOperandLoads for the loads the pipeliner did not take.
void unstageDotOperandLoads(
    ArrayRef<std::pair<LoadOp, RankedTensorType>> staged) {
  for (auto [load, type] : staged) {
    if (load->hasAttr(kLatencyAttrName))
      continue;
    Operation *alloc = *load->getUsers().begin();
    Operation *back = *alloc->getUsers().begin();
    OpBuilder b(back);
    auto c = ConvertLayoutOp::create(b, back->getLoc(), type, load.getResult());
    back->getResult(0).replaceAllUsesWith(c.getResult());
    back->erase();
    alloc->erase();
  }
}
} // namespace

FailureOr<Value> UniformStride::of(Value v) {
  if (v == loop.getInductionVar())
    return constant(1);
  if (!loop->isAncestor(v.getParentRegion()->getParentOp()))
    return Value();
  Operation *def = v.getDefiningOp();
  if (!def)
    return failure(); // a loop-carried value
  if (isa<arith::ConstantOp, MakeRangeOp>(def))
    return Value();
  if (isa<SplatOp, ExpandDimsOp, BroadcastOp, arith::ExtSIOp>(def))
    return of(def->getOperand(0));
  if (isa<arith::AddIOp, arith::SubIOp, AddPtrOp>(def)) {
    FailureOr<Value> lhs = of(def->getOperand(0));
    FailureOr<Value> rhs = of(def->getOperand(1));
    if (failed(lhs) || failed(rhs))
      return failure();
    if (!*rhs)
      return *lhs;
    if (isa<arith::SubIOp>(def))
      *rhs = arith::SubIOp::create(b, def->getLoc(), constant(0), *rhs);
    return *lhs ? Value(arith::AddIOp::create(b, def->getLoc(), *lhs, *rhs))
                : *rhs;
  }
  if (isa<arith::MulIOp>(def)) {
    for (int moving : {0, 1}) {
      FailureOr<Value> stride = of(def->getOperand(moving));
      Value factor = uniformScalar(def->getOperand(1 - moving));
      if (succeeded(stride) && factor)
        return *stride ? Value(arith::MulIOp::create(b, def->getLoc(), *stride,
                                                     factor))
                       : Value();
    }
  }
  return failure();
}

Value UniformStride::constant(int64_t value) {
  return arith::ConstantIntOp::create(b, loop.getLoc(), value, 64);
}

/// `v` as an i64 scalar at `b` when every element holds the same value and
/// it does not change in the loop (a splat of such a scalar, a splat
/// constant, the scalar itself); null otherwise.
Value UniformStride::uniformScalar(Value v) {
  DenseIntElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat())
    return constant(dense.getSplatValue<APInt>().getSExtValue());
  IntegerAttr scalar;
  if (matchPattern(v, m_Constant(&scalar)))
    return constant(scalar.getInt());
  if (auto splat = v.getDefiningOp<SplatOp>())
    return uniformScalar(splat.getSrc());
  if (isa<ShapedType>(v.getType()) ||
      loop->isAncestor(v.getParentRegion()->getParentOp()))
    return {};
  Value outside = map.lookupOrDefault(v);
  if (!outside.getType().isInteger(64))
    outside = arith::ExtSIOp::create(b, loop.getLoc(), b.getI64Type(), outside);
  return outside;
}

bool mlir::triton::gpu::isZeroOrAbsent(Value other) {
  if (!other)
    return true;
  return matchPattern(other, m_Zero()) || matchPattern(other, m_AnyZeroFloat());
}

std::optional<unsigned>
mlir::triton::gpu::getCopyContiguity(LoadOp load,
                                     const ModuleAxisInfoAnalysis &axis) {
  auto type = dyn_cast<RankedTensorType>(load.getType());
  if (!type)
    return std::nullopt;
  unsigned dim = fastestDim(cast<RankedTensorType>(load.getPtr().getType()));
  unsigned bytes = type.getElementTypeBitWidth() / 8;
  if (bytes == 0)
    return std::nullopt;
  unsigned contiguity = std::min(axis.getPtrContiguity(load.getPtr(), dim),
                                 axis.getPtrAlignment(load.getPtr(), dim));
  if (Value mask = load.getMask())
    contiguity = std::min(contiguity, axis.getMaskAlignment(mask, dim));
  contiguity = std::min(contiguity, elementsPerThreadAlong(type, dim));
  contiguity = std::min<unsigned>(contiguity, 16 / bytes);
  // The shared buffer must keep those elements together too: as many as
  // its layout puts at consecutive offsets along `dim` (one, for an fp8
  // wgmma operand stored K-major while memory runs along N).
  if (load->hasOneUse())
    if (auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin()))
      if (std::optional<LinearLayout> shared =
              toLinearLayout(type.getShape(), alloc.getType().getEncoding()))
        contiguity = std::min<unsigned>(
            contiguity,
            shared->getNumConsecutiveInOut(layout_dims::kOffset,
                                           layout_dims::outDimName(dim)));
  if (contiguity * bytes < 4)
    return std::nullopt;
  return contiguity;
}

/// A descriptor load TMA can copy ahead: its block goes straight into the
/// loop's shared buffer (one whose layout TMA writes), from a descriptor
/// and coordinates computable ahead.
static std::optional<PipelinedLoad>
findTMALoad(scf::ForOp loop, DescriptorLoadOp load, RemarkFn remark) {
  auto type = cast<RankedTensorType>(load.getType());
  auto alloc = load->hasOneUse()
                   ? dyn_cast<LocalAllocOp>(*load->getUsers().begin())
                   : LocalAllocOp();
  if (!alloc || alloc->getBlock() != loop.getBody()) {
    remark(load, "load not pipelined: it does not feed a shared buffer");
    return std::nullopt;
  }
  std::string why;
  FailureOr<nvidia_gpu::TMAPlan> plan =
      nvidia_gpu::planTMACopies(type.getShape(), type.getElementType(),
                                alloc.getType().getEncoding(), &why);
  if (failed(plan)) {
    remark(load, "load not pipelined: " + Twine(why));
    return std::nullopt;
  }
  SmallVector<Value> roots(load.getIndices());
  roots.push_back(load.getDesc());
  if (!addressesRunAhead(loop, roots)) {
    remark(load, "load not pipelined: its coordinates depend on the loop's "
                 "computation");
    return std::nullopt;
  }
  return PipelinedLoad{load, alloc, 0, plan->bytes};
}

SmallVector<PipelinedLoad> mlir::triton::gpu::findPipelineableLoads(
    scf::ForOp loop, const ModuleAxisInfoAnalysis &axis, RemarkFn remark) {
  SmallVector<PipelinedLoad> out;
  for (Operation &op : *loop.getBody()) {
    if (auto load = dyn_cast<DescriptorLoadOp>(op)) {
      if (std::optional<PipelinedLoad> tma = findTMALoad(loop, load, remark))
        out.push_back(*tma);
      continue;
    }
    auto load = dyn_cast<LoadOp>(op);
    if (!load)
      continue;
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!type || !load->hasOneUse())
      continue;
    if (!isZeroOrAbsent(load.getOther())) {
      remark(load, "load not pipelined: masked-off elements are not zero");
      continue;
    }
    if (load.getIsVolatile()) {
      remark(load, "load not pipelined: volatile");
      continue;
    }
    auto alloc = dyn_cast<LocalAllocOp>(*load->getUsers().begin());
    if (!alloc || alloc->getBlock() != loop.getBody()) {
      remark(load, "load not pipelined: it does not feed a shared buffer");
      continue;
    }
    std::optional<unsigned> contiguity = getCopyContiguity(load, axis);
    if (!contiguity) {
      unsigned dim =
          fastestDim(cast<RankedTensorType>(load.getPtr().getType()));
      unsigned known = std::min(axis.getPtrContiguity(load.getPtr(), dim),
                                axis.getPtrAlignment(load.getPtr(), dim));
      if (Value mask = load.getMask())
        known = std::min(known, axis.getMaskAlignment(mask, dim));
      known = std::min(known, elementsPerThreadAlong(type, dim));
      remark(load, "load not pipelined: cp.async copies 4, 8 or 16 bytes, "
                   "and only " +
                       Twine(known * (type.getElementTypeBitWidth() / 8)) +
                       " contiguous bytes per thread are known");
      continue;
    }
    if (!addressesRunAhead(loop, load)) {
      remark(load, "load not pipelined: its address depends on the loop's "
                   "computation");
      continue;
    }
    uint64_t elements = 1;
    for (int64_t d : type.getShape())
      elements *= d;
    out.push_back({load, alloc, *contiguity,
                   elements * (type.getElementTypeBitWidth() / 8)});
  }
  return out;
}

nvidia_gpu::WarpGroupDotOp
mlir::triton::gpu::getAsyncAccumulatorDot(scf::ForOp loop) {
  nvidia_gpu::WarpGroupDotOp found;
  Operation *yield = loop.getBody()->getTerminator();
  for (auto dot : loop.getBody()->getOps<nvidia_gpu::WarpGroupDotOp>()) {
    auto arg = dyn_cast<BlockArgument>(dot.getC());
    if (!arg || arg.getOwner() != loop.getBody() || arg.getArgNumber() == 0 ||
        !arg.hasOneUse())
      continue;
    // The result goes to the next iteration's accumulator; other readers
    // must be in an scf.if of the body (a flattened nest's epilogue), where
    // a wait is placed for them.
    bool feedsItself = false, othersInIfs = true;
    for (OpOperand &use : dot->getUses()) {
      if (use.getOwner() == yield) {
        feedsItself |= use.getOperandNumber() + 1 == arg.getArgNumber();
        othersInIfs &= use.getOperandNumber() + 1 == arg.getArgNumber();
        continue;
      }
      Operation *at = loop.getBody()->findAncestorOpInBlock(*use.getOwner());
      othersInIfs &= at && at != use.getOwner() && isa<scf::IfOp>(at);
    }
    if (!feedsItself || !othersInIfs)
      continue;
    if (found)
      return {}; // one async dot at a time
    found = dot;
  }
  return found;
}

nvidia_gpu::WarpGroupDotOp mlir::triton::gpu::getInFlightDot(scf::ForOp loop) {
  if (nvidia_gpu::WarpGroupDotOp dot = getAsyncAccumulatorDot(loop))
    return dot;
  return getAsyncChainDot(loop);
}

bool mlir::triton::gpu::onlyAsyncCopiesWrite(LocalAllocOp alloc,
                                             Operation *scope) {
  SmallVector<Value> worklist{alloc.getResult()};
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    for (Operation *user : v.getUsers()) {
      if (isMemDescView(user)) {
        worklist.push_back(user->getResult(0));
        continue;
      }
      if (scope && !scope->isAncestor(user))
        continue;
      if (!isa<AsyncCopyGlobalToLocalOp,
               nvidia_gpu::AsyncTMACopyGlobalToLocalOp, LocalLoadOp,
               LocalDeallocOp, nvidia_gpu::WarpGroupDotOp>(user))
        return false;
    }
  }
  return true;
}

bool mlir::triton::gpu::assignLatencies(scf::ForOp loop, int defaultStages,
                                        const ModuleAxisInfoAnalysis &axis,
                                        int capability, RemarkFn remark) {
  int stages = getNumStagesFor(loop, defaultStages);
  if (stages <= 1) {
    remark(loop, "loop not pipelined: 1 stage");
    return false;
  }
  SmallVector<LoadOp> staged;
  SmallVector<std::pair<LoadOp, RankedTensorType>> operands;
  if (!holdsDot(loop))
    staged = stageLoads(loop, axis);
  else
    operands = stageDotOperandLoads(loop);
  auto unstage = [&]() {
    unstageLoads(staged);
    unstageDotOperandLoads(operands);
  };
  SmallVector<PipelinedLoad> loads = findPipelineableLoads(loop, axis, remark);
  if (loads.empty()) {
    remark(loop, "loop not pipelined: no load feeds shared memory");
    unstage();
    return false;
  }
  // Shared-memory budget: one ring slot per stage for every load, within
  // the target's limit.
  uint64_t perStage = 0;
  for (const PipelinedLoad &l : loads)
    perStage += l.tileBytes;
  uint64_t limit = getSharedMemoryLimit(capability);
  int fit = stages;
  while (fit > 1 && perStage * fit > limit)
    --fit;
  if (fit <= 1) {
    remark(loop, "loop not pipelined: even 2 stages of its tiles (" +
                     Twine(perStage * 2) + " bytes) exceed shared memory (" +
                     Twine(limit) + " bytes)");
    unstage();
    return false;
  }
  if (fit < stages) {
    loop->emitRemark("num_stages lowered from ")
        << stages << " to " << fit << ": " << stages << " stages of "
        << perStage << " bytes exceed the " << limit
        << " bytes of shared memory";
    stages = fit;
  }
  Builder b(loop.getContext());
  for (const PipelinedLoad &l : loads)
    l.load->setAttr(kLatencyAttrName, b.getI32IntegerAttr(stages - 1));
  unstageDotOperandLoads(operands);
  return true;
}

std::optional<int> mlir::triton::gpu::getLoopStage(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kLoopStageAttrName))
    return attr.getInt();
  return std::nullopt;
}

std::optional<int> mlir::triton::gpu::getLoopCluster(Operation *op) {
  if (auto attr = op->getAttrOfType<IntegerAttr>(kLoopClusterAttrName))
    return attr.getInt();
  return std::nullopt;
}

bool mlir::triton::gpu::scheduleLoop(scf::ForOp loop) {
  // Ops with a latency, and what computes their operands, run `latency`
  // iterations ahead: stage 0. Everything else waits for them: the last
  // stage.
  SmallVector<Value> roots;
  SetVector<Operation *> early;
  int maxStage = 0;
  for (Operation &op : loop.getBody()->without_terminator())
    if (auto latency = op.getAttrOfType<IntegerAttr>(kLatencyAttrName)) {
      maxStage = std::max<int>(maxStage, latency.getInt());
      early.insert(&op);
      roots.append(op.operand_begin(), op.operand_end());
    }
  if (early.empty() || maxStage == 0)
    return false;
  for (Operation *op : getLoopSlice(loop, roots))
    early.insert(op);

  // Clusters: the early ops are issued before the body's other work, so that
  // an iteration's tiles go out before it waits for earlier ones; with a
  // wgmma kept in flight across iterations (a matmul's accumulator fed only
  // from pipelined loads), after it: its wait retires the wgmma that still
  // reads the ring slot the copies overwrite.
  // So with attention's P @ V kept in flight across the back-edge: the next
  // Q K^T (synchronous) retires it before the copies overwrite its slot.
  bool earlyLast = false;
  nvidia_gpu::WarpGroupDotOp dot = getInFlightDot(loop);
  if (dot) {
    auto pipelined = [&](Value v) {
      if (!isa<MemDescType>(v.getType()))
        return true;
      while (auto trans = v.getDefiningOp<MemDescTransOp>())
        v = trans.getSrc();
      auto alloc = v.getDefiningOp<LocalAllocOp>();
      return alloc && alloc.getSrc() && alloc.getSrc().getDefiningOp() &&
             alloc.getSrc().getDefiningOp()->hasAttr(kLatencyAttrName);
    };
    earlyLast = pipelined(dot.getA()) && pipelined(dot.getB());
  }
  // Then, with the copies after the wgmma, what follows the wgmma in the
  // body (a persistent loop's epilogue, under an scf.if) comes after the
  // copies too (cluster 2): the next tiles' copies go out before the
  // epilogue runs.
  Builder b(loop.getContext());
  bool afterDot = false;
  for (Operation &op : loop.getBody()->without_terminator()) {
    bool isEarly = early.contains(&op);
    int cluster = isEarly == earlyLast ? 1 : 0;
    if (earlyLast && !isEarly && afterDot)
      cluster = 2;
    afterDot |= &op == dot.getOperation();
    op.setAttr(kLoopStageAttrName, b.getI32IntegerAttr(isEarly ? 0 : maxStage));
    op.setAttr(kLoopClusterAttrName, b.getI32IntegerAttr(cluster));
  }
  loop->setAttr(kScheduledMaxStageAttrName, b.getI32IntegerAttr(maxStage));
  return true;
}

void mlir::triton::gpu::clearSchedule(Operation *root) {
  root->walk([](Operation *op) {
    op->removeAttr(kLatencyAttrName);
    op->removeAttr(kLoopStageAttrName);
    op->removeAttr(kLoopClusterAttrName);
    op->removeAttr(kScheduledMaxStageAttrName);
  });
}

LocalAllocOp mlir::triton::gpu::createBufferRing(OpBuilder &b, Location loc,
                                                 MemDescType tile, int stages) {
  SmallVector<int64_t> shape{stages};
  llvm::append_range(shape, tile.getShape());
  auto type = MemDescType::get(shape, tile.getElementType(), tile.getEncoding(),
                               tile.getMemorySpace(), /*mutableMemory=*/true);
  return LocalAllocOp::create(b, loc, type, Value(), IntegerAttr());
}

MemDescType mlir::triton::gpu::getRingSlotType(MemDescType ring) {
  return MemDescType::get(ring.getContext(), ring.getShape().drop_front(),
                          ring.getElementType(), ring.getEncoding(),
                          ring.getMemorySpace(), /*mutableMemory=*/true,
                          ring.getShape());
}

LocalAllocOp mlir::triton::gpu::createBarrierRing(OpBuilder &b, Location loc,
                                                  int stages, int arrivals) {
  MLIRContext *ctx = b.getContext();
  auto encoding = SwizzledSharedEncodingAttr::get(
      ctx, 1, 1, 1, {0}, CTALayoutAttr::getTrivial(ctx));
  auto ringType =
      MemDescType::get({stages, 1}, b.getI64Type(), encoding,
                       SharedMemorySpaceAttr::get(ctx), /*mutableMemory=*/true);
  auto ring = LocalAllocOp::create(b, loc, ringType, Value(), IntegerAttr());
  MemDescType slotType = getRingSlotType(ringType);
  for (int i = 0; i < stages; ++i) {
    Value index = arith::ConstantIntOp::create(b, loc, i, 32);
    Value slot = MemDescIndexOp::create(b, loc, slotType, ring, index);
    nvidia_gpu::InitBarrierOp::create(b, loc, slot, arrivals);
  }
  return ring;
}

void mlir::triton::gpu::invalidateBarrierRing(OpBuilder &b, Location loc,
                                              Value ring) {
  auto ringType = cast<MemDescType>(ring.getType());
  MemDescType slotType = getRingSlotType(ringType);
  for (int64_t i = 0; i < ringType.getShape()[0]; ++i) {
    Value index = arith::ConstantIntOp::create(b, loc, i, 32);
    nvidia_gpu::InvalBarrierOp::create(
        b, loc, MemDescIndexOp::create(b, loc, slotType, ring, index));
  }
}

std::pair<Value, Value>
mlir::triton::gpu::getRingSlotAndPhase(OpBuilder &b, Location loc, Value n,
                                       int stages, bool flip) {
  Value s = arith::ConstantIntOp::create(b, loc, stages, 32);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 32);
  Value slot = arith::RemUIOp::create(b, loc, n, s);
  Value phase =
      arith::AndIOp::create(b, loc, arith::DivUIOp::create(b, loc, n, s), one);
  if (flip)
    phase = arith::XOrIOp::create(b, loc, phase, one);
  return {slot, phase};
}

void mlir::triton::gpu::waitForRingReleases(OpBuilder &b, Location loc,
                                            Value ring, Value count,
                                            int stages) {
  MemDescType slotType = getRingSlotType(cast<MemDescType>(ring.getType()));
  for (int j = 0; j < stages; ++j) {
    Value n = arith::AddIOp::create(
        b, loc, count, arith::ConstantIntOp::create(b, loc, j, 32));
    auto [slot, phase] = getRingSlotAndPhase(b, loc, n, stages, /*flip=*/true);
    Value bar = MemDescIndexOp::create(b, loc, slotType, ring, slot);
    nvidia_gpu::WaitBarrierOp::create(b, loc, bar, phase, Value(),
                                      ValueRange());
  }
}
