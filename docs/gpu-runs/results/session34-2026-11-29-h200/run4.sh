set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
cd bench
timeout 200 python3 matmul_large.py --kernels persist,persist_ws --configs 128x256x64x8x3,128x128x64x8x4,128x128x64x4x4 --out $OUT/persist.json 2>&1 | grep -v Warning | tail -12
timeout 120 python3 matmul_large.py --kernels ptr --configs 128x128x64x8x4 --dump $OUT/dump --out $OUT/ptr.json 2>&1 | grep -v Warning | tail -3
cd $OUT && tar czf dump.tgz dump && rm -rf dump
