# Session 45, call 3: warp specialization of loops over descriptors the kernel makes (wheel `devws`:
# the producer makes its own tensor maps) against main. (1) Upstream's tutorial 06 through the drop-in
# backend with devws, upstream in the same call (its warp_specialize=True path on Hopper makes its
# descriptors in the kernel). (2) bench/attention_ab.py's `desc` loop (descriptors made in the kernel
# per program, unmarked: the automatic choice) at head dims 128 and 64, 8 warps, 128x128 tiles, full
# and causal: upstream and devws in one process, then main's. (3) compute-sanitizer memcheck on a
# small desc run with devws.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
inst() { python3 -m pip install -q --no-index --no-deps --force-reinstall $1 2>&1 | grep -v -i warn | tail -1; }
cd bench
inst "../.gpu/whl-devws/*.whl"
for who in ours up; do t "tutorial 06 $who"; timeout 200 python3 tutorial_attention.py ../.gpu/tutorials/t06.py $who 2>&1 | grep -v -i warn | tee -a $OUT/tutorial06-devws-$who.jsonl | tail -8; done
t "attention_ab desc devws"; timeout 150 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc,hostdesc --who up,ours --out $OUT/ab-devws.json 2>&1 | grep -v -i warn | tail -12
t "memcheck devws"; timeout 120 compute-sanitizer --tool memcheck python3 attention_ab.py --ctx 512 --batch-heads 4 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours 2>&1 | grep -E "ERROR SUMMARY|err|rror" | tail -6
inst "../.gpu/whl-main/*.whl"
t "attention_ab desc main"; timeout 120 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours --out $OUT/ab-main.json 2>&1 | grep -v -i warn | tail -6
t end
