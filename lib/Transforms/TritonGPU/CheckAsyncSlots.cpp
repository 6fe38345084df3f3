//===- CheckAsyncSlots.cpp - ring slots of pipelined loops, checked -------===//
//
// `tritongpu-check-async-slots`: an abstract interpretation of a pipelined
// loop over ring slots. The state is what is still in flight:
//  - the commit groups of cp.async copies (`ttg.async_commit_group`), each
//    a set of (ring, slot) it writes, of which `ttg.async_wait {num = n}`
//    leaves the last n;
//  - the async wgmmas (`ttng.warp_group_dot {isAsync}`), each a set of
//    (ring, slot) it reads, of which `ttng.warp_group_dot_wait
//    {pendings = k}` leaves the last k.
// Slot indices are evaluated from constants and the loop's iteration
// arguments (the pipeliner's wrapped counters), so the prologue and
// 2 * slots + 2 iterations of the loop cover every slot twice; a copy
// predicated off past the last iteration is counted as issued, which only
// makes the check stricter.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"

#include <deque>
#include <set>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUCHECKASYNCSLOTS
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// One slot of one ring: the allocation and the index.
using Slot = std::pair<Operation *, int64_t>;
using SlotSet = std::set<Slot>;

class Interpreter {
public:
  explicit Interpreter(scf::ForOp loop) : loop(loop) {}

  /// Runs the prologue (the ops before the loop in its block) and the loop;
  /// false when a slot index cannot be evaluated (nothing is then said).
  FailureOr<bool> run() {
    Block *block = loop->getBlock();
    for (Operation &op : *block) {
      if (&op == loop.getOperation())
        break;
      std::optional<LogicalResult> r = step(&op);
      if (!r)
        return false;
      if (failed(*r))
        return failure();
    }
    for (auto [arg, init] :
         llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs())) {
      if (std::optional<int64_t> v = evaluate(init))
        values[arg] = *v;
    }
    int64_t slots = 1;
    for (Operation *ring : rings)
      slots = std::max<int64_t>(
          slots, cast<MemDescType>(ring->getResult(0).getType()).getShape()[0]);
    if (rings.empty())
      return false;
    for (int64_t iteration = 0; iteration < 2 * slots + 2; ++iteration) {
      this->iteration = iteration;
      for (Operation &op : loop.getBody()->without_terminator()) {
        std::optional<LogicalResult> r = step(&op);
        if (!r)
          return false;
        if (failed(*r))
          return failure();
      }
      // The next iteration's arguments, from this one's yield.
      auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
      DenseMap<Value, int64_t> next;
      for (auto [arg, v] :
           llvm::zip(loop.getRegionIterArgs(), yield.getOperands()))
        if (std::optional<int64_t> value = evaluate(v))
          next[arg] = *value;
      for (BlockArgument arg : loop.getRegionIterArgs())
        values.erase(arg);
      for (auto [arg, v] : next)
        values[arg] = v;
      memo.clear();
    }
    return true;
  }

private:
  /// The (ring, slot) a memdesc view selects, nullopt when it is not a
  /// ring slot; `unknown` is set when the index cannot be evaluated.
  std::optional<Slot> slotOf(Value view, bool &unknown) {
    auto index = view.getDefiningOp<MemDescIndexOp>();
    if (!index)
      return std::nullopt;
    Operation *ring = index.getSrc().getDefiningOp<LocalAllocOp>();
    if (!ring)
      return std::nullopt;
    std::optional<int64_t> i = evaluate(index.getIndex());
    if (!i) {
      unknown = true;
      return std::nullopt;
    }
    return Slot{ring, *i};
  }

  /// One op's effect on the state: nullopt when a slot index is unknown,
  /// failure (with the error emitted) on a hazard.
  std::optional<LogicalResult> step(Operation *op) {
    bool unknown = false;
    if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op)) {
      std::optional<Slot> slot = slotOf(copy.getResult(), unknown);
      if (unknown)
        return std::nullopt;
      if (!slot)
        return success();
      rings.insert(slot->first);
      for (size_t k = 0; k < reading.size(); ++k)
        if (reading[k].count(*slot))
          return error(op, *slot,
                       "overwrites a slot that an async wgmma issued before "
                       "it may still read (" +
                           Twine(reading.size() - k) +
                           " wgmma(s) in flight; the copy needs a "
                           "`ttng.warp_group_dot_wait` with fewer pendings, "
                           "or a slot further ahead)");
      open.insert(*slot);
      return success();
    }
    if (isa<AsyncCommitGroupOp>(op)) {
      groups.push_back(open);
      open.clear();
      return success();
    }
    if (auto wait = dyn_cast<AsyncWaitOp>(op)) {
      while (groups.size() > size_t(wait.getNum()))
        groups.pop_front();
      return success();
    }
    if (auto dot = dyn_cast<nvidia_gpu::WarpGroupDotOp>(op)) {
      SlotSet reads;
      for (Value operand : {Value(dot.getA()), Value(dot.getB())}) {
        std::optional<Slot> slot = slotOf(operand, unknown);
        if (unknown)
          return std::nullopt;
        if (!slot)
          continue;
        if (failed(checkRead(op, *slot)))
          return failure();
        reads.insert(*slot);
      }
      if (dot.getIsAsync())
        reading.push_back(reads);
      return success();
    }
    if (auto wait = dyn_cast<nvidia_gpu::WarpGroupDotWaitOp>(op)) {
      while (reading.size() > size_t(wait.getPendings()))
        reading.pop_front();
      return success();
    }
    if (auto load = dyn_cast<LocalLoadOp>(op)) {
      std::optional<Slot> slot = slotOf(load.getSrc(), unknown);
      if (unknown)
        return std::nullopt;
      if (slot && failed(checkRead(op, *slot)))
        return failure();
      return success();
    }
    return success();
  }

  LogicalResult checkRead(Operation *op, Slot slot) {
    if (open.count(slot))
      return error(op, slot,
                   "reads a slot whose copy was issued but not yet "
                   "committed and waited for");
    for (size_t k = 0; k < groups.size(); ++k)
      if (groups[k].count(slot))
        return error(op, slot,
                     "reads a slot whose copy may still be in flight (" +
                         Twine(groups.size() - k) +
                         " commit group(s) ago; the `ttg.async_wait` before "
                         "it leaves " +
                         Twine(groups.size()) + " in flight)");
    return success();
  }

  LogicalResult error(Operation *op, Slot slot, const Twine &what) {
    InFlightDiagnostic diag = op->emitError()
                              << "slot " << slot.second << " of the ring "
                              << "allocated at " << slot.first->getLoc() << ": "
                              << what;
    if (iteration >= 0)
      diag << ", in iteration " << iteration << " of the loop";
    else
      diag << ", before the loop";
    return failure();
  }

  /// The value of an i32/index scalar from constants, the loop's current
  /// iteration arguments and integer arithmetic on them.
  std::optional<int64_t> evaluate(Value v) {
    if (auto it = values.find(v); it != values.end())
      return it->second;
    if (auto it = memo.find(v); it != memo.end())
      return it->second;
    std::optional<int64_t> result;
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c))) {
      result = c.getSExtValue();
    } else if (Operation *def = v.getDefiningOp()) {
      auto operand = [&](unsigned i) { return evaluate(def->getOperand(i)); };
      if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::RemSIOp,
              arith::RemUIOp>(def)) {
        std::optional<int64_t> a = operand(0), b = operand(1);
        if (a && b) {
          if (isa<arith::AddIOp>(def))
            result = *a + *b;
          else if (isa<arith::SubIOp>(def))
            result = *a - *b;
          else if (isa<arith::MulIOp>(def))
            result = *a * *b;
          else if (*b != 0)
            result = *a % *b;
        }
      } else if (auto cmp = dyn_cast<arith::CmpIOp>(def)) {
        std::optional<int64_t> a = operand(0), b = operand(1);
        if (a && b)
          result = arith::applyCmpPredicate(
              cmp.getPredicate(), APInt(64, *a, true), APInt(64, *b, true));
      } else if (isa<arith::SelectOp>(def)) {
        std::optional<int64_t> cond = operand(0);
        if (cond)
          result = operand(*cond ? 1 : 2);
      } else if (isa<arith::IndexCastOp, arith::ExtSIOp>(def)) {
        result = operand(0);
      }
    }
    if (result)
      memo[v] = *result;
    return result;
  }

  scf::ForOp loop;
  int64_t iteration = -1;
  DenseMap<Value, int64_t> values, memo;
  llvm::SetVector<Operation *> rings;
  SlotSet open;
  std::deque<SlotSet> groups, reading;
};

class CheckAsyncSlotsPass
    : public mlir::triton::impl::TritonGPUCheckAsyncSlotsBase<
          CheckAsyncSlotsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    bool failedAny = false;
    getOperation().walk([&](scf::ForOp loop) {
      bool async = false;
      loop.getBody()->walk([&](AsyncCopyGlobalToLocalOp) { async = true; });
      if (!async)
        return;
      FailureOr<bool> checked = Interpreter(loop).run();
      if (failed(checked)) {
        failedAny = true;
        return;
      }
      if (remarks)
        loop->emitRemark(*checked ? "ring slots checked: no copy or wgmma "
                                    "can overlap a use of its slot"
                                  : "ring slots not checked: a slot index "
                                    "is not computable from the loop's "
                                    "iteration arguments");
    });
    if (failedAny)
      signalPassFailure();
  }
};
} // namespace
