"""Per-config kernel time of a persistent grouped GEMM (the kind tutorial 08
autotunes), upstream's compiler against ours, in one process, with the
outputs checked against torch: four square f16 GEMMs of N = 128 ... 1024.

    python3 bench/grouped_gemm_ab.py"""
import os, json
os.environ.setdefault("TRITON_CACHE_DIR", "/tmp/diagcache")
import torch, triton, triton.language as tl
import tritondialect

def gg_body(ga, gb, gc, sizes, lds, G, NUM_SM: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    t = tl.program_id(0)
    end = 0
    for g in range(G):
        gm = tl.load(sizes + g * 3); gn = tl.load(sizes + g * 3 + 1); gk = tl.load(sizes + g * 3 + 2)
        ntm = tl.cdiv(gm, BM); ntn = tl.cdiv(gn, BN); nt = ntm * ntn
        while (t >= end and t < end + nt):
            lda = tl.load(lds + g * 3); ldb = tl.load(lds + g * 3 + 1); ldc = tl.load(lds + g * 3 + 2)
            a_ptr = tl.load(ga + g).to(tl.pointer_type(tl.float16))
            b_ptr = tl.load(gb + g).to(tl.pointer_type(tl.float16))
            c_ptr = tl.load(gc + g).to(tl.pointer_type(tl.float16))
            i = t - end; tm = i // ntn; tn = i % ntn
            om = tm * BM + tl.arange(0, BM); on = tn * BN + tl.arange(0, BN); ok = tl.arange(0, BK)
            ap = a_ptr + om[:, None] * lda + ok[None, :]
            bp = b_ptr + ok[:, None] * ldb + on[None, :]
            acc = tl.zeros((BM, BN), dtype=tl.float32)
            for kk in range(0, tl.cdiv(gk, BK)):
                tl.multiple_of(ap, [16, 16]); tl.multiple_of(bp, [16, 16])
                a = tl.load(ap); b = tl.load(bp)
                acc += tl.dot(a, b)
                ap += BK; bp += BK * ldb
            c = acc.to(tl.float16)
            tl.store(c_ptr + ldc * om[:, None] + on[None, :], c)
            t += NUM_SM
        end = end + nt



def main():
    nsm = torch.cuda.get_device_properties("cuda").multi_processor_count
    CONFIGS = [(128,128,32,84),(128,128,32,128),(64,64,32,84),(64,64,32,128),(128,128,64,nsm),(64,128,64,nsm)]
    up_k = triton.jit(gg_body); our_k = triton.jit(gg_body)
    dump = {}
    for N in (128, 256, 512, 1024):
        A = [torch.rand((N, N), device="cuda", dtype=torch.float16) for _ in range(4)]
        B = [torch.rand((N, N), device="cuda", dtype=torch.float16) for _ in range(4)]
        C = [torch.empty((N, N), device="cuda", dtype=torch.float16) for _ in range(4)]
        da = torch.tensor([x.data_ptr() for x in A], device="cuda"); db = torch.tensor([x.data_ptr() for x in B], device="cuda")
        dc = torch.tensor([x.data_ptr() for x in C], device="cuda")
        sz = torch.tensor([N, N, N] * 4, dtype=torch.int32, device="cuda"); ld = torch.tensor([N, N, N] * 4, dtype=torch.int32, device="cuda")
        for cfg in CONFIGS:
            BM, BN, BK, S = cfg
            row = []
            for who, k in (("up", up_k), ("ours", our_k)):
                if who == "ours": tritondialect.install(strict=True)
                else: tritondialect.uninstall()
                f = lambda: k[(S,)](da, db, dc, sz, ld, 4, NUM_SM=S, BM=BM, BN=BN, BK=BK)
                h = f(); torch.cuda.synchronize()
                ok = all(torch.allclose(C[i], A[i] @ B[i], atol=1e-2, rtol=0) for i in range(4))
                ms = triton.testing.do_bench(f, warmup=25, rep=100)
                row.append(ms)
                if N == 128 and cfg == CONFIGS[0]: dump[who] = {"ttgir": h.asm["ttgir"], "ptx": h.asm["ptx"], "n_regs": h.n_regs, "shared": h.metadata.shared}
                if not ok: print("MISMATCH", who, N, cfg)
            print(f"N={N} cfg={cfg}: up {row[0]*1e3:8.1f} us ours {row[1]*1e3:8.1f} us ratio {row[0]/row[1]:.2f}", flush=True)
    tritondialect.uninstall()
    json.dump(dump, open(os.path.join(os.environ.get("OUT", "/tmp"), "gg-dump.json"), "w"))


if __name__ == "__main__":
    main()
