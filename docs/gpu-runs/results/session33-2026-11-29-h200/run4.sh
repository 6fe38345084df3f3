H=".gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only dropout_philox|intops_cdiv_semantics --bench --kernel-time"
for d in ptx3 ptx ptx3 ptx ptx3 ptx; do python3 $H --ptx-dir .gpu/s33/$d > $OUT/h_$d.txt 2>&1; echo $d; grep -E "pass|fail" $OUT/h_$d.txt | head -3; done
