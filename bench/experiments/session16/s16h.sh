set -u
cd "$(dirname "$0")/.."
H=".gpu/harness_samebuf.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/out --only 'perf_matmul' --bench --kernel-time"
for r in 1 2; do
  echo "== bench, then ours first $r"; eval python3 $H 2>&1 | grep perf_
  echo "== bench, then upstream first $r"; UPFIRST=1 eval python3 $H 2>&1 | grep perf_
done
