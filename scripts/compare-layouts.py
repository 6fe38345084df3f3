#!/usr/bin/env python3
"""Compares our TTGIR with upstream Triton's over the conformance corpus.

For each kernel without tt.dot, compiles ttir/<name>.ttir with triton-opt
(the conversion plus GPU optimizations, with the kernel's num_warps) and
compares with ttir/<name>.upstream.ttgir:
  - the vector width (bits per thread per access: elements a thread holds
    contiguously along the layout's fastest dimension, capped at 128) of
    every tt.load and tt.store, matched in program order, must be at least
    upstream's;
  - every such access must run along the same dimension as upstream's (the
    first dimension of the layout's order with more than one element), and
    a warp must cover at least as many consecutive elements along it
    (elements per thread times threads along it, or the whole extent when
    one warp spans the dimension, registers repeating):
    where an access runs decides its coalescing, which widths alone miss
    (an uncoalesced transpose store has the same width);
  - the number of ttg.convert_layout must be at most upstream's.
Kernels with tt.dot are compiled and verified too, without comparison.
Kernels named in --expect-fail are known gaps: they must still compile, and
count as passed while they miss upstream (XFAIL); one that matches upstream
fails (XPASS) so that the list is kept honest.
Prints one line per kernel and closes with `layouts: N passed, N failed`.
"""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ALIAS = re.compile(r"^(#[\w.]+) = (#ttg\.blocked<\{.*\}>)\s*$", re.M)
BLOCKED = re.compile(r"sizePerThread = \[([\d, ]*)\], threadsPerWarp = \[([\d, ]*)\].*order = \[([\d, ]*)\]")
ACCESS = re.compile(r"\btt\.(load|store) .*: (tensor<([^>]*)x!tt\.ptr<(\w+)>, (#[^>]+(?:>\}>)?)>)")
BITS = {"f32": 32, "f16": 16, "bf16": 16, "f64": 64, "i32": 32, "i16": 16,
        "i8": 8, "i64": 64, "i1": 8}


def aliases(text):
    return {m.group(1): m.group(2) for m in ALIAS.finditer(text)}


SLICE = re.compile(r"^#ttg\.slice<\{dim = (\d+), parent = (#[\w.]+)\}>$")


def access_info(enc, table, shape):
    """(dimension, elements per thread, elements per warp) along the
    dimension an access runs, for blocked layouts and slices of them;
    None for others."""
    enc = table.get(enc, enc)
    s = SLICE.match(enc)
    removed = None
    if s:
        removed = int(s.group(1))
        enc = table.get(s.group(2), s.group(2))
    b = BLOCKED.search(enc)
    if not b:
        return None
    spt = [int(x) for x in b.group(1).split(",")]
    tpw = [int(x) for x in b.group(2).split(",")]
    wpc = [int(x) for x in re.search(r"warpsPerCTA = \[([\d, ]*)\]", enc).group(1).split(",")]
    order = [int(x) for x in b.group(3).split(",")]
    dims = [d for d in order if d != removed]
    # Tensor dimensions of the access (the parent's minus a slice's).
    tensor_dim = {d: i for i, d in enumerate(d for d in range(len(spt)) if d != removed)}
    extent = lambda d: shape[tensor_dim[d]] if tensor_dim[d] < len(shape) else 1
    runs = [d for d in dims if extent(d) > 1] or dims
    d = runs[0]
    # Consecutive elements one warp covers from the start: registers, then
    # lanes; past them warps (the run ends) or, with one warp along d,
    # registers again (it goes on to the extent).
    warp = extent(d) if wpc[d] == 1 else min(extent(d), spt[d] * tpw[d])
    return tensor_dim[d], spt[d], warp


def widths(text):
    table = aliases(text)
    out = []
    for line in text.splitlines():
        if " loc(" in line:
            line = line[: line.index(" loc(")]
        m = re.search(r"\btt\.(load|store) .*: tensor<([0-9x]+)x!tt\.ptr<(\w+)>, (.+)>\s*$", line)
        if not m:
            continue
        kind, shape, elem, enc = m.group(1), m.group(2), m.group(3), m.group(4)
        info = access_info(enc, table, [int(x) for x in shape.split("x")])
        bits = BITS.get(elem, 32)
        if info is None:
            out.append((kind, None, None, None))
        else:
            dim, per_thread, per_warp = info
            out.append((kind, min(128, per_thread * bits), dim, per_warp))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--triton-opt", required=True)
    parser.add_argument("--passes", default="--tritongpu-coalesce --tritongpu-remove-layout-conversions",
                        help="passes after convert-triton-to-tritongpu")
    parser.add_argument("--pipeline", action="store_true",
                        help="use --triton-to-tritongpu-pipeline instead")
    parser.add_argument("--expect-fail", default="",
                        help="comma-separated kernels known to miss upstream")
    parser.add_argument("--ours", type=pathlib.Path,
                        help="read our TTGIR from DIR/<name>.ttgir instead of compiling")
    parser.add_argument("--only", help="kernels whose name matches this regex")
    parser.add_argument("corpus", type=pathlib.Path)
    args = parser.parse_args()
    ttir = args.corpus / "ttir"
    files = sorted(p for p in ttir.glob("*.ttir"))
    if not files:
        print(f"layouts: no ttir/*.ttir under {args.corpus}")
        print("layouts: 0 passed, 1 failed")
        return 1
    expected = {n for n in args.expect_fail.split(",") if n}
    passed = failed = 0
    for f in files:
        name = f.stem
        if args.only and not re.search(args.only, name):
            continue
        text = f.read_text()
        spec = json.loads((ttir / f"{name}.json").read_text())
        warps = spec.get("num_warps", 4)
        if args.pipeline:
            cmd = [args.triton_opt, str(f),
                   f"--triton-to-tritongpu-pipeline=num-warps={warps} num-ctas=1 target=cuda:90"]
        else:
            cmd = [args.triton_opt, str(f),
                   f"--convert-triton-to-tritongpu=num-warps={warps} target=cuda:90"] + args.passes.split()
        if args.ours:
            proc = subprocess.CompletedProcess(cmd, 0, (args.ours / f"{name}.ttgir").read_text(), "")
        else:
            proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 0 and not args.ours:
            # The output must parse and verify again.
            proc2 = subprocess.run([args.triton_opt], input=proc.stdout,
                                   capture_output=True, text=True)
            if proc2.returncode != 0:
                proc = proc2
        if proc.returncode != 0:
            failed += 1
            print(f"FAIL {name}: triton-opt failed: {proc.stderr.strip().splitlines()[:2]}")
            continue
        if "tt.dot" in text:
            passed += 1
            print(f"ok   {name}: compiles and verifies (tt.dot: not compared)")
            continue
        ours = proc.stdout
        theirs = (ttir / f"{name}.upstream.ttgir").read_text()
        cv_ours = len(re.findall(r"\bttg\.convert_layout\b", ours))
        cv_theirs = len(re.findall(r"\bttg\.convert_layout\b", theirs))
        w_ours, w_theirs = widths(ours), widths(theirs)
        problems = []
        if cv_ours > cv_theirs:
            problems.append(f"{cv_ours} convert_layout, upstream {cv_theirs}")
        if len(w_ours) != len(w_theirs):
            problems.append(f"{len(w_ours)} accesses found, upstream {len(w_theirs)}")
        for i, ((k, a, da, wa), (_, b, db, wb)) in enumerate(zip(w_ours, w_theirs)):
            if b is not None and (a is None or a < b):
                problems.append(f"{k} #{i}: {a} bits, upstream {b}")
            if db is not None and da != db:
                problems.append(f"{k} #{i}: runs along dim {da}, upstream along dim {db}")
            elif wb is not None and (wa is None or wa < wb):
                problems.append(f"{k} #{i}: a warp covers {wa} consecutive elements, upstream {wb}")
        summary = (f"converts {cv_ours}/{cv_theirs} (ours/upstream), widths "
                   f"{[w[1] for w in w_ours]} / {[w[1] for w in w_theirs]}")
        if name in expected:
            if problems:
                passed += 1
                print(f"XFAIL {name}: {'; '.join(problems)} [{summary}]")
            else:
                failed += 1
                print(f"XPASS {name}: now matches upstream; remove it from --expect-fail [{summary}]")
        elif problems:
            failed += 1
            print(f"FAIL {name}: {'; '.join(problems)} [{summary}]")
        else:
            passed += 1
            print(f"ok   {name}: {summary}")
    print(f"layouts: {passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
