python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/off .gpu/dist-off/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv,noheader
for mode in on off on off; do
  echo "== attention_ab overlap $mode"
  if [ $mode = off ]; then export PYTHONPATH=/tmp/off; else unset PYTHONPATH; fi
  python3 -c "import tritondialect,sys; print(tritondialect.__file__)"
  timeout 140 python3 bench/attention_ab.py --configs 128x128x64x8x3,64x128x128x8x3,128x128x128x8x2 --out $OUT/attention_ab-$mode-$RANDOM.json 2>&1 | tail -6 | python3 -c "
import sys,json
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.rstrip()); continue
    print(r['D'],r['config'],'causal' if r['causal'] else 'full','sdpa %.0f up %.0f ours %.0f x%.3f err %s/%s'%(r['sdpa_tflops'],r.get('up_tflops',0),r.get('ours_tflops',0),r.get('speedup',0),r.get('up_err'),r.get('ours_err')), r.get('ours_error',''))"
done
