set -x
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl
python3 .gpu/s33/probe.py .gpu/conformance/ttir/{add_f32,row_argmax,sum_atomic,dropout_philox}.ttir > $OUT/probe.txt 2>&1; cat $OUT/probe.txt | cut -c1-120
for i in 1 2; do
python3 bench/compile_time.py .gpu/conformance/ttir --rounds 7 --json-out $OUT/ct$i.json > $OUT/ct$i.txt 2>&1; tail -2 $OUT/ct$i.txt
done
H=".gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only i64_offsets|perf_matmul_f16_4096_128x256x64|rowsum_loop --bench --kernel-time"
for d in s33 s32 s33 s32; do python3 $H --ptx-dir .gpu/$d/ptx --json-out $OUT/h_$d.json > $OUT/h_$d.txt 2>&1; echo $d; grep -E "ratio|x |speed|FAIL|PASS" $OUT/h_$d.txt | head -8; done
cd $OUT && tar cJf all.tar.xz *.txt *.json && rm -f *.json
