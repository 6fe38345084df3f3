set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/base .gpu/dist-base/tritondialect-*.whl 2>&1 | tail -1
short() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r=json.loads(l); print(r['D'], r['config'], 'causal' if r['causal'] else 'full', *(f\"{k}={r[k]:.1f}\" for k in ('sdpa_tflops','up_tflops','ours_tflops') if k in r), *(f\"{k}={r[k]:.3g}\" for k in ('up_err','ours_err') if k in r), *(f\"{k}={r[k][:80]}\" for k in ('ours_error','up_error') if k in r))
" $1; }
C="--variants hostdesc_ws --configs 128x128x64x8x3,128x128x128x8x2,128x128x128x8x3,64x128x128x8x3,64x128x64x8x3 --masks full,causal"
echo "== edges (new): ctx 128, 256, one launch each"
for ctx in 128 256; do TRITON_CACHE_DIR=/tmp/c-new python3 bench/attention_ab.py --who ours --once --ctx $ctx --batch-heads 4 $C > $OUT/edge-$ctx.jsonl 2>$OUT/edge-$ctx.err; short $OUT/edge-$ctx.jsonl; done
for round in 1 2; do
  echo "== base round $round"
  PYTHONPATH=/tmp/base TRITON_CACHE_DIR=/tmp/c-base python3 bench/attention_ab.py --who ours $C > $OUT/base-$round.jsonl 2>$OUT/base-$round.err; short $OUT/base-$round.jsonl
  who=ours; [ $round = 1 ] && who=up,ours
  echo "== new round $round"
  TRITON_CACHE_DIR=/tmp/c-new python3 bench/attention_ab.py --who $who $C > $OUT/new-$round.jsonl 2>$OUT/new-$round.err; short $OUT/new-$round.jsonl
done
