set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/dist-before/tritondialect-*.whl 2>&1 | tail -1
for v in old new; do for i in 1 2; do
python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/s31/ptx-$v --only 'flash_attn' --bench --kernel-time --json-out $OUT/h-$v-$i.json > $OUT/h-$v-$i.txt 2>&1
done; done
cd bench
A="--ctx 4096 --batch-heads 128 --configs 64x128x64x4x3,128x128x64x8x3,128x128x128x8x3,64x128x128x8x3 --variants ptr --masks full,causal"
python3 attention_ab.py $A --out $OUT/ptr-after.json > /dev/null 2>&1
PYTHONPATH=/tmp/before python3 attention_ab.py $A --who ours --out $OUT/ptr-before.json > /dev/null 2>&1
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/ptr-*.json")):
    for r in json.load(open(f)):
        print(f.split("/")[-1][:-5], r["D"], r["config"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e" % r.get("ours_err", -1))
PY
cd ..; grep -h "flash_attn" $OUT/h-*.txt | head -20
