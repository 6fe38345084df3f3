python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/dist-off/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
timeout 400 python3 bench/attention_ab.py --configs 64x128x64x4x3,128x128x64x8x3,64x128x128x8x3,128x128x128x8x2 --variants hostdesc,hostdesc_ws --masks full,causal --out $OUT/attention_ab-hostdesc-ws.json 2>&1 | python3 -c "
import sys,json
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.rstrip()[-400:]); continue
    print(r['D'],r['config'],r['variant'],'causal' if r['causal'] else 'full','sdpa %.0f up %.0f ours %.0f x%.3f err %s/%s'%(r['sdpa_tflops'],r.get('up_tflops',0),r.get('ours_tflops',0),r.get('speedup',0),r.get('up_err'),r.get('ours_err')), r.get('ours_error',''), r.get('up_error',''))"
