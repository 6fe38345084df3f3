set -u
python3 -m pip install -q --no-deps --target /tmp/w-main .gpu/s37/main/*.whl 2>&1 | tail -1
python3 -m pip install -q --no-deps --target /tmp/w-pin .gpu/s37/pin/*.whl 2>&1 | tail -1
C=64x128x64x4x3,64x128x64x4x2,64x128x64x8x3,64x128x64x8x2,128x128x128x8x2
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "x%.3f"%r.get("speedup",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
for v in main pin; do
echo "== attention_ab $v"
PYTHONPATH=/tmp/w-$v TRITON_CACHE_DIR=/tmp/c-$v timeout 270 python3 bench/attention_ab.py --configs $C --out $OUT/ab-$v.json 2>&1 | grep -v Warn | python3 -c "$F"
done
