# gen (upstream's TTIR) on the device, compile here with both builds, then:
python3 .gpu/conformance/harness.py gen --kernels .gpu/causal/kernels_causal.py --out $OUT/ttir --only causal
# local: scripts/compile-corpus.sh .gpu/causal .gpu/causal/new; the previous wheel's compile_ttir -> .gpu/causal/before
for i in 1 2 3; do for v in before new; do echo "== $v"; timeout 120 python3 .gpu/conformance/harness.py check --kernels .gpu/causal/kernels_causal.py --corpus .gpu/causal/ttir --only causal --ptx-dir .gpu/causal/$v --bench --kernel-time 2>&1 | grep -E "causal|rror"; done; done
