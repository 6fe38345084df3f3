# Session 45, call 4: the NaN outputs of call 3's warp-specialized loops over descriptors made in the
# kernel. devws (call 3's wheel) against devws2 (its shared-memory allocation with every buffer of a
# ttg.warp_specialize region live for the whole op) on bench/attention_ab.py's desc loop, short
# contexts (one to four key tiles) and the full size, exactness only; TTIR, TTGIR, PTX and SASS of
# devws2's kernel dumped for reading here.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
inst() { python3 -m pip install -q --no-index --no-deps --force-reinstall $1 2>&1 | grep -v -i warn | tail -1; }
cd bench
for w in devws devws2; do inst "../.gpu/whl-$w/*.whl"
  for L in 128 512 4096; do t "$w L=$L"; timeout 100 python3 attention_ab.py --once --ctx $L --batch-heads 8 --masks full --configs 128x128x128x8x3,64x128x128x8x3 --variants desc --who ours --dump $OUT/dump-$w-$L 2>&1 | grep -v -i warn | cut -c1-200 | tail -3; done; done
cd $OUT
for f in dump-devws2-512/*ours.ptx; do ptxas -arch=sm_90a $f -o /tmp/k.cubin && (nvdisasm -c -g /tmp/k.cubin 2>/dev/null || cuobjdump -sass /tmp/k.cubin) > ${f%.ptx}.sass; done
ls -la dump-devws2-512 | head; rm -rf dump-devws-128 dump-devws-4096 dump-devws2-128 dump-devws2-4096
gzip dump-*/*.sass dump-*/*.ptx 2>/dev/null
t end
