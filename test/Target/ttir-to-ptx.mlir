// TTIR to PTX in one command: triton-translate --ttir-to-ptx runs the Triton
// pipeline with its options (here 8 warps) and the PTX step, and writes the
// launch metadata beside -o. The same module through triton-opt's pipeline
// and --mlir-to-ptx (or its earlier name --triton-to-ptx) gives the same PTX.
// RUN: triton-translate --ttir-to-ptx --num-warps=8 --target=cuda:90 %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: triton-opt --triton-nvidia-pipeline="num-warps=8 target=cuda:90" %s --mlir-print-debuginfo | triton-translate --mlir-to-ptx -o %t.two.ptx
// RUN: triton-opt --triton-nvidia-pipeline="num-warps=8 target=cuda:90" %s --mlir-print-debuginfo | triton-translate --triton-to-ptx -o %t.old.ptx
// RUN: diff %t.ptx %t.two.ptx
// RUN: diff %t.ptx %t.old.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.two.meta.json
// --meta-json puts the metadata elsewhere, also when the PTX goes to stdout.
// RUN: triton-translate --ttir-to-ptx --num-warps=8 %s --meta-json=%t.elsewhere.json | FileCheck %s
// RUN: FileCheck %s --check-prefix=META --input-file %t.elsewhere.json
// A pipeline failure is a diagnostic and exit 1.
// RUN: not triton-translate --ttir-to-ptx --num-warps=3 %s 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK: .target sm_90
// CHECK: .visible .entry copy(
// CHECK: ld.global
// CHECK: st.global
// META: {"entry": "copy", "num_warps": 8, "shared_bytes": 0}
// BAD: error:

module {
  tt.func public @copy(%src: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                       %dst: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %pid = tt.get_program_id x : i32
    %c1024 = arith.constant 1024 : i32
    %base = arith.muli %pid, %c1024 : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %splat = tt.splat %base : i32 -> tensor<1024xi32>
    %offs = arith.addi %splat, %range : tensor<1024xi32>
    %sp = tt.splat %src : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %sptrs = tt.addptr %sp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %sptrs : tensor<1024x!tt.ptr<f32>>
    %dp = tt.splat %dst : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %dptrs = tt.addptr %dp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %dptrs, %v : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
