// LLVM's straight-line strength reduction is left out of the NVPTX codegen
// pipeline unless asked for (PTXOptions::straightLineStrengthReduction says
// why): b + 5 * s stays one mad.lo; with the pass it becomes
// (b + 3 * s) + (s << 1), rewritten against the dominating b + 3 * s.
// RUN: triton-translate --mlir-to-ptx %s -o - | FileCheck %s --check-prefix=OFF
// RUN: triton-translate --mlir-to-ptx --straight-line-strength-reduction %s -o - | FileCheck %s --check-prefix=ON

// OFF: mad.lo.s32 [[X:%r[0-9]+]], [[S:%r[0-9]+]], 3, [[B:%r[0-9]+]];
// OFF: st.global.b32
// OFF: mad.lo.s32 {{%r[0-9]+}}, [[S]], 5, [[B]];
// OFF-NOT: shl.b32

// ON: mad.lo.s32 [[X:%r[0-9]+]], [[S:%r[0-9]+]], 3, {{%r[0-9]+}};
// ON: shl.b32 [[S2:%r[0-9]+]], [[S]], 1;
// ON-NEXT: add.s32 {{%r[0-9]+}}, [[X]], [[S2]];

module attributes {"ttg.num-warps" = 4 : i32, "ttg.target" = "cuda:90"} {
  llvm.func @k(%out: !llvm.ptr<1>, %b: i32, %s: i32) attributes {nvvm.kernel} {
    %c3 = llvm.mlir.constant(3 : i32) : i32
    %c5 = llvm.mlir.constant(5 : i32) : i32
    %s3 = llvm.mul %s, %c3 : i32
    %x = llvm.add %b, %s3 : i32
    %p0 = llvm.getelementptr %out[0] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    llvm.store %x, %p0 : i32, !llvm.ptr<1>
    %s5 = llvm.mul %s, %c5 : i32
    %y = llvm.add %b, %s5 : i32
    %p1 = llvm.getelementptr %out[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, i32
    llvm.store %y, %p1 : i32, !llvm.ptr<1>
    llvm.return
  }
}
