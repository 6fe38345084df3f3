# Appended to the conformance kernels file (kernels_dev.py) as .gpu/conformance/kernels_x.py.
@triton.jit
def attn_fwd_causal(Q, K, V, O, sm_scale, L: tl.constexpr, D: tl.constexpr, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0); bh = tl.program_id(1)
    base = bh * L * D
    rm = pm * BM + tl.arange(0, BM); rd = tl.arange(0, D)
    q = tl.load(Q + base + rm[:, None] * D + rd[None, :])
    m_i = tl.full((BM,), -float("inf"), tl.float32); l_i = tl.zeros((BM,), tl.float32)
    acc = tl.zeros((BM, D), tl.float32)
    for s in range(0, (pm + 1) * BM, BN):
        rn = s + tl.arange(0, BN)
        k = tl.load(K + base + rn[None, :] * D + rd[:, None])
        qk = tl.dot(q, k) * sm_scale
        qk = tl.where(rm[:, None] >= rn[None, :], qk, -float("inf"))
        m_new = tl.maximum(m_i, tl.max(qk, 1))
        p = tl.exp(qk - m_new[:, None])
        alpha = tl.exp(m_i - m_new)
        l_i = l_i * alpha + tl.sum(p, 1)
        v = tl.load(V + base + rn[:, None] * D + rd[None, :])
        acc = acc * alpha[:, None] + tl.dot(p.to(tl.float16), v)
        m_i = m_new
    tl.store(O + base + rm[:, None] * D + rd[None, :], (acc / l_i[:, None]).to(tl.float16))

# The corpus kernel's causal version (perf_flash_attn_fwd's loop, masked, up to the diagonal; session 36).
spec("perf_flash_attn_fwd_causal", attn_fwd_causal, [("Q", "t", "float16", [64, 4096, 64], "randn"), ("K", "t", "float16", [64, 4096, 64], "randn"),
     ("V", "t", "float16", [64, 4096, 64], "randn"), ("O", "t", "float16", [64, 4096, 64], "empty"), ("sm_scale", "f", 0.125),
     ("L", "c", 4096), ("D", "c", 64), ("BM", "c", 128), ("BN", "c", 64)], [4096 // 128, 64], num_warps=4, num_stages=3,
     outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention", "perf"], flops=2 * 64 * 4096 * 4096 * 64)

# The corpus kernel's source at head dim 128 with 8 warps (the bar's head-dim-128 version; session 35).
spec("perf_flash_attn_fwd_d128", attn_fwd, [("Q", "t", "float16", [64, 4096, 128], "randn"), ("K", "t", "float16", [64, 4096, 128], "randn"),
     ("V", "t", "float16", [64, 4096, 128], "randn"), ("O", "t", "float16", [64, 4096, 128], "empty"), ("sm_scale", "f", 0.0883883),
     ("L", "c", 4096), ("D", "c", 128), ("BM", "c", 128), ("BN", "c", 64)], [4096 // 128, 64], num_warps=8, num_stages=3,
     outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention", "perf"], flops=4 * 64 * 4096 * 4096 * 128)

# The scale tritongpu-scale-after-max branches on: negative and zero scales take the product and
# reduction as written (its other branch). The corpus kernels' shapes, fewer heads.
for _scale, _tag in ((-0.125, "neg"), (0.0, "zero"), (-3.0, "negbig")):
    spec(f"attn_scale_{_tag}", attn_fwd, [("Q", "t", "float16", [4, 512, 64], "randn"), ("K", "t", "float16", [4, 512, 64], "randn"),
         ("V", "t", "float16", [4, 512, 64], "randn"), ("O", "t", "float16", [4, 512, 64], "empty"), ("sm_scale", "f", _scale),
         ("L", "c", 512), ("D", "c", 64), ("BM", "c", 64), ("BN", "c", 64)], [512 // 64, 4], num_warps=4, num_stages=2,
         outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention"])
    spec(f"attn128_scale_{_tag}", attn_fwd, [("Q", "t", "float16", [4, 4096, 64], "randn"), ("K", "t", "float16", [4, 4096, 64], "randn"),
         ("V", "t", "float16", [4, 4096, 64], "randn"), ("O", "t", "float16", [4, 4096, 64], "empty"), ("sm_scale", "f", _scale),
         ("L", "c", 4096), ("D", "c", 64), ("BM", "c", 128), ("BN", "c", 64)], [4096 // 128, 4], num_warps=4, num_stages=3,
         outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention"])
