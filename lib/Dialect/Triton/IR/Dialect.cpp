//===- Dialect.cpp - The Triton (`tt`) dialect ----------------------------===//
//
// Dialect registration, inlining of `tt.func` bodies at `tt.call` sites,
// constant materialization for folders, and checks of Triton's argument
// attributes (`tt.divisibility` and friends).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#include "TritonDialect/Dialect/Triton/IR/Dialect.cpp.inc"

namespace {
/// Inlines `tt.call` of `tt.func`: every Triton op may be inlined, and
/// `tt.return` becomes a branch (or direct replacement) at the call site.
struct TritonInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const final {
    // A device function marked noinline stays a call.
    if (auto fn = dyn_cast<FuncOp>(callable))
      if (auto attr = fn->getAttrOfType<BoolAttr>("noinline"))
        return !attr.getValue();
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }

  void handleTerminator(Operation *op, Block *newDest) const final {
    auto ret = dyn_cast<ReturnOp>(op);
    if (!ret)
      return;
    OpBuilder builder(op);
    cf::BranchOp::create(builder, op->getLoc(), newDest, ret.getOperands());
    op->erase();
  }

  void handleTerminator(Operation *op, ValueRange valuesToRepl) const final {
    auto ret = cast<ReturnOp>(op);
    for (auto [from, to] : llvm::zip(valuesToRepl, ret.getOperands()))
      from.replaceAllUsesWith(to);
  }
};
} // namespace

void TritonDialect::initialize() {
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "TritonDialect/Dialect/Triton/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonInlinerInterface>();
}

Operation *TritonDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

/// `tt.divisibility`, `tt.contiguity` and `tt.constancy` on a function
/// argument must be positive integers (or, for tensors, arrays of them).
LogicalResult TritonDialect::verifyRegionArgAttribute(Operation *op,
                                                      unsigned regionIndex,
                                                      unsigned argIndex,
                                                      NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name != "tt.divisibility" && name != "tt.contiguity" &&
      name != "tt.constancy")
    return success();
  auto checkOne = [&](Attribute a) -> LogicalResult {
    auto intAttr = dyn_cast<IntegerAttr>(a);
    if (!intAttr || intAttr.getValue().getSExtValue() <= 0)
      return op->emitOpError() << "argument " << argIndex << ": '" << name
                               << "' must be a positive integer, got " << a;
    return success();
  };
  if (auto dense = dyn_cast<DenseIntElementsAttr>(attr.getValue())) {
    for (const APInt &v : dense.getValues<APInt>())
      if (v.getSExtValue() <= 0)
        return op->emitOpError()
               << "argument " << argIndex << ": '" << name
               << "' must hold positive integers, got " << attr.getValue();
    return success();
  }
  return checkOne(attr.getValue());
}

LogicalResult mlir::triton::withLayoutInterface(
    Attribute encoding, std::optional<Location> loc,
    llvm::function_ref<LogicalResult(const DialectInferLayoutInterface &)> fn) {
  auto *iface = dyn_cast<DialectInferLayoutInterface>(&encoding.getDialect());
  if (!iface)
    return emitOptionalError(loc, "cannot infer how encoding ", encoding,
                             " carries through this op: its dialect '",
                             encoding.getDialect().getNamespace(),
                             "' has no layout-inference interface");
  return fn(*iface);
}

LogicalResult mlir::triton::verifyResultEncoding(Operation *op,
                                                 ArrayRef<int64_t> shape,
                                                 Attribute expected,
                                                 Attribute given) {
  if (expected == given)
    return success();
  auto fail = [&] {
    return op->emitOpError("result encoding ")
           << given << " should be " << expected
           << " (or a layout placing every element the same way)";
  };
  if (!expected || !given)
    return fail();
  auto *iface = dyn_cast<DialectInferLayoutInterface>(&expected.getDialect());
  if (!iface || failed(iface->verifyLayoutsAreEqual(shape, expected, given,
                                                    std::nullopt)))
    return fail();
  return success();
}
