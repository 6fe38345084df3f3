# Session 45, call 2: upstream's tutorials through the drop-in backend (main wheel, strict: a fallback
# is an error), upstream in the same call: tutorial 06's autotuned forward (batch 4, 32 heads, 4096
# tokens; head dims 64/128, causal and not, warp_specialize where the tutorial offers it) and
# tutorial 09's host-descriptor kernels (M = N = 8192, K = 512, its own point). Then the x kernels
# at main twice more (harness kernel time).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl-main/*.whl 2>&1 | grep -v -i warn | tail -1
cd bench
for who in up ours; do t "tutorial 06 $who"; timeout 200 python3 tutorial_attention.py ../.gpu/tutorials/t06.py $who 2>&1 | grep -v -i warn | tee -a $OUT/tutorial06-$who.jsonl | tail -8; done
t "tutorial 09 host descriptors"; timeout 250 python3 tutorial_persistent_matmul.py ../.gpu/tutorials/t09.py --variants tma,tma_persistent --timeout 110 2>&1 | grep -v -i warn | tee $OUT/tutorial09-host.txt | tail -8
cd ..
C=.gpu/conformance; H="python3 $C/harness.py check --kernels $C/kernels_x.py"
for r in 1 2; do t "x main $r"; timeout 60 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-local --only "perf_flash_attn_fwd_d128" 2>&1 | grep -E "attn|rror"; done
t end
