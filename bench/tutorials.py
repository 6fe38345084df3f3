#!/usr/bin/env python3
"""Upstream's tutorials, unchanged, with and without TritonDialect.

    python3 bench/tutorials.py TUTORIAL_DIR [--points N] [--only REGEX]
                               [--timeout S] [--out DIR]

Each `NN-*.py` file of TUTORIAL_DIR runs twice as its own process, in a
fresh working directory and a fresh Triton cache: first with upstream's
compiler, then with TRITONDIALECT=1 (the installed wheel's `.pth` puts our
pipeline in upstream's stages). The tutorials are upstream's code and are
never committed: read them with the search tool into an ignored folder.

The tutorials check their own results (asserts, "Triton and Torch match")
and print their benchmark tables (`perf_report(...).run(print_data=True)`).
For each run this prints the exit status, the wall time, how many kernels
our pipeline compiled and how many fell back, and, for every table, the
Triton columns of both runs side by side with their ratio (ours over
upstream, in the table's own unit: above 1 is faster for GB/s and TFLOPS,
below 1 for a time).

--points N keeps N evenly spaced values of each benchmark's x axis (through
a `sitecustomize` that wraps triton.testing.Benchmark), so that the sweep
fits a device call; the tutorial's code is unchanged.

Tutorial 07 reads libdevice from `../../third_party/nvidia/backend/lib`
relative to itself, as in upstream's source tree; that folder is linked to
the installed Triton's `backends/nvidia/lib` when it is missing.
"""

import argparse
import glob
import math
import os
import re
import subprocess
import sys
import tempfile
import time

SITECUSTOMIZE = r'''
import os, sys
_points = int(os.environ.get("TUTORIAL_POINTS", "0") or 0)
if _points > 1:
    import triton.testing as _tt
    _init = _tt.Benchmark.__init__

    def _thin(self, x_names, x_vals, *args, **kwargs):
        if len(x_vals) > _points:
            step = (len(x_vals) - 1) / (_points - 1)
            x_vals = [x_vals[round(i * step)] for i in range(_points)]
        _init(self, x_names, x_vals, *args, **kwargs)

    _tt.Benchmark.__init__ = _thin

if os.environ.get("TRITONDIALECT"):
    import atexit

    def _report():
        try:
            from tritondialect import upstream
            s = upstream._stats
            print(f"[tutorials] tritondialect compiled {s['compiled']} fallbacks {s['fallbacks']}", file=sys.stderr)
        except Exception as e:
            print(f"[tutorials] no tritondialect stats: {e}", file=sys.stderr)

    atexit.register(_report)
'''


def link_libdevice(tutorial_dir):
    import triton
    lib = os.path.join(os.path.dirname(triton.__file__), "backends", "nvidia", "lib")
    target = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(tutorial_dir))), "third_party", "nvidia",
                          "backend", "lib")
    if not os.path.exists(target):
        os.makedirs(os.path.dirname(target), exist_ok=True)
        os.symlink(lib, target)


def run_one(path, ours, points, timeout, site_dir, keep_cache=None):
    env = dict(os.environ)
    env.pop("TRITONDIALECT", None)
    if ours:
        env["TRITONDIALECT"] = "1"
    env["TUTORIAL_POINTS"] = str(points)
    env["MPLBACKEND"] = "Agg"
    env["PYTHONPATH"] = site_dir + os.pathsep + env.get("PYTHONPATH", "")
    with tempfile.TemporaryDirectory() as cwd:
        env["TRITON_CACHE_DIR"] = os.path.join(cwd, "cache")
        if keep_cache:
            # Each compiler's kernels (PTX, TTGIR, metadata) kept to compare.
            tag = os.path.basename(path).split(".")[0] + (".ours" if ours else ".upstream")
            env["TRITON_CACHE_DIR"] = os.path.join(keep_cache, tag)
        start = time.time()
        try:
            p = subprocess.run([sys.executable, os.path.abspath(path)], cwd=cwd, env=env, capture_output=True,
                               text=True, timeout=timeout)
            rc, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired as e:
            # What the process wrote so far (bytes, even with text=True).
            text = lambda x: x.decode(errors="replace") if isinstance(x, bytes) else (x or "")
            rc, out, err = "timeout", text(e.stdout), text(e.stderr)
        return dict(rc=rc, out=out, err=err, wall=time.time() - start)


def tables(text):
    """perf_report's printed tables: {name: (header, rows)}."""
    found = {}
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].endswith(":") and i + 1 < len(lines) and re.match(r"^\s+\S", lines[i + 1]):
            name = lines[i][:-1]
            header = re.split(r"\s{2,}", lines[i + 1].strip())
            rows = []
            j = i + 2
            while j < len(lines) and re.match(r"^\d+\s", lines[j]):
                rows.append(lines[j].split()[1:])
                j += 1
            if rows:
                found[name] = (header, rows)
            i = j
        else:
            i += 1
    return found


def compare(up, ours):
    lines = []
    tu, to = tables(up["out"]), tables(ours["out"])
    for name, (header, rows) in tu.items():
        if name not in to:
            lines.append(f"  table {name}: missing from our run")
            continue
        _, rows_o = to[name]
        # The header split at runs of two or more spaces ('Triton + TMA'
        # stays one name): usable when it names every column.
        names = header if len(header) == len(rows[0]) else None
        # The Triton columns: named Triton (or every column after the x ones).
        idx = [k for k, h in enumerate(names or []) if h.lower().startswith("triton")]
        if not idx:
            idx = list(range(len(rows[0])))
        ratios = []
        lines.append(f"  table {name}")
        for r_u, r_o in zip(rows, rows_o):
            cells = []
            for k in idx:
                try:
                    a, b = float(r_u[k]), float(r_o[k])
                except (ValueError, IndexError):
                    continue
                ratio = b / a if a else float("nan")
                ratios.append(ratio)
                label = names[k] if names else f"col{k}"
                cells.append(f"{label}: {a:.4g} vs {b:.4g} ({ratio:.3f})")
            lines.append(f"    {' '.join(r_u[:1])}: " + "; ".join(cells))
        good = [r for r in ratios if r > 0 and math.isfinite(r)]
        if good:
            geo = math.exp(sum(math.log(r) for r in good) / len(good))
            lines.append(f"    geomean ours/upstream {geo:.3f}, min {min(good):.3f}, max {max(good):.3f}")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--points", type=int, default=0)
    parser.add_argument("--only", default="")
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--out", default="")
    parser.add_argument("--keep-cache", default="", help="keep each run's Triton cache (its kernels) under this folder")
    parser.add_argument("--ours-first", action="store_true",
                        help="run ours before upstream (the first run of a call may meet a cold GPU)")
    args = parser.parse_args()
    link_libdevice(args.dir)
    site_dir = tempfile.mkdtemp()
    with open(os.path.join(site_dir, "sitecustomize.py"), "w") as f:
        f.write(SITECUSTOMIZE)
    for path in sorted(glob.glob(os.path.join(args.dir, "[0-9][0-9]-*.py"))):
        name = os.path.basename(path)[:-3]
        if args.only and not re.search(args.only, name):
            continue
        runs = {}
        order = (("upstream", False), ("ours", True))
        for label, ours in (order[::-1] if args.ours_first else order):
            runs[label] = r = run_one(path, ours, args.points, args.timeout, site_dir, args.keep_cache or None)
            stats = re.findall(r"\[tutorials\] tritondialect compiled (\d+) fallbacks (\d+)", r["err"])
            fallbacks = sorted(set(re.findall(r"kernel '([^']+)' falls back[^:]*: ([^\n]*)", r["err"])))
            print(f"{name} [{label}] exit {r['rc']}, {r['wall']:.1f} s"
                  + (f", compiled {stats[-1][0]}, fallbacks {stats[-1][1]}" if stats else ""))
            for kernel, reason in fallbacks:
                print(f"    fallback {kernel}: {reason}")
            checks = [l for l in r["out"].splitlines() if "match" in l.lower() or "maximum difference" in l]
            for line in checks:
                print(f"    {line.strip()}")
            if r["rc"] != 0:
                print("    " + "\n    ".join(r["err"].strip().splitlines()[-6:]))
            if args.out:
                os.makedirs(args.out, exist_ok=True)
                with open(os.path.join(args.out, f"{name}.{label}.log"), "w") as f:
                    f.write(r["out"] + "\n--- stderr ---\n" + r["err"])
        for line in compare(runs["upstream"], runs["ours"]):
            print(line)
        sys.stdout.flush()


if __name__ == "__main__":
    main()
