set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/s34/dist-before/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.sm,temperature.gpu --format=csv,noheader
for i in 1 2; do for v in new old; do
python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/s34/ptx-$v --only 'flash_attn' --bench --kernel-time --json-out $OUT/h-$v-$i.json > $OUT/h-$v-$i.txt 2>&1
done; done
cd bench
E="--ctx 4096 --batch-heads 128 --masks full,causal"
timeout 200 python3 attention_ab.py $E --configs 64x128x64x4x3,128x128x64x8x3,128x128x128x8x3,64x128x128x8x3 --variants ptr --out $OUT/ptr-new.json > $OUT/ptr-new.log 2>&1
timeout 100 env PYTHONPATH=/tmp/before python3 attention_ab.py $E --configs 64x128x64x4x3,128x128x64x8x3,128x128x128x8x3,64x128x128x8x3 --variants ptr --who ours --out $OUT/ptr-old.json > $OUT/ptr-old.log 2>&1
timeout 80 python3 attention_ab.py $E --configs 64x128x64x4x3,128x64x64x8x3 --variants hostdesc --out $OUT/hd-new.json > $OUT/hd-new.log 2>&1
timeout 50 env PYTHONPATH=/tmp/before python3 attention_ab.py $E --configs 64x128x64x4x3,128x64x64x8x3 --variants hostdesc --who ours --out $OUT/hd-old.json > $OUT/hd-old.log 2>&1
for c in 64 128 192; do
timeout 60 python3 attention_ab.py --ctx $c --batch-heads 4 --masks full,causal --configs 64x128x64x4x3,128x128x128x8x3 --variants ptr,hostdesc --out $OUT/edge-$c.json > $OUT/edge-$c.log 2>&1
done
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    if "/h-" in f: continue
    try: rows = json.load(open(f))
    except Exception as e: print(f, "ERR", e); continue
    for r in rows:
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e/%.1e" % (r.get("ours_err", -1), r.get("up_err", -1)))
PY
cd ..; grep -h "flash_attn" $OUT/h-*.txt
