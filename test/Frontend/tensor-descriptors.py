# RUN: rm -rf %t && mkdir -p %t && env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t/cache PYTHONPATH=%src_root/python-frontend-stub %python %s %t | FileCheck %s
# RUN: %if ptxas %{ for f in %t/*.ptx; do %ptxas -arch=sm_90a $f -o /dev/null || exit 1; done %}
"""Tensor descriptors as upstream 3.6 writes them: made in the kernel
(tl.make_tensor_descriptor) or passed from the host (a TensorDescriptor,
typed tensordesc<fp16[64, 64]> and flattened to the descriptor, its shape
and its strides); desc.load/store/atomic_add/gather/scatter. Our compiler
lowers them to masked, vectorized pointer accesses."""

import sys

import triton_stub
import triton_stub.language as tl
from triton_stub.tools.tensor_descriptor import TensorDescriptor

OUT = sys.argv[1]


@triton_stub.jit
def desc_matmul(a_desc, b_desc, c_ptr, M, N, K, BLOCK_M: tl.constexpr,
                BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1],
                                       block_shape=[BLOCK_M, BLOCK_N])
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
        b = b_desc.load([pid_n * BLOCK_N, k * BLOCK_K])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BLOCK_M, pid_n * BLOCK_N], acc.to(tl.float16))


k = triton_stub.compile(
    desc_matmul,
    signature={"a_desc": "tensordesc<fp16[64, 32]>", "b_desc": "tensordesc<fp16[64, 32]>",
               "c_ptr": "*fp16", "M": "i32", "N": "i32", "K": "i32"},
    constexprs={"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32},
    divisible_by_16=["a_desc.shape0", "a_desc.shape1", "a_desc.stride0", "b_desc.shape0",
                     "b_desc.shape1", "b_desc.stride0", "M", "N"], stages=("ttir", "ptx"))
print(k.asm.emitted)
# A host descriptor is the descriptor, its shape (i32) and strides (i64).
# Its shape and strides specialize like integer arguments (divisible by 16).
# CHECK-LABEL: tt.func public @desc_matmul(%arg0: !tt.tensordesc<tensor<64x32xf16>>, %arg1: i32 {tt.divisibility = 16 : i32}, %arg2: i32 {tt.divisibility = 16 : i32}, %arg3: i64 {tt.divisibility = 16 : i32}, %arg4: i64, %arg5: !tt.tensordesc<tensor<64x32xf16>>, %arg6: i32 {tt.divisibility = 16 : i32}, %arg7: i32 {tt.divisibility = 16 : i32}, %arg8: i64 {tt.divisibility = 16 : i32}, %arg9: i64, %arg10: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %arg11: i32 {tt.divisibility = 16 : i32}, %arg12: i32 {tt.divisibility = 16 : i32}, %arg13: i32)
# CHECK: %[[STRIDE:.*]] = arith.extsi %arg12 : i32 to i64
# CHECK: %[[C:.*]] = tt.make_tensor_descriptor %arg10, [%arg11, %arg12], [%[[STRIDE]], %{{.*}}] : <f16>, <tensor<64x64xf16>>
# CHECK: tt.descriptor_load %arg0[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
# CHECK: tt.descriptor_load %arg5[%{{.*}}, %{{.*}}] : !tt.tensordesc<tensor<64x32xf16>> -> tensor<64x32xf16>
# CHECK: tt.trans
# CHECK: tt.dot
# CHECK: tt.descriptor_store %[[C]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
open(f"{OUT}/desc_matmul.ptx", "w").write(k.asm["ptx"])
ptx = k.asm["ptx"]
# Rows 16-byte aligned (the strides), columns contiguous and the bounds
# multiples of 16: 8 f16 a copy, pipelined (cp.async of 16 bytes), and 16-byte
# stores.
print("wgmma:", "wgmma.mma_async" in ptx, "cp.async 16:", "cp.async.cg.shared.global" in ptx,
      "st.v4:", "st.global.v4.b32" in ptx, "scalar loads:", "ld.global.b16" in ptx)
# CHECK: wgmma: True cp.async 16: True st.v4: True scalar loads: False


@triton_stub.jit
def desc_rows(p, idx_ptr, M, N, BLOCK: tl.constexpr):
    d = tl.make_tensor_descriptor(p, shape=[M, N], strides=[N, 1], block_shape=[1, BLOCK],
                                  padding_option="nan")
    rows = tl.load(idx_ptr + tl.arange(0, 8))
    g = d.gather(rows, 0)
    d.scatter(g + 1.0, rows + 8, 0)
    r = tl.load_tensor_descriptor(d, [0, 0])
    tl.store_tensor_descriptor(d, [1, 0], r)
    d.atomic_add([2, 0], r)


k = triton_stub.compile(desc_rows, signature={"p": "*fp32", "idx_ptr": "*i32", "M": "i32",
                                              "N": "i32"},
                        constexprs={"BLOCK": 64}, stages=("ttir", "ptx"))
print(k.asm.emitted)
# CHECK-LABEL: tt.func public @desc_rows
# CHECK: %[[D:.*]] = tt.make_tensor_descriptor %arg0, [%arg2, %arg3], [%{{.*}}, %{{.*}}] {padding = 2 : i32} : <f32>, <tensor<1x64xf32>>
# CHECK: %[[G:.*]] = tt.descriptor_gather %[[D]][%{{.*}}, %{{.*}}] : (!tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32) -> tensor<8x64xf32>
# CHECK: tt.descriptor_scatter %[[D]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<1x64xf32>>, tensor<8xi32>, i32, tensor<8x64xf32>
# CHECK: %[[R:.*]] = tt.descriptor_load %[[D]]
# CHECK: tt.descriptor_store %[[D]][%{{.*}}, %{{.*}}], %[[R]]
# CHECK: tt.descriptor_reduce add, %[[D]][%{{.*}}, %{{.*}}], %[[R]]
open(f"{OUT}/desc_rows.ptx", "w").write(k.asm["ptx"])


def expect_error(fn, sig, constexprs=None):
    try:
        triton_stub.compile(fn, signature=sig, constexprs=constexprs or {}, stages=("ttir",))
        print("error: none")
    except triton_stub.CompilationError as e:
        print("error:", str(e).splitlines()[0])


@triton_stub.jit
def float_max(p, n):
    d = tl.make_tensor_descriptor(p, shape=[n], strides=[1], block_shape=[16])
    d.atomic_max([0], tl.zeros((16,), dtype=tl.float32))


@triton_stub.jit
def strided_last(p, n, s):
    tl.make_tensor_descriptor(p, shape=[n], strides=[s], block_shape=[16])


@triton_stub.jit
def narrow_block(p, n):
    tl.make_tensor_descriptor(p, shape=[n, n], strides=[n, 1], block_shape=[16, 2])


@triton_stub.jit
def wrong_rank(d):
    d.load([0])


expect_error(float_max, {"p": "*fp32", "n": "i32"})
# CHECK: error: {{.*}}: in float_max: atomic_max through a descriptor needs integer elements, got float32
expect_error(strided_last, {"p": "*fp32", "n": "i32", "s": "i32"})
# CHECK: error: {{.*}}: in strided_last: Tensor descriptor last dim must be 1 but got
expect_error(narrow_block, {"p": "*fp32", "n": "i32"})
# CHECK: error: {{.*}}Descriptor block shape must have at least 16 bytes in the last dimension, but got 2 * 4 = 8 bytes
expect_error(wrong_rank, {"d": "tensordesc<fp32[8, 8]>"})
# CHECK: error: {{.*}}a tensor descriptor of rank 2 takes 2 offsets, got 1


# The host class: upstream's checks, the signature and what the launcher
# passes (base, shape, strides).
class Array:
    def __init__(self, ptr, shape, dtype="torch.float16", size=2):
        self.ptr, self.shape, self.dtype, self.size = ptr, shape, dtype, size

    def data_ptr(self):
        return self.ptr

    def element_size(self):
        return self.size

    def stride(self):
        return (self.shape[1], 1)


d = TensorDescriptor.from_tensor(Array(4096, (128, 64)), [64, 32])
print(d.signature(), d.launch_arguments())
# CHECK: tensordesc<fp16[64, 32]> (['*fp16', 'i32', 'i32', 'i64', 'i64'], [<{{.*}}>, 128, 64, 64, 1])
for bad in (Array(4100, (128, 64)), Array(4096, (128, 60))):
    try:
        TensorDescriptor.from_tensor(bad, [64, 32])
    except ValueError as e:
        print("host:", e)
# CHECK: host: the base of a tensor descriptor must be 16-byte aligned
# CHECK: host: strides must be multiples of 16 bytes but the last; got 60 elements of 2 bytes
