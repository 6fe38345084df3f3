"""On a GPU machine: launch PTX our triton-translate produced through
triton_stub.driver and check the result (CuPy arrays).

    python3 tests/gpu_driver_check.py <dir with ptx-add.ptx + .meta.json>
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import cupy as cp  # noqa: E402

from triton_stub import driver as drv  # noqa: E402

folder = Path(sys.argv[1])
d = drv.Driver()
fn, meta = drv.load_compiled(d, folder / "ptx-add.ptx")
n = 512 * 4096
x = cp.random.rand(n, dtype=cp.float32)
y = cp.random.rand(n, dtype=cp.float32)
out = cp.full(n, cp.nan, dtype=cp.float32)
cp.cuda.Device().synchronize()
d.launch(fn, (n // 512,), meta["num_warps"], meta["shared_bytes"],
         ["*fp32", "*fp32", "*fp32", "i32"], [x, y, out, n])
d.synchronize()
ok = bool(cp.array_equal(out, x + y))
print(f"driver launch of {meta['entry']} ({n} elements, {meta['num_warps']} warps): "
      f"{'pass' if ok else 'MISMATCH'}")
sys.exit(0 if ok else 1)
