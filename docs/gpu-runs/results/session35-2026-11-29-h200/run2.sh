set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
H="python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only perf_ --bench --kernel-time"
for i in 1 2; do
  echo "== base $i"; timeout 120 $H --ptx-dir .gpu/s35/ptx-base 2>&1 | grep -E "perf_|FAIL|mismatch" | head -8
  echo "== ws $i"; timeout 120 $H --ptx-dir .gpu/s35/ptx-ws 2>&1 | grep -E "perf_|FAIL|mismatch" | head -8
done
cd bench
C=128x128x64x8x3,128x128x128x8x3,64x128x128x8x3
timeout 200 python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks full,causal --configs $C --variants ptr --out $OUT/auto.json > $OUT/auto.log 2>&1
timeout 200 env TRITONDIALECT_AUTO_WS=0 python3 attention_ab.py --ctx 4096 --batch-heads 128 --masks full,causal --configs $C --variants ptr --who ours --out $OUT/noauto.json > $OUT/noauto.log 2>&1
timeout 100 compute-sanitizer --tool memcheck python3 attention_ab.py --ctx 512 --batch-heads 2 --once --who ours --variants ptr,ptr_ws --masks full,causal --configs 128x128x128x8x3,64x128x64x4x3 > $OUT/memcheck.log 2>&1
timeout 100 compute-sanitizer --tool synccheck python3 attention_ab.py --ctx 512 --batch-heads 2 --once --who ours --variants ptr --masks causal --configs 128x128x128x8x3 > $OUT/synccheck.log 2>&1
tail -3 $OUT/memcheck.log $OUT/synccheck.log
python3 - $OUT <<'PY'
import json, sys, glob
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    try: rows = json.load(open(f))
    except Exception as e: print(f, "ERR", e); continue
    for r in rows:
        print(f.split("/")[-1][:-5], r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f" % r.get("up_tflops", 0), "ours %.0f" % r.get("ours_tflops", 0), "x%.3f" % r.get("speedup", 0), "err %.1e/%.1e" % (r.get("ours_err", -1), r.get("up_err", -1)), r.get("ours_error", ""))
PY
cd $OUT && tar czf all.tgz *.json *.log && rm -rf *.json *.log
