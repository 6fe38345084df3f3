# RUN: env TRITON_STUB_TOOLS=%triton_tools PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""Helpers marked noinline become private tt.funcs, one per argument types and
constexpr values, called with tt.call (tuples returned as several results);
the module goes through our pipeline with the call kept."""
import triton_stub
import triton_stub.language as tl

@triton_stub.jit(noinline=True)
def scale(x_ptr, o_ptr, pid, FACTOR: tl.constexpr, BLOCK: tl.constexpr):
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    tl.store(o_ptr + offs, tl.load(x_ptr + offs) * FACTOR)

@triton_stub.jit(noinline=True)
def twice(v):
    return v * 2, v + 1

@triton_stub.jit
def calls(x_ptr, o_ptr):
    pid = tl.program_id(0)
    scale(x_ptr, o_ptr, pid, 3.0, 256)
    a, c = twice(pid)
    tl.store(o_ptr + a, (a + c).to(tl.float32))

k = triton_stub.compile(calls, signature={"x_ptr": "*fp32", "o_ptr": "*fp32"})
print(k.asm.emitted)
print(k.asm["ttgir"])
# CHECK-LABEL: tt.func public @calls
# CHECK: %[[PID:.*]] = tt.get_program_id x : i32
# CHECK: tt.call @"[[SCALE:.*scale__.*FACTOR=3.0_BLOCK=256]]"(%arg0, %arg1, %[[PID]]) : (!tt.ptr<f32>, !tt.ptr<f32>, i32) -> ()
# CHECK: %[[T:.*]]:2 = tt.call @[[TWICE:.*twice__i32]](%[[PID]]) : (i32) -> (i32, i32)
# CHECK: arith.addi %[[T]]#0, %[[T]]#1 : i32
# CHECK: tt.func private @"[[SCALE]]"(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) attributes {noinline = true}
# CHECK: arith.mulf %{{.*}}, %{{.*}} : tensor<256xf32>
# CHECK: tt.func private @[[TWICE]](%arg0: i32) -> (i32, i32) attributes {noinline = true}
# CHECK: tt.return %{{.*}}, %{{.*}} : i32, i32
# TTGIR keeps the call and gives the callee layouts.
# CHECK: tt.call @"[[SCALE]]"
# CHECK: tt.func private @"[[SCALE]]"
# CHECK: tt.load %{{.*}} : tensor<256x!tt.ptr<f32>, #
