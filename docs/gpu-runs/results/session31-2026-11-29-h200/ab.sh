set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/dist-before/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
cd bench
# the split kernel (tutorial 06's causal shape) before and after the layout fix, and with both loops marked
A="--ctx 4096 --batch-heads 128"
python3 attention_ab.py $A --configs 128x128x64x8x3,128x128x128x8x3,64x128x128x8x3,64x128x64x8x3 --variants hostdesc,hostdesc_split,hostdesc_split_ws --masks causal --out $OUT/split-after.json > $OUT/split-after.txt 2>&1
PYTHONPATH=/tmp/before python3 attention_ab.py $A --configs 128x128x64x8x3,64x128x128x8x3 --variants hostdesc_split --masks causal --who ours --out $OUT/split-before.json > $OUT/split-before.txt 2>&1
# automatic warp specialization at block sizes the session-30 measurements did not cover
python3 attention_ab.py $A --configs 64x64x128x8x3,128x64x64x8x3,128x64x128x8x4 --variants hostdesc --masks full,causal --out $OUT/edge.json > $OUT/edge.txt 2>&1
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    for r in json.load(open(f)):
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full",
              "sdpa %.0f" % r["sdpa_tflops"], "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0),
              "x%.3f" % r.get("speedup", 0), "err up %.1e ours %.1e" % (r.get("up_err", -1), r.get("ours_err", -1)),
              r.get("ours_error", "")[:80], r.get("up_error", "")[:80])
PY
