# Session 48, call 1: tritongpu-scale-after-max inside warp-specialized partitions, now that the
# loop's P carried through the versions' join stays in 32-bit words (WordBlockArguments: webs of
# block arguments; before, P's f16 halves were packed after wgmma.fence and ptxas serialized the
# P @ V wgmmas, C7519). One wheel (whl-s48); SAM_WS=1 turns the pass on in partitions.
# gen the x kernels' TTIR, compile both ways, ptxas warnings, exactness of sam (positive, large,
# negative, zero scales at head dim 128, warp-specialized), three alternations of the head-dim-128
# kernels by harness kernel time (upstream in every invocation), then bench/attention_ab.py's 8-warp
# head-dim-128 and 64 loops (ptr, desc) with and without, each in its own Triton cache.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session48-2026-12-04-h200
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
python3 -m pip install -q --no-deps --target /tmp/w .gpu/whl-s48/*.whl 2>&1 | grep -v -i warn | tail -1
t gen; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_d128|ws_d128_scale_" 2>&1 | tail -2
for v in main sam; do t "compile $v"; E=""; [ $v = sam ] && E="env SAM_WS=1"
  PYTHONPATH=/tmp/w timeout 120 $E python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in main sam; do for f in .gpu/x-$v/*.ptx; do echo "$v $(basename $f) C75xx: $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -c C75) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|registers' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
for f in .gpu/x-sam/*.ptx; do cmp -s $f ${f/-sam\//-main/} && echo "same as main: $f"; done
t "exactness sam"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-sam --json-out $OUT/exact-sam.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror| ok| pass" | tail -8
for r in 1 2 3; do for v in main sam; do t "x $v $r"; timeout 120 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128" 2>&1 | grep -E "attn|rror"; done; done
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-s48/*.whl 2>&1 | grep -v -i warn | tail -1
cd bench
for r in 1 2; do for v in main sam; do E=""; [ $v = sam ] && E="env SAM_WS=1"
  t "attention_ab $v $r"; TRITON_CACHE_DIR=/tmp/c-$v timeout 200 $E python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal \
    --configs 128x128x128x8x3,64x128x128x8x3 --variants ptr,desc --who $([ $r = 1 ] && [ $v = main ] && echo up,ours || echo ours) \
    --out $OUT/ab-$v-$r.json 2>&1 | grep -v -i warn | python3 $P/rows.py; done; done
t end
