# Session 50, call 4 (H100): multicast with the consumers' arrival on the other block's barrier in the
# default semantics (mbarrier.arrive.shared::cluster, as the committed code has it) instead of
# .release.cluster (calls 2-3). Wheel .gpu/whl-mc rebuilt from the tree. desc_ws bf16 8192^3 plain and
# multicast, alternated twice, then exactness on ragged shapes.
set -u
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-mc/*.whl 2>&1 | grep -v -i warn | tail -1
M="python3 bench/matmul_large.py --kernels desc_ws --configs 128x256x64x8x3,128x256x64x8x4"
for r in 1 2; do
  echo "== plain $r"; TRITON_CACHE_DIR=/tmp/c-plain timeout 150 $M --who $([ $r = 1 ] && echo up,ours || echo ours) --out $OUT/mm4-plain-$r.json 2>&1 | grep -v -i warn | cut -c1-400
  echo "== multicast $r"; TRITON_CACHE_DIR=/tmp/c-mc TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1 timeout 150 $M --who ours --out $OUT/mm4-mc-$r.json 2>&1 | grep -v -i warn | cut -c1-400
done
for mnk in 1000,264,200 520,264,8 2048,8192,520; do
  echo "== ragged $mnk"; TRITON_CACHE_DIR=/tmp/c-mc TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1 timeout 100 python3 bench/matmul_large.py --mnk $mnk --kernels desc_ws --configs 128x256x64x8x3 --who ours 2>&1 | grep -v -i warn | grep -v cublas | cut -c1-300
done
