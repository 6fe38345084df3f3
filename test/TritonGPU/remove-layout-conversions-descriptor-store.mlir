// RUN: triton-opt %s --tritongpu-remove-layout-conversions | FileCheck %s

// The attention accumulator, scaled in the loop and stored after it through
// a tensor descriptor (TMA, which takes any layout): the loop carries it in
// the MMA layout and the epilogue stores it from there. Before, the
// descriptor store stopped the rewrite and the loop converted the
// accumulator to a blocked layout and back every iteration (tutorial 06 ran
// at 0.55x of upstream on an H100).

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @scaled_accumulator
  // CHECK: scf.for {{.*}} -> (tensor<128x64xf32, #mma>
  // CHECK-NOT: ttg.convert_layout {{.*}}tensor<128x64xf32
  // CHECK: scf.yield
  // CHECK: tt.descriptor_store {{.*}} tensor<128x64xf16, #mma>
  tt.func public @scaled_accumulator(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x64xf16, #shared, #smem>, %alpha: tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>, %out: !tt.tensordesc<tensor<128x64xf16>>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %zero = arith.constant dense<0.000000e+00> : tensor<128x64xf32, #blocked>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<128x64xf32, #blocked>) : i32 {
      %al = ttg.convert_layout %alpha : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
      %e = tt.expand_dims %al {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xf32, #blocked>
      %bc = tt.broadcast %e : tensor<128x1xf32, #blocked> -> tensor<128x64xf32, #blocked>
      %scaled = arith.mulf %acc, %bc : tensor<128x64xf32, #blocked>
      %in = ttg.convert_layout %scaled : tensor<128x64xf32, #blocked> -> tensor<128x64xf32, #mma>
      %d = ttng.warp_group_dot %a, %b, %in : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<128x64xf32, #mma>
      %back = ttg.convert_layout %d : tensor<128x64xf32, #mma> -> tensor<128x64xf32, #blocked>
      scf.yield %back : tensor<128x64xf32, #blocked>
    }
    %h = arith.truncf %r : tensor<128x64xf32, #blocked> to tensor<128x64xf16, #blocked>
    tt.descriptor_store %out[%c0, %c0], %h : !tt.tensordesc<tensor<128x64xf16>>, tensor<128x64xf16, #blocked>
    tt.return
  }
}
