set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
nvcc -gencode arch=compute_90a,code=sm_90a -lineinfo -o /tmp/rcb bench/sanitizer/racecheck_partial_barrier.cu
compute-sanitizer --tool racecheck --print-limit 100 /tmp/rcb > $OUT/racecheck-partial-barrier.txt 2>&1
echo "== racecheck control"; grep -E "right|WRONG|SUMMARY" $OUT/racecheck-partial-barrier.txt
grep "Race reported" $OUT/racecheck-partial-barrier.txt | sed 's/.*dispatch<//; s/>(int.*//' | sort | uniq -c
C="--variants hostdesc_ws --configs 128x128x64x8x3,128x128x128x8x2,64x128x128x8x3 --masks full,causal"
short() { python3 -c "
import json,sys
for l in open(sys.argv[1]):
    if l.startswith('{'):
        r=json.loads(l); print(r['D'], r['config'], 'causal' if r['causal'] else 'full', *(f\"{k}={r[k]:.1f}\" for k in ('up_tflops','ours_tflops') if k in r), *(f\"{k}={r[k]:.3g}\" for k in ('up_err','ours_err') if k in r), *(f\"{k}={r[k][:80]}\" for k in ('ours_error','up_error') if k in r))
" $1; }
for round in 1 2; do
  who=ours; [ $round = 1 ] && who=up,ours
  echo "== base round $round"
  TRITON_CACHE_DIR=/tmp/c-base python3 bench/attention_ab.py --who $who $C > $OUT/base-$round.jsonl 2>$OUT/base-$round.err; short $OUT/base-$round.jsonl
  echo "== pingpong round $round"
  PTX_EDIT_FILE=.gpu/s30/pingpong.py TRITON_CACHE_DIR=/tmp/c-pp timeout 300 python3 .gpu/s30/patchrun.py bench/attention_ab.py --who ours $C > $OUT/pp-$round.jsonl 2>$OUT/pp-$round.err; echo rc=$?; short $OUT/pp-$round.jsonl
  grep -c "patched" $OUT/pp-$round.err
done
