# Session 41, call 3: base (main at 144b79f, alpha flushed) against fold2 (alpha's argument as one fma sharing m_new (-log2 e) with P's
# exps). Exactness, harness kernel time alternated three times, then the whole corpus at fold2 (every output, kernel time).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base fold2"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|perf_flash_attn_fwd_d128|scale_" 2>&1 | tail -2
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in $V; do for f in .gpu/x-$v/*.ptx .gpu/c-$v/*.ptx; do echo "$v $(basename $f) ex2ftz $(grep -c ex2.approx.ftz $f) ex2 $(grep -c ex2.approx.f32 $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|Used' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
t "exactness fold2"; timeout 150 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-fold2 --json-out $OUT/exact-fold2-x.json 2>&1 | grep -v "no ptx"
timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-fold2 --json-out $OUT/exact-fold2-c.json 2>&1 | grep -v "no ptx"
for r in 1 2 3; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal|d128" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t "whole corpus fold2"; timeout 280 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-all --kernel-time --json-out $OUT/corpus-final.json 2>&1 | tail -36
t end
