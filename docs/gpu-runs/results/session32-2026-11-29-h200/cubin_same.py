"""Each corpus kernel through triton.compile with tritondialect, early ptxas
on and off: the cubins must be byte-identical; prints stats."""
import glob, json, os, sys
import triton
from triton.backends.compiler import GPUTarget
import tritondialect
from tritondialect import upstream
tritondialect.install(strict=True)
triton.knobs.compilation.always_compile = True
same = diff = 0
for k in sorted(glob.glob(sys.argv[1] + "/*.ttir")):
    spec = json.load(open(k[:-5] + ".json"))
    opts = {"num_warps": spec.get("num_warps", 4), "num_stages": spec.get("num_stages", 3)}
    out = []
    for flag in ("1", "0"):
        os.environ["TRITONDIALECT_EARLY_PTXAS"] = flag
        out.append(triton.compile(k, target=GPUTarget("cuda", 90, 32), options=dict(opts)).asm["cubin"])
    if out[0] == out[1]:
        same += 1
    else:
        diff += 1
        print("DIFFERENT:", os.path.basename(k))
print(f"cubins identical early on/off: {same}, different: {diff}")
print(upstream.stats())
