#!/usr/bin/env python3
"""Compiles a corpus directory (<name>.ttir + <name>.json, as the
conformance harness's `gen` writes them) with the installed tritondialect
wheel, in-process, into what the harness's `check --ptx-dir` reads:
<name>.ptx and <name>.meta.json. For the GPU machine, which has the wheel
but not the project's tools (scripts/compile-corpus.sh needs those).

num_warps and num_stages come from each kernel's JSON, grid_x_multiple from
its grid's x extent, as in scripts/compile-corpus.sh.

Usage: compile-corpus-wheel.py CORPUS_DIR OUT_DIR [--only REGEX]
"""

import argparse
import glob
import json
import os
import re
import sys


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("out")
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    import tritondialect

    os.makedirs(args.out, exist_ok=True)
    ok = failed = 0
    for path in sorted(glob.glob(os.path.join(args.corpus, "*.ttir"))):
        name = os.path.basename(path)[: -len(".ttir")]
        if args.only and not re.search(args.only, name):
            continue
        with open(path[: -len(".ttir")] + ".json") as f:
            spec = json.load(f)
        grid = spec.get("grid", [1])[0]
        multiple = max(m for m in (1, 2, 4, 8) if isinstance(grid, int) and grid % m == 0)
        with open(path) as f:
            text = f.read()
        try:
            kernel = tritondialect.compile_ttir(
                text,
                num_warps=spec.get("num_warps", 4),
                num_stages=spec.get("num_stages", 3),
                grid_x_multiple=multiple,
                keep_ir=False,
                source_name=path,
            )
        except tritondialect.CompilationError as e:
            print(f"FAIL {name}: {e}")
            failed += 1
            continue
        with open(os.path.join(args.out, name + ".ptx"), "w") as f:
            f.write(kernel.ptx)
        meta = kernel.metadata
        with open(os.path.join(args.out, name + ".meta.json"), "w") as f:
            json.dump({"entry": meta["name"], "num_warps": meta["num_warps"], "shared_bytes": meta["shared"]}, f)
        print(f"ok   {name} ({meta['num_warps']} warps, {meta['shared']} B shared)")
        ok += 1
    print(f"compiled: {ok} ok, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
