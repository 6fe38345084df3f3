set -u
H="python3 .gpu/conformance/harness.py check --kernels"
D128="$H .gpu/d128/kernels_d128.py --corpus .gpu/d128/ttir --only d128 --bench --kernel-time"
FA="$H .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$ --bench --kernel-time"
echo "== corpus attention, compiled now"
timeout 200 $H .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only attn --ptx-dir .gpu/s36/attn-c 2>&1 | tail -3
for i in 1 2 3; do
for v in fa fa-c fa-c-r168; do echo "== $v"; timeout 120 $FA --ptx-dir .gpu/s36/$v 2>&1 | grep -E "attn|rror"; done
done
for v in d128 d128-c; do echo "== $v"; timeout 120 $D128 --ptx-dir .gpu/s36/$v 2>&1 | grep -E "d128|rror"; done
