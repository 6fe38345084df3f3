"""Differential GPU harness: this project's PTX against upstream Triton, same inputs.

Runs on a machine with an NVIDIA GPU, PyTorch, CuPy and upstream Triton (the
lent GPU machine has all three). Two sub-commands:

  gen    compile every kernel of a kernels module with upstream Triton and write,
         per kernel, <name>.ttir (the input for this project's compiler), the
         upstream <name>.ttgir/.ptx for study, and <name>.json (launch spec plus
         the entry's TTIR argument list).
  check  for every kernel whose <name>.ptx and <name>.meta.json exist in
         --ptx-dir, run upstream Triton's kernel and the project's PTX on the
         same freshly drawn inputs (outputs poisoned first), compare every
         output, and with --bench time both.

<name>.meta.json, written by the project's compiler next to the PTX:
  {"entry": "add_kernel", "num_warps": 4, "shared_bytes": 0}
The PTX entry takes exactly the TTIR entry's arguments, in order: pointers as
.u64, integers and floats by their width (i1 as .u8).

Example, from a checkout holding this folder as conformance/ and the PTX in out/:
  python3 conformance/harness.py check --kernels conformance/kernels_dev.py \
      --corpus conformance/ttir --ptx-dir out --bench
"""
import argparse, importlib.util, json, math, os, re, sys, time

DT = ("float32", "float16", "bfloat16", "int8", "int16", "int32", "int64", "uint8")


def load_kernels(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    spec.loader.exec_module(mod)
    return mod.KERNELS


def make_tensor(torch, dt, shape, init, g):
    t = getattr(torch, dt)
    dev = "cuda"
    if init == "randn": return torch.randn(shape, generator=g, device=dev).to(t)
    if init == "rand": return torch.rand(shape, generator=g, device=dev).to(t)
    if init == "randint": return torch.randint(0, 100, shape, generator=g, device=dev).to(t)
    if init == "randint_signed": return torch.randint(-1000, 1000, shape, generator=g, device=dev).to(t)
    if init == "randint_nonzero":
        x = torch.randint(1, 50, shape, generator=g, device=dev)
        s = torch.randint(0, 2, shape, generator=g, device=dev) * 2 - 1
        return (x * s).to(t)
    if init == "randint_bins": return torch.randint(0, 32, shape, generator=g, device=dev).to(t)
    if init == "randint_256": return torch.randint(0, 256, shape, generator=g, device=dev).to(t)
    if init == "zeros": return torch.zeros(shape, device=dev, dtype=t)
    if init == "ones": return torch.ones(shape, device=dev, dtype=t)
    if init == "empty": return torch.full(shape, 7, device=dev).to(t)  # poison
    raise ValueError(f"unknown init {init}")


def build_args(torch, k, seed):
    """Fresh inputs (same seed, same values) and poisoned outputs, by name."""
    g = torch.Generator(device="cuda")
    g.manual_seed(seed)
    vals, pos, kw = {}, [], {}
    for a in k["args"]:
        name, kind = a[0], a[1]
        if kind == "t":
            v = make_tensor(torch, a[2], a[3], a[4], g)
            vals[name] = v
            pos.append(v)
        elif kind in ("i", "f"):
            vals[name] = a[2]
            pos.append(a[2])
        elif kind == "c":
            kw[name] = a[2]
    return vals, pos, kw


FUNC_RE = re.compile(r"tt\.func public @([\w$.]+)\((.*?)\)\s*(?:attributes|\{)", re.S)


def ttir_entry_args(ttir):
    """Name and type of each argument of the public entry, from TTIR text."""
    m = FUNC_RE.search(ttir)
    if not m:
        raise ValueError("no public tt.func in TTIR")
    out, depth, cur = [], 0, ""
    for ch in m.group(2):  # split on top-level commas
        if ch in "<({[": depth += 1
        if ch in ">)}]": depth -= 1
        if ch == "," and depth == 0:
            out.append(cur); cur = ""
        else:
            cur += ch
    if cur.strip(): out.append(cur)
    args = []
    for a in out:
        am = re.match(r"\s*%([\w$.]+)\s*:\s*(!tt\.ptr<[^>]*>|[\w]+)", a)
        args.append([am.group(1), am.group(2)])
    return m.group(1), args


def cmd_gen(ns):
    import torch
    kernels = load_kernels(ns.kernels)
    os.makedirs(ns.out, exist_ok=True)
    status = {}
    for k in kernels:
        if ns.only and not re.search(ns.only, k["name"]):
            continue
        try:
            _, pos, kw = build_args(torch, k, 0)
            h = k["fn"][tuple(k["grid"])](*pos, **kw, num_warps=k["num_warps"], num_stages=k["num_stages"])
            torch.cuda.synchronize()
            for st in ("ttir", "ttgir", "ptx"):
                with open(f"{ns.out}/{k['name']}.{st}", "w") as f:
                    f.write(h.asm[st])
            entry, targs = ttir_entry_args(h.asm["ttir"])
            js = {x: k[x] for x in ("name", "grid", "num_warps", "num_stages", "outputs", "tol", "tags", "bytes_moved", "flops")}
            js["args"] = [list(a) for a in k["args"]]
            js["entry"], js["ttir_args"] = entry, targs
            with open(f"{ns.out}/{k['name']}.json", "w") as f:
                json.dump(js, f, indent=1)
            if ns.selftest_ptx:  # upstream's own PTX as "ours": proves the check path
                os.makedirs(ns.selftest_ptx, exist_ok=True)
                md = h.metadata
                with open(f"{ns.selftest_ptx}/{k['name']}.ptx", "w") as f:
                    f.write(h.asm["ptx"])
                with open(f"{ns.selftest_ptx}/{k['name']}.meta.json", "w") as f:
                    json.dump({"entry": md.name, "num_warps": md.num_warps, "shared_bytes": md.shared,
                               "extra_null_args": 2, "global_scratch_size": getattr(md, "global_scratch_size", 0)}, f)
            status[k["name"]] = "ok"
        except Exception as e:  # keep going: one kernel's failure is a row, not the end
            status[k["name"]] = f"upstream failed: {type(e).__name__}: {str(e)[:300]}"
    for n, s in status.items():
        print(f"{n:36s} {s}")


def scalar_for(np, ty, v):
    if ty.startswith("!tt.ptr"):
        return np.uint64(v.data_ptr())
    return {"i1": np.int8, "i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64,
            "f16": np.float16, "f32": np.float32, "f64": np.float64}[ty](v)


def compare(torch, ours, ref, tol):
    rtol, atol = tol
    if rtol == 0 and atol == 0:
        same = torch.equal(ours.view(torch.uint8) if ours.is_floating_point() else ours,
                           ref.view(torch.uint8) if ref.is_floating_point() else ref)
        return same, 0.0 if same else float((ours.double() - ref.double()).abs().max())
    o, r = ours.double(), ref.double()
    ok = torch.allclose(o, r, rtol=rtol, atol=atol, equal_nan=True)
    err = float(torch.nan_to_num((o - r).abs(), nan=math.inf).max()) if o.numel() else 0.0
    return ok, err


def bench_ms(fn):
    import triton
    return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")


def kernel_us(torch, fn, entry, n=50):
    """Median device time of the kernel named `entry` over n back-to-back launches, read from CUPTI
    through torch.profiler: launch overhead and the launcher's language do not count."""
    from torch.profiler import profile, ProfilerActivity
    for _ in range(5):
        fn()
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(n):
            fn()
        torch.cuda.synchronize()
    ts = sorted(e.device_time for e in prof.events()
                if e.device_time > 0 and (e.name == entry or e.name.startswith(entry + "_")))
    return ts[len(ts) // 2] if ts else float("nan")


def cmd_check(ns):
    import numpy as np, torch, cupy
    kernels = load_kernels(ns.kernels)
    rows, results = [], {}
    for k in kernels:
        name = k["name"]
        if ns.only and not re.search(ns.only, name):
            continue
        ptx, meta_p, spec_p = (f"{ns.ptx_dir}/{name}.ptx", f"{ns.ptx_dir}/{name}.meta.json", f"{ns.corpus}/{name}.json")
        if not os.path.exists(ptx) or not os.path.exists(meta_p):
            results[name] = {"status": "no ptx"}
            continue
        r = results[name] = {}
        try:
            meta = json.load(open(meta_p))
            targs = json.load(open(spec_p))["ttir_args"] if os.path.exists(spec_p) else None
            if targs is None:
                raise RuntimeError(f"{spec_p} missing: run gen first")
            # reference: upstream Triton
            vals, pos, kw = build_args(torch, k, ns.seed)
            launch_ref = lambda: k["fn"][tuple(k["grid"])](*pos, **kw, num_warps=k["num_warps"], num_stages=k["num_stages"])
            launch_ref()
            torch.cuda.synchronize()
            ref = {o: vals[o].clone() for o in k["outputs"]}
            # ours: the project's PTX, same inputs
            vals2, _, _ = build_args(torch, k, ns.seed)
            mod = cupy.RawModule(path=ptx)
            fn = mod.get_function(meta.get("entry", name))
            smem = int(meta.get("shared_bytes", 0))
            if smem > 48 * 1024:
                fn.max_dynamic_shared_size_bytes = smem
            cargs = tuple(scalar_for(np, ty, (vals if os.environ.get('SAMEBUF') else vals2)[n]) for n, ty in targs)
            cargs += (np.uint64(0),) * int(meta.get("extra_null_args", 0))
            grid = tuple(list(k["grid"]) + [1] * (3 - len(k["grid"])))
            block = (int(meta.get("num_warps", k["num_warps"])) * int(meta.get("threads_per_warp", 32)), 1, 1)
            launch = lambda: fn(grid, block, cargs, shared_mem=smem)
            t0 = time.time(); launch(); cupy.cuda.Device().synchronize(); r["first_launch_s"] = time.time() - t0
            ok_all, errs = True, {}
            for o in k["outputs"]:
                ok, err = compare(torch, vals2[o], ref[o], k["tol"])
                ok_all &= ok
                errs[o] = err
            r["status"] = "pass" if ok_all else "MISMATCH"
            r["max_err"] = errs
            if ns.bench and ("perf" in k["tags"] or ns.bench_all):
                t_ours, t_ref = bench_ms(launch), bench_ms(launch_ref)
                r["ms_ours"], r["ms_upstream"] = t_ours, t_ref
                r["speed_vs_upstream"] = t_ref / t_ours
                if k.get("bytes_moved"):
                    r["TBps_ours"] = k["bytes_moved"] / t_ours / 1e9
                    r["TBps_upstream"] = k["bytes_moved"] / t_ref / 1e9
                if k.get("flops"):
                    r["TFLOPs_ours"] = k["flops"] / t_ours / 1e9
                    r["TFLOPs_upstream"] = k["flops"] / t_ref / 1e9
            if ns.kernel_time:
                entry = meta.get("entry", name)
                if os.environ.get('UPFIRST'):
                    r["kernel_us_upstream"] = kernel_us(torch, launch_ref, entry)
                    r["kernel_us_ours"] = kernel_us(torch, launch, entry)
                else:
                    r["kernel_us_ours"] = kernel_us(torch, launch, entry)
                    r["kernel_us_upstream"] = kernel_us(torch, launch_ref, entry)
                r["kernel_time_vs_upstream"] = r["kernel_us_upstream"] / r["kernel_us_ours"]
        except Exception as e:
            r["status"] = f"ERROR {type(e).__name__}: {str(e)[:300]}"
    n_pass = sum(1 for v in results.values() if v.get("status") == "pass")
    n_tried = sum(1 for v in results.values() if v.get("status") != "no ptx")
    for n, v in results.items():
        line = f"{n:36s} {v['status'][:90]}"
        if "speed_vs_upstream" in v:
            line += f"  x{v['speed_vs_upstream']:.2f} vs upstream"
            if "TBps_ours" in v: line += f"  {v['TBps_ours']:.2f} TB/s (upstream {v['TBps_upstream']:.2f})"
            if "TFLOPs_ours" in v: line += f"  {v['TFLOPs_ours']:.0f} TFLOP/s (upstream {v['TFLOPs_upstream']:.0f})"
        if "kernel_time_vs_upstream" in v:
            line += f"  kernel x{v['kernel_time_vs_upstream']:.2f} ({v['kernel_us_ours']:.1f} us vs {v['kernel_us_upstream']:.1f})"
        print(line)
    if ns.json_out:
        with open(ns.json_out, "w") as f:
            json.dump(results, f, indent=1)
    print(f"{n_pass} passed, {n_tried - n_pass} failed, {len(results) - n_tried} skipped")
    return 0 if n_pass == n_tried else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen"); g.add_argument("--kernels", required=True); g.add_argument("--out", required=True)
    g.add_argument("--only"); g.add_argument("--selftest-ptx", help="also write upstream's PTX as if it were ours")
    c = sub.add_parser("check"); c.add_argument("--kernels", required=True); c.add_argument("--corpus", required=True)
    c.add_argument("--ptx-dir", required=True); c.add_argument("--only"); c.add_argument("--bench", action="store_true")
    c.add_argument("--bench-all", action="store_true"); c.add_argument("--seed", type=int, default=1)
    c.add_argument("--kernel-time", action="store_true",
                   help="also compare device kernel time (CUPTI via torch.profiler), free of launch overhead")
    c.add_argument("--json-out")
    ns = ap.parse_args()
    sys.exit(cmd_gen(ns) if ns.cmd == "gen" else cmd_check(ns))


if __name__ == "__main__":
    main()
