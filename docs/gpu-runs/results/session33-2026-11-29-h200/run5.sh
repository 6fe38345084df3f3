python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl
for i in 1 2 3; do
python3 bench/compile_time.py .gpu/conformance/ttir --rounds 7 --json-out $OUT/ct$i.json > $OUT/ct$i.txt 2>&1; tail -2 $OUT/ct$i.txt | head -1
done
cd $OUT && tar cJf all.tar.xz *.txt *.json && rm -f *.json
