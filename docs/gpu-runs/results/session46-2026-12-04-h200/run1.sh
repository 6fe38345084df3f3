# Session 46, call 1. (1) Membar with mbarrier init/inval as thread 0's writes (branch
# wip/membar-thread-zero-barrier-ops, PTX compiled here: .gpu/p/mb-x) against main (.gpu/p/main-x):
# exactness of every x kernel, then three alternations of the head-dim-128 kernels (BN = 128 and 64),
# harness kernel time, upstream in every invocation. (2) main's wheel through the drop-in backend:
# compute-sanitizer racecheck and synccheck on bench/attention_ab.py's desc loop warp-specialized
# (8 warps, 128x128 tiles, short run); that loop specialized against pipelined
# (TRITONDIALECT_AUTO_WS=0), full and causal, head dims 128 and 64, two alternations; tutorial 09's
# pointer kernels (naive, persistent) against upstream.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; H="python3 $C/harness.py check --kernels $C/kernels_x.py --corpus .gpu/x"
t "exactness mb"; timeout 150 $H --ptx-dir .gpu/p/mb-x 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4
for r in 1 2 3; do for v in main mb; do t "x $v $r"; timeout 120 $H --kernel-time --bench --ptx-dir .gpu/p/$v-x --only "perf_flash_attn_fwd_d128" 2>&1 | grep -E "attn|rror"; done; done
cd bench
python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-main/*.whl 2>&1 | grep -v -i warn | tail -1
S="python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours"
for tool in racecheck synccheck; do t "$tool desc ws"; timeout 200 compute-sanitizer --tool $tool $S 2>&1 | grep -E "ERROR SUMMARY|RACECHECK SUMMARY|hazard|ours_err|Error" | cut -c1-220 | sort | uniq -c | head -12; done
A="python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours"
for r in 1 2; do t "desc ws $r"; timeout 100 $A --out $OUT/ab-ws-$r.json 2>&1 | grep -v -i warn | cut -c1-300 | tail -5
  t "desc pipelined $r"; TRITONDIALECT_AUTO_WS=0 timeout 100 $A --out $OUT/ab-pipe-$r.json 2>&1 | grep -v -i warn | cut -c1-300 | tail -5; done
t "tutorial 09 pointers"; timeout 230 python3 tutorial_persistent_matmul.py ../.gpu/tutorials/t09.py --variants naive,persistent --timeout 100 2>&1 | grep -v -i warn | tee $OUT/tutorial09-pointers.txt | tail -6
t end
