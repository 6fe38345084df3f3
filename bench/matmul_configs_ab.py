"""Per-config kernel time of a grouped-order matmul (the kind tutorial 03
autotunes), upstream's compiler against ours, in one process, with the
outputs checked against torch.

    python3 bench/matmul_configs_ab.py            # fp16 and fp8 (e5m2)
    MM_ONLY=fp8 python3 bench/matmul_configs_ab.py
    MM_SIZES=1792,4096 python3 bench/matmul_configs_ab.py

Two JITFunctions of one body: one compiled before tritondialect.install(),
one after; each (BM, BN, BK, stages, warps) config at each size is timed
with triton.testing.do_bench for both. Writes the S=256 fp16 kernels'
TTGIR/PTX to $OUT/mm256-dump.json for comparison."""
import os, sys, json, itertools
os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/diagcache")
import torch, triton, triton.language as tl
import tritondialect

def mm_body(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
            BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GM: tl.constexpr):
    pid = tl.program_id(0)
    npm = tl.cdiv(M, BM); npn = tl.cdiv(N, BN)
    nig = GM * npn; gid = pid // nig; first = gid * GM
    gsz = min(npm - first, GM)
    pm = first + ((pid % nig) % gsz); pn = (pid % nig) // gsz
    om = (pm * BM + tl.arange(0, BM)) % M
    on = (pn * BN + tl.arange(0, BN)) % N
    ok = tl.arange(0, BK)
    ap = a_ptr + om[:, None] * sam + ok[None, :] * sak
    bp = b_ptr + ok[:, None] * sbk + on[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = tl.load(ap, mask=ok[None, :] < K - k * BK, other=0.0)
        b = tl.load(bp, mask=ok[:, None] < K - k * BK, other=0.0)
        acc = tl.dot(a, b, acc)
        ap += BK * sak; bp += BK * sbk
    c = acc.to(tl.float16)
    cm = pm * BM + tl.arange(0, BM); cn = pn * BN + tl.arange(0, BN)
    tl.store(c_ptr + scm * cm[:, None] + scn * cn[None, :], c, mask=(cm[:, None] < M) & (cn[None, :] < N))

CONFIGS = [(128,256,64,3,8),(64,256,32,4,4),(128,128,32,4,4),(128,64,32,4,4),(64,128,32,4,4),(128,32,32,4,4),
           (64,32,32,5,2),(32,64,32,5,2),(128,256,128,3,8),(256,128,128,3,8),(256,64,128,4,4),(64,256,128,4,4),
           (128,128,128,4,4),(128,64,64,4,4),(64,128,64,4,4),(128,32,64,4,4)]


def main():
    up_k = triton.jit(mm_body)
    our_k = triton.jit(mm_body)
    dump = {}
    ONLY = os.environ.get("MM_ONLY", "")
    def launch(k, a, b, c, cfg):
        BM, BN, BK, s, w = cfg
        M, K = a.shape; _, N = b.shape
        grid = (triton.cdiv(M, BM) * triton.cdiv(N, BN),)
        return k[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1),
                       BM=BM, BN=BN, BK=BK, GM=8, num_stages=s, num_warps=w)
    for dt in ("fp16", "fp8"):
        if ONLY and dt != ONLY: continue
        for S in [int(x) for x in os.environ.get("MM_SIZES", "256,1024,1792,4096").split(",")]:
            a = torch.randn((S, S), device="cuda", dtype=torch.float16)
            b = torch.randn((S, S), device="cuda", dtype=torch.float16)
            if dt == "fp8":
                a = a.to(torch.float8_e5m2); b = b.T.to(torch.float8_e5m2)
            c = torch.empty((S, S), device="cuda", dtype=torch.float16)
            best = {}
            for cfg in CONFIGS:
                row, errs = [], {}
                for who, k in (("up", up_k), ("ours", our_k)):
                    if who == "ours": tritondialect.install(strict=True)
                    else: tritondialect.uninstall()
                    try:
                        h = launch(k, a, b, c, cfg)
                        ref = torch.matmul(a.to(torch.float16), b.to(torch.float16))
                        errs[who] = (c.float() - ref.float()).abs().max().item()
                        ms = triton.testing.do_bench(lambda: launch(k, a, b, c, cfg), warmup=25, rep=100)
                        if S == 256 and dt == "fp16": dump[f"{who}-{cfg}"] = {"ttgir": h.asm["ttgir"], "ptx": h.asm["ptx"], "n_regs": h.n_regs, "shared": h.metadata.shared}
                    except Exception as e:
                        ms = float("inf"); print("ERR", who, cfg, str(e)[:200])
                    row.append(ms)
                    best[who] = min(best.get(who, (9e9,)), (ms, cfg))
                # fp8 rounding grows with K: ours must stay within upstream's error.
                if errs.get("ours", 0) > max(1.5 * errs.get("up", 0), 1e-2):
                    print("MISMATCH", dt, S, cfg, errs)
                print(f"{dt} S={S} cfg={cfg}: up {row[0]*1e3:8.1f} us ours {row[1]*1e3:8.1f} us ratio {row[0]/row[1]:.2f}",
                      flush=True)
            print(f"== {dt} S={S} best up {best['up'][0]*1e3:.1f} us {best['up'][1]}  best ours {best['ours'][0]*1e3:.1f} us {best['ours'][1]}", flush=True)
    tritondialect.uninstall()
    json.dump(dump, open(os.path.join(os.environ.get("OUT", "/tmp"), "mm256-dump.json"), "w"))


if __name__ == "__main__":
    main()
