set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/dist-before/tritondialect-*.whl 2>&1 | tail -1
cd bench
A="--ctx 4096 --batch-heads 128 --configs 64x128x64x4x3,128x128x64x8x3,128x128x128x8x3 --variants ptr --masks full"
for i in 1 2; do
python3 attention_ab.py $A --out $OUT/ptr-after-$i.json > /dev/null 2>&1
PYTHONPATH=/tmp/before python3 attention_ab.py $A --who ours --out $OUT/ptr-before-$i.json > /dev/null 2>&1
done
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/ptr-*.json")):
    for r in json.load(open(f)):
        print(f.split("/")[-1][:-5], r["D"], r["config"], "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0))
PY
