# Appended, after session 36's kernels_causal_spec.py (perf_flash_attn_fwd_causal), to the conformance
# kernels file (kernels_dev.py) as .gpu/conformance/kernels_x.py.
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
