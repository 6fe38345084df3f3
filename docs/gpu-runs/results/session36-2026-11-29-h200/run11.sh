FA="python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$ --bench --kernel-time"
for i in 1 2; do for v in fa-m pin pin-nm; do echo "== $v"; timeout 100 $FA --ptx-dir .gpu/s36/$v 2>&1 | grep -E "attn|rror"; done; done
