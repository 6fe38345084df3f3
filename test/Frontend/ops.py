# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""tl.dot, tl.trans, tl.cumsum and atomics emit upstream's TTIR forms."""

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def ops(x_ptr, i_ptr, out_ptr):
    r = tl.arange(0, 32)
    offs = r[:, None] * 32 + r[None, :]
    x = tl.load(x_ptr + offs)
    acc = tl.dot(x, tl.trans(x))
    tl.store(out_ptr + offs, acc)
    tl.store(out_ptr + r, tl.cumsum(tl.load(x_ptr + r), axis=0))
    tl.atomic_add(out_ptr + r, 1.0)
    tl.atomic_max(i_ptr + r, 3, mask=r < 16)
    tl.atomic_cas(i_ptr, 0, 1)


print(triton_stub.compile(ops, signature={"x_ptr": "*fp32", "i_ptr": "*i32", "out_ptr": "*fp32"},
                          stages=("ttir",)).asm.emitted)

# CHECK-LABEL: tt.func public @ops
# CHECK: %[[X:.*]] = tt.load %{{.*}} : tensor<32x32x!tt.ptr<f32>>
# CHECK: %[[T:.*]] = tt.trans %[[X]] {order = array<i32: 1, 0>} : tensor<32x32xf32> -> tensor<32x32xf32>
# CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : tensor<32x32xf32>
# CHECK: tt.dot %[[X]], %[[T]], %[[Z]], inputPrecision = tf32 : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
# CHECK: "tt.scan"(%{{.*}}) <{axis = 0 : i32, reverse = false}> ({
# CHECK: arith.addf
# CHECK: tt.scan.return
# CHECK: }) : (tensor<32xf32>) -> tensor<32xf32>
# CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x!tt.ptr<f32>>, tensor<32xf32>, tensor<32xi1>) -> tensor<32xf32>
# CHECK: tt.atomic_rmw max, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
# CHECK: tt.atomic_cas acq_rel, gpu, %arg1, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32


@triton_stub.jit
def row_argmax(x_ptr, idx_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=-float("inf"))
    tl.store(idx_ptr + row, tl.argmax(x, axis=0))


print(triton_stub.compile(row_argmax, signature={"x_ptr": "*fp32", "idx_ptr": "*i32", "N": "i32"},
                          constexprs={"BLOCK": 256}, stages=("ttir",)).asm.emitted)

# As upstream's row_argmax in the corpus: value and index reduced together,
# ties to the smaller index.
# CHECK-LABEL: tt.func public @row_argmax
# CHECK: %[[X:.*]] = tt.load
# CHECK: %[[I:.*]] = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
# CHECK: %[[R:.*]]:2 = "tt.reduce"(%[[X]], %[[I]]) <{axis = 0 : i32}> ({
# CHECK: ^bb0(%[[A:.*]]: f32, %[[AI:.*]]: i32, %[[C:.*]]: f32, %[[CI:.*]]: i32):
# CHECK: %[[EQ:.*]] = arith.cmpf oeq, %[[A]], %[[C]] : f32
# CHECK: %[[LT:.*]] = arith.cmpi slt, %[[AI]], %[[CI]] : i32
# CHECK: %[[TIE:.*]] = arith.andi %[[EQ]], %[[LT]] : i1
# CHECK: %[[GT:.*]] = arith.cmpf ogt, %[[A]], %[[C]] : f32
# CHECK: %[[P:.*]] = arith.ori %[[GT]], %[[TIE]] : i1
# CHECK: tt.reduce.return
# CHECK: }) : (tensor<256xf32>, tensor<256xi32>) -> (f32, i32)
# CHECK: tt.store %{{.*}}, %[[R]]#1 : !tt.ptr<i32>


@triton_stub.jit
def cache_hints(x_ptr):
    r = tl.arange(0, 32)
    v = tl.load(x_ptr + r, cache_modifier=".cg", eviction_policy="evict_first")
    w = tl.load(x_ptr + r, volatile=True)
    tl.store(x_ptr + r, v + w, cache_modifier=".cs")


print(triton_stub.compile(cache_hints, signature={"x_ptr": "*fp32"}, stages=("ttir",)).asm.emitted)
# CHECK-LABEL: tt.func public @cache_hints
# CHECK: tt.load %{{.*}} cacheModifier = cg evictionPolicy = evict_first : tensor<32x!tt.ptr<f32>>
# CHECK: tt.load %{{.*}} {isVolatile = true} : tensor<32x!tt.ptr<f32>>
# CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = cs : tensor<32x!tt.ptr<f32>>


# Float atomic max/min as upstream: integer atomics on the bits, signed
# max (min) where the value is >= 0, unsigned min (max) where < 0; and the
# kernel compiles to PTX (tt.bitcast, scalar masks).
@triton_stub.jit
def float_atomics(p, x_ptr):
    offs = tl.arange(0, 128)
    x = tl.load(x_ptr + offs)
    old = tl.atomic_max(p + offs % 4, x)
    tl.atomic_min(p + 4, tl.max(x, axis=0))
    tl.store(x_ptr + offs, old)


k = triton_stub.compile(float_atomics, signature={"p": "*fp32", "x_ptr": "*fp32"},
                        stages=("ttir", "ptx"))
print(k.asm.emitted)
print("\n".join(line for line in k.asm["ptx"].split("\n") if "atom." in line))

# CHECK-LABEL: tt.func public @float_atomics
# CHECK: %[[IP:.*]] = tt.bitcast %{{.*}} : tensor<128x!tt.ptr<f32>> -> tensor<128x!tt.ptr<i32>>
# CHECK: %[[IV:.*]] = tt.bitcast %{{.*}} : tensor<128xf32> -> tensor<128xi32>
# CHECK: %[[POS:.*]] = arith.cmpf oge
# CHECK: %[[NEG:.*]] = arith.cmpf olt
# CHECK: tt.atomic_rmw max, acq_rel, gpu, %[[IP]], %[[IV]]
# CHECK: tt.atomic_rmw umin, acq_rel, gpu, %[[IP]], %[[IV]]
# CHECK: arith.select %[[POS]]
# CHECK: tt.bitcast %{{.*}} : tensor<128xi32> -> tensor<128xf32>
# CHECK: tt.atomic_rmw min, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i1) -> i32
# CHECK: tt.atomic_rmw umax, acq_rel, gpu
# CHECK: atom.global.gpu.acq_rel.max.s32
# CHECK: atom.global.gpu.acq_rel.min.u32
# CHECK: atom.global.gpu.acq_rel.min.s32
# CHECK: atom.global.gpu.acq_rel.max.u32


@triton_stub.jit
def fp8_dot(x_ptr, out_ptr, LIMIT: tl.constexpr):
    r = tl.arange(0, 64)
    offs = r[:, None] * 64 + r[None, :]
    x = tl.load(x_ptr + offs)
    tl.store(out_ptr + offs, tl.dot(x, x, max_num_imprecise_acc=LIMIT))


print(triton_stub.compile(fp8_dot, signature={"x_ptr": "*fp8e5", "out_ptr": "*fp32"},
                          constexprs={"LIMIT": 32}, stages=("ttir",)).asm.emitted)
try:
    triton_stub.compile(fp8_dot, signature={"x_ptr": "*fp8e5", "out_ptr": "*fp32"},
                        constexprs={"LIMIT": 128}, stages=("ttir",))
except Exception as e:
    print("error:", e)

# max_num_imprecise_acc reaches the TTIR as upstream's attribute, and a
# limit over K is refused with upstream's message.
# CHECK-LABEL: tt.func public @fp8_dot
# CHECK: tt.dot %{{.*}}, %{{.*}}, %{{.*}}, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x64xf8E5M2> * tensor<64x64xf8E5M2> -> tensor<64x64xf32>
# CHECK: error:
# CHECK: max_num_imprecise_acc (128) must be <= K (64)
