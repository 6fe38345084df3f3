// Source locations survive to PTX as .file/.loc lines (line tables as
// debug directives only: no `debug` target flag, which would stop ptxas
// from optimizing), through the textual pipe with --mlir-print-debuginfo.
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 target=cuda:90" --mlir-print-debuginfo | triton-translate --triton-to-ptx -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: triton-opt %s --triton-nvidia-pipeline="num-warps=4 target=cuda:90" --mlir-print-debuginfo | triton-translate --triton-to-ptx --line-info=false -o %t2.ptx
// RUN: FileCheck %s --check-prefix=NOLINES < %t2.ptx
// CHECK: .target sm_90a{{$}}
// CHECK: .loc 1 7 22
// CHECK: ld.global
// CHECK: .loc 1 8 13
// CHECK: st.global
// CHECK: .file 1 "kernel.py"
// NOLINES-NOT: .loc
// NOLINES-NOT: .file
module {
  tt.func public @copy(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32> loc(#l1)
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>> loc(#l1)
    %xp = tt.addptr %xs, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32> loc(#l1)
    %v = tt.load %xp : tensor<512x!tt.ptr<f32>> loc(#l1)
    %ys = tt.splat %y : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>> loc(#l2)
    %yp = tt.addptr %ys, %r : tensor<512x!tt.ptr<f32>>, tensor<512xi32> loc(#l2)
    tt.store %yp, %v : tensor<512x!tt.ptr<f32>> loc(#l2)
    tt.return loc(#l2)
  } loc(#l0)
} loc(#l0)
#l0 = loc("kernel.py":5:0)
#l1 = loc("kernel.py":7:22)
#l2 = loc("kernel.py":8:13)
