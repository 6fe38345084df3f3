set -u
H="python3 .gpu/conformance/harness.py check --bench --kernel-time"
for i in 1 2; do for v in main pin; do
  echo "== corpus attn $v $i"; timeout 100 $H --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only attn --bench-all --ptx-dir .gpu/s37/attn-$v 2>&1 | grep -E "attn|rror"
  echo "== causal $v $i"; timeout 80 $H --kernels .gpu/causal/kernels_causal.py --corpus .gpu/causal/ttir --only causal --ptx-dir .gpu/s37/causal-$v 2>&1 | grep -E "causal|rror"
  echo "== d128 $v $i"; timeout 80 $H --kernels .gpu/d128/kernels_d128.py --corpus .gpu/d128/ttir --only d128 --ptx-dir .gpu/s37/d128-$v 2>&1 | grep -E "d128|rror"
done; done
