//===- Membar.cpp - Barriers between shared-memory accesses ---------------===//

#include "TritonDialect/Analysis/Membar.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
using Interval = std::pair<uint64_t, uint64_t>; // [first, second)

bool overlaps(const Interval &a, const Interval &b) {
  return a.first < b.second && b.first < a.second;
}

/// A cp.async copy whose completion an mbarrier tracks (see Accesses).
bool isTrackedByMbarrier(Operation *op) {
  auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op);
  if (!copy || !copy.getToken().use_empty())
    return false;
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
    if (isa<nvidia_gpu::AsyncCopyMbarrierArriveOp>(next))
      return true;
  return false;
}

/// Byte ranges read and written since the last barrier, and those async
/// copies may still be writing.
///
/// An async copy (cp.async) writes when it completes, not when it is
/// issued: a barrier does not order its writes before other threads' reads,
/// only an `async_wait` followed by a barrier does. Its buffer stays in
/// `asyncWrites` (barriers keep it) until an `async_wait {num = 0}`; every
/// `async_wait` turns it into a plain pending write, so the next read of
/// it gets a barrier after the wait.
///
/// A TMA store (ttng.async_tma_copy_local_to_global) reads its buffer until
/// the issuing thread's `async_tma_store_wait`: the buffer stays in
/// `asyncReads` (barriers keep it) until a wait, which makes it a plain
/// pending read, so that the next write of it gets a barrier after the wait
/// (a barrier between the copy and the wait would let the other threads
/// overwrite what the copy has not read yet).
///
/// A TMA copy into shared memory (ttng.async_tma_copy_global_to_local) is
/// ordered before its readers by the mbarrier they wait on, which makes its
/// bytes visible to every waiting thread: it needs a barrier before it
/// (earlier readers of its buffer), none after. So is a cp.async copy that
/// an mbarrier tracks (no commit group takes its token, and a
/// ttng.async_copy_mbarrier_arrive follows it in its block): a warp-
/// specialized producer's, whose slots are handed over by mbarriers. mbarrier
/// operations other than initialization and invalidation read their barrier:
/// the hardware orders them with one another.
struct Accesses {
  SmallVector<Interval> reads, writes, asyncWrites, asyncReads;

  bool empty() const { return reads.empty() && writes.empty(); }
  /// A barrier.
  void clear() {
    reads.clear();
    writes.clear();
  }
  static void add(SmallVector<Interval> &to, ArrayRef<Interval> from) {
    for (const Interval &i : from)
      if (!llvm::is_contained(to, i))
        to.push_back(i);
  }
  void join(const Accesses &other) {
    add(reads, other.reads);
    add(writes, other.writes);
    add(asyncWrites, other.asyncWrites);
    add(asyncReads, other.asyncReads);
  }
  /// An async_wait leaving `num` groups in flight.
  void wait(int64_t num) {
    add(writes, asyncWrites);
    if (num == 0)
      asyncWrites.clear();
  }
  /// An async_tma_store_wait leaving `num` stores reading.
  void waitStores(int64_t num) {
    add(reads, asyncReads);
    if (num == 0)
      asyncReads.clear();
  }
  bool operator==(const Accesses &other) const {
    auto same = [](SmallVector<Interval> a, SmallVector<Interval> b) {
      llvm::sort(a);
      llvm::sort(b);
      return a == b;
    };
    return same(reads, other.reads) && same(writes, other.writes) &&
           same(asyncWrites, other.asyncWrites) &&
           same(asyncReads, other.asyncReads);
  }
  /// Whether `next`, run after these, races with them.
  bool conflictsWith(const Accesses &next) const {
    auto any = [](ArrayRef<Interval> xs, ArrayRef<Interval> ys) {
      for (const Interval &x : xs)
        for (const Interval &y : ys)
          if (overlaps(x, y))
            return true;
      return false;
    };
    return any(next.writes, reads) || any(next.writes, writes) ||
           any(next.reads, writes);
  }
};

class BarrierInserter {
public:
  BarrierInserter(ModuleOp module) : module(module) {
    if (auto shared = module->getAttrOfType<IntegerAttr>(kSharedAttr))
      total = shared.getInt();
  }

  unsigned run() {
    module.walk([&](FunctionOpInterface f) {
      if (f.isExternal())
        return;
      Accesses none;
      for (Block &block : f.getFunctionBody())
        analyze(block, none, /*insert=*/true);
    });
    return inserted;
  }

private:
  /// The bytes a memdesc value refers to: its allocation's, through views;
  /// everything when it cannot be traced (a block argument).
  Interval bufferOf(Value memdesc) {
    if (LocalAllocOp alloc = getViewedAllocation(memdesc))
      if (auto offset =
              alloc->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr)) {
        uint64_t start = offset.getInt();
        return {start, start + getAllocationSizeInBytes(alloc)};
      }
    return {0, std::max<uint64_t>(total, 1)};
  }

  Accesses accessesOf(Operation *op) {
    Accesses a;
    if (isa<nvidia_gpu::BarrierExpectOp, nvidia_gpu::WaitBarrierOp,
            nvidia_gpu::ArriveBarrierOp, nvidia_gpu::AsyncCopyMbarrierArriveOp>(
            op)) {
      a.reads.push_back(bufferOf(op->getOperand(0)));
      return a;
    }
    if (auto copy = dyn_cast<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op)) {
      a.reads.push_back(bufferOf(copy.getBarrier()));
      a.writes.push_back(bufferOf(copy.getResult()));
      return a;
    }
    // Scratch (and calls): read and written by the op.
    if (!isa<LocalAllocOp>(op))
      if (auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr)) {
        uint64_t start = offset.getInt();
        uint64_t size = 0;
        if (auto call = dyn_cast<CallOpInterface>(op)) {
          if (Operation *callee = call.resolveCallableInTable(&symbols))
            if (auto s =
                    callee->getAttrOfType<IntegerAttr>(kAllocationSizeAttr))
              size = s.getInt();
        } else {
          size = getScratchSizeInBytes(op);
        }
        if (size) {
          a.reads.push_back({start, start + size});
          a.writes.push_back({start, start + size});
        }
      }
    for (Value buffer : sharedBuffersReadDirectly(op))
      a.reads.push_back(bufferOf(buffer));
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return a;
    SmallVector<MemoryEffects::EffectInstance> list;
    effects.getEffects(list);
    for (const MemoryEffects::EffectInstance &e : list) {
      if (e.getResource() != SharedMemory::get())
        continue;
      bool read = isa<MemoryEffects::Read>(e.getEffect());
      bool write = isa<MemoryEffects::Write>(e.getEffect());
      if (!read && !write)
        continue;
      SmallVector<Interval> ranges;
      if (Value v = e.getValue(); v && isa<MemDescType>(v.getType()))
        ranges.push_back(bufferOf(v));
      else
        for (Value operand : op->getOperands())
          if (isa<MemDescType>(operand.getType()))
            ranges.push_back(bufferOf(operand));
      for (const Interval &r : ranges)
        (read ? a.reads : a.writes).push_back(r);
    }
    return a;
  }

  /// Runs through `block` with `pending` accesses since the last barrier;
  /// returns those pending at its end. Inserts barriers when `insert`.
  Accesses analyze(Block &block, Accesses pending, bool insert) {
    for (Operation &op : block) {
      if (isa<mlir::gpu::BarrierOp>(op)) {
        pending.clear();
        continue;
      }
      if (auto forOp = dyn_cast<scf::ForOp>(op)) {
        pending = loop(forOp, pending, insert);
        continue;
      }
      if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
        // before, after, before, ...: one body made of both regions.
        unsigned counted = conflicts; // probes, not barriers
        Accesses in = pending;
        for (int i = 0; i < 8; ++i) {
          Accesses end =
              analyze(whileOp.getAfter().front(),
                      analyze(whileOp.getBefore().front(), in, false), false);
          Accesses next = pending;
          next.join(end);
          if (next == in)
            break;
          in = next;
        }
        conflicts = counted;
        Accesses afterBefore = analyze(whileOp.getBefore().front(), in, insert);
        analyze(whileOp.getAfter().front(), afterBefore, insert);
        pending = afterBefore;
        continue;
      }
      if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
        Accesses out = analyze(ifOp.getThenRegion().front(), pending, insert);
        if (!ifOp.getElseRegion().empty())
          out.join(analyze(ifOp.getElseRegion().front(), pending, insert));
        else
          out.join(pending);
        pending = out;
        continue;
      }
      if (auto ws = dyn_cast<WarpSpecializeOp>(op)) {
        // All warps meet at a barrier before the regions run and after:
        // each region starts clean, and nothing is pending after the op.
        // The default warps write the captures' scratch before it.
        if (pending.conflictsWith(accessesOf(&op)) && insert) {
          OpBuilder builder(&op);
          mlir::gpu::BarrierOp::create(builder, op.getLoc());
          ++inserted;
        }
        analyze(ws.getDefaultRegion().front(), Accesses(), insert);
        for (Region &region : ws.getPartitionRegions())
          analyze(region.front(), Accesses(), insert);
        pending.clear();
        continue;
      }
      if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
        pending.wait(wait.getNum());
        continue;
      }
      if (auto wait = dyn_cast<nvidia_gpu::TMAStoreWaitOp>(op)) {
        pending.waitStores(wait.getPendings());
        continue;
      }
      Accesses now = accessesOf(&op);
      if (now.empty())
        continue;
      if (pending.conflictsWith(now)) {
        ++conflicts;
        if (insert) {
          OpBuilder builder(&op);
          mlir::gpu::BarrierOp::create(builder, op.getLoc());
          ++inserted;
        }
        pending.clear();
      }
      // A copy's write happens when it completes (see Accesses).
      if (isa<AsyncCopyGlobalToLocalOp>(op))
        std::swap(now.writes, now.asyncWrites);
      // A TMA copy's is ordered by its mbarrier, and so is a cp.async
      // copy's that an mbarrier tracks (see Accesses).
      if (isa<nvidia_gpu::AsyncTMACopyGlobalToLocalOp>(op) ||
          isTrackedByMbarrier(&op)) {
        now.writes.clear();
        now.asyncWrites.clear();
      }
      // A TMA store reads until its wait (see Accesses).
      if (isa<nvidia_gpu::AsyncTMACopyLocalToGlobalOp>(op))
        std::swap(now.reads, now.asyncReads);
      pending.join(now);
    }
    return pending;
  }

  /// A loop body runs after the code before the loop or after itself: its
  /// entry state is the fixed point of joining both. Where what comes before
  /// the loop costs barriers in every iteration that the back edge alone
  /// would not (a tile written before the loop and read in it), one barrier
  /// before the loop takes their place.
  Accesses loop(scf::ForOp forOp, Accesses before, bool insert) {
    Block &body = *forOp.getBody();
    Accesses in = entryState(body, before);
    if (!before.empty()) {
      Accesses clean = before;
      clean.clear();
      Accesses cleanIn = entryState(body, clean);
      if (barriersPerIteration(body, cleanIn) <
          barriersPerIteration(body, in)) {
        ++conflicts;
        if (insert) {
          OpBuilder builder(forOp);
          mlir::gpu::BarrierOp::create(builder, forOp.getLoc());
          ++inserted;
        }
        before = clean;
        in = cleanIn;
      }
    }
    Accesses end = analyze(body, in, insert);
    end.join(before); // the loop may not run
    return end;
  }

  /// The state a loop body starts in, entered with `before` or from its own
  /// end.
  Accesses entryState(Block &body, const Accesses &before) {
    unsigned counted = conflicts; // probes, not barriers
    Accesses in = before;
    for (int i = 0; i < 8; ++i) {
      Accesses next = before;
      next.join(analyze(body, in, false));
      if (next == in)
        break;
      in = next;
    }
    conflicts = counted;
    return in;
  }

  /// The barriers one iteration of a loop body starting in state `in` needs
  /// (a loop inside counts one of its iterations). A probe: `conflicts` is
  /// left as it was.
  unsigned barriersPerIteration(Block &body, const Accesses &in) {
    unsigned start = conflicts;
    analyze(body, in, false);
    unsigned needed = conflicts - start;
    conflicts = start;
    return needed;
  }

  ModuleOp module;
  SymbolTableCollection symbols;
  uint64_t total = 0;
  unsigned inserted = 0;
  /// Barriers needed so far, inserted or not (the probes of
  /// barriersPerIteration take theirs back).
  unsigned conflicts = 0;
};
} // namespace

unsigned mlir::triton::insertSharedMemoryBarriers(ModuleOp module) {
  return BarrierInserter(module).run();
}
