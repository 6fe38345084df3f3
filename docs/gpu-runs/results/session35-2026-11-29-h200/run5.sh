set -u
H="python3 .gpu/conformance/harness.py check --kernels .gpu/d128/kernels_d128.py --corpus .gpu/d128/ttir --only perf_flash_attn_fwd_d128 --bench --kernel-time"
for i in 1 2; do
  for d in pipe ws ws40 ws72; do echo "== $d $i"; timeout 120 $H --ptx-dir .gpu/d128/$d 2>&1 | grep -E "perf_flash|FAIL|mismatch|rror" | head -4; done
done
