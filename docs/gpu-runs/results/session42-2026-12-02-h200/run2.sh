# Session 42, call 2: the cp.async addresses from one pointer per tile (addr.py) and the redundant second barrier removed (bar), as PTX rewrites of main's perf_flash_attn_fwd.
# base = main; addr; bar; addrbar = both. Exactness and harness kernel time, three alternations.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance
H="python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --only ^perf_flash_attn_fwd$"
V="base addr bar addrbar"
for v in $V; do echo "$v $(ptxas -arch=sm_90a .gpu/p-$v/perf_flash_attn_fwd.ptx -o /tmp/$v.cubin -v 2>&1 | grep -E 'spill stores|Used' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done
for r in 1 2 3; do
  for v in $V; do t "$v $r"; timeout 60 $H --bench --kernel-time --ptx-dir .gpu/p-$v 2>&1 | grep -E "attn|rror|FAIL|mismatch"; done
done
t end
