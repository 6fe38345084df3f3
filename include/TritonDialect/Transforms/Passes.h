//===- Passes.h - Every TTIR and TTGIR pass ---------------------*- C++ -*-===//
//
// Both pass families: the Triton IR passes (registerTritonPasses) and the
// TritonGPU passes (registerTritonGPUPasses).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TRANSFORMS_PASSES_H
#define TRITONDIALECT_TRANSFORMS_PASSES_H

#include "TritonDialect/Transforms/Triton/Passes.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#endif
