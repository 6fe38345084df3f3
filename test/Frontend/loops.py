# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""`range` loops become scf.for: names the body reassigns are carried as
iteration arguments (a Python scalar initial value takes the type the body
gives it), and are the loop's results afterwards."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def rowsum(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    acc = tl.zeros((BLOCK,), tl.float32)
    count = 0
    for k in range(0, n, BLOCK):
        acc += tl.load(x_ptr + k + r, mask=k + r < n, other=0.0)
        count += 1
    tl.store(out_ptr + r, acc / count)


@triton_stub.jit
def no_carried(x_ptr, n):
    for i in range(n):
        tl.store(x_ptr + i, 1.0)


print(triton_stub.compile(rowsum, signature={"x_ptr": "*fp32", "out_ptr": "*fp32", "n": "i32"},
                          constexprs={"BLOCK": 128}, stages=("ttir",)).asm.emitted)
print(triton_stub.compile(no_carried, signature={"x_ptr": "*fp32", "n": "i32"},
                          stages=("ttir",)).asm.emitted)

# CHECK-LABEL: tt.func public @rowsum
# CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<128xf32>
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: %[[STEP:.*]] = arith.constant 128 : i32
# CHECK: %[[CNT0:.*]] = arith.constant 0 : i32
# CHECK: %[[R:.*]]:2 = scf.for %[[K:.*]] = %[[C0]] to %arg2 step %[[STEP]] iter_args(%[[ACC:.*]] = %[[ZERO]], %[[CNT:.*]] = %[[CNT0]]) -> (tensor<128xf32>, i32) : i32 {
# CHECK: tt.addptr %arg0, %[[K]] : !tt.ptr<f32>, i32
# CHECK: %[[L:.*]] = tt.load
# CHECK: %[[NACC:.*]] = arith.addf %[[ACC]], %[[L]] : tensor<128xf32>
# CHECK: %[[NCNT:.*]] = arith.addi %[[CNT]], %{{.*}} : i32
# CHECK: scf.yield %[[NACC]], %[[NCNT]] : tensor<128xf32>, i32
# CHECK: tt.splat %[[R]]#1 : i32 -> tensor<128xi32>
# CHECK: arith.divf %[[R]]#0

# CHECK-LABEL: tt.func public @no_carried
# CHECK: scf.for %{{.*}} = %{{.*}} to %arg1 step %{{.*}} : i32 {
# CHECK: tt.store
# CHECK-NOT: scf.yield
# CHECK: tt.return
