# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""triton_stub.compile gives every stage by default, as upstream's
triton.compile: asm["ttir"], ["ttgir"], ["llir"] and ["ptx"]; `stages`
picks some, and an unknown stage is an error."""

import os

import triton_stub
import triton_stub.language as tl


@triton_stub.jit
def double(x_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    tl.store(x_ptr + r, tl.load(x_ptr + r) * 2)


k = k_double = triton_stub.compile(double, signature={"x_ptr": "*fp32"}, constexprs={"BLOCK": 128})
print(sorted(k.asm))
print("ttgir:", "#ttg.blocked" in k.asm["ttgir"])
print("llir:", "define" in k.asm["llir"] and "@double" in k.asm["llir"])
print("ptx:", ".entry double" in k.asm["ptx"])
# CHECK: ['llir', 'ptx', 'ttgir', 'ttir']
# CHECK-NEXT: ttgir: True
# CHECK-NEXT: llir: True
# CHECK-NEXT: ptx: True
# asm["ttir"] is after the TTIR stage's passes (--triton-ttir-pipeline), as
# upstream's is after make_ttir: x * 1 is folded away. asm.emitted is what
# the frontend emitted, the multiply still there.


@triton_stub.jit
def twice(x):
    return x * 1 + x


@triton_stub.jit
def double_call(x_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    tl.store(x_ptr + r, twice(tl.load(x_ptr + r)))


k = triton_stub.compile(double_call, signature={"x_ptr": "*fp32"}, constexprs={"BLOCK": 128})
print("ttir:", "arith.mulf" in k.asm["ttir"], "arith.addf" in k.asm["ttir"])
print("emitted:", "arith.mulf" in k.asm.emitted, "arith.addf" in k.asm.emitted)
# CHECK-NEXT: ttir: False True
# CHECK-NEXT: emitted: True True
# The PTX's line info names this file: the Python locations reach it.
print("ptx file:", any(".file" in line and "compile-stages.py" in line
                       for line in k.asm["ptx"].splitlines()))
# CHECK-NEXT: ptx file: True
ttir_only = triton_stub.compile(double, signature={"x_ptr": "*fp32"}, constexprs={"BLOCK": 128},
                                stages=("ttir",))
print(sorted(ttir_only.asm))
# CHECK-NEXT: ['ttir']
# PTX read later comes from the same cache entry as the full compile's.
entries = sorted(os.listdir(os.environ["TRITON_STUB_CACHE_DIR"]))
print("same ptx:", ttir_only.asm["ptx"] == k_double.asm["ptx"],
      "cache entries:", sorted(os.listdir(os.environ["TRITON_STUB_CACHE_DIR"])) == entries)
# CHECK-NEXT: same ptx: True cache entries: True
try:
    triton_stub.compile(double, signature={"x_ptr": "*fp32"}, constexprs={"BLOCK": 128},
                        stages=("sass",))
except ValueError as e:
    print(e)
# CHECK-NEXT: unknown stages ['sass']
