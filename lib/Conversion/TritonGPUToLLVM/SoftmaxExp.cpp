//===- SoftmaxExp.cpp - exps whose subnormals nothing can tell ------------===//
//
// Which f32 exps may lower to the FTZ ex2 (findFlushableExps: their
// results rounded to f16/fp8, or summed by a softmax), and, for those,
// log2(e) folded into the fma of their argument (foldedLog2eArguments).
// ElementwiseOpToLLVM.cpp lowers them.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The value `v` is a layout conversion of, through any number of them.
Value throughConversions(Value v) {
  while (auto convert = v.getDefiningOp<ConvertLayoutOp>())
    v = convert.getSrc();
  return v;
}

/// Whether `v` is a splat: of a scalar (tt.splat) or a constant.
bool isSplat(Value v) { return bool(getSplatValue(throughConversions(v))); }

/// Whether splats `a` and `b` (of any shapes) hold the same value.
bool sameSplat(Value a, Value b) {
  a = throughConversions(a);
  b = throughConversions(b);
  if (a == b)
    return true;
  SplatValue splat = getSplatValue(a);
  return splat && splat == getSplatValue(b);
}

/// A value as `base * scale`, scale a splat (none: the value itself).
struct Scaled {
  Value base, scale;
  bool operator==(const Scaled &other) const {
    return base == other.base && bool(scale) == bool(other.scale) &&
           (!scale || sameSplat(scale, other.scale));
  }
};

/// `x` as `y * splat`, where it is such a product, y as the product reads
/// it (in x's layout).
Scaled asProduct(Value x) {
  if (auto mul = x.getDefiningOp<arith::MulFOp>())
    for (int i = 0; i < 2; ++i)
      if (isSplat(mul->getOperand(i)))
        return {mul->getOperand(1 - i), mul->getOperand(i)};
  return {x, Value()};
}

/// `x` as `y * splat` through layout conversions of either.
Scaled scaled(Value x) {
  Scaled product = asProduct(throughConversions(x));
  product.base = throughConversions(product.base);
  return product;
}

/// The operand of a max-reduction along `axis`, if `v` is one.
std::optional<Scaled> maxReduced(Value v, int axis) {
  auto reduce = throughConversions(v).getDefiningOp<ReduceOp>();
  if (!reduce || int(reduce.getAxis()) != axis ||
      !isa_and_nonnull<arith::MaxNumFOp, arith::MaximumFOp>(
          reduce.getSingleCombiner()))
    return std::nullopt;
  return scaled(reduce.getSrcs()[0]);
}

/// Whether `m` is at least x's maximum along `axis` (or, for x = y * s
/// with s negative, its minimum, so that every term is at least 1): a
/// max-reduction of x along it; max(y) * s where x = y * s, as
/// tritongpu-scale-after-max makes it; either branch's value of an scf.if
/// where both are such; or the max of such a value and anything (the
/// online softmax's running maximum).
bool boundsMaximum(Value m, const Scaled &x, int axis) {
  m = throughConversions(m);
  if (auto reduced = maxReduced(m, axis))
    return *reduced == x;
  if (auto mul = m.getDefiningOp<arith::MulFOp>()) {
    for (int i = 0; i < 2; ++i)
      if (x.scale && sameSplat(mul->getOperand(i), x.scale))
        if (auto reduced = maxReduced(mul->getOperand(1 - i), axis))
          if (*reduced == Scaled{x.base, Value()})
            return true;
    return false;
  }
  if (auto result = dyn_cast<OpResult>(m))
    if (auto branch = dyn_cast<scf::IfOp>(result.getOwner())) {
      unsigned n = result.getResultNumber();
      return branch.elseBlock() &&
             boundsMaximum(branch.thenYield()->getOperand(n), x, axis) &&
             boundsMaximum(branch.elseYield()->getOperand(n), x, axis);
    }
  Operation *max = m.getDefiningOp();
  if (!isa_and_nonnull<arith::MaxNumFOp, arith::MaximumFOp>(max))
    return false;
  return boundsMaximum(max->getOperand(0), x, axis) ||
         boundsMaximum(max->getOperand(1), x, axis);
}

/// The axis along which exp's argument is x less (at least) x's maximum,
/// `x - broadcast(expand_dims(m))`, as softmax's is, or, with x = y * s,
/// `fma(y, s, -broadcast(expand_dims(m)))` (tritongpu-scale-after-max):
/// along it the terms are at most 1 and, where m is the maximum itself,
/// one of them is 1.
std::optional<int> maximumSubtracted(math::ExpOp exp,
                                     Value *maximum = nullptr) {
  Value argument = throughConversions(exp.getOperand());
  Scaled x;
  Value subtracted;
  if (auto sub = argument.getDefiningOp<arith::SubFOp>()) {
    x = scaled(sub.getLhs());
    subtracted = sub.getRhs();
  } else if (auto fma = argument.getDefiningOp<math::FmaOp>()) {
    auto negated =
        throughConversions(fma.getC()).getDefiningOp<arith::NegFOp>();
    if (!negated)
      return std::nullopt;
    subtracted = negated.getOperand();
    if (isSplat(fma.getB()))
      x = {throughConversions(fma.getA()), fma.getB()};
    else if (isSplat(fma.getA()))
      x = {throughConversions(fma.getB()), fma.getA()};
    else
      return std::nullopt;
  } else {
    return std::nullopt;
  }
  auto broadcast = throughConversions(subtracted).getDefiningOp<BroadcastOp>();
  if (!broadcast)
    return std::nullopt;
  auto expand =
      throughConversions(broadcast.getSrc()).getDefiningOp<ExpandDimsOp>();
  if (!expand || !boundsMaximum(expand.getSrc(), x, int(expand.getAxis())))
    return std::nullopt;
  if (maximum)
    *maximum = throughConversions(expand.getSrc());
  return int(expand.getAxis());
}

/// Whether `op` is an add-reduction along `axis`.
bool isAddReduction(Operation *op, int axis) {
  auto reduce = dyn_cast<ReduceOp>(op);
  return reduce && int(reduce.getAxis()) == axis &&
         isa_and_nonnull<arith::AddFOp>(reduce.getSingleCombiner());
}

/// Whether `reshape` splits `axis` into several (keeping the others) and
/// its result is only summed along them: the per-thread partial sums of a
/// row that tritongpu-optimize-thread-locality leaves in a loop, summed
/// across threads after it.
bool sumsAlongSplit(ReshapeOp reshape, int axis) {
  ArrayRef<int64_t> from =
      cast<RankedTensorType>(reshape.getSrc().getType()).getShape();
  ArrayRef<int64_t> to = cast<RankedTensorType>(reshape.getType()).getShape();
  int parts = int(to.size()) - int(from.size()) + 1;
  if (parts < 1 || from.take_front(axis) != to.take_front(axis) ||
      from.drop_front(axis + 1) != to.drop_front(axis + parts))
    return false;
  return llvm::all_of(reshape->getUsers(), [&](Operation *user) {
    return llvm::any_of(llvm::seq(axis, axis + parts),
                        [&](int a) { return isAddReduction(user, a); });
  });
}

/// Whether an exp's f32 result may have its subnormal elements flushed to
/// zero: every use either rounds it to f16 or fp8, where a subnormal f32
/// becomes zero anyway (so the result is bit for bit the same), passes it
/// through a layout conversion whose result qualifies, or, where the exp's
/// argument had its maximum along `maxAxis` subtracted (softmax), sums it
/// along that axis: each flushed term moves the sum by less than 2^-126,
/// the error ex2.approx itself makes on any term above 2^-104, and the
/// sum's normalizer (a term of 1 in the row, in this tile or an earlier
/// one of an online softmax) dwarfs it; the same for the per-thread
/// partials of that sum (sumsAlongSplit). A plain sum of exps is left alone:
/// where all its terms are subnormal, flushing would make it zero.
/// Attention's probabilities qualify (cast for P @ V, summed for the row's
/// normalizer).
bool subnormalsNegligible(Value v, std::optional<int> maxAxis) {
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (isa<arith::TruncFOp, FpToFpOp>(user)) {
      // The target's smallest positive value is far above 2^-126, so every
      // subnormal f32 rounds to its zero (f16's is 2^-24, not bf16's),
      // unless it rounds upward.
      auto trunc = dyn_cast<arith::TruncFOp>(user);
      if (trunc && trunc.getRoundingmode() == arith::RoundingMode::upward)
        return false;
      auto to = cast<FloatType>(getElementTypeOrSelf(user->getResult(0)));
      if (!(APFloat::getSmallest(to.getFloatSemantics()).convertToDouble() >
            0x1p-100))
        return false;
      continue;
    }
    if (auto convert = dyn_cast<ConvertLayoutOp>(user)) {
      if (!subnormalsNegligible(convert.getResult(), maxAxis))
        return false;
      continue;
    }
    if (auto reshape = dyn_cast<ReshapeOp>(user)) {
      if (!maxAxis || !sumsAlongSplit(reshape, *maxAxis))
        return false;
      continue;
    }
    if (!isAddReduction(user, maxAxis ? *maxAxis : -1))
      return false;
  }
  return true;
}

/// Whether `v` holds terms of a softmax whose maximum `m` was subtracted
/// along its axis (one of them is 1 where `m` is the row's maximum): `v`
/// is such an exp, or its sums along that axis (per-thread partials too),
/// or its rounding to a narrower float (P, for P @ V), through layout
/// conversions.
bool softmaxTermsOf(Value v, Value m) {
  for (int depth = 0; depth < 8; ++depth) {
    v = throughConversions(v);
    Operation *def = v.getDefiningOp();
    if (isa_and_nonnull<arith::TruncFOp, FpToFpOp, ReshapeOp>(def)) {
      v = def->getOperand(0);
      continue;
    }
    if (auto reduce = dyn_cast_or_null<ReduceOp>(def)) {
      if (!isAddReduction(reduce, int(reduce.getAxis())))
        return false;
      v = reduce.getSrcs()[0];
      continue;
    }
    auto exp = dyn_cast_or_null<math::ExpOp>(def);
    Value maximum;
    return exp && maximumSubtracted(exp, &maximum) && maximum == m;
  }
  return false;
}

/// `v` through layout conversions and broadcasts along new axes
/// (expand_dims, broadcast): the values an elementwise user reads.
void broadcastUses(Value v, SmallVectorImpl<OpOperand *> &uses) {
  for (OpOperand &use : v.getUses()) {
    Operation *user = use.getOwner();
    if (isa<ConvertLayoutOp, ExpandDimsOp, BroadcastOp>(user))
      broadcastUses(user->getResult(0), uses);
    else
      uses.push_back(&use);
  }
}

/// Whether `state` is a loop's running sum from zero: an iter_arg of an
/// scf.for whose initial value is a splat of zero and that the loop
/// yields `sum` for (through layout conversions).
bool isStateFromZero(Value state, Value sum) {
  auto arg = dyn_cast<BlockArgument>(throughConversions(state));
  auto loop =
      arg ? dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()) : scf::ForOp();
  if (!loop || arg.getArgNumber() < loop.getNumInductionVars())
    return false;
  unsigned i = arg.getArgNumber() - loop.getNumInductionVars();
  SplatValue init = getSplatValue(throughConversions(loop.getInitArgs()[i]));
  auto zero = dyn_cast_or_null<FloatAttr>(init.constant);
  return zero && zero.getValue().isZero() &&
         throughConversions(loop.getBody()->getTerminator()->getOperand(i)) ==
             sum;
}

/// Whether `exp` is the online softmax's rescale factor, alpha = exp(m_old
/// - m_new) with m_new = max(m_old, ...), and its subnormals are
/// negligible: every use multiplies a loop's running sum from zero that is
/// then added to terms of the softmax whose maximum is m_new (l * alpha +
/// sum(p), and acc * alpha as the C of P @ V), so the state is a sum of
/// such terms (at most 1, or 1 times a row of V) scaled by factors of at
/// most 1. alpha is subnormal only where m_new exceeds m_old by more than
/// 87, that is where m_new is this tile's maximum, so those terms hold a 1
/// (and P @ V that 1 times a row of V): flushed, the sum loses less than
/// 2^-126 of the old state (at most some 2^31 terms of at most 1, or of
/// V's rows, against that 1), far below the rounding of the sum itself.
bool isNegligibleRescale(math::ExpOp exp) {
  auto sub =
      throughConversions(exp.getOperand()).getDefiningOp<arith::SubFOp>();
  if (!sub)
    return false;
  Value old = throughConversions(sub.getLhs());
  Value next = throughConversions(sub.getRhs());
  Operation *max = next.getDefiningOp();
  if (!isa_and_nonnull<arith::MaxNumFOp, arith::MaximumFOp>(max) ||
      llvm::none_of(max->getOperands(), [&](Value operand) {
        return throughConversions(operand) == old;
      }))
    return false;
  SmallVector<OpOperand *> uses;
  broadcastUses(exp.getResult(), uses);
  return !uses.empty() && llvm::all_of(uses, [&](OpOperand *use) {
    auto mul = dyn_cast<arith::MulFOp>(use->getOwner());
    if (!mul || !mul->hasOneUse())
      return false;
    Value state = mul->getOperand(1 - use->getOperandNumber());
    OpOperand *sum = &*mul->getUses().begin();
    while (isa<ConvertLayoutOp>(sum->getOwner()) &&
           sum->getOwner()->hasOneUse())
      sum = &*sum->getOwner()->getUses().begin();
    Operation *user = sum->getOwner();
    // The terms added: the addf's other operand, or the A of the dot the
    // product is the C of.
    auto aOfDotWithC = [&](auto dot) {
      return sum->get() == dot.getC() ? dot.getA() : Value();
    };
    Value terms;
    if (isa<arith::AddFOp>(user))
      terms = user->getOperand(1 - sum->getOperandNumber());
    else if (auto dot = dyn_cast<nvidia_gpu::WarpGroupDotOp>(user))
      terms = aOfDotWithC(dot);
    else if (auto dot = dyn_cast<DotOp>(user))
      terms = aOfDotWithC(dot);
    return terms && softmaxTermsOf(terms, next) &&
           isStateFromZero(state, user->getResult(0));
  });
}
} // namespace

DenseSet<Operation *>
mlir::triton::gpu::lowering::findFlushableExps(ModuleOp module) {
  DenseSet<Operation *> flushable;
  module.walk([&](math::ExpOp exp) {
    if (isa<RankedTensorType>(exp.getType()) &&
        getElementTypeOrSelf(exp.getType()).isF32() &&
        (subnormalsNegligible(exp, maximumSubtracted(exp)) ||
         isNegligibleRescale(exp)))
      flushable.insert(exp);
  });
  return flushable;
}

/// A flushed exp's argument times log2(e), element by element, as one fma
/// each: for exp(y * s - b) that is fma(y, s log2 e, b (-log2 e)), for
/// exp(fma(y, s, -b)) (tritongpu-scale-after-max's form) the same, and for
/// exp(x - b) fma(x, log2 e, b (-log2 e)). Where s and b take few distinct
/// values in a thread's registers (a splat scale, a row maximum broadcast
/// along the row: attention's softmax), their products with log2(e) are
/// those few multiplications and the per-element multiplication by log2(e)
/// goes: perf_flash_attn_fwd issues 64 such FMULs per thread and iteration.
/// The argument moves by about an ulp of b log2 e, so the result by about
/// |b| 2^-24 relative: under 2^-14 for |b| < 2^10, an eighth of the f16
/// rounding every such exp's result gets (flushable exps are only rounded
/// to f16 or fp8, or summed by a softmax whose terms are); comparable to
/// it only for scores beyond 2^12. Upstream's own attention tutorial
/// writes this form by hand (qk * (sm_scale log2 e) - m log2 e).
/// Nothing, where the form or the profit is not there.
std::optional<SmallVector<Value>>
mlir::triton::gpu::lowering::foldedLog2eArguments(
    math::ExpOp exp, size_t count, ConversionPatternRewriter &rewriter,
    Location loc) {
  Value argument = exp.getOperand();
  if (!argument.hasOneUse())
    return std::nullopt;
  Value base, scale, addend;
  bool negateAddend = false, fused = false;
  if (auto fma = argument.getDefiningOp<math::FmaOp>()) {
    fused = true;
    base = fma.getA();
    scale = fma.getB();
    if (!getSplatValue(scale) && getSplatValue(base))
      std::swap(base, scale);
    if (!getSplatValue(scale))
      return std::nullopt;
    addend = fma.getC();
  } else if (auto sub = argument.getDefiningOp<arith::SubFOp>()) {
    Scaled product = asProduct(sub.getLhs());
    base = product.base;
    scale = product.scale;
    addend = sub.getRhs();
    negateAddend = true;
  } else {
    return std::nullopt;
  }
  if (auto neg = addend.getDefiningOp<arith::NegFOp>()) {
    addend = neg.getOperand();
    negateAddend = !negateAddend;
  }
  // Profitable where b repeats along the thread's registers: a broadcast.
  if (!addend.getDefiningOp<BroadcastOp>())
    return std::nullopt;
  auto elementsOf = [&](Value v) -> SmallVector<Value> {
    Value converted = rewriter.getRemappedValue(v);
    if (!converted || !isa<LLVM::LLVMStructType>(converted.getType()))
      return {};
    SmallVector<Value> elements = unpack(rewriter, loc, converted);
    if (elements.size() != count ||
        llvm::any_of(elements, [](Value e) { return !e.getType().isF32(); }))
      return {};
    return elements;
  };
  SmallVector<Value> bases = elementsOf(base);
  SmallVector<Value> addends = elementsOf(addend);
  SmallVector<Value> scales = scale ? elementsOf(scale) : SmallVector<Value>();
  if (bases.empty() || addends.empty() || (scale && scales.empty()))
    return std::nullopt;
  auto constant = [&](float c) {
    return arith::ConstantOp::create(rewriter, loc, rewriter.getF32FloatAttr(c))
        .getResult();
  };
  const float log2e = 1.4426950408889634f;
  Value log2eValue = constant(log2e);
  Value addendFactor = constant(negateAddend ? -log2e : log2e);
  // One multiplication per register the struct was packed from.
  DenseMap<std::pair<Value, Value>, Value> scaled;
  auto times = [&](Value v, Value factor) {
    v = packedElement(v);
    Value &product = scaled[std::make_pair(v, factor)];
    if (!product)
      product = arith::MulFOp::create(rewriter, loc, v, factor);
    return product;
  };
  SmallVector<Value> arguments;
  for (size_t i = 0; i < count; ++i) {
    Value coefficient = scale ? times(scales[i], log2eValue) : log2eValue;
    Value shifted = times(addends[i], addendFactor);
    // An fma stays one; a product and a sum are contracted into one where
    // fp fusion is on, as the product and subtraction they replace were.
    arguments.push_back(
        fused
            ? math::FmaOp::create(rewriter, loc, bases[i], coefficient, shifted)
                  .getResult()
            : arith::AddFOp::create(
                  rewriter, loc,
                  arith::MulFOp::create(rewriter, loc, bases[i], coefficient),
                  shifted)
                  .getResult());
  }
  return arguments;
}
