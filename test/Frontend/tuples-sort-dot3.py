# RUN: rm -rf %t && mkdir -p %t && env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t/cache PYTHONPATH=%src_root/python-frontend-stub %python %s %t | FileCheck %s
# RUN: %if ptxas %{ for f in %t/*.ptx; do %ptxas -arch=sm_90a $f -o /dev/null || exit 1; done %}
"""tl.reduce and tl.associative_scan over tuples (a multi-operand tt.reduce /
tt.scan whose combine function takes all left then all right elements),
tl.sort (upstream's bitonic network on the 2x...x2 hypercube: each exchange
an xor_sum over one size-2 axis) and 3-D (batched) tl.dot,
through to PTX."""

import sys

import triton_stub
import triton_stub.language as tl

OUT = sys.argv[1]


@triton_stub.jit
def _max_and_index(v0, i0, v1, i1):
    gt = v0 > v1
    return tl.where(gt, v0, v1), tl.where(gt, i0, i1)


@triton_stub.jit
def _sum_and_product(a0, b0, a1, b1):
    return a0 + a1, b0 * b1


@triton_stub.jit
def tuples(x_ptr, o_ptr, i_ptr):
    r = tl.arange(0, 16)
    c = tl.arange(0, 32)
    x = tl.load(x_ptr + r[:, None] * 32 + c[None, :])
    idx = tl.broadcast_to(c[None, :], (16, 32))
    v, i = tl.reduce((x, idx), 1, _max_and_index)
    tl.store(o_ptr + r, v)
    tl.store(i_ptr + r, i)
    s, p = tl.associative_scan((x, x), 0, _sum_and_product, reverse=True)
    tl.store(o_ptr + r[:, None] * 32 + c[None, :], s + p)


k = triton_stub.compile(tuples, signature={"x_ptr": "*fp32", "o_ptr": "*fp32", "i_ptr": "*i32"},
                        stages=("ttir", "ptx"))
print(k.asm.emitted)
open(f"{OUT}/tuples.ptx", "w").write(k.asm["ptx"])
# CHECK-LABEL: tt.func public @tuples
# CHECK: %[[R:.*]]:2 = "tt.reduce"(%{{.*}}, %{{.*}}) <{axis = 1 : i32}> ({
# CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[AI:.*]]: i32, %[[B:.*]]: f32, %[[BI:.*]]: i32):
# CHECK-NEXT: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[B]] : f32
# CHECK: tt.reduce.return %{{.*}}, %{{.*}} : f32, i32
# CHECK-NEXT: }) : (tensor<16x32xf32>, tensor<16x32xi32>) -> (tensor<16xf32>, tensor<16xi32>)
# CHECK: %{{.*}}:2 = "tt.scan"(%{{.*}}, %{{.*}}) <{axis = 0 : i32, reverse = true}> ({
# CHECK: arith.addf
# CHECK: arith.mulf
# CHECK: tt.scan.return %{{.*}}, %{{.*}} : f32, f32


@triton_stub.jit
def sort_rows(x_ptr, z_ptr, N: tl.constexpr, M: tl.constexpr, descending: tl.constexpr):
    offs = tl.arange(0, N)[:, None] * M + tl.arange(0, M)[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(z_ptr + offs, tl.sort(x, descending=descending))


k = triton_stub.compile(sort_rows, signature={"x_ptr": "*fp16", "z_ptr": "*fp16"},
                        constexprs={"N": 4, "M": 8, "descending": False}, stages=("ttir", "ptx"))
open(f"{OUT}/sort.ptx", "w").write(k.asm["ptx"])
# 32 elements as a 2x2x2x2x2 hypercube, sorted along its last 3 axes:
# merges of 2, 4 and 8, with 1 + 2 + 3 exchanges, no gathers.
print("hypercube:", "-> tensor<2x2x2x2x2xf16>" in k.asm.emitted)
# CHECK: hypercube: True
print("exchanges:", k.asm.emitted.count("\"tt.reduce\"("), "gathers:", k.asm.emitted.count("tt.gather"))
# CHECK: exchanges: 6 gathers: 0


@triton_stub.jit
def batched(q_ptr, k_ptr, o_ptr, B: tl.constexpr, M: tl.constexpr, N: tl.constexpr,
            K: tl.constexpr):
    b = tl.arange(0, B)[:, None, None]
    m = tl.arange(0, M)[None, :, None]
    n = tl.arange(0, N)[None, None, :]
    kk = tl.arange(0, K)
    q = tl.load(q_ptr + b * M * K + m * K + kk[None, None, :])
    k = tl.load(k_ptr + b * K * N + kk[None, :, None] * N + n)
    tl.store(o_ptr + b * M * N + m * N + n, tl.dot(q, k))


k = triton_stub.compile(batched, signature={"q_ptr": "*fp16", "k_ptr": "*fp16", "o_ptr": "*fp32"},
                        constexprs={"B": 2, "M": 32, "N": 32, "K": 32}, stages=("ttir", "ptx"))
print(k.asm.emitted)
open(f"{OUT}/batched.ptx", "w").write(k.asm["ptx"])
# CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 : tensor<2x32x32xf16> * tensor<2x32x32xf16> -> tensor<2x32x32xf32>
print("mma.sync:", "mma.sync.aligned.m16n8k16" in k.asm["ptx"])
# CHECK: mma.sync: True
