set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
echo "== dot matrix: pipe and ws"
timeout 200 python3 test/GPU/dot_matrix.py run .gpu/dm --only 'pipe|ws' 2>&1 | tail -45
for tool in memcheck synccheck racecheck; do
  timeout 100 compute-sanitizer --tool $tool python3 test/GPU/dot_matrix.py run .gpu/dm --only 'ws3_w(4|8)$' > $OUT/san-$tool.txt 2>&1
  echo "$tool: $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $OUT/san-$tool.txt | tail -1) $(grep -c 'hazard' $OUT/san-$tool.txt) hazard lines"
done
grep -m6 -E "hazard|Race|Warning" $OUT/san-racecheck.txt
cd bench
for c in 128 256 384 640; do
timeout 100 python3 attention_ab.py --ctx $c --batch-heads 4 --once --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3,128x128x64x8x3 --variants ptr,ptr_ws --out $OUT/edge-$c.json > $OUT/edge-$c.log 2>&1
done
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/edge-*.json")):
    rows = json.load(open(f))
    bad = [r for r in rows if r.get("ours_err", 1) > max(2 * r.get("up_err", 0), 2e-3) or "ours_error" in r]
    print(f.split("/")[-1], len(rows), "rows, worst ours/up err", max(r.get("ours_err", -1) for r in rows), max(r.get("up_err", -1) for r in rows), "bad", [(r["D"], r["config"], r["variant"], r["causal"], r.get("ours_err"), r.get("up_err"), r.get("ours_error", "")[:100]) for r in bad])
PY
cd $OUT && tar czf all.tgz *.txt *.json *.log && rm -f *.txt *.json *.log
