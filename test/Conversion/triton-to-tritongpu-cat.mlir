// tt.cat may reorder elements: its result gets the default layout with each
// thread holding both operands' registers (sizePerThread doubled here, as
// upstream), so the lowering concatenates registers. With the default
// layout alone, two 32-element operands on 128 threads had one register
// each and a one-register result: "failed to legalize tt.cat".
// RUN: triton-opt %s --convert-triton-to-tritongpu="num-warps=4 target=cuda:90" | FileCheck %s
// RUN: triton-translate --ttir-to-ptx %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}
// CHECK-DAG: #[[IN:.*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[OUT:.*]] = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: tt.cat %{{.*}}, %{{.*}} : tensor<32xf32, #[[IN]]> -> tensor<64xf32, #[[OUT]]>
module {
  tt.func public @cat(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>) {
    %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %r : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
    %a = tt.load %xp : tensor<32x!tt.ptr<f32>>
    %one = arith.constant dense<1.0> : tensor<32xf32>
    %b = arith.addf %a, %one : tensor<32xf32>
    %c = tt.cat %a, %b : tensor<32xf32> -> tensor<64xf32>
    %r2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %os = tt.splat %o : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %op = tt.addptr %os, %r2 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %op, %c : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
