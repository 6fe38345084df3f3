# Appended after ../session39-2026-12-01-h200/kernels_causal_scale_spec.py (kernels_x.py): the head-dim-128
# BN = 128 kernel with the same 2048 blocks (L / 128 x BH) and twice / half the key tiles per block, to
# separate each block's fixed cost (prologue, epilogue, launch) from its loop's.
for _l, _bh in ((8192, 32), (2048, 128)):
    spec(f"probe_d128_bn128_l{_l}", attn_fwd, [("Q", "t", "float16", [_bh, _l, 128], "randn"), ("K", "t", "float16", [_bh, _l, 128], "randn"),
         ("V", "t", "float16", [_bh, _l, 128], "randn"), ("O", "t", "float16", [_bh, _l, 128], "empty"), ("sm_scale", "f", 0.0883883),
         ("L", "c", _l), ("D", "c", 128), ("BM", "c", 128), ("BN", "c", 128)], [_l // 128, _bh], num_warps=8, num_stages=3,
         outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention", "perf"], flops=4 * _bh * _l * _l * 128)
# Exactness at one, two and three key tiles (the dot chain's prologue and epilogue alone, one rotated iteration).
for _l in (128, 256, 384):
    spec(f"probe_d128_bn128_short{_l}", attn_fwd, [("Q", "t", "float16", [4, _l, 128], "randn"), ("K", "t", "float16", [4, _l, 128], "randn"),
         ("V", "t", "float16", [4, _l, 128], "randn"), ("O", "t", "float16", [4, _l, 128], "empty"), ("sm_scale", "f", 0.0883883),
         ("L", "c", _l), ("D", "c", 128), ("BM", "c", 128), ("BN", "c", 128)], [_l // 128, 4], num_warps=8, num_stages=3,
         outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention"])
