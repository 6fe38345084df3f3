set -u
H="python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only perf_flash --bench --kernel-time"
for i in 1 2; do
  for d in base ws2 ws3; do echo "== $d $i"; timeout 120 $H --ptx-dir .gpu/s35/ptx-$d 2>&1 | grep -E "perf_flash|FAIL|mismatch|rror" | head -4; done
done
