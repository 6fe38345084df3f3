#!/usr/bin/env python3
"""Compiles TTIR dumps (TRITONDIALECT_DUMP_DIR: <name>.ttir + .json) with
upstream Triton's stages and with ours, and writes both compilers' TTGIR and
PTX side by side for study, with a one-line summary per kernel (global
access widths, shared memory, registers from ptxas -v when --regs).

    python3 bench/ptx_pair.py DUMP_DIR OUT_DIR [--only REGEX] [--regs]

Runs where upstream Triton is installed (the GPU machine).
"""

import argparse
import collections
import glob
import json
import os
import re
import subprocess
import sys


def access_widths(ptx):
    widths = collections.Counter()
    for m in re.finditer(r"\b(ld|st)\.global(?:\.[a-zA-Z0-9_:]+)*?(?:\.v(\d))?\.(?:b|f|u|s)(\d+)\b", ptx):
        widths[f"{m.group(1)}{int(m.group(2) or 1) * int(m.group(3))}"] += 1
    return dict(sorted(widths.items()))


def ptxas_regs(ptx, path):
    with open(path, "w") as f:
        f.write(ptx)
    chip = re.search(r"^\.target (\w+)", ptx, re.M).group(1)
    out = subprocess.run(["ptxas", "-v", f"-arch={chip}", path, "-o", os.devnull], capture_output=True, text=True)
    m = re.search(r"Used (\d+) registers", out.stderr)
    return int(m.group(1)) if m else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dump")
    parser.add_argument("out")
    parser.add_argument("--only", default="")
    parser.add_argument("--regs", action="store_true")
    args = parser.parse_args()
    import triton
    from triton.backends.compiler import GPUTarget
    import tritondialect
    os.makedirs(args.out, exist_ok=True)
    rows = []
    for path in sorted(glob.glob(os.path.join(args.dump, "*.ttir"))):
        base = os.path.basename(path)[:-5]
        if args.only and not re.search(args.only, base):
            continue
        opts = json.load(open(path[:-5] + ".json"))
        tritondialect.uninstall()
        try:
            up = triton.compile(path, target=GPUTarget("cuda", 90, 32),
                                options={"num_warps": opts["num_warps"], "num_stages": opts["num_stages"]})
            up_ptx, up_ttgir, up_shared = up.asm["ptx"], up.asm["ttgir"], up.metadata.shared
        except Exception as e:
            print(f"{base}: upstream failed: {e}")
            continue
        try:
            with open(path) as f:
                ours = tritondialect.compile_ttir(f.read(), **opts)
        except tritondialect.CompilationError as e:
            print(f"{base}: ours failed: {e}")
            continue
        for tag, ptx, ttgir in (("up", up_ptx, up_ttgir), ("ours", ours.ptx, ours.ttgir)):
            with open(os.path.join(args.out, f"{base}.{tag}.ptx"), "w") as f:
                f.write(ptx)
            with open(os.path.join(args.out, f"{base}.{tag}.ttgir"), "w") as f:
                f.write(ttgir)
        row = {"kernel": base, "warps": opts["num_warps"], "stages": opts["num_stages"],
               "up": {"shared": up_shared, "access": access_widths(up_ptx)},
               "ours": {"shared": ours.metadata["shared"], "access": access_widths(ours.ptx)}}
        if args.regs:
            row["up"]["regs"] = ptxas_regs(up_ptx, os.path.join(args.out, "tmp.ptx"))
            row["ours"]["regs"] = ptxas_regs(ours.ptx, os.path.join(args.out, "tmp.ptx"))
        rows.append(row)
        same = row["up"]["access"] == row["ours"]["access"] and row["up"]["shared"] == row["ours"]["shared"]
        print(f"{'same' if same else 'DIFF'} {base} w{opts['num_warps']} s{opts['num_stages']} "
              f"up {row['up']} ours {row['ours']}", flush=True)
    json.dump(rows, open(os.path.join(args.out, "summary.json"), "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
