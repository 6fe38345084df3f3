# Session 40, call 4: the head-dim-128 warp-specialized kernels (BN = 64 and 128, 8 warps), base (main, 284f096,
# tritongpu-scale-after-max not in ttg.warp_specialize partitions) against wsscale (the same with the pass applied in
# the partitions too), with the log2(e) fold in both. Harness kernel time, alternated three times.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base wsscale"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_d128|attn128_scale" 2>&1 | tail -2
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in $V; do for f in .gpu/x-$v/*.ptx; do echo "$v $(basename $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|Used' | tr -s ' ' | tr '\n' ' ')"; done; done
t "exactness wsscale"; timeout 150 $H --corpus .gpu/x --only "attn128_scale|d128" --ptx-dir .gpu/x-wsscale 2>&1 | grep -v "no ptx"
for r in 1 2 3; do
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --only "d128" --kernel-time --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t end
