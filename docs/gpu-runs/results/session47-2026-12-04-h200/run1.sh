# Session 47, call 1 (main's wheel through the drop-in backend, bench/attention_ab.py).
# (1) Session 46's synccheck launch failure at head dim 64: with torch's SDPA reference (now synchronized
#     right after it, so a failing reference fails there) and without it (--no-ref), ours and upstream's.
# (2) memcheck and racecheck of the desc loop warp-specialized without the reference.
# (3) An upper bound on skipping the accumulator's rescale (FlashAttention-4's lazy rescale): ptr and
#     desc loops against the same loops without `acc * alpha` (wrong results), head dim 128 and 64,
#     8 warps, upstream's in the same run, alternated twice.
# (4) The desc causal loop specialized against pipelined (TRITONDIALECT_AUTO_WS=0) at longer contexts:
#     is its loss a fixed cost per block?
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session47-2026-12-04-h200
cd bench
python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-main/*.whl 2>&1 | grep -v -i warn | tail -1
S="python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full --configs 64x128x128x8x3 --variants desc"
F="grep -v -i warn"
t "synccheck d64 ours with ref"; timeout 90 compute-sanitizer --tool synccheck --print-limit 5 $S --who ours 2>&1 | $F | grep -E "ERROR|Error|error|line|ours|File" | cut -c1-200 | head -14
t "synccheck d64 ours no-ref"; timeout 90 compute-sanitizer --tool synccheck --print-limit 5 $S --who ours --no-ref 2>&1 | $F | tail -4 | cut -c1-200
t "synccheck d64 up no-ref"; timeout 90 compute-sanitizer --tool synccheck --print-limit 5 $S --who up --no-ref 2>&1 | $F | tail -4 | cut -c1-200
t "synccheck d64 hostdesc ours no-ref"; timeout 90 compute-sanitizer --tool synccheck --print-limit 5 ${S/desc/hostdesc} --who ours --no-ref 2>&1 | $F | tail -3 | cut -c1-200
for cfg in 64x128x128x8x3 128x128x128x8x3; do
  R="python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full,causal --configs $cfg --variants desc --who ours --no-ref"
  t "memcheck $cfg"; timeout 120 compute-sanitizer --tool memcheck $R 2>&1 | $F | tail -2 | cut -c1-200
  t "racecheck $cfg"; timeout 150 compute-sanitizer --tool racecheck $R 2>&1 | $F | grep -E "SUMMARY|Error|error" | cut -c1-200 | sort | uniq -c
done
for r in 1 2; do
  t "norescale probe $r"; timeout 150 python3 attention_ab.py --no-ref --ctx 4096 --batch-heads 64 --masks full \
    --configs 128x128x128x8x3,128x128x64x8x3,64x128x128x8x3 --variants ptr,ptr_norescale,desc,desc_norescale \
    --out $OUT/norescale-$r.json 2>&1 | $F | python3 $P/rows.py
done
for ctx in 4096 16384; do bh=$(( 64 * 4096 / ctx )); for r in 1 2; do
  A="python3 attention_ab.py --no-ref --ctx $ctx --batch-heads $bh --masks causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours"
  t "causal ctx $ctx ws $r"; timeout 100 $A 2>&1 | $F | grep '^{' | python3 $P/rows.py
  t "causal ctx $ctx pipelined $r"; TRITONDIALECT_AUTO_WS=0 timeout 100 $A 2>&1 | $F | grep '^{' | python3 $P/rows.py
done; done
t end
