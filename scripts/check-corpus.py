#!/usr/bin/env python3
"""Checks upstream's files of the conformance corpus against triton-opt.

For each `ttir/*.ttir` (upstream's TTIR) or, with --glob, another set such as
`*.upstream.ttgir` (upstream's TritonGPU IR), it requires that:
  1. the file parses and verifies;
  2. print -> parse -> print is a fixed point (custom form);
  3. the generic form carries everything: custom -> generic -> custom is
     identical to the first custom print;
  4. printed with upstream's flags (debug info, name locations as SSA
     prefixes) the text equals upstream's own, up to SSA value names.
Any failure is reported with the file and the first differing line, and the
script exits 1. It prints one closing line `corpus: N passed, N failed`.
"""
import argparse
import difflib
import pathlib
import re
import subprocess
import sys


def run(opt, args, text=None, path=None):
    cmd = [opt] + args + ([str(path)] if path else ["-"])
    proc = subprocess.run(cmd, input=text, capture_output=True, text=True,
                          timeout=60)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n"
                           f"{proc.stderr.strip()}")
    return proc.stdout


SSA = re.compile(r"%[A-Za-z_0-9]+(:[0-9]+)?(#[0-9]+)?")


def normalize(text):
    return SSA.sub("%V", text).rstrip() + "\n"


def first_diff(a, b):
    for line in difflib.unified_diff(a.splitlines(), b.splitlines(),
                                     "triton-opt", "expected", lineterm="",
                                     n=0):
        if line.startswith(("-", "+")) and not line.startswith(("---", "+++")):
            return line
    return "(whitespace only)"


def check(opt, path):
    first = run(opt, [], path=path)
    second = run(opt, [], text=first)
    if first != second:
        return "print/parse/print is not a fixed point: " + first_diff(second, first)
    generic = run(opt, ["--mlir-print-op-generic"], text=first)
    back = run(opt, [], text=generic)
    if back != first:
        return "generic form loses information: " + first_diff(back, first)
    upstream = path.read_text()
    ours = run(opt, ["--mlir-print-debuginfo", "--mlir-use-nameloc-as-prefix"],
               path=path)
    if normalize(ours) != normalize(upstream):
        return ("printed form differs from upstream's: " +
                first_diff(normalize(ours), normalize(upstream)))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--triton-opt", required=True)
    parser.add_argument("corpus", type=pathlib.Path,
                        help="the conformance folder (holding ttir/)")
    parser.add_argument("--glob", default="*.ttir",
                        help="which files of ttir/ to check (default *.ttir)")
    args = parser.parse_args()
    files = sorted((args.corpus / "ttir").glob(args.glob))
    if not files:
        print(f"corpus: no ttir/{args.glob} under {args.corpus}; the conformance "
              "corpus must sit at ../shared/conformance (or set "
              "TRITON_CONFORMANCE_DIR)")
        print("corpus: 0 passed, 1 failed")
        return 1
    failed = 0
    for path in files:
        try:
            problem = check(args.triton_opt, path)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            problem = str(e)
        if problem:
            failed += 1
            print(f"FAIL {path.name}: {problem}")
        else:
            print(f"ok   {path.name}")
    print(f"corpus: {len(files) - failed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
