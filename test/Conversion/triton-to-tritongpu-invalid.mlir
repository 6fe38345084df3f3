// RUN: not triton-opt %s --convert-triton-to-tritongpu="num-warps=3" 2>&1 | FileCheck %s
// CHECK: error: convert-triton-to-tritongpu: num-warps and threads-per-warp must be powers of two and num-ctas positive
module {
}
