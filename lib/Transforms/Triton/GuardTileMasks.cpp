//===- GuardTileMasks.cpp - triton-guard-tile-masks -----------------------===//
//
// A mask computed only on the tiles that need it. Causal attention written
// as one loop,
//
//   for s in range(0, (pm + 1) * BM, BN):
//     rn = s + arange(BN)
//     qk = where(rm[:, None] >= rn[None, :], qk, -inf)   // rm = pm * BM + ..
//
// compares and selects every element of every tile, though the mask is true
// on all of a tile as long as min(rm) >= max(rn), that is s <= pm * BM - BN
// + 1: every tile but the last ones along the diagonal. The select becomes
//
//   qk = scf.if s <= pm * BM - BN + 1 { qk } else { where(rm >= rn, qk, -inf) }
//
// with the comparison (and what only it reads) inside the else branch. The
// test is one scalar comparison, the same for every thread. Splitting the
// loop in two instead ran 4-22 % faster at L = 4096 but lost up to 20 % on
// short sequences and on loops already split as tutorial 06 splits them
// (an empty first part, a second pipeline to fill and to specialize).
//
// It runs on TritonGPU IR, once the layouts are chosen: the scf.if yields
// the select's own layout (guarded before layout assignment, the branch
// kept the scores out of the wgmma layout). Each side of the comparison is
// an index range: `splat(x) + make_range(a, b)`, sums of them, through
// expand_dims, broadcast and convert_layout, where x is the
// loop's induction variable or a value from outside the loop. Its elements
// lie in [x + a, x + b - 1], as Triton's index arithmetic does not wrap.
// The range of iterations where the mask holds everywhere is a prefix (iv
// <= bound) or a suffix (iv >= bound) of the loop.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/Triton/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGUARDTILEMASKS
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// The elements of an index tensor (or a scalar) lie in [base + lo, base +
/// hi], base = ivCoeff * iv + the sum of `invariants`.
struct Range {
  int ivCoeff = 0;
  SmallVector<Value> invariants;
  int64_t lo = 0, hi = 0;
};

std::optional<Range> rangeOf(Value v, scf::ForOp loop, int depth = 0);

std::optional<Range> sum(std::optional<Range> a, std::optional<Range> b) {
  if (!a || !b || a->ivCoeff + b->ivCoeff > 1)
    return std::nullopt;
  a->ivCoeff += b->ivCoeff;
  a->invariants.append(b->invariants);
  a->lo += b->lo;
  a->hi += b->hi;
  return a;
}

/// A scalar: the induction variable, a constant, a sum, or a value from
/// outside the loop.
std::optional<Range> scalarRange(Value v, scf::ForOp loop, int depth) {
  if (v == loop.getInductionVar()) {
    Range r;
    r.ivCoeff = 1;
    return r;
  }
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c))) {
    Range r;
    r.lo = r.hi = c.getSExtValue();
    return r;
  }
  if (auto add = v.getDefiningOp<arith::AddIOp>())
    return sum(rangeOf(add.getLhs(), loop, depth + 1),
               rangeOf(add.getRhs(), loop, depth + 1));
  if (!loop.isDefinedOutsideOfLoop(v))
    return std::nullopt;
  Range r;
  r.invariants.push_back(v);
  return r;
}

std::optional<Range> rangeOf(Value v, scf::ForOp loop, int depth) {
  Type element = getElementTypeOrSelf(v.getType());
  if (depth > 16 || !element.isSignlessInteger() ||
      element.getIntOrFloatBitWidth() < 8)
    return std::nullopt;
  if (!isa<RankedTensorType>(v.getType()))
    return scalarRange(v, loop, depth);
  Operation *def = v.getDefiningOp();
  if (auto range = dyn_cast_or_null<MakeRangeOp>(def)) {
    Range r;
    r.lo = range.getStart();
    r.hi = static_cast<int64_t>(range.getEnd()) - 1;
    return r;
  }
  DenseIntElementsAttr dense;
  if (matchPattern(v, m_Constant(&dense)) && dense.isSplat()) {
    Range r;
    r.lo = r.hi = dense.getSplatValue<APInt>().getSExtValue();
    return r;
  }
  if (isa_and_nonnull<SplatOp, ExpandDimsOp, BroadcastOp,
                      triton::gpu::ConvertLayoutOp>(def))
    return rangeOf(def->getOperand(0), loop, depth + 1);
  if (auto add = dyn_cast_or_null<arith::AddIOp>(def))
    return sum(rangeOf(add.getLhs(), loop, depth + 1),
               rangeOf(add.getRhs(), loop, depth + 1));
  return std::nullopt;
}

/// The iterations where a comparison holds for every element: iv <= bound
/// (a prefix) or iv >= bound (a suffix), bound = sum(plus) - sum(minus) +
/// constant.
struct AllTrue {
  bool prefix = true;
  SmallVector<Value> plus, minus;
  int64_t constant = 0;
};

/// a <= b everywhere when max(a) <= min(b); a < b when max(a) + 1 <=
/// min(b). In iv terms: (ca - cb) iv <= inv(b) - inv(a) + lo(b) - hi(a).
std::optional<AllTrue> lessEqualEverywhere(const Range &a, const Range &b,
                                           bool strict) {
  int d = a.ivCoeff - b.ivCoeff;
  if (d == 0)
    return std::nullopt;
  AllTrue t;
  t.plus = b.invariants;
  t.minus = a.invariants;
  t.constant = b.lo - a.hi - (strict ? 1 : 0);
  if (d < 0) {
    // -iv <= R: iv >= -R.
    std::swap(t.plus, t.minus);
    t.constant = -t.constant;
    t.prefix = false;
  }
  return t;
}

std::optional<AllTrue> allTrueIterations(arith::CmpIOp cmp, scf::ForOp loop) {
  std::optional<Range> lhs = rangeOf(cmp.getLhs(), loop);
  std::optional<Range> rhs = rangeOf(cmp.getRhs(), loop);
  if (!lhs || !rhs)
    return std::nullopt;
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::sle:
    return lessEqualEverywhere(*lhs, *rhs, false);
  case arith::CmpIPredicate::slt:
    return lessEqualEverywhere(*lhs, *rhs, true);
  case arith::CmpIPredicate::sge:
    return lessEqualEverywhere(*rhs, *lhs, false);
  case arith::CmpIPredicate::sgt:
    return lessEqualEverywhere(*rhs, *lhs, true);
  default:
    return std::nullopt;
  }
}

/// `v` as an i64 (sign-extended).
Value toI64(OpBuilder &b, Location loc, Value v) {
  return v.getType().isInteger(64)
             ? v
             : arith::ExtSIOp::create(b, loc, b.getI64Type(), v);
}

/// The bound of the iterations where the mask holds everywhere, in i64,
/// made before the loop.
Value boundBefore(OpBuilder &b, scf::ForOp loop, const AllTrue &t) {
  Location loc = loop.getLoc();
  Value bound = arith::ConstantIntOp::create(b, loc, t.constant, 64);
  for (Value v : t.plus)
    bound = arith::AddIOp::create(b, loc, bound, toI64(b, loc, v));
  for (Value v : t.minus)
    bound = arith::SubIOp::create(b, loc, bound, toI64(b, loc, v));
  return bound;
}

/// Ops of the loop body, before `select`, that only the comparison needs:
/// the comparison itself and what only they read (pure ops). One walk back
/// from the comparison: an op's users in the block come after it.
SmallVector<Operation *> maskOnlyOps(arith::CmpIOp cmp) {
  DenseSet<Operation *> only{cmp};
  SmallVector<Operation *> ordered{cmp};
  for (Operation *op = cmp->getPrevNode(); op; op = op->getPrevNode()) {
    if (!isMemoryEffectFree(op) || op->getNumRegions() || op->use_empty())
      continue;
    if (llvm::all_of(op->getUsers(),
                     [&](Operation *user) { return only.contains(user); })) {
      only.insert(op);
      ordered.push_back(op);
    }
  }
  std::reverse(ordered.begin(), ordered.end());
  return ordered;
}

/// select(cond, t, f) -> scf.if (iv in the all-true range) { t } else {
/// the comparison; select(cond, t, f) }.
void guard(scf::ForOp loop, arith::CmpIOp cmp, arith::SelectOp select,
           Value bound, bool prefix) {
  Location loc = select.getLoc();
  OpBuilder b(select);
  Value whole = arith::CmpIOp::create(
      b, loc, prefix ? arith::CmpIPredicate::sle : arith::CmpIPredicate::sge,
      toI64(b, loc, loop.getInductionVar()), bound);
  SmallVector<Operation *> moved = maskOnlyOps(cmp);
  auto ifOp = scf::IfOp::create(b, loc, select.getType(), whole,
                                /*withElseRegion=*/true);
  OpBuilder thenB = OpBuilder::atBlockEnd(ifOp.thenBlock());
  scf::YieldOp::create(thenB, loc, select.getTrueValue());
  select.getResult().replaceAllUsesWith(ifOp.getResult(0));
  Block *masked = ifOp.elseBlock();
  for (Operation *op : moved)
    op->moveBefore(masked, masked->end());
  select->moveBefore(masked, masked->end());
  OpBuilder elseB = OpBuilder::atBlockEnd(masked);
  scf::YieldOp::create(elseB, loc, select.getResult());
}

struct GuardTileMasksPass
    : public mlir::triton::impl::TritonGuardTileMasksBase<GuardTileMasksPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation().walk([&](scf::ForOp loop) {
      if (llvm::any_of(*loop.getBody(), [](Operation &op) {
            return isa<DotOp, triton::nvidia_gpu::WarpGroupDotOp>(op);
          }))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      tryGuard(loop);
  }

  /// The first select of the body whose mask is true on whole tiles for a
  /// prefix or suffix of the iterations, with that range.
  std::optional<std::tuple<arith::SelectOp, arith::CmpIOp, AllTrue>>
  findMask(scf::ForOp loop) {
    for (auto select : loop.getBody()->getOps<arith::SelectOp>()) {
      auto cmp = select.getCondition().getDefiningOp<arith::CmpIOp>();
      if (!cmp || !isa<RankedTensorType>(select.getType()) ||
          cmp->getBlock() != loop.getBody() || !cmp->hasOneUse())
        continue;
      if (std::optional<AllTrue> t = allTrueIterations(cmp, loop))
        return std::make_tuple(select, cmp, *t);
    }
    return std::nullopt;
  }

  void tryGuard(scf::ForOp loop) {
    auto found = findMask(loop);
    if (!found)
      return remark(loop, "no mask to guard: no select whose mask is true on "
                          "whole tiles for a range of iterations");
    auto [select, cmp, allTrue] = *found;
    OpBuilder b(loop);
    Value bound = boundBefore(b, loop, allTrue);
    guard(loop, cmp, select, bound, allTrue.prefix);
    remark(select, Twine("mask computed only on the tiles where it is not "
                         "all true (the ") +
                       (allTrue.prefix ? "last" : "first") + " iterations)");
  }

  void remark(Operation *op, const Twine &text) {
    if (remarks)
      op->emitRemark(text);
  }
};
} // namespace
