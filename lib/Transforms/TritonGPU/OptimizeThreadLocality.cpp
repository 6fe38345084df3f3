//===- OptimizeThreadLocality.cpp - tritongpu-optimize-thread-locality ----===//
//
// Gathers in layouts that keep them within warps, and reductions folded
// into a loop-carried accumulator split into per-thread partials that are
// combined across threads once, after the loop (see Passes.td). The
// lowering decides between warp shuffles and shared memory for a gather
// from the layouts alone (warpLocalGatherMap); this pass makes the first
// possible.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/GatherLowering.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallSet.h"

#include <cmath>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUOPTIMIZETHREADLOCALITY
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// The blocked layout in which each warp holds whole columns of a tensor of
/// `shape` along `axis` (dimensions other than the axis walked in
/// `order`): lanes along the axis first, the rest of the axis in registers,
/// remaining lanes and the warps over the other dimensions as far as they
/// go. Null when that would leave lanes or warps holding copies of the
/// axis (the other dimensions too small), or more than kMaxAxisRegisters
/// elements of it in each thread: each result element costs one shuffle
/// per source register along the axis, and past that point shared memory
/// (one store and one load per element) is cheaper.
constexpr unsigned kMaxAxisRegisters = 4;

BlockedEncodingAttr warpLocalLayout(MLIRContext *ctx, ArrayRef<int64_t> shape,
                                    unsigned axis, ArrayRef<unsigned> order,
                                    unsigned lanes, unsigned warps,
                                    CTALayoutAttr cta) {
  unsigned rank = shape.size();
  SmallVector<unsigned> sizePerThread(rank, 1), threads(rank, 1),
      warpsPerCTA(rank, 1);
  SmallVector<unsigned> newOrder = {axis};
  for (unsigned d : order)
    if (d != axis)
      newOrder.push_back(d);
  threads[axis] = std::min<int64_t>(shape[axis], lanes);
  sizePerThread[axis] = shape[axis] / threads[axis];
  unsigned lanesLeft = lanes / threads[axis];
  unsigned warpsLeft = warps;
  for (unsigned d : ArrayRef(newOrder).drop_front()) {
    threads[d] = std::min<int64_t>(shape[d], lanesLeft);
    lanesLeft /= threads[d];
    warpsPerCTA[d] = std::min<int64_t>(shape[d] / threads[d], warpsLeft);
    warpsLeft /= warpsPerCTA[d];
  }
  if (lanesLeft != 1 || warpsLeft != 1 ||
      sizePerThread[axis] > kMaxAxisRegisters)
    return {};
  return BlockedEncodingAttr::get(ctx, sizePerThread, threads, warpsPerCTA,
                                  newOrder, cta);
}

/// Whether `op` is one link of a chain of gathers (a sort or flip network):
/// its result reaches another gather through elementwise ops, or its
/// source comes from one. Only then do the layout conversions around a
/// relaid-out gather pay: the chain runs in the new layout between one
/// conversion in and one out. A lone gather between a load and a store
/// measured slower relaid out (three conversions through shared memory
/// instead of its one store and load).
bool inGatherChain(GatherOp op) {
  auto reaches = [](Value start, bool forward) {
    SmallVector<Value> work = {start};
    llvm::SmallPtrSet<Operation *, 32> seen;
    while (!work.empty() && seen.size() < 256) {
      Value v = work.pop_back_val();
      SmallVector<Operation *> next;
      if (forward)
        next.append(v.user_begin(), v.user_end());
      else if (Operation *def = v.getDefiningOp())
        next.push_back(def);
      for (Operation *o : next) {
        if (!seen.insert(o).second)
          continue;
        if (isa<GatherOp>(o))
          return true;
        if (!o->hasTrait<OpTrait::Elementwise>() && !isa<ConvertLayoutOp>(o))
          continue;
        if (forward)
          work.append(o->result_begin(), o->result_end());
        else
          work.append(o->operand_begin(), o->operand_end());
      }
    }
    return false;
  };
  return reaches(op.getResult(), true) || reaches(op.getSrc(), false);
}

RankedTensorType withEncoding(RankedTensorType type, Attribute encoding) {
  return RankedTensorType::get(type.getShape(), type.getElementType(),
                               encoding);
}

struct WarpLocalGather : public OpRewritePattern<GatherOp> {
  WarpLocalGather(MLIRContext *ctx, llvm::Statistic &relaidOut)
      : OpRewritePattern(ctx), relaidOut(relaidOut) {}

  LogicalResult matchAndRewrite(GatherOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getEfficientLayout())
      return failure();
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto idxType = cast<RankedTensorType>(op.getIndices().getType());
    if (!isDistributedEncoding(srcType.getEncoding()) ||
        !isDistributedEncoding(idxType.getEncoding()))
      return failure();
    auto markOnly = [&] {
      rewriter.modifyOpInPlace(op, [&] { op.setEfficientLayout(true); });
      return success();
    };
    if (warpLocalGatherMap(op) || !inGatherChain(op))
      return markOnly();
    CTALayoutAttr cta = getCTALayoutOf(srcType.getEncoding());
    auto module = op->getParentOfType<ModuleOp>();
    if (!cta || !module)
      return markOnly();
    auto layout = warpLocalLayout(op.getContext(), srcType.getShape(),
                                  op.getAxis(), getOrderOf(srcType),
                                  TritonGPUDialect::getThreadsPerWarp(module),
                                  TritonGPUDialect::getNumWarps(module), cta);
    if (!layout)
      return markOnly();
    Location loc = op.getLoc();
    Value src = ConvertLayoutOp::create(
        rewriter, loc, withEncoding(srcType, layout), op.getSrc());
    Value idx = ConvertLayoutOp::create(
        rewriter, loc, withEncoding(idxType, layout), op.getIndices());
    auto resultType = cast<RankedTensorType>(op.getType());
    auto gather =
        GatherOp::create(rewriter, loc, withEncoding(resultType, layout), src,
                         idx, op.getAxisAttr(), rewriter.getUnitAttr());
    // The layouts were chosen for this: anything else is a bug here.
    assert(warpLocalGatherMap(gather) && "gather layout is not warp-local");
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, resultType, gather);
    ++relaidOut;
    return success();
  }

  llvm::Statistic &relaidOut;
};

/// The value `x op n = x` for every x, for the combiners a split reduction
/// takes; null for any other op. -0.0 for addf (x + -0.0 is x even for
/// -0.0), NaN for maxnumf/minnumf (they return the other operand).
TypedAttr neutralElement(Operation *op, Type elementType) {
  Builder b(op->getContext());
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    std::optional<APFloat> v;
    if (isa<arith::AddFOp>(op))
      v = APFloat::getZero(sem, /*Negative=*/true);
    else if (isa<arith::MulFOp>(op))
      v = APFloat::getOne(sem);
    else if (isa<arith::MaximumFOp>(op))
      v = APFloat::getInf(sem, /*Negative=*/true);
    else if (isa<arith::MinimumFOp>(op))
      v = APFloat::getInf(sem);
    else if (isa<arith::MaxNumFOp, arith::MinNumFOp>(op))
      v = APFloat::getQNaN(sem);
    return v ? b.getFloatAttr(floatType, *v) : TypedAttr();
  }
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType)
    return {};
  unsigned w = intType.getWidth();
  std::optional<APInt> v;
  if (isa<arith::AddIOp, arith::OrIOp, arith::XOrIOp, arith::MaxUIOp>(op))
    v = APInt::getZero(w);
  else if (isa<arith::MulIOp>(op))
    v = APInt(w, 1);
  else if (isa<arith::AndIOp, arith::MinUIOp>(op))
    v = APInt::getAllOnes(w);
  else if (isa<arith::MaxSIOp>(op))
    v = APInt::getSignedMinValue(w);
  else if (isa<arith::MinSIOp>(op))
    v = APInt::getSignedMaxValue(w);
  return v ? b.getIntegerAttr(intType, *v) : TypedAttr();
}

/// Whether reducing along `axis` under `layout` involves other threads:
/// some lane or warp basis moves along the axis.
bool reductionCrossesThreads(const LinearLayout &layout, unsigned axis) {
  using namespace layout_dims;
  for (const char *dim : {kLane, kWarp})
    if (layout.hasInDim(dim))
      for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit)
        if (layout.getBasis(dim, bit)[axis])
          return true;
  return false;
}

/// The bits of coordinate `axis` a thread holds in its own registers at
/// either end: {low, high}, the number of lowest and of highest bits that
/// register bases give alone (a basis 2^j along the axis, nothing
/// elsewhere). A blocked layout holds sizePerThread at the low end and its
/// repetitions at the high end; lanes and warps are in between.
std::pair<int32_t, int32_t> inThreadAxisBits(const LinearLayout &layout,
                                             unsigned axis, int32_t axisBits) {
  using namespace layout_dims;
  llvm::SmallSet<int32_t, 8> held;
  for (int32_t bit = 0; bit < layout.getInDimSizeLog2(kRegister); ++bit) {
    const LinearLayout::Basis &basis = layout.getBasis(kRegister, bit);
    bool alone = llvm::all_of(llvm::enumerate(basis), [&](auto dv) {
      return dv.index() == axis || dv.value() == 0;
    });
    if (alone && llvm::isPowerOf2_32(basis[axis]))
      held.insert(llvm::Log2_32(basis[axis]));
  }
  int32_t low = 0, high = 0;
  while (low < axisBits && held.contains(low))
    ++low;
  while (high < axisBits - low && held.contains(axisBits - 1 - high))
    ++high;
  return {low, high};
}

/// A tt.reduce of `src` along `axis` with `like`'s combiner.
Value reduceLike(OpBuilder &b, ReduceOp like, Value src, int axis) {
  auto reduce = ReduceOp::create(b, like.getLoc(), ValueRange{src}, axis);
  IRMapping map;
  like.getCombineOp().cloneInto(&reduce.getCombineOp(), map);
  return reduce->getResult(0);
}

/// `type` with `axis` split as `sizes` (row-major), in the layout the
/// reshape keeps every element in its thread with; null when the layout
/// interface gives none.
RankedTensorType splitAxisType(RankedTensorType type, unsigned axis,
                               ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + axis);
  shape.insert(shape.begin() + axis, sizes.begin(), sizes.end());
  auto *iface =
      dyn_cast<DialectInferLayoutInterface>(&type.getEncoding().getDialect());
  Attribute encoding;
  if (!iface ||
      failed(iface->inferReshapeOpEncoding(type.getShape(), type.getEncoding(),
                                           shape, encoding, std::nullopt)))
    return {};
  return RankedTensorType::get(shape, type.getElementType(), encoding);
}

/// How many bits of `axis` combineInThread folds for a tensor of `type`
/// in `layout`: {low, high}.
std::pair<int32_t, int32_t> foldedAxisBits(const LinearLayout &layout,
                                           RankedTensorType type,
                                           unsigned axis) {
  return inThreadAxisBits(layout, axis, llvm::Log2_64(type.getDimSize(axis)));
}

/// `x` with the elements each thread holds along `axis` at the low and the
/// high end of the axis already combined: a reshape of the axis into
/// [H, M, L] that moves no element, then reductions along L and H in
/// registers. The result is the per-thread partial of one iteration
/// ([.., M, ..]); `x` itself when the thread holds no such bits.
Value combineInThread(OpBuilder &b, ReduceOp like, Value x, unsigned axis) {
  auto type = cast<RankedTensorType>(x.getType());
  std::optional<LinearLayout> layout =
      toLinearLayout(type.getShape(), type.getEncoding());
  if (!layout)
    return x;
  auto [low, high] = foldedAxisBits(*layout, type, axis);
  SmallVector<int64_t> sizes;
  if (high)
    sizes.push_back(int64_t(1) << high);
  sizes.push_back(type.getDimSize(axis) >> (low + high));
  if (low)
    sizes.push_back(int64_t(1) << low);
  RankedTensorType split =
      (low || high) ? splitAxisType(type, axis, sizes) : nullptr;
  if (!split)
    return x;
  Value r = ReshapeOp::create(b, like.getLoc(), split, x,
                              /*allowReorder=*/false);
  if (low)
    r = reduceLike(b, like, r, axis + (high ? 2 : 1));
  if (high)
    r = reduceLike(b, like, r, axis);
  return r;
}

/// Registers (32-bit) a thread needs for the per-thread partial of a
/// reduction of a tensor of `type` in `layout` along `axis`
/// (combineInThread's result).
int64_t partialRegisters(const LinearLayout &layout, RankedTensorType type,
                         unsigned axis) {
  auto [low, high] = foldedAxisBits(layout, type, axis);
  int64_t bits = type.getElementType().getIntOrFloatBitWidth();
  int64_t registers =
      layout.getInDimSize(layout_dims::kRegister) * ((bits + 31) / 32);
  return registers >> (low + high);
}

/// Loop-carried partial reductions in registers:
///
///   %r = scf.for ... iter_args(%acc = %init) {
///     %x = ...
///     %s = tt.reduce(%x) {axis} (combiner: op)
///     %next = op %acc, %s          (or op %s, %acc)
///     scf.yield %next
///   }
///
/// becomes a loop-carried accumulator of per-thread partials: each
/// iteration first combines the elements a thread holds along the axis in
/// its registers at the low end (L, sizePerThread) and the high end (H,
/// repetitions) of the axis (%x reshaped so that they are axes of their
/// own, reduced along them: registers only), then combines that with the
/// accumulator element by element; no shuffle, shared memory or barrier is
/// left in the loop. The partials are reduced along the axis once after the
/// loop, converted to the original result's layout and combined with %init:
///
///   %p = scf.for ... iter_args(%part = splat(neutral)) {
///     %t = reduce H, L of (tt.reshape %x: axis N as [H, M, L])
///     scf.yield (op %part, %t)      (%t is %x when H = L = 1)
///   }
///   %r = op %init, convert(tt.reduce(%p) {axis})
///
/// The combiner is reassociated: exact for the integer ops, for floats the
/// same licence upstream's pass (and any tree reduction) takes. Only when
/// the reduction crosses threads (else there is nothing to save), the
/// accumulator is used by nothing else in the loop, and it costs at most
/// kMaxPartialRegisters registers per thread.
///
/// With `scaled`, also a sum whose accumulator is multiplied by a factor
/// before the update, the online softmax's normalizer:
///
///   %next = addf (mulf %acc, %f), (tt.reduce(%x) {axis})
///
/// from a zero %init. Each partial is multiplied by %f (broadcast along the
/// axis, a layout conversion within threads), then the iteration's own
/// sum added; (sum_t a_t) f becomes sum_t (a_t f), one more rounding per
/// partial, which is what distributing the product over the tree of the
/// sum costs. The partials start at %init's zero, so after the loop their
/// sum is the result (%init f...f is that zero, or NaN where some f is
/// infinite or NaN, which the partials carry the same way).
constexpr int64_t kMaxPartialRegisters = 64;

struct SplitLoopReduction : public OpRewritePattern<scf::ForOp> {
  SplitLoopReduction(MLIRContext *ctx, llvm::Statistic &split, bool scaled)
      : OpRewritePattern(ctx), split(split), scaled(scaled) {}

  /// The value the update combines: the reduction's result, or that of its
  /// one layout conversion (the accumulator may be in the layout its store
  /// wants after the loop).
  static Value reduced(ReduceOp reduce) {
    Value v = reduce->getResult(0);
    if (!v.hasOneUse())
      return {};
    if (auto cvt = dyn_cast<ConvertLayoutOp>(*v.getUsers().begin()))
      v = cvt.getResult();
    return v.hasOneUse() ? v : Value();
  }

  /// A reduction of the shape above: the accumulator's iter_arg index, the
  /// value the update combines (`reduced`), the update, and the combiner.
  struct Match {
    unsigned index;
    Value reduced;
    Operation *update;
    Operation *combiner;
    /// The scaled form's acc * f and its f (null otherwise).
    arith::MulFOp scale;
    Value factor;
  };

  /// Whether `v` is a constant splat of a floating-point zero.
  static bool isZeroSplat(Value v) {
    auto constant = v.getDefiningOp<arith::ConstantOp>();
    auto dense = constant ? dyn_cast<DenseFPElementsAttr>(constant.getValue())
                          : DenseFPElementsAttr();
    return dense && dense.isSplat() && dense.getSplatValue<APFloat>().isZero();
  }

  /// The scaled form's acc * f: `other` (the update's operand that is not
  /// the reduction) as such a product of an iter_arg of `loop`.
  static arith::MulFOp scaledAccumulator(scf::ForOp loop, Value other,
                                         Operation *update) {
    auto mul = other.getDefiningOp<arith::MulFOp>();
    if (!mul || !isa<arith::AddFOp>(update) || !mul->hasOneUse() ||
        mul->getBlock() != loop.getBody() || mul.getLhs() == mul.getRhs())
      return {};
    for (Value operand : {mul.getLhs(), mul.getRhs()})
      if (auto acc = dyn_cast<BlockArgument>(operand))
        if (acc.getOwner() == loop.getBody())
          return mul;
    return {};
  }

  std::optional<Match> match(scf::ForOp loop, ReduceOp reduce) const {
    Operation *combiner = reduce.getSingleCombiner();
    auto srcType = dyn_cast<RankedTensorType>(reduce.getOperand(0).getType());
    Value s = reduced(reduce);
    if (!combiner || !srcType || !s || combiner->getNumOperands() != 2 ||
        combiner->getOperand(0) == combiner->getOperand(1) ||
        !neutralElement(combiner, srcType.getElementType()))
      return std::nullopt;
    std::optional<LinearLayout> layout =
        toLinearLayout(srcType.getShape(), srcType.getEncoding());
    if (!layout || !reductionCrossesThreads(*layout, reduce.getAxis()) ||
        partialRegisters(*layout, srcType, reduce.getAxis()) >
            kMaxPartialRegisters)
      return std::nullopt;
    Operation *update = *s.getUsers().begin();
    if (update->getName() != combiner->getName() ||
        update->getAttrDictionary() != combiner->getAttrDictionary() ||
        update->getNumOperands() != 2 || !update->hasOneUse() ||
        update->getBlock() != loop.getBody())
      return std::nullopt;
    Value other = update->getOperand(0) == s ? update->getOperand(1)
                                             : update->getOperand(0);
    arith::MulFOp scale =
        scaled ? scaledAccumulator(loop, other, update) : arith::MulFOp();
    Value factor;
    if (scale) {
      auto lhs = dyn_cast<BlockArgument>(scale.getLhs());
      bool accFirst = lhs && lhs.getOwner() == loop.getBody();
      other = accFirst ? scale.getLhs() : scale.getRhs();
      factor = accFirst ? scale.getRhs() : scale.getLhs();
    }
    auto acc = dyn_cast<BlockArgument>(other);
    if (!acc || acc.getOwner() != loop.getBody() || !acc.hasOneUse() ||
        acc.getArgNumber() < loop.getNumInductionVars())
      return std::nullopt;
    unsigned i = acc.getArgNumber() - loop.getNumInductionVars();
    OpOperand &use = *update->getUses().begin();
    if (use.getOwner() != loop.getBody()->getTerminator() ||
        use.getOperandNumber() != i)
      return std::nullopt;
    if (scale && !isZeroSplat(loop.getInitArgs()[i]))
      return std::nullopt;
    return Match{i, s, update, combiner, scale, factor};
  }

  /// The scaled form's factor, in the partials' layout: `f` (the reduced
  /// value's type) converted to the slice of `partialType` along `axis`
  /// (the same threads hold the same rows), expanded and broadcast.
  static Value broadcastFactor(OpBuilder &b, Location loc, Value f,
                               RankedTensorType partialType, unsigned axis) {
    auto fType = cast<RankedTensorType>(f.getType());
    auto slice =
        SliceEncodingAttr::get(b.getContext(), axis, partialType.getEncoding());
    if (fType.getEncoding() != slice)
      f = ConvertLayoutOp::create(b, loc, withEncoding(fType, slice), f);
    Value expanded = ExpandDimsOp::create(b, loc, f, axis);
    return BroadcastOp::create(b, loc, partialType, expanded);
  }

  /// `like` (a combiner or its update) applied to `acc` and `x` in the
  /// order `like` takes its operands: `accFirst` says whether its first
  /// operand is the accumulator.
  static Value combine(OpBuilder &b, Location loc, Operation *like,
                       bool accFirst, Value acc, Value x) {
    OperationState state(loc, like->getName());
    state.addOperands(accFirst ? ValueRange{acc, x} : ValueRange{x, acc});
    state.addTypes(x.getType());
    state.addAttributes(like->getAttrs());
    return b.create(state)->getResult(0);
  }

  LogicalResult matchAndRewrite(scf::ForOp loop,
                                PatternRewriter &rewriter) const override {
    for (auto reduce : loop.getBody()->getOps<ReduceOp>()) {
      std::optional<Match> m = match(loop, reduce);
      if (!m)
        continue;
      rewrite(loop, reduce, *m, rewriter);
      ++split;
      return success();
    }
    return failure();
  }

  void rewrite(scf::ForOp loop, ReduceOp reduce, const Match &m,
               PatternRewriter &rewriter) const {
    Location loc = reduce.getLoc();
    Value x = reduce.getOperand(0);
    unsigned i = m.index;
    Value s = m.reduced;
    Operation *update = m.update, *combiner = m.combiner;
    bool accFirst = update->getOperand(1) == s;
    unsigned axis = reduce.getAxis();
    rewriter.setInsertionPoint(reduce);
    Value partial = combineInThread(rewriter, reduce, x, axis);
    auto partialType = cast<RankedTensorType>(partial.getType());
    rewriter.setInsertionPoint(loop);
    Value init = loop.getInitArgs()[i];
    // The scaled form's partials start at the initial value's zero.
    Attribute start =
        m.scale ? cast<DenseElementsAttr>(
                      init.getDefiningOp<arith::ConstantOp>().getValue())
                      .getSplatValue<Attribute>()
                : neutralElement(combiner, partialType.getElementType());
    Value neutral = arith::ConstantOp::create(
        rewriter, loc, partialType, DenseElementsAttr::get(partialType, start));
    FailureOr<LoopLikeOpInterface> grown = loop.replaceWithAdditionalYields(
        rewriter, neutral, /*replaceInitOperandUsesInLoop=*/false,
        [&](OpBuilder &b, Location, ArrayRef<BlockArgument> part) {
          // Where the update was: the schedule keeps body order, so the
          // partials' update stays among the ops it replaces.
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(update);
          Value acc = part[0];
          if (arith::MulFOp scale = m.scale) {
            Value factor =
                broadcastFactor(b, scale.getLoc(), m.factor, partialType, axis);
            OperationState state(scale.getLoc(), scale->getName());
            state.addOperands({acc, factor});
            state.addTypes(partialType);
            state.addAttributes(scale->getAttrs());
            acc = b.create(state)->getResult(0);
          }
          return SmallVector<Value>{
              combine(b, loc, combiner, /*accFirst=*/true, acc, partial)};
        });
    auto newLoop = cast<scf::ForOp>(grown->getOperation());
    // The old accumulator now only passes its initial value through; scf.for's
    // folding (among this pass's patterns) drops it.
    Operation *yield = newLoop.getBody()->getTerminator();
    rewriter.modifyOpInPlace(
        yield, [&] { yield->setOperand(i, newLoop.getRegionIterArgs()[i]); });
    rewriter.setInsertionPointAfter(newLoop);
    Value total =
        reduceLike(rewriter, reduce, newLoop.getResults().back(), axis);
    Type resultType = reduce->getResult(0).getType();
    if (total.getType() != resultType)
      total = ConvertLayoutOp::create(rewriter, loc, resultType, total);
    Operation *cvt = s.getDefiningOp<ConvertLayoutOp>();
    if (cvt) {
      IRMapping map;
      map.map(reduce->getResult(0), total);
      total = rewriter.clone(*cvt, map)->getResult(0);
    }
    Value result = m.scale ? total
                           : combine(rewriter, update->getLoc(), update,
                                     accFirst, init, total);
    rewriter.replaceAllUsesWith(newLoop.getResult(i), result);
    rewriter.eraseOp(update);
    if (arith::MulFOp scale = m.scale)
      rewriter.eraseOp(scale);
    if (cvt)
      rewriter.eraseOp(cvt);
    rewriter.eraseOp(reduce);
  }

  llvm::Statistic &split;
  bool scaled;
};

class OptimizeThreadLocalityPass
    : public mlir::triton::impl::TritonGPUOptimizeThreadLocalityBase<
          OptimizeThreadLocalityPass> {
public:
  using TritonGPUOptimizeThreadLocalityBase::
      TritonGPUOptimizeThreadLocalityBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<WarpLocalGather>(&getContext(), numRelaidOut);
    patterns.add<SplitLoopReduction>(&getContext(), numReductionsSplit,
                                     scaledAccumulators);
    // A split accumulator is left passing its initial value through the
    // loop: scf.for's own folding drops it (the pipeliner takes no
    // iter_arg yielded unchanged, and nothing canonicalizes before it once
    // the layouts are set).
    scf::ForOp::getCanonicalizationPatterns(patterns, &getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace
