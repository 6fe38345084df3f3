#!/usr/bin/env python3
"""Compiles every corpus kernel in-process (tritondialect.compile_ttir) and
through the tools (`triton-opt --triton-nvidia-pipeline | triton-translate
--triton-to-ptx`, as scripts/compile-corpus.sh does), checks that the PTX
is byte-identical (in every round; odd rounds go in the reverse order),
and compares the time of the two paths.

Options come from each kernel's JSON: num_warps, num_stages, and
grid_x_multiple from the grid's x extent. Exits 1 on any difference or
failure, or when the in-process time is over --max-ratio of the tools'.

Usage: check-inprocess.py CORPUS_DIR BUILD_DIR [--max-ratio 0.6] [--rounds 1]
"""

import argparse
import glob
import shutil
import json
import os
import subprocess
import sys
import time


def spec_options(path):
    try:
        with open(path) as f:
            spec = json.load(f)
    except OSError:
        spec = {}
    grid = spec.get("grid", [1])[0]
    if not isinstance(grid, int):
        grid = 1
    return (spec.get("num_warps", 4), spec.get("num_stages", 3),
            max(m for m in (1, 2, 4, 8) if grid % m == 0))


def tools_ptx(bin_dir, ttir, num_warps, num_stages, multiple, out):
    opt = subprocess.Popen([
        os.path.join(bin_dir, "triton-opt"), ttir,
        f"--triton-nvidia-pipeline=num-warps={num_warps} num-stages={num_stages} "
        f"grid-x-multiple={multiple} target=cuda:90", "--mlir-print-debuginfo"
    ], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    translate = subprocess.run([os.path.join(bin_dir, "triton-translate"), "--triton-to-ptx", "-o", out],
                               stdin=opt.stdout, capture_output=True)
    opt.stdout.close()
    opt.wait()
    if opt.returncode or translate.returncode:
        raise RuntimeError(f"tools failed on {ttir}: {opt.stderr.read().decode()[:300]}"
                           f"{translate.stderr.decode()[:300]}")
    with open(out) as f:
        return f.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("build")
    parser.add_argument("--max-ratio", type=float, default=0.6)
    parser.add_argument("--rounds", type=int, default=1, help="best of N rounds for each path's total")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(args.build, "python"))
    import tritondialect

    kernels = sorted(glob.glob(os.path.join(args.corpus, "ttir", "*.ttir")))
    if not kernels:
        sys.exit(f"no kernels under {args.corpus}/ttir")
    bin_dir = os.path.join(args.build, "bin")
    tmp = os.path.join(args.build, "check-inprocess")
    os.makedirs(tmp, exist_ok=True)
    ptxas = shutil.which("ptxas") or next(
        (p for p in ("/usr/local/cuda/bin/ptxas",) if os.path.exists(p)), None)
    failures = 0
    best_tools = best_inproc = float("inf")
    for round_ in range(args.rounds):
        total_tools = total_inproc = 0.0
        # Odd rounds go in the reverse order: the pass managers a thread
        # keeps between compiles must not carry one kernel into the next.
        for path in kernels if round_ % 2 == 0 else kernels[::-1]:
            name = os.path.basename(path)[:-len(".ttir")]
            nw, ns, gm = spec_options(path[:-len(".ttir")] + ".json")
            start = time.perf_counter()
            expected = tools_ptx(bin_dir, path, nw, ns, gm, os.path.join(tmp, name + ".ptx"))
            total_tools += time.perf_counter() - start
            with open(path) as f:
                text = f.read()
            start = time.perf_counter()
            try:
                kernel = tritondialect.compile_ttir(text, target="cuda:90", num_warps=nw, num_stages=ns,
                                                    grid_x_multiple=gm, keep_ir=False, source_name=path)
            except tritondialect.CompilationError as e:
                print(f"FAIL {name}: {e}")
                failures += 1
                continue
            total_inproc += time.perf_counter() - start
            if round_ == 0 and ptxas:
                ptx_file = os.path.join(tmp, name + ".inprocess.ptx")
                with open(ptx_file, "w") as f:
                    f.write(kernel.ptx)
                chip = next(line.split()[1].rstrip(",") for line in kernel.ptx.splitlines()
                            if line.startswith(".target"))
                assembled = subprocess.run([ptxas, f"-arch={chip}", ptx_file, "-o", os.devnull],
                                           capture_output=True, text=True)
                if assembled.returncode:
                    print(f"FAIL {name}: ptxas: {assembled.stderr.strip()[:200]}")
                    failures += 1
            same = kernel.ptx == expected
            if round_ == 0:
                print(f"{'ok  ' if same else 'DIFF'} {name} ({kernel.metadata['name']}, "
                      f"{kernel.metadata['num_warps']} warps, {kernel.metadata['shared']} B shared)")
            elif not same:
                print(f"DIFF {name} (round {round_ + 1}, in {'reverse' if round_ % 2 else 'corpus'} order)")
            failures += 0 if same else 1
        best_tools = min(best_tools, total_tools)
        best_inproc = min(best_inproc, total_inproc)
    ratio = best_inproc / best_tools
    print(f"binding: {tritondialect.binding}; {len(kernels)} kernels: in-process {best_inproc:.2f} s, "
          f"tools {best_tools:.2f} s, ratio {ratio:.2f} (limit {args.max_ratio})")
    if ratio > args.max_ratio:
        print("FAIL: in-process compilation is not fast enough")
        failures += 1
    print(f"ptxas: {'assembled every in-process PTX' if ptxas else 'not found, PTX not assembled'}")
    print(f"in-process: {len(kernels) - failures} ok, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
