// A kernel calling libdevice: only the functions it uses are linked,
// internalized and inlined, so the PTX calls nothing. libdevice is linked
// with __CUDA_FTZ = 1 (denormals flushed), as upstream Triton links it.
// REQUIRES: libdevice
// RUN: triton-translate --triton-to-ptx %s -o %t.ptx
// RUN: FileCheck %s --input-file %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a %t.ptx -o %t.cubin %}

// CHECK: .visible .entry expk(
// CHECK-NOT: call
// CHECK-NOT: __nv_
// CHECK: fma.rn.ftz.f32
// CHECK: ex2.approx.ftz.f32
// CHECK-NOT: call
// CHECK: ret;

module attributes {"ttg.num-warps" = 1 : i32, ttg.target = "cuda:90"} {
  llvm.func @__nv_expf(f32) -> f32
  llvm.func @__nv_log1pf(f32) -> f32
  llvm.func @expk(%x: !llvm.ptr<1>) attributes {nvvm.kernel, nvvm.reqntid = array<i32: 32, 1, 1>} {
    %tid = nvvm.read.ptx.sreg.tid.x : i32
    %p = llvm.getelementptr %x[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %e = llvm.call @__nv_expf(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
