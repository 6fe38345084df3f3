"""Our kernel and upstream's, timed in alternating rounds, with the GPU's
power and SM clock sampled during each round.

The harness's `check --kernel-time` times 50 back-to-back launches of ours,
then 50 of upstream's, once. On a GPU near its power limit the second batch
runs at other clocks than the first, and a 3 % difference can come from the
order alone. Here each round times both (the order alternates between
rounds, ours first on even rounds), so the paired ratio of each round
compares the two at the same moment, and the power and clock each kernel
ran at are recorded beside its time.

    python3 bench/interleaved.py --harness .gpu/conformance \
        --ptx-dir .gpu/out --only 'perf_matmul' --rounds 10 --json-out x.json

Kernel time is the harness's own measurement (CUPTI through torch.profiler,
median of 50 launches). Prints, per kernel: the median of the paired ratios
(upstream time / ours, > 1 is ours faster), their range, and the mean power
(W) and SM clock (MHz) during each kernel's batches.
"""
import argparse
import json
import os
import statistics
import sys
import threading
import time


class Sampler:
    """Samples power (W) and SM clock (MHz) through NVML while active."""

    def __init__(self):
        try:
            import pynvml
            pynvml.nvmlInit()
            self.nvml = pynvml
            self.handle = pynvml.nvmlDeviceGetHandleByIndex(
                int(os.environ.get("CUDA_VISIBLE_DEVICES", "0").split(",")[0] or 0))
        except Exception:  # no NVML: times only
            self.nvml = None
        self.samples = []
        self.stop = threading.Event()

    def __enter__(self):
        self.samples = []
        self.stop.clear()
        if self.nvml:
            self.thread = threading.Thread(target=self.run, daemon=True)
            self.thread.start()
        return self

    def run(self):
        n = self.nvml
        while not self.stop.is_set():
            self.samples.append((n.nvmlDeviceGetPowerUsage(self.handle) / 1000.0,
                                 n.nvmlDeviceGetClockInfo(self.handle, n.NVML_CLOCK_SM)))
            time.sleep(0.001)

    def __exit__(self, *exc):
        self.stop.set()
        if self.nvml:
            self.thread.join()

    def means(self):
        if not self.samples:
            return None, None
        return (statistics.mean(s[0] for s in self.samples),
                statistics.mean(s[1] for s in self.samples))


def launchers(h, torch, cupy, np, k, ptx_dir, corpus):
    """The harness's two launches of kernel `k` (upstream's, then ours)."""
    name = k["name"]
    meta = json.load(open(f"{ptx_dir}/{name}.meta.json"))
    targs = json.load(open(f"{corpus}/{name}.json"))["ttir_args"]
    vals, pos, kw = h.build_args(torch, k, 0)
    ref = lambda: k["fn"][tuple(k["grid"])](*pos, **kw, num_warps=k["num_warps"],
                                            num_stages=k["num_stages"])
    ref()
    vals2, _, _ = h.build_args(torch, k, 0)
    fn = cupy.RawModule(path=f"{ptx_dir}/{name}.ptx").get_function(meta.get("entry", name))
    smem = int(meta.get("shared_bytes", 0))
    if smem > 48 * 1024:
        fn.max_dynamic_shared_size_bytes = smem
    cargs = tuple(h.scalar_for(np, ty, vals2[n]) for n, ty in targs)
    cargs += (np.uint64(0),) * int(meta.get("extra_null_args", 0))
    grid = tuple(list(k["grid"]) + [1] * (3 - len(k["grid"])))
    block = (int(meta.get("num_warps", k["num_warps"])) * 32, 1, 1)
    ours = lambda: fn(grid, block, cargs, shared_mem=smem)
    return ref, ours, meta.get("entry", name)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--harness", required=True, help="conformance folder (harness.py, kernels_dev.py, ttir/)")
    p.add_argument("--ptx-dir", required=True)
    p.add_argument("--only", default="perf_matmul")
    p.add_argument("--rounds", type=int, default=10)
    p.add_argument("--json-out")
    ns = p.parse_args()
    sys.path.insert(0, ns.harness)
    import harness as h
    import numpy as np, torch, cupy
    import re
    kernels = [k for k in h.load_kernels(f"{ns.harness}/kernels_dev.py")
               if re.search(ns.only, k["name"])]
    sampler = Sampler()
    out = {"device": torch.cuda.get_device_name()}
    for k in kernels:
        ref, ours, entry = launchers(h, torch, cupy, np, k, ns.ptx_dir, f"{ns.harness}/ttir")
        rows = []
        for r in range(ns.rounds):
            order = [("ours", ours), ("upstream", ref)]
            if r % 2:
                order.reverse()
            row = {}
            for who, fn in order:
                with sampler:
                    us = h.kernel_us(torch, fn, entry)
                watts, mhz = sampler.means()
                row[who] = {"us": us, "watts": watts, "sm_mhz": mhz}
            row["ratio"] = row["upstream"]["us"] / row["ours"]["us"]
            rows.append(row)
        ratios = [r["ratio"] for r in rows]

        def mean_of(who, key):
            xs = [r[who][key] for r in rows if r[who][key] is not None]
            return statistics.mean(xs) if xs else None
        summary = {
            "ratio_median": statistics.median(ratios), "ratio_min": min(ratios),
            "ratio_max": max(ratios),
            "us_ours_median": statistics.median(r["ours"]["us"] for r in rows),
            "us_upstream_median": statistics.median(r["upstream"]["us"] for r in rows),
            "watts_ours": mean_of("ours", "watts"), "watts_upstream": mean_of("upstream", "watts"),
            "mhz_ours": mean_of("ours", "sm_mhz"), "mhz_upstream": mean_of("upstream", "sm_mhz"),
            "rounds": rows,
        }
        out[k["name"]] = summary
        fmt = lambda x, f: (f % x) if x is not None else "-"
        print(f"{k['name']:36s} paired x{summary['ratio_median']:.3f} "
              f"[{summary['ratio_min']:.3f}, {summary['ratio_max']:.3f}]  "
              f"{summary['us_ours_median']:.1f} vs {summary['us_upstream_median']:.1f} us  "
              f"power {fmt(summary['watts_ours'], '%.0f')} vs {fmt(summary['watts_upstream'], '%.0f')} W  "
              f"SM {fmt(summary['mhz_ours'], '%.0f')} vs {fmt(summary['mhz_upstream'], '%.0f')} MHz",
              flush=True)
    if ns.json_out:
        with open(ns.json_out, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
