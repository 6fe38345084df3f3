set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/s34/dist-before/tritondialect-*.whl 2>&1 | tail -1
cd bench
C=64x128x64x4x3,128x128x64x8x3,128x128x128x8x3,64x128x128x8x3
timeout 200 python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks causal --configs $C --variants ptr,hostdesc,hostdesc_split --out $OUT/new.json > $OUT/new.log 2>&1
timeout 150 env PYTHONPATH=/tmp/before python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks causal --configs $C --variants ptr,hostdesc,hostdesc_split --who ours --out $OUT/old.json > $OUT/old.log 2>&1
for c in 512 1024; do
timeout 80 python3 attention_ab.py --ctx $c --batch-heads 256 --masks causal --configs 64x128x64x4x3,128x128x128x8x3 --variants ptr,hostdesc --who ours --out $OUT/small-$c-new.json > $OUT/small-$c-new.log 2>&1
timeout 80 env PYTHONPATH=/tmp/before python3 attention_ab.py --ctx $c --batch-heads 256 --masks causal --configs 64x128x64x4x3,128x128x128x8x3 --variants ptr,hostdesc --who ours --out $OUT/small-$c-old.json > $OUT/small-$c-old.log 2>&1
done
timeout 60 python3 attention_ab.py --ctx 384 --batch-heads 4 --masks causal --configs 64x128x64x4x3,128x128x128x8x3 --variants ptr,hostdesc --out $OUT/edge-384.json > $OUT/edge-384.log 2>&1
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try: rows = json.load(open(f))
    except Exception as e: print(f, "ERR", e); continue
    for r in rows:
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e/%.1e" % (r.get("ours_err", -1), r.get("up_err", -1)))
PY
cd $OUT && tar czf all.tgz *.json *.log && rm -f *.json *.log
