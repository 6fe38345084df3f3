# Appended after ../session38-2026-12-01-h200/kernels_extra_spec.py (kernels_x.py): the causal kernel
# (../session36-2026-11-29-h200/kernels_causal_spec.py) at small shapes, with positive scales (the loop's copy
# whose masked scores are unscaled) and with negative and zero ones (the loop as written).
for _scale, _tag in ((0.125, "pos"), (3.0, "posbig"), (-0.125, "neg"), (0.0, "zero")):
    spec(f"causal_scale_{_tag}", attn_fwd_causal, [("Q", "t", "float16", [4, 1024, 64], "randn"), ("K", "t", "float16", [4, 1024, 64], "randn"),
         ("V", "t", "float16", [4, 1024, 64], "randn"), ("O", "t", "float16", [4, 1024, 64], "empty"), ("sm_scale", "f", _scale),
         ("L", "c", 1024), ("D", "c", 64), ("BM", "c", 128), ("BN", "c", 64)], [1024 // 128, 4], num_warps=4, num_stages=3,
         outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention"])

# The corpus kernel at head dim 128 with 128-wide key tiles and 8 warps (session 35's head-dim-128 shape).
spec("perf_flash_attn_fwd_d128_bn128", attn_fwd, [("Q", "t", "float16", [64, 4096, 128], "randn"), ("K", "t", "float16", [64, 4096, 128], "randn"),
     ("V", "t", "float16", [64, 4096, 128], "randn"), ("O", "t", "float16", [64, 4096, 128], "empty"), ("sm_scale", "f", 0.0883883),
     ("L", "c", 4096), ("D", "c", 128), ("BM", "c", 128), ("BN", "c", 128)], [4096 // 128, 64], num_warps=8, num_stages=3,
     outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention", "perf"], flops=4 * 64 * 4096 * 4096 * 128)
