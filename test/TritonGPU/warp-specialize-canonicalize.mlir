// RUN: triton-opt %s -canonicalize | FileCheck %s

// The folder keeps the constants it makes in a warp_specialize partition
// inside it: the partition runs on warps of its own, its tensors in layouts
// of its warp count (4 here, 8 in the kernel), so a tensor constant
// hoisted to the function would break the kernel's layouts and could not
// be captured. The default region's constants may still go up.

// CHECK-LABEL: tt.func public @partition_constants
// CHECK-NEXT: arith.constant 2 : i32
// CHECK-NEXT: ttg.warp_specialize
// CHECK-NEXT: default {
// CHECK-NEXT: tt.store %{{.*}}, %c2_i32
// CHECK: partition0(%[[P:.*]]: !tt.ptr<i32>) num_warps(4) {
// CHECK-NEXT: %[[TWO:.*]] = arith.constant dense<2> : tensor<128xi32, #[[B4:.*]]>
// CHECK-NEXT: %[[PTRS:.*]] = tt.splat %[[P]] : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #[[B4]]>
// CHECK-NEXT: tt.store %[[PTRS]], %[[TWO]]
#b4 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @partition_constants(%p: !tt.ptr<i32>) {
    ttg.warp_specialize(%p)
    default {
      %one = arith.constant 1 : i32
      %two = arith.addi %one, %one : i32
      tt.store %p, %two : !tt.ptr<i32>
      ttg.warp_yield
    }
    partition0(%a: !tt.ptr<i32>) num_warps(4) {
      %c = arith.constant dense<1> : tensor<128xi32, #b4>
      %d = arith.addi %c, %c : tensor<128xi32, #b4>
      %ptrs = tt.splat %a : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>, #b4>
      tt.store %ptrs, %d : tensor<128x!tt.ptr<i32>, #b4>
      ttg.warp_return
    } : (!tt.ptr<i32>) -> ()
    tt.return
  }
}
