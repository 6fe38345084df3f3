"""Tutorial 09's persistent matmul, 128x128x64 tiles, 4 warps (the
variants whose 4096^3 kernels get 2-block clusters: 2 stages flattened,
3 stages nested), with clusters (CACHE) and with the directives removed
(NOCL, the same cache edited), timed in interleaved rounds beside
upstream's kernels of the same config; outputs checked exactly first.

    python3 persistent_clusters.py CACHE NOCL     (GPU machine, repo root)
"""
import os
import statistics
import sys
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT / "bench"))
import persistent_matmul as pm  # noqa: E402


def main(cache, nocl):
    import torch
    M = N = K = 4096
    g = torch.Generator(device="cuda").manual_seed(1)
    a = torch.randint(-2, 3, (M, K), device="cuda", generator=g).half()
    b = torch.randint(-2, 3, (K, N), device="cuda", generator=g).half()
    want = (a.float() @ b.float()).half()
    c = torch.empty(M, N, device="cuda", dtype=torch.float16)
    up = pm.load_kernels(True)
    kernels = {}
    for tag, path in (("clusters", cache), ("none", nocl)):
        os.environ["TRITON_STUB_CACHE_DIR"] = str(Path(path).resolve())
        kernels[tag] = pm.load_kernels(False)
    cands = {}
    for stages, flatten in ((2, True), (3, False)):
        name = f"s{stages} {'flattened' if flatten else 'nested'}"
        cands[f"upstream {name}"] = (up, stages, flatten)
        for tag in ("clusters", "none"):
            cands[f"ours {name} {tag}"] = (kernels[tag], stages, flatten)
    fns = {}
    for who, (kern, stages, flatten) in cands.items():
        if "clusters" in who:
            os.environ["TRITON_STUB_CACHE_DIR"] = str(Path(cache).resolve())
        elif "none" in who:
            os.environ["TRITON_STUB_CACHE_DIR"] = str(Path(nocl).resolve())
        c.fill_(float("nan"))
        pm.persistent(kern, pm.launch, a, b, c, M, N, K, pm.SMALL, 4, stages, flatten)
        torch.cuda.synchronize()
        print(f"{who:32s} {'exact' if torch.equal(c, want) else 'MISMATCH'}")
        fns[who] = (lambda kern=kern, stages=stages, flatten=flatten:
                    pm.persistent(kern, pm.launch, a, b, c, M, N, K, pm.SMALL, 4, stages, flatten))
    rounds = pm.time_rounds(torch, fns)
    print("4096^3 f16, kernel time, median of 6 interleaved rounds of 20 launches:")
    for who, ts in rounds.items():
        print(f"  {who:32s} {statistics.median(ts):8.1f} us  [{min(ts):.1f}, {max(ts):.1f}]")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
