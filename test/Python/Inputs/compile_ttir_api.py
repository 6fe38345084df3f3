"""tritondialect.compile_ttir's contract: located errors that name the
kernel, option checks, metadata, threads compiling at once (each
thread in its own MLIR context) giving the same PTX as one at a time, and
the pass managers a thread keeps between compiles giving the same IR in
any order and with every pass verified."""

import concurrent.futures
import sys

import tritondialect as t

corpus = sys.argv[1]
names = ["add_f32", "softmax_781", "layernorm_f16", "matmul_f16_128x128x32", "cumsum_rows", "atomics_int",
         "row_argmax", "casts"]
texts = {n: open(f"{corpus}/ttir/{n}.ttir").read() for n in names}

bad = """module {
  tt.func public @broken(%p: !tt.ptr<f32>) {
    %x = tt.load %p : !tt.ptr<i32>
    tt.return
  }
}
"""
try:
    t.compile_ttir(bad, source_name="broken.ttir")
except t.CompilationError as e:
    print("error kernel:", e.kernel)
    print("error:", e.diagnostics.splitlines()[0])

try:
    t.compile_ttir(texts["add_f32"], num_warps=3)
except t.CompilationError as e:
    print("bad option:", e.diagnostics.strip())

try:
    t.compile_ttir(texts["add_f32"], target="rocm:942")
except t.CompilationError as e:
    print("bad target:", e.diagnostics.strip())

try:
    t.compile_ttir(texts["add_f32"], warps=4)
except TypeError as e:
    print("TypeError:", e)

k = t.compile_ttir(texts["matmul_f16_128x128x32"], num_warps=4, num_stages=3, launch_pdl=True)
print("matmul:", k.metadata["name"], k.metadata["num_warps"], k.metadata["shared"] > 0, "wgmma" in k.ptx,
      "#ttg.nvidia_mma" in k.ttgir, "define" in k.llir)
k = t.compile_ttir(texts["add_f32"], target="cuda:80", keep_ir=False)
print("sm_80:", ".target sm_80" in k.ptx, repr(k.ttgir), repr(k.llir))

serial = {n: t.compile_ttir(texts[n]).ptx for n in names}
with concurrent.futures.ThreadPoolExecutor(4) as pool:
    parallel = dict(zip(names * 3, pool.map(lambda n: t.compile_ttir(texts[n]).ptx, names * 3)))
print("threads:", all(parallel[n] == serial[n] for n in names), len(serial))

# One thread keeps its pass managers between compiles: the same kernels in
# the reverse order, interleaved, and with verify_each (other pass
# managers) give the same IR.
def everything(k):
    return (k.ptx, k.ttgir, k.llir, sorted(k.metadata.items()))


first = {n: everything(t.compile_ttir(texts[n])) for n in names}
again = {n: everything(t.compile_ttir(texts[n])) for n in reversed(names)}
verified = {n: everything(t.compile_ttir(texts[n], verify_each=True)) for n in names}
print("kept pipelines:", all(again[n] == first[n] for n in names), all(verified[n] == first[n] for n in names))
try:
    t.compile_ttir(texts["add_f32"], verify_each=2)
except t.CompilationError as e:
    print("bad verify_each:", e.diagnostics.strip())

# Automatic warp specialization (an unmarked attention loop over host
# descriptors, 8 warps) and the option that turns it off; the pass managers
# kept for one must not serve the other.
import os

attention = open(os.path.join(os.path.dirname(__file__), "..", "..", "TritonGPU",
                              "warp-specialize-automatic.mlir")).read()
on = t.compile_ttir(attention, num_warps=8, num_stages=3)
off = t.compile_ttir(attention, num_warps=8, num_stages=3, automatic_warp_specialization=False)
print("automatic:", on.metadata["num_warps"], "setmaxnreg" in on.ptx, off.metadata["num_warps"], "setmaxnreg" in off.ptx)
