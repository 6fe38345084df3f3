# Session 48, call 2: the landed form (wheel whl-new: tritongpu-scale-after-max in warp-specialized
# partitions by default, WordBlockArguments' webs) against the session's starting point (whl-main,
# session 47's wheel of a6cc09e's code). (1) Upstream's tutorial 06 through the drop-in backend
# (strict), its own autotuning, upstream in the same call. (2) Exactness of whl-new on the x kernels
# and the corpus attention kernels. (3) The head-dim-128 kernels by harness kernel time, main and new
# alternated three times, upstream in every invocation, with the SM clock and throttle reasons sampled.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session48-2026-12-04-h200
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-new/*.whl 2>&1 | grep -v -i warn | tail -1
cd bench
for who in up ours; do t "tutorial 06 $who"; timeout 240 python3 tutorial_attention.py ../.gpu/tutorials/t06.py $who 2>&1 | grep -v -i warn | tee -a $OUT/tutorial06-$who.jsonl | tail -8; done
cd ..
for v in main new; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t gen; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_d128|ws_d128_scale_" 2>&1 | tail -1
for v in main new; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
PYTHONPATH=/tmp/w-new timeout 120 python3 scripts/compile-corpus-wheel.py $C/ttir .gpu/c-new --only attn 2>&1 | tail -1
t "exactness new"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-new --json-out $OUT/exact-new.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4
timeout 100 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --only attn --ptx-dir .gpu/c-new 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -3
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active --format=csv,noheader -lms 500 > $OUT/clocks.csv 2>/dev/null &
SMI=$!
for r in 1 2 3; do for v in main new; do t "x $v $r"; timeout 120 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128" 2>&1 | grep -E "attn|rror"; done; done
kill $SMI
t end
