set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
cp bench/attention_ab.py bench/attn_rev.py && patch bench/attn_rev.py docs/gpu-runs/results/session35-2026-11-29-h200/attn_rev.diff
cd bench
C=64x128x64x4x3,128x128x64x8x3,128x128x128x8x3,64x128x128x8x3
timeout 300 python3 attn_rev.py --ctx 4096 --batch-heads 128 --masks causal --configs $C --variants ptr,ptr_rev,ptr,ptr_rev --out $OUT/rev.json > $OUT/rev.log 2>&1
timeout 150 python3 attn_rev.py --ctx 1024 --batch-heads 256 --masks causal --configs 64x128x64x4x3,128x128x128x8x3 --variants ptr,ptr_rev --out $OUT/rev1k.json > $OUT/rev1k.log 2>&1
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try: rows = json.load(open(f))
    except Exception as e: print(f, "ERR", e); continue
    for r in rows:
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e/%.1e" % (r.get("ours_err", -1), r.get("up_err", -1)), r.get("ours_error", ""))
PY
cd $OUT && tar czf all.tgz *.json *.log && rm -rf *.json *.log
