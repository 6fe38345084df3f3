python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/base .gpu/dist-off/tritondialect-*.whl 2>&1 | tail -1
echo "== racecheck/synccheck, ours, hostdesc_ws and ptr, small"
for tool in racecheck synccheck; do
timeout 100 compute-sanitizer --tool $tool --print-limit 5 python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3,64x128x128x8x3 --variants hostdesc_ws,ptr --masks full,causal 2>&1 | grep -E "ERROR SUMMARY|Hazard|error|err" | cut -c1-200 | tail -6
done
for w in new base; do
  echo "== membar $w"
  if [ $w = base ]; then export PYTHONPATH=/tmp/base; else unset PYTHONPATH; fi
  timeout 120 python3 bench/tma_matmul_ab.py --kernels mm,mm_ws --sizes 4096,1000 --no-ew --out $OUT/tma-$w.json 2>&1 | tail -12 | cut -c1-220
  timeout 100 python3 bench/attention_ab.py --configs 64x128x64x4x3,128x128x64x8x3 --variants ptr,hostdesc --masks full,causal --out $OUT/attn-$w.json 2>&1 | python3 -c "
import sys,json
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.rstrip()[-300:]); continue
    print(r['D'],r['config'],r['variant'],'causal' if r['causal'] else 'full','up %.0f ours %.0f x%.3f err %s/%s'%(r.get('up_tflops',0),r.get('ours_tflops',0),r.get('speedup',0),r.get('up_err'),r.get('ours_err')))"
done
