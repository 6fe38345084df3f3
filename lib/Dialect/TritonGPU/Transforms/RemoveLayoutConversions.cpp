//===- RemoveLayoutConversions.cpp - tritongpu-remove-layout-conversions --===//
//
// Two rewrites, repeated until nothing changes:
//
//  - backward: `convert(x : A -> B)` where x is computed by cheap ops
//    (constants, ranges, splats, elementwise arith, addptr, broadcast,
//    expand_dims) is replaced by that computation redone in B; conversions
//    met on the way are retargeted to B instead of stacked;
//  - forward: `convert(x : A -> B)` whose users are layout-agnostic ops
//    (elementwise arith/math/tt ops, further conversions, and stores that
//    keep their vector width) is removed by moving those users into A; their
//    other operands are recomputed in A (cheap ops) or their conversions
//    retargeted to A.
//
// Neither rewrite adds a conversion: each removes one and at most replaces
// others one for one. New ops are created where the ops they replace were,
// so every value still dominates its uses.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::triton::gpu {
#define GEN_PASS_DEF_TRITONGPUREMOVELAYOUTCONVERSIONS
#include "TritonDialect/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace mlir::triton::gpu

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

/// Recomputes `v` in `target` with cheap ops, or retargets the conversion
/// producing it. Returns null when `v` is not cheap to recompute.
class Rematerializer {
public:
  explicit Rematerializer(OpBuilder &builder) : builder(builder) {}

  /// Dry run: can `v` be produced in `target` without a new conversion?
  bool canRemat(Value v, Attribute target, int depth = 0) {
    if (encodingOf(v) == target)
      return true;
    if (depth > 32)
      return false;
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
      return isShapeAgnostic(target) &&
             canRemat(b.getSrc(), target, depth + 1);
    if (auto e = dyn_cast<ExpandDimsOp>(def))
      return isShapeAgnostic(target) &&
             canRemat(e.getSrc(),
                      SliceEncodingAttr::get(def->getContext(), e.getAxis(),
                                             target),
                      depth + 1);
    if (isLayoutAgnostic(def))
      return llvm::all_of(def->getOperands(), [&](Value operand) {
        return canRemat(operand, target, depth + 1);
      });
    return false;
  }

  /// Produces `v` in `target` at the builder's insertion point; call only
  /// after canRemat.
  Value remat(Value v, Attribute target) {
    if (encodingOf(v) == target)
      return v;
    auto key = std::make_pair(v, target);
    if (auto it = cache.find(key); it != cache.end())
      return it->second;
    Operation *def = v.getDefiningOp();
    Type type = withEncoding(v.getType(), target);
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
      Value src = remat(e.getSrc(), SliceEncodingAttr::get(
                                        def->getContext(), e.getAxis(), target));
      result = ExpandDimsOp::create(builder, def->getLoc(), src, e.getAxis());
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
  OpBuilder &builder;
  DenseMap<std::pair<Value, Attribute>, Value> cache;
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

/// The dimension a store's current layout keeps contiguous per thread.
unsigned fastestDim(Attribute encoding, unsigned rank) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(encoding))
    return b.getOrder()[0];
  return rank - 1;
}

class RemoveLayoutConversionsPass
    : public mlir::triton::gpu::impl::TritonGPURemoveLayoutConversionsBase<
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
            succeeded(rematBackward(c, erased)) ||
            succeeded(propagateForward(c, erased)))
          changed = true;
      }
      eraseDeadOps(module);
      if (!changed)
        break;
    }
  }

private:
  LogicalResult removeTrivial(ConvertLayoutOp c, DenseSet<Operation *> &erased) {
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

  LogicalResult rematBackward(ConvertLayoutOp c, DenseSet<Operation *> &erased) {
    OpBuilder builder(c);
    Rematerializer remat(builder);
    Attribute target = encodingOf(c.getResult());
    Operation *def = c.getSrc().getDefiningOp();
    // Only worth it when the producer itself is recomputable.
    if (!def || isa<ConvertLayoutOp>(def) || !remat.canRemat(c.getSrc(), target))
      return failure();
    Value replacement = remat.remat(c.getSrc(), target);
    c.getResult().replaceAllUsesWith(replacement);
    erased.insert(c);
    c.erase();
    return success();
  }

  /// Moves the users of `c` into the layout of its source, and their users
  /// in turn: elementwise ops keep the layout, reductions produce slices of
  /// it, expand_dims of such a slice gives it back, broadcasts keep it;
  /// conversions and stores end the walk.
  LogicalResult propagateForward(ConvertLayoutOp c,
                                 DenseSet<Operation *> &erased) {
    Block *block = c->getBlock();
    // 1. The forward closure, if every op in it can move.
    SetVector<Operation *> closure;
    SmallVector<Value> worklist{c.getResult()};
    DenseSet<Value> inClosure{c.getResult()};
    while (!worklist.empty()) {
      Value v = worklist.pop_back_val();
      for (Operation *user : v.getUsers()) {
        if (closure.contains(user))
          continue;
        if (user->getBlock() != block)
          return failure();
        bool sink = isa<ConvertLayoutOp, StoreOp>(user);
        if (!sink && !isa<ReduceOp, ScanOp, ExpandDimsOp, BroadcastOp>(user) &&
            !isLayoutAgnostic(user))
          return failure();
        closure.insert(user);
        if (sink)
          continue;
        for (Value r : user->getResults())
          if (isa<RankedTensorType>(r.getType()) && inClosure.insert(r).second)
            worklist.push_back(r);
      }
    }
    SmallVector<Operation *> ordered(closure.begin(), closure.end());
    llvm::sort(ordered, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });

    // 2. The new layout of every value, in program order; operands from
    // outside the closure must be recomputable in the layout needed.
    DenseMap<Value, Attribute> newEnc{{c.getResult(), encodingOf(c.getSrc())}};
    OpBuilder probeBuilder(c);
    Rematerializer probe(probeBuilder);
    DenseMap<Operation *, Attribute> operandEnc;
    for (Operation *op : ordered) {
      if (isa<ConvertLayoutOp>(op))
        continue;
      // The layout its tensor operands must share.
      Attribute want;
      for (Value operand : op->getOperands())
        if (Attribute e = newEnc.lookup(operand)) {
          if (want && want != e)
            return failure();
          want = e;
        }
      if (!want)
        return failure();
      for (Value operand : op->getOperands())
        if (isa<RankedTensorType>(operand.getType()) && !newEnc.count(operand) &&
            !probe.canRemat(operand, want))
          return failure();
      operandEnc[op] = want;
      if (auto store = dyn_cast<StoreOp>(op)) {
        auto type = cast<RankedTensorType>(store.getPtr().getType());
        Attribute now = encodingOf(store.getPtr());
        unsigned dim = fastestDim(now, type.getRank());
        if (vectorWidth(want, type.getShape(), dim) <
            vectorWidth(now, type.getShape(), dim))
          return failure();
        continue;
      }
      Attribute result = want;
      if (auto reduce = dyn_cast<ReduceOp>(op)) {
        result = SliceEncodingAttr::get(op->getContext(), reduce.getAxis(), want);
      } else if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
        auto slice = dyn_cast<SliceEncodingAttr>(want);
        if (!slice || slice.getDim() != expand.getAxis())
          return failure();
        result = slice.getParent();
      } else if (isa<BroadcastOp>(op) && !isShapeAgnostic(want)) {
        return failure();
      }
      for (Value r : op->getResults())
        if (isa<RankedTensorType>(r.getType()))
          newEnc[r] = result;
    }

    // 3. Rewrite in program order.
    IRMapping map;
    map.map(c.getResult(), c.getSrc());
    for (Operation *op : ordered) {
      OpBuilder builder(op);
      Rematerializer remat(builder);
      if (auto cvt = dyn_cast<ConvertLayoutOp>(op)) {
        Value src = map.lookupOrDefault(cvt.getSrc());
        if (src.getType() == cvt.getType()) {
          cvt.getResult().replaceAllUsesWith(src);
          erased.insert(cvt);
          cvt.erase();
        } else {
          cvt.getSrcMutable().assign(src);
        }
        continue;
      }
      Attribute want = operandEnc[op];
      SmallVector<Value> operands;
      for (Value operand : op->getOperands()) {
        if (Value m = map.lookupOrNull(operand))
          operands.push_back(m);
        else if (isa<RankedTensorType>(operand.getType()))
          operands.push_back(remat.remat(operand, want));
        else
          operands.push_back(operand);
      }
      Operation *newOp;
      if (auto reduce = dyn_cast<ReduceOp>(op)) {
        auto r = ReduceOp::create(builder, op->getLoc(), operands,
                                  reduce.getAxis());
        r.getCombineOp().takeBody(reduce.getCombineOp());
        newOp = r;
      } else if (auto scan = dyn_cast<ScanOp>(op)) {
        auto r = ScanOp::create(builder, op->getLoc(), operands, scan.getAxis(),
                                scan.getReverse());
        r.getCombineOp().takeBody(scan.getCombineOp());
        newOp = r;
      } else if (auto expand = dyn_cast<ExpandDimsOp>(op)) {
        newOp = ExpandDimsOp::create(builder, op->getLoc(), operands[0],
                                     expand.getAxis());
      } else {
        SmallVector<Type> types;
        for (Value r : op->getResults())
          types.push_back(isa<RankedTensorType>(r.getType())
                              ? withEncoding(r.getType(), newEnc[r])
                              : r.getType());
        OperationState state(op->getLoc(), op->getName().getStringRef(),
                             operands, types, op->getAttrs());
        newOp = builder.create(state);
      }
      for (auto [oldV, newV] : llvm::zip(op->getResults(), newOp->getResults())) {
        map.map(oldV, newV);
        // Scalars (full reductions) keep their users; tensors are only used
        // inside the closure.
        if (!isa<RankedTensorType>(oldV.getType()))
          oldV.replaceAllUsesWith(newV);
      }
    }
    for (Operation *op : llvm::reverse(ordered))
      if (!isa<ConvertLayoutOp>(op) && !erased.contains(op)) {
        erased.insert(op);
        op->dropAllUses();
        op->erase();
      }
    if (c.getResult().use_empty()) {
      erased.insert(c);
      c.erase();
    }
    return success();
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
