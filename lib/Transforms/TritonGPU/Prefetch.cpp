//===- Prefetch.cpp - tritongpu-prefetch: next k-slice into registers -----===//
//
// For mma.sync (`tt.dot` with an `nvidia_mma` v2 result) in a loop whose
// operands are read from shared memory by `ttg.local_load`s of buffers the
// loop does not write itself (the rings tritongpu-pipeline fills with async
// copies), the dot is split along K into slices of one mma instruction's
// depth (256 bits of elements: 16 f16, 32 i8, 8 tf32), and the first slice
// of the next iteration's operands is read at the end of the current one:
//
//   a0, b0 = local_load slice 0 of iteration 0's buffers        (before)
//   scf.for ... iter_args(.., %a0, %b0) {
//     acc = tt.dot %a0, %b0, acc               (registers read last time)
//     a1 = local_load subslice [0, k] ..; acc = tt.dot a1, b1, acc  (k > 0)
//     ...
//     ttg.async_wait                          (the next iteration's tiles)
//     a0', b0' = local_load slice 0 of the next iteration's buffers
//     scf.yield .., a0', b0'
//   }
//
// so the shared-memory reads of each slice overlap the mma of the one
// before. The next iteration's buffers are what the loop's memdesc
// arithmetic gives for the values it yields (the ring slot after this
// one). The loop's wait for its copies moves from before the reads to the
// end of the body, where it waits for the next iteration's tiles, and to
// before the loop, for the first ones; the number of groups it leaves in
// flight follows from where the commits are.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUPREFETCH
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// A dot to split and the shared-memory views its operands are read from.
struct PrefetchedDot {
  DotOp dot;
  LocalLoadOp loads[2];
  int64_t kStep;
};

/// The ops of the loop body that compute `v` within one iteration (stopping
/// at the loop's block arguments and at values from outside), in body
/// order; fails if one of them is not pure or has regions.
FailureOr<SmallVector<Operation *>> iterationSlice(scf::ForOp loop, Value v) {
  SetVector<Operation *> slice;
  SmallVector<Value> work{v};
  while (!work.empty()) {
    Value cur = work.pop_back_val();
    Operation *def = cur.getDefiningOp();
    if (!def || def->getBlock() != loop.getBody())
      continue; // a block argument, or defined outside
    if (!slice.insert(def))
      continue;
    if (!isMemoryEffectFree(def) || def->getNumRegions())
      return failure();
    work.append(def->operand_begin(), def->operand_end());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ordered;
}

/// Whether the buffer `memdesc` views is allocated outside `loop` and, in
/// the loop, written only by async copies (so a later iteration's part is
/// ready once its copies are waited for): a ring of the pipeliner, or a
/// buffer stored once before the loop (attention's Q).
bool onlyCopiedInto(Value memdesc, scf::ForOp loop) {
  LocalAllocOp alloc = getViewedAllocation(memdesc);
  return alloc && !loop->isAncestor(alloc) && onlyAsyncCopiesWrite(alloc, loop);
}

class PrefetchPass
    : public mlir::triton::impl::TritonGPUPrefetchBase<PrefetchPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      prefetch(loop);
  }

private:
  void remark(Operation *op, const Twine &text) {
    if (remarks)
      op->emitRemark(text);
  }

  std::optional<PrefetchedDot> match(scf::ForOp loop, DotOp dot) {
    auto type = cast<RankedTensorType>(dot.getType());
    auto mma = dyn_cast<NvidiaMmaEncodingAttr>(type.getEncoding());
    if (!mma || mma.getVersionMajor() != 2 || type.getRank() != 2)
      return std::nullopt;
    PrefetchedDot out{dot, {}, 0};
    for (int i = 0; i < 2; ++i) {
      Value operand = i == 0 ? dot.getA() : dot.getB();
      auto load = operand.getDefiningOp<LocalLoadOp>();
      if (!load || load->getBlock() != loop.getBody() || !load->hasOneUse()) {
        remark(dot, "dot not prefetched: its operands are not read from "
                    "shared memory in the loop");
        return std::nullopt;
      }
      if (!onlyCopiedInto(load.getSrc(), loop)) {
        remark(dot, "dot not prefetched: the loop writes its operands' "
                    "buffers itself");
        return std::nullopt;
      }
      if (failed(iterationSlice(loop, load.getSrc())))
        return std::nullopt;
      out.loads[i] = load;
    }
    auto aType = cast<RankedTensorType>(dot.getA().getType());
    int64_t k = aType.getShape()[1];
    unsigned bits = aType.getElementTypeBitWidth();
    out.kStep = 256 / bits;
    if (bits == 0 || k % out.kStep != 0) {
      remark(dot, "dot not prefetched: K (" + Twine(k) +
                      ") is not a multiple of the mma depth");
      return std::nullopt;
    }
    return out;
  }

  /// Reads slice `s` (along K) of operand `i` of `d` from `memdesc`.
  static Value loadSlice(OpBuilder &b, Location loc, PrefetchedDot &d, int i,
                         Value memdesc, int64_t s) {
    auto full = cast<RankedTensorType>(d.loads[i].getType());
    SmallVector<int64_t> shape(full.getShape());
    unsigned kDim = i == 0 ? 1 : 0;
    Value view = memdesc;
    if (shape[kDim] != d.kStep) {
      auto memType = cast<MemDescType>(memdesc.getType());
      shape[kDim] = d.kStep;
      SmallVector<int32_t> offsets(2, 0);
      offsets[kDim] = int32_t(s * d.kStep);
      auto sliceType = MemDescType::get(
          memType.getContext(), shape, memType.getElementType(),
          memType.getEncoding(), memType.getMemorySpace(),
          memType.getMutableMemory(), memType.getAllocShape());
      view = MemDescSubsliceOp::create(b, loc, sliceType, memdesc, offsets);
    }
    auto tensorType =
        RankedTensorType::get(shape, full.getElementType(), full.getEncoding());
    return LocalLoadOp::create(b, loc, tensorType, view);
  }

  /// Clones what computes `v` with the loop's block arguments mapped.
  static Value cloneFor(OpBuilder &b, scf::ForOp loop, Value v,
                        IRMapping &mapping) {
    FailureOr<SmallVector<Operation *>> slice = iterationSlice(loop, v);
    for (Operation *op : *slice)
      if (!mapping.contains(op->getResult(0)))
        b.clone(*op, mapping);
    return mapping.lookupOrDefault(v);
  }

  void prefetch(scf::ForOp loop) {
    SmallVector<PrefetchedDot> dots;
    for (auto dot : loop.getBody()->getOps<DotOp>())
      if (std::optional<PrefetchedDot> d = match(loop, dot))
        dots.push_back(*d);
    if (dots.empty())
      return;
    // The loop's wait for its copies, before every read of the operands.
    SmallVector<AsyncWaitOp> waits(loop.getBody()->getOps<AsyncWaitOp>());
    if (waits.size() > 1) {
      remark(loop, "loop not prefetched: more than one async_wait");
      return;
    }
    AsyncWaitOp wait = waits.empty() ? AsyncWaitOp() : waits.front();
    // Groups the body commits before its wait: the waits placed before the
    // loop and at the end of the body allow that many fewer in flight.
    int commitsBefore = 0;
    if (wait) {
      for (PrefetchedDot &d : dots)
        for (LocalLoadOp load : d.loads)
          if (!wait->isBeforeInBlock(load)) {
            remark(loop, "loop not prefetched: its async_wait does not "
                         "precede the operand reads");
            return;
          }
      for (auto commit : loop.getBody()->getOps<AsyncCommitGroupOp>())
        if (commit->isBeforeInBlock(wait))
          ++commitsBefore;
    }

    // Before the loop: iteration 0's first slices (its tiles waited for).
    OpBuilder pre(loop);
    if (wait)
      AsyncWaitOp::create(pre, wait.getLoc(),
                          AsyncTokenType::get(&getContext()), ValueRange(),
                          std::max(0, int(wait.getNum()) - commitsBefore));
    IRMapping first;
    first.map(loop.getInductionVar(), loop.getLowerBound());
    for (auto [arg, init] :
         llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
      first.map(arg, init);
    SmallVector<Value> inits;
    for (PrefetchedDot &d : dots)
      for (int i = 0; i < 2; ++i)
        inits.push_back(
            loadSlice(pre, d.loads[i].getLoc(), d, i,
                      cloneFor(pre, loop, d.loads[i].getSrc(), first), 0));

    // The end of the body: the next iteration's first slices.
    IRRewriter rewriter(&getContext());
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, inits, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location yl, ArrayRef<BlockArgument>) {
          Block *newBody = b.getInsertionBlock();
          auto yield = cast<scf::YieldOp>(newBody->getTerminator());
          if (wait)
            AsyncWaitOp::create(
                b, wait.getLoc(), AsyncTokenType::get(&getContext()),
                ValueRange(), std::max(0, int(wait.getNum()) - commitsBefore));
          IRMapping next;
          Value iv = newBody->getArgument(0);
          auto forOp = cast<scf::ForOp>(newBody->getParentOp());
          auto nextIv = arith::AddIOp::create(b, yl, iv, forOp.getStep());
          next.map(iv, nextIv);
          for (auto [k, arg] :
               llvm::enumerate(newBody->getArguments().drop_front().take_front(
                   yield.getNumOperands())))
            next.map(arg, yield.getOperand(k));
          SmallVector<Value> out;
          for (PrefetchedDot &d : dots)
            for (int i = 0; i < 2; ++i)
              out.push_back(
                  loadSlice(b, d.loads[i].getLoc(), d, i,
                            cloneFor(b, forOp, d.loads[i].getSrc(), next), 0));
          if (nextIv->use_empty())
            nextIv->erase();
          return out;
        });
    if (failed(grown)) {
      remark(loop, "loop not prefetched: cannot add its iteration arguments");
      return;
    }
    auto newLoop = cast<scf::ForOp>(grown->getOperation());
    unsigned extra = newLoop.getNumRegionIterArgs() - 2 * dots.size();

    // The dots, slice by slice: the first from the registers read last
    // time, the others from shared memory here.
    for (auto [n, d] : llvm::enumerate(dots)) {
      OpBuilder b(d.dot);
      auto aType = cast<RankedTensorType>(d.dot.getA().getType());
      int64_t slices = aType.getShape()[1] / d.kStep;
      Value acc = d.dot.getC();
      for (int64_t s = 0; s < slices; ++s) {
        Value a = s == 0 ? Value(newLoop.getRegionIterArgs()[extra + 2 * n])
                         : loadSlice(b, d.loads[0].getLoc(), d, 0,
                                     d.loads[0].getSrc(), s);
        Value bv = s == 0
                       ? Value(newLoop.getRegionIterArgs()[extra + 2 * n + 1])
                       : loadSlice(b, d.loads[1].getLoc(), d, 1,
                                   d.loads[1].getSrc(), s);
        acc = DotOp::create(b, d.dot.getLoc(), d.dot.getType(), a, bv, acc,
                            d.dot.getInputPrecision(),
                            d.dot.getMaxNumImpreciseAcc());
      }
      d.dot.getResult().replaceAllUsesWith(acc);
      d.dot.erase();
      for (LocalLoadOp load : d.loads)
        load.erase();
    }
    if (wait && wait->use_empty())
      wait.erase();
    remark(newLoop, "loop prefetched: " + Twine(dots.size()) +
                        " dots read their next k-slice ahead");
  }
};
} // namespace
