python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl
python3 .gpu/s32/cubin_same.py .gpu/conformance/ttir > $OUT/cubin_same.txt 2>&1; tail -2 $OUT/cubin_same.txt
python3 .gpu/s32/stage_probe.py .gpu/conformance/ttir/add_f32.ttir .gpu/conformance/ttir/softmax_781.ttir > $OUT/stage_probe.txt 2>&1
for i in 1 2; do
python3 bench/compile_time.py .gpu/conformance/ttir --rounds 7 --json-out $OUT/ct_on$i.json > $OUT/ct_on$i.txt 2>&1; tail -2 $OUT/ct_on$i.txt
TRITONDIALECT_EARLY_PTXAS=0 python3 bench/compile_time.py .gpu/conformance/ttir --rounds 7 --json-out $OUT/ct_off$i.json > $OUT/ct_off$i.txt 2>&1; tail -2 $OUT/ct_off$i.txt
done
python3 bench/dropin_smoke.py > $OUT/smoke.txt 2>&1; tail -2 $OUT/smoke.txt
