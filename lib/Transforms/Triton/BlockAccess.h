//===- BlockAccess.h - Pointers and masks of a strided block ----*- C++ -*-===//
//
// Block pointers (tt.make_tensor_ptr) and tensor descriptors
// (tt.make_tensor_descriptor) both name a block of a strided global tensor:
// element (i_0, ..., i_n) of the block is at
// base + sum_d (offset_d + i_d) * stride_d, and lies inside the tensor when
// 0 <= offset_d + i_d < shape_d. Both rewrites to tensors of pointers build
// those pointers and masks here.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_TRANSFORMS_BLOCKACCESS_H
#define TRITONDIALECT_LIB_TRANSFORMS_BLOCKACCESS_H

#include "mlir/IR/Builders.h"

namespace mlir::triton {

/// The block's origin in the global tensor: `base` (a scalar pointer),
/// `shape` (i32 or i64, one per dimension), `strides` (i64) and `offsets`
/// (i32 or i64, the block's first index per dimension).
struct BlockAccess {
  Value base;
  SmallVector<Value> shape;
  SmallVector<Value> strides;
  SmallVector<Value> offsets;
};

/// The pointers to every element of a block of type `block` (a tensor of
/// `block`'s shape), and the mask of the elements inside the tensor along
/// the dimensions in `checked` (null when `checked` is empty).
std::pair<Value, Value> materializeBlockAccess(OpBuilder &b, Location loc,
                                               RankedTensorType block,
                                               const BlockAccess &access,
                                               ArrayRef<int32_t> checked);

/// The value of masked-off elements of a block load: zero, or NaN when
/// `nan` (a float block only; null otherwise).
Value blockPadding(OpBuilder &b, Location loc, RankedTensorType block,
                   bool nan);

} // namespace mlir::triton

#endif // TRITONDIALECT_LIB_TRANSFORMS_BLOCKACCESS_H
