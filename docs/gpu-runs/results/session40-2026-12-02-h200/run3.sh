# Session 40, call 3: base against lazy2 (call 2's lazy with the accumulator rescale placed right after alpha, before
# the exps of P: 4 bytes of spills instead of 48 on the corpus kernel; 184 on the causal one). Corpus and causal kernels.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base lazy2"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|scale_" 2>&1 | tail -2
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in $V; do for f in .gpu/x-$v/*.ptx .gpu/c-$v/*.ptx; do echo "$v $(basename $f) vote $(grep -c vote.sync.any $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores' | sed 's/ *//')"; done; done
t "exactness lazy2"; timeout 150 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-lazy2 --json-out $OUT/exact-lazy2-x.json 2>&1 | grep -v "no ptx"
timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-lazy2 --json-out $OUT/exact-lazy2-c.json 2>&1 | grep -v "no ptx"
for r in 1 2; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t end
