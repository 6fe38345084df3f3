#!/usr/bin/env python3
"""Fuzzing the whole compiler with mutated corpus kernels.

Each mutant is a corpus kernel (upstream's TTIR, or upstream's TTGIR) with
one to three mutations:

  line     a line deleted, or two lines swapped
  const    an integer literal replaced (0, 1, 3, 7, 64, 100000, -1)
  shape    one dimension of a tensor type changed
  type     an element type replaced (f32, f16, bf16, f64, i1, i8, i32, i64,
           f8E4M3FN)
  layout   a number inside a #ttg layout (sizePerThread, warpsPerCTA, ...)
  module   a module attribute (ttg.num-warps, ttg.target, threads-per-warp)

and goes through every stage: parse and verify, the TTGIR pipeline (TTIR
only), shared-memory allocation and the lowering, the PTX step, ptxas (when
installed). Every outcome is classified:

  ok          PTX that ptxas accepts (or no ptxas)
  diagnosed   exit 1 with a located `file:line:col: error:`
  unlocated   exit 1 with an error that has no location (a defect)
  crash       a signal, an abort, "LLVM ERROR", an assertion (a defect)
  timeout     a stage over its time limit (a defect)
  rejected    PTX that ptxas refuses (a defect)

Defects are minimized (lines removed while the same defect remains) and
written as lit tests that replay them (`fuzz.py replay FILE` exits 0 once
the defect is gone).

    python3 scripts/fuzz.py run --seconds 60 --seed 1 --out build/fuzz
    python3 scripts/fuzz.py replay build/fuzz/defect-0.mlir
"""
import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64", "f8E4M3FN"]
# An even grid, so kernels with tensor-core loops also go through
# tritongpu-plan-clusters' grouping and ptxas sees their cluster directives.
TTIR_PIPELINE = ("--triton-nvidia-pipeline=num-warps=4 target=cuda:90 "
                 "grid-x-multiple=2")
TTGIR_PIPELINE = ("--pass-pipeline=builtin.module(allocate-shared-memory,"
                  "tritongpu-plan-clusters{grid-x-multiple=2},"
                  "convert-triton-gpu-to-llvm,convert-nvvm-to-llvm,"
                  "canonicalize,cse,symbol-dce)")
CRASH_MARKS = ("LLVM ERROR", "Assertion", "Stack dump", "PLEASE submit",
               "Segmentation fault", "AddressSanitizer", "runtime error:")
LOCATED = re.compile(r"^[^\s:]+:\d+:\d+: error:", re.M)


def find_ptxas():
    for p in [shutil.which("ptxas"), "/usr/local/cuda/bin/ptxas"]:
        if p and os.path.exists(p):
            return p
    return None


# ---------------------------------------------------------------- mutation

def mutate_line(lines, rng):
    body = [i for i, l in enumerate(lines) if l.startswith("    ")]
    if len(body) < 2:
        return False
    i = rng.choice(body)
    if rng.random() < 0.5:
        del lines[i]
    else:
        j = rng.choice(body)
        lines[i], lines[j] = lines[j], lines[i]
    return True


def replace_random(lines, rng, pattern, make, where=lambda l: True):
    """Replaces one random match of `pattern` (in lines passing `where`)
    with make(match)."""
    hits = [(i, m) for i, l in enumerate(lines) if where(l)
            for m in re.finditer(pattern, l)]
    if not hits:
        return False
    i, m = rng.choice(hits)
    lines[i] = lines[i][:m.start()] + make(m) + lines[i][m.end():]
    return True


def mutate_const(lines, rng):
    return replace_random(
        lines, rng, r"(?<![\w#%.])\d+(?![\w.])",
        lambda m: str(rng.choice([0, 1, 3, 7, 64, 100000, -1])),
        where=lambda l: l.startswith("    ") and "loc(" not in l[:8])


def mutate_shape(lines, rng):
    def make(m):
        dims = m.group(1).split("x")
        k = rng.randrange(len(dims))
        dims[k] = str(rng.choice([1, 2, 3, 16, 48, 128, 4096]))
        return "tensor<" + "x".join(dims) + "x"
    return replace_random(lines, rng, r"tensor<((?:\d+x)*\d+)x", make)


def mutate_type(lines, rng):
    return replace_random(
        lines, rng, r"\b(f32|f16|bf16|f64|i1|i8|i32|i64)\b(?=[>,:) ]|$)",
        lambda m: rng.choice(TYPES))


def mutate_layout(lines, rng):
    def make(m):
        nums = m.group(2).split(",")
        k = rng.randrange(len(nums))
        nums[k] = " " * (k > 0) + str(rng.choice([0, 1, 2, 3, 4, 8, 64]))
        return m.group(1) + ",".join(nums) + "]"
    return replace_random(
        lines, rng,
        r"((?:sizePerThread|threadsPerWarp|warpsPerCTA|order|instrShape|"
        r"CTAsPerCGA|CTASplitNum|CTAOrder) = \[)([^\]]*)\]", make,
        where=lambda l: l.startswith("#"))


def mutate_module(lines, rng):
    choices = [
        (r'"ttg\.num-warps" = \d+', lambda m: '"ttg.num-warps" = %d' %
         rng.choice([1, 2, 3, 8, 64])),
        (r'ttg\.target = "[^"]*"', lambda m: 'ttg.target = "%s"' %
         rng.choice(["cuda:1", "cuda:80", "cuda:89", "cuda:100", "cuda:120",
                     "hip:gfx942", "cuda:"])),
        (r'"ttg\.threads-per-warp" = \d+',
         lambda m: '"ttg.threads-per-warp" = %d' % rng.choice([16, 64])),
        (r'"ttg\.num-warps" = \d+ : i32, ', lambda m: ""),
    ]
    rng.shuffle(choices)
    for pattern, make in choices:
        if replace_random(lines, rng, pattern, make):
            return True
    return False


MUTATORS = {"line": mutate_line, "const": mutate_const, "shape": mutate_shape,
            "type": mutate_type, "layout": mutate_layout,
            "module": mutate_module}


def mutate(text, is_ttgir, rng):
    lines = text.split("\n")
    applied = []
    kinds = [k for k in MUTATORS if is_ttgir or k not in ("layout", "module")]
    for _ in range(rng.choice([1, 1, 2, 3])):
        kind = rng.choice(kinds)
        if MUTATORS[kind](lines, rng):
            applied.append(kind)
    return "\n".join(lines), applied


# ---------------------------------------------------------------- stages

def run(cmd, stdin, timeout):
    try:
        p = subprocess.run(cmd, input=stdin, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "timeout"


def classify(rc, err, text=""):
    """An exit code and stderr as an outcome. An error at `<unknown>` counts
    as located when the input itself gives ops `loc(unknown)` (upstream's
    TTGIR does, for hoisted constants): the input says where it is."""
    if rc is None:
        return "timeout"
    if rc < 0 or rc > 1 or any(m in err for m in CRASH_MARKS):
        return "crash"
    if rc == 1:
        if LOCATED.search(err):
            return "diagnosed"
        if "<unknown>:0: error:" in err and "loc(unknown)" in text:
            return "diagnosed"
        return "unlocated"
    return "ok"


def compile_text(text, is_ttgir, tools, ptxas, timeout, workdir):
    """(outcome, stage, message) of one input through every stage."""
    opt = os.path.join(tools, "triton-opt")
    translate = os.path.join(tools, "triton-translate")
    src = os.path.join(workdir, "input.mlir")
    with open(src, "w") as f:
        f.write(text)
    stages = [("parse", [opt, src, "-o", os.devnull])]
    pipeline = TTGIR_PIPELINE if is_ttgir else TTIR_PIPELINE
    lowered = os.path.join(workdir, "lowered.mlir")
    stages.append(("pipeline", [opt, src, pipeline, "--mlir-print-debuginfo",
                                "-o", lowered]))
    ptx = os.path.join(workdir, "out.ptx")
    stages.append(("translate", [translate, "--mlir-to-ptx", lowered, "-o",
                                 ptx]))
    for stage, cmd in stages:
        rc, _, err = run(cmd, None, timeout)
        outcome = classify(rc, err, text)
        if outcome != "ok":
            first = next((l for l in err.split("\n") if l.strip()), "")
            return outcome, stage, first[:300]
    if ptxas:
        m = re.search(r"^\.target (sm_\w+)", open(ptx).read(8192), re.M)
        arch = m.group(1) if m else "sm_90"
        rc, _, err = run([ptxas, "-arch=" + arch, ptx, "-o", os.devnull],
                         None, timeout)
        if rc != 0:
            return "rejected", "ptxas", (err.strip().split("\n") or [""])[0][:300]
    return "ok", "", ""


DEFECTS = ("unlocated", "crash", "timeout", "rejected")


def signature_of(message):
    """A defect's message with what varies between mutants removed (the
    location, types and layouts, numbers): one reproducer per kind."""
    m = re.sub(r"^\S+:\d+:\d+: ", "", message)
    for _ in range(4):
        m = re.sub(r"<[^<>]*>", "<>", m)
    return re.sub(r"0x[0-9a-f]+|\d+", "N", m)


def minimize(text, is_ttgir, signature, tools, ptxas, timeout, workdir,
             budget):
    """Removes lines (halves, then single lines) while the defect with
    `signature` (outcome, stage) remains; at most `budget` seconds."""
    lines = text.split("\n")
    deadline = time.time() + budget
    chunk = max(1, len(lines) // 2)
    while chunk >= 1 and time.time() < deadline:
        i, changed = 0, False
        while i < len(lines) and time.time() < deadline:
            trial = lines[:i] + lines[i + chunk:]
            outcome, stage, _ = compile_text("\n".join(trial), is_ttgir, tools,
                                             ptxas, timeout, workdir)
            if (outcome, stage) == signature:
                lines, changed = trial, True
            else:
                i += chunk
        if not changed:
            chunk //= 2
    return "\n".join(lines)


def write_reproducer(path, text, is_ttgir, outcome, stage, message, origin):
    header = [
        "// A defect the fuzzer found (scripts/fuzz.py): %s in %s, from %s." %
        (outcome, stage, origin),
        "// %s" % message.replace("\n", " ")[:200],
        "// The replay passes once every stage ends in PTX that ptxas accepts",
        "// or in a located error.",
        "// RUN: %%python %%src_root/scripts/fuzz.py replay %s%s --tools %%triton_tools" %
        ("--ttgir " if is_ttgir else "", "%s"),
        "",
    ]
    with open(path, "w") as f:
        f.write("\n".join(header) + text + "\n")


# ---------------------------------------------------------------- commands

def corpus_inputs(corpus):
    inputs = []
    for path in sorted(glob.glob(os.path.join(corpus, "*.ttir"))):
        inputs.append((path, False))
    for path in sorted(glob.glob(os.path.join(corpus, "*.upstream.ttgir"))):
        inputs.append((path, True))
    return inputs


def cmd_run(ns):
    rng = random.Random(ns.seed)
    ptxas = None if ns.no_ptxas else find_ptxas()
    inputs = [(p, g, open(p).read()) for p, g in corpus_inputs(ns.corpus)]
    # The large perf kernels take seconds each: the small ones mutate faster.
    inputs = [i for i in inputs if ns.all or "perf_" not in i[0]]
    os.makedirs(ns.out, exist_ok=True)
    counts, defects, seen = {}, [], set()
    start, n = time.time(), 0
    with tempfile.TemporaryDirectory() as workdir:
        while time.time() - start < ns.seconds and (not ns.count or n < ns.count):
            path, is_ttgir, text = rng.choice(inputs)
            mutant, kinds = mutate(text, is_ttgir, rng)
            outcome, stage, message = compile_text(mutant, is_ttgir, ns.tools,
                                                   ptxas, ns.timeout, workdir)
            n += 1
            counts[outcome] = counts.get(outcome, 0) + 1
            if outcome not in DEFECTS:
                continue
            key = (outcome, stage, signature_of(message))
            if key in seen:
                continue
            seen.add(key)
            small = minimize(mutant, is_ttgir, (outcome, stage), ns.tools,
                             ptxas, ns.timeout, workdir, ns.minimize_seconds)
            out = os.path.join(ns.out, "defect-%d.mlir" % len(defects))
            write_reproducer(out, small, is_ttgir, outcome, stage, message,
                             "%s (%s)" % (os.path.basename(path),
                                          ", ".join(kinds)))
            defects.append({"file": out, "outcome": outcome, "stage": stage,
                            "message": message, "origin": path,
                            "mutations": kinds})
            print("DEFECT %s in %s: %s\n  reproducer: %s" %
                  (outcome, stage, message, out), flush=True)
    report = {"seed": ns.seed, "seconds": round(time.time() - start, 1),
              "mutants": n, "outcomes": counts, "defects": defects,
              "ptxas": bool(ptxas)}
    with open(os.path.join(ns.out, "report.json"), "w") as f:
        json.dump(report, f, indent=1)
    print("fuzz: %d mutants in %.0f s (seed %d): %s; %d defects" %
          (n, report["seconds"], ns.seed,
           ", ".join("%s %d" % kv for kv in sorted(counts.items())),
           len(defects)))
    return 1 if defects else 0


def cmd_replay(ns):
    text = open(ns.file).read()
    ptxas = find_ptxas()
    with tempfile.TemporaryDirectory() as workdir:
        outcome, stage, message = compile_text(text, ns.ttgir, ns.tools, ptxas,
                                               ns.timeout, workdir)
    print("replay: %s%s%s" % (outcome, " in " + stage if stage else "",
                              ": " + message if message else ""))
    return 1 if outcome in DEFECTS else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("run")
    r.add_argument("--seconds", type=float, default=60)
    r.add_argument("--count", type=int, default=0, help="stop after N mutants")
    r.add_argument("--seed", type=int, default=1)
    r.add_argument("--out", default=os.path.join(ROOT, "build", "fuzz"))
    r.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    r.add_argument("--corpus",
                   default=os.path.join(ROOT, "..", "shared", "conformance", "ttir"))
    r.add_argument("--timeout", type=float, default=60)
    r.add_argument("--minimize-seconds", type=float, default=60)
    r.add_argument("--all", action="store_true", help="include the perf_ kernels")
    r.add_argument("--no-ptxas", action="store_true")
    x = sub.add_parser("replay")
    x.add_argument("file")
    x.add_argument("--ttgir", action="store_true")
    x.add_argument("--tools", default=os.path.join(ROOT, "build", "bin"))
    x.add_argument("--timeout", type=float, default=120)
    ns = p.parse_args()
    return cmd_run(ns) if ns.cmd == "run" else cmd_replay(ns)


if __name__ == "__main__":
    sys.exit(main())
