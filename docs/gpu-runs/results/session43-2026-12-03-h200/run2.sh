# Session 43, call 2: which accesses take affine pointers. base = main at ffa4411; m4 = cp.async copies only;
# m5 = copies and tt.load; imm = copies, tt.load and tt.store (loads and stores with the offsets as immediates in
# their inline PTX, [$p+2048]). ptxas -v, where the spills are (SASS), exactness, two alternations, then the whole
# corpus at imm.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base m4 m5 imm"
ptxas -arch=sm_90a .gpu/c-imm/perf_flash_attn_fwd.ptx -o /tmp/imm.cubin && cuobjdump -sass /tmp/imm.cubin > /tmp/imm.sass
grep -n -B4 -A2 "STL\|LDL" /tmp/imm.sass | head -60 > $OUT/imm-spills.txt; grep -c "" /tmp/imm.sass
t "exactness"; for v in m4 m5 imm; do timeout 100 $H --corpus .gpu/x --ptx-dir .gpu/x-$v 2>&1 | grep -E "passed|MISMATCH|FAIL"; timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-$v 2>&1 | grep -E "passed|MISMATCH|FAIL"; done
for r in 1 2; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only ^perf_flash_attn_fwd$ --bench --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
done
t "whole corpus imm"; timeout 200 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-imm --kernel-time --json-out $OUT/corpus-imm.json 2>&1 | grep -v -i warn | tail -34
t end
