# Appended after ../session44-2026-12-03-h200/kernels_probe_spec.py (kernels_x.py): the warp-specialized
# head-dim-128 kernel (8 warps, 128-wide key tiles) at three key tiles with positive, negative, zero and
# large scales, for tritongpu-scale-after-max inside warp-specialized partitions (the loop's copy where the
# scale is positive and finite, the loop as written otherwise).
for _scale, _tag in ((0.0883883, "pos"), (3.0, "posbig"), (-0.0883883, "neg"), (0.0, "zero")):
    spec(f"ws_d128_scale_{_tag}", attn_fwd, [("Q", "t", "float16", [4, 384, 128], "randn"), ("K", "t", "float16", [4, 384, 128], "randn"),
         ("V", "t", "float16", [4, 384, 128], "randn"), ("O", "t", "float16", [4, 384, 128], "empty"), ("sm_scale", "f", _scale),
         ("L", "c", 384), ("D", "c", 128), ("BM", "c", 128), ("BN", "c", 128)], [384 // 128, 4], num_warps=8, num_stages=3,
         outputs=["O"], tol=(1e-2, 1e-2), tags=["dot", "reduce", "attention"])
