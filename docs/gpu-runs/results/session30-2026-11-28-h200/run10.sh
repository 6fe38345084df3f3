set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
short() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r=json.loads(l); print(r['variant'], r['D'], r['config'], 'causal' if r['causal'] else 'full', *(f\"{k}={r[k]:.1f}\" for k in ('sdpa_tflops','up_tflops','ours_tflops') if k in r), *(f\"{k}={r[k]:.3g}\" for k in ('up_err','ours_err') if k in r), *(f\"{k}={r[k][:80]}\" for k in ('ours_error',) if k in r))
" $1; }
C="--variants hostdesc --configs 128x128x64x8x3,128x128x128x8x3,128x128x128x8x2,64x128x128x8x3,64x128x64x8x3,64x128x64x4x3 --masks full,causal"
echo "== edges ctx 128"
TRITON_CACHE_DIR=/tmp/c10 python3 bench/attention_ab.py --who ours --once --ctx 128 --batch-heads 4 $C > $OUT/auto-edge.jsonl 2>&1; short $OUT/auto-edge.jsonl
echo "== hostdesc (not marked), automatic warp specialization"
TRITON_CACHE_DIR=/tmp/c10 python3 bench/attention_ab.py --who up,ours --dump /tmp/d10 $C > $OUT/auto.jsonl 2>$OUT/auto.err; short $OUT/auto.jsonl
for f in /tmp/d10/*ours.ptx; do echo "$(basename $f) setmaxnreg=$(grep -c setmaxnreg $f)"; done
