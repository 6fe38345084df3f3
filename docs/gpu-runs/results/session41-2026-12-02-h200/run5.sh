# Session 41, call 5: base (main at 88ff262) against tree (the in-thread part of float max/min reductions as a balanced
# tree, in modules whose attention loop asks for three resident blocks). Exactness, harness kernel time alternated.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base tree"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|scale_" 2>&1 | tail -1
for v in $V; do PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in $V; do for f in .gpu/x-$v/perf*.ptx .gpu/c-$v/*.ptx; do echo "$v $(basename $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|Used' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
t "exactness tree"; timeout 150 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-tree 2>&1 | grep -E "passed|MISMATCH|FAIL"
timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-tree 2>&1 | grep -E "passed|MISMATCH|FAIL"
for r in 1 2 3; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "causal $v $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t end
