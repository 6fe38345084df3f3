set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/dist-before/tritondialect-*.whl 2>&1 | tail -1
cd bench
A="--ctx 4096 --batch-heads 128 --configs 64x128x64x4x3,128x128x64x8x3,128x128x128x8x3,64x128x128x8x3 --variants ptr --masks causal,full --who ours"
for i in 1 2; do
python3 attention_ab.py $A --out $OUT/c-after-$i.json > /dev/null 2>&1
PYTHONPATH=/tmp/before python3 attention_ab.py $A --out $OUT/c-before-$i.json > /dev/null 2>&1
done
python3 - $OUT <<'PY'
import json, sys, glob
rows = {}
for f in sorted(glob.glob(sys.argv[1] + "/c-*.json")):
    tag = f.split("/")[-1][:-5].rsplit("-", 1)[0]
    for r in json.load(open(f)):
        rows.setdefault((r["D"], tuple(r["config"]), r["causal"]), {}).setdefault(tag, []).append("%.0f" % r["ours_tflops"])
for k, v in rows.items(): print(k, v)
PY
