# Session 41, call 4: main at 144b79f (the row sums per thread and alpha flushed). The whole corpus first (every output
# against upstream, harness kernel time), then the attention kernels with --bench-all / --bench twice.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
t "whole corpus"; timeout 280 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-final --kernel-time --json-out $OUT/corpus-final.json 2>&1 | grep -v -i warn | tail -34
python3 -m pip install -q --no-deps --target /tmp/w-base .gpu/whl-base/*.whl 2>&1 | grep -v -i warn | tail -1
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|perf_flash_attn_fwd_d128" 2>&1 | tail -1
PYTHONPATH=/tmp/w-base timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-base 2>&1 | tail -1
for r in 1 2; do
  t "corpus attention $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-final 2>&1 | grep -E "attn|rror" | grep -v "no ptx"
  t "x $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal|d128" --kernel-time --bench --ptx-dir .gpu/x-base 2>&1 | grep -E "attn|rror"
done
t end
