# Session 50, call 3 (H100): why multicast ran 35 % slower. ncu (base clocks) of our desc_ws kernel at
# bf16 8192^3, 128x256x64x8x3, plain and with TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1
# (wheel .gpu/whl-mc): speed of light, launch, occupancy, warp states.
set -u
export PYTHONUNBUFFERED=1
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-mc/*.whl 2>&1 | grep -v -i warn | tail -1
N="ncu --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis --launch-count 1 --launch-skip 2 -k regex:desc_body"
M="python3 bench/matmul_large.py --kernels desc_ws --configs 128x256x64x8x3 --who ours"
for v in plain mc; do E=""; [ $v = mc ] && E="env TRITONDIALECT_GRID_X_MULTIPLE=2 TRITONDIALECT_MULTICAST=1"
  echo "== $v"; TRITON_CACHE_DIR=/tmp/c-$v timeout 200 $E $N $M 2>&1 | grep -v -i warn | grep -v "^{" | grep -E "Duration|Throughput|Cluster|Occupancy|Warp Cycles|Stall|Active|Eligible|Issued|Waves|Block Limit|L2 Hit|Max Active|Registers" | head -50 | tee $OUT/ncu-$v.txt
done
