# Session 44, call 1: TTIR of the x kernels (upstream's compile on the GPU machine), compiled there with two
# wheels: base (main at e69dc1c, .gpu/whl-base) and defer (dist/: the dot chain's accumulator rescale moved
# after the next Q K^T's issue, DotChainPipelining.cpp), and defer's PTX with the producer's setmaxnreg at 40
# and 72 registers (r40, r72: the consumers get what is left, setmaxnreg.py). Exactness of every x kernel against upstream, then
# the head-dim-128 kernels and the probes (same 2048 blocks, L = 2048 / 4096 / 8192) alternated, harness
# kernel time, upstream in every invocation.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
t gen; timeout 150 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal$|perf_flash_attn_fwd_d128|probe_d128" 2>&1 | tail -2
tar cJf $OUT/x-ttir.tar.xz .gpu/x/*.ttir .gpu/x/*.json .gpu/x/*.ttgir
for v in base defer; do
  w=.gpu/whl-base/*.whl; [ $v = defer ] && w=dist/*.whl
  python3 -m pip install -q --no-index --no-deps --force-reinstall $w 2>&1 | tail -1
  t "compile $v"; python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1
done
for p in 40 72; do mkdir -p .gpu/x-r$p; cp .gpu/x-defer/* .gpu/x-r$p/; for f in .gpu/x-defer/*.ptx; do python3 docs/gpu-runs/results/session44-2026-12-03-h200/setmaxnreg.py $f .gpu/x-r$p/$(basename $f) $p > /dev/null; done; done
V="base defer r40 r72"
for v in $V; do for f in .gpu/x-$v/perf*.ptx; do echo "$v $(basename $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|Used' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
for v in $V; do t "exactness $v"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|probe|passed|MISMATCH|FAIL" | grep -v "no ptx"; done
for r in 1 2; do for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "d128|probe_d128_bn128_l" 2>&1 | grep -E "attn|probe|rror"; done; done
t end
