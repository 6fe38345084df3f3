# Session 40, call 1: base (main at 0318b79) against fold (the flushed exp's log2(e) folded into its fma) and, for
# the corpus kernel only, noresc (fold's PTX without the 64 in-place acc *= alpha multiplications per loop: wrong
# results, an upper bound for skipping the rescale). Exactness and harness kernel time, alternated.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base fold"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 150 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|perf_flash_attn_fwd_d128|causal_scale_" 2>&1 | tail -2
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 90 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
mkdir -p .gpu/x-noresc; cp .gpu/x-fold/* .gpu/x-noresc/; for f in .gpu/x-noresc/*.ptx; do perl -ni -e 'print unless /mul\.f32\s+(%r\d+), \1, %r\d+;/' $f; done
grep -c "mul.f32" .gpu/x-*/perf_flash_attn_fwd_d128*.ptx .gpu/x-*/perf_flash_attn_fwd_causal.ptx
t "exactness fold"; timeout 90 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-fold 2>&1 | tail -5
timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-fold 2>&1 | tail -3
for r in 1 2; do
  for v in base fold noresc; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror"; done
  for v in base fold noresc; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal|d128" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t end
