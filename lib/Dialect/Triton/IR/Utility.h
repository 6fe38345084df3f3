//===- Utility.h - Helpers shared by the tt op implementations --*- C++ -*-===//
//
// Small, private helpers of lib/Dialect/Triton/IR.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_DIALECT_TRITON_IR_UTILITY_H
#define TRITONDIALECT_LIB_DIALECT_TRITON_IR_UTILITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::triton {

/// True when `order` holds each of 0..rank-1 exactly once.
inline bool isPermutation(llvm::ArrayRef<int32_t> order, int64_t rank) {
  if (static_cast<int64_t>(order.size()) != rank)
    return false;
  llvm::SmallVector<bool> seen(rank, false);
  for (int32_t d : order) {
    if (d < 0 || d >= rank || seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

} // namespace mlir::triton

#endif // TRITONDIALECT_LIB_DIALECT_TRITON_IR_UTILITY_H
