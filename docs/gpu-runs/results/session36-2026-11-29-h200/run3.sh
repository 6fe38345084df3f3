set -u
H="python3 .gpu/conformance/harness.py check --kernels"
D128="$H .gpu/d128/kernels_d128.py --corpus .gpu/d128/ttir --only d128 --bench --kernel-time"
FA="$H .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$ --bench --kernel-time"
for i in 1 2; do
for v in fa fa-ftz fa-new; do echo "== $v"; timeout 120 $FA --ptx-dir .gpu/s36/$v 2>&1 | grep -E "attn|rror"; done
for v in d128 d128-new; do echo "== $v"; timeout 120 $D128 --ptx-dir .gpu/s36/$v 2>&1 | grep -E "d128|rror"; done
done
python3 -m pip install -q --no-deps --target /tmp/before .gpu/s36/before/*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
C=64x128x64x4x3,64x128x128x8x3,128x128x128x8x3
echo "== attention_ab before"
PYTHONPATH=/tmp/before TRITON_CACHE_DIR=/tmp/c-before timeout 250 python3 bench/attention_ab.py --configs $C --who ours --out $OUT/ab-before.json 2>&1 | grep -v Warn | tail -8
echo "== attention_ab new"
TRITON_CACHE_DIR=/tmp/c-new timeout 250 python3 bench/attention_ab.py --configs $C --out $OUT/ab-new.json 2>&1 | grep -v Warn | tail -14
