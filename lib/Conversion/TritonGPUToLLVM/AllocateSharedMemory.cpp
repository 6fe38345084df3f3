//===- AllocateSharedMemory.cpp - allocate-shared-memory ------------------===//
//
// Per function: collect buffers (local_alloc results, op scratch, call
// scratch), compute each one's live range over a pre-order numbering of the
// function's ops, and place them largest first at the lowest aligned offset
// free of every buffer live at the same time. When that takes more than a
// block may have, layout conversions exchange in rounds
// (ttg.exchange_in_rounds) until it fits. Callees are placed before
// their callers so that a call's scratch is the callee's peak.
//
// Global scratch (ttg.global_scratch_alloc) is placed here too, one slice
// per program.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::triton {
#define GEN_PASS_DEF_ALLOCATESHAREDMEMORY
#include "TritonDialect/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
struct Buffer {
  Operation *owner;
  uint64_t size;
  uint64_t alignment;
  uint64_t start, end; // live over op ids [start, end]
  uint64_t offset = 0;
};

class AllocateSharedMemoryPass
    : public mlir::triton::impl::AllocateSharedMemoryBase<
          AllocateSharedMemoryPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Partitions get what they use from outside through shared memory.
    module.walk([](WarpSpecializeOp ws) { ws.captureImplicitUses(); });
    SymbolTableCollection symbols;
    SmallVector<FunctionOpInterface> functions;
    module.walk([&](FunctionOpInterface f) { functions.push_back(f); });
    // Callees first (Triton has no recursion): repeat until all placed.
    DenseMap<Operation *, uint64_t> peak;
    bool progress = true;
    while (progress && peak.size() < functions.size()) {
      progress = false;
      for (FunctionOpInterface f : functions) {
        if (peak.count(f))
          continue;
        bool ready = true;
        f.walk([&](CallOpInterface call) {
          Operation *callee = call.resolveCallableInTable(&symbols);
          if (callee && callee != f.getOperation() && !peak.count(callee))
            ready = false;
        });
        if (!ready)
          continue;
        peak[f] = allocate(f, symbols, peak);
        progress = true;
      }
    }
    if (peak.size() < functions.size()) {
      module.emitError("allocate-shared-memory: recursive calls cannot be "
                       "given shared memory");
      return signalPassFailure();
    }
    uint64_t total = 0;
    for (auto &[f, bytes] : peak)
      total = std::max(total, bytes);
    Builder b(module.getContext());
    module->setAttr(kSharedAttr, b.getI32IntegerAttr(total));
    allocateGlobalScratch(module);
  }

  /// Global scratch (ttg.global_scratch_alloc, the tensor maps a kernel
  /// makes): each op its own aligned offset in the program's slice, the
  /// slice's size and alignment on the module (the launcher allocates one
  /// slice per program).
  static void allocateGlobalScratch(ModuleOp module) {
    uint64_t size = 0, alignment = 1;
    Builder b(module.getContext());
    module.walk([&](GlobalScratchAllocOp op) {
      uint64_t align = std::max<uint64_t>(1, op.getAlignment());
      size = llvm::alignTo(size, align);
      op->setAttr(kGlobalScratchOffsetAttr, b.getI32IntegerAttr(size));
      size += op.getNbytes();
      alignment = std::max(alignment, align);
    });
    if (size == 0)
      return;
    module->setAttr(kGlobalScratchSizeAttr,
                    b.getI32IntegerAttr(llvm::alignTo(size, alignment)));
    module->setAttr(kGlobalScratchAlignmentAttr,
                    b.getI32IntegerAttr(alignment));
  }

private:
  /// Places `f`'s buffers (place). When they take more shared memory than a
  /// block may have, layout conversions that can exchange in rounds do, the
  /// largest scratch first, until they fit: rounds cost barriers, so only
  /// where the memory is short (a persistent matmul's epilogue beside its
  /// ring).
  uint64_t allocate(FunctionOpInterface f, SymbolTableCollection &symbols,
                    const DenseMap<Operation *, uint64_t> &peak) {
    uint64_t top = place(f, symbols, peak);
    auto module = f->getParentOfType<ModuleOp>();
    int capability =
        module ? TritonGPUDialect::getComputeCapability(module) : 0;
    uint64_t limit = getSharedMemoryLimit(capability);
    if (!capability || top <= limit)
      return top;
    SmallVector<std::pair<uint64_t, Operation *>> candidates;
    f.walk([&](ConvertLayoutOp cvt) {
      if (!cvt->hasAttr(kExchangeInRoundsAttr) &&
          getConvertLayoutRounds(cvt) > 1)
        candidates.push_back({getScratchSizeInBytes(cvt), cvt});
    });
    llvm::stable_sort(candidates,
                      [](auto &a, auto &b) { return a.first > b.first; });
    for (auto [bytes, cvt] : candidates) {
      cvt->setAttr(kExchangeInRoundsAttr, UnitAttr::get(f.getContext()));
      top = place(f, symbols, peak);
      if (top <= limit)
        break;
    }
    return top;
  }

  uint64_t place(FunctionOpInterface f, SymbolTableCollection &symbols,
                 const DenseMap<Operation *, uint64_t> &peak) {
    // Pre-order ids; `last[op]` is the id of the last op nested in op.
    DenseMap<Operation *, uint64_t> id, last;
    uint64_t next = 0;
    numberOps(f, id, last, next);

    SmallVector<Buffer> buffers;
    f.walk([&](Operation *op) {
      if (isa<LocalAllocOp>(op)) {
        buffers.push_back({op, getAllocationSizeInBytes(op),
                           getAllocationAlignment(op), id[op],
                           liveEnd(op, id, last)});
        return;
      }
      uint64_t scratch = 0;
      if (auto call = dyn_cast<CallOpInterface>(op)) {
        if (Operation *callee = call.resolveCallableInTable(&symbols))
          scratch = peak.lookup(callee);
      } else {
        scratch = getScratchSizeInBytes(op);
      }
      if (scratch)
        buffers.push_back({op, scratch,
                           isa<nvidia_gpu::TensormapCreateOp>(op) ? 128u : 16u,
                           id[op], last[op]});
    });

    // The dispatch word of warp specialization, live throughout.
    SmallVector<WarpSpecializeOp> warpSpecializeOps;
    f.walk([&](WarpSpecializeOp ws) { warpSpecializeOps.push_back(ws); });
    // The regions of a ttg.warp_specialize run at the same time: a buffer
    // or scratch of one of them is live for the whole op (the default
    // region's ops are numbered before the partitions', so by ids alone a
    // partition's scratch, a tensor map it writes, could share bytes with a
    // buffer the default warps use meanwhile).
    for (Buffer &buffer : buffers) {
      auto ws = buffer.owner->getParentOfType<WarpSpecializeOp>();
      for (auto outer = ws; outer;
           outer = outer->getParentOfType<WarpSpecializeOp>())
        ws = outer;
      if (ws) {
        buffer.start = std::min(buffer.start, id[ws]);
        buffer.end = std::max(buffer.end, last[ws]);
      }
    }
    if (!warpSpecializeOps.empty())
      buffers.push_back({f.getOperation(), 4, 16, id[f], last[f]});

    // Largest first; each at the lowest aligned offset clear of the
    // buffers already placed that are live at the same time.
    llvm::stable_sort(buffers, [](const Buffer &a, const Buffer &b) {
      return a.size > b.size;
    });
    uint64_t top = 0;
    Builder b(f.getContext());
    for (size_t i = 0; i < buffers.size(); ++i) {
      Buffer &buffer = buffers[i];
      SmallVector<std::pair<uint64_t, uint64_t>> taken;
      for (size_t j = 0; j < i; ++j)
        if (buffers[j].start <= buffer.end && buffer.start <= buffers[j].end)
          taken.push_back(
              {buffers[j].offset, buffers[j].offset + buffers[j].size});
      llvm::sort(taken);
      uint64_t offset = 0;
      for (auto [lo, hi] : taken) {
        offset = llvm::alignTo(offset, buffer.alignment);
        if (offset + buffer.size <= lo)
          break;
        offset = std::max(offset, hi);
      }
      buffer.offset = llvm::alignTo(offset, buffer.alignment);
      top = std::max(top, buffer.offset + buffer.size);
      if (buffer.owner == f.getOperation()) {
        for (WarpSpecializeOp ws : warpSpecializeOps)
          ws->setAttr(kWarpSpecializeStateAttr,
                      b.getI32IntegerAttr(buffer.offset));
        continue;
      }
      buffer.owner->setAttr(kAllocationOffsetAttr,
                            b.getI32IntegerAttr(buffer.offset));
    }
    f->setAttr(kAllocationSizeAttr, b.getI32IntegerAttr(top));
    return top;
  }

  static void numberOps(Operation *root, DenseMap<Operation *, uint64_t> &id,
                        DenseMap<Operation *, uint64_t> &last, uint64_t &next) {
    id[root] = next++;
    for (Region &region : root->getRegions())
      for (Block &block : region)
        for (Operation &op : block)
          numberOps(&op, id, last, next);
    last[root] = next - 1;
  }

  /// The last op id at which a local_alloc's buffer (or a view of it) is
  /// used; a use nested in a region of an op in the alloc's block counts
  /// as a use by that whole op (a loop reads it on every iteration).
  static uint64_t liveEnd(Operation *alloc, DenseMap<Operation *, uint64_t> &id,
                          DenseMap<Operation *, uint64_t> &last) {
    uint64_t end = id[alloc];
    SmallVector<Value> values{alloc->getResult(0)};
    while (!values.empty()) {
      Value v = values.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (isMemDescView(user))
          values.push_back(user->getResult(0));
        // A dot reading a local_load's buffer directly uses the buffer.
        if (isa<LocalLoadOp>(user))
          for (Operation *reader : user->getResult(0).getUsers())
            if (llvm::is_contained(sharedBuffersReadDirectly(reader), v)) {
              Operation *ancestor =
                  alloc->getBlock()->findAncestorOpInBlock(*reader);
              end = std::max(end, last[ancestor ? ancestor : reader]);
            }
        Operation *ancestor = alloc->getBlock()->findAncestorOpInBlock(*user);
        Operation *span = ancestor ? ancestor : user;
        end = std::max(end, last[span]);
      }
    }
    return end;
  }
};
} // namespace
