# Session 39, call 8: whl-unsw turned out to predate session 38's exclusion of warp-specialized partitions from
# tritongpu-scale-after-max, so calls 6 and 7 compared the WS head-dim-128 kernels against the pass applied there.
# Here the BN = 128 one: final (main with zero accumulators left as before inside ttg.warp_specialize, so its WS
# kernels compile as at b1fc956) against zacc (zero accumulators everywhere) and unsw, alternated.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py; H="python3 $C/harness.py check --kernels $K"
for v in unsw zacc final; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 60 python3 $C/harness.py gen --kernels $K --out .gpu/x8 --only "bn128" 2>&1 | tail -1
for v in unsw zacc final; do PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x8 .gpu/x8-$v 2>&1 | tail -1; done
for v in final zacc final zacc unsw; do t "$v"; timeout 40 $H --corpus .gpu/x8 --only bn128 --kernel-time --bench --ptx-dir .gpu/x8-$v 2>&1 | grep -E "attn|rror"; done
t end
