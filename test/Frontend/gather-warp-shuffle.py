# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub:%src_root/python-frontend-stub/tests:%src_root/bench %python %s | FileCheck %s
"""Upstream's test_gather_warp_shuffle, up to the launch: its kernel's
TTGIR has the gather marked `efficient_layout` (tritongpu-optimize-thread-
locality), in the form its regular expression rewrites; the rewritten file
(upstream's linear layouts injected) compiles with triton.compile(path) to
LLVM IR with warp shuffles and to PTX. The kernel is upstream's, from
bench/gather_kernels.py (which also runs it on the GPU)."""

import re
import sys
import tempfile
from pathlib import Path

import triton_stub as triton
from gather_kernels import gather_test_kernel  # upstream's kernel, as it is there
from gpu_features import StandIn


CASES = [
    ([32, 16], [32, 16], 0,
     "linear<{register = [[0, 2], [2, 0]], lane = [[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]], warp = [[0, 1], [0, 4]], block = []}>",
     "linear<{register = [[2, 0], [0, 2]], lane = [[0, 8], [16, 0], [1, 0], [8, 0], [4, 0]], warp = [[0, 1], [0, 4]], block = []}>"),
    ([128, 64], [256, 64], 0,
     "linear<{register = [[0, 2], [32, 0], [2, 0], [0, 16], [0, 32], [64, 0]], lane = [[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]], warp = [[0, 1], [0, 4]], block = []}>",
     "linear<{register = [[0, 2], [32, 0], [0, 32], [2, 0], [0, 16], [64, 0], [128, 0]], lane = [[0, 8], [8, 0], [1, 0], [4, 0], [16, 0]], warp = [[0, 1], [0, 4]], block = []}>"),
]


def inject_layout(ir, src_shape, idx_shape, axis, src_layout, idx_layout):
    """Upstream's rewrite, word for word in what it matches."""
    ir = f"#src_layout = #ttg.{src_layout}\n#idx_layout = #ttg.{idx_layout}\n{ir}"
    src_spec = f"{src_shape[0]}x{src_shape[1]}xf32"
    indices_spec = f"{idx_shape[0]}x{idx_shape[1]}xi64"
    output_spec = f"{idx_shape[0]}x{idx_shape[1]}xf32"
    pat = r"(%[0-9]+) = tt.gather (%[0-9]+)\[(%[0-9]+)\] {axis = " + str(axis)
    pat += r" : i32, efficient_layout} : \(tensor\<" + src_spec
    pat += r", (#[a-z]+[0-9]+)\>, tensor\<" + indices_spec
    pat += r", (#[a-z]+[0-9]+)\>\) -> tensor\<" + output_spec + r", (#[a-z]+[0-9]+)\>"
    repl = (r"""
    %src = ttg.convert_layout \2 : tensor<""" + src_spec + r""", \4> -> tensor<""" + src_spec + r""", #src_layout>
    %idx = ttg.convert_layout \3 : tensor<""" + indices_spec + r""", \5> -> tensor<""" + indices_spec + r""", #idx_layout>
    %out = tt.gather %src[%idx] {axis = """ + str(axis) + r""" : i32, efficient_layout} : (tensor<""" + src_spec + r""", #src_layout>, tensor<""" + indices_spec + r""", #idx_layout>) -> tensor<""" + output_spec + r""", #idx_layout>
    \1 = ttg.convert_layout %out : tensor<""" + output_spec + r""", #idx_layout> -> tensor<""" + output_spec + r""", \6>""")
    return re.sub(pat, repl, ir)


tmp = Path(tempfile.mkdtemp())
for k, (src_shape, idx_shape, axis, src_layout, idx_layout) in enumerate(CASES):
    src, idx = StandIn(src_shape, "float32"), StandIn(idx_shape, "int64")
    out = StandIn(idx_shape, "float32")
    compiled = gather_test_kernel.warmup(src, idx, out, axis, src_shape[0], src_shape[1],
                                         src_shape[1], 1, idx_shape[0], idx_shape[1],
                                         idx_shape[1], 1, idx_shape[0], idx_shape[1],
                                         idx_shape[1], 1, grid=(1,))
    ir = compiled.asm["ttgir"]
    new_ir = inject_layout(ir, src_shape, idx_shape, axis, src_layout, idx_layout)
    print(f"case {k}: rewritten {new_ir != ir}")
    path = tmp / f"test_warp_gather{k}.ttgir"
    path.write_text(new_ir)
    kernel = triton.compile(str(path))
    print(f"case {k}: shuffles {'nvvm.shfl.sync.idx' in kernel.asm['llir']}, "
          f"ptx {'.entry gather_test_kernel' in kernel.asm['ptx']}")
sys.stdout.flush()
# CHECK: case 0: rewritten True
# CHECK: case 0: shuffles True, ptx True
# CHECK: case 1: rewritten True
# CHECK: case 1: shuffles True, ptx True
