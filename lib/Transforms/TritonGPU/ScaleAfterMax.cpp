//===- ScaleAfterMax.cpp - tritongpu-scale-after-max: max(x s) = max(x) s -===//
//
// Attention written as `qk = dot(q, k) * sm_scale; m = max(qk, 1);
// p = exp(qk - m)` spends, per score element, a multiplication for the
// maximum and an fma for the subtraction (LLVM contracts `qk * s - m`, and
// recomputes the product in it). For s positive and finite, rounding x * s
// is monotone in x (signed zeros and infinities included), so
// max(x * s) = max(x) * s bit for bit, and the multiplication goes: the
// reduction reads x, the subtraction is the fma it was. perf_flash_attn_fwd
// (4 warps) issues 668 instructions per warp and iteration, 64 of them
// these multiplications, and is bound by issue and latency (ncu, session
// 36). A runtime s is tested once: the innermost loop that leaves it
// invariant runs in two versions, the loop as written where s is not
// positive and finite (a branch on s in every iteration cost flash_attn_fwd
// 4 %: the softmax split at the branch, ptxas schedules less across it);
// outside any such loop the reduction itself branches on s.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUSCALEAFTERMAX
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// The scale a tensor splats: a scalar (tt.splat) or a constant.
struct Scale {
  Value scalar;
  std::optional<APFloat> constant;
};

std::optional<Scale> splatScale(Value v) {
  if (auto splat = v.getDefiningOp<SplatOp>())
    if (isa<FloatType>(splat.getSrc().getType()))
      return Scale{splat.getSrc(), std::nullopt};
  DenseFPElementsAttr attr;
  if (matchPattern(v, m_Constant(&attr)) && attr.isSplat())
    return Scale{Value(), attr.getSplatValue<APFloat>()};
  return std::nullopt;
}

/// A reduction whose one combiner is a max or a min: these commute with
/// any monotone rounding map, such as x -> x * s for s positive and finite.
bool isMaxOrMin(ReduceOp reduce) {
  return reduce.getNumOperands() == 1 &&
         isa_and_nonnull<arith::MaxNumFOp, arith::MaximumFOp, arith::MinNumFOp,
                         arith::MinimumFOp>(reduce.getSingleCombiner());
}

/// `product = y * splat(s)` reduced by `reduce`, with every other use an
/// `arith.subf` taking the product first.
struct Candidate {
  ReduceOp reduce;
  arith::MulFOp product;
  Value y, splat;
  Scale scale;
  SmallVector<arith::SubFOp> subtractions;
};

std::optional<Candidate> match(ReduceOp reduce, bool fpFusion) {
  // Warp-specialized consumers are not bound by issue (ncu, session 36:
  // issue slots 53 % busy at head dim 128), which is all this saves; the
  // loop in two versions there measured 1-2 % slower (session 38).
  if (!isMaxOrMin(reduce) || reduce->getParentOfType<gpu::WarpSpecializeOp>())
    return std::nullopt;
  auto product = reduce.getSrcs()[0].getDefiningOp<arith::MulFOp>();
  if (!product)
    return std::nullopt;
  Candidate c{reduce, product, {}, {}, {}, {}};
  for (int i = 0; i < 2 && !c.y; ++i)
    if (auto scale = splatScale(product->getOperand(i))) {
      c.splat = product->getOperand(i);
      c.y = product->getOperand(1 - i);
      c.scale = *scale;
    }
  if (!c.y)
    return std::nullopt;
  if (c.scale.constant &&
      (c.scale.constant->isNegative() || c.scale.constant->isZero() ||
       !c.scale.constant->isFinite()))
    return std::nullopt;
  for (Operation *user : product->getUsers()) {
    if (user == reduce.getOperation())
      continue;
    auto sub = dyn_cast<arith::SubFOp>(user);
    if (!sub || sub.getLhs() != product.getResult() ||
        sub.getRhs() == product.getResult() || !fpFusion)
      return std::nullopt;
    c.subtractions.push_back(sub);
  }
  return c;
}

/// `0 < s < inf`, computed where s is defined.
Value positiveAndFinite(OpBuilder &b, Value s) {
  OpBuilder::InsertionGuard guard(b);
  if (Operation *def = s.getDefiningOp())
    b.setInsertionPointAfter(def);
  else
    b.setInsertionPointToStart(cast<BlockArgument>(s).getOwner());
  Location loc = s.getLoc();
  auto type = cast<FloatType>(s.getType());
  Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
  Value inf = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics())));
  Value above =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT, s, zero);
  Value below =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, s, inf);
  return arith::AndIOp::create(b, loc, above, below);
}

/// max(y) * s: the reduction of y, scaled in the reduction's layout.
Value reduceThenScale(OpBuilder &b, Candidate &c) {
  IRMapping map;
  map.map(c.product.getResult(), c.y);
  Value reduced = b.clone(*c.reduce, map)->getResult(0);
  Location loc = c.reduce.getLoc();
  Value scale;
  if (auto tensor = dyn_cast<RankedTensorType>(reduced.getType()))
    scale =
        c.scale.scalar
            ? Value(SplatOp::create(b, loc, tensor, c.scale.scalar))
            : Value(arith::ConstantOp::create(
                  b, loc, DenseElementsAttr::get(tensor, *c.scale.constant)));
  else
    scale = c.scale.scalar
                ? c.scale.scalar
                : Value(arith::ConstantOp::create(
                      b, loc,
                      b.getFloatAttr(reduced.getType(), *c.scale.constant)));
  return arith::MulFOp::create(b, loc, reduced, scale,
                               c.product.getFastmathAttr());
}

/// The product's subtractions, x * s - r, as the fma LLVM would contract
/// them into (the product is not made apart from it), and the product
/// erased where nothing else reads it.
void subtractionsAsFma(OpBuilder &b, Candidate &c) {
  for (arith::SubFOp sub : c.subtractions) {
    b.setInsertionPoint(sub);
    Value negated = arith::NegFOp::create(b, sub.getLoc(), sub.getRhs(),
                                          sub.getFastmathAttr());
    Value fma = math::FmaOp::create(b, sub.getLoc(), c.y, c.splat, negated,
                                    sub.getFastmathAttr());
    sub.replaceAllUsesWith(fma);
    sub.erase();
  }
  if (c.product->use_empty())
    c.product.erase();
}

/// Where the scale is known positive and finite: max(y) * s.
void rewriteUnconditionally(Candidate &c) {
  OpBuilder b(c.reduce);
  c.reduce->getResult(0).replaceAllUsesWith(reduceThenScale(b, c));
  c.reduce.erase();
  subtractionsAsFma(b, c);
}

/// A runtime scale outside any loop that leaves it invariant: the
/// reduction branches on it (max(y) * s, or the product's maximum).
void rewriteWithBranch(Candidate &c) {
  OpBuilder b(c.reduce);
  Location loc = c.reduce.getLoc();
  Value cond = positiveAndFinite(b, c.scale.scalar);
  auto branch = scf::IfOp::create(b, loc, c.reduce->getResultTypes(), cond,
                                  /*withElseRegion=*/true);
  b.setInsertionPointToStart(&branch.getThenRegion().front());
  scf::YieldOp::create(b, loc, reduceThenScale(b, c));
  b.setInsertionPointToStart(&branch.getElseRegion().front());
  IRMapping map;
  map.map(c.product.getResult(), b.clone(*c.product)->getResult(0));
  scf::YieldOp::create(b, loc, b.clone(*c.reduce, map)->getResult(0));
  c.reduce->getResult(0).replaceAllUsesWith(branch.getResult(0));
  c.reduce.erase();
  subtractionsAsFma(b, c);
}

/// A runtime scale the loop leaves invariant: the loop runs in two
/// versions, chosen once by the scale, so that no iteration branches (a
/// branch in the softmax also bounds what ptxas schedules across it). The
/// loop as written runs where s is not positive and finite; its copy,
/// where it is, reduces y and scales the result.
void unswitch(scf::ForOp loop, Value scale, ArrayRef<Candidate> group,
              bool fpFusion) {
  OpBuilder b(loop);
  Value cond = positiveAndFinite(b, scale);
  b.setInsertionPointAfter(loop);
  auto branch = scf::IfOp::create(b, loop.getLoc(), loop.getResultTypes(), cond,
                                  /*withElseRegion=*/true);
  b.setInsertionPointToStart(&branch.getThenRegion().front());
  IRMapping map;
  auto copy = cast<scf::ForOp>(b.clone(*loop, map));
  scf::YieldOp::create(b, loop.getLoc(), copy.getResults());
  loop->replaceAllUsesWith(branch.getResults());
  b.setInsertionPointToStart(&branch.getElseRegion().front());
  auto yield = scf::YieldOp::create(b, loop.getLoc(), loop.getResults());
  loop->moveBefore(yield);
  // Each reduction's copy, matched afresh (an earlier one's rewrite may
  // have replaced what it reads), rewritten where it still multiplies by s.
  for (const Candidate &c : group) {
    auto reduce =
        cast<ReduceOp>(map.lookup(c.reduce->getResult(0)).getDefiningOp());
    std::optional<Candidate> inCopy = match(reduce, fpFusion);
    if (inCopy && inCopy->scale.scalar == scale)
      rewriteUnconditionally(*inCopy);
  }
}

struct ScaleAfterMaxPass
    : public triton::impl::TritonGPUScaleAfterMaxBase<ScaleAfterMaxPass> {
  using TritonGPUScaleAfterMaxBase::TritonGPUScaleAfterMaxBase;

  void runOnOperation() override {
    SmallVector<ReduceOp> reductions;
    getOperation().walk([&](ReduceOp reduce) { reductions.push_back(reduce); });
    // Each reduction is matched where it is rewritten: an earlier rewrite
    // may have replaced the values a later one reads. Runtime scales are
    // grouped by the innermost loop that leaves them invariant: each such
    // loop is versioned once, on one scale.
    llvm::MapVector<Operation *, std::pair<Value, SmallVector<ReduceOp>>> loops;
    for (ReduceOp reduce : reductions) {
      std::optional<Candidate> c = match(reduce, fpFusion);
      if (!c)
        continue;
      if (c->scale.constant) {
        remark(*c, "");
        rewriteUnconditionally(*c);
        continue;
      }
      auto loop = reduce->getParentOfType<scf::ForOp>();
      if (loop && loop.isDefinedOutsideOfLoop(c->scale.scalar)) {
        auto &[scale, group] = loops[loop];
        if (!scale)
          scale = c->scale.scalar;
        if (scale == c->scale.scalar) {
          group.push_back(reduce);
          continue;
        }
      }
      remark(*c, ", where the scale is positive and finite (a branch on it)");
      rewriteWithBranch(*c);
    }
    for (auto &[loop, entry] : loops) {
      SmallVector<Candidate> group;
      for (ReduceOp reduce : entry.second)
        if (std::optional<Candidate> c = match(reduce, fpFusion))
          group.push_back(std::move(*c));
      if (group.empty())
        continue;
      for (Candidate &c : group)
        remark(c, ", where the scale is positive and finite (the loop in "
                  "two versions, chosen once by it)");
      unswitch(cast<scf::ForOp>(loop), entry.first, group, fpFusion);
    }
  }

  void remark(Candidate &c, StringRef where) {
    if (remarks)
      c.reduce.emitRemark()
          << "reduces the product's operand and scales the result" << where
          << "; " << c.subtractions.size() << " subtraction(s) of it as fma";
  }
};
} // namespace
