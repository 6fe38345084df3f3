// A kernel in the LLVM and NVVM dialects, as the lowering will produce it,
// through LLVM's NVPTX backend; the metadata the harness reads lands next to
// the PTX.
// RUN: triton-translate --triton-to-ptx %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: FileCheck %s --check-prefix=META --input-file %t.meta.json
// RUN: triton-translate --triton-to-ptx --chip=sm_80 %s | FileCheck %s --check-prefix=SM80
// With fp fusion off (upstream's enable_fp_fusion=False) adds are `.rn`,
// which ptxas never contracts into an fma; on (the default) plain `add.f32`.
// RUN: triton-translate --triton-to-ptx --enable-fp-fusion=false %s | FileCheck %s --check-prefix=NOFUSE
// RUN: triton-translate --triton-to-llvmir %s | FileCheck %s --check-prefix=LLVMIR
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// CHECK: .version 8.0
// CHECK: .target sm_90
// CHECK: .address_size 64
// CHECK: .visible .entry add(
// CHECK-NEXT: .param .u64 .ptr .global .align 1 add_param_0,
// CHECK: .reqntid 128, 1, 1
// CHECK: mov.u32 {{.*}}%ctaid.x
// CHECK: ld.global.v4.b32
// CHECK: ld.global.v4.b32
// CHECK: add.f32
// CHECK: st.global.v4.b32
// CHECK: ret;

// META: {"entry": "add", "num_warps": 4, "shared_bytes": 0}

// SM80: .target sm_80

// NOFUSE: add.rn.f32

// LLVMIR: define ptx_kernel void @add(ptr addrspace(1) %0, ptr addrspace(1) %1, ptr addrspace(1) %2, i32 %3)

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  llvm.func @add(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %out: !llvm.ptr<1>, %n: i32) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 128, 1, 1>} {
    %pid = nvvm.read.ptx.sreg.ctaid.x : i32
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %c512 = llvm.mlir.constant(512 : i32) : i32
    %c4 = llvm.mlir.constant(4 : i32) : i32
    %base = llvm.mul %pid, %c512 : i32
    %t4 = llvm.mul %tid, %c4 : i32
    %i = llvm.add %base, %t4 : i32
    %px = llvm.getelementptr %x[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %py = llvm.getelementptr %y[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %po = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %vx = llvm.load %px {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    %vy = llvm.load %py {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
    %s = llvm.fadd %vx, %vy : vector<4xf32>
    llvm.store %s, %po {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
    llvm.return
  }
}
