//===- Dialect.h - The TritonNvidiaGPU (`ttng`) dialect ---------*- C++ -*-===//
//
// Hopper-specific ops: wgmma, mbarriers, TMA copies and tensor maps.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define TRITONDIALECT_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h.inc"

#define GET_OP_CLASSES
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Ops.h.inc"

#endif // TRITONDIALECT_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
