# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""`return` under a runtime `if`, as upstream allows: in a helper its value
becomes a result of the scf.if (the statements after the `if` run in the
branch that does not return); in a kernel an early return runs the rest in
the other branch, also after `elif`. Names first assigned in both branches
are results too. Returns in loops are refused."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def pick(x, c):
    if c > 0:
        return x * 2
    return x + 1


@triton_stub.jit
def pick_pair(x, c):
    if c > 0:
        return x, x * 3
    else:
        return x + 1, x


@triton_stub.jit
def helpers(x_ptr, o_ptr, c):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    a, b = pick_pair(x, c)
    tl.store(o_ptr + offs, pick(x, c) + a + b)


SIG = {"x_ptr": "*fp32", "o_ptr": "*fp32", "c": "i32"}
print(triton_stub.compile(helpers, signature=SIG, stages=("ttir",)).asm.emitted)
# CHECK-LABEL: tt.func public @helpers
# CHECK: %[[C:.*]] = arith.cmpi sgt, %arg2, %{{.*}} : i32
# CHECK: %[[P:.*]]:2 = scf.if %{{.*}} -> (tensor<16xf32>, tensor<16xf32>) {
# CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<16xf32>, tensor<16xf32>
# CHECK: } else {
# CHECK: %[[Q:.*]] = scf.if %{{.*}} -> (tensor<16xf32>) {
# CHECK:   arith.mulf
# CHECK: } else {
# CHECK:   arith.addf
# CHECK: }
# CHECK: arith.addf %[[Q]], %[[P]]#0


@triton_stub.jit
def early(x_ptr, o_ptr, c):
    offs = tl.arange(0, 16)
    x = tl.load(x_ptr + offs)
    if c > 2:
        tl.store(o_ptr + offs, x)
        return
    elif c > 1:
        y = x + 1
    else:
        y = x - 1
        tl.store(o_ptr + offs, y)
        return
    tl.store(o_ptr + offs, y * 2)


print(triton_stub.compile(early, signature=SIG, stages=("ttir", "ptx")).asm.emitted)
# CHECK-LABEL: tt.func public @early
# CHECK: scf.if
# CHECK:   tt.store
# CHECK: } else {
# CHECK:   scf.if
# CHECK:     arith.addf
# CHECK:     arith.mulf
# CHECK:     tt.store
# CHECK:   } else {
# CHECK:     arith.subf
# CHECK:     tt.store
# CHECK:   }
# CHECK: }
# CHECK-NEXT: tt.return


@triton_stub.jit
def both_branches(x_ptr, o_ptr, c):
    offs = tl.arange(0, 16)
    if c > 0:
        z = tl.load(x_ptr + offs)
        only_here = 1
    else:
        z = tl.zeros((16,), dtype=tl.float32)
    tl.store(o_ptr + offs, z)


print(triton_stub.compile(both_branches, signature=SIG, stages=("ttir",)).asm.emitted)
# CHECK-LABEL: tt.func public @both_branches
# CHECK: %[[Z:.*]] = scf.if %{{.*}} -> (tensor<16xf32>)
# CHECK: tt.store %{{.*}}, %[[Z]]


def expect_error(fn):
    try:
        triton_stub.compile(fn, signature=SIG, stages=("ttir",))
        print("error: none")
    except triton_stub.CompilationError as e:
        print("error:", str(e).splitlines()[0])


@triton_stub.jit
def in_loop(x_ptr, o_ptr, c):
    for i in range(0, c):
        if i > 3:
            return
        tl.store(o_ptr + i, 1.0)


@triton_stub.jit
def kernel_value(x_ptr, o_ptr, c):
    if c > 0:
        return 1
    tl.store(o_ptr, 1.0)


expect_error(in_loop)
# CHECK: error: {{.*}}returns.py:[[#@LINE-12]]: in in_loop: return inside a loop is not supported (as upstream)
expect_error(kernel_value)
# CHECK: error: {{.*}}: in kernel_value: kernels return nothing (store results instead)
