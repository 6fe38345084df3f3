//===- RewriteTensorDescriptorToPointer.cpp -------------------------------===//
//
// triton-rewrite-tensor-descriptor-to-pointer: tensor descriptors
// (`!tt.tensordesc`) become tensors of pointers with masks.
//
// A descriptor is (base, shape, strides) and never changes once made, so
// each descriptor value is described by those three and every access
// through it is rewritten in place:
//   - `tt.make_tensor_descriptor %base, [shape], [strides]` names them;
//   - a kernel argument of descriptor type is followed by its shape (one i32
//     per dimension) and strides (one i64 per dimension), as upstream's
//     frontend flattens it; the argument itself becomes the base pointer.
//     The host checks what the hardware's descriptors need: a base aligned
//     to 16 bytes, strides multiples of 16 bytes but the last, which is 1;
//     the rewrite records those as `tt.divisibility` and folds the 1;
//   - `tt.descriptor_load`/`store`/`reduce`/`gather`/`scatter` become
//     `tt.load` (zero or NaN where out of bounds)/`tt.store`/
//     `tt.atomic_rmw`, masked to the tensor on every dimension.
// Descriptors passed to `tt.call` pass their base and keep their shape and
// strides operands, so callees are rewritten the same way.
//
//===----------------------------------------------------------------------===//

#include "BlockAccess.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"
#include "TritonDialect/Transforms/Triton/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORDESCRIPTORTOPOINTER
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// What a descriptor value stands for.
struct Desc {
  RankedTensorType block;
  Value base;
  SmallVector<Value> shape;   // i32
  SmallVector<Value> strides; // i64
  bool nanPadding = false;
};

bool isDesc(Type t) { return isa<TensorDescType>(t); }

RankedTensorType blockOf(Value desc) {
  return cast<TensorDescType>(desc.getType()).getBlockType();
}

class Rewriter {
public:
  LogicalResult run(FuncOp fn) {
    if (failed(rewriteArguments(fn)))
      return failure();
    WalkResult result = fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
      return failed(visit(op)) ? WalkResult::interrupt()
                               : WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
    for (Operation *op : llvm::reverse(toErase))
      op->erase();
    return success();
  }

private:
  /// Descriptor arguments become base pointers; their shape and strides are
  /// the arguments after them.
  LogicalResult rewriteArguments(FuncOp fn) {
    if (fn.isExternal())
      return success();
    Block &entry = fn.getBody().front();
    SmallVector<Type> inputs(fn.getArgumentTypes());
    for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
      BlockArgument arg = entry.getArgument(i);
      if (!isDesc(arg.getType()))
        continue;
      RankedTensorType block = blockOf(arg);
      unsigned rank = block.getRank();
      auto typesAt = [&](unsigned from, unsigned width) {
        if (from + rank > entry.getNumArguments())
          return false;
        for (unsigned k = 0; k < rank; ++k)
          if (!entry.getArgument(from + k).getType().isInteger(width))
            return false;
        return true;
      };
      if (!typesAt(i + 1, 32) || !typesAt(i + 1 + rank, 64))
        return fn.emitOpError("argument ")
               << i << " is a tensor descriptor of rank " << rank
               << "; it must be followed by its shape (" << rank
               << " x i32) and strides (" << rank
               << " x i64) arguments, as the frontend flattens it";
      Type elt = block.getElementType();
      Type ptrType = PointerType::get(elt, 1);
      arg.setType(ptrType);
      inputs[i] = ptrType;
      OpBuilder b(fn.getContext());
      fn.setArgAttr(i, "tt.divisibility", b.getI32IntegerAttr(16));
      unsigned bytes = std::max(1u, elt.getIntOrFloatBitWidth() / 8);
      Desc desc{block, arg, {}, {}};
      for (unsigned k = 0; k < rank; ++k)
        desc.shape.push_back(entry.getArgument(i + 1 + k));
      for (unsigned k = 0; k < rank; ++k) {
        unsigned index = i + 1 + rank + k;
        if (k + 1 < rank) {
          if (16 % bytes == 0 && !fn.getArgAttr(index, "tt.divisibility"))
            fn.setArgAttr(index, "tt.divisibility",
                          b.getI32IntegerAttr(16 / bytes));
          desc.strides.push_back(entry.getArgument(index));
        } else {
          b.setInsertionPointToStart(&entry);
          desc.strides.push_back(arith::ConstantOp::create(
              b, fn.getLoc(), b.getI64IntegerAttr(1)));
        }
      }
      descs[arg] = desc;
    }
    fn.setType(FunctionType::get(fn.getContext(), inputs,
                                 fn.getFunctionType().getResults()));
    return success();
  }

  LogicalResult visit(Operation *op) {
    if (auto make = dyn_cast<MakeTensorDescOp>(op)) {
      descs[make.getResult()] = {make.getType().getBlockType(), make.getBase(),
                                 SmallVector<Value>(make.getShape()),
                                 SmallVector<Value>(make.getStrides()),
                                 make.getPadding() == PaddingOption::PAD_NAN};
      toErase.push_back(op);
      return success();
    }
    if (auto load = dyn_cast<DescriptorLoadOp>(op))
      return rewriteLoad(load);
    if (auto store = dyn_cast<DescriptorStoreOp>(op))
      return rewriteStore(store);
    if (auto reduce = dyn_cast<DescriptorReduceOp>(op))
      return rewriteReduce(reduce);
    if (auto gather = dyn_cast<DescriptorGatherOp>(op))
      return rewriteGather(gather);
    if (auto scatter = dyn_cast<DescriptorScatterOp>(op))
      return rewriteScatter(scatter);
    if (auto call = dyn_cast<CallOp>(op))
      return rewriteCall(call);
    for (Value v : op->getOperands())
      if (isDesc(v.getType()) || descs.count(v))
        return op->emitOpError(
            "uses a tensor descriptor in a way "
            "triton-rewrite-tensor-descriptor-to-pointer cannot lower (a "
            "descriptor must come from tt.make_tensor_descriptor or a function "
            "argument, not through control flow)");
    for (Value v : op->getResults())
      if (isDesc(v.getType()))
        return op->emitOpError(
            "produces a tensor descriptor that "
            "triton-rewrite-tensor-descriptor-to-pointer cannot lower");
    return success();
  }

  FailureOr<Desc> lookup(Operation *op, Value v) {
    auto it = descs.find(v);
    if (it != descs.end())
      return it->second;
    return op->emitOpError("uses a tensor descriptor whose origin "
                           "(tt.make_tensor_descriptor or a function "
                           "argument) cannot be found");
  }

  /// Pointers and in-bounds mask of the block at `indices`.
  std::pair<Value, Value> block(OpBuilder &b, Location loc, const Desc &d,
                                RankedTensorType type, ValueRange indices) {
    BlockAccess access{d.base, d.shape, d.strides, SmallVector<Value>(indices)};
    SmallVector<int32_t> all;
    for (int32_t k = 0; k < type.getRank(); ++k)
      all.push_back(k);
    return materializeBlockAccess(b, loc, type, access, all);
  }

  /// A load of `ptrs` under `mask` reading the descriptor's padding (zero or
  /// NaN) where the mask is off.
  FailureOr<Value> paddedLoad(OpBuilder &b, Operation *op, const Desc &d,
                              RankedTensorType type, Value ptrs, Value mask,
                              CacheModifier cache, EvictionPolicy evict) {
    Value other = blockPadding(b, op->getLoc(), type, d.nanPadding);
    if (!other)
      return op->emitOpError("padding = nan needs floating-point elements");
    return LoadOp::create(b, op->getLoc(), ptrs, mask, other, cache, evict,
                          /*isVolatile=*/false)
        .getResult();
  }

  /// `v` reshaped to `type` when the access drops leading unit dimensions.
  Value reshape(OpBuilder &b, Location loc, Value v, RankedTensorType type) {
    if (v.getType() == type)
      return v;
    return ReshapeOp::create(b, loc, type, v, /*allowReorder=*/false);
  }

  LogicalResult rewriteLoad(DescriptorLoadOp load) {
    FailureOr<Desc> d = lookup(load, load.getDesc());
    if (failed(d))
      return failure();
    OpBuilder b(load);
    Location loc = load.getLoc();
    RankedTensorType type = d->block;
    auto [ptrs, mask] = block(b, loc, *d, type, load.getIndices());
    FailureOr<Value> value = paddedLoad(b, load, *d, type, ptrs, mask,
                                        load.getCache(), load.getEvict());
    if (failed(value))
      return failure();
    load.getResult().replaceAllUsesWith(
        reshape(b, loc, *value, cast<RankedTensorType>(load.getType())));
    toErase.push_back(load);
    return success();
  }

  LogicalResult rewriteStore(DescriptorStoreOp store) {
    FailureOr<Desc> d = lookup(store, store.getDesc());
    if (failed(d))
      return failure();
    OpBuilder b(store);
    Location loc = store.getLoc();
    RankedTensorType type = d->block;
    auto [ptrs, mask] = block(b, loc, *d, type, store.getIndices());
    StoreOp::create(b, loc, ptrs, reshape(b, loc, store.getSrc(), type), mask,
                    ArrayRef<int32_t>{}, CacheModifier::NONE,
                    EvictionPolicy::NORMAL);
    toErase.push_back(store);
    return success();
  }

  LogicalResult rewriteReduce(DescriptorReduceOp reduce) {
    FailureOr<Desc> d = lookup(reduce, reduce.getDesc());
    if (failed(d))
      return failure();
    RankedTensorType type = d->block;
    Type elt = type.getElementType();
    bool isFloat = isa<FloatType>(elt);
    std::optional<RMWOp> kind;
    switch (reduce.getKind()) {
    case DescriptorReduceKind::ADD:
      kind = isFloat ? RMWOp::FADD : RMWOp::ADD;
      break;
    case DescriptorReduceKind::MIN:
      kind = isFloat ? std::nullopt : std::optional(RMWOp::MIN);
      break;
    case DescriptorReduceKind::MAX:
      kind = isFloat ? std::nullopt : std::optional(RMWOp::MAX);
      break;
    case DescriptorReduceKind::AND:
      kind = RMWOp::AND;
      break;
    case DescriptorReduceKind::OR:
      kind = RMWOp::OR;
      break;
    case DescriptorReduceKind::XOR:
      kind = RMWOp::XOR;
      break;
    default:
      break;
    }
    if (!kind)
      return reduce.emitOpError("reduction '")
             << stringifyDescriptorReduceKind(reduce.getKind()) << "' of "
             << elt << " has no per-element atomic to lower to";
    OpBuilder b(reduce);
    Location loc = reduce.getLoc();
    auto [ptrs, mask] = block(b, loc, *d, type, reduce.getIndices());
    AtomicRMWOp::create(b, loc, type, *kind, ptrs,
                        reshape(b, loc, reduce.getSrc(), type), mask,
                        MemSemantic::RELAXED, MemSyncScope::GPU);
    toErase.push_back(reduce);
    return success();
  }

  /// Rows `rows` (1-D) of the descriptor from column `column`: a block of
  /// one row per offset, each checked against the tensor.
  std::pair<Value, Value> rows(OpBuilder &b, Location loc, const Desc &d,
                               RankedTensorType type, Value rowOffsets,
                               Value column) {
    // Row d0 of the result is at row rowOffsets[d0]: a two-dimensional
    // block whose first dimension's index comes from a tensor.
    Type i64 = b.getI64Type();
    auto rowsType = cast<RankedTensorType>(rowOffsets.getType());
    Value r = arith::ExtSIOp::create(b, loc, rowsType.clone(i64), rowOffsets);
    Value e = ExpandDimsOp::create(b, loc, r, 1);
    auto eType = cast<RankedTensorType>(e.getType());
    Value rowPart = arith::MulIOp::create(
        b, loc, e, SplatOp::create(b, loc, eType, d.strides[0]));
    Value zero = arith::ConstantOp::create(
        b, loc, DenseElementsAttr::get(eType, b.getI64IntegerAttr(0)));
    Value bound = SplatOp::create(
        b, loc, eType, arith::ExtSIOp::create(b, loc, i64, d.shape[0]));
    Value above =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, e, zero);
    Value below =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, e, bound);
    Value rowMask = arith::AndIOp::create(b, loc, above, below);
    // The columns: a one-row block at (0, column), checked on dimension 1.
    auto rowType =
        RankedTensorType::get({1, type.getDimSize(1)}, type.getElementType());
    Value c0 = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(0));
    BlockAccess access{d.base, d.shape, d.strides, {c0, column}};
    auto [colPtrs, colMask] =
        materializeBlockAccess(b, loc, rowType, access, {1});
    auto ptrsType =
        cast<RankedTensorType>(colPtrs.getType()).clone(type.getShape());
    Value ptrs = BroadcastOp::create(b, loc, ptrsType, colPtrs);
    ptrs =
        AddPtrOp::create(b, loc, ptrs.getType(), ptrs,
                         BroadcastOp::create(b, loc, type.clone(i64), rowPart));
    auto maskType = type.clone(b.getI1Type());
    Value mask = arith::AndIOp::create(
        b, loc, BroadcastOp::create(b, loc, maskType, rowMask),
        BroadcastOp::create(b, loc, maskType, colMask));
    return {ptrs, mask};
  }

  LogicalResult rewriteGather(DescriptorGatherOp gather) {
    FailureOr<Desc> d = lookup(gather, gather.getDesc());
    if (failed(d))
      return failure();
    OpBuilder b(gather);
    Location loc = gather.getLoc();
    auto type = cast<RankedTensorType>(gather.getType());
    auto [ptrs, mask] =
        rows(b, loc, *d, type, gather.getXOffsets(), gather.getYOffset());
    FailureOr<Value> value =
        paddedLoad(b, gather, *d, type, ptrs, mask, CacheModifier::NONE,
                   EvictionPolicy::NORMAL);
    if (failed(value))
      return failure();
    gather.getResult().replaceAllUsesWith(*value);
    toErase.push_back(gather);
    return success();
  }

  LogicalResult rewriteScatter(DescriptorScatterOp scatter) {
    FailureOr<Desc> d = lookup(scatter, scatter.getDesc());
    if (failed(d))
      return failure();
    OpBuilder b(scatter);
    Location loc = scatter.getLoc();
    auto type = cast<RankedTensorType>(scatter.getSrc().getType());
    auto [ptrs, mask] =
        rows(b, loc, *d, type, scatter.getXOffsets(), scatter.getYOffset());
    StoreOp::create(b, loc, ptrs, scatter.getSrc(), mask, ArrayRef<int32_t>{},
                    CacheModifier::NONE, EvictionPolicy::NORMAL);
    toErase.push_back(scatter);
    return success();
  }

  /// A descriptor operand passes its base; the callee's argument is
  /// rewritten to a pointer, and its shape and strides already follow it.
  LogicalResult rewriteCall(CallOp call) {
    for (OpOperand &operand : call->getOpOperands()) {
      if (!isDesc(operand.get().getType()))
        continue;
      FailureOr<Desc> d = lookup(call, operand.get());
      if (failed(d))
        return failure();
      operand.set(d->base);
    }
    return success();
  }

  /// Every descriptor value: made ones and the arguments (now pointers).
  DenseMap<Value, Desc> descs;
  SmallVector<Operation *> toErase;
};

/// Whether TMA moves every descriptor of `module` (the pass's `tma`
/// option): kernel arguments and descriptors made in the kernel, used only
/// by descriptor loads and stores, with blocks TMA copies.
bool tmaMovesAll(ModuleOp module) {
  auto onlyLoadsAndStores = [](Value desc) {
    return llvm::all_of(desc.getUses(), [](OpOperand &use) {
      Operation *user = use.getOwner();
      return use.getOperandNumber() == 0 &&
             isa<DescriptorLoadOp, DescriptorStoreOp>(user);
    });
  };
  bool any = false;
  WalkResult result = module.walk([&](Operation *op) {
    if (auto fn = dyn_cast<FuncOp>(op)) {
      for (BlockArgument arg : fn.getArguments()) {
        if (!isDesc(arg.getType()))
          continue;
        any = true;
        if (!fn.isPublic() || !onlyLoadsAndStores(arg) ||
            !nvidia_gpu::isTMACompatible(blockOf(arg)))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    }
    // Descriptors made in the kernel: tensor maps in global scratch, one
    // per op, rewritten each time the op runs. A map must not change while
    // copies through it are in flight: only the innermost loops are
    // pipelined (their copies all complete by the loop's end) and stores
    // are waited for at once, so the op may run in branches and outer
    // loops, not in an innermost loop or a loop nest flattened into one.
    if (auto make = dyn_cast<MakeTensorDescOp>(op)) {
      any = true;
      auto fn = make->getParentOfType<FuncOp>();
      bool rewrittenInFlight = false;
      for (Operation *p = make->getParentOp(); p && p != fn;
           p = p->getParentOp()) {
        if (!isa<LoopLikeOpInterface>(p))
          continue;
        bool innermost = !p->walk([&](LoopLikeOpInterface inner) {
                             return inner.getOperation() == p
                                        ? WalkResult::advance()
                                        : WalkResult::interrupt();
                           }).wasInterrupted();
        rewrittenInFlight |= innermost || p->hasAttr("tt.flatten");
      }
      if (!fn || !fn.isPublic() || rewrittenInFlight ||
          !onlyLoadsAndStores(make.getResult()) ||
          !nvidia_gpu::isTMACompatible(blockOf(make.getResult())))
        return WalkResult::interrupt();
      return WalkResult::advance();
    }
    for (Value v : op->getResults())
      if (isDesc(v.getType()))
        return WalkResult::interrupt();
    if (isa<DescriptorReduceOp, DescriptorGatherOp, DescriptorScatterOp>(op))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return any && !result.wasInterrupted();
}

class RewriteTensorDescriptorToPointerPass
    : public mlir::triton::impl::TritonRewriteTensorDescriptorToPointerBase<
          RewriteTensorDescriptorToPointerPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (tma && tmaMovesAll(getOperation()))
      return;
    for (FuncOp fn : getOperation().getOps<FuncOp>()) {
      Rewriter rewriter;
      if (failed(rewriter.run(fn)))
        return signalPassFailure();
    }
  }
};
} // namespace
