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
// outside any such loop the reduction itself branches on s. Causal
// attention's `where(mask, qk * s, -inf)`, in a branch on diagonal tiles
// (triton-guard-tile-masks), is where(mask, qk, -inf) * s element by
// element: there the product and the subtraction (not contracted across
// the branch) become one fma (session 39: 409 -> 380 us). In
// warp-specialized consumers too (session 48: bench/attention_ab.py's
// 8-warp loops +2 to +10 %), once the P @ V operand the versioned loop
// carries through the join of its two versions stayed in 32-bit words
// (WordBlockArguments.cpp; in f16 halves, packed after wgmma.fence, ptxas
// serialized the P @ V wgmmas, C7519).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUSCALEAFTERMAX
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
/// The scale a float tensor splats: a scalar (tt.splat) or a constant.
std::optional<SplatValue> splatScale(Value v) {
  SplatValue splat = getSplatValue(v);
  if ((splat.scalar && isa<FloatType>(splat.scalar.getType())) ||
      isa_and_nonnull<FloatAttr>(splat.constant))
    return splat;
  return std::nullopt;
}

/// A constant scale's value.
APFloat constantScale(const SplatValue &scale) {
  return cast<FloatAttr>(scale.constant).getValue();
}

/// A reduction whose one combiner is a max or a min: these commute with
/// any monotone rounding map, such as x -> x * s for s positive and finite.
bool isMaxOrMin(ReduceOp reduce) {
  return reduce.getNumOperands() == 1 &&
         isa_and_nonnull<arith::MaxNumFOp, arith::MaximumFOp, arith::MinNumFOp,
                         arith::MinimumFOp>(reduce.getSingleCombiner());
}

/// A constant c with c * s == c for every positive finite s: the masked
/// value of `where(mask, x * s, c)` (causal attention's -inf).
bool scaleInvariant(Value v) {
  DenseFPElementsAttr attr;
  if (!matchPattern(v, m_Constant(&attr)) || !attr.isSplat())
    return false;
  APFloat c = attr.getSplatValue<APFloat>();
  return c.isZero() || c.isInfinity();
}

/// The reduction's operand x as y * s: the product itself, or, element by
/// element exactly so, `select(mask, x * s, c)` with c as above, or an
/// scf.if whose branches both yield such values (a mask applied only on
/// diagonal tiles, triton-guard-tile-masks). Unscaling x rewrites each
/// product `y * s` into y, in place; the values between them and x must
/// have no other uses.
struct Candidate {
  ReduceOp reduce;
  SmallVector<arith::MulFOp> products;
  /// x, when it is one product: its operand y and splat.
  Value y, splat;
  SplatValue scale;
  SmallVector<arith::SubFOp> subtractions;
};

/// y, of a product `y * s` whose scale `collect` took.
Value unscaled(arith::MulFOp product) {
  return splatScale(product.getLhs()) ? product.getRhs() : product.getLhs();
}

/// Collects the products x is made of into `c`, and the values between
/// them and x into `chain`; false where x is not of the form above.
bool collect(Value x, Candidate &c, llvm::SetVector<Value> &chain,
             int depth = 0) {
  if (depth > 8)
    return false;
  chain.insert(x);
  if (auto product = x.getDefiningOp<arith::MulFOp>()) {
    for (int i = 0; i < 2; ++i)
      if (auto scale = splatScale(product->getOperand(i))) {
        if (c.products.empty())
          c.scale = *scale;
        else if (c.scale != *scale)
          return false;
        if (!llvm::is_contained(c.products, product))
          c.products.push_back(product);
        return true;
      }
    return false;
  }
  if (auto select = x.getDefiningOp<arith::SelectOp>()) {
    if (scaleInvariant(select.getFalseValue()))
      return collect(select.getTrueValue(), c, chain, depth + 1);
    if (scaleInvariant(select.getTrueValue()))
      return collect(select.getFalseValue(), c, chain, depth + 1);
    return false;
  }
  if (auto result = dyn_cast<OpResult>(x))
    if (auto branch = dyn_cast<scf::IfOp>(result.getOwner())) {
      unsigned n = result.getResultNumber();
      return branch.elseBlock() &&
             collect(branch.thenYield()->getOperand(n), c, chain, depth + 1) &&
             collect(branch.elseYield()->getOperand(n), c, chain, depth + 1);
    }
  return false;
}

/// Whether `use` of a value between the products and x is the chain's own:
/// the scaled operand of one of its selects, or a yield of one of its
/// branches' results.
bool usedInChain(OpOperand &use, const llvm::SetVector<Value> &chain) {
  Operation *user = use.getOwner();
  if (isa<arith::SelectOp>(user))
    return use.getOperandNumber() != 0 && chain.contains(user->getResult(0));
  if (isa<scf::YieldOp>(user))
    if (auto branch = dyn_cast<scf::IfOp>(user->getParentOp()))
      return chain.contains(branch.getResult(use.getOperandNumber()));
  return false;
}

std::optional<Candidate> match(ReduceOp reduce, bool fpFusion) {
  if (!isMaxOrMin(reduce))
    return std::nullopt;
  Value x = reduce.getSrcs()[0];
  Candidate c{reduce, {}, {}, {}, {}, {}};
  llvm::SetVector<Value> chain;
  if (!collect(x, c, chain))
    return std::nullopt;
  if (c.scale.constant) {
    APFloat s = constantScale(c.scale);
    if (s.isNegative() || s.isZero() || !s.isFinite())
      return std::nullopt;
  }
  for (Value v : chain)
    if (v != x && !llvm::all_of(v.getUses(), [&](OpOperand &use) {
          return usedInChain(use, chain);
        }))
      return std::nullopt;
  for (Operation *user : x.getUsers()) {
    if (user == reduce.getOperation())
      continue;
    auto sub = dyn_cast<arith::SubFOp>(user);
    if (!sub || sub.getLhs() != x || sub.getRhs() == x || !fpFusion)
      return std::nullopt;
    c.subtractions.push_back(sub);
  }
  if (auto product = x.getDefiningOp<arith::MulFOp>()) {
    c.y = unscaled(product);
    c.splat = product->getOperand(c.y == product.getLhs() ? 1 : 0);
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

/// The scale as a value of `type` (a tensor's splat, or the scalar).
Value scaleAs(OpBuilder &b, Location loc, Type type, const SplatValue &scale) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return scale.scalar
               ? Value(SplatOp::create(b, loc, tensor, scale.scalar))
               : Value(arith::ConstantOp::create(
                     b, loc,
                     DenseElementsAttr::get(tensor, constantScale(scale))));
  return scale.scalar
             ? scale.scalar
             : Value(arith::ConstantOp::create(
                   b, loc, b.getFloatAttr(type, constantScale(scale))));
}

/// `reduced * s`, in the reduction's layout, after it.
Value scaleReduced(OpBuilder &b, Candidate &c, Value reduced,
                   arith::FastMathFlagsAttr fastmath) {
  Location loc = c.reduce.getLoc();
  return arith::MulFOp::create(
      b, loc, reduced, scaleAs(b, loc, reduced.getType(), c.scale), fastmath);
}

/// The subtractions, x * s - r, as the fma LLVM would contract them into
/// (the product is not made apart from it): `fma(x', s, -r)` with x' the
/// reduction's operand unscaled.
void subtractionsAsFma(OpBuilder &b, Candidate &c) {
  for (arith::SubFOp sub : c.subtractions) {
    b.setInsertionPoint(sub);
    Value negated = arith::NegFOp::create(b, sub.getLoc(), sub.getRhs(),
                                          sub.getFastmathAttr());
    Value splat =
        c.splat ? c.splat : scaleAs(b, sub.getLoc(), sub.getType(), c.scale);
    Value fma = math::FmaOp::create(b, sub.getLoc(), sub.getLhs(), splat,
                                    negated, sub.getFastmathAttr());
    sub.replaceAllUsesWith(fma);
    sub.erase();
  }
}

/// Where the scale is known positive and finite: each product y * s
/// becomes y, so the reduction reads x unscaled, and its result is scaled.
void rewriteUnconditionally(Candidate &c) {
  arith::FastMathFlagsAttr fastmath = c.products.front().getFastmathAttr();
  for (arith::MulFOp product : c.products) {
    product.replaceAllUsesWith(unscaled(product));
    product.erase();
  }
  OpBuilder b(c.reduce);
  b.setInsertionPointAfter(c.reduce);
  Value reduced = c.reduce->getResult(0);
  Value scaled = scaleReduced(b, c, reduced, fastmath);
  reduced.replaceAllUsesExcept(scaled, scaled.getDefiningOp());
  subtractionsAsFma(b, c);
}

/// A runtime scale outside any loop that leaves it invariant, x one
/// product: the reduction branches on it (max(y) * s, or the product's
/// maximum).
void rewriteWithBranch(Candidate &c) {
  arith::MulFOp product = c.products.front();
  OpBuilder b(c.reduce);
  Location loc = c.reduce.getLoc();
  Value cond = positiveAndFinite(b, c.scale.scalar);
  auto branch = scf::IfOp::create(b, loc, c.reduce->getResultTypes(), cond,
                                  /*withElseRegion=*/true);
  b.setInsertionPointToStart(&branch.getThenRegion().front());
  IRMapping toY;
  toY.map(product.getResult(), c.y);
  Value reduced = b.clone(*c.reduce, toY)->getResult(0);
  scf::YieldOp::create(b, loc,
                       scaleReduced(b, c, reduced, product.getFastmathAttr()));
  b.setInsertionPointToStart(&branch.getElseRegion().front());
  IRMapping map;
  map.map(product.getResult(), b.clone(*product)->getResult(0));
  scf::YieldOp::create(b, loc, b.clone(*c.reduce, map)->getResult(0));
  c.reduce->getResult(0).replaceAllUsesWith(branch.getResult(0));
  c.reduce.erase();
  for (arith::SubFOp sub : c.subtractions)
    sub->replaceUsesOfWith(product.getResult(), c.y);
  subtractionsAsFma(b, c);
  product.erase();
}

/// A runtime scale the loop leaves invariant: the loop runs in two
/// versions, chosen once by the scale, so that no iteration branches (a
/// branch in the softmax also bounds what ptxas schedules across it). The
/// loop as written runs where s is not positive and finite; its copy,
/// where it is, reduces y and scales the result.
void unswitch(scf::ForOp loop, Value scale, ArrayRef<Candidate> group,
              bool fpFusion) {
  // The waits for wgmmas the loop leaves in flight go into both versions:
  // a wgmma in flight across the two loops' join, on accumulators both
  // write, made ptxas serialize every wgmma (C7515; causal attention with
  // 64-row tiles, 16 % slower, session 39).
  SmallVector<Operation *> versioned{loop};
  for (Operation *op = loop->getNextNode(); op; op = op->getNextNode()) {
    auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(op);
    if (!wait || !llvm::all_of(wait->getOperands(), [&](Value v) {
          return v.getDefiningOp() == loop.getOperation();
        }))
      break;
    versioned.push_back(op);
  }
  SmallVector<Value> results;
  for (Operation *op : versioned)
    llvm::append_range(results, op->getResults());
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  Value cond = positiveAndFinite(b, scale);
  b.setInsertionPointAfter(versioned.back());
  auto branch = scf::IfOp::create(b, loc, ValueRange(results).getTypes(), cond,
                                  /*withElseRegion=*/true);
  b.setInsertionPointToStart(&branch.getThenRegion().front());
  IRMapping map;
  for (Operation *op : versioned)
    b.clone(*op, map);
  scf::YieldOp::create(b, loc, llvm::map_to_vector(results, [&](Value v) {
                         return map.lookup(v);
                       }));
  for (auto [v, r] : llvm::zip(results, branch.getResults()))
    v.replaceUsesWithIf(r, [&](OpOperand &use) {
      return !branch->isAncestor(use.getOwner()) &&
             !llvm::is_contained(versioned, use.getOwner());
    });
  b.setInsertionPointToStart(&branch.getElseRegion().front());
  auto yield = scf::YieldOp::create(b, loc, results);
  for (Operation *op : versioned)
    op->moveBefore(yield);
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
      // A masked x would need its chain copied into the branch.
      if (!c->y)
        continue;
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
          << (c.y                      ? "reduces the product's operand"
              : c.products.size() == 1 ? "reduces the product's operand "
                                         "through its mask"
                                       : "reduces the products' operands "
                                         "through their masks")
          << " and scales the result" << where << "; " << c.subtractions.size()
          << " subtraction(s) of it as fma";
  }
};
} // namespace
