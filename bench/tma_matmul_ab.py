"""Kernels with host TensorDescriptor arguments (TMA), upstream's compiler
against ours in one process: outputs checked against torch, per-config time
with triton.testing.do_bench, and whether ours issued TMA copies.

    python3 bench/tma_matmul_ab.py [--out results.json]

- mm: C = A @ B through descriptors of A [M, K], B [K, N], C [M, N] (the
  loop's loads pipelined into mbarrier rings);
- mm_bt: B given as [N, K] and transposed in the kernel (tutorial 09's form);
- mm_dev: mm with descriptors made in the kernel (tl.make_tensor_descriptor);
- mm_ws: mm with the loop marked `tl.range(..., warp_specialize=True)` (a
  TMA producer warp group and wgmma consumers); `--kernels mm_ws` selects it;
- ew: one block loaded, changed and stored (no loop);
on square sizes and ragged ones (edges the tensor map clips and zero-fills).
"""
import argparse
import json
import os

os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/tmacache")
import torch
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

import tritondialect


def mm_body(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


def mm_bt_body(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([pid_n * BN, k])
        acc = tl.dot(a, b.T, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


def mm_dev_body(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    a_desc = tl.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK])
    b_desc = tl.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN])
    c_desc = tl.make_tensor_descriptor(c_ptr, [M, N], [N, 1], [BM, BN])
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, K, BK):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


def mm_ws_body(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in tl.range(0, K, BK, warp_specialize=True):
        a = a_desc.load([pid_m * BM, k])
        b = b_desc.load([k, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))


def ew_body(x_desc, y_desc, BM: tl.constexpr, BN: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    x = x_desc.load([pid_m * BM, pid_n * BN])
    y = x.to(tl.float32) * 2.0 + 1.0
    y_desc.store([pid_m * BM, pid_n * BN], y)


def use(who):
    if who == "ours":
        tritondialect.install(strict=True)
    else:
        tritondialect.uninstall()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out")
    parser.add_argument("--dump", help="write each compiler's PTX and TTGIR of the 4096 configs here")
    parser.add_argument("--sizes", default="4096,8192,1000,520x264x200")
    parser.add_argument("--kernels", default="mm,mm_bt,mm_dev", help="any of mm,mm_bt,mm_dev,mm_ws")
    parser.add_argument("--configs", help="BMxBNxBKxWARPSxSTAGES,... (default: four configs)")
    parser.add_argument("--dtype", default="float16", help="float16 or bfloat16")
    parser.add_argument("--who", default="up,ours",
                        help="the compilers to run: up, ours or both (up,ours); one alone for a sanitizer")
    parser.add_argument("--no-ew", action="store_true", help="skip the elementwise kernel")
    args = parser.parse_args()
    results = []
    kernels = {
        who: (triton.jit(mm_body), triton.jit(mm_bt_body), triton.jit(ew_body), triton.jit(mm_dev_body),
              triton.jit(mm_ws_body))
        for who in ("up", "ours")
    }
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    configs = [(128, 128, 64, 4, 3), (128, 128, 64, 8, 3), (128, 256, 64, 8, 3), (64, 128, 64, 4, 4)]
    if args.configs:
        configs = [tuple(int(x) for x in c.split("x")) for c in args.configs.split(",")]
    dtype = getattr(torch, args.dtype)
    sizes = []
    for item in args.sizes.split(","):
        dims = [int(x) for x in item.split("x")]
        sizes.append(tuple(dims * 3 if len(dims) == 1 else dims))
    for M, N, K in sizes:
        a = torch.randn((M, K), device="cuda", dtype=dtype)
        b = torch.randn((K, N), device="cuda", dtype=dtype)
        bt = b.t().contiguous()
        ref = (a.float() @ b.float()).half()
        if M >= 4096:
            ms = triton.testing.do_bench(lambda: torch.matmul(a, b), warmup=25, rep=200)
            row = {"kernel": "cublas", "M": M, "N": N, "K": K, "ms": ms, "tflops": 2 * M * N * K / ms * 1e-9}
            print(json.dumps(row), flush=True)
            results.append(row)
        for BM, BN, BK, warps, stages in configs:
            for name in args.kernels.split(","):
                row = {"kernel": name, "M": M, "N": N, "K": K, "config": [BM, BN, BK, warps, stages]}
                for who in args.who.split(","):
                    use(who)
                    kernel = kernels[who][{"mm": 0, "mm_bt": 1, "mm_dev": 3, "mm_ws": 4}[name]]
                    c = torch.empty((M, N), device="cuda", dtype=torch.float16)
                    a_d = TensorDescriptor.from_tensor(a, [BM, BK])
                    b_d = (TensorDescriptor.from_tensor(b, [BK, BN])
                           if name in ("mm", "mm_ws") else TensorDescriptor.from_tensor(bt, [BN, BK]))
                    c_d = TensorDescriptor.from_tensor(c, [BM, BN])
                    grid = (triton.cdiv(M, BM), triton.cdiv(N, BN))
                    if name == "mm_dev":
                        a_d, b_d, c_d = a, b, c
                    f = lambda: kernel[grid](a_d, b_d, c_d, M, N, K, BM=BM, BN=BN, BK=BK, num_warps=warps,
                                             num_stages=stages)
                    try:
                        compiled = f()
                    except Exception as e:  # upstream may refuse a variant
                        row[who + "_error"] = f"{type(e).__name__}: {str(e)[-300:]}"
                        continue
                    torch.cuda.synchronize()
                    err = (c.float() - ref.float()).abs().max().item()
                    row[who + "_err"] = err
                    row[who + "_ok"] = bool(torch.allclose(c.float(), ref.float(), atol=0.5, rtol=1e-2))
                    if who == "ours":
                        row["ours_tma"] = "cp.async.bulk.tensor" in compiled.asm["ptx"]
                    row[who + "_setmaxnreg"] = "setmaxnreg" in compiled.asm["ptx"]
                    if args.dump and M == 4096:
                        os.makedirs(args.dump, exist_ok=True)
                        tag = f"{name}-{BM}x{BN}x{BK}-{warps}w{stages}s-{who}"
                        for ext in ("ptx", "ttgir"):
                            with open(os.path.join(args.dump, f"{tag}.{ext}"), "w") as fh:
                                fh.write(compiled.asm[ext])
                    if M >= 4096:
                        ms = triton.testing.do_bench(f, warmup=25, rep=200)
                        row[who + "_ms"] = ms
                        row[who + "_tflops"] = 2 * M * N * K / ms * 1e-9
                if "ours_ms" in row and "up_ms" in row:
                    row["speedup"] = row["up_ms"] / row["ours_ms"]
                print(json.dumps(row), flush=True)
                results.append(row)
    # The elementwise kernel: no loop, both directions.
    M, N = 1000, 776
    if args.no_ew:
        return finish(results, args)
    x = torch.randn((M, N), device="cuda", dtype=torch.float16)
    for BM, BN in ((64, 64), (32, 128), (128, 32)):
        row = {"kernel": "ew", "M": M, "N": N, "config": [BM, BN]}
        for who in args.who.split(","):
            use(who)
            y = torch.zeros((M, N), device="cuda", dtype=torch.float32)
            compiled = kernels[who][2][(triton.cdiv(M, BM), triton.cdiv(N, BN))](
                TensorDescriptor.from_tensor(x, [BM, BN]), TensorDescriptor.from_tensor(y, [BM, BN]), BM=BM, BN=BN)
            torch.cuda.synchronize()
            row[who + "_ok"] = bool(torch.equal(y, x.float() * 2 + 1))
            if who == "ours":
                row["ours_tma"] = "cp.async.bulk.tensor" in compiled.asm["ptx"]
        print(json.dumps(row), flush=True)
        results.append(row)
    finish(results, args)


def finish(results, args):
    tritondialect.uninstall()
    if args.out:
        with open(args.out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
