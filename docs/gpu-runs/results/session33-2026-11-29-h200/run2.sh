set -x
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl
TB=$(python3 -c "import triton, os; print(os.path.join(os.path.dirname(triton.__file__), 'backends/nvidia/bin'))")
for v in ptx ptx2; do $TB/ptxas -lineinfo --gpu-name=sm_90a .gpu/s33/$v/dropout_philox.ptx -o /tmp/d_$v.cubin && $TB/cuobjdump -sass /tmp/d_$v.cubin | grep -E "^\s+/\*[0-9a-f]{4}\*/" | sed 's|/\*[0-9a-f]*\*/||g; s| *;.*||' > $OUT/sass_$v.txt; done
wc -l $OUT/sass_*.txt; diff $OUT/sass_ptx.txt $OUT/sass_ptx2.txt > $OUT/sass_diff.txt; wc -l $OUT/sass_diff.txt; head -20 $OUT/sass_diff.txt
for i in 1 2; do
python3 bench/compile_time.py .gpu/conformance/ttir --rounds 7 --json-out $OUT/ct$i.json > $OUT/ct$i.txt 2>&1; tail -2 $OUT/ct$i.txt
done
H=".gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only dropout_philox|intops_cdiv_semantics --bench --kernel-time"
for d in ptx2 ptx ptx2 ptx; do python3 $H --ptx-dir .gpu/s33/$d > $OUT/h_$d.txt 2>&1; echo $d; grep -E "pass|fail" $OUT/h_$d.txt | head -4; done
cd bench/upstream-tests && TRITONDIALECT=1 timeout 120 python3 -m pytest -n 16 -q -p no:cacheprovider test_core.py -k "umulhi or rand or philox" > $OUT/tc-rand.txt 2>&1; tail -2 $OUT/tc-rand.txt; cd ../..
TC_TIMEOUT=250 bash .gpu/s31/tc.sh 1
cd $OUT && tar cJf all.tar.xz *.txt *.json && rm -f *.json
