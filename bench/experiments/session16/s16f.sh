set -u
cd "$(dirname "$0")/.."
H=".gpu/harness_samebuf.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/out --only perf_matmul --bench --kernel-time"
for r in 1 2; do
  echo "== own buffers $r"; python3 $H 2>&1 | grep perf_
  echo "== upstream's buffers $r"; SAMEBUF=1 python3 $H 2>&1 | grep perf_
done
