//===- RewriteTensorPointer.cpp - triton-rewrite-tensor-pointer -----------===//
//
// A block pointer is (base, shape, strides, offsets, order) over a block
// type. Its base, shape and strides never change after tt.make_tensor_ptr;
// tt.advance only moves the offsets. So every block-pointer value is
// described by its make_tensor_ptr and its current offsets, and the rewrite
// is a forward walk that keeps that description per value, materializes
// pointers and masks at loads and stores, and replaces block pointers that
// loops carry by their offsets.
//
//===----------------------------------------------------------------------===//

#include "BlockAccess.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Transforms/Triton/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONREWRITETENSORPOINTER
#include "TritonDialect/Transforms/Triton/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;

namespace {
/// What a block-pointer value stands for.
struct BlockPtr {
  MakeTensorPtrOp origin;     // base, shape, strides
  SmallVector<Value> offsets; // i32, one per dimension
};

RankedTensorType blockTypeOf(Type ptrType) {
  return cast<RankedTensorType>(cast<PointerType>(ptrType).getPointeeType());
}

class Rewriter {
public:
  LogicalResult run(FuncOp fn) {
    WalkResult result = fn.walk<WalkOrder::PreOrder>(
        [&](Operation *op) { return walkOne(op); });
    if (result.wasInterrupted())
      return failure();
    // The replaced ops only use each other (and the old loops' arguments):
    // drop every reference first, then erase in any order.
    for (Operation *op : toErase)
      op->dropAllReferences();
    for (Operation *op : toErase)
      op->erase();
    return success();
  }

private:
  /// Visits `op`; a loop whose block pointers were rewritten is not walked
  /// into again (its body moved to the new loop, visited already).
  WalkResult walkOne(Operation *op) {
    if (auto loop = dyn_cast<scf::ForOp>(op))
      if (llvm::any_of(loop.getInitArgs(),
                       [](Value v) { return isTensorPointer(v.getType()); }))
        return failed(rewriteFor(loop)) ? WalkResult::interrupt()
                                        : WalkResult::skip();
    return failed(visit(op)) ? WalkResult::interrupt() : WalkResult::advance();
  }

  LogicalResult visit(Operation *op) {
    if (auto make = dyn_cast<MakeTensorPtrOp>(op)) {
      infos[make.getResult()] = {make, SmallVector<Value>(make.getOffsets())};
      toErase.push_back(op);
      return success();
    }
    if (auto advance = dyn_cast<AdvanceOp>(op)) {
      BlockPtr info = infos.lookup(advance.getPtr());
      if (!info.origin)
        return unknown(op, advance.getPtr());
      OpBuilder b(op);
      for (auto [offset, delta] : llvm::zip(info.offsets, advance.getOffsets()))
        offset = arith::AddIOp::create(b, op->getLoc(), offset, delta);
      infos[advance.getResult()] = info;
      toErase.push_back(op);
      return success();
    }
    if (auto load = dyn_cast<LoadOp>(op))
      return isTensorPointer(load.getPtr().getType()) ? rewriteLoad(load)
                                                      : success();
    if (auto store = dyn_cast<StoreOp>(op))
      return isTensorPointer(store.getPtr().getType()) ? rewriteStore(store)
                                                       : success();
    // Any other use of a block pointer is not supported.
    for (Value v : op->getOperands())
      if (isTensorPointer(v.getType()) && !isa<scf::YieldOp>(op))
        return op->emitOpError("uses a block pointer in a way "
                               "triton-rewrite-tensor-pointer cannot lower "
                               "(only tt.advance, tt.load, tt.store and "
                               "scf.for iteration arguments)");
    for (Value v : op->getResults())
      if (isTensorPointer(v.getType()))
        return op->emitOpError("produces a block pointer that "
                               "triton-rewrite-tensor-pointer cannot lower");
    return success();
  }

  LogicalResult unknown(Operation *op, Value ptr) {
    return op->emitOpError("uses a block pointer whose tt.make_tensor_ptr "
                           "cannot be found");
  }

  /// The pointers of every element of the block, and the mask of the
  /// dimensions in `boundaryCheck`.
  std::pair<Value, Value> materialize(OpBuilder &b, Location loc, BlockPtr info,
                                      ArrayRef<int32_t> boundaryCheck) {
    BlockAccess access{
        info.origin.getBase(), SmallVector<Value>(info.origin.getShape()),
        SmallVector<Value>(info.origin.getStrides()), info.offsets};
    return materializeBlockAccess(b, loc, blockTypeOf(info.origin.getType()),
                                  access, boundaryCheck);
  }

  LogicalResult rewriteLoad(LoadOp load) {
    BlockPtr info = infos.lookup(load.getPtr());
    if (!info.origin)
      return unknown(load, load.getPtr());
    OpBuilder b(load);
    auto [ptrs, mask] =
        materialize(b, load.getLoc(), info, load.getBoundaryCheck());
    Value other;
    auto type = cast<RankedTensorType>(load.getType());
    if (mask && load.getPadding()) {
      other = blockPadding(b, load.getLoc(), type,
                           *load.getPadding() == PaddingOption::PAD_NAN);
      if (!other)
        return load.emitOpError("padding = nan needs floating-point elements");
    }
    auto newLoad =
        LoadOp::create(b, load.getLoc(), ptrs, mask, other, load.getCache(),
                       load.getEvict(), load.getIsVolatile());
    load.getResult().replaceAllUsesWith(newLoad.getResult());
    toErase.push_back(load);
    return success();
  }

  LogicalResult rewriteStore(StoreOp store) {
    BlockPtr info = infos.lookup(store.getPtr());
    if (!info.origin)
      return unknown(store, store.getPtr());
    OpBuilder b(store);
    auto [ptrs, mask] =
        materialize(b, store.getLoc(), info, store.getBoundaryCheck());
    StoreOp::create(b, store.getLoc(), ptrs, store.getValue(), mask,
                    ArrayRef<int32_t>{}, store.getCache(), store.getEvict());
    toErase.push_back(store);
    return success();
  }

  /// Replaces block-pointer iteration arguments by their offsets.
  LogicalResult rewriteFor(scf::ForOp loop) {
    SmallVector<unsigned> carried;
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs()))
      if (isTensorPointer(init.getType()))
        carried.push_back(i);
    if (carried.empty())
      return success();
    SmallVector<Value> inits;
    DenseMap<unsigned, BlockPtr> initInfo;
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      if (!isTensorPointer(init.getType())) {
        inits.push_back(init);
        continue;
      }
      BlockPtr info = infos.lookup(init);
      if (!info.origin)
        return unknown(loop, init);
      initInfo[i] = info;
      llvm::append_range(inits, info.offsets);
    }
    OpBuilder b(loop);
    auto newLoop =
        scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(),
                           loop.getUpperBound(), loop.getStep(), inits);
    newLoop->setAttrs(loop->getAttrs());
    // Map the old body onto the new one.
    Block *oldBody = loop.getBody();
    Block *newBody = newLoop.getBody();
    IRMapping map;
    map.map(loop.getInductionVar(), newLoop.getInductionVar());
    unsigned next = 0;
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      if (initInfo.count(i)) {
        BlockPtr info = initInfo[i];
        for (Value &offset : info.offsets)
          offset = newLoop.getRegionIterArgs()[next++];
        infos[arg] = info;
      } else {
        map.map(arg, newLoop.getRegionIterArgs()[next++]);
      }
    }
    // Move the body's ops, rewriting block-pointer uses as they come.
    newBody->getOperations().splice(newBody->end(), oldBody->getOperations(),
                                    oldBody->begin(),
                                    std::prev(oldBody->end()));
    if (!newBody->empty() && isa<scf::YieldOp>(newBody->back()))
      newBody->back().erase(); // the default empty yield of ForOp::create
    for (auto [oldV, newV] : map.getValueMap())
      oldV.replaceAllUsesWith(newV);
    // Block-pointer arguments: their uses are rewritten through `infos`.
    for (Operation &op : llvm::make_early_inc_range(*newBody)) {
      WalkResult r = op.walk<WalkOrder::PreOrder>(
          [&](Operation *inner) { return walkOne(inner); });
      if (r.wasInterrupted())
        return failure();
    }
    auto oldYield = cast<scf::YieldOp>(oldBody->getTerminator());
    SmallVector<Value> yielded;
    for (auto [i, v] : llvm::enumerate(oldYield.getOperands())) {
      if (!initInfo.count(i)) {
        yielded.push_back(v);
        continue;
      }
      BlockPtr info = infos.lookup(v);
      if (!info.origin || info.origin != initInfo[i].origin)
        return oldYield.emitOpError("yields a block pointer not derived by "
                                    "tt.advance from the loop's own");
      llvm::append_range(yielded, info.offsets);
    }
    OpBuilder yb = OpBuilder::atBlockEnd(newBody);
    scf::YieldOp::create(yb, oldYield.getLoc(), yielded);
    // Results.
    next = 0;
    for (auto [i, result] : llvm::enumerate(loop.getResults())) {
      if (initInfo.count(i)) {
        BlockPtr info = initInfo[i];
        for (Value &offset : info.offsets)
          offset = newLoop.getResult(next++);
        infos[result] = info;
      } else {
        result.replaceAllUsesWith(newLoop.getResult(next++));
      }
    }
    // Block-pointer results may still have users (advance, load, ...) that
    // the outer walk rewrites through `infos`; erase the old loop last.
    loop.getBody()->clear();
    toErase.push_back(loop);
    return success();
  }

  DenseMap<Value, BlockPtr> infos;
  SmallVector<Operation *> toErase;
};

class RewriteTensorPointerPass
    : public mlir::triton::impl::TritonRewriteTensorPointerBase<
          RewriteTensorPointerPass> {
public:
  void runOnOperation() override {
    for (FuncOp fn : getOperation().getOps<FuncOp>()) {
      Rewriter rewriter;
      if (failed(rewriter.run(fn)))
        return signalPassFailure();
    }
  }
};
} // namespace
