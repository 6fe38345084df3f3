//===- Interfaces.h - Dialect interfaces of the `tt` dialect ----*- C++ -*-===//
//
// `DialectInferLayoutInterface`: how a layout (tensor encoding) carries
// through the shape ops whose result type `tt` infers. A dialect that defines
// encodings (TritonGPU) implements it; `tt` asks the encoding's dialect.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITON_IR_INTERFACES_H
#define TRITONDIALECT_DIALECT_TRITON_IR_INTERFACES_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectInterface.h"
#include "mlir/IR/Location.h"
#include <optional>

namespace mlir::triton {

class DialectInferLayoutInterface
    : public DialectInterface::Base<DialectInferLayoutInterface> {
public:
  DialectInferLayoutInterface(Dialect *dialect) : Base(dialect) {}

  /// Encoding of a reduction's result when `axis` is removed.
  virtual LogicalResult
  inferReduceOpEncoding(Attribute operandEncoding, unsigned axis,
                        Attribute &resultEncoding,
                        std::optional<Location> loc) const = 0;

  /// Encoding after inserting a size-1 dimension at `axis`.
  virtual LogicalResult
  inferExpandDimsOpEncoding(Attribute operandEncoding, unsigned axis,
                            Attribute &resultEncoding,
                            std::optional<Location> loc) const = 0;

  /// Encoding of `tt.trans` with `order` applied to a tensor of `shape`.
  virtual LogicalResult
  inferTransOpEncoding(Attribute operandEncoding, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &resultEncoding,
                       std::optional<Location> loc) const = 0;

  /// Encoding of `tt.join`'s result, of `shape` before the new dimension.
  virtual LogicalResult
  inferJoinOpEncoding(Attribute operandEncoding, Attribute &resultEncoding,
                      ArrayRef<int64_t> shape,
                      std::optional<Location> loc) const = 0;

  /// Encoding of `tt.split`'s results, for a source of `shape`.
  virtual LogicalResult
  inferSplitOpEncoding(Attribute operandEncoding, Attribute &resultEncoding,
                       ArrayRef<int64_t> shape,
                       std::optional<Location> loc) const = 0;

  /// Encoding of `tt.reshape`'s result (row-major order kept) of
  /// `dstShape`, for a source of `srcShape`.
  virtual LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEncoding,
                         ArrayRef<int64_t> dstShape, Attribute &dstEncoding,
                         std::optional<Location> loc) const = 0;

  /// Succeeds when two encodings of a tensor of `shape` place every element
  /// in the same (register, lane, warp, block): an op may print either.
  virtual LogicalResult
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute given, std::optional<Location> loc) const = 0;
};

/// Runs `fn` on the layout interface of `encoding`'s dialect; emits an error
/// at `loc` and fails when that dialect has none.
LogicalResult withLayoutInterface(
    Attribute encoding, std::optional<Location> loc,
    llvm::function_ref<LogicalResult(const DialectInferLayoutInterface &)> fn);

/// Checks that `given` is the encoding an op must produce, `expected`, or
/// one that means the same for a tensor of `shape`; emits "result encoding
/// ... should be ..." otherwise.
LogicalResult verifyResultEncoding(Operation *op, ArrayRef<int64_t> shape,
                                   Attribute expected, Attribute given);

} // namespace mlir::triton

#endif // TRITONDIALECT_DIALECT_TRITON_IR_INTERFACES_H
