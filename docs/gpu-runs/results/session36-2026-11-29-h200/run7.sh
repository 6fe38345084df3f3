set -u
# .gpu/s36/ab_maxnreg.py: bench/attention_ab.py with its --maxnreg option (added to bench/attention_ab.py after this run).
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
C=64x128x64x8x3,64x128x64x8x2,64x64x64x8x3
for m in 0 128 0 128; do
  a=""; [ $m != 0 ] && a="--maxnreg $m"
  echo "== maxnreg $m"
  TRITON_CACHE_DIR=/tmp/c7-$m timeout 250 python3 .gpu/s36/ab_maxnreg.py --configs $C $a --variants ptr,hostdesc --who ours 2>&1 | grep -v Warn | python3 -c "
import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()); continue
    print(r['maxnreg'], r['D'], r['config'], r['variant'], 'causal' if r['causal'] else 'full', 'ours %.0f'%r.get('ours_tflops',0), r.get('ours_error','')[:80])
"
done
