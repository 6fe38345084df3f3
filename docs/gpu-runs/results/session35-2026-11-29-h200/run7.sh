set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
cd bench
timeout 300 python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks full,causal --configs 64x128x64x4x3,64x128x64x8x3,64x128x64x8x4 --variants ptr,ptr_ws --out $OUT/w8.json > $OUT/w8.log 2>&1
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    for r in json.load(open(f)):
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e/%.1e" % (r.get("ours_err", -1), r.get("up_err", -1)), r.get("ours_error", "")[:80], r.get("up_error", "")[:80])
PY
cd $OUT && tar czf all.tgz *.json *.log && rm -f *.json *.log
