set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
C="--variants hostdesc_ws --configs 128x128x64x8x3,128x128x128x8x2,64x128x128x8x3 --masks full,causal"
short() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r=json.loads(l); print(r['D'], r['config'], 'causal' if r['causal'] else 'full', *(f\"{k}={r[k]:.1f}\" for k in ('up_tflops','ours_tflops') if k in r), *(f\"{k}={r[k]:.3g}\" for k in ('up_err','ours_err') if k in r), *(f\"{k}={r[k][:80]}\" for k in ('ours_error','up_error') if k in r))
" $1; }
for round in 1 2; do
  echo "== base round $round"
  TRITON_CACHE_DIR=/tmp/c-base python3 bench/attention_ab.py --who ours $C > $OUT/base-$round.jsonl 2>$OUT/base-$round.err; short $OUT/base-$round.jsonl
  for m in pp ov; do
  echo "== $m round $round"
  PP_MODE=$m PTX_EDIT_FILE=.gpu/s30/pingpong2.py TRITON_CACHE_DIR=/tmp/c-$m timeout 300 python3 .gpu/s30/patchrun.py bench/attention_ab.py --who ours $C > $OUT/$m-$round.jsonl 2>$OUT/$m-$round.err; echo rc=$? patched=$(grep -c patched $OUT/$m-$round.err); short $OUT/$m-$round.jsonl
  done
done
