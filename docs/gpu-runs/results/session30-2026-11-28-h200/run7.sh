set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/base .gpu/dist-base/tritondialect-*.whl 2>&1 | tail -1
short() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r=json.loads(l); print(r['D'], r['config'], 'causal' if r['causal'] else 'full', *(f\"{k}={r[k]:.1f}\" for k in ('sdpa_tflops','up_tflops','ours_tflops') if k in r), *(f\"{k}={r[k]:.3g}\" for k in ('up_err','ours_err') if k in r), *(f\"{k}={r[k][:80]}\" for k in ('ours_error','up_error') if k in r))
" $1; }
echo "== does upstream specialize? (its PTX: setmaxnreg / barrier.sync 1 count)"
TRITON_CACHE_DIR=/tmp/c-dump python3 bench/attention_ab.py --who up,ours --once --ctx 256 --batch-heads 2 --variants hostdesc_ws --configs 128x128x64x8x3 --masks full --dump /tmp/dump > /dev/null 2>&1
for f in /tmp/dump/*.ptx; do echo "$(basename $f) setmaxnreg=$(grep -c setmaxnreg $f) barrier1=$(grep -c 'barrier.sync[[:space:]]*1;' $f) wgmma_wait1=$(grep -c 'wait_group.sync.aligned[[:space:]]*1;' $f)"; done
grep -m3 -n "num-warps\|ttg.warp_specialize\|total-num-warps" /tmp/dump/*-up.ttgir | cut -c1-160
echo "== mm_ws still exact (new)"
python3 bench/tma_matmul_ab.py --who ours --kernels mm_ws --sizes 1000,520x264x200 --no-ew --configs 128x128x64x8x3,128x64x64x4x2 2>&1 | grep -v "^#" | python3 -c "
import sys,json
for l in sys.stdin:
    l=l.strip()
    if l.startswith('{'):
        r=json.loads(l); print({k:v for k,v in r.items() if 'err' in k or k in ('kernel','size','config','ok','ours_ok','tma')})
    elif l: print(l[:160])
" | head -12
C="--variants hostdesc_ws --configs 128x128x64x8x3,128x128x128x8x2,128x128x128x8x3,64x128x128x8x3,64x128x64x8x3 --masks full,causal"
for round in 1 2; do
  echo "== base round $round"
  PYTHONPATH=/tmp/base TRITON_CACHE_DIR=/tmp/c-base python3 bench/attention_ab.py --who ours $C > $OUT/base-$round.jsonl 2>$OUT/base-$round.err; short $OUT/base-$round.jsonl
  who=ours; [ $round = 1 ] && who=up,ours
  echo "== new round $round"
  TRITON_CACHE_DIR=/tmp/c-new python3 bench/attention_ab.py --who $who $C > $OUT/new-$round.jsonl 2>$OUT/new-$round.err; short $OUT/new-$round.jsonl
done
