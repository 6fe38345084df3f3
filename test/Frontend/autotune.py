# RUN: env TRITON_STUB_TOOLS=%triton_tools TRITON_STUB_CACHE_DIR=%t PYTHONPATH=%src_root/python-frontend-stub %python %s | FileCheck %s
"""@triton.autotune, triton.Config, @triton.heuristics and
triton.next_power_of_2 as upstream spells them. warmup() compiles every
config (after pruning), the heuristics computing a meta-parameter from the
arguments and the config's own; the timing itself needs a GPU
(tests/gpu_tutorials.py)."""

import triton_stub as triton
import triton_stub.language as tl


class StandIn:
    def __init__(self, dtype):
        self.dtype = dtype

    def data_ptr(self):
        return 1 << 20


@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4),
                          triton.Config({"BLOCK": 1024}, num_warps=8, num_stages=2),
                          triton.Config({"BLOCK": 4096}, num_warps=8)],
                 key=["n"],
                 prune_configs_by={"early_config_prune":
                                   lambda configs, named, **kw: [c for c in configs
                                                                 if c.kwargs["BLOCK"] <= named["n"]]})
@triton.heuristics({"EVEN": lambda args: args["n"] % args["BLOCK"] == 0})
@triton.jit
def add_one(x_ptr, y_ptr, n, BLOCK: tl.constexpr, EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    if EVEN:
        tl.store(y_ptr + offs, tl.load(x_ptr + offs) + 1)
    else:
        m = offs < n
        tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=m) + 1, mask=m)


for n in (2048, 1000):
    for k in add_one.warmup(StandIn("float32"), StandIn("float32"), n):
        masked = "masked" if "arith.cmpi slt" in k.asm.emitted else "even"
        print(f"n={n} warps={k.metadata['num_warps']} {masked}")
# The 4096 config is pruned (BLOCK > n), 1024 divides 2048 but not 1000.
# CHECK: n=2048 warps=4 even
# CHECK-NEXT: n=2048 warps=8 even
# CHECK-NEXT: n=1000 warps=4 masked
# CHECK-NOT: n=
print(triton.next_power_of_2(1000), triton.next_power_of_2(1), triton.next_power_of_2(1024))
# CHECK: 1024 1 1024
print(triton.Config({"BLOCK": 64}, num_warps=2))
# CHECK: BLOCK: 64, num_warps: 2, num_stages: 3, num_ctas: 1
