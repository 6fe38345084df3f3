//===- AutomaticWarpSpecialization.cpp - producer/consumer warp groups ----===//
//
// tritongpu-automatic-warp-specialization: a loop marked
// `tt.warp_specialize` whose shared operands arrive by TMA or by pointer
// loads becomes a producer warp group that issues the copies and the
// default warps that consume them:
//
//   full, empty = S mbarriers each    (full: 1 arrival + the bytes;
//                                      empty: one arrival per consumer thread)
//   ringA, ringB, ... = S slots each
//   ttg.warp_specialize(captures)
//   default {                                     // the loop, consuming
//     scf.for ... iter_args(..., %n = 0) {
//       wait full[n % S], phase (n / S) & 1
//       acc = wgmma ringA[n % S], ringB[n % S], acc   {isAsync}
//       warp_group_dot_wait {pendings = 1}            // n - 1 completed
//       arrive empty[(n - 1) % S]  if n > 0
//     }
//     warp_group_dot_wait {pendings = 0}
//   }
//   partition0(...) num_warps(4) {                // the address computation
//     scf.for ... iter_args(..., %n = 0) {
//       wait empty[n % S], phase ((n / S) & 1) ^ 1  // the first round passes
//       expect full[n % S], bytes
//       TMA descA[...] -> ringA[n % S] on full[n % S]; ...
//     }
//   }
//
// Pointer loads become cp.async copies instead: every producer thread
// issues its part of each tile and then `async_copy_mbarrier_arrive
// {noIncrement}` on full[n % S] (initialized for the producer's 128
// arrivals, no bytes), which the hardware performs once the thread's
// copies completed. The producer computes the pointers and masks itself,
// in its own layouts (the loop's blocked layouts over 4 warps), with the
// tensors from before the loop they start from made again there; only
// scalars are captured.
//
// A loop without a wgmma to keep in flight (attention: the accumulator is
// rescaled each iteration, P @ V reads P from registers; or a wgmma reading
// a buffer the loop stores from its own values) keeps its dots
// synchronous and releases each slot at the end of its iteration; with
// three slots or more, attention's P @ V is issued a turn later instead,
// after the next Q K^T, the softmax running while it is in flight
// (DotChainPipelining.cpp).
//
// The producer runs ahead by up to S tiles; neither side waits on the
// other's instructions, only on its buffers. Layout choices are not
// revisited: the consumer keeps the warps, tiles and encodings the loop had.
// Descriptor loads may read kernel-argument descriptors or descriptors the
// kernel makes before the loop (`tl.make_tensor_descriptor`, tutorial 06's
// warp_specialize path on Hopper): the producer makes its own copy of such a
// descriptor from the captured base, shape and strides, so the tensor map is
// written, released and acquired by the threads that issue the copies (the
// tensor-map proxy's acquire is the reading thread's), in the producer's own
// slice of global scratch. Other descriptors
// (ttng.reinterpret_tensor_descriptor of a pointer) keep the pipelined loop.
// A chain of dots (attention) with one consumer warp group (4 warps) stays
// pipelined even where marked: it ran slower specialized every time it was
// measured.
//
// `multicast` (Passes.td, ClusterPeer.h; off, slower where measured) shares
// copies between the 2 blocks of a cluster, whose consumers release both.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"
#include "TritonDialect/Transforms/ClusterPeer.h"
#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

#include <numeric>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUAUTOMATICWARPSPECIALIZATION
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
/// The producer: one warp group (setmaxnreg acts on whole warp groups).
constexpr int kProducerWarps = 4;
constexpr int kProducerRegisters = 40;
constexpr int kRegisterFile = 65536;

/// What a loop's specialization needs, found before anything changes.
struct Plan {
  scf::ForOp loop;
  /// The loads the producer issues: all descriptor loads (TMA), or all
  /// pointer loads (cp.async, `contiguity` elements a copy).
  SmallVector<Operation *> loads;
  SmallVector<LocalAllocOp> allocs;
  SmallVector<unsigned> contiguity;
  uint64_t bytesPerIteration = 0;
  ttng::WarpGroupDotOp dot;
  /// The body ops the loads' descriptors, coordinates, pointers and masks
  /// are computed from (body order), and the loop-carried values among
  /// them.
  SmallVector<Operation *> producerOps;
  SmallVector<unsigned> carried;
  /// Pointer loads: the tensor ops before the loop those read (operands
  /// first), made again in the producer in its own layouts.
  SmallVector<Operation *> rematerialized;
  /// Descriptor loads: the tt.make_tensor_descriptor ops before the loop
  /// whose descriptors they read, made again by the producer.
  SetVector<Operation *> made;
  int stages = 0;
  /// Multicast in 2-block clusters (ClusterMulticast); null `peer`: none.
  SmallVector<Value> share;
  Value peer;

  /// Whether the tiles come through pointers (cp.async), not descriptors.
  bool pointers() const { return isa<LoadOp>(loads.front()); }
};

/// The producer's copy of a distributed layout: the same elements per
/// thread and lanes per warp over kProducerWarps warps (the largest warp
/// count halved until they fit). Null for layouts other than blocked ones
/// and their slices.
Attribute producerLayout(Attribute encoding) {
  if (auto slice = dyn_cast_or_null<SliceEncodingAttr>(encoding)) {
    Attribute parent = producerLayout(slice.getParent());
    return parent ? SliceEncodingAttr::get(encoding.getContext(),
                                           slice.getDim(), parent)
                  : Attribute();
  }
  auto blocked = dyn_cast_or_null<BlockedEncodingAttr>(encoding);
  if (!blocked)
    return {};
  SmallVector<unsigned> warps(blocked.getWarpsPerCTA());
  auto count = [&] {
    return std::accumulate(warps.begin(), warps.end(), 1u,
                           std::multiplies<unsigned>());
  };
  while (count() > unsigned(kProducerWarps))
    *llvm::max_element(warps) /= 2;
  return BlockedEncodingAttr::get(encoding.getContext(),
                                  blocked.getSizePerThread(),
                                  blocked.getThreadsPerWarp(), warps,
                                  blocked.getOrder(), blocked.getCTALayout());
}

/// `type` in the producer's layouts (other types as they are).
Type producerType(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor)
    return type;
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               producerLayout(tensor.getEncoding()));
}

/// Whether the producer can compute `op` in its own layouts: scalar work,
/// or pointer and mask arithmetic on blocked tensors (elementwise ops,
/// splats, broadcasts, ranges, splat constants).
bool isRemappable(Operation *op) {
  if (!isMemoryEffectFree(op) || op->getNumRegions())
    return false;
  auto fits = [](Type t) {
    auto tensor = dyn_cast<RankedTensorType>(t);
    return !tensor || producerLayout(tensor.getEncoding());
  };
  if (!llvm::all_of(op->getOperandTypes(), fits) ||
      !llvm::all_of(op->getResultTypes(), fits))
    return false;
  if (llvm::none_of(op->getResultTypes(), llvm::IsaPred<ShapedType>))
    return true;
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    return isa<SplatElementsAttr>(constant.getValue());
  return isa<SplatOp, BroadcastOp, ExpandDimsOp, MakeRangeOp>(op) ||
         op->hasTrait<OpTrait::Elementwise>();
}

/// Clones `op` into the producer, its tensors in the producer's layouts.
void cloneForProducer(OpBuilder &b, Operation *op, IRMapping &map) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op))
    if (auto splat = dyn_cast<SplatElementsAttr>(constant.getValue())) {
      auto type = cast<ShapedType>(producerType(splat.getType()));
      Value value = arith::ConstantOp::create(
          b, op->getLoc(),
          DenseElementsAttr::get(type, splat.getSplatValue<Attribute>()));
      map.map(constant.getResult(), value);
      return;
    }
  Operation *clone = b.clone(*op, map);
  for (Value result : clone->getResults())
    result.setType(producerType(result.getType()));
}

class AutomaticWarpSpecializationPass
    : public mlir::triton::impl::TritonGPUAutomaticWarpSpecializationBase<
          AutomaticWarpSpecializationPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfoAnalysis axis(module);
    axisInfo = &axis;
    SmallVector<std::pair<scf::ForOp, bool>> loops;
    // A kernel may have several: tutorial 06 splits its causal loop in two
    // (the tiles left of the diagonal block, then the diagonal block's),
    // and each specialized gained 6-10 % over both pipelined (H200,
    // session 31).
    module.walk([&](scf::ForOp loop) {
      if (isMarkedForWarpSpecialization(loop))
        loops.push_back({loop, false});
      else if (chosenAutomatically(loop))
        loops.push_back({loop, true});
    });
    for (auto [loop, automatic] : loops) {
      // One consumer warp group for a chain of dots (attention) measured
      // slower specialized than pipelined, marked or not: 26 % through
      // pointers (session 35), tutorial 06's head-dim-64 warp_specialize
      // path 437 -> 367 TFLOP/s (H200, session 45; upstream 3.6 does not
      // specialize it on sm_90 either).
      if (TritonGPUDialect::getNumWarps(loop->getParentOfType<ModuleOp>()) ==
              4 &&
          getDotChainTileSize(loop)) {
        remark(loop, "not warp-specialized: one consumer warp group for a "
                     "chain of dots runs faster pipelined");
        continue;
      }
      FailureOr<Plan> plan = analyze(loop);
      if (failed(plan))
        continue;
      if (automatic && plan->stages < 3) {
        remark(loop, "not warp-specialized automatically: P @ V stays "
                     "synchronous with two slots");
        continue;
      }
      remark(loop, Twine("warp-specialized: a ") +
                       (plan->pointers() ? "cp.async" : "TMA") +
                       " producer warp group and " +
                       std::to_string(plan->stages) + "-slot rings");
      specialize(*plan);
    }
  }

private:
  /// The kernel's pointer facts, computed before any loop changes.
  const ModuleAxisInfoAnalysis *axisInfo = nullptr;

  /// Attention loops not marked either way, specialized without being
  /// asked (`automatic`): with two consumer warp groups and P @ V tiles of
  /// at least 64 x 128 they gained 9-22 % over the pipelined loop on an
  /// H200, with 64 x 64 tiles they lost 6-7 % (session 30), so those stay.
  bool chosenAutomatically(scf::ForOp loop) {
    if (!automatic || loop->hasAttr("tt.warp_specialize"))
      return false;
    auto module = loop->getParentOfType<ModuleOp>();
    if (TritonGPUDialect::getNumWarps(module) != 8)
      return false;
    std::optional<int64_t> tile = getDotChainTileSize(loop);
    if (!tile || *tile < 64 * 128)
      return false;
    // Both dots' shared operands tiles of this loop's loads, by descriptors
    // or pointers (what the producer will copy): then the consumer's chain
    // is the one DotChainPipelining rotates, as measured. Every warp along M,
    // as in the kernels measured: with 64-row tiles over 8 warps, P @ V's warps
    // split N ([4, 2]) and ptxas ignored the consumers' setmaxnreg.
    bool fromLoads = true;
    loop.getBody()->walk([&](ttng::WarpGroupDotOp dot) {
      auto mma = dyn_cast<NvidiaMmaEncodingAttr>(
          cast<RankedTensorType>(dot.getType()).getEncoding());
      fromLoads &= isLoopLoadedTile(loop, dot.getB()) && mma &&
                   mma.getWarpsPerCTA().back() == 1;
    });
    return fromLoads;
  }

  /// `tile` is a view of a local_alloc, in the loop body, of a load there
  /// (by a descriptor or by pointers).
  static bool isLoopLoadedTile(scf::ForOp loop, Value tile) {
    while (
        isa_and_nonnull<MemDescTransOp, MemDescReshapeOp>(tile.getDefiningOp()))
      tile = tile.getDefiningOp()->getOperand(0);
    auto alloc = tile.getDefiningOp<LocalAllocOp>();
    return alloc && alloc->getBlock() == loop.getBody() && alloc.getSrc() &&
           isa_and_nonnull<DescriptorLoadOp, LoadOp>(
               alloc.getSrc().getDefiningOp());
  }

  void remark(Operation *op, const Twine &text) {
    if (remarks)
      op->emitRemark(text);
  }

  FailureOr<Plan> refuse(scf::ForOp loop, const Twine &why) {
    remark(loop, "not warp-specialized: " + why);
    return failure();
  }

  FailureOr<Plan> analyze(scf::ForOp loop) {
    auto module = loop->getParentOfType<ModuleOp>();
    if (TritonGPUDialect::getComputeCapability(module) < 90)
      return refuse(loop, "TMA and wgmma need sm_90");
    if (TritonGPUDialect::getNumWarps(module) % 4)
      return refuse(loop, "the consumers must be whole warp groups");
    if (loop->getParentOfType<WarpSpecializeOp>() ||
        !loop->getParentOfType<FunctionOpInterface>().isPublic())
      return refuse(loop, "only loops of a kernel, outside other partitions");
    Plan plan;
    plan.loop = loop;
    bool nested = false;
    loop.getBody()->walk([&](Operation *op) {
      if (op->getBlock() != loop.getBody() &&
          isa<scf::ForOp, scf::WhileOp, DescriptorLoadOp>(op))
        nested = true;
    });
    if (nested)
      return refuse(loop, "an inner loop, or a descriptor load in a branch");
    for (Operation &op : *loop.getBody()) {
      if (auto load = dyn_cast<LoadOp>(op)) {
        if (failed(addPointerLoad(plan, load)))
          return failure();
        continue;
      }
      auto load = dyn_cast<DescriptorLoadOp>(op);
      if (!load)
        continue;
      auto alloc = oneUseAlloc(load);
      auto type = cast<RankedTensorType>(load.getType());
      FailureOr<ttng::TMAPlan> tma = failure();
      if (alloc && alloc->getBlock() == loop.getBody())
        tma = ttng::planTMACopies(type.getShape(), type.getElementType(),
                                  alloc.getType().getEncoding());
      if (failed(tma))
        return refuse(loop, "a descriptor load does not go straight to a "
                            "shared buffer TMA can write");
      if (MakeTensorDescOp make = madeBefore(load.getDesc(), loop))
        plan.made.insert(make);
      else if (!isKernelArgument(load.getDesc()))
        return refuse(loop, "its tensor descriptors are neither kernel "
                            "arguments nor made by tt.make_tensor_descriptor "
                            "before the loop");
      plan.loads.push_back(load);
      plan.allocs.push_back(alloc);
      plan.bytesPerIteration += tma->bytes;
    }
    if (plan.loads.empty())
      return refuse(loop, "no tensor-descriptor loads, or pointer loads "
                          "into shared memory, to produce");
    if (llvm::any_of(plan.loads, [&](Operation *load) {
          return isa<LoadOp>(load) != plan.pointers();
        }))
      return refuse(loop, "it loads tiles both by descriptors and by "
                          "pointers");
    // The wgmma kept in flight across iterations, if any: a matmul's, with
    // both operands in shared memory. Otherwise every reader completes in
    // its iteration (attention's dots, P @ V reading P from registers).
    plan.dot = getAsyncAccumulatorDot(loop);
    if (plan.dot && (!plan.dot->hasOneUse() ||
                     !isa<scf::YieldOp>(*plan.dot->getUsers().begin()) ||
                     !isa<MemDescType>(plan.dot.getA().getType()) ||
                     !unchangedWhileInFlight(plan, plan.dot.getA()) ||
                     !unchangedWhileInFlight(plan, plan.dot.getB())))
      plan.dot = {};
    if (failed(checkReaders(plan)))
      return refuse(loop, "the loaded tiles are read outside the loop body, "
                          "or by another async op");
    if (failed(collectProducerOps(plan)))
      return refuse(loop, plan.pointers()
                              ? "the loads' pointers depend on work other "
                                "than arithmetic on blocked tensors"
                              : "the loads' coordinates depend on work other "
                                "than scalar arithmetic in the loop");
    plan.stages = stagesFor(plan, module);
    if (plan.stages < 2)
      return refuse(loop, "two slots of the tiles do not fit in shared "
                          "memory");
    return plan;
  }

  /// Whether a wgmma operand may be read by the wgmma still in flight
  /// while the next iteration runs: a ring's slot (the producer waits for
  /// its release), or a buffer stored once, before the loop or from a value
  /// made before it (hoisted by hoistInvariantBuffers). A buffer the loop
  /// stores from its own values would be overwritten under the wgmma.
  static bool unchangedWhileInFlight(const Plan &plan, Value operand) {
    if (!isa<MemDescType>(operand.getType()))
      return true;
    LocalAllocOp alloc = getViewedAllocation(operand);
    if (!alloc)
      return false;
    if (llvm::is_contained(plan.allocs, alloc))
      return true;
    if (!alloc.getSrc() || alloc.getType().getMutableMemory())
      return false;
    return !plan.loop->isAncestor(alloc) || isInvariantBuffer(plan.loop, alloc);
  }

  /// A buffer the loop body stores from a value made before the loop.
  static bool isInvariantBuffer(scf::ForOp loop, LocalAllocOp alloc) {
    return alloc->getBlock() == loop.getBody() && alloc.getSrc() &&
           !alloc.getType().getMutableMemory() &&
           loop.isDefinedOutsideOfLoop(alloc.getSrc());
  }

  static bool isKernelArgument(Value v) {
    auto arg = dyn_cast<BlockArgument>(v);
    return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
  }

  /// The tt.make_tensor_descriptor before `loop` that made `desc`, if any:
  /// the producer makes the descriptor again from its operands.
  static MakeTensorDescOp madeBefore(Value desc, scf::ForOp loop) {
    auto make = desc.getDefiningOp<MakeTensorDescOp>();
    return make && !loop->isAncestor(make) ? make : MakeTensorDescOp();
  }

  static LocalAllocOp oneUseAlloc(Operation *load) {
    return load->hasOneUse() ? dyn_cast<LocalAllocOp>(*load->getUsers().begin())
                             : LocalAllocOp();
  }

  /// A pointer load into a shared buffer of the loop becomes the
  /// producer's cp.async copies; other loads stay with the consumers.
  LogicalResult addPointerLoad(Plan &plan, LoadOp load) {
    LocalAllocOp alloc = oneUseAlloc(load);
    if (!alloc || alloc->getBlock() != plan.loop.getBody())
      return success();
    std::optional<unsigned> contiguity = getCopyContiguity(load, *axisInfo);
    if (!contiguity || load.getIsVolatile() || !isZeroOrAbsent(load.getOther()))
      return refuse(plan.loop, "a load into shared memory cannot become "
                               "cp.async copies (4 bytes or more, zero where "
                               "masked)");
    auto type = cast<RankedTensorType>(load.getType());
    plan.loads.push_back(load);
    plan.allocs.push_back(alloc);
    plan.contiguity.push_back(*contiguity);
    plan.bytesPerIteration +=
        type.getNumElements() * type.getElementTypeBitWidth() / 8;
    return success();
  }

  /// The tiles are read in the loop body only, by the async dot or by ops
  /// that finish within the iteration.
  static LogicalResult checkReaders(Plan &plan) {
    for (LocalAllocOp alloc : plan.allocs) {
      SmallVector<Value> values{alloc.getResult()};
      while (!values.empty()) {
        Value v = values.pop_back_val();
        for (Operation *user : v.getUsers()) {
          if (!plan.loop.getBody()->findAncestorOpInBlock(*user))
            return failure();
          if (isa<MemDescTransOp, MemDescReshapeOp, MemDescSubsliceOp>(user)) {
            values.push_back(user->getResult(0));
            continue;
          }
          auto dot = dyn_cast<ttng::WarpGroupDotOp>(user);
          if (dot && dot != plan.dot && dot.getIsAsync())
            return failure();
        }
      }
    }
    return success();
  }

  /// What the producer reads of a load: its descriptor and coordinates,
  /// or its pointers and mask.
  static SmallVector<Value> addressOperands(Operation *load) {
    if (auto pointers = dyn_cast<LoadOp>(load)) {
      SmallVector<Value> operands{pointers.getPtr()};
      if (Value mask = pointers.getMask())
        operands.push_back(mask);
      return operands;
    }
    auto descriptor = cast<DescriptorLoadOp>(load);
    SmallVector<Value> operands{descriptor.getDesc()};
    llvm::append_range(operands, descriptor.getIndices());
    return operands;
  }

  /// The loads' descriptors and coordinates (pure scalar ops of the body),
  /// or their pointers and masks (also arithmetic on blocked tensors, with
  /// the tensors from before the loop it reads), following loop-carried
  /// values.
  static LogicalResult collectProducerOps(Plan &plan) {
    SmallVector<Value> roots;
    for (Operation *load : plan.loads)
      llvm::append_range(roots, addressOperands(load));
    SetVector<Operation *> slice = getLoopSlice(plan.loop, roots);
    for (Operation *op : slice) {
      if (!isMemoryEffectFree(op) || op->getNumRegions())
        return failure();
      if (plan.pointers()
              ? !isRemappable(op)
              : llvm::any_of(op->getResultTypes(), llvm::IsaPred<ShapedType>))
        return failure();
    }
    for (Operation &op : plan.loop.getBody()->without_terminator())
      if (slice.contains(&op))
        plan.producerOps.push_back(&op);
    // Loop-carried values the producer needs: those the slice reads.
    SetVector<Value> read;
    for (Operation *op : slice)
      for (Value v : op->getOperands())
        read.insert(v);
    for (Operation *load : plan.loads)
      for (Value v : addressOperands(load))
        read.insert(v);
    for (BlockArgument arg : plan.loop.getRegionIterArgs())
      if (read.contains(arg))
        plan.carried.push_back(arg.getArgNumber() - 1);
    for (unsigned i : plan.carried) {
      Value next = plan.loop.getYieldedValues()[i];
      Operation *def = next.getDefiningOp();
      if (!isa<BlockArgument>(next) && def &&
          def->getBlock() == plan.loop.getBody() && !slice.contains(def))
        return failure();
    }
    // The tensors from before the loop: made again in the producer.
    SetVector<Operation *> before;
    std::function<bool(Value)> reach = [&](Value v) {
      if (!isa<RankedTensorType>(v.getType()) ||
          plan.loop->isAncestor(v.getParentRegion()->getParentOp()))
        return true;
      Operation *def = v.getDefiningOp();
      if (!def || !isRemappable(def))
        return false;
      if (before.contains(def))
        return true;
      if (!llvm::all_of(def->getOperands(), reach))
        return false;
      before.insert(def);
      return true;
    };
    SmallVector<Value> outside(read.begin(), read.end());
    for (unsigned i : plan.carried)
      outside.push_back(plan.loop.getInitArgs()[i]);
    if (!llvm::all_of(outside, reach))
      return failure();
    plan.rematerialized.assign(before.begin(), before.end());
    return success();
  }

  /// The loop's stage count, lowered until the rings fit.
  int stagesFor(const Plan &plan, ModuleOp module) {
    int stages = getNumStagesFor(plan.loop, numStages);
    uint64_t limit =
        getSharedMemoryLimit(TritonGPUDialect::getComputeCapability(module));
    while (stages >= 2 &&
           uint64_t(stages) * (plan.bytesPerIteration + 16) + 64 > limit)
      --stages;
    return stages;
  }

  /// The producer's registers a thread: a TMA producer's few scalars, or
  /// a cp.async producer's 64-bit pointer per copy of an iteration (and
  /// the scalars), in steps of 8 as setmaxnreg takes them.
  static int producerRegistersFor(const Plan &plan) {
    if (!plan.pointers())
      return kProducerRegisters;
    int64_t registers = kProducerRegisters;
    for (auto [load, contiguity] : llvm::zip(plan.loads, plan.contiguity)) {
      auto type = cast<RankedTensorType>(load->getResult(0).getType());
      registers +=
          2 * type.getNumElements() / (kProducerWarps * 32 * contiguity);
    }
    return int(std::min<int64_t>(llvm::alignTo(registers, 8), 128));
  }

  /// Multicast (the pass's description), decided and prepared at `b`
  /// (before the loop) by planClusterMulticast: sets `plan.share` and
  /// `plan.peer` where the loop qualifies.
  void planMulticast(Plan &plan, OpBuilder &b) {
    if (!multicast || plan.pointers() || !plan.dot || !plan.made.empty())
      return;
    auto loads = llvm::to_vector(llvm::map_range(
        plan.loads, [](Operation *op) { return cast<DescriptorLoadOp>(op); }));
    std::string why;
    FailureOr<ClusterMulticast> shared =
        planClusterMulticast(b, plan.loop, loads, gridXMultiple, why);
    remark(plan.loop, failed(shared)
                          ? "TMA copies not shared in clusters: " + why
                          : "TMA copies shared by the 2 blocks of a cluster "
                            "(multicast) where their coordinates agree at "
                            "run time");
    if (failed(shared))
      return;
    plan.share = std::move(shared->share);
    plan.peer = shared->peer;
  }

  void specialize(Plan &plan) {
    scf::ForOp loop = plan.loop;
    Location loc = loop.getLoc();
    MLIRContext *ctx = loop.getContext();
    auto module = loop->getParentOfType<ModuleOp>();
    int numWarps = TritonGPUDialect::getNumWarps(module);
    int S = plan.stages;

    // Rings and barriers, before the loop.
    OpBuilder b(loop);
    // TMA: one arrival (the producer's expect) and the bytes; cp.async:
    // each producer thread's, once its copies completed.
    Value full = createBarrierRing(
        b, loc, S, /*arrivals=*/plan.pointers() ? kProducerWarps * 32 : 1);
    // Multicast: one more arrival per consumer warp (either block's).
    planMulticast(plan, b);
    Value empty = createBarrierRing(b, loc, S,
                                    numWarps * 32 + (plan.peer ? numWarps : 0));
    SmallVector<Value> rings;
    for (LocalAllocOp alloc : plan.allocs)
      rings.push_back(createBufferRing(b, loc, alloc.getType(), S));

    // The captures: what the producer's ops read from outside the loop
    // (constants are made again inside the partition instead, by
    // captureImplicitUses).
    // Tensors are made again in the producer's layouts (rematerialized).
    SetVector<Value> captures;
    auto capture = [&](Value v) {
      if (!loop->isAncestor(v.getParentRegion()->getParentOp()) &&
          !matchPattern(v, m_Constant()) && !isa<RankedTensorType>(v.getType()))
        captures.insert(v);
    };
    capture(loop.getLowerBound());
    capture(loop.getUpperBound());
    capture(loop.getStep());
    for (unsigned i : plan.carried)
      capture(loop.getInitArgs()[i]);
    for (Operation *op : plan.producerOps)
      for (Value v : op->getOperands())
        capture(v);
    for (Operation *op : plan.rematerialized)
      for (Value v : op->getOperands())
        capture(v);
    // A descriptor the producer makes again: what it is made from.
    for (Operation *load : plan.loads)
      for (Value v : addressOperands(load)) {
        if (plan.made.contains(v.getDefiningOp()))
          llvm::for_each(v.getDefiningOp()->getOperands(), capture);
        else
          capture(v);
      }
    for (Value share : plan.share)
      if (share)
        captures.insert(share);
    captures.insert(full);
    captures.insert(empty);
    for (Value ring : rings)
      captures.insert(ring);

    SmallVector<int32_t> registers;
    int threads = (numWarps + kProducerWarps) * 32;
    if (threads > 256) {
      int producerRegisters = producerRegistersFor(plan);
      int64_t rest = (kRegisterFile - kProducerWarps * 32 * producerRegisters) /
                     (numWarps * 32);
      registers = {int32_t(std::min<int64_t>(rest / 8 * 8, 256)),
                   producerRegisters};
    }
    auto ws = WarpSpecializeOp::create(
        b, loc, loop.getResultTypes(), captures.getArrayRef(),
        ArrayRef<int32_t>{kProducerWarps}, DenseI32ArrayAttr(),
        DenseI32ArrayAttr(),
        registers.empty() ? DenseI32ArrayAttr()
                          : DenseI32ArrayAttr::get(ctx, registers),
        /*partitionRegionsCount=*/1);
    buildProducer(plan, ws, captures.getArrayRef(), rings, full, empty);
    loop->replaceAllUsesWith(ws.getResults());
    Block *defaultBlock = b.createBlock(&ws.getDefaultRegion());
    if (plan.peer) {
      // The other block's barriers are initialized before either block's
      // warps signal them.
      ttng::FenceMBarrierInitReleaseClusterOp::create(b, loc);
      ttng::ClusterArriveOp::create(b, loc, /*relaxed=*/false);
      ttng::ClusterWaitOp::create(b, loc);
    }
    loop->moveBefore(defaultBlock, defaultBlock->end());
    b.setInsertionPointToEnd(defaultBlock);
    WarpYieldOp::create(b, loc, loop.getResults());
    buildConsumer(plan, rings, full, empty);

    // After: barriers invalidated, buffers freed.
    b.setInsertionPointAfter(ws);
    invalidateBarrierRing(b, loc, full);
    invalidateBarrierRing(b, loc, empty);
    SmallVector<Value> buffers(rings);
    buffers.append({full, empty});
    for (Value v : buffers)
      LocalDeallocOp::create(b, loc, v);
    // The consumer no longer loads through them.
    for (Operation *make : plan.made)
      if (make->use_empty())
        make->erase();
  }

  /// partition0: the loop's address computation and the TMA copies.
  void buildProducer(Plan &plan, WarpSpecializeOp ws, ArrayRef<Value> captures,
                     ArrayRef<Value> rings, Value full, Value empty) {
    scf::ForOp loop = plan.loop;
    Location loc = loop.getLoc();
    OpBuilder b(ws.getContext());
    Region &region = ws.getPartitionRegions()[0];
    Block *entry = b.createBlock(&region);
    IRMapping map;
    for (Value v : captures)
      map.map(v, entry->addArgument(v.getType(), v.getLoc()));
    if (plan.peer) {
      ttng::ClusterArriveOp::create(b, loc, /*relaxed=*/true);
      ttng::ClusterWaitOp::create(b, loc);
    }
    for (Operation *make : plan.made)
      b.clone(*make, map);
    for (Operation *op : plan.rematerialized)
      cloneForProducer(b, op, map);
    SmallVector<std::pair<Value, Value>> moving =
        pointersAtLowerBound(plan, map, b);
    SmallVector<Value> inits{arith::ConstantIntOp::create(b, loc, 0, 32)};
    for (unsigned i : plan.carried)
      inits.push_back(map.lookupOrDefault(loop.getInitArgs()[i]));
    auto producer =
        scf::ForOp::create(b, loc, map.lookupOrDefault(loop.getLowerBound()),
                           map.lookupOrDefault(loop.getUpperBound()),
                           map.lookupOrDefault(loop.getStep()), inits);
    b.setInsertionPointToStart(producer.getBody());
    map.map(loop.getInductionVar(), producer.getInductionVar());
    for (auto [j, i] : llvm::enumerate(plan.carried))
      map.map(loop.getRegionIterArgs()[i], producer.getRegionIterArgs()[j + 1]);
    for (Operation *op : plan.producerOps)
      cloneForProducer(b, op, map);
    Value n = producer.getRegionIterArgs()[0];
    auto [slot, phase] =
        getRingSlotAndPhase(b, loc, n, plan.stages, /*flip=*/true);
    MemDescType barType = getRingSlotType(cast<MemDescType>(full.getType()));
    Value emptyBar =
        MemDescIndexOp::create(b, loc, barType, map.lookup(empty), slot);
    ttng::WaitBarrierOp::create(b, loc, emptyBar, phase, Value(), ValueRange());
    Value fullBar =
        MemDescIndexOp::create(b, loc, barType, map.lookup(full), slot);
    Value always = arith::ConstantIntOp::create(b, loc, 1, 1);
    if (!plan.pointers())
      ttng::BarrierExpectOp::create(b, loc, fullBar, plan.bytesPerIteration,
                                    always);
    // Iterations since the lower bound, for pointers made there.
    Value steps;
    if (llvm::any_of(moving, [](auto &m) { return bool(m.first); }))
      steps = arith::ExtSIOp::create(
          b, loc, b.getI64Type(),
          arith::SubIOp::create(b, loc, producer.getInductionVar(),
                                map.lookupOrDefault(loop.getLowerBound())));
    for (auto [i, op] : llvm::enumerate(plan.loads)) {
      Value ring = rings[i];
      Value dst = MemDescIndexOp::create(
          b, loc, getRingSlotType(cast<MemDescType>(ring.getType())),
          map.lookup(ring), slot);
      if (auto load = dyn_cast<LoadOp>(op)) {
        Value mask =
            load.getMask() ? map.lookupOrDefault(load.getMask()) : Value();
        Value ptr = map.lookupOrDefault(load.getPtr());
        if (auto [first, stride] = moving[i]; first) {
          auto type = cast<RankedTensorType>(first.getType());
          auto offsets = RankedTensorType::get(type.getShape(), b.getI64Type(),
                                               type.getEncoding());
          ptr = AddPtrOp::create(
              b, loc, type, first,
              SplatOp::create(b, loc, offsets,
                              arith::MulIOp::create(b, loc, steps, stride)));
        }
        AsyncCopyGlobalToLocalOp::create(
            b, load.getLoc(), AsyncTokenType::get(b.getContext()), ptr, dst,
            mask, Value(), load.getCache(), load.getEvict(),
            /*isVolatile=*/false, plan.contiguity[i]);
        continue;
      }
      auto load = cast<DescriptorLoadOp>(op);
      SmallVector<Value> coords;
      for (Value v : load.getIndices())
        coords.push_back(map.lookupOrDefault(v));
      Value share = plan.share.empty() ? Value() : plan.share[i];
      ttng::AsyncTMACopyGlobalToLocalOp::create(
          b, load.getLoc(), map.lookupOrDefault(load.getDesc()), coords,
          fullBar, dst, always, share ? map.lookup(share) : Value(),
          load.getCache(), load.getEvict(), /*isVolatile=*/false);
    }
    // Each thread's copies complete on the slot's barrier.
    if (plan.pointers())
      ttng::AsyncCopyMbarrierArriveOp::create(b, loc, fullBar,
                                              /*noIncrement=*/true);
    SmallVector<Value> yields{arith::AddIOp::create(
        b, loc, n, arith::ConstantIntOp::create(b, loc, 1, 32))};
    for (unsigned i : plan.carried)
      yields.push_back(map.lookupOrDefault(loop.getYieldedValues()[i]));
    scf::YieldOp::create(b, loc, yields);
    b.setInsertionPointAfter(producer);
    // Multicast: the producer ends once every slot it filled was released
    // by the consumers of both blocks, so no arrival is still on its way to
    // this block when it exits.
    if (plan.peer)
      waitForRingReleases(b, loc, map.lookup(empty), producer.getResult(0),
                          plan.stages);
    WarpReturnOp::create(b, loc);
    // Constants from outside the loop (not captured) are made again inside.
    ws.captureImplicitUses();
  }

  /// For each pointer load whose pointers move uniformly with the
  /// induction variable (UniformStride): its pointers at the loop's lower
  /// bound, made at `b` before the producer's loop, and the stride; null
  /// otherwise (the producer then computes them in the loop as the body
  /// did).
  static SmallVector<std::pair<Value, Value>>
  pointersAtLowerBound(const Plan &plan, IRMapping &map, OpBuilder &b) {
    scf::ForOp loop = plan.loop;
    SmallVector<std::pair<Value, Value>> moving(plan.loads.size());
    if (!plan.pointers() || !loop.getInductionVar().getType().isInteger(32))
      return moving;
    UniformStride strides(loop, map, b);
    for (auto [i, op] : llvm::enumerate(plan.loads)) {
      Value ptr = cast<LoadOp>(op).getPtr();
      FailureOr<Value> stride = strides.of(ptr);
      if (failed(stride) || !*stride)
        continue;
      IRMapping first = map;
      first.map(loop.getInductionVar(),
                map.lookupOrDefault(loop.getLowerBound()));
      SetVector<Operation *> slice = getLoopSlice(loop, {ptr});
      for (Operation *producerOp : plan.producerOps)
        if (slice.contains(producerOp))
          cloneForProducer(b, producerOp, first);
      moving[i] = {first.lookup(ptr), *stride};
    }
    return moving;
  }

  /// Buffers the loop stores from values made before it (attention's Q
  /// tile) are stored once, before the loop (measured on H200 at head dim
  /// 128: 872-883 us against 893-926 us with the store and its proxy fence
  /// in every iteration). Then the proxy fences: the producer's copies
  /// write the rings (TMA, or cp.async completed on the slot's mbarrier,
  /// which upstream's pipelined loops do not fence either: fences follow
  /// stores from registers), so the loop's fences go when nothing else in
  /// it stores to shared memory and every wgmma operand is a ring's or a
  /// buffer stored before the loop, which gets one fence there.
  static void hoistBuffersAndDropProxyFences(scf::ForOp loop,
                                             ArrayRef<Value> rings) {
    SmallVector<LocalAllocOp> hoisted;
    for (auto alloc : loop.getBody()->getOps<LocalAllocOp>())
      if (isInvariantBuffer(loop, alloc))
        hoisted.push_back(alloc);
    for (LocalAllocOp alloc : hoisted)
      alloc->moveBefore(loop);
    bool keep = false, storedBefore = !hoisted.empty();
    SmallVector<Operation *> fences;
    loop.getBody()->walk([&](Operation *op) {
      if (isa<ttng::FenceAsyncSharedOp>(op))
        fences.push_back(op);
      if (isa<LocalStoreOp>(op) ||
          (isa<LocalAllocOp>(op) && cast<LocalAllocOp>(op).getSrc()))
        keep = true;
      if (auto dot = dyn_cast<ttng::WarpGroupDotOp>(op))
        for (Value operand : {Value(dot.getA()), Value(dot.getB())})
          if (isa<MemDescType>(operand.getType())) {
            LocalAllocOp alloc = getViewedAllocation(operand);
            if (alloc && llvm::is_contained(rings, alloc.getResult()))
              continue;
            bool before = alloc && !loop->isAncestor(alloc);
            storedBefore |= before;
            keep |= !before;
          }
    });
    if (storedBefore) {
      OpBuilder b(loop);
      ttng::FenceAsyncSharedOp::create(b, loop.getLoc(), /*bCluster=*/false);
    }
    if (!keep)
      for (Operation *fence : fences)
        fence->erase();
  }

  /// The loop itself: tiles from the rings, the wgmma kept in flight, slots
  /// released once the wgmma that read them completed.
  void buildConsumer(Plan &plan, ArrayRef<Value> rings, Value full,
                     Value empty) {
    scf::ForOp loop = plan.loop;
    Location loc = loop.getLoc();
    IRRewriter rewriter(loop.getContext());
    rewriter.setInsertionPoint(loop);
    Value zero = arith::ConstantIntOp::create(rewriter, loc, 0, 32);
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, ValueRange{zero}, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location l, ArrayRef<BlockArgument> args) {
          return SmallVector<Value>{arith::AddIOp::create(
              b, l, args[0], arith::ConstantIntOp::create(b, l, 1, 32))};
        });
    loop = cast<scf::ForOp>(grown->getOperation());
    plan.loop = loop;
    Value n = loop.getRegionIterArgs().back();
    OpBuilder b(plan.loads.front());
    auto [slot, phase] =
        getRingSlotAndPhase(b, loc, n, plan.stages, /*flip=*/false);
    MemDescType barType = getRingSlotType(cast<MemDescType>(full.getType()));
    Value fullBar = MemDescIndexOp::create(b, loc, barType, full, slot);
    ttng::WaitBarrierOp::create(b, loc, fullBar, phase, Value(), ValueRange());
    for (auto [load, alloc, ring] : llvm::zip(plan.loads, plan.allocs, rings)) {
      OpBuilder at(alloc);
      Value tile = MemDescIndexOp::create(
          at, alloc.getLoc(),
          getRingSlotType(cast<MemDescType>(ring.getType())), ring, slot);
      alloc.getResult().replaceAllUsesWith(tile);
      alloc.erase();
      load->erase();
    }
    hoistBuffersAndDropProxyFences(loop, rings);
    ttng::WarpGroupDotOp dot = plan.dot;
    if (dot)
      releaseBehindAsyncDot(plan, n, empty, barType);
    // The producer's ops left without users go.
    for (Operation *op : llvm::reverse(plan.producerOps))
      if (op->getBlock() && op->use_empty())
        op->erase();
    if (dot)
      return;
    auto release = [&](OpBuilder &at, Location l, Value s) {
      Value always = arith::ConstantIntOp::create(at, l, 1, 1);
      Value emptyBar = MemDescIndexOp::create(at, l, barType, empty, s);
      ttng::ArriveBarrierOp::create(at, l, emptyBar, 1, always);
    };
    // Attention's chain: its second wgmma a turn later, the slot with it.
    // The loop then holds two slots at a time, so with two the producer
    // could not run ahead at all (measured: 128x128 tiles with two slots
    // lost 4-9 %, 21 % causal; with three they gain 5-7 %).
    Location at = loop.getLoc();
    if (pipelineDotChains && plan.stages >= 3 &&
        pipelineDotChain(loop, release)) {
      plan.loop = {};
      if (remarks)
        emitRemark(at, "P @ V issued in the next iteration, after its Q K^T: "
                       "the softmax runs while it is in flight");
      return;
    }
    // Every reader completes in the iteration: its slot goes at the end.
    OpBuilder end(loop.getBody()->getTerminator());
    release(end, loc, slot);
  }

  /// The wgmma in flight, one iteration's: once the previous one completed
  /// (`warp_group_dot_wait {pendings = 1}`), its slot is released.
  static void releaseBehindAsyncDot(Plan &plan, Value n, Value empty,
                                    MemDescType barType) {
    ttng::WarpGroupDotOp dot = plan.dot;
    scf::ForOp loop = plan.loop;
    Location loc = dot.getLoc();
    dot.setIsAsync(true);
    // Slot (count - 1) % S released where count > 0: every consumer thread
    // arrives (with multicast, each warp on the other block's too).
    auto release = [&](OpBuilder &at, Value count) {
      Value s = arith::ConstantIntOp::create(at, loc, plan.stages, 32);
      Value last = arith::ConstantIntOp::create(at, loc, plan.stages - 1, 32);
      Value slot = arith::RemUIOp::create(
          at, loc, arith::AddIOp::create(at, loc, count, last), s);
      Value started =
          arith::CmpIOp::create(at, loc, arith::CmpIPredicate::ugt, count,
                                arith::ConstantIntOp::create(at, loc, 0, 32));
      Value bar = MemDescIndexOp::create(at, loc, barType, empty, slot);
      ttng::ArriveBarrierOp::create(at, loc, bar, 1, started);
      if (plan.peer)
        ttng::ArriveBarrierOp::create(at, loc, bar, 1, started, plan.peer);
    };
    OpBuilder after(dot->getBlock(), ++Block::iterator(dot));
    ttng::WarpGroupDotWaitOp::create(after, loc, ValueRange(), 1);
    release(after, n);
    // The last wgmma completes before the loop's result is used.
    unsigned index = dot->getUses().begin()->getOperandNumber();
    Value out = loop.getResult(index);
    OpBuilder afterLoop(loop->getBlock(), ++Block::iterator(loop));
    auto done =
        ttng::WarpGroupDotWaitOp::create(afterLoop, loc, ValueRange{out}, 0);
    out.replaceAllUsesExcept(done.getResult(0), done);
    // Multicast: the last slot is released too (the producers wait for it).
    if (plan.peer)
      release(afterLoop, loop.getResults().back());
  }
};
} // namespace
