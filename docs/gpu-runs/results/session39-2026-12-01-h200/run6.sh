# Session 39, call 6: the warp-specialized head-dim-128 kernel (session 38's perf_flash_attn_fwd_d128 spec: BN 64,
# 8 warps), whose consumers' Q K^T has a zero accumulator too, base (whl-unsw) against new (whl-zacc = main),
# alternated, harness kernel time; the causal and corpus attention kernels once more.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py; H="python3 $C/harness.py check --kernels $K"
for v in base zacc; do [ -d /tmp/w-$v ] || python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$([ $v = base ] && echo unsw || echo $v)/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 60 python3 $C/harness.py gen --kernels $K --out .gpu/x6 --only "d128|fwd_causal" 2>&1 | tail -2
for v in base zacc; do PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x6 .gpu/x6-$v 2>&1 | tail -1
  PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py $C/ttir .gpu/c6-$v --only attn 2>&1 | tail -1; done
for r in 1 2; do for v in base zacc; do t "$v $r"; timeout 90 $H --corpus .gpu/x6 --kernel-time --bench --ptx-dir .gpu/x6-$v 2>&1 | grep -E "attn|rror"; done; done
for v in base zacc; do t "corpus attention $v"; timeout 90 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c6-$v 2>&1 | grep -E "^(flash|perf_flash_attn_fwd ) |rror"; done
t end
