python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/base .gpu/dist-off/tritondialect-*.whl 2>&1 | tail -1
fmt() { python3 -c "
import sys,json
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.rstrip()[-300:]); continue
    print(r['D'],r['config'],r['variant'],'causal' if r['causal'] else 'full','sdpa %.0f up %.0f ours %.0f x%.3f err %s/%s'%(r['sdpa_tflops'],r.get('up_tflops',0),r.get('ours_tflops',0),r.get('speedup',0),r.get('up_err'),r.get('ours_err')), r.get('ours_error','')[-200:], r.get('up_error','')[-200:])"; }
for w in new base new; do
  echo "== membar $w"
  if [ $w = base ]; then export PYTHONPATH=/tmp/base; else unset PYTHONPATH; fi
  timeout 100 python3 bench/attention_ab.py --configs 128x128x64x8x3,128x128x128x8x2,64x128x128x8x3 --variants hostdesc_ws --masks full,causal --out $OUT/ws-$w-$RANDOM.json 2>&1 | fmt
done
unset PYTHONPATH
echo "== pingpong ours"
timeout 60 python3 bench/attention_ab.py --who ours --configs 128x128x64x8x3 --variants pingpong_ws --masks full,causal --dump $OUT/dump --out $OUT/pingpong.json 2>&1 | fmt
echo "rc $?"
