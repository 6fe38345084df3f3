# Session 48, call 3: two changes to the warp-specialized consumers, one wheel (whl-t) with switches:
# `nf`: a buffer the loop makes from a value made before it (attention's query tile) made before the
# loop, with one proxy fence there, in place of fence.proxy.async in every iteration between the slot's
# barrier and the Q K^T wgmma (WS_KEEP_FENCE=1 keeps the old form: `base`, = commit 70f14c7);
# `r72`: the cp.async producer at 72 registers instead of 104, the consumers at 216 instead of 200
# (WS_PRODUCER_REGS=72). Exactness of nf and nfr72, then the head-dim-128 kernels by harness kernel time,
# the four variants alternated three times, upstream in every invocation; attention_ab base against nf.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session48-2026-12-04-h200
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
python3 -m pip install -q --no-deps --target /tmp/w .gpu/whl-t/*.whl 2>&1 | grep -v -i warn | tail -1
t gen; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_d128|ws_d128_scale_|probe_d128_bn128_short" 2>&1 | tail -1
envof() { case $1 in base) echo "WS_KEEP_FENCE=1";; nf) echo "X=1";; r72) echo "WS_KEEP_FENCE=1 WS_PRODUCER_REGS=72";; nfr72) echo "WS_PRODUCER_REGS=72";; esac; }
for v in base nf r72 nfr72; do t "compile $v"; env $(envof $v) PYTHONPATH=/tmp/w timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1
  for f in .gpu/x-$v/perf*bn128.ptx; do echo "$v $(grep -c fence.proxy.async $f) fences $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|C75' | tr '\n' ' ')"; done; done
for v in nf nfr72; do t "exactness $v"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-$v --json-out $OUT/exact-$v.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4; done
for r in 1 2 3; do for v in base nf r72 nfr72; do t "x $v $r"; timeout 120 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128" 2>&1 | grep -E "attn|rror"; done; done
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-t/*.whl 2>&1 | grep -v -i warn | tail -1
cd bench
for v in base nf; do t "attention_ab $v"; env $(envof $v) TRITON_CACHE_DIR=/tmp/c-$v timeout 200 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal \
    --configs 128x128x128x8x3,64x128x128x8x3 --variants ptr,desc,hostdesc --who $([ $v = base ] && echo up,ours || echo ours) \
    --out $OUT/ab3-$v.json 2>&1 | grep -v -i warn | python3 $P/rows.py; done
t end
