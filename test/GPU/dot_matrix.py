"""Exact tensor-core matmuls, every combination the lowering distinguishes:
mma version (v3 wgmma, v2 mma.sync) x element type (f16, bf16, tf32 from
f32, i8) x shared swizzle width (BLOCK_K giving 32-, 64- and 128-byte rows)
x A and B each K-major or M/N-major (transposed in memory).

Inputs are small integers, so every product and sum is exact in the
accumulator (f32 or i32) and each output must equal the float64 reference
bit for bit: a wrong fragment, descriptor, swizzle or transpose shows as a
mismatch, not as rounding.

    python3 test/GPU/dot_matrix.py compile OUT [--quick]   # here: TTIR, PTX, ptxas

    python3 test/GPU/dot_matrix.py run OUT [--only REGEX]  # on the GPU

The pipelining cases (`*_pipeN`) compile one kernel per depth N = 1..5
with K a run-time argument and masked loads, and run it for K = 0, 16 and
32 (fewer iterations than stages), 208 (not a multiple of BLOCK_K) and 256.
The warp-specialized cases (`*_wsN_wW`) run the same kernel with its loop
marked `warp_specialize`: a cp.async producer warp group and N ring slots,
with W = 4 or 8 consumer warps.

`compile` writes OUT/<case>.ptx and OUT/manifest.json; it fails if a case
does not compile, if its PTX lacks the expected instruction
(wgmma.mma_async or mma.sync), or if ptxas (when present) rejects it.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

root = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(root / "python-frontend-stub"))

import triton_stub  # noqa: E402
import triton_stub.language as tl  # noqa: E402

M, N, K = 128, 128, 256
BLOCK_M, BLOCK_N = 64, 128


@triton_stub.jit
def dot_kernel(a_ptr, b_ptr, c_ptr, BLOCK_M: tl.constexpr,
               BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr, K: tl.constexpr,
               SAM: tl.constexpr, SAK: tl.constexpr, SBK: tl.constexpr,
               SBN: tl.constexpr, N: tl.constexpr, INT: tl.constexpr,
               TRANS_OP: tl.constexpr, X3: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + offs_m[:, None] * SAM + offs_k[None, :] * SAK
    if TRANS_OP:
        # B read as its transpose (N, K) and transposed with tl.trans.
        b_ptrs = b_ptr + offs_n[:, None] * SBN + offs_k[None, :] * SBK
    else:
        b_ptrs = b_ptr + offs_k[:, None] * SBK + offs_n[None, :] * SBN
    if INT:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.int32)
    else:
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, K // BLOCK_K):
        a = tl.load(a_ptrs)
        if TRANS_OP:
            b = tl.trans(tl.load(b_ptrs))
        else:
            b = tl.load(b_ptrs)
        if X3:
            acc = tl.dot(a, b, acc, input_precision="tf32x3")
        else:
            acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K * SAK
        b_ptrs += BLOCK_K * SBK
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


@triton_stub.jit
def dot_kernel_k(a_ptr, b_ptr, c_ptr, K, BLOCK_M: tl.constexpr,
                 BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                 SAM: tl.constexpr, SBN: tl.constexpr, N: tl.constexpr,
                 TRANS: tl.constexpr, WS: tl.constexpr):
    # K only known at run time: masked loads, a dynamic trip count; the
    # loop warp-specialized when WS (a cp.async producer warp group).
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    if TRANS:
        a_ptrs = a_ptr + offs_m[:, None] + offs_k[None, :] * SAM
        b_ptrs = b_ptr + offs_k[:, None] + offs_n[None, :] * SBN
    else:
        a_ptrs = a_ptr + offs_m[:, None] * SAM + offs_k[None, :]
        b_ptrs = b_ptr + offs_k[:, None] * SBN + offs_n[None, :]
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=WS):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        acc = tl.dot(a, b, acc)
        if TRANS:
            a_ptrs += BLOCK_K * SAM
            b_ptrs += BLOCK_K
        else:
            a_ptrs += BLOCK_K
            b_ptrs += BLOCK_K * SBN
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc)


# Pipelining: every depth, on K = 0, K below the pipeline's depth (16, 32:
# one iteration), K not a multiple of BLOCK_K (208) and 256, all from one
# kernel with K a run-time argument, specialized as divisible by 16 as
# upstream's launcher does (A is M x 256 and B 256 x N in memory).
PIPE_KS = (0, 16, 32, 208, 256)
KMAX = 256


def pipe_cases(quick=False):
    for version in ("v3", "v2"):
        for stages in (1, 2, 3, 4, 5):
            for trans in (False, True):
                if quick and (stages not in (1, 3) or trans):
                    continue
                yield {"version": version, "type": "f16", "stages": stages,
                       "trans": trans, "pipe": True, "block_k": 32,
                       "block_n": BLOCK_N, "warps": 4,
                       "name": f"{version}_f16_pipe{stages}"
                               f"{'_T' if trans else ''}"}
    # The loop marked warp_specialize: a cp.async producer warp group fills
    # rings of 2-4 slots that mbarriers hand over, with 4 and 8 consumer
    # warps (setmaxnreg with 8).
    for stages in (2, 3, 4):
        for warps in (4, 8):
            for trans in (False, True):
                if quick and (stages != 3 or warps != 8 or trans):
                    continue
                yield {"version": "v3", "type": "f16", "stages": stages,
                       "trans": trans, "pipe": True, "block_k": 32,
                       "block_n": BLOCK_N, "warps": warps, "ws": True,
                       "name": f"v3_f16_ws{stages}_w{warps}"
                               f"{'_T' if trans else ''}"}


TYPES = {  # name: (pointer type, element bytes, integer accumulator)
    "f16": ("*fp16", 2, False),
    "bf16": ("*bf16", 2, False),
    "tf32": ("*fp32", 4, False),
    "i8": ("*i8", 1, True),
    # fp8: the frontend has no fp8 pointers; the f16 kernel's TTIR with its
    # element type replaced.
    "e4m3": ("*fp16", 1, False),
    "e5m2": ("*fp16", 1, False),
    # f32 with input_precision="tf32x3" (3xTF32), on random floats: checked
    # against float64 for f32-level error, not bit for bit.
    "tf32x3": ("*fp32", 4, False),
}
FP8_TTIR = {"e4m3": "f8E4M3FN", "e5m2": "f8E5M2"}


def cases(quick=False):
    for version in ("v3", "v2"):
        for ty, (_, size, _) in TYPES.items():
            for swizzle in (32, 64, 128):
                if swizzle // size < 16:
                    continue  # tl.dot needs K >= 16: no 32-byte tf32 rows
                for ta in (False, True):
                    for tb in (False, True):
                        if quick and (swizzle != 128 or ta):
                            continue
                        # The swizzle follows the contiguous dimension's
                        # bytes: BLOCK_K for K-major operands, BLOCK_N for
                        # an N-major B (BLOCK_M stays 64, 128-byte rows,
                        # for an M-major A: wgmma needs M >= 64).
                        yield {"version": version, "type": ty,
                               "swizzle": swizzle, "block_k": swizzle // size,
                               "block_n": max(16, swizzle // size) if tb
                               else BLOCK_N,
                               "trans_a": ta, "trans_b": tb,
                               "name": f"{version}_{ty}_sw{swizzle}"
                                       f"_a{'T' if ta else 'N'}"
                                       f"_b{'T' if tb else 'N'}"}
            # K of one block: the one-iteration loop folds away, so the dot's
            # accumulator is the constant zero (tl.dot(a, b)), which wgmma
            # starts with scale-d 0 and undefined registers.
            if version == "v3" and ty in ("f16", "bf16", "tf32"):
                for ta in (False, True):
                    for tb in (False, True):
                        if quick and (ta or tb):
                            continue
                        yield {"version": version, "type": ty,
                               "swizzle": 128, "block_k": 128 // size,
                               "k": 128 // size, "block_n": BLOCK_N,
                               "trans_a": ta, "trans_b": tb,
                               "name": f"{version}_{ty}_sw128"
                                       f"_a{'T' if ta else 'N'}"
                                       f"_b{'T' if tb else 'N'}_k1"}
            # B as tl.trans of an (N, K) tile (tritongpu-optimize-dot-operands
            # stores it untransposed and views it with memdesc_trans).
            if not quick or ty == "f16":
                block_k = 128 // size
                yield {"version": version, "type": ty, "swizzle": 128,
                       "block_k": block_k, "block_n": BLOCK_N,
                       "trans_a": False, "trans_b": True, "trans_op": True,
                       "name": f"{version}_{ty}_sw128_aN_bTop"}


def tool(name):
    path = root / "build" / "bin" / name
    return str(path) if path.exists() else shutil.which(name)


def compile_all(out, quick):
    out.mkdir(parents=True, exist_ok=True)
    ptxas = shutil.which("ptxas") or (
        "/usr/local/cuda/bin/ptxas"
        if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
    manifest, failures = [], 0
    for case in list(cases(quick)) + list(pipe_cases(quick)):
        ptr, _, is_int = TYPES[case["type"]]
        if case.get("pipe"):
            # A (M, KMAX) row-major or stored transposed (KMAX, M); B
            # (KMAX, N) or (N, KMAX).
            kernel = triton_stub.compile(
                dot_kernel_k,
                signature={"a_ptr": ptr, "b_ptr": ptr, "c_ptr": "*fp32",
                           "K": "i32"},
                constexprs={"BLOCK_M": BLOCK_M, "BLOCK_N": case["block_n"],
                            "BLOCK_K": case["block_k"],
                            "SAM": M if case["trans"] else KMAX,
                            "SBN": KMAX if case["trans"] else N, "N": N,
                            "TRANS": case["trans"],
                            "WS": case.get("ws", False)},
                divisible_by_16=["K"],
                stages=("ttir",), num_warps=case["warps"], target="cuda:90")
            sam = sak = sbk = sbn = 0
        else:
            kernel = None
        # Strides in elements: a K-major A is row-major (M, K); a transposed
        # one is stored (K, M). Likewise B: N-major (K, N), transposed (N, K).
        if not case.get("pipe"):
          kc = case.get("k", K)
          sam, sak = (1, M) if case["trans_a"] else (kc, 1)
          sbk, sbn = (1, kc) if case["trans_b"] else (N, 1)
          kernel = triton_stub.compile(
            dot_kernel,
            signature={"a_ptr": ptr, "b_ptr": ptr,
                       "c_ptr": "*i32" if is_int else "*fp32"},
            constexprs={"BLOCK_M": BLOCK_M, "BLOCK_N": case["block_n"],
                        "BLOCK_K": case["block_k"], "K": kc, "SAM": sam,
                        "SAK": sak, "SBK": sbk, "SBN": sbn, "N": N,
                        "INT": is_int, "TRANS_OP": case.get("trans_op", False),
                        "X3": case["type"] == "tf32x3"},
            stages=("ttir",), num_warps=4, target="cuda:90")
        ttir = kernel.asm["ttir"]
        if case["type"] in FP8_TTIR:
            ttir = ttir.replace("f16", FP8_TTIR[case["type"]])
        options = ("num-warps=%d num-stages=%d target=cuda:90"
                   % (case.get("warps", 4), case.get("stages", 1)))
        if case["version"] == "v2":
            options += " disable-mma-v3=true"
        ttgir = subprocess.run(
            [tool("triton-opt"), "-",
             f"--triton-to-tritongpu-pipeline={options}"],
            input=ttir, capture_output=True, text=True).stdout
        shared = sorted({line.split("= ", 1)[1] for line in ttgir.splitlines()
                         if line.startswith("#shared")})
        ptx_path = out / f"{case['name']}.ptx"
        llvm = subprocess.run(
            [tool("triton-opt"), "-", f"--triton-nvidia-pipeline={options}"],
            input=ttir, capture_output=True, text=True)
        ok = llvm.returncode == 0
        if ok:
            tr = subprocess.run(
                [tool("triton-translate"), "-", "--triton-to-ptx", "-o",
                 str(ptx_path)], input=llvm.stdout, capture_output=True,
                text=True)
            ok = tr.returncode == 0
            detail = tr.stderr
        else:
            detail = llvm.stderr
        if ok:
            ptx = ptx_path.read_text()
            want = "wgmma.mma_async" if case["version"] == "v3" else "mma.sync"
            if case.get("ws"):
                want = "cp.async.mbarrier.arrive.noinc"
            if case["version"] == "v2" and case["type"] in FP8_TTIR:
                # On sm_90 fp8 is widened to f16 for mma.sync, as upstream's
                # (fp8 mma.sync only on sm_89 and sm_12x).
                want = "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
            if want not in ptx:
                ok, detail = False, f"no {want} in the PTX"
            elif ptxas:
                arch = "sm_90a" if ".target sm_90a" in ptx else "sm_90"
                pa = subprocess.run([ptxas, f"-arch={arch}", str(ptx_path),
                                     "-o", "/dev/null"],
                                    capture_output=True, text=True)
                ok, detail = pa.returncode == 0, pa.stderr
        print(f"{case['name']:28s} {'ok' if ok else 'FAIL'}  "
              + "  ".join(shared)
              + ("" if ok else f"\n{detail.strip()[:2000]}"))
        failures += not ok
        if ok:
            meta = json.loads(ptx_path.with_suffix(".meta.json").read_text())
            manifest.append({**case, "sam": sam, "sak": sak, "sbk": sbk,
                             "sbn": sbn, "shared": shared, "meta": meta})
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1))
    print(f"{len(manifest)} compiled, {failures} failed"
          + ("" if ptxas else " (no ptxas: PTX not assembled)"))
    return failures == 0


def run_all(out, only=None):
    import torch
    from triton_stub import driver as drv
    d = drv.Driver()
    torch.manual_seed(0)
    dtypes = {"f16": torch.float16, "bf16": torch.bfloat16,
              "tf32": torch.float32, "i8": torch.int8,
              "e4m3": torch.float8_e4m3fn, "e5m2": torch.float8_e5m2,
              "tf32x3": torch.float32}
    failures = 0
    import re
    for case in json.loads((out / "manifest.json").read_text()):
        if only and not re.search(only, case["name"]):
            continue
        fn, meta = drv.load_compiled(d, out / f"{case['name']}.ptx")
        dt = dtypes[case["type"]]
        if case.get("pipe"):
            bad_ks = []
            for k in PIPE_KS:
                a = torch.randint(-4, 5, (M, KMAX), device="cuda").to(dt)
                b = torch.randint(-4, 5, (KMAX, N), device="cuda").to(dt)
                a_mem = a.t().contiguous() if case["trans"] else a
                b_mem = b.t().contiguous() if case["trans"] else b
                c = torch.full((M, N), -7.0, device="cuda")
                d.launch(fn, (M // BLOCK_M, N // case["block_n"]),
                         meta["num_warps"], meta["shared_bytes"],
                         ["*fp16", "*fp16", "*fp32", "i32"],
                         [a_mem, b_mem, c, k])
                d.synchronize()
                want = (a[:, :k].double() @ b[:k].double()).float()
                if not torch.equal(c, want):
                    bad_ks.append(k)
            ok = not bad_ks
            print(f"{case['name']:28s} {'pass' if ok else 'FAIL'} "
                  f"(K = {', '.join(map(str, PIPE_KS))}"
                  + (f"; wrong for K = {bad_ks})" if bad_ks else ")"))
            failures += not ok
            continue
        x3 = case["type"] == "tf32x3"
        kc = case.get("k", K)
        if x3:
            a = torch.randn(M, kc, device="cuda")
            b = torch.randn(kc, N, device="cuda")
        else:
            a = torch.randint(-4, 5, (M, kc), device="cuda").to(dt)
            b = torch.randint(-4, 5, (kc, N), device="cuda").to(dt)
        # The kernel reads A[m, k] at m * sam + k * sak.
        a_mem = a.t().contiguous() if case["trans_a"] else a.contiguous()
        b_mem = b.t().contiguous() if case["trans_b"] else b.contiguous()
        is_int = TYPES[case["type"]][2]
        c = torch.full((M, N), -7, device="cuda",
                       dtype=torch.int32 if is_int else torch.float32)
        ptr = TYPES[case["type"]][0]
        d.launch(fn, (M // BLOCK_M, N // case["block_n"]), meta["num_warps"],
                 meta["shared_bytes"],
                 [ptr, ptr, "*i32" if is_int else "*fp32"], [a_mem, b_mem, c])
        d.synchronize()
        exact = a.double() @ b.double()
        if x3:
            # f32-level error: measured 2-3e-6 of the largest output on an
            # H100 (f32 accumulation over K = 256); one tf32 dot gives ~1e-3.
            err = ((c.double() - exact).abs().max() / exact.abs().max()).item()
            ok = err < 1e-5
            print(f"{case['name']:28s} {'pass' if ok else 'FAIL'} "
                  f"(max error {err:.2e} of the largest output)")
            failures += not ok
            continue
        want = exact.to(c.dtype)
        ok = torch.equal(c, want)
        bad = (c != want).sum().item()
        print(f"{case['name']:28s} {'pass' if ok else 'FAIL'}"
              + ("" if ok else f" ({bad} of {M * N} differ)"))
        failures += not ok
    print(f"dot matrix: {failures} failed")
    return failures == 0


if __name__ == "__main__":
    mode, folder = sys.argv[1], Path(sys.argv[2])
    quick = "--quick" in sys.argv
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    ok = compile_all(folder, quick) if mode == "compile" else run_all(folder, only)
    sys.exit(0 if ok else 1)
