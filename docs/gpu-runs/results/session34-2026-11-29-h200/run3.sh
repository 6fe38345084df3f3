set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/s34/dist-before/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
cd bench
timeout 400 python3 matmul_large.py --configs 128x256x64x8x3,128x256x64x8x4,128x128x64x8x4 --out $OUT/mm8192.json 2>&1 | grep -v Warning | tail -30
