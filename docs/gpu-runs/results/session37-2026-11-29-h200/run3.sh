set -u
for v in main pin3; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/s37/$v/*.whl 2>&1 | tail -1; done
C=64x128x64x8x3,64x128x64x8x2,128x128x128x8x2,128x128x64x8x3
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "x%.3f"%r.get("speedup",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
for rep in 1 2; do for v in main pin3; do
echo "== attention_ab $v $rep"
d=""; [ $rep = 1 ] && d="--dump $OUT/dump-$v"
PYTHONPATH=/tmp/w-$v TRITON_CACHE_DIR=/tmp/c-$v timeout 200 python3 bench/attention_ab.py --configs $C $d --out $OUT/ab3-$v-$rep.json 2>&1 | grep -v Warn | python3 -c "$F"
done; done
cd $OUT && tar czf dumps.tgz dump-* && rm -rf dump-*
