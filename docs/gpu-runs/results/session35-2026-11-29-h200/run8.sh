set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/before .gpu/s35/dist-before/tritondialect-*.whl 2>&1 | tail -1
H="python3 .gpu/conformance/harness.py check --kernels .gpu/d128/kernels_d128.py --corpus .gpu/d128/ttir --only perf_flash_attn_fwd_d128 --bench --kernel-time"
for i in 1 2; do
  for d in ws ws2; do echo "== $d $i"; timeout 120 $H --ptx-dir .gpu/d128/$d 2>&1 | grep -E "perf_flash|FAIL|mismatch|rror" | head -4; done
done
cd bench
C=128x128x64x8x3,128x128x128x8x3,64x128x128x8x3
timeout 200 python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks full,causal --configs $C --variants ptr --out $OUT/new.json > $OUT/new.log 2>&1
timeout 200 env PYTHONPATH=/tmp/before python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks full,causal --configs $C --variants ptr --who ours --out $OUT/old.json > $OUT/old.log 2>&1
timeout 200 python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks full,causal --configs $C --variants ptr --who ours --out $OUT/new2.json > $OUT/new2.log 2>&1
for c in 128 384; do timeout 60 python3 attention_ab.py --ctx $c --batch-heads 4 --once --masks full,causal --configs $C --variants ptr --out $OUT/edge-$c.json > $OUT/edge-$c.log 2>&1; done
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    for r in json.load(open(f)):
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e/%.1e" % (r.get("ours_err", -1), r.get("up_err", -1)), r.get("ours_error", "")[:80])
PY
cd $OUT && tar czf all.tgz *.json *.log && rm -f *.json *.log
