# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t.cache PYTHONPATH=%src_root/python-frontend-stub:%src_root/python-frontend-stub/examples %python %s | FileCheck %s
"""Whether the launch grid's x extent is even is part of a kernel's
specialization: the tutorial matmul (a wgmma loop on cuda:90) launched on a
grid of even x extent runs in 2-block clusters, on an odd one it does not, and each gets
its own PTX (a callable grid is evaluated with the constexprs first)."""

from matmul import matmul_kernel
import triton_stub


class Arr:
    def __init__(self, dtype="float16"):
        self.dtype = dtype

    def data_ptr(self):
        return 0x7f0000000000


def compiled(grid):
    return matmul_kernel.warmup(Arr(), Arr(), Arr(), 512, 512, 512, 512, 1, 512, 1, 512, 1,
                                grid=grid, BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=4,
                                num_stages=3)


even = compiled(lambda meta: (triton_stub.cdiv(512, meta["BLOCK_M"]), 4))
odd = compiled((3, 4))
none = matmul_kernel.warmup(Arr(), Arr(), Arr(), 512, 512, 512, 512, 1, 512, 1, 512, 1,
                            BLOCK_M=128, BLOCK_N=128, BLOCK_K=64, num_warps=4, num_stages=3)
print("even:", ".reqnctapercluster 2, 1, 1" in even.asm["ptx"], even.metadata.get("cluster_dims"))
print("odd:", ".reqnctapercluster" in odd.asm["ptx"], odd.metadata.get("cluster_dims"))
print("no grid:", ".reqnctapercluster" in none.asm["ptx"])
print("same kernel:", odd is none, even is odd)
# CHECK: even: True [2, 1, 1]
# CHECK: odd: False None
# CHECK: no grid: False
# CHECK: same kernel: True False
