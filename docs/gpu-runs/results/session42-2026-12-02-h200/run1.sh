# Session 42, call 1: the M-split schedule prototyped as a PTX rewrite (.gpu/proto/msplit.py) of main's
# perf_flash_attn_fwd. base = main; q0 = both halves pipelined (softmax a under Q K^T b, softmax b under P V a);
# q1 = only Q K^T split (softmax a under Q K^T b); q0n / basen = the same without .minnctapersm 3 (two blocks).
# Exactness and harness kernel time (upstream Triton 3.6 in every invocation), three alternations; SASS of the spills.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance
H="python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --only ^perf_flash_attn_fwd$"
V="base q0 q1 q0n basen"
for v in $V; do echo "$v $(ptxas -arch=sm_90a .gpu/p-$v/perf_flash_attn_fwd.ptx -o /tmp/$v.cubin -v 2>&1 | grep -E 'spill stores|registers' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done
cuobjdump -sass /tmp/q0.cubin > /tmp/q0.sass; grep -n -B3 -A3 "STL\|LDL" /tmp/q0.sass | head -80 > $OUT/q0-spills.txt
grep -c "" /tmp/q0.sass
for r in 1 2 3; do
  for v in $V; do t "$v $r"; timeout 60 $H --bench --kernel-time --ptx-dir .gpu/p-$v 2>&1 | grep -E "attn|rror|FAIL|mismatch"; done
done
t end
