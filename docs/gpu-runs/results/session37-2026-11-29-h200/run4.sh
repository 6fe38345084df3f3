set -u
H="python3 .gpu/conformance/harness.py check --bench --kernel-time"
for i in 1 2; do for v in main sync3 sync3pin; do
  a=attn-$v; c=causal-$v; [ $v != main ] && a=conformance-$v
  echo "== corpus attn $v $i"; timeout 100 $H --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$ --ptx-dir .gpu/s37/$a 2>&1 | grep -E "attn|rror"
  echo "== causal $v $i"; timeout 80 $H --kernels .gpu/causal/kernels_causal.py --corpus .gpu/causal/ttir --only causal --ptx-dir .gpu/s37/$c 2>&1 | grep -E "causal|rror"
done; done
for v in main sync3; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/s37/$v/*.whl 2>&1 | tail -1; done
C=64x128x64x4x3,64x128x64x4x2,64x64x64x4x3
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "x%.3f"%r.get("speedup",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
for rep in 1 2; do for v in main sync3; do
echo "== attention_ab $v $rep"
PYTHONPATH=/tmp/w-$v TRITON_CACHE_DIR=/tmp/c-$v timeout 200 python3 bench/attention_ab.py --configs $C --variants ptr,hostdesc --out $OUT/ab4-$v-$rep.json 2>&1 | grep -v Warn | python3 -c "$F"
done; done
