// A noinline device function that uses shared memory (here a wgmma tile:
// two operand buffers and the accumulator's layout conversion) takes its
// shared-memory base as a last argument; the call passes the part of the
// caller's shared memory the allocation gave it. It used to fail to
// legalize.
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 target=cuda:90" | FileCheck %s
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 target=cuda:90" -o %t.mlir
// RUN: triton-translate --mlir-to-ptx %t.mlir -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// CHECK: llvm.func internal @mm({{.*}}, %[[BASE:.*]]: !llvm.ptr<3>) -> {{.*}} attributes {no_inline, ttg.shared_base_arg}
// CHECK: llvm.getelementptr %[[BASE]]
// CHECK: wgmma.mma_async.sync.aligned.m64n64k16
// CHECK: llvm.func @k(
// CHECK: %[[SMEM:.*]] = llvm.mlir.addressof @global_smem : !llvm.ptr<3>
// CHECK: llvm.call @mm(%{{.*}}, %{{.*}}, %[[SMEM]])
module {
  tt.func private @mm(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>) -> tensor<64x64xf32> attributes {noinline = true} {
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %d = tt.dot %a, %b, %z : tensor<64x64xf16> * tensor<64x64xf16> -> tensor<64x64xf32>
    tt.return %d : tensor<64x64xf32>
  }
  tt.func public @k(%p: !tt.ptr<f16>, %o: !tt.ptr<f32>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %r0 = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
    %r1 = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
    %c64 = arith.constant dense<64> : tensor<64x1xi32>
    %rm = arith.muli %r1, %c64 : tensor<64x1xi32>
    %b0 = tt.broadcast %r0 : tensor<1x64xi32> -> tensor<64x64xi32>
    %b1 = tt.broadcast %rm : tensor<64x1xi32> -> tensor<64x64xi32>
    %off = arith.addi %b0, %b1 : tensor<64x64xi32>
    %ps = tt.splat %p : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
    %q = tt.addptr %ps, %off : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
    %a = tt.load %q : tensor<64x64x!tt.ptr<f16>>
    %d = tt.call @mm(%a, %a) : (tensor<64x64xf16>, tensor<64x64xf16>) -> tensor<64x64xf32>
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
    %oq = tt.addptr %os, %off : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
    tt.store %oq, %d : tensor<64x64x!tt.ptr<f32>>
    tt.return
  }
}
