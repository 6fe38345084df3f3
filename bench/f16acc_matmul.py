"""Tutorial 03's matmul accumulating in f16 (`tl.dot(..., out_dtype=
tl.float16)`, tensor cores accumulating in f16) through our compiler and
upstream's, on the GPU.

    python3 bench/f16acc_matmul.py prepare CACHE   # here: compile to CACHE
    python3 bench/f16acc_matmul.py run CACHE       # GPU machine

`run` checks ours and upstream's bit for bit against an f32 reference on
small integers (every partial sum exact in f16; K = 0, K below one block,
M, N, K not multiples of the blocks; num_stages 1 to 4), then times the
4096^3 problem as the harness's --kernel-time does, in interleaved rounds:
ours and upstream's with f16 and with f32 accumulators.
"""
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from persistent_matmul import (cli, launch, load_kernels, per_tile, stand_ins,  # noqa: E402
                               time_rounds, warm)

BIG = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=256, BLOCK_SIZE_K=64, GROUP_SIZE_M=8)
SMALL = dict(BLOCK_SIZE_M=128, BLOCK_SIZE_N=128, BLOCK_SIZE_K=32, GROUP_SIZE_M=8)
# (config, num_warps, num_stages): tutorial 03's H100 configs first.
VARIANTS = [(BIG, 8, 3), (SMALL, 4, 4)] + [(SMALL, 4, s) for s in (1, 2, 3)]
SHAPES = [(512, 512, 512), (300, 520, 200), (256, 512, 0), (256, 512, 24), (1000, 1000, 336),
          (4096, 4096, 4096)]


def matmul(kern, launch, a, b, c, M, N, K, cfg, warps, stages, f16):
    per_tile(kern, launch, a, b, c, M, N, K, cfg, warps, stages, ACC_F16=f16)


def prepare(cache):
    ours = load_kernels(False)
    for M, N, K in SHAPES:
        a, b, c = stand_ins(M, N, K)
        for cfg, warps, stages in VARIANTS:
            matmul(ours, warm, a, b, c, M, N, K, cfg, warps, stages, True)
    a, b, c = stand_ins(4096, 4096, 4096)
    for cfg, warps, stages in VARIANTS[:2]:
        matmul(ours, warm, a, b, c, 4096, 4096, 4096, cfg, warps, stages, False)
    print("compiled into", cache)


def run():
    import torch
    print(torch.cuda.get_device_name())
    ours, up = load_kernels(False), load_kernels(True)
    failed = 0
    for M, N, K in SHAPES:
        g = torch.Generator(device="cuda").manual_seed(M + N + K)
        # K = 4096 sums reach 2^14: smaller integers keep them exact in f16.
        hi = 2 if K <= 512 else 1
        a = torch.randint(-hi, hi + 1, (M, K), device="cuda", generator=g).half()
        b = torch.randint(-hi, hi + 1, (K, N), device="cuda", generator=g).half()
        want = (a.float() @ b.float()).half()
        for cfg, warps, stages in VARIANTS:
            for who, kern in (("ours", ours), ("upstream", up)):
                c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
                matmul(kern, launch, a, b, c, M, N, K, cfg, warps, stages, True)
                torch.cuda.synchronize()
                ok = torch.equal(c, want)
                failed += not ok
                if not ok or who == "ours":
                    print(f"{M}x{N}x{K} {cfg['BLOCK_SIZE_N']}x{cfg['BLOCK_SIZE_K']} "
                          f"stages={stages} {who}: {'exact' if ok else 'MISMATCH'}")
    print(f"correctness: {failed} mismatches")

    M = N = K = 4096
    a = torch.randn(M, K, device="cuda", dtype=torch.float16) / 8
    b = torch.randn(K, N, device="cuda", dtype=torch.float16) / 8
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    cands = {}
    for cfg, warps, stages in VARIANTS[:2]:
        tag = f"{cfg['BLOCK_SIZE_N']}x{cfg['BLOCK_SIZE_K']}"
        for who, kern in (("ours", ours), ("upstream", up)):
            for f16 in (True, False):
                cands[f"{who} {tag} {'f16' if f16 else 'f32'} acc"] = (
                    lambda kern=kern, cfg=cfg, warps=warps, stages=stages, f16=f16: matmul(
                        kern, launch, a, b, c, M, N, K, cfg, warps, stages, f16))
    rounds = time_rounds(torch, cands)
    flop = 2 * M * N * K
    print("4096^3 f16 inputs, kernel time, median of 6 interleaved rounds of 20 launches:")
    for k, ts in rounds.items():
        us = statistics.median(ts)
        mate = k.replace("ours", "upstream") if k.startswith("ours") else None
        ratio = (f"  upstream / ours = {statistics.median(rounds[mate]) / us:.3f}"
                 if mate else "")
        print(f"  {k:28s} {us:8.1f} us  {flop / us / 1e6:6.0f} TFLOP/s  "
              f"[{min(ts):.1f}, {max(ts):.1f}]{ratio}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(cli(prepare, lambda flags: run()))
