# Session 40, call 2: base (main with the log2(e) fold, 814d114) against lazy (tritongpu-lazy-rescale: the online
# softmax's reference maximum kept until it grows by more than 8 ln 2, the accumulator's rescale skipped by warps whose
# factors are all 1). Exactness (every scale case, causal and full), then harness kernel time, alternated.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base lazy"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|perf_flash_attn_fwd_d128|scale_" 2>&1 | tail -2
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in $V; do for f in .gpu/x-$v/*.ptx .gpu/c-$v/*.ptx; do echo "$v $(basename $f) vote $(grep -c vote.sync.any $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores' | sed 's/ *//')"; done; done
t "exactness lazy"; timeout 150 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-lazy --json-out $OUT/exact-lazy-x.json 2>&1 | grep -v "no ptx"
timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-lazy --json-out $OUT/exact-lazy-c.json 2>&1 | grep -v "no ptx"
for r in 1 2; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal|d128" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t end
