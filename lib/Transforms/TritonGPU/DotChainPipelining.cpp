//===- DotChainPipelining.cpp - attention's second wgmma a turn later -----===//
//
// A warp-specialized consumer loop with attention's chain of two
// synchronous wgmmas (S = Q K^T from a ring slot; softmax; acc = acc *
// alpha + P V from the same slot) runs each warp group's softmax while its
// tensor cores are idle. FlashAttention-3's intra-warp-group pipelining
// issues P V of iteration j - 1 right after Q K^T of iteration j, so the
// softmax of j runs while that P V is in flight:
//
//   prologue (if the loop runs): wait slot 0; S = Q K^T; softmax -> m, l,
//            P_0, alpha_0
//   for j = lb + step ... {      iter_args(..., D, P_prev, slot_prev, a_prev)
//     wait slot j;  S = Q K^T                    {isAsync}
//     A = D * a_prev                             // while Q K^T runs
//     D = P_prev V[slot_prev] + A                {isAsync}
//     S = warp_group_dot_wait S {pendings = 1}   // Q K^T done, P V in flight
//     softmax(S) -> m, l, P_j, alpha_j
//     D = warp_group_dot_wait D {pendings = 0}
//     release slot_prev
//   }
//   epilogue (if the loop ran): acc = P_last V[slot_last] + D * a_last;
//            release it
//
// The algebra is the loop's own: D carries acc_{j-1} and a_prev alpha_j
// (its row vector, before the broadcast), so acc_{j-1} * alpha_j, the
// accumulator P_j V_j adds to, is made in the next iteration, after its
// Q K^T is issued: the rescale runs under that wgmma, as FlashAttention-3
// places it, not between the P V's completion and the next Q K^T's issue.
// A slot is held one iteration longer (its V is read a turn later).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Transforms/PipeliningUtility.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
/// The loop's chain, found before anything changes.
struct DotChain {
  scf::ForOp loop;
  ttng::WarpGroupDotOp first, second;
  /// ring[slot], the second's B operand.
  MemDescIndexOp secondB;
  /// The iteration argument the second accumulates into.
  unsigned accIndex = 0;
  /// acc * alpha, and the conversions into the second's C and out of its
  /// result (either may be absent).
  arith::MulFOp rescale;
  ConvertLayoutOp toC, fromD;
  /// The rescale's other operand (alpha) before the broadcasts that make
  /// it the accumulator's shape, and those ops, source first: the loop
  /// carries `scale` and remakes the rest where the rescale moves.
  Value scale;
  SmallVector<Operation *> scaleShape;
};

/// A single user of `v`, if it has exactly one use.
Operation *soleUser(Value v) {
  return v.hasOneUse() ? *v.getUsers().begin() : nullptr;
}

/// The chain's dots and accumulator; `secondB` is checked by the caller.
FailureOr<DotChain> matchDots(scf::ForOp loop) {
  SmallVector<ttng::WarpGroupDotOp> dots;
  loop.getBody()->walk([&](ttng::WarpGroupDotOp dot) { dots.push_back(dot); });
  if (dots.size() != 2 || dots[0]->getBlock() != loop.getBody() ||
      dots[1]->getBlock() != loop.getBody())
    return failure();
  DotChain c;
  c.loop = loop;
  c.first = dots[0];
  c.second = dots[1];
  if (c.first.getIsAsync() || c.second.getIsAsync() || c.second.getUseC() ||
      !isa<RankedTensorType>(c.second.getA().getType()))
    return failure();
  // The second's result reaches the yield, maybe through a conversion.
  Value result = c.second.getD();
  Operation *user = soleUser(result);
  if ((c.fromD = dyn_cast_or_null<ConvertLayoutOp>(user))) {
    result = c.fromD.getResult();
    user = soleUser(result);
  }
  if (!user || user != loop.getBody()->getTerminator())
    return failure();
  c.accIndex = result.getUses().begin()->getOperandNumber();
  // The accumulator's only use: acc * alpha, into C (maybe converted).
  BlockArgument acc = loop.getRegionIterArgs()[c.accIndex];
  c.rescale = dyn_cast_or_null<arith::MulFOp>(soleUser(acc));
  if (!c.rescale || c.rescale.getLhs() == c.rescale.getRhs())
    return failure();
  Value toC = c.rescale.getResult();
  if ((c.toC = dyn_cast_or_null<ConvertLayoutOp>(soleUser(toC))))
    toC = c.toC.getResult();
  if (c.second.getC() != toC || !toC.hasOneUse())
    return failure();
  c.scale = c.rescale.getLhs() == acc ? c.rescale.getRhs() : c.rescale.getLhs();
  while (Operation *def = c.scale.getDefiningOp()) {
    if (!isa<BroadcastOp, ExpandDimsOp>(def) ||
        def->getBlock() != loop.getBody())
      break;
    c.scaleShape.insert(c.scaleShape.begin(), def);
    c.scale = def->getOperand(0);
  }
  return c;
}

/// The chain of a consumer loop: its second dot reads V from a ring slot.
FailureOr<DotChain> matchDotChain(scf::ForOp loop) {
  FailureOr<DotChain> c = matchDots(loop);
  if (failed(c))
    return failure();
  c->secondB = c->second.getB().getDefiningOp<MemDescIndexOp>();
  if (!c->secondB || c->secondB->getBlock() != loop.getBody() ||
      !loop.isDefinedOutsideOfLoop(c->secondB.getSrc()))
    return failure();
  return c;
}

/// Everything of the body but the chain's second half (the second dot, its
/// B view, the rescale and the conversions), in body order, with
/// `afterFirst` called once the first dot is cloned.
///
/// A proxy fence after the first dot (the loop's, before the second) ordered
/// the slot's copies before the second dot read V. Once that dot is issued with
/// the next iteration's first, after the fence that follows the slot's wait
/// (which orders the same copies: one barrier completes the slot's K and V), it
/// orders nothing a wgmma reads: the fence goes (session 44: the head-dim-128
/// kernel's PTX had one `fence.proxy.async` per iteration more than it
/// needs). Without a fence before the first dot (TMA rings) it stays.
void cloneFirstPart(OpBuilder &b, DotChain &c, IRMapping &map,
                    function_ref<void(ttng::WarpGroupDotOp)> afterFirst) {
  bool fencedFirst = false, pastFirst = false;
  for (Operation &op : c.loop.getBody()->without_terminator()) {
    if (&op == c.rescale.getOperation() || &op == c.second.getOperation() ||
        &op == c.secondB.getOperation() ||
        (c.toC && &op == c.toC.getOperation()) ||
        (c.fromD && &op == c.fromD.getOperation()))
      continue;
    if (isa<ttng::FenceAsyncSharedOp>(op)) {
      if (fencedFirst && pastFirst)
        continue;
      fencedFirst = !pastFirst;
    }
    Operation *clone = b.clone(op, map);
    if (&op == c.first.getOperation()) {
      pastFirst = true;
      afterFirst(cast<ttng::WarpGroupDotOp>(clone));
    }
  }
}

/// The second dot on (p, ring[slot], acc converted into C).
Value issueSecond(OpBuilder &b, DotChain &c, Value p, Value slot, Value acc,
                  bool async) {
  Location loc = c.second.getLoc();
  Value cIn = c.toC
                  ? Value(ConvertLayoutOp::create(b, loc, c.toC.getType(), acc))
                  : acc;
  Value v = MemDescIndexOp::create(b, loc, c.secondB.getType(),
                                   c.secondB.getSrc(), slot);
  IRMapping map;
  map.map(c.second.getA(), p);
  map.map(c.second.getB(), v);
  map.map(c.second.getC(), cIn);
  auto dot = cast<ttng::WarpGroupDotOp>(b.clone(*c.second, map));
  dot.setIsAsync(async);
  return dot.getD();
}

/// The second's result as the loop carries it.
Value fromSecond(OpBuilder &b, DotChain &c, Value d) {
  if (!c.fromD)
    return d;
  return ConvertLayoutOp::create(b, c.fromD.getLoc(), c.fromD.getType(), d);
}

/// The yields of a rotated iteration: the loop's (mapped), with the
/// accumulator replaced by `acc`, then P, the slot and the iteration's
/// alpha.
SmallVector<Value> rotatedYields(DotChain &c, IRMapping &map, Value acc) {
  SmallVector<Value> yields;
  for (auto [i, v] : llvm::enumerate(c.loop.getYieldedValues()))
    yields.push_back(i == c.accIndex ? acc : map.lookupOrDefault(v));
  yields.push_back(map.lookup(c.second.getA()));
  yields.push_back(map.lookup(c.secondB.getIndex()));
  yields.push_back(map.lookupOrDefault(c.scale));
  return yields;
}

/// acc * alpha with a carried alpha, broadcast as the loop broadcast it.
Value rescaleAcc(OpBuilder &b, DotChain &c, Value acc, Value scale) {
  IRMapping map;
  map.map(c.scale, scale);
  for (Operation *op : c.scaleShape)
    b.clone(*op, map);
  map.map(c.loop.getRegionIterArgs()[c.accIndex], acc);
  return b.clone(*c.rescale, map)->getResult(0);
}

/// The first iteration's first half, when the loop runs at all.
scf::IfOp buildPrologue(OpBuilder &b, DotChain &c, Value runs) {
  scf::ForOp loop = c.loop;
  Location loc = loop.getLoc();
  SmallVector<Type> types(loop.getResultTypes());
  auto pType = cast<RankedTensorType>(c.second.getA().getType());
  types.push_back(pType);
  types.push_back(c.secondB.getIndex().getType());
  types.push_back(c.scale.getType());
  auto prologue = scf::IfOp::create(b, loc, types, runs, /*withElse=*/true);
  OpBuilder then = prologue.getThenBodyBuilder();
  IRMapping map;
  map.map(loop.getInductionVar(), loop.getLowerBound());
  for (auto [arg, init] :
       llvm::zip(loop.getRegionIterArgs(), loop.getInitArgs()))
    map.map(arg, init);
  cloneFirstPart(then, c, map, [](ttng::WarpGroupDotOp) {});
  scf::YieldOp::create(then, loc,
                       rotatedYields(c, map, loop.getInitArgs()[c.accIndex]));
  OpBuilder otherwise = prologue.getElseBodyBuilder();
  SmallVector<Value> inits(loop.getInitArgs());
  // P, the slot and alpha are never read where the loop does not run (the
  // epilogue issues P V only where it ran): zeros of their types.
  for (Type type : ArrayRef(types).take_back(3))
    inits.push_back(
        arith::ConstantOp::create(otherwise, loc, otherwise.getZeroAttr(type)));
  scf::YieldOp::create(otherwise, loc, inits);
  return prologue;
}

/// Iterations lb + step, ...: the first half of j and the second of j - 1.
scf::ForOp
buildRotatedLoop(OpBuilder &b, DotChain &c, scf::IfOp prologue,
                 function_ref<void(OpBuilder &, Location, Value)> release) {
  scf::ForOp loop = c.loop;
  Location loc = loop.getLoc();
  Value start =
      arith::AddIOp::create(b, loc, loop.getLowerBound(), loop.getStep());
  auto rotated = scf::ForOp::create(b, loc, start, loop.getUpperBound(),
                                    loop.getStep(), prologue.getResults());
  rotated->setAttrs(loop->getAttrs());
  OpBuilder body = OpBuilder::atBlockBegin(rotated.getBody());
  unsigned n = loop.getNumRegionIterArgs();
  ValueRange args = rotated.getRegionIterArgs();
  IRMapping map;
  map.map(loop.getInductionVar(), rotated.getInductionVar());
  for (unsigned i = 0; i < n; ++i)
    if (i != c.accIndex)
      map.map(loop.getRegionIterArgs()[i], args[i]);
  Value pending;
  cloneFirstPart(body, c, map, [&](ttng::WarpGroupDotOp first) {
    first.setIsAsync(true);
    Value acc = rescaleAcc(body, c, args[c.accIndex], args[n + 2]);
    pending = issueSecond(body, c, args[n], args[n + 1], acc,
                          /*async=*/true);
    auto s = ttng::WarpGroupDotWaitOp::create(body, first.getLoc(),
                                              ValueRange{first.getD()}, 1);
    map.map(c.first.getD(), s.getResult(0));
  });
  auto done =
      ttng::WarpGroupDotWaitOp::create(body, loc, ValueRange{pending}, 0);
  Value acc = fromSecond(body, c, done.getResult(0));
  release(body, loc, args[n + 1]);
  scf::YieldOp::create(body, loc, rotatedYields(c, map, acc));
  return rotated;
}

/// The last iteration's second half, when the loop ran.
scf::IfOp
buildEpilogue(OpBuilder &b, DotChain &c, scf::ForOp rotated, Value runs,
              function_ref<void(OpBuilder &, Location, Value)> release) {
  Location loc = c.loop.getLoc();
  unsigned n = c.loop.getNumRegionIterArgs();
  Value a = rotated.getResult(c.accIndex);
  auto epilogue = scf::IfOp::create(b, loc, TypeRange{a.getType()}, runs,
                                    /*withElse=*/true);
  OpBuilder then = epilogue.getThenBodyBuilder();
  Value slot = rotated.getResult(n + 1);
  Value acc = rescaleAcc(then, c, a, rotated.getResult(n + 2));
  Value d = issueSecond(then, c, rotated.getResult(n), slot, acc,
                        /*async=*/false);
  release(then, loc, slot);
  scf::YieldOp::create(then, loc, fromSecond(then, c, d));
  OpBuilder otherwise = epilogue.getElseBodyBuilder();
  scf::YieldOp::create(otherwise, loc, a);
  return epilogue;
}
} // namespace

std::optional<int64_t> mlir::triton::gpu::getDotChainTileSize(scf::ForOp loop) {
  FailureOr<DotChain> c = matchDots(loop);
  if (failed(c))
    return std::nullopt;
  auto b = cast<MemDescType>(c->second.getB().getType());
  return b.getNumElements();
}

ttng::WarpGroupDotOp mlir::triton::gpu::getAsyncChainDot(scf::ForOp loop) {
  FailureOr<DotChain> c = matchDots(loop);
  if (failed(c) || c->fromD)
    return {};
  return c->second;
}

bool mlir::triton::gpu::pipelineDotChain(
    scf::ForOp loop, function_ref<void(OpBuilder &, Location, Value)> release) {
  FailureOr<DotChain> chain = matchDotChain(loop);
  if (failed(chain))
    return false;
  // A tile stored once from a value made before the loop (attention's Q)
  // is read where it is: before the loop, not once by the prologue and
  // again by the loop.
  for (Operation &op : llvm::make_early_inc_range(*loop.getBody())) {
    auto alloc = dyn_cast<LocalAllocOp>(op);
    if (alloc && alloc.getSrc() && !alloc.getType().getMutableMemory() &&
        loop.isDefinedOutsideOfLoop(alloc.getSrc()))
      alloc->moveBefore(loop);
  }
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value runs =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                            loop.getLowerBound(), loop.getUpperBound());
  scf::IfOp prologue = buildPrologue(b, *chain, runs);
  scf::ForOp rotated = buildRotatedLoop(b, *chain, prologue, release);
  scf::IfOp epilogue = buildEpilogue(b, *chain, rotated, runs, release);
  for (unsigned i = 0; i < loop.getNumResults(); ++i)
    loop.getResult(i).replaceAllUsesWith(
        i == chain->accIndex ? epilogue.getResult(0) : rotated.getResult(i));
  loop->erase();
  return true;
}
