# Session 50, call 2 (H100): TMA multicast in 2-block clusters (the working tree's wheel, .gpu/whl-mc),
# bench/matmul_large.py bf16 8192^3 desc_ws 128x256x64x8x3 and 8x4 (grid 2048, even), upstream and cuBLAS
# in the same process; ours with TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1 against
# ours without (same wheel), alternated twice. Then the ragged shapes (exactness where tiles clip).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-mc/*.whl 2>&1 | grep -v -i warn | tail -1
U=$(python3 -c "import triton,os;print(os.path.dirname(triton.__file__))"); grep -n -i "cluster\|num_ctas" $U/backends/nvidia/driver.py | head -30
M="python3 bench/matmul_large.py --kernels desc_ws --configs 128x256x64x8x3,128x256x64x8x4"
for r in 1 2; do
  t "plain $r"; TRITON_CACHE_DIR=/tmp/c-plain timeout 150 $M --who $([ $r = 1 ] && echo up,ours || echo ours) --out $OUT/mm-plain-$r.json 2>&1 | grep -v -i warn | cut -c1-400
  t "multicast $r"; TRITON_CACHE_DIR=/tmp/c-mc TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1 timeout 150 $M --who ours --out $OUT/mm-mc-$r.json --dump $OUT/dump-mc 2>&1 | grep -v -i warn | cut -c1-400
done
for mnk in 1000,264,200 520,264,8 4096,4096,4096 2048,8192,520; do
  t "ragged $mnk"; TRITON_CACHE_DIR=/tmp/c-mc TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1 timeout 100 python3 bench/matmul_large.py --mnk $mnk --kernels desc_ws --configs 128x256x64x8x3 --who ours 2>&1 | grep -v -i warn | grep -v cublas | cut -c1-300
done
ls $OUT/dump-mc | head; grep -c "multicast::cluster" $OUT/dump-mc/*.ptx
t end
