set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
short() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r=json.loads(l); print(r['variant'], r['D'], r['config'], 'causal' if r['causal'] else 'full', *(f\"{k}={r[k]:.1f}\" for k in ('up_tflops','ours_tflops') if k in r), *(f\"{k}={r[k]:.3g}\" for k in ('ours_err',) if k in r), *(f\"{k}={r[k][:80]}\" for k in ('ours_error',) if k in r))
" $1; }
C="--variants hostdesc,hostdesc_ws --configs 128x128x64x8x3,128x128x128x8x3,64x128x128x8x3,64x128x64x8x3,64x128x64x4x3 --masks full,causal"
TRITON_CACHE_DIR=/tmp/c9 python3 bench/attention_ab.py --who up,ours $C > $OUT/hd.jsonl 2>$OUT/hd.err; short $OUT/hd.jsonl
