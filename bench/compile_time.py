#!/usr/bin/env python3
"""Compile time of upstream Triton 3.6 with and without TritonDialect, per
corpus kernel, on the machine it runs on.

    python3 bench/compile_time.py CORPUS_TTIR_DIR [--rounds 3]

Each kernel's TTIR file goes through `triton.compile` (its stages after
`ttir`, cache bypassed) for cuda:90 with the num_warps/num_stages of its
JSON: first with upstream's stages, then with tritondialect installed (our
whole pipeline runs in the `ttgir` stage, in-process). Stage times come from
upstream's compilation listener; TTIR->PTX is every stage before `cubin`,
TTIR->cubin adds ptxas (the same program for both) and the time spent in
the stages hook, where tritondialect starts ptxas early (upstream has no
hook: 0). `wall` is the whole triton.compile call, with the work both
compilers share (parsing the TTIR file, metadata, cache files). Best of
--rounds. Prints one line per kernel and the median ratios (ours /
upstream: below 1 is faster).
"""

import argparse
import glob
import json
import os
import statistics
import sys
import time


def compile_times(path, options, rounds):
    import triton
    from triton.backends.compiler import GPUTarget
    times = []

    def listener(**kw):
        times.append(kw["times"])

    hook = triton.knobs.runtime.add_stages_inspection_hook
    hook_time = [0.0]

    def timed_hook(*args, **kwargs):
        start = time.perf_counter()
        try:
            return hook(*args, **kwargs)
        finally:
            if args or kwargs.get("backend") is not None:  # not the cache-key call
                hook_time[0] += time.perf_counter() - start

    triton.knobs.compilation.listener = listener
    triton.knobs.compilation.always_compile = True
    if hook is not None:
        triton.knobs.runtime.add_stages_inspection_hook = timed_hook
    best_ptx = best_cubin = best_wall = float("inf")
    try:
        for _ in range(rounds):
            times.clear()
            hook_time[0] = 0.0
            start = time.perf_counter()
            triton.compile(path, target=GPUTarget("cuda", 90, 32), options=dict(options))
            best_wall = min(best_wall, time.perf_counter() - start)
            stages = dict(times[-1].lowering_stages)
            ptx = sum(t for s, t in stages.items() if s != "cubin") / 1e6 + hook_time[0]  # us -> s
            best_ptx = min(best_ptx, ptx)
            best_cubin = min(best_cubin, ptx + stages.get("cubin", 0) / 1e6)
    finally:
        triton.knobs.runtime.add_stages_inspection_hook = hook
    return best_ptx, best_cubin, best_wall


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json-out")
    args = parser.parse_args()
    kernels = sorted(glob.glob(os.path.join(args.corpus, "*.ttir")))
    specs = {}
    for k in kernels:
        try:
            spec = json.load(open(k[:-5] + ".json"))
        except OSError:
            spec = {}
        specs[k] = {"num_warps": spec.get("num_warps", 4), "num_stages": spec.get("num_stages", 3)}
    import tritondialect
    results = {}
    for k in kernels:  # kernel by kernel, so that drift on the host hits both alike
        tritondialect.uninstall()
        results[k] = {"upstream": compile_times(k, specs[k], args.rounds)}
        tritondialect.install(strict=True)
        results[k]["ours"] = compile_times(k, specs[k], args.rounds)
    print(f"{'kernel':40} {'up ptx ms':>10} {'ours ms':>9} {'ratio':>6} {'up cubin':>9} {'ours':>9} {'ratio':>6}"
          f" {'up wall':>9} {'ours':>9} {'ratio':>6}")
    ptx_ratios, cubin_ratios, wall_ratios = [], [], []
    for k, r in results.items():
        (up_p, up_c, up_w), (our_p, our_c, our_w) = r["upstream"], r["ours"]
        ptx_ratios.append(our_p / up_p)
        cubin_ratios.append(our_c / up_c)
        wall_ratios.append(our_w / up_w)
        print(f"{os.path.basename(k)[:-5]:40} {up_p * 1e3:10.1f} {our_p * 1e3:9.1f} {our_p / up_p:6.2f} "
              f"{up_c * 1e3:9.1f} {our_c * 1e3:9.1f} {our_c / up_c:6.2f} "
              f"{up_w * 1e3:9.1f} {our_w * 1e3:9.1f} {our_w / up_w:6.2f}")
    print(f"median ours/upstream: TTIR->PTX {statistics.median(ptx_ratios):.2f}, "
          f"TTIR->cubin {statistics.median(cubin_ratios):.2f}, "
          f"triton.compile wall {statistics.median(wall_ratios):.2f} ({len(kernels)} kernels)")
    try:
        from tritondialect import upstream
        print("tritondialect:", upstream.stats())
    except ImportError:
        pass
    if args.json_out:
        json.dump({os.path.basename(k): v for k, v in results.items()}, open(args.json_out, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
