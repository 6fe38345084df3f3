"""cuBLAS (torch.matmul) on the perf matmul's problem, 4096^3 f16 with f32
accumulation and f16 output, timed like the harness's --kernel-time: device
time of the kernels alone (CUPTI through torch.profiler), median of runs,
random inputs. Prints TFLOP/s and the kernel names cuBLAS picked."""
import statistics
import torch
from torch.profiler import ProfilerActivity, profile

M = N = K = 4096
a = torch.randn(M, K, device="cuda", dtype=torch.float16)
b = torch.randn(K, N, device="cuda", dtype=torch.float16)
for _ in range(10):
    c = a @ b
torch.cuda.synchronize()
times, names = [], set()
for _ in range(5):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(20):
            c = a @ b
        torch.cuda.synchronize()
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA and not e.name.startswith("Memset"):
            times.append(e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total)
            names.add(e.name[:90])
us = statistics.median(times)
print(torch.cuda.get_device_name(), "cuBLAS 4096^3 f16: %.1f us, %.0f TFLOP/s" % (us, 2 * M * N * K / us / 1e6))
for n in sorted(names):
    print("  kernel:", n)
ref = (a.float() @ b.float()).half()
print("max abs err vs f32 reference: %.3g" % (c.float() - ref.float()).abs().max().item())
