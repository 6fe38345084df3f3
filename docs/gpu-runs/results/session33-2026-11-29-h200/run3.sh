set -x
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl
python3 .gpu/s32/cubin_same.py .gpu/conformance/ttir > $OUT/cubin_same.txt 2>&1; tail -3 $OUT/cubin_same.txt
for i in 1 2 3; do
python3 bench/compile_time.py .gpu/conformance/ttir --rounds 7 --json-out $OUT/ct$i.json > $OUT/ct$i.txt 2>&1; tail -2 $OUT/ct$i.txt
done
TRITONDIALECT=strict python3 bench/dropin_smoke.py > $OUT/smoke.txt 2>&1; tail -3 $OUT/smoke.txt
cd $OUT && tar cJf all.tar.xz *.txt *.json && rm -f *.json
