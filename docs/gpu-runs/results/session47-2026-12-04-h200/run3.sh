# Session 47, call 3 (eb2a63d as whl-new): descriptor loads before a warp-specialized loop that only the default warps
# read (attention's query tile) moved into the default region, so the producer's first copies overlap
# them (whl-new), against main (whl-main), the drop-in backend, bench/attention_ab.py, 8 warps,
# 128x128 tiles, head dims 128 and 64, full and causal, alternated twice; errors against torch's SDPA.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session47-2026-12-04-h200
cd bench
A="python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc,hostdesc --who ours"
for r in 1 2; do for w in main new; do
  python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-$w/*.whl 2>&1 | grep -v -i warn | tail -1
  t "$w $r"; timeout 240 $A --out $OUT/ab3-$w-$r.json 2>&1 | grep -v -i warn | python3 $P/rows.py
done; done
t end
