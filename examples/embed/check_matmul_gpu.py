# Runs the PTX of `embed mm.ptx mm.meta.json --matmul` (in the current
# directory) on the GPU with cupy and compares C with A B (integer-valued
# inputs, exact).
import cupy, numpy as np
mod = cupy.RawModule(path="mm.ptx")
fn = mod.get_function("matmul")
fn.max_dynamic_shared_size_bytes = 16384
rng = np.random.default_rng(0)
a = rng.integers(-3, 4, (64, 64)).astype(np.float16)
b = rng.integers(-3, 4, (64, 64)).astype(np.float16)
da, db = cupy.asarray(a), cupy.asarray(b)
dc = cupy.zeros((64, 64), dtype=cupy.float32)
fn((1, 1, 1), (128, 1, 1), (da, db, dc), shared_mem=16384)
cupy.cuda.Device().synchronize()
ref = a.astype(np.float32) @ b.astype(np.float32)
out = cupy.asnumpy(dc)
print("embed matmul exact:", np.array_equal(out, ref), "max err", float(np.abs(out - ref).max()))
