//===- RemoveLayoutConversions.cpp - tritongpu-remove-layout-conversions --===//
//
// Two rewrites, repeated until nothing changes:
//
//  - backward: `convert(x : A -> B)` where x is computed by cheap ops
//    (constants, ranges, splats, elementwise arith, addptr, broadcast,
//    expand_dims) is replaced by that computation redone in B; conversions
//    met on the way are retargeted to B instead of stacked;
//  - forward: `convert(x : A -> B)` whose users are layout-agnostic ops
//    (elementwise arith/math/tt ops, further conversions, stores that keep
//    their vector width, and descriptor stores) is removed by moving those
//    users into A; their other operands are recomputed in A (cheap ops) or
//    their conversions retargeted to A;
//  - narrow: `convert(x : A -> B)` whose only user narrows its elements
//    (`truncf` of a matmul's f32 result before the store) converts the
//    narrowed value instead: half the bytes through shared memory;
//  - hoist: `convert(a : A -> B)` of an scf.for iteration argument makes the
//    loop carry `a` in B: its users in the loop follow as in the forward
//    rewrite, and the initial value is recomputed in B before the loop or
//    converted once there.
//
// Only the hoist may add a conversion, outside the loop, for one removed
// inside it; the other rewrites remove one and at most replace others one
// for one, and the forward rewrite never moves a conversion into a loop.
// The forward rewrite of a conversion in a loop, when it fails as it is,
// is tried once more allowing conversions that cost less: one before a
// later loop its values reach (instead of pulling that loop in), and
// conversions of values with at most 1/16 of its elements (see
// retypeComponent).
// New ops are created where the ops they replace were, so every value still
// dominates its uses.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallSet.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
RankedTensorType withEncoding(Type type, Attribute encoding) {
  auto tensor = cast<RankedTensorType>(type);
  return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                               encoding);
}

Attribute encodingOf(Value v) {
  auto t = dyn_cast<RankedTensorType>(v.getType());
  return t ? t.getEncoding() : Attribute();
}

/// Ops whose result layout is just their operands' layout, for any layout:
/// elementwise arith/math/tt ops over tensors of one shape.
bool isLayoutAgnostic(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  if (!op->hasTrait<OpTrait::Elementwise>() &&
      !op->hasTrait<OpTrait::SameOperandsAndResultEncoding>())
    return false;
  if (isa<SplatOp, LoadOp, StoreOp, AtomicRMWOp, AtomicCASOp>(op))
    return false;
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!resultType)
    return false;
  for (Value v : op->getOperands()) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    if (!t || t.getShape() != resultType.getShape())
      return false;
  }
  return isMemoryEffectFree(op);
}

/// Whether an encoding can describe tensors of other shapes (broadcast and
/// expand_dims keep or slice it).
bool isShapeAgnostic(Attribute encoding) {
  return isa<BlockedEncodingAttr, SliceEncodingAttr, NvidiaMmaEncodingAttr>(
      encoding);
}

/// The layout one side of an order-keeping reshape has when the other has
/// `e` (a reshape moves no element between threads, so the layout maps
/// over one for one): the result's when `toResult`, else the operand's;
/// null when the layout interface gives none.
Attribute reshapeLayout(ReshapeOp r, Attribute e, bool toResult) {
  auto *iface = dyn_cast<DialectInferLayoutInterface>(&e.getDialect());
  if (!iface || r.getAllowReorder())
    return {};
  ArrayRef<int64_t> from =
      cast<RankedTensorType>(r.getSrc().getType()).getShape();
  ArrayRef<int64_t> to = cast<RankedTensorType>(r.getType()).getShape();
  if (!toResult)
    std::swap(from, to);
  Attribute result;
  if (failed(iface->inferReshapeOpEncoding(from, e, to, result, std::nullopt)))
    return {};
  return result;
}

/// How many loops enclose `op`.
unsigned loopDepth(Operation *op) {
  unsigned depth = 0;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    depth += isa<LoopLikeOpInterface>(p);
  return depth;
}

/// Recomputes `v` in `target` with cheap ops, or retargets the conversion
/// producing it. Returns null when `v` is not cheap to recompute.
///
/// With a `convertLimit`, a value that cannot be recomputed but has at most
/// that many elements, defined in at most `maxDepth` loops, is converted
/// where it is made instead (upstream keeps attention's accumulator in
/// P @ V's layout and converts the 64 x 1 rescale factors each iteration).
class Rematerializer {
public:
  explicit Rematerializer(OpBuilder &builder, int64_t convertLimit = 0,
                          unsigned maxDepth = 0)
      : builder(builder), convertLimit(convertLimit), maxDepth(maxDepth) {}

  /// Dry run: can `v` be produced in `target` without a new conversion?
  bool canRemat(Value v, Attribute target, int depth = 0) {
    if (encodingOf(v) == target)
      return true;
    if (depth > 256)
      return false;
    auto key = std::make_pair(v, target);
    if (auto it = canCache.find(key); it != canCache.end())
      return it->second;
    bool result = canRematUncached(v, target, depth);
    canCache[key] = result;
    return result;
  }

private:
  bool canRematUncached(Value v, Attribute target, int depth) {
    if (convertLimit && isSmall(v)) {
      if (!pure)
        pure = std::make_unique<Rematerializer>(builder);
      if (!pure->canRemat(v, target, depth)) {
        converted.insert({v, target});
        return true;
      }
    }
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (isa<ConvertLayoutOp>(def))
      return true; // retargeted one for one
    if (isa<SplatOp, MakeRangeOp>(def))
      return !isa<MakeRangeOp>(def) ||
             cast<RankedTensorType>(v.getType()).getRank() == 1;
    if (auto c = dyn_cast<arith::ConstantOp>(def))
      return isa<SplatElementsAttr>(c.getValue());
    if (auto b = dyn_cast<BroadcastOp>(def))
      return isShapeAgnostic(target) && canRemat(b.getSrc(), target, depth + 1);
    if (auto e = dyn_cast<ExpandDimsOp>(def))
      return isShapeAgnostic(target) &&
             canRemat(
                 e.getSrc(),
                 SliceEncodingAttr::get(def->getContext(), e.getAxis(), target),
                 depth + 1);
    if (auto r = dyn_cast<ReshapeOp>(def)) {
      Attribute srcEnc = reshapeLayout(r, target, /*toResult=*/false);
      return srcEnc && canRemat(r.getSrc(), srcEnc, depth + 1);
    }
    if (isLayoutAgnostic(def))
      return llvm::all_of(def->getOperands(), [&](Value operand) {
        return canRemat(operand, target, depth + 1);
      });
    return false;
  }

public:
  /// Produces `v` in `target`; call only after canRemat. Each clone goes
  /// right before the op it copies, so it dominates every use of the
  /// original and one clone per value and layout serves them all.
  Value remat(Value v, Attribute target) {
    if (encodingOf(v) == target)
      return v;
    auto key = std::make_pair(v, target);
    if (auto it = cache.find(key); it != cache.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    OpBuilder::InsertionGuard guard(builder);
    Type type = withEncoding(v.getType(), target);
    if (convertLimit)
      (void)canRemat(v, target); // which values are converted
    if (converted.contains(key)) {
      builder.setInsertionPointAfterValue(v);
      Value result =
          ConvertLayoutOp::create(builder, v.getLoc(), type, v).getResult();
      cache[key] = result;
      return result;
    }
    builder.setInsertionPoint(def);
    Value result;
    if (auto cvt = dyn_cast<ConvertLayoutOp>(def)) {
      Value src = cvt.getSrc();
      result = encodingOf(src) == target
                   ? src
                   : ConvertLayoutOp::create(builder, def->getLoc(), type, src)
                         .getResult();
    } else if (auto c = dyn_cast<arith::ConstantOp>(def)) {
      auto attr = cast<SplatElementsAttr>(c.getValue());
      result = arith::ConstantOp::create(
          builder, def->getLoc(), type,
          DenseElementsAttr::get(cast<ShapedType>(type),
                                 attr.getSplatValue<Attribute>()));
    } else if (auto e = dyn_cast<ExpandDimsOp>(def)) {
      Value src =
          remat(e.getSrc(),
                SliceEncodingAttr::get(def->getContext(), e.getAxis(), target));
      result = ExpandDimsOp::create(builder, def->getLoc(), src, e.getAxis());
    } else if (auto r = dyn_cast<ReshapeOp>(def)) {
      Value src =
          remat(r.getSrc(), reshapeLayout(r, target, /*toResult=*/false));
      result = ReshapeOp::create(builder, def->getLoc(), type, src,
                                 /*allowReorder=*/false);
    } else {
      // splat, make_range, broadcast and elementwise ops: same op, operands
      // (tensors) recomputed in `target`.
      SmallVector<Value> operands;
      for (Value operand : def->getOperands())
        operands.push_back(isa<RankedTensorType>(operand.getType())
                               ? remat(operand, target)
                               : operand);
      OperationState state(def->getLoc(), def->getName().getStringRef(),
                           operands, {type}, def->getAttrs());
      result = builder.create(state)->getResult(0);
    }
    cache[key] = result;
    return result;
  }

private:
  /// Small enough to convert, and made outside any loop deeper than the
  /// conversion the rewrite removes.
  bool isSmall(Value v) const {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type || type.getNumElements() > convertLimit)
      return false;
    Operation *where = v.getDefiningOp();
    if (!where) {
      Block *block = cast<BlockArgument>(v).getOwner();
      if (block->empty())
        return false;
      where = &block->front();
    }
    return loopDepth(where) <= maxDepth;
  }

  OpBuilder &builder;
  int64_t convertLimit;
  unsigned maxDepth;
  std::unique_ptr<Rematerializer> pure;
  DenseSet<std::pair<Value, Attribute>> converted;
  DenseMap<std::pair<Value, Attribute>, Value> cache;
  DenseMap<std::pair<Value, Attribute>, bool> canCache;
};

/// Elements a thread holds contiguously along the fastest dimension of
/// `order` under `encoding`, for a tensor of `shape`: its vector width.
unsigned vectorWidth(Attribute encoding, ArrayRef<int64_t> shape,
                     unsigned dim) {
  std::optional<LinearLayout> layout = toLinearLayout(shape, encoding);
  if (!layout)
    return 1;
  return layout->getNumConsecutiveInOut(layout_dims::kRegister,
                                        layout_dims::outDimName(dim));
}

/// How many consecutive elements along `dim`, from the first, one warp's
/// store or load instruction covers: each lane's vector (the registers
/// that hold consecutive elements) and the lanes. That is the span of
/// addresses one access touches without gaps when the tensor is contiguous
/// along `dim` (a coalesced access covers 32 lanes' worth or the whole
/// extent). Registers beyond the vector are further instructions: an MMA
/// accumulator's 16 column pairs do not make its 8-column rows coalesced.
unsigned warpSpan(Attribute encoding, ArrayRef<int64_t> shape, unsigned dim) {
  std::optional<LinearLayout> layout = toLinearLayout(shape, encoding);
  if (!layout)
    return 1;
  std::string out = layout_dims::outDimName(dim);
  llvm::SmallSet<int32_t, 8> units;
  unsigned vector = layout->getNumConsecutiveInOut(layout_dims::kRegister, out);
  for (unsigned b = 0; (1u << b) < vector; ++b)
    units.insert(b);
  if (layout->hasInDim(layout_dims::kLane)) {
    for (int32_t b = 0; b < layout->getInDimSizeLog2(layout_dims::kLane); ++b) {
      bool pure = true;
      int32_t along = 0;
      for (const auto &o : layout->getOutDims()) {
        int32_t v = layout->getBasis(layout_dims::kLane, b, o.name);
        if (o.name == out)
          along = v;
        else if (v)
          pure = false;
      }
      if (pure && along > 0 && llvm::isPowerOf2_32(along))
        units.insert(llvm::Log2_32(along));
    }
  }
  unsigned k = 0;
  while (units.count(k))
    ++k;
  return 1u << k;
}

/// A conversion removed from a loop may bring in conversions of values at
/// most this many times smaller (RemoveLayoutConversionsPass::retypeComponent).
constexpr int64_t kConvertFraction = 16;

/// The bytes of global memory one transaction moves: runs of consecutive
/// addresses this long use every byte they fetch or write.
constexpr unsigned kSectorBytes = 32;

/// The dimension a store's current layout keeps contiguous per thread.
unsigned fastestDim(Attribute encoding, unsigned rank) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(encoding))
    return b.getOrder()[0];
  return rank - 1;
}

class RemoveLayoutConversionsPass
    : public mlir::triton::impl::TritonGPURemoveLayoutConversionsBase<
          RemoveLayoutConversionsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (int iteration = 0; iteration < 16; ++iteration) {
      bool changed = false;
      SmallVector<ConvertLayoutOp> converts;
      module.walk([&](ConvertLayoutOp c) { converts.push_back(c); });
      DenseSet<Operation *> erased;
      for (ConvertLayoutOp c : converts) {
        if (erased.contains(c))
          continue;
        if (succeeded(removeTrivial(c, erased)) ||
            succeeded(convertNarrowed(c, erased)) ||
            succeeded(rematBackward(c, erased)) ||
            succeeded(propagateForward(c, erased)) ||
            succeeded(hoistFromLoop(c, erased)))
          changed = true;
      }
      eraseDeadOps(module);
      if (!changed)
        break;
    }
  }

private:
  LogicalResult removeTrivial(ConvertLayoutOp c,
                              DenseSet<Operation *> &erased) {
    Value src = c.getSrc();
    if (src.getType() == c.getType()) {
      c.getResult().replaceAllUsesWith(src);
      erased.insert(c);
      c.erase();
      return success();
    }
    if (auto inner = src.getDefiningOp<ConvertLayoutOp>()) {
      c.getSrcMutable().assign(inner.getSrc());
      return success();
    }
    return failure();
  }

  /// `convert(x : A -> B)` used only by an elementwise op of one operand
  /// whose elements are narrower (truncf, trunci, fp_to_fp down): that op
  /// runs in A and its result is converted.
  LogicalResult convertNarrowed(ConvertLayoutOp c,
                                DenseSet<Operation *> &erased) {
    if (!c->hasOneUse())
      return failure();
    Operation *user = *c->getUsers().begin();
    if (user->getNumOperands() != 1 || user->getNumResults() != 1 ||
        user->getNumRegions() != 0 || user->getBlock() != c->getBlock() ||
        !user->hasTrait<OpTrait::Elementwise>() || !isMemoryEffectFree(user))
      return failure();
    auto srcType = cast<RankedTensorType>(c.getSrc().getType());
    auto outType = dyn_cast<RankedTensorType>(user->getResult(0).getType());
    if (!outType || !outType.getElementType().isIntOrFloat() ||
        !srcType.getElementType().isIntOrFloat() ||
        outType.getElementType().getIntOrFloatBitWidth() >=
            srcType.getElementType().getIntOrFloatBitWidth())
      return failure();
    OpBuilder builder(user);
    Operation *narrowed = builder.clone(*user);
    narrowed->setOperand(0, c.getSrc());
    narrowed->getResult(0).setType(
        outType.cloneWithEncoding(srcType.getEncoding()));
    auto converted = ConvertLayoutOp::create(builder, c.getLoc(), outType,
                                             narrowed->getResult(0));
    user->getResult(0).replaceAllUsesWith(converted.getResult());
    erased.insert(user);
    user->erase();
    erased.insert(c);
    c.erase();
    return success();
  }

  LogicalResult rematBackward(ConvertLayoutOp c,
                              DenseSet<Operation *> &erased) {
    OpBuilder builder(c);
    Rematerializer remat(builder);
    Attribute target = encodingOf(c.getResult());
    Operation *def = c.getSrc().getDefiningOp();
    // Only worth it when the producer itself is recomputable.
    if (!def || isa<ConvertLayoutOp>(def) ||
        !remat.canRemat(c.getSrc(), target))
      return failure();
    Value replacement = remat.remat(c.getSrc(), target);
    c.getResult().replaceAllUsesWith(replacement);
    erased.insert(c);
    c.erase();
    return success();
  }

  /// Moves the users of `c` into the layout of its source, and their users
  /// in turn, by retyping values in place over the connected component:
  /// elementwise ops keep the layout, reductions produce slices of it,
  /// expand_dims of such a slice gives it back, broadcasts keep it, and
  /// values flow through scf.if results, scf.for and scf.while arguments,
  /// yields and results. Conversions and stores end the walk. Values coming
  /// into the component from outside are recomputed in the layout they need
  /// (or their conversions retargeted); if one cannot be, nothing changes.
  LogicalResult propagateForward(ConvertLayoutOp c,
                                 DenseSet<Operation *> &erased) {
    return retypeComponent(c.getResult(), encodingOf(c.getSrc()), c, erased);
  }

  /// `convert(a : A -> B)` where `a` is an scf.for iteration argument: the
  /// loop carries `a` in B instead, so the conversion leaves the loop body.
  /// The users of `a` in the loop follow it to B as in propagateForward;
  /// the yielded value comes out of that component or is recomputed in B,
  /// and the initial value is recomputed in B before the loop or, failing
  /// that, converted once there.
  LogicalResult hoistFromLoop(ConvertLayoutOp c,
                              DenseSet<Operation *> &erased) {
    auto arg = dyn_cast<BlockArgument>(c.getSrc());
    if (!arg || !isa<scf::ForOp>(arg.getOwner()->getParentOp()) ||
        arg.getArgNumber() == 0)
      return failure();
    return retypeComponent(arg, encodingOf(c.getResult()), nullptr, erased);
  }

  /// A set of values retyped together (see retypeComponent): their new
  /// layouts, the ops whose operands must then all be in one layout, and
  /// the ops where the component ends (conversions and stores).
  struct Component {
    llvm::MapVector<Value, Attribute> newEnc;
    SmallVector<Value> worklist;
    llvm::MapVector<Operation *, Attribute> opEnc;
    SetVector<Operation *> sinks;
    /// With `cutDepth`, a value of the component that is the initial value
    /// of a loop nested in fewer loops than that (a later loop, outside the
    /// one the removed conversion is in) does not pull that loop in: it is
    /// converted back to its old type before the loop (`boundary`, with
    /// that type), outside every loop the removed conversion was in.
    std::optional<unsigned> cutDepth;
    SmallVector<std::pair<OpOperand *, Type>> boundary;
    /// Values entering the component that cannot be recomputed may be
    /// converted when they have at most this many elements (see
    /// Rematerializer), where they are made, in at most `cutDepth` loops.
    int64_t convertLimit = 0;
    bool ok = true;

    /// `v` joins the component in layout `e` (a conflict clears `ok`).
    void assign(Value v, Attribute e) {
      if (!e || !isa<RankedTensorType>(v.getType())) {
        ok = ok && e == Attribute() && !isa<RankedTensorType>(v.getType());
        return;
      }
      auto [it, inserted] = newEnc.insert({v, e});
      if (!inserted) {
        ok = ok && it->second == e;
        return;
      }
      worklist.push_back(v);
    }

    /// Follows every value of the worklist to its users: what must take
    /// the same layout joins, conversions and stores end the component.
    LogicalResult grow() {
      while (!worklist.empty() && ok) {
        Value v = worklist.pop_back_val();
        Attribute e = newEnc[v];
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          unsigned idx = use.getOperandNumber();
          if (isa<ConvertLayoutOp>(user)) {
            sinks.insert(user);
            continue;
          }
          if (auto yield = dyn_cast<scf::YieldOp>(user)) {
            Operation *parent = yield->getParentOp();
            if (auto ifOp = dyn_cast<scf::IfOp>(parent))
              assign(ifOp.getResult(idx), e);
            else if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
              assign(forOp.getResult(idx), e);
              assign(forOp.getRegionIterArgs()[idx], e);
            } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent))
              assign(whileOp.getBeforeArguments()[idx], e);
            else
              return failure();
            continue;
          }
          if (auto cond = dyn_cast<scf::ConditionOp>(user)) {
            if (idx == 0)
              return failure();
            auto whileOp = cast<scf::WhileOp>(cond->getParentOp());
            assign(whileOp.getResult(idx - 1), e);
            assign(whileOp.getAfterArguments()[idx - 1], e);
            continue;
          }
          if (auto forOp = dyn_cast<scf::ForOp>(user)) {
            if (idx < 3)
              return failure();
            if (cutDepth && loopDepth(forOp) < *cutDepth) {
              boundary.push_back({&use, v.getType()});
              continue;
            }
            assign(forOp.getRegionIterArgs()[idx - 3], e);
            assign(forOp.getResult(idx - 3), e);
            continue;
          }
          if (auto whileOp = dyn_cast<scf::WhileOp>(user)) {
            assign(whileOp.getBeforeArguments()[idx], e);
            continue;
          }
          Attribute want = e;
          auto [it, inserted] = opEnc.insert({user, want});
          if (!inserted) {
            ok = ok && it->second == want;
            continue;
          }
          // A descriptor store (TMA, through shared memory) takes its value
          // in any layout: the attention epilogue stores the accumulator
          // from the MMA layout instead of converting it in the loop.
          if (isa<StoreOp, DescriptorStoreOp>(user)) {
            sinks.insert(user);
            continue;
          }
          if (auto reduce = dyn_cast<ReduceOp>(user)) {
            for (Value r : reduce.getResults())
              if (isa<RankedTensorType>(r.getType()))
                assign(r, SliceEncodingAttr::get(user->getContext(),
                                                 reduce.getAxis(), e));
            continue;
          }
          if (auto expand = dyn_cast<ExpandDimsOp>(user)) {
            auto slice = dyn_cast<SliceEncodingAttr>(e);
            if (!slice || slice.getDim() != expand.getAxis())
              return failure();
            assign(expand.getResult(), slice.getParent());
            continue;
          }
          if (isa<BroadcastOp>(user)) {
            if (!isShapeAgnostic(e))
              return failure();
            assign(user->getResult(0), e);
            continue;
          }
          if (isa<ReshapeOp, TransOp, SplitOp, JoinOp>(user)) {
            Attribute inferred = inferShapeOpLayout(user, e);
            if (!inferred)
              return failure();
            for (Value r : user->getResults())
              assign(r, inferred);
            continue;
          }
          if (isa<ScanOp>(user) || isLayoutAgnostic(user)) {
            for (Value r : user->getResults())
              assign(r, e);
            continue;
          }
          return failure();
        }
      }
      return success();
    }

    /// An op of the component that also reads a loop-carried value (the
    /// attention accumulator scaled by the softmax correction) pulls that
    /// iteration argument into the component: the loop then carries it in
    /// the component's layout, its initial value and the yielded value
    /// being recomputed or their conversions retargeted.
    LogicalResult pullLoopArguments() {
      for (bool grew = true; grew && ok;) {
        grew = false;
        SmallVector<std::pair<Value, Attribute>> pulled;
        for (auto [op, e] : opEnc)
          for (Value operand : op->getOperands())
            if (auto arg = dyn_cast<BlockArgument>(operand))
              if (isa<scf::ForOp>(arg.getOwner()->getParentOp()) &&
                  arg.getArgNumber() > 0 && !newEnc.count(arg) &&
                  isa<RankedTensorType>(arg.getType()))
                pulled.push_back({arg, e});
        for (auto [arg, e] : pulled)
          if (!newEnc.count(arg)) {
            auto forOp = cast<scf::ForOp>(
                cast<BlockArgument>(arg).getOwner()->getParentOp());
            assign(arg, e);
            assign(forOp.getResult(cast<BlockArgument>(arg).getArgNumber() - 1),
                   e);
            grew = true;
          }
        if (grew && failed(grow()))
          return failure();
      }
      return success();
    }
  };

  /// Retypes `root` to `rootEnc` and everything that must follow it (see
  /// propagateForward). With `c`, `root` is c's result and c goes; without,
  /// `root` is a loop iteration argument whose initial value may be
  /// converted before the loop when it cannot be recomputed.
  ///
  /// A conversion in a loop whose component fails is tried again with two
  /// allowances, each trading the conversion for cheaper ones:
  ///  - where the component reaches into a later loop through the first
  ///    one's results (attention's causal split: the tiles left of the
  ///    diagonal, then the diagonal block's), it stops at that loop's
  ///    initial values: one conversion between the loops for one in every
  ///    iteration, which the later loop's own rewrite then folds;
  ///  - values coming in that cannot be recomputed are converted if they
  ///    have at most 1/16 of the removed conversion's elements (64-row
  ///    attention tiles over 8 warps: the accumulator stays in P @ V's
  ///    layout, the 64 rescale factors are converted).
  LogicalResult retypeComponent(Value root, Attribute rootEnc,
                                ConvertLayoutOp c,
                                DenseSet<Operation *> &erased) {
    if (succeeded(retypeComponent(root, rootEnc, c, std::nullopt, erased)))
      return success();
    if (!c || loopDepth(c) == 0)
      return failure();
    return retypeComponent(root, rootEnc, c, loopDepth(c), erased);
  }

  LogicalResult retypeComponent(Value root, Attribute rootEnc,
                                ConvertLayoutOp c,
                                std::optional<unsigned> cutDepth,
                                DenseSet<Operation *> &erased) {
    Component comp;
    comp.cutDepth = cutDepth;
    if (cutDepth)
      comp.convertLimit = cast<RankedTensorType>(c.getType()).getNumElements() /
                          kConvertFraction;
    comp.newEnc[root] = rootEnc;
    comp.worklist.push_back(root);
    // Hoisting: the loop's result takes the iteration argument's new type,
    // and its users after the loop get the value converted back there (one
    // conversion after the loop, instead of pulling them into the layout).
    Value loopResult;
    if (auto arg = dyn_cast<BlockArgument>(root))
      if (auto forOp = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp())) {
        loopResult = forOp.getResult(arg.getArgNumber() - 1);
        comp.newEnc[loopResult] = rootEnc;
      }
    if (failed(comp.grow()) || failed(comp.pullLoopArguments()) || !comp.ok)
      return failure();
    SmallVector<std::pair<OpOperand *, Attribute>> incoming;
    // Loop initial values converted before their loop (hoisting only).
    SmallVector<std::pair<OpOperand *, Attribute>> convertedInits;
    if (failed(collectIncoming(comp, root, c, incoming, convertedInits)) ||
        failed(checkPlacement(comp, c)))
      return failure();
    rewrite(comp, root, c, loopResult, incoming, convertedInits, erased);
    return success();
  }

  /// Values entering the component from outside, and where: operands of
  /// ops in the component, and the values flowing into retyped region
  /// arguments and results. Failure when one can be neither recomputed
  /// nor converted.
  LogicalResult collectIncoming(
      Component &comp, Value root, ConvertLayoutOp c,
      SmallVector<std::pair<OpOperand *, Attribute>> &incoming,
      SmallVector<std::pair<OpOperand *, Attribute>> &convertedInits) {
    auto &newEnc = comp.newEnc;
    auto &opEnc = comp.opEnc;
    OpBuilder probeBuilder(root.getContext());
    Rematerializer probe(probeBuilder, comp.convertLimit,
                         comp.cutDepth.value_or(0));
    auto need = [&](OpOperand &operand, Attribute e) {
      Value v = operand.get();
      if (!isa<RankedTensorType>(v.getType()))
        return true;
      if (auto it = newEnc.find(v); it != newEnc.end())
        return it->second == e;
      if (!probe.canRemat(v, e)) {
        auto forOp = dyn_cast<scf::ForOp>(operand.getOwner());
        if (c || !forOp || operand.getOperandNumber() < 3)
          return false;
        convertedInits.push_back({&operand, e});
        return true;
      }
      incoming.push_back({&operand, e});
      return true;
    };
    for (auto [op, e] : opEnc)
      for (OpOperand &operand : op->getOpOperands())
        if (!need(operand, e))
          return failure();
    for (auto [v, e] : newEnc) {
      if (auto arg = dyn_cast<BlockArgument>(v)) {
        Operation *parent = arg.getOwner()->getParentOp();
        unsigned n = arg.getArgNumber();
        if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
          if (n == 0)
            return failure();
          if (!need(forOp.getInitArgsMutable()[n - 1], e) ||
              !need(forOp.getBody()->getTerminator()->getOpOperand(n - 1), e))
            return failure();
        } else if (auto whileOp = dyn_cast<scf::WhileOp>(parent)) {
          if (arg.getOwner() == whileOp.getBeforeBody()) {
            if (!need(whileOp.getInitsMutable()[n], e) ||
                !need(whileOp.getYieldOp()->getOpOperand(n), e))
              return failure();
          } else if (!need(whileOp.getConditionOp().getArgsMutable()[n], e)) {
            return failure();
          }
        } else if (v != root) {
          return failure();
        }
        continue;
      }
      Operation *def = v.getDefiningOp();
      unsigned n = cast<OpResult>(v).getResultNumber();
      if (auto ifOp = dyn_cast<scf::IfOp>(def)) {
        if (!need(ifOp.thenYield()->getOpOperand(n), e) || !ifOp.elseBlock() ||
            !need(ifOp.elseYield()->getOpOperand(n), e))
          return failure();
      } else if (auto forOp = dyn_cast<scf::ForOp>(def)) {
        if (!need(forOp.getInitArgsMutable()[n], e))
          return failure();
      } else if (auto whileOp = dyn_cast<scf::WhileOp>(def)) {
        if (!need(whileOp.getConditionOp().getArgsMutable()[n], e))
          return failure();
      }
    }
    return success();
  }

  /// Where the component ends must stay as good: no conversion moves into
  /// a loop, no store loses vector width or coalescing.
  LogicalResult checkPlacement(Component &comp, ConvertLayoutOp c) {
    auto &newEnc = comp.newEnc;
    auto &opEnc = comp.opEnc;
    auto &sinks = comp.sinks;
    // Never move a conversion into a loop: a conversion the walk reaches
    // that stays one must not be in a loop the removed one is outside of.
    if (c)
      for (Operation *sink : sinks)
        if (auto cvt = dyn_cast<ConvertLayoutOp>(sink))
          if (newEnc.lookup(cvt.getSrc()) != encodingOf(cvt.getResult()) &&
              loopDepth(cvt) > loopDepth(c))
            return failure();
    // Stores must keep their vector width and their coalescing: one warp
    // instruction still writes runs of consecutive addresses, along the
    // dimension coalesce ordered first, as long as before, up to a 32-byte
    // sector (a transpose's store keeps its conversion, as upstream's
    // does, instead of turning into one store per element 32 rows apart;
    // an f16 MMA accumulator, 16 bytes a row, keeps its conversion to 32
    // lanes along a row).
    for (Operation *sink : sinks)
      if (auto store = dyn_cast<StoreOp>(sink)) {
        auto type = cast<RankedTensorType>(store.getPtr().getType());
        // Except a small store after the loop of a removed conversion: at
        // most 1/kConvertFraction of the elements it converted every
        // iteration (attention's row statistics, stored once, that
        // otherwise kept the softmax of torch.compile's flex attention out
        // of the wgmma layout: 0.03x of upstream at head dim 64).
        if (c && loopDepth(store) < loopDepth(c) &&
            type.getNumElements() * kConvertFraction <=
                cast<RankedTensorType>(c.getType()).getNumElements())
          continue;
        Attribute now = encodingOf(store.getPtr());
        Attribute next = opEnc.lookup(sink);
        unsigned dim = fastestDim(now, type.getRank());
        Type element = getElementTypeOrSelf(store.getValue().getType());
        unsigned bytes = element.isIntOrFloat()
                             ? std::max(1u, element.getIntOrFloatBitWidth() / 8)
                             : 8; // a pointer
        auto run = [&](Attribute e) {
          return std::min(warpSpan(e, type.getShape(), dim) * bytes,
                          kSectorBytes);
        };
        if (vectorWidth(next, type.getShape(), dim) <
                vectorWidth(now, type.getShape(), dim) ||
            run(next) < run(now))
          return failure();
      }

    return success();
  }

  /// Recomputes incoming values, retypes the component in place, drops the
  /// root conversion and folds the conversions it reaches.
  void rewrite(Component &comp, Value root, ConvertLayoutOp c, Value loopResult,
               ArrayRef<std::pair<OpOperand *, Attribute>> incoming,
               ArrayRef<std::pair<OpOperand *, Attribute>> convertedInits,
               DenseSet<Operation *> &erased) {
    auto &newEnc = comp.newEnc;
    auto &sinks = comp.sinks;
    OpBuilder builder(root.getContext());
    Rematerializer remat(builder, comp.convertLimit, comp.cutDepth.value_or(0));
    for (auto [operand, e] : incoming)
      operand->set(remat.remat(operand->get(), e));
    for (auto [operand, e] : convertedInits) {
      builder.setInsertionPoint(operand->getOwner());
      Value v = operand->get();
      operand->set(ConvertLayoutOp::create(builder, v.getLoc(),
                                           withEncoding(v.getType(), e), v));
    }
    for (auto [operand, type] : comp.boundary) {
      builder.setInsertionPoint(operand->getOwner());
      operand->set(ConvertLayoutOp::create(builder, operand->get().getLoc(),
                                           type, operand->get()));
    }
    Type loopResultType = loopResult ? loopResult.getType() : Type();
    for (auto [v, e] : newEnc)
      if (v != root || !c)
        v.setType(withEncoding(v.getType(), e));
    if (loopResult && !loopResult.use_empty()) {
      builder.setInsertionPointAfter(loopResult.getDefiningOp());
      auto back = ConvertLayoutOp::create(builder, loopResult.getLoc(),
                                          loopResultType, loopResult);
      loopResult.replaceAllUsesExcept(back.getResult(), back);
    }
    if (c) {
      root.replaceAllUsesWith(c.getSrc());
      erased.insert(c);
      c.erase();
    }
    for (Operation *sink : sinks)
      if (auto cvt = dyn_cast<ConvertLayoutOp>(sink))
        if (cvt.getSrc().getType() == cvt.getType()) {
          cvt.getResult().replaceAllUsesWith(cvt.getSrc());
          erased.insert(cvt);
          cvt.erase();
        }
  }

  /// The result layout of a reshape/trans/split/join whose operand moves to
  /// `e`, from the layout interface; null when it has none.
  static Attribute inferShapeOpLayout(Operation *op, Attribute e) {
    auto *iface = dyn_cast<DialectInferLayoutInterface>(&e.getDialect());
    if (!iface)
      return {};
    auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
    Attribute result;
    LogicalResult inferred = failure();
    if (auto reshape = dyn_cast<ReshapeOp>(op))
      return reshapeLayout(reshape, e, /*toResult=*/true);
    if (auto trans = dyn_cast<TransOp>(op)) {
      inferred = iface->inferTransOpEncoding(
          e, srcType.getShape(), trans.getOrder(), result, std::nullopt);
    } else if (isa<SplitOp>(op)) {
      inferred = iface->inferSplitOpEncoding(e, result, srcType.getShape(),
                                             std::nullopt);
    } else {
      inferred = iface->inferJoinOpEncoding(e, result, srcType.getShape(),
                                            std::nullopt);
    }
    return succeeded(inferred) ? result : Attribute();
  }

  static void eraseDeadOps(ModuleOp module) {
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Operation *> dead;
      module.walk([&](Operation *op) {
        if (op->getNumResults() && op->use_empty() && isMemoryEffectFree(op) &&
            op->getNumRegions() == 0)
          dead.push_back(op);
      });
      for (Operation *op : dead) {
        op->erase();
        changed = true;
      }
    }
  }
};
} // namespace
