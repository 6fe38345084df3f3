# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""`if` on a runtime scalar becomes scf.if: names a branch assigns are its
results (a branch that does not assign one yields the value from before)."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def branches(x_ptr, n):
    v = 1.0
    if n > 4:
        v = tl.load(x_ptr) * 2.0
    else:
        w = 5
    if n == 0:
        tl.store(x_ptr, v)


print(triton_stub.compile(branches, signature={"x_ptr": "*fp32", "n": "i32"},
                          stages=("ttir",)).asm.emitted)

# CHECK-LABEL: tt.func public @branches
# CHECK: %[[C:.*]] = arith.cmpi sgt, %arg1, %{{.*}} : i32
# CHECK: %[[V:.*]] = scf.if %[[C]] -> (f32) {
# CHECK: %[[L:.*]] = tt.load %arg0 : !tt.ptr<f32>
# CHECK: %[[M:.*]] = arith.mulf %[[L]], %{{.*}} : f32
# CHECK: scf.yield %[[M]] : f32
# CHECK: } else {
# CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
# CHECK: scf.yield %[[ONE]] : f32
# CHECK: }
# CHECK: %[[Z:.*]] = arith.cmpi eq, %arg1, %{{.*}} : i32
# CHECK: scf.if %[[Z]] {
# CHECK-NEXT: tt.store %arg0, %[[V]] : !tt.ptr<f32>
# CHECK-NEXT: }


@triton_stub.jit
def halve(x_ptr, n):
    steps = 0
    while n > 1:
        n = n // 2
        steps += 1
    tl.store(x_ptr, steps)


print(triton_stub.compile(halve, signature={"x_ptr": "*i32", "n": "i32"},
                          stages=("ttir",)).asm.emitted)
# `while` becomes scf.while carrying the names its body reassigns.
# CHECK-LABEL: tt.func public @halve
# CHECK: %[[S0:.*]] = arith.constant 0 : i32
# CHECK: %[[W:.*]]:2 = scf.while (%[[N:.*]] = %arg1, %[[S:.*]] = %[[S0]]) : (i32, i32) -> (i32, i32) {
# CHECK: %[[C:.*]] = arith.cmpi sgt, %[[N]], %{{.*}} : i32
# CHECK: scf.condition(%[[C]]) %[[N]], %[[S]] : i32, i32
# CHECK: } do {
# CHECK: ^bb0(%[[N2:.*]]: i32, %[[S2:.*]]: i32):
# CHECK: %[[H:.*]] = arith.divsi %[[N2]], %{{.*}} : i32
# CHECK: %[[S3:.*]] = arith.addi %[[S2]], %{{.*}} : i32
# CHECK: scf.yield %[[H]], %[[S3]] : i32, i32
# CHECK: tt.store %arg0, %[[W]]#1 : !tt.ptr<i32>
