"""Time tma_ptx.py's variants of the 128x128x32 matmul against our cp.async
PTX and upstream Triton's kernel (4096^3 f16), interleaved rounds, CUPTI
kernel time; check every variant exactly (integer-valued inputs).

usage: tma_run.py HARNESS_DIR PTX_DIR VARIANTS [ROUNDS] [--dump] [--k K]
ROUNDS 0: the checks only, two launches of each variant (for ncu).
VARIANTS: comma list of up (upstream), cp (PTX_DIR/cpasync.ptx), nobar1
(PTX_DIR/nobar1.ptx), tma1dev* (PTX_DIR/tma1dev*.ptx: tensor maps made on
the device), tmaC or tmaC:pP (PTX_DIR/tmaC.ptx, tensor maps made here with L2
promotion P: 0 none, 1 64B, 2 128B, 3 256B; default 2); tmaCne: PTX_DIR/tmaCne.ptx
(tma_ptx.py's noempty); tma1c2, cpc2: tma1.ptx, cpasync.ptx with
.reqnctapercluster 2 added (clusters without multicast).
"""
import ctypes
import os
import statistics
import sys

import numpy as np
import cupy
import torch

HD, PD, VARIANTS = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
ROUNDS = int(sys.argv[4]) if len(sys.argv) > 4 and sys.argv[4].isdigit() else 6
sys.path.insert(0, HD)
import harness  # noqa: E402

K = [k for k in harness.load_kernels(f"{HD}/kernels_dev.py")
     if k["name"] == "perf_matmul_f16_4096_128x128x32"][0]
M = N = 4096
KK = int(sys.argv[sys.argv.index("--k") + 1]) if "--k" in sys.argv else 4096
libcuda = ctypes.CDLL("libcuda.so.1")


def tensor_map(t, dims, row_bytes, box, swizzle, promo):
    raw = np.zeros(256, np.uint8)
    off = (-raw.ctypes.data) % 64
    u64, u32 = ctypes.c_uint64, ctypes.c_uint32
    rc = libcuda.cuTensorMapEncodeTiled(
        ctypes.c_void_p(raw.ctypes.data + off), ctypes.c_int(6), u32(2), ctypes.c_void_p(t.data_ptr()),
        (u64 * 2)(*dims), (u64 * 1)(row_bytes), (u32 * 2)(*box), (u32 * 2)(1, 1), ctypes.c_int(0),
        ctypes.c_int(swizzle), ctypes.c_int(promo), ctypes.c_int(0))
    assert rc == 0, f"cuTensorMapEncodeTiled: {rc}"
    return torch.from_numpy(raw[off:off + 128].copy()).cuda()


def launcher(v, a, b, c):
    if v == "up":
        return lambda: K["fn"][(1024,)](a, b, c, M, N, KK, KK, 1, N, 1, N, 1, BM=128, BN=128, BK=32, GM=8,
                                         ACT="none", num_warps=4, num_stages=4)
    args = (np.uint64(a.data_ptr()), np.uint64(b.data_ptr()), np.uint64(c.data_ptr()), np.int32(M),
            np.int32(N), np.int32(KK), np.int32(KK), np.int32(N), np.int32(N))
    if v in ("cp", "nobar1", "cpc2") or v.startswith("tma1dev"):
        mod = cupy.RawModule(path=f"{PD}/{'cpasync' if v == 'cp' else v}.ptx")
        f = mod.get_function("matmul")
        if v.startswith("tma1dev"):
            launcher.mods[v] = mod
        smem = 77312 if v.startswith("tma1dev") else 76928
    else:
        name, _, p = v.partition(":p")
        C = int(name[3:].rstrip("ne").split("c")[0])
        f = cupy.RawModule(path=f"{PD}/{name}.ptx").get_function("matmul")
        smem = 76992
        promo = int(p) if p else 2
        da = tensor_map(a, (KK, M), KK * 2, (32, 128), 2, promo)
        db = tensor_map(b, (N, KK), N * 2, (64, 32 // max(1, C // 2)), 3, promo)
        launcher.keep.append((da, db))
        args += (np.uint64(da.data_ptr()), np.uint64(db.data_ptr()))
    f.max_dynamic_shared_size_bytes = smem
    return lambda: f((1024, 1, 1), (128, 1, 1), args, shared_mem=smem)


launcher.keep = []
launcher.mods = {}


def dump_maps(a, b):
    """The device-made tensor maps of slot 0 next to the driver's (L2 promotion 0 and 2)."""
    for v, mod in launcher.mods.items():
        pool = mod.get_global("tt_tmap_pool")
        dev = cupy.asnumpy(cupy.ndarray((256,), cupy.uint8, pool))
        print(f"{v} slot 0 A: {dev[:128].tobytes().hex()}")
        print(f"{v} slot 0 B: {dev[128:].tobytes().hex()}")
    for promo in (0, 2):
        ha = tensor_map(a, (KK, M), KK * 2, (32, 128), 2, promo).cpu().numpy().tobytes().hex()
        hb = tensor_map(b, (N, KK), N * 2, (64, 32), 3, promo).cpu().numpy().tobytes().hex()
        print(f"driver p{promo} A: {ha}")
        print(f"driver p{promo} B: {hb}")


def kernel_us(fn, launches=20):
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(launches):
            fn()
        torch.cuda.synchronize()
    ts = [e.device_time_total for e in prof.events()
          if e.device_type == torch.autograd.DeviceType.CUDA and not e.name.startswith("Memset")]
    return statistics.median(ts)


for init in ("randint", "randn"):
    g = torch.Generator(device="cuda").manual_seed(1)
    if init == "randint":
        a = torch.randint(-2, 3, (M, KK), device="cuda", generator=g).half()
        b = torch.randint(-2, 3, (KK, N), device="cuda", generator=g).half()
        want = (a.float() @ b.float()).half()
    else:
        a = torch.randn((M, KK), device="cuda", generator=g).half()
        b = torch.randn((KK, N), device="cuda", generator=g).half()
        want = None
    outs, fns = {}, {}
    for v in VARIANTS:
        c = torch.full((M, N), float("nan"), device="cuda", dtype=torch.float16)
        fns[v] = launcher(v, a, b, c)
        fns[v]()
        torch.cuda.synchronize()
        outs[v] = c
    base = outs.get("cp", outs[VARIANTS[0]])
    for v, c in outs.items():
        exact = torch.equal(c, want) if want is not None else None
        same_cp = torch.equal(c, base)
        err = float((c.float() - (want if want is not None else base).float()).abs().max())
        print(f"{init:8s} {v:8s} exact={exact} bit-identical-to-cp={same_cp} max_err={err:.3g}", flush=True)
    if init != "randn":
        continue
    if "--dump" in sys.argv:
        dump_maps(a, b)
    if ROUNDS == 0:  # checks only (for ncu)
        continue
    for fn in fns.values():
        for _ in range(5):
            fn()
    torch.cuda.synchronize()
    times = {v: [] for v in fns}
    for r in range(ROUNDS):
        for v in (VARIANTS if r % 2 == 0 else list(reversed(VARIANTS))):
            times[v].append(kernel_us(fns[v]))
    ref = statistics.median(times["up"]) if "up" in times else None
    for v, t in times.items():
        med = statistics.median(t)
        tf = 2 * M * N * KK / med / 1e6
        rel = f"  upstream/this {ref / med:.3f}" if ref else ""
        print(f"{v:8s} median {med:7.1f} us  [{min(t):.1f}, {max(t):.1f}]  {tf:4.0f} TFLOP/s{rel}", flush=True)
