"""On a GPU machine: lowerings the corpus does not exercise, checked
against torch. Compile here with `scripts/gpu-check.sh prepare` (it puts
test/GPU/*.ttir through the pipeline into .gpu/extras), then there:

    python3 test/GPU/extras.py .gpu/extras

fp8 round trips (tt.fp_to_fp, e4m3fn and e5m2) against torch's float8
casts; tt.gather with random indices and tt.histogram against torch; a
64-bit sum and cumsum;
tt.print's output; tt.assert stopping the kernel.
"""

import os
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(root / "python-frontend-stub"))


def run_checks(folder):
    import torch
    from triton_stub import driver as drv
    d = drv.Driver()
    failed = 0

    def report(name, ok, detail=""):
        nonlocal failed
        failed += not ok
        print(f"{name:24s} {'pass' if ok else 'FAIL'} {detail}")

    # fp8 round trips.
    fn, meta = drv.load_compiled(d, folder / "fp8.ptx")
    x = torch.randn(1024, device="cuda") * 8
    y, z = torch.empty_like(x), torch.empty_like(x)
    d.launch(fn, (1,), meta["num_warps"], meta["shared_bytes"],
             ["*fp32"] * 3, [x, y, z])
    d.synchronize()
    want_e4 = x.to(torch.float8_e4m3fn).float()
    want_e5 = x.to(torch.float8_e5m2).float()
    report("fp8 e4m3fn round trip", torch.equal(y, want_e4),
           f"max diff {(y - want_e4).abs().max().item():.3g}")
    report("fp8 e5m2 round trip", torch.equal(z, want_e5),
           f"max diff {(z - want_e5).abs().max().item():.3g}")

    # gather + histogram.
    fn, meta = drv.load_compiled(d, folder / "gather_hist.ptx")
    x = torch.randn(1024, device="cuda")
    idx = torch.randint(0, 1024, (1024,), device="cuda", dtype=torch.int32)
    out = torch.empty_like(x)
    bins = torch.full((64,), -1, device="cuda", dtype=torch.int32)
    d.launch(fn, (1,), meta["num_warps"], meta["shared_bytes"],
             ["*fp32", "*i32", "*fp32", "*i32"], [x, idx, out, bins])
    d.synchronize()
    report("gather", torch.equal(out, x[idx.long()]))
    want = torch.bincount((idx % 64).long(), minlength=64).int()
    report("histogram", torch.equal(bins, want))

    # 64-bit reduction and scan (shuffles in two halves, across warps).
    fn, meta = drv.load_compiled(d, folder / "wide.ptx")
    x = torch.randint(-2**40, 2**40, (1024,), device="cuda", dtype=torch.int64)
    total = torch.zeros(1, device="cuda", dtype=torch.int64)
    prefix = torch.empty_like(x)
    d.launch(fn, (1,), meta["num_warps"], meta["shared_bytes"],
             ["*i64", "*i64", "*i64"], [x, total, prefix])
    d.synchronize()
    report("i64 sum", torch.equal(total, x.sum().reshape(1)))
    report("i64 cumsum", torch.equal(prefix, torch.cumsum(x, 0)))

    # A tensor atomic whose old values are used, on a layout that holds
    # each element in every warp: each element incremented once, and every
    # holder sees the old value.
    fn, meta = drv.load_compiled(d, folder / "atomic_old.ptx")
    start = torch.randint(0, 1000, (32,), device="cuda", dtype=torch.int32)
    counters = start.clone()
    old = torch.full((32,), -1, device="cuda", dtype=torch.int32)
    d.launch(fn, (1,), meta["num_warps"], meta["shared_bytes"],
             ["*i32", "*i32"], [counters, old])
    d.synchronize()
    report("atomic old values", torch.equal(counters, start + 1)
           and torch.equal(old, start))
    return failed


def print_assert(folder, limit):
    """Runs in a child process: an assert leaves the context unusable."""
    import torch
    from triton_stub import driver as drv
    d = drv.Driver()
    fn, meta = drv.load_compiled(d, folder / "print_assert.ptx")
    x = torch.arange(4, dtype=torch.float32, device="cuda")
    d.launch(fn, (1,), meta["num_warps"], meta["shared_bytes"],
             ["*fp32", "fp32"], [x, limit])
    d.synchronize()


def main():
    folder = Path(sys.argv[1])
    if len(sys.argv) > 2:  # child: print_assert with a limit
        print_assert(folder, float(sys.argv[2]))
        return 0
    failed = run_checks(folder)
    ok = subprocess.run([sys.executable, __file__, str(folder), "10"],
                        capture_output=True, text=True)
    printed = "pid (0, 0, 0) idx (3) x: 3.000000" in ok.stdout
    first = next((l for l in ok.stdout.splitlines() if "x: " in l), "")
    print(f"{'print':24s} {'pass' if printed and ok.returncode == 0 else 'FAIL'}"
          f" {ok.stdout.count('x: ')} lines, e.g. {first!r}")
    failed += not (printed and ok.returncode == 0)
    bad = subprocess.run([sys.executable, __file__, str(folder), "2"],
                         capture_output=True, text=True)
    text = bad.stdout + bad.stderr
    asserted = bad.returncode != 0 and "x below limit" in text
    print(f"{'assert':24s} {'pass' if asserted else 'FAIL'} exit {bad.returncode}; "
          f"{[l for l in text.splitlines() if 'Assertion' in l or 'assert' in l.lower()][:1]}")
    failed += not asserted
    print(f"{8 + 2 - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
