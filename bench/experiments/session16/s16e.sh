set -u
cd "$(dirname "$0")/.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
for r in 1 2; do
python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/out --only 'perf_matmul|perf_flash' --bench --kernel-time --json-out $OUT/perf-dots-$r.json 2>&1 | grep -v -i warn
done
