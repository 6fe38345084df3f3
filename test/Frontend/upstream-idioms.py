# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""Idioms of upstream's tutorials (06 fused attention, 08 grouped GEMM):
tl.multiple_of on a loop's induction variable (nothing carries the hint;
upstream drops hints on arguments too, and the loop bounds give it),
tl.assume (tutorial 03: llvm.intr.assume), tl.where with two Python scalars (promoted together: int 0 and float
-1e6 give f32), `ptr.type.element_ty`, `x.numel`, `x.ndim`, and tensor
descriptors made inside a loop and an if, used in a while."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def idioms(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    tl.assume(n > 0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    offs = tl.arange(0, BLOCK)
    for start in range(0, n, BLOCK):
        start = tl.multiple_of(start, BLOCK)
        x = tl.load(x_ptr + start + offs)
        acc += tl.where(x > 0, 0, -1.0e6)
    tl.static_assert(acc.numel == BLOCK and acc.ndim == 1)
    tl.store(out_ptr + offs, acc.to(out_ptr.type.element_ty))


k = triton_stub.compile(idioms, signature={"x_ptr": "*fp32", "out_ptr": "*fp16", "n": "i32"},
                        constexprs={"BLOCK": 128}, stages=("ttir", "ptx"))
print(k.asm.emitted)
# CHECK-LABEL: tt.func public @idioms
# CHECK: %[[POS:.*]] = arith.cmpi sgt, %arg2, %{{.*}} : i32
# CHECK: llvm.intr.assume %[[POS]] : i1
# CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<128xi1>, tensor<128xf32>
# CHECK: arith.truncf %{{.*}} : tensor<128xf32> to tensor<128xf16>


@triton_stub.jit
def grouped(a_ptrs, c_ptrs, sizes, group_size, NUM_SM: tl.constexpr, BM: tl.constexpr,
            BK: tl.constexpr):
    tile = tl.program_id(0)
    end = 0
    for g in range(group_size):
        m = tl.load(sizes + 2 * g)
        k = tl.load(sizes + 2 * g + 1)
        tiles = tl.cdiv(m, BM)
        if tile >= end and tile < end + tiles:
            a = tl.make_tensor_descriptor(tl.load(a_ptrs + g).to(tl.pointer_type(tl.float16)),
                                          shape=[m, k], strides=[k, 1], block_shape=[BM, BK])
            c = tl.make_tensor_descriptor(tl.load(c_ptrs + g).to(tl.pointer_type(tl.float16)),
                                          shape=[m, k], strides=[k, 1], block_shape=[BM, BK])
            while tile >= end and tile < end + tiles:
                c.store([(tile - end) * BM, 0], a.load([(tile - end) * BM, 0]) * 2)
                tile += NUM_SM
        end = end + tiles


k = triton_stub.compile(grouped, signature={"a_ptrs": "*i64", "c_ptrs": "*i64", "sizes": "*i32",
                                            "group_size": "i32"},
                        constexprs={"NUM_SM": 132, "BM": 64, "BK": 64}, stages=("ttir", "ptx"))
print(k.asm.emitted)
# CHECK-LABEL: tt.func public @grouped
# CHECK: scf.for
# CHECK: scf.if
# CHECK: tt.make_tensor_descriptor
# CHECK: scf.while
# CHECK: tt.descriptor_load
# CHECK: tt.descriptor_store
print("ptx:", ".entry grouped" in k.asm["ptx"])
# CHECK: ptx: True
