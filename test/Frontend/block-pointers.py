# RUN: rm -rf %t && mkdir -p %t && env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t/cache PYTHONPATH=%src_root/python-frontend-stub %python %s %t | FileCheck %s
# RUN: %if ptxas %{ %ptxas -arch=sm_90a %t/block_matmul.ptx -o /dev/null %}
"""Block pointers as upstream's tutorial 08 writes them: tl.make_block_ptr
(shape and strides as i64, offsets as i32), tl.advance in the loop,
boundary_check and padding_option on loads and stores; through to PTX with
the dot on wgmma. Errors are located CompilationErrors."""

import sys

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def block_matmul(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk,
                 stride_bn, stride_cm, stride_cn, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    a_block = tl.make_block_ptr(base=a_ptr, shape=(M, K), strides=(stride_am, stride_ak),
                                offsets=(pid_m * BLOCK_M, 0), block_shape=(BLOCK_M, BLOCK_K),
                                order=(1, 0))
    b_block = tl.make_block_ptr(base=b_ptr, shape=(K, N), strides=(stride_bk, stride_bn),
                                offsets=(0, pid_n * BLOCK_N), block_shape=(BLOCK_K, BLOCK_N),
                                order=(1, 0))
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_block, boundary_check=(0, 1))
        b = tl.load(b_block, boundary_check=(0, 1), padding_option="zero")
        acc += tl.dot(a, b)
        a_block = tl.advance(a_block, (0, BLOCK_K))
        b_block = tl.advance(b_block, (BLOCK_K, 0))
    c_block = tl.make_block_ptr(base=c_ptr, shape=(M, N), strides=(stride_cm, stride_cn),
                                offsets=(pid_m * BLOCK_M, pid_n * BLOCK_N),
                                block_shape=(BLOCK_M, BLOCK_N), order=(1, 0))
    tl.store(c_block, acc.to(tl.float16), boundary_check=(0, 1))


SIG = {n: "i32" for n in ("M", "N", "K", "stride_am", "stride_ak", "stride_bk",
                          "stride_bn", "stride_cm", "stride_cn")}
SIG.update(a_ptr="*fp16", b_ptr="*fp16", c_ptr="*fp16")
k = triton_stub.compile(block_matmul, signature=SIG,
                        constexprs={"BLOCK_M": 64, "BLOCK_N": 64, "BLOCK_K": 32},
                        stages=("ttir", "ptx"))
print(k.asm.emitted)
# CHECK-LABEL: tt.func public @block_matmul
# CHECK: %[[AM:.*]] = arith.extsi %arg3 : i32 to i64
# CHECK: tt.make_tensor_ptr %arg0, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<64x32xf16>>
# CHECK: tt.make_tensor_ptr %arg1, {{.*}} : <tensor<32x64xf16>>
# CHECK: scf.for {{.*}} -> (tensor<64x64xf32>, !tt.ptr<tensor<64x32xf16>>, !tt.ptr<tensor<32x64xf16>>)
# CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x32xf16>>
# CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<32x64xf16>>
# CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<64x32xf16>>
# CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<64x64xf16>>
(open(f"{sys.argv[1]}/block_matmul.ptx", "w")).write(k.asm["ptx"])
print("wgmma:", "wgmma.mma_async" in k.asm["ptx"])
# CHECK: wgmma: True


def expect_error(fn, sig, constexprs=None):
    try:
        triton_stub.compile(fn, signature=sig, constexprs=constexprs or {}, stages=("ttir",))
    except triton_stub.CompilationError as e:
        print("error:", str(e).splitlines()[0])


@triton_stub.jit
def masked_block(p):
    b = tl.make_block_ptr(p, (16,), (1,), (0,), (16,), (0,))
    tl.load(b, mask=tl.arange(0, 16) < 4)


@triton_stub.jit
def bad_check(p):
    b = tl.make_block_ptr(p, (16,), (1,), (0,), (16,), (0,))
    tl.load(b, boundary_check=(1,))


@triton_stub.jit
def check_on_plain(p):
    tl.load(p + tl.arange(0, 16), boundary_check=(0,))


@triton_stub.jit
def nan_int(p):
    b = tl.make_block_ptr(p, (16,), (1,), (0,), (16,), (0,))
    tl.load(b, boundary_check=(0,), padding_option="nan")


expect_error(masked_block, {"p": "*fp32"})
# CHECK: error: {{.*}}block-pointers.py:[[#@LINE-21]]: in masked_block: loads through a block pointer take boundary_check and padding_option, not mask and other
expect_error(bad_check, {"p": "*fp32"})
# CHECK: error: {{.*}}boundary_check dimension 1 is out of range for a block of rank 1
expect_error(check_on_plain, {"p": "*fp32"})
# CHECK: error: {{.*}}boundary_check and padding_option are for block pointers (tl.make_block_ptr)
expect_error(nan_int, {"p": "*i32"})
# CHECK: error: {{.*}}padding_option='nan' needs floating-point elements
