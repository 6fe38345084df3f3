# Session 49, call 1: the hoisted proxy fence landed (wheel whl-nf: a buffer the warp-specialized
# consumer's loop makes from a value made before it, attention's Q tile, made once before the loop
# with the one fence there) against main before it (whl-new, 70f14c7 = 087a829's PTX).
# (1) Exactness of nf on the head-dim-128 kernels. (2) Harness kernel time of the head-dim-128
# kernels, new and nf alternated three times, upstream in every invocation, clocks sampled.
# (3) racecheck, synccheck and memcheck of the pointer and descriptor loops warp-specialized, nf.
# (4) bench/attention_ab.py 8-warp loops, new against nf, upstream in the first.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session48-2026-12-04-h200
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
for v in new nf; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t gen; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_d128|ws_d128_scale_|probe_d128_bn128_short" 2>&1 | tail -1
for v in new nf; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1
  for f in .gpu/x-$v/perf*d128*.ptx; do echo "$v $(basename $f) $(grep -c fence.proxy.async $f) fences $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|C75' | sort -u | tr '\n' ' ')"; done; done
t "exactness nf"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-nf --json-out $OUT/exact-nf.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active --format=csv,noheader -lms 500 > $OUT/clocks.csv 2>/dev/null &
SMI=$!
for r in 1 2 3; do for v in new nf; do t "x $v $r"; timeout 120 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128" 2>&1 | grep -E "attn|rror"; done; done
kill $SMI
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-nf/*.whl 2>&1 | grep -v -i warn | tail -1
cd bench
F="grep -v -i warn"
for cfg in 64x128x128x8x3 128x128x128x8x3; do
  R="python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full,causal --configs $cfg --variants ptr,desc --who ours --no-ref"
  for tool in racecheck synccheck memcheck; do t "$tool $cfg"; timeout 150 compute-sanitizer --tool $tool $R 2>&1 | $F | grep -E "SUMMARY|Error|error" | cut -c1-200 | sort | uniq -c; done
done
for v in new nf; do t "attention_ab $v"; python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-$v/*.whl 2>&1 | $F | tail -1
  TRITON_CACHE_DIR=/tmp/c-$v timeout 200 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal \
    --configs 128x128x128x8x3,64x128x128x8x3 --variants ptr,desc,hostdesc --who $([ $v = new ] && echo up,ours || echo ours) \
    --out $OUT/ab-$v.json 2>&1 | $F | python3 $P/rows.py; done
t end
