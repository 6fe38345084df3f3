# Session 45, call 5: commit b12349e (wheel devws2: warp-specialized loops over descriptors the kernel
# makes, the allocator's warp_specialize fix), upstream in the same call: tutorial 06 (drop-in
# backend), bench/attention_ab.py's desc and hostdesc loops (8 warps, 128x128 tiles, head dims 128
# and 64, full and causal), memcheck on a short desc run, and tutorial 09's device-descriptor kernels.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
cd bench
python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-devws2/*.whl 2>&1 | grep -v -i warn | tail -1
for who in ours up; do t "tutorial 06 $who"; timeout 200 python3 tutorial_attention.py ../.gpu/tutorials/t06.py $who 2>&1 | grep -v -i warn | tee -a $OUT/tutorial06-b12349e-$who.jsonl | tail -8; done
t "attention_ab"; timeout 150 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc,hostdesc --who up,ours --out $OUT/ab-b12349e.json 2>&1 | grep -v -i warn | cut -c1-400 | tail -8
t "memcheck"; timeout 100 compute-sanitizer --tool memcheck python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours 2>&1 | grep -E "ERROR SUMMARY|ours_err" | cut -c1-200 | tail -6
t "tutorial 09 device descriptors"; timeout 230 python3 tutorial_persistent_matmul.py ../.gpu/tutorials/t09.py --variants descriptor_persistent,descriptor_persistent_ws --timeout 100 2>&1 | grep -v -i warn | tee $OUT/tutorial09-device.txt | tail -4
t end
