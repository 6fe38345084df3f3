set -u
H="python3 .gpu/conformance/harness.py check --kernels"
FA="$H .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$ --bench --kernel-time"
echo "== corpus attention, compiled now"
timeout 200 $H .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only attn --ptx-dir .gpu/s36/attn-m --bench --kernel-time --bench-all 2>&1 | tail -3
for i in 1 2 3; do
for v in fa fa-c fa-m; do echo "== $v"; timeout 120 $FA --ptx-dir .gpu/s36/$v 2>&1 | grep -E "attn|rror"; done
done
python3 -m pip install -q --no-deps --target /tmp/before .gpu/s36/before/*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
C=64x128x64x4x3,64x128x64x4x2,64x64x64x4x3
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "x%.3f"%r.get("speedup",0), "err", r.get("ours_err"), r.get("up_err"), r.get("ours_error","")[:80])'
for rep in 1 2; do
echo "== attention_ab before $rep"
PYTHONPATH=/tmp/before TRITON_CACHE_DIR=/tmp/c-before timeout 250 python3 bench/attention_ab.py --configs $C --who ours --variants ptr,hostdesc --out $OUT/ab-before-$rep.json 2>&1 | grep -v Warn | python3 -c "$F"
echo "== attention_ab new $rep"
TRITON_CACHE_DIR=/tmp/c-new timeout 250 python3 bench/attention_ab.py --configs $C --variants ptr,hostdesc --out $OUT/ab-new-$rep.json 2>&1 | grep -v Warn | python3 -c "$F"
done
