//===- FuseNestedLoops.cpp - tritongpu-fuse-nested-loops ------------------===//
//
// A loop marked `tt.flatten` (the frontend's `tl.range(..., flatten=True)`)
// whose body holds one inner loop becomes one loop over every inner
// iteration of every outer iteration. A persistent matmul (an outer loop
// over tiles, an inner loop over K) then pipelines across tiles: the copies
// of the next tile's first K-steps are in flight while this tile's
// epilogue stores its result.
//
//   for i in range(lbi, ubi, si):          len_j = len(range(lbj, ubj, sj))
//     prologue(i)                          if len_j > 0:
//     for j in range(lbj, ubj, sj):          T = len_j - 1; i = lbi - si
//       body(i, j)                    =>     for _ in range(len_i * len_j):
//     epilogue(i)                              T = 0 if T == len_j - 1 else T +
//     1
//                                              if T == 0: i += si; prologue(i)
//                                              j = lbj if T == 0 else j
//                                              body(i, j); j += sj
//                                              if T == len_j - 1: epilogue(i)
//                                          else:
//                                            the nest without its inner loop
//
// The inner loop's bounds and its iteration arguments' initial values must
// be computed outside the outer loop. Its iteration arguments are carried
// by the fused loop and reset to those initial values at the end of the
// epilogue. The body is not under a condition (len_j > 0 in that branch),
// so the pipeliner sees its loads directly.
//
// The prologue is split: pure ops with tensor results (offsets built from
// the tile's scalars) run in every iteration, after the prologue's `scf.if`,
// so that the addresses built from them keep what AxisInfo knows of them;
// the rest (the tile's scalars) runs once per tile and is carried. The fused
// loop counts in i64: len_i * len_j may not fit in 32 bits.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/PipeliningUtility.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUFUSENESTEDLOOPS
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
constexpr llvm::StringLiteral kFlattenAttrName = "tt.flatten";

/// A zero of `type` (an integer, float or pointer, or a tensor of them),
/// the initial value of a carried prologue result before the first tile
/// sets it; null for other types.
Value zeroOf(OpBuilder &b, Location loc, Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  Type elem = tensor ? tensor.getElementType() : type;
  if (auto ptr = dyn_cast<PointerType>(elem)) {
    Value address = arith::ConstantIntOp::create(b, loc, 0, 64);
    Value scalar = IntToPtrOp::create(b, loc, ptr, address);
    return tensor ? Value(SplatOp::create(b, loc, tensor, scalar)) : scalar;
  }
  TypedAttr zero;
  if (isa<FloatType>(elem))
    zero = b.getFloatAttr(elem, 0.0);
  else if (isa<IntegerType, IndexType>(elem))
    zero = b.getIntegerAttr(elem, 0);
  else
    return {};
  if (tensor)
    return arith::ConstantOp::create(b, loc,
                                     SplatElementsAttr::get(tensor, zero));
  return arith::ConstantOp::create(b, loc, zero);
}

bool canCarry(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  Type elem = tensor ? tensor.getElementType() : type;
  return isa<PointerType, FloatType, IntegerType, IndexType>(elem);
}

/// A pure op with a tensor result: recomputed in every fused iteration.
bool isRecomputed(Operation &op) {
  return op.getNumRegions() == 0 && isMemoryEffectFree(&op) &&
         llvm::any_of(op.getResultTypes(),
                      [](Type t) { return isa<RankedTensorType>(t); });
}

Value constantLike(OpBuilder &b, Location loc, Value like, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getIntegerAttr(like.getType(), v));
}

/// len(range(lb, ub, step)): ceil((ub - lb) / step), negative when empty.
Value tripCount(OpBuilder &b, Location loc, scf::ForOp loop) {
  Value span =
      arith::SubIOp::create(b, loc, loop.getUpperBound(), loop.getLowerBound());
  Value step = loop.getStep();
  // span / step rounded up, written out (the lowering has no ceildivsi): the
  // quotient plus one when the remainder is nonzero and of step's sign.
  Value zero = constantLike(b, loc, span, 0);
  Value q = arith::DivSIOp::create(b, loc, span, step);
  Value r = arith::RemSIOp::create(b, loc, span, step);
  Value inexact =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, r, zero);
  Value sameSign = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, r, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, step, zero));
  Value up = arith::AndIOp::create(b, loc, inexact, sameSign);
  return arith::AddIOp::create(
      b, loc, q, arith::ExtUIOp::create(b, loc, span.getType(), up));
}

Value toI64(OpBuilder &b, Location loc, Value v) {
  if (v.getType().isInteger(64))
    return v;
  if (isa<IndexType>(v.getType()))
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  return arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

/// An scf.if with both regions and no terminators yet (the builder adds
/// yields to an if without results; they are taken out). Build in its
/// blocks with OpBuilder::atBlockEnd: scf.if's body builders insert before
/// the terminator of an if without results, which is not there (they put
/// the yield before the last op moved in: a loop nest whose tiles' results
/// all go to stores, with no outer iteration arguments).
scf::IfOp createIf(OpBuilder &b, Location loc, TypeRange types, Value cond) {
  auto ifOp = scf::IfOp::create(b, loc, types, cond, /*withElseRegion=*/true);
  for (Block *block : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (!block->empty())
      block->back().erase();
  return ifOp;
}

/// A loop nest `tt.flatten` asks to fuse, split into its parts.
struct Nest {
  scf::ForOp outer, inner;
  SmallVector<Operation *> once;      // prologue ops run once per tile
  SmallVector<Operation *> recompute; // prologue ops run every iteration
  SmallVector<Value> carried;         // results of `once` used after it
  SmallVector<Operation *> epilogue;
};

/// Why `outer` cannot be fused, or an empty string (and `nest` filled).
std::string analyze(scf::ForOp outer, Nest &nest) {
  nest.outer = outer;
  Block *body = outer.getBody();
  for (Operation &op : body->without_terminator()) {
    if (auto loop = dyn_cast<scf::ForOp>(op)) {
      if (nest.inner)
        return "it holds more than one loop";
      nest.inner = loop;
      continue;
    }
    bool holdsLoop = false;
    op.walk([&](LoopLikeOpInterface) { holdsLoop = true; });
    if (holdsLoop)
      return "a loop is nested in another op of its body";
  }
  scf::ForOp inner = nest.inner;
  if (!inner)
    return "it holds no loop";
  bool nested = false;
  inner.getBody()->walk([&](LoopLikeOpInterface) { nested = true; });
  if (nested)
    return "its inner loop holds a loop";
  for (Value v :
       {inner.getLowerBound(), inner.getUpperBound(), inner.getStep()})
    if (!outer.isDefinedOutsideOfLoop(v))
      return "the inner loop's bounds are computed in the outer loop";
  for (Value init : inner.getInits())
    if (!outer.isDefinedOutsideOfLoop(init))
      return "the inner loop's iteration arguments start from values the "
             "outer loop computes";

  // The prologue: ops run every iteration are pure tensor ops none of whose
  // users in the prologue runs once per tile.
  SmallVector<Operation *> prologue;
  for (Operation &op : *body) {
    if (&op == inner.getOperation())
      break;
    prologue.push_back(&op);
  }
  DenseSet<Operation *> recompute;
  for (Operation *op : llvm::reverse(prologue)) {
    bool usersRecomputed = llvm::all_of(op->getUsers(), [&](Operation *user) {
      Operation *at = body->findAncestorOpInBlock(*user);
      return !at || !at->isBeforeInBlock(inner) || recompute.contains(at);
    });
    if (isRecomputed(*op) && usersRecomputed)
      recompute.insert(op);
  }
  for (Operation *op : prologue) {
    if (recompute.contains(op)) {
      nest.recompute.push_back(op);
      continue;
    }
    nest.once.push_back(op);
    for (Value result : op->getResults()) {
      bool usedLater = llvm::any_of(result.getUsers(), [&](Operation *user) {
        Operation *at = body->findAncestorOpInBlock(*user);
        return at && (at == inner.getOperation() ||
                      inner->isBeforeInBlock(at) || recompute.contains(at));
      });
      if (!usedLater)
        continue;
      if (!canCarry(result.getType()))
        return "a prologue value of type that cannot be carried is used "
               "after the inner loop";
      nest.carried.push_back(result);
    }
  }
  for (Operation *op = inner->getNextNode(); op != body->getTerminator();
       op = op->getNextNode())
    nest.epilogue.push_back(op);
  return "";
}

/// The nest when the inner loop runs no iteration: the outer loop with the
/// inner loop's results replaced by its initial values.
void buildEmptyInnerCase(OpBuilder &b, Nest &nest) {
  IRMapping map;
  auto copy = cast<scf::ForOp>(b.clone(*nest.outer, map));
  auto inner = cast<scf::ForOp>(map.lookup(nest.inner.getOperation()));
  inner.replaceAllUsesWith(inner.getInits());
  inner.erase();
  copy->removeAttr(kFlattenAttrName);
  scf::YieldOp::create(b, nest.outer.getLoc(), copy.getResults());
}

/// `if first: i += step; the once-per-tile prologue`, at `in`: yields the
/// outer induction variable and the carried prologue values (in `else`,
/// `curI` and `carriedArgs`), which replace their uses after it.
scf::IfOp buildOnce(OpBuilder &in, Nest &nest, Value first, Value curI,
                    ValueRange carriedArgs) {
  scf::ForOp outer = nest.outer;
  Location loc = outer.getLoc();
  SmallVector<Type> types{curI.getType()};
  for (Value v : nest.carried)
    types.push_back(v.getType());
  scf::IfOp once = createIf(in, loc, types, first);
  OpBuilder thenB = OpBuilder::atBlockEnd(once.thenBlock());
  Value nextI = arith::AddIOp::create(thenB, loc, curI, outer.getStep());
  for (Operation *op : nest.once)
    op->moveBefore(once.thenBlock(), once.thenBlock()->end());
  SmallVector<Value> thenOut{nextI};
  llvm::append_range(thenOut, nest.carried);
  scf::YieldOp::create(thenB, loc, thenOut);
  OpBuilder elseB = OpBuilder::atBlockEnd(once.elseBlock());
  SmallVector<Value> elseOut{curI};
  llvm::append_range(elseOut, carriedArgs);
  scf::YieldOp::create(elseB, loc, elseOut);
  for (auto [k, v] : llvm::enumerate(nest.carried))
    v.replaceUsesWithIf(once.getResult(k + 1), [&](OpOperand &use) {
      return !once.getThenRegion().isAncestor(
          use.getOwner()->getParentRegion());
    });
  Value i = once.getResult(0);
  outer.getInductionVar().replaceAllUsesWith(i);
  replaceAllUsesInRegionWith(i, nextI, once.getThenRegion());
  return once;
}

/// Which of `inner`'s iteration arguments restart through their wgmma: an
/// accumulator that starts at zero and feeds only a wgmma gets `useC =
/// T != 0` (false on a tile's first step) instead of a reset in the
/// epilogue, so no select or copy of it runs per iteration.
SmallVector<bool> restartInDots(OpBuilder &in, scf::ForOp inner, Value t,
                                Value zeroT) {
  SmallVector<bool> restarts;
  Value notFirst;
  for (auto [arg, init] :
       llvm::zip(inner.getRegionIterArgs(), inner.getInits())) {
    auto dot =
        arg.hasOneUse()
            ? dyn_cast<nvidia_gpu::WarpGroupDotOp>(*arg.getUsers().begin())
            : nvidia_gpu::WarpGroupDotOp();
    bool zero =
        matchPattern(init, m_Zero()) || matchPattern(init, m_AnyZeroFloat());
    restarts.push_back(dot && dot.getC() == arg && !dot.getUseC() && zero);
    if (!restarts.back())
      continue;
    if (!notFirst)
      notFirst = arith::CmpIOp::create(in, inner.getLoc(),
                                       arith::CmpIPredicate::ne, t, zeroT);
    dot.getUseCMutable().assign(notFirst);
  }
  return restarts;
}

/// The fused loop, built at `b` (the branch where the inner loop runs at
/// least once); yields the outer loop's results.
void buildFusedLoop(OpBuilder &b, Nest &nest, Value lenOuter, Value lenInner) {
  scf::ForOp outer = nest.outer, inner = nest.inner;
  Location loc = outer.getLoc();
  Value jv = inner.getInductionVar();

  // Iteration arguments: T, i, j, the outer loop's, the inner loop's, the
  // carried prologue values.
  Value lastT = arith::SubIOp::create(b, loc, lenInner,
                                      constantLike(b, loc, lenInner, 1));
  SmallVector<Value> inits{
      lastT,
      arith::SubIOp::create(b, loc, outer.getLowerBound(), outer.getStep()),
      inner.getLowerBound()};
  unsigned outerAt = inits.size();
  llvm::append_range(inits, outer.getInits());
  unsigned innerAt = inits.size();
  llvm::append_range(inits, inner.getInits());
  unsigned carriedAt = inits.size();
  for (Value v : nest.carried)
    inits.push_back(zeroOf(b, loc, v.getType()));
  Value total = arith::MulIOp::create(b, loc, toI64(b, loc, lenOuter),
                                      toI64(b, loc, lenInner));
  Value zero64 = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value one64 = arith::ConstantIntOp::create(b, loc, 1, 64);
  auto fused = scf::ForOp::create(b, loc, zero64, total, one64, inits);
  if (Attribute stages = inner->hasAttr(kNumStagesAttrName)
                             ? inner->getAttr(kNumStagesAttrName)
                             : outer->getAttr(kNumStagesAttrName))
    fused->setAttr(kNumStagesAttrName, stages);
  auto args = fused.getRegionIterArgs();
  Block *fusedBody = fused.getBody();
  OpBuilder in = OpBuilder::atBlockBegin(fusedBody);

  // T = 0 if T == len_j - 1 else T + 1
  Value zeroT = constantLike(in, loc, lenInner, 0);
  Value wraps =
      arith::CmpIOp::create(in, loc, arith::CmpIPredicate::eq, args[0], lastT);
  Value t = arith::SelectOp::create(
      in, loc, wraps, zeroT,
      arith::AddIOp::create(in, loc, args[0],
                            constantLike(in, loc, lenInner, 1)));
  Value first =
      arith::CmpIOp::create(in, loc, arith::CmpIPredicate::eq, t, zeroT);

  // if T == 0: i += step; the prologue's once-per-tile part.
  scf::IfOp once = buildOnce(in, nest, first, args[1],
                             args.slice(carriedAt, nest.carried.size()));
  Value i = once.getResult(0);
  // Every iteration: the recomputed prologue, then the inner body.
  in.setInsertionPointAfter(once);
  Value j =
      arith::SelectOp::create(in, loc, first, inner.getLowerBound(), args[2]);
  for (Operation *op : nest.recompute)
    op->moveBefore(fusedBody, fusedBody->end());
  jv.replaceAllUsesWith(j);
  SmallVector<bool> restartsInDot = restartInDots(in, inner, t, zeroT);
  for (auto [arg, fusedArg] :
       llvm::zip(inner.getRegionIterArgs(),
                 args.slice(innerAt, inner.getNumRegionIterArgs())))
    arg.replaceAllUsesWith(fusedArg);
  for (auto [arg, fusedArg] :
       llvm::zip(outer.getRegionIterArgs(),
                 args.slice(outerAt, outer.getNumRegionIterArgs())))
    arg.replaceAllUsesWith(fusedArg);
  auto innerYield = cast<scf::YieldOp>(inner.getBody()->getTerminator());
  SmallVector<Value> bodyOut(innerYield.getOperands());
  inner.replaceAllUsesWith(bodyOut);
  while (!inner.getBody()->without_terminator().empty())
    inner.getBody()->front().moveBefore(fusedBody, fusedBody->end());
  in.setInsertionPointToEnd(fusedBody);
  Value nextJ = arith::AddIOp::create(in, loc, j, inner.getStep());

  // if T == len_j - 1: the epilogue, and the inner loop's arguments reset.
  Value last =
      arith::CmpIOp::create(in, loc, arith::CmpIPredicate::eq, t, lastT);
  auto outerYield = cast<scf::YieldOp>(outer.getBody()->getTerminator());
  SmallVector<Type> endTypes(outer.getResultTypes());
  SmallVector<Value> endOut(outerYield.getOperands());
  SmallVector<Value> keep(args.slice(outerAt, outer.getNumRegionIterArgs()));
  for (auto [k, init] : llvm::enumerate(inner.getInits())) {
    if (restartsInDot[k])
      continue;
    endTypes.push_back(init.getType());
    endOut.push_back(init);
    keep.push_back(bodyOut[k]);
  }
  auto end = createIf(in, loc, endTypes, last);
  for (Operation *op : nest.epilogue)
    op->moveBefore(end.thenBlock(), end.thenBlock()->end());
  OpBuilder endThen = OpBuilder::atBlockEnd(end.thenBlock());
  scf::YieldOp::create(endThen, loc, endOut);
  OpBuilder endElse = OpBuilder::atBlockEnd(end.elseBlock());
  scf::YieldOp::create(endElse, loc, keep);

  SmallVector<Value> next{t, i, nextJ};
  unsigned numOuter = outer.getNumResults();
  llvm::append_range(next, end.getResults().take_front(numOuter));
  auto reset = end.getResults().drop_front(numOuter).begin();
  for (auto [k, v] : llvm::enumerate(bodyOut))
    next.push_back(restartsInDot[k] ? v : *reset++);
  llvm::append_range(next, once.getResults().drop_front());
  scf::YieldOp::create(in, loc, next);

  b.setInsertionPointAfter(fused);
  scf::YieldOp::create(
      b, loc, fused.getResults().slice(outerAt, outer.getNumResults()));
}

void fuse(Nest &nest) {
  scf::ForOp outer = nest.outer;
  Location loc = outer.getLoc();
  OpBuilder b(outer);
  Value lenOuter = tripCount(b, loc, outer);
  Value lenInner = tripCount(b, loc, nest.inner);
  Value runs =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, lenInner,
                            constantLike(b, loc, lenInner, 0));
  auto branch = createIf(b, loc, outer.getResultTypes(), runs);
  OpBuilder elseB = OpBuilder::atBlockEnd(branch.elseBlock());
  buildEmptyInnerCase(elseB, nest);
  OpBuilder thenB = OpBuilder::atBlockEnd(branch.thenBlock());
  buildFusedLoop(thenB, nest, lenOuter, lenInner);
  outer.replaceAllUsesWith(branch.getResults());
  nest.inner.erase();
  outer.erase();
}

class FuseNestedLoopsPass
    : public mlir::triton::impl::TritonGPUFuseNestedLoopsBase<
          FuseNestedLoopsPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> marked;
    DenseSet<Operation *> specialized;
    getOperation().walk([&](scf::ForOp loop) {
      if (loop->hasAttr(kFlattenAttrName)) {
        marked.push_back(loop);
      } else if (isMarkedForWarpSpecialization(loop) &&
                 !loop.getBody()->getOps<scf::ForOp>().empty()) {
        // Warp specialization covers innermost loops only (a TMA producer
        // for the loop's own loads); a nest marked for it, a persistent
        // kernel's loop over tiles, is flattened and pipelined instead,
        // which overlaps a tile's epilogue with the next tile's copies as
        // specializing the nest would.
        marked.push_back(loop);
        specialized.insert(loop);
      }
    });
    // Innermost first: a marked loop inside another is fused before it.
    for (scf::ForOp outer : marked) {
      Nest nest;
      std::string why = analyze(outer, nest);
      if (!why.empty()) {
        if (remarks)
          outer.emitRemark("loop not flattened: ") << why;
        outer->removeAttr(kFlattenAttrName);
        continue;
      }
      if (remarks)
        outer.emitRemark("loop flattened with its inner loop")
            << (specialized.contains(outer)
                    ? " (marked for warp specialization, which covers "
                      "innermost loops only)"
                    : "");
      fuse(nest);
    }
  }
};
} // namespace
