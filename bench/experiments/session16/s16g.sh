set -u
cd "$(dirname "$0")/.."
H=".gpu/harness_samebuf.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/out --only 'perf_matmul|perf_flash' --kernel-time"
for r in 1 2; do
  echo "== ours first $r"; eval python3 $H 2>&1 | grep perf_
  echo "== upstream first $r"; UPFIRST=1 eval python3 $H 2>&1 | grep perf_
done
