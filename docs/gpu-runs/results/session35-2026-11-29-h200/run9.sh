set -u
H="python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only flash_attn_fwd --bench --kernel-time"
for i in 1 2 3; do
  for d in old new; do echo "== $d $i"; timeout 120 $H --ptx-dir .gpu/s35/ptx-fa-$d 2>&1 | grep -E "flash|FAIL|mismatch|rror" | head -4; done
done
