//===- WarpSpecializeToLLVM.cpp - ttg.warp_specialize ---------------------===//
//
// ttg.warp_specialize runs its default region on the kernel's warps and
// each partition region on warps of its own, which the kernel is launched
// with in addition (`ttg.total-num-warps`). Two steps:
//
// - During the conversion the op stays, with its operands, results and
//   region arguments converted to LLVM types, and the ops inside its regions
//   lowered in place like any other.
// - Then `lowerWarpSpecialize` turns each kernel that holds such ops into
//   one control-flow graph:
//
//     entry:   warps past the default ones go to `worker`
//     worker:  barrier 1 (all warps); read the dispatch word; switch:
//              op k -> its partition by warp range; otherwise return
//     op k:    default thread 0 stores the captures and k to shared memory,
//              barrier 1, run the default region; partition warps load the
//              captures and run theirs; all meet at barrier 1 after
//     return:  default thread 0 stores "exit", all meet at barrier 1 first
//
// Barrier 1 is the unaligned `barrier.sync 1`: the warps reach it at
// different instructions. (compute-sanitizer's racecheck reports the
// dispatch word once the default warps have used a counted barrier before
// it, though barrier 1 orders every access: a tool artifact that
// bench/sanitizer/racecheck_partial_barrier.cu reproduces without any of
// this code.)
//
// Inside a partition, thread ids count from the partition's first warp (so
// layouts, "thread 0" predicates and warp groups are the partition's) and
// bar.sync uses a barrier of its own with the partition's thread count;
// elsewhere bar.sync counts the default warps only. `actualRegisters`
// (default first) becomes setmaxnreg at each region's start; at its end the
// warps go back to the count every thread starts with (the register file
// divided among the launch's threads, which ptxas assumes at the entry of a
// kernel that uses setmaxnreg).
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "TritonDialect/Analysis/Allocation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// Dispatch and join are the whole block's barrier 1; partition i uses
/// barrier 2 + i; the default warps' own bar.sync (outside partitions) use
/// the last one.
constexpr int kBlockBarrier = 1;
constexpr int kFirstPartitionBarrier = 2;
constexpr int kMaxBarriers = 16;
constexpr int kDefaultBarrier = kMaxBarriers - 1;
constexpr int kRegisterFile = 65536;

bool isScalarCapture(Type t) {
  return isa<IntegerType, FloatType, LLVM::LLVMPointerType>(t);
}

/// The op with converted operands, results and region arguments; its
/// regions move over unchanged (their ops are converted where they are).
struct WarpSpecializeOpConversion
    : public ConvertOpToLLVMPattern<WarpSpecializeOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpSpecializeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // (checkWarpSpecializeCaptures said why.)
    for (Value value : adaptor.getExplicitCaptures())
      if (!isScalarCapture(value.getType()))
        return rewriter.notifyMatchFailure(op, "a capture is not a scalar");
    SmallVector<Type> results;
    if (failed(typeConverter->convertTypes(op.getResultTypes(), results)))
      return failure();
    auto converted = WarpSpecializeOp::create(
        rewriter, op.getLoc(), results, adaptor.getOperands(), op->getAttrs(),
        op->getNumRegions());
    for (auto [from, to] :
         llvm::zip(op->getRegions(), converted->getRegions())) {
      rewriter.inlineRegionBefore(from, to, to.end());
      if (failed(rewriter.convertRegionTypes(&to, *typeConverter)))
        return failure();
    }
    rewriter.replaceOp(op, converted->getResults());
    return success();
  }
};

struct WarpYieldOpConversion : public ConvertOpToLLVMPattern<WarpYieldOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(WarpYieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<WarpYieldOp>(op, adaptor.getValues());
    return success();
  }
};

/// The partition `op` runs in, as (op, partition index), if any.
std::optional<std::pair<WarpSpecializeOp, unsigned>>
enclosingPartition(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentOp()->getParentRegion()) {
    auto ws = dyn_cast<WarpSpecializeOp>(region->getParentOp());
    if (!ws)
      continue;
    if (region->getRegionNumber() == 0)
      return std::nullopt;
    return std::make_pair(ws, region->getRegionNumber() - 1);
  }
  return std::nullopt;
}

/// Every thread of the block meets (dispatch, join, exit) at barrier 1:
/// `barrier.sync 1`, unaligned, because the default warps and the
/// partitions' reach it at different instructions (bar.sync is
/// barrier.sync.aligned, which promises the same instruction in every
/// thread; compute-sanitizer's synccheck reports the aligned form as
/// divergent).
void blockBarrier(OpBuilder &b, Location loc) {
  LLVMBuilder lb(b, loc);
  LLVM::CallIntrinsicOp::create(
      b, loc, b.getStringAttr("llvm.nvvm.barrier.cta.sync.all"),
      ValueRange{lb.i32(kBlockBarrier)});
}

/// Barrier `id` for `threads` threads: a partition's, or the default warps'.
/// (The intrinsic nvvm.barrier lowers to: MLIR 22 prints `nvvm.barrier id =
/// %a number_of_threads = %b loc(...)`, which its parser rejects, so a
/// kernel with one would not survive `--mlir-print-debuginfo` text.)
void barrier(OpBuilder &b, Location loc, int id, int threads) {
  LLVMBuilder lb(b, loc);
  LLVM::CallIntrinsicOp::create(
      b, loc, b.getStringAttr("llvm.nvvm.barrier.cta.sync.aligned.count"),
      ValueRange{lb.i32(id), lb.i32(threads)});
}

void setMaxRegisters(OpBuilder &b, Location loc, int32_t count, bool grow) {
  NVVM::SetMaxRegisterOp::create(
      b, loc, b.getI32IntegerAttr(count),
      NVVM::SetMaxRegisterActionAttr::get(
          b.getContext(), grow ? NVVM::SetMaxRegisterAction::increase
                               : NVVM::SetMaxRegisterAction::decrease));
}

/// Thread ids inside a partition count from its first warp; bar.sync counts
/// the warps of the region it is in.
void retargetThreadsAndBarriers(LLVM::LLVMFuncOp func, int numWarps) {
  SmallVector<NVVM::ThreadIdXOp> tids;
  SmallVector<NVVM::Barrier0Op> barriers;
  func.walk([&](Operation *op) {
    if (auto tid = dyn_cast<NVVM::ThreadIdXOp>(op))
      tids.push_back(tid);
    if (auto bar = dyn_cast<NVVM::Barrier0Op>(op))
      barriers.push_back(bar);
  });
  OpBuilder b(func.getContext());
  for (NVVM::ThreadIdXOp tid : tids) {
    auto partition = enclosingPartition(tid);
    if (!partition)
      continue;
    auto [ws, index] = *partition;
    b.setInsertionPointAfter(tid);
    LLVMBuilder lb(b, tid.getLoc());
    int32_t start = ws.getPartitionStartWarps()[index];
    Value relative = lb.sub(tid, lb.i32(start * kWarpSize));
    tid.getResult().replaceAllUsesExcept(relative, relative.getDefiningOp());
  }
  for (NVVM::Barrier0Op bar : barriers) {
    b.setInsertionPoint(bar);
    auto partition = enclosingPartition(bar);
    if (partition)
      barrier(b, bar.getLoc(), kFirstPartitionBarrier + partition->second,
              partition->first.getPartitionNumWarps()[partition->second] *
                  kWarpSize);
    else
      barrier(b, bar.getLoc(), kDefaultBarrier, numWarps * kWarpSize);
    bar.erase();
  }
}

class WarpSpecializeLowering {
public:
  WarpSpecializeLowering(LLVM::LLVMFuncOp func, int numWarps)
      : func(func), numWarps(numWarps), b(func.getContext()) {}

  LogicalResult run() {
    func.walk<WalkOrder::PreOrder>(
        [&](WarpSpecializeOp ws) { ops.push_back(ws); });
    if (ops.empty())
      return success();
    if (failed(check()))
      return failure();
    for (WarpSpecializeOp ws : ops)
      totalWarps = std::max(totalWarps, int(ws.getTotalWarps()));
    // What ptxas gives each thread at the entry when the kernel uses
    // setmaxnreg: the register file shared by the launch's threads.
    entryRegs =
        std::min<int>(256, kRegisterFile / (totalWarps * kWarpSize) / 8 * 8);
    stateOffset = ops.front()
                      ->getAttrOfType<IntegerAttr>(kWarpSpecializeStateAttr)
                      .getInt();
    SmallVector<LLVM::ReturnOp> returns;
    func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
    retargetThreadsAndBarriers(func, numWarps);
    buildEntryAndWorkerLoop();
    for (auto [k, ws] : llvm::enumerate(ops))
      lower(ws, k);
    // The default warps release the partitions' warps before they return.
    for (LLVM::ReturnOp ret : returns) {
      b.setInsertionPoint(ret);
      LLVMBuilder lb(b, ret.getLoc());
      storeFromThreadZero(lb.i32(-1), statePtr(ret));
      blockBarrier(b, ret.getLoc());
    }
    return success();
  }

private:
  LogicalResult check() {
    if (!func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      return ops.front().emitError(
          "ttg.warp_specialize is only supported in kernels: the "
          "partitions' warps wait for it from the kernel's entry");
    for (WarpSpecializeOp ws : ops) {
      if (ws->getParentOfType<WarpSpecializeOp>())
        return ws.emitError("ttg.warp_specialize inside another one's region "
                            "is not supported");
      if (!ws->hasAttr(kWarpSpecializeStateAttr) ||
          (!ws.getExplicitCaptures().empty() &&
           !ws->hasAttr(kAllocationOffsetAttr)))
        return ws.emitError("shared memory not allocated for "
                            "ttg.warp_specialize (run allocate-shared-memory)");
      if (kFirstPartitionBarrier + ws.getPartitionRegions().size() >
          size_t(kDefaultBarrier))
        return ws.emitError("at most ")
               << kDefaultBarrier - kFirstPartitionBarrier
               << " partitions (one hardware barrier each)";
      std::optional<ArrayRef<int32_t>> regs = ws.getActualRegisters();
      if (regs && regs->size() != ws.getPartitionRegions().size() + 1)
        return ws.emitError("actualRegisters needs one count for the default "
                            "warps and one per partition");
    }
    return success();
  }

  /// One thread writes what the partitions' warps read after the next
  /// dispatch barrier (a scalar, or a pointer as its integer).
  void storeFromThreadZero(Value value, Value ptr) {
    Location loc = value.getLoc();
    LLVMBuilder lb(b, loc);
    if (auto ptrType = dyn_cast<LLVM::LLVMPointerType>(value.getType()))
      value = lb.ptrtoint(b.getI64Type(), value);
    unsigned bits = value.getType().getIntOrFloatBitWidth();
    const char *instruction = bits <= 16   ? "st.shared.b16"
                              : bits <= 32 ? "st.shared.b32"
                                           : "st.shared.b64";
    Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value first = lb.icmp(LLVM::ICmpPredicate::eq, tid, lb.i32(0));
    predicatedSharedAccess(b, loc, instruction, first, ptr, value);
  }

  Value statePtr(Operation *anchor) {
    return sharedPtr(b, anchor->getLoc(), anchor, stateOffset);
  }

  Value capturePtr(WarpSpecializeOp ws, Operation *anchor, unsigned i) {
    auto offset = ws->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    return sharedPtr(b, anchor->getLoc(), anchor, offset.getInt() + 8 * i);
  }

  /// entry: default warps on, the others to the worker loop, which waits
  /// for a dispatch and switches on the dispatch word.
  void buildEntryAndWorkerLoop() {
    Location loc = func.getLoc();
    LLVMBuilder lb(b, loc);
    Block *entry = &func.getBody().front();
    Block *body = entry->splitBlock(entry->begin());
    worker = new Block();
    func.getBody().push_back(worker);
    b.setInsertionPointToEnd(entry);
    Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    Value isWorker =
        lb.icmp(LLVM::ICmpPredicate::uge, tid, lb.i32(numWarps * kWarpSize));
    LLVM::CondBrOp::create(b, loc, isWorker, worker, body);

    b.setInsertionPointToEnd(worker);
    Value workerTid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
    warp = lb.lshr(workerTid, lb.i32(5));
    blockBarrier(b, loc);
    Value state = lb.load(b.getI32Type(), statePtr(ops.front()));
    Block *exit = new Block();
    func.getBody().push_back(exit);
    SmallVector<int32_t> cases;
    SmallVector<Block *> dests;
    for (size_t k = 0; k < ops.size(); ++k) {
      cases.push_back(k);
      dests.push_back(new Block());
      func.getBody().push_back(dests.back());
    }
    SmallVector<ValueRange> noOperands(cases.size(), ValueRange());
    LLVM::SwitchOp::create(b, loc, state, exit, ValueRange(), cases, dests,
                           noOperands);
    dispatch = dests;
    b.setInsertionPointToEnd(exit);
    LLVM::ReturnOp::create(b, loc, ValueRange());
  }

  /// Op k: the default side where it stands, the partitions off the
  /// worker loop.
  void lower(WarpSpecializeOp ws, unsigned k) {
    Location loc = ws.getLoc();
    LLVMBuilder lb(b, loc);
    std::optional<ArrayRef<int32_t>> regs = ws.getActualRegisters();

    // Partition side: dispatch by warp range, captures from shared memory.
    Block *join = new Block();
    func.getBody().push_back(join);
    b.setInsertionPointToEnd(join);
    blockBarrier(b, loc);
    LLVM::BrOp::create(b, loc, worker);

    Block *test = dispatch[k];
    SmallVector<int32_t> starts = ws.getPartitionStartWarps();
    for (auto [i, region] : llvm::enumerate(ws.getPartitionRegions())) {
      int32_t start = starts[i], count = ws.getPartitionNumWarps()[i];
      Block *run = new Block(), *next = new Block();
      func.getBody().push_back(run);
      func.getBody().push_back(next);
      b.setInsertionPointToEnd(test);
      Value inRange = lb.and_(
          lb.icmp(LLVM::ICmpPredicate::uge, warp, lb.i32(start)),
          lb.icmp(LLVM::ICmpPredicate::ult, warp, lb.i32(start + count)));
      LLVM::CondBrOp::create(b, loc, inRange, run, next);

      b.setInsertionPointToEnd(run);
      if (regs)
        setMaxRegisters(b, loc, (*regs)[i + 1], (*regs)[i + 1] > entryRegs);
      SmallVector<Value> captures;
      for (auto [j, arg] : llvm::enumerate(region.getArguments()))
        captures.push_back(lb.load(arg.getType(), capturePtr(ws, ws, j)));
      Block *regionEntry = &region.front();
      LLVM::BrOp::create(b, loc, captures, regionEntry);
      SmallVector<WarpReturnOp> returns;
      region.walk([&](WarpReturnOp ret) { returns.push_back(ret); });
      func.getBody().getBlocks().splice(func.getBody().end(),
                                        region.getBlocks());
      for (WarpReturnOp ret : returns) {
        b.setInsertionPoint(ret);
        if (regs)
          setMaxRegisters(b, loc, entryRegs, (*regs)[i + 1] < entryRegs);
        LLVM::BrOp::create(b, ret.getLoc(), join);
        ret.erase();
      }
      test = next;
    }
    // Warps no partition of this op uses wait at the join.
    b.setInsertionPointToEnd(test);
    LLVM::BrOp::create(b, loc, join);

    // Default side: hand over the captures, dispatch, run, meet again.
    Block *before = ws->getBlock();
    Block *after = before->splitBlock(std::next(ws->getIterator()));
    for (Value result : ws.getResults())
      result.replaceAllUsesWith(after->addArgument(result.getType(), loc));
    b.setInsertionPoint(ws);
    for (auto [j, capture] : llvm::enumerate(ws.getExplicitCaptures()))
      storeFromThreadZero(capture, capturePtr(ws, ws, j));
    storeFromThreadZero(lb.i32(k), statePtr(ws));
    blockBarrier(b, loc);
    if (regs)
      setMaxRegisters(b, loc, (*regs)[0], (*regs)[0] > entryRegs);
    Region &defaultRegion = ws.getDefaultRegion();
    LLVM::BrOp::create(b, loc, ValueRange(), &defaultRegion.front());
    SmallVector<WarpYieldOp> yields;
    for (Block &block : defaultRegion)
      if (auto yield = dyn_cast<WarpYieldOp>(block.getTerminator()))
        yields.push_back(yield);
    func.getBody().getBlocks().splice(after->getIterator(),
                                      defaultRegion.getBlocks());
    for (WarpYieldOp yield : yields) {
      b.setInsertionPoint(yield);
      if (regs)
        setMaxRegisters(b, loc, entryRegs, (*regs)[0] < entryRegs);
      blockBarrier(b, yield.getLoc());
      LLVM::BrOp::create(b, yield.getLoc(), yield.getValues(), after);
      yield.erase();
    }
    ws.erase();
  }

  LLVM::LLVMFuncOp func;
  int numWarps;
  OpBuilder b;
  SmallVector<WarpSpecializeOp> ops;
  int totalWarps = 0;
  int entryRegs = 0;
  int64_t stateOffset = 0;
  Block *worker = nullptr;
  Value warp;
  SmallVector<Block *> dispatch;
};
} // namespace

LogicalResult
mlir::triton::gpu::lowering::checkWarpSpecializeCaptures(ModuleOp module) {
  WalkResult result = module.walk([](WarpSpecializeOp ws) {
    for (Value capture : ws.getExplicitCaptures())
      if (isa<RankedTensorType>(capture.getType())) {
        ws.emitError("a partition cannot capture ")
            << capture.getType()
            << ": partitions take scalars, pointers, tensor descriptors and "
               "shared memory (a tensor lives in the default warps' "
               "registers)";
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

void mlir::triton::gpu::lowering::populateWarpSpecializeOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<WarpSpecializeOpConversion, WarpYieldOpConversion>(converter);
}

LogicalResult
mlir::triton::gpu::lowering::lowerWarpSpecialize(ModuleOp module) {
  int numWarps = TritonGPUDialect::getNumWarps(module);
  SmallVector<LLVM::LLVMFuncOp> funcs;
  module.walk([&](LLVM::LLVMFuncOp func) { funcs.push_back(func); });
  for (LLVM::LLVMFuncOp func : funcs)
    if (failed(WarpSpecializeLowering(func, numWarps).run()))
      return failure();
  return success();
}
