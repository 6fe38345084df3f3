set -x
python3 -c "import inspect, triton.compiler.compiler as c; src = inspect.getsource(c.compile); i = src.find('add_stages'); print(src[max(0, i - 2500):i + 600])" > $OUT/compile_src.txt
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl
python3 .gpu/s32/cubin_same.py .gpu/conformance/ttir > $OUT/cubin_same.txt 2>&1; tail -3 $OUT/cubin_same.txt
python3 bench/compile_time.py .gpu/conformance/ttir --rounds 5 --json-out $OUT/ct_new.json > $OUT/ct_new.txt 2>&1; tail -3 $OUT/ct_new.txt
TRITONDIALECT_EARLY_PTXAS=0 python3 bench/compile_time.py .gpu/conformance/ttir --rounds 5 --json-out $OUT/ct_off.json > $OUT/ct_off.txt 2>&1; tail -3 $OUT/ct_off.txt
python3 bench/dropin_smoke.py > $OUT/smoke.txt 2>&1; tail -3 $OUT/smoke.txt
