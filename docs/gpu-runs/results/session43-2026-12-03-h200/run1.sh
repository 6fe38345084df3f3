# Session 43, call 1: base (main at ffa4411) against affine (a tile's pointers as one base plus immediate offsets,
# AffinePointers.cpp). The whole corpus at affine first (every output against upstream, harness kernel time),
# then the attention kernels alternated three times (corpus ones with --bench-all, the x ones with --bench),
# then the whole corpus at base.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base affine"
for v in $V; do for f in .gpu/c-$v/perf_flash*.ptx .gpu/x-$v/*.ptx; do echo "$v $(basename $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|Used' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
t "whole corpus affine"; timeout 280 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-affine --kernel-time --json-out $OUT/corpus-affine.json 2>&1 | grep -v -i warn | tail -34
t "exactness x affine"; timeout 100 $H --corpus .gpu/x --ptx-dir .gpu/x-affine 2>&1 | grep -E "attn|passed|MISMATCH|FAIL"
for r in 1 2 3; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t "whole corpus base"; timeout 200 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-base --kernel-time --json-out $OUT/corpus-base.json 2>&1 | grep -v -i warn | tail -3
t end
