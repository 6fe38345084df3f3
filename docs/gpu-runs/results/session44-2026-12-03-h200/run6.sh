# Session 44, call 6: call 5 had ours 1.3 % slower at head dim 64 without a mask (128x128 tiles, 8 warps,
# warp-specialized automatically) at main than at base. bench/attention_ab.py, ours only, those shapes,
# alternated twice between base (e69dc1c), defer (20f73aa: the rescale moved, the fence kept) and main (210f068).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
cd bench
for r in 1 2; do for v in base defer main; do
  w=../.gpu/whl-$v/*.whl; [ $v = main ] && w=../dist/*.whl
  python3 -m pip install -q --no-index --no-deps --force-reinstall $w 2>&1 | tail -1
  t "attention_ab $v $r"; timeout 60 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full --configs 64x128x128x8x3 --variants ptr,hostdesc --who ours 2>&1 | grep -v -i warn | python3 -c "
import sys, json
for l in sys.stdin:
    if l.startswith('{'):
        d = json.loads(l); print(d['variant'], 'D', d['D'], 'ours %.1f TFLOP/s' % d['ours_tflops'], 'err', d['ours_err'], 'cuDNN %.1f' % d['sdpa_tflops'])
    else: print(l.rstrip())"
done; done
t end
