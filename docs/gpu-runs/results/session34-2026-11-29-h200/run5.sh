set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
cd bench
for mnk in 1000,264,200 520,264,8 4096,4096,4096; do
timeout 150 python3 matmul_large.py --mnk $mnk --kernels ptr,desc,persist,persist_ws --configs 128x256x64x8x3,128x128x64x4x4 --out $OUT/ragged-$mnk.json 2>&1 | grep -v Warning | python3 -c "
import sys, json
for l in sys.stdin:
    try: r = json.loads(l)
    except Exception: print(l.strip()); continue
    print(r.get('kernel'), r.get('mnk'), r.get('config'), 'err up %s ours %s' % (r.get('up_err'), r.get('ours_err')), 'tflops up %.0f ours %.0f' % (r.get('up_tflops', 0), r.get('ours_tflops', r.get('tflops', 0))), r.get('ours_error', '')[:120])
"
done
