"""Memory-bound perf kernels against the copy bandwidth, in one run.

Measures a device-to-device copy (1 GiB read + 1 GiB written, random data)
with the harness's kernel timing (CUPTI through torch.profiler, median),
then reads a harness --kernel-time JSON written in the same call and prints
each memory-bound perf kernel's bytes (the spec's bytes_moved) over its
kernel time, as a fraction of the copy's.
Usage: python3 bench/copy_fraction.py KERNELS_PY RESULTS_JSON"""
import importlib.util
import json
import statistics
import sys

import torch
from torch.profiler import ProfilerActivity, profile


def copy_bandwidth(nbytes=1 << 30):
    src = torch.randn(nbytes // 4, device="cuda")
    dst = torch.empty_like(src)
    for _ in range(5):
        dst.copy_(src)
    torch.cuda.synchronize()
    times = []
    for _ in range(5):
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(10):
                dst.copy_(src)
            torch.cuda.synchronize()
        times += [e.device_time_total for e in prof.events()
                  if e.device_type == torch.autograd.DeviceType.CUDA]
    us = statistics.median(times)
    return 2 * nbytes / us / 1e6  # TB/s


def main():
    spec = importlib.util.spec_from_file_location("k", sys.argv[1])
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    results = json.load(open(sys.argv[2]))
    bw = copy_bandwidth()
    print(f"{torch.cuda.get_device_name()}: copy {bw:.2f} TB/s (read + write)")
    for k in mod.KERNELS:
        name = k["name"]
        if not k.get("bytes_moved") or name not in results:
            continue
        r = results[name]
        ours = k["bytes_moved"] / r["kernel_us_ours"] / 1e6
        up = k["bytes_moved"] / r["kernel_us_upstream"] / 1e6
        print(f"{name:28s} ours {ours:.2f} TB/s = {100 * ours / bw:.1f} % of copy"
              f"   upstream {up:.2f} TB/s = {100 * up / bw:.1f} %")


if __name__ == "__main__":
    main()
