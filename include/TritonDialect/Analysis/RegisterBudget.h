//===- RegisterBudget.h - Tensors too large for a thread's registers -*- C++
//-*-===//
//
// A thread has at most 255 32-bit registers. A block whose tensors need
// thousands per thread spills nearly all of itself, and the lowering and
// ptxas take minutes on it. Both entry points refuse such a module, at the
// op that makes the tensor, with what to change: convert-triton-to-tritongpu
// (TTIR, the tensor spread evenly over the block's threads) and
// convert-triton-gpu-to-llvm (TTGIR, the registers its layout gives a
// thread).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_ANALYSIS_REGISTERBUDGET_H
#define TRITONDIALECT_ANALYSIS_REGISTERBUDGET_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

namespace mlir::triton {

/// Past this many 32-bit registers per thread for one tensor, a module is
/// refused.
constexpr int64_t kMaxTensorRegistersPerThread = 2048;

/// The 32-bit registers a thread holds of `type`: its layout's registers
/// (copies included) when it has a distributed encoding, otherwise its
/// elements spread evenly over `threads`.
int64_t registersPerThread(RankedTensorType type, int64_t threads);

/// Fails, with a located error at the op that makes it, on the first tensor
/// with more than kMaxTensorRegistersPerThread registers per thread in a
/// block of `threads` threads (dot operands aside: their layouts repeat the
/// operand per thread, and the dot lowering reads it slice by slice).
LogicalResult checkRegistersPerThread(ModuleOp module, int64_t threads);

} // namespace mlir::triton

#endif // TRITONDIALECT_ANALYSIS_REGISTERBUDGET_H
