# Session 44, call 2: defer (main at 20f73aa, PTX compiled here by scripts/compile-corpus.sh) against pp (defer's
# PTX with FlashAttention-3's warp-scheduler barrier between the consumer warp groups, pingpong.py) and ppr40
# (pp with the producer at 40 registers, setmaxnreg.py). Exactness, then three alternations, harness kernel time.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="defer pp ppr40"
for v in pp ppr40; do t "exactness $v"; timeout 100 $H --corpus .gpu/x --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|probe|passed|MISMATCH|FAIL" | grep -v "no ptx"; done
for r in 1 2 3; do for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "d128|probe_d128_bn128_l" 2>&1 | grep -E "attn|probe|rror"; done; done
t end
