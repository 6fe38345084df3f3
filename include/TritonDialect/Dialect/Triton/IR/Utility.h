//===- Utility.h - Small helpers shared by the Triton dialects --*- C++ -*-===//
//
// Permutation checks and shape formatting used by the verifiers of the tt,
// ttg and ttng dialects.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITON_IR_UTILITY_H
#define TRITONDIALECT_DIALECT_TRITON_IR_UTILITY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace mlir::triton {

/// True when `order` holds each of 0..rank-1 exactly once.
template <typename T>
bool isPermutation(llvm::ArrayRef<T> order, int64_t rank) {
  if (static_cast<int64_t>(order.size()) != rank)
    return false;
  llvm::SmallVector<bool> seen(rank, false);
  for (T d : order) {
    if (static_cast<int64_t>(d) < 0 || static_cast<int64_t>(d) >= rank ||
        seen[d])
      return false;
    seen[d] = true;
  }
  return true;
}

/// A shape as `4x8x2` (`[]` for rank 0), for diagnostics.
inline std::string shapeStr(llvm::ArrayRef<int64_t> shape) {
  if (shape.empty())
    return "[]";
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleave(shape, os, "x");
  return str;
}

/// A list as `[1, 2, 4]`, for diagnostics.
template <typename T> std::string listStr(llvm::ArrayRef<T> values) {
  std::string str = "[";
  llvm::raw_string_ostream os(str);
  llvm::interleaveComma(values, os);
  os << "]";
  return str;
}

} // namespace mlir::triton

#endif // TRITONDIALECT_DIALECT_TRITON_IR_UTILITY_H
