//===- TritonOps.td - Operations of the `tt` dialect -------*- tablegen -*-===//
//
// The ops, one file per family. Assembly formats are upstream Triton 3.6's,
// so that its TTIR parses and prints back identically.
//
//===----------------------------------------------------------------------===//

#ifndef TRITON_OPS_TD
#define TRITON_OPS_TD

include "TritonDialect/Dialect/Triton/IR/TritonOpBase.td"
include "TritonDialect/Dialect/Triton/IR/TritonElementwiseOps.td"
include "TritonDialect/Dialect/Triton/IR/TritonShapeOps.td"
include "TritonDialect/Dialect/Triton/IR/TritonMemoryOps.td"
include "TritonDialect/Dialect/Triton/IR/TritonComputeOps.td"
include "TritonDialect/Dialect/Triton/IR/TritonFunctionOps.td"

#endif // TRITON_OPS_TD
