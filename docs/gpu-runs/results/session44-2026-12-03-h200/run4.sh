# Session 44, call 4: defer against nofence (defer's PTX without the consumer loop's second proxy fence,
# nofence.py), ppr40 (call 2's) and ppr40nf (both). Exactness of the new ones, three alternations, harness
# kernel time, upstream in every invocation; SM clock and power sampled throughout (smi4.csv).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 100 > $OUT/smi4.csv 2>&1 &
S=$!
V="defer nofence ppr40 ppr40nf"
for v in nofence ppr40nf; do t "exactness $v"; timeout 100 $H --corpus .gpu/x --ptx-dir .gpu/x-$v 2>&1 | grep -E "passed|MISMATCH|FAIL"; done
for r in 1 2 3; do for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128|probe_d128_bn128_l8192" 2>&1 | grep -E "attn|probe|rror"; done; done
kill $S
t end
