# Session 43, call 3: main at 584d52c (loop = cp.async copies everywhere, tt.load/tt.store in loops) against base
# (ffa4411). The whole corpus at loop first (every output against upstream), then the attention kernels alternated
# twice (the corpus ones with --bench-all, the x ones with --bench). Harness kernel time, upstream in every invocation.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base loop"
t "whole corpus loop"; timeout 200 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-loop --kernel-time --json-out $OUT/corpus-loop.json 2>&1 | grep -v -i warn | tail -34
t "exactness x loop"; timeout 100 $H --corpus .gpu/x --ptx-dir .gpu/x-loop 2>&1 | grep -E "passed|MISMATCH|FAIL"
for r in 1 2; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
done
t end
