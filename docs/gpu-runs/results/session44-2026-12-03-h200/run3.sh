# Session 44, call 3: SM clock, power and temperature (nvidia-smi every 50 ms) while the harness times defer's
# head-dim-128 kernels and probes, and upstream's, to see whether the long attention kernels run power-limited.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
nvidia-smi --query-gpu=name,power.limit,clocks.max.sm,clocks.max.mem --format=csv
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,temperature.gpu,clocks_throttle_reasons.active --format=csv,noheader -lms 50 > $OUT/smi.csv 2>&1 &
S=$!
for k in perf_flash_attn_fwd_d128_bn128 probe_d128_bn128_l8192 perf_flash_attn_fwd_d128; do
  t "$k"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-defer --only "^$k\$" 2>&1 | grep -E "attn|probe|rror"
  sleep 2
done
t "corpus perf_flash_attn_fwd"; timeout 60 $H --corpus $C/ttir --kernel-time --bench --ptx-dir .gpu/c-defer --only "^perf_flash_attn_fwd\$" 2>&1 | grep -E "attn|rror"
kill $S
t end
python3 - $OUT/smi.csv <<'PY'
import sys, collections
rows = [l.split(", ") for l in open(sys.argv[1]) if l.count(",") >= 4]
busy = [r for r in rows if float(r[2].split()[0]) > 200]
print(len(rows), "samples,", len(busy), "above 200 W")
hist = collections.Counter((int(r[1].split()[0]) // 45 * 45) for r in busy)
print("SM MHz histogram (busy):", sorted(hist.items()))
pw = sorted(float(r[2].split()[0]) for r in busy)
if pw: print("power W busy: min %.0f median %.0f max %.0f" % (pw[0], pw[len(pw)//2], pw[-1]))
print("throttle reasons (busy):", collections.Counter(r[4].strip() for r in busy).most_common(4))
PY
