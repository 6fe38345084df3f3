# Session 45, call 1: tritongpu-scale-after-max inside warp-specialized partitions (the `partitions`
# option on; wheel `sam`) against main (wheel `main`, partitions left alone), and `samx`: sam's PTX
# with the producer at 40 registers and FlashAttention-3's warp-scheduler barrier between the two
# consumer warp groups (session 44's setmaxnreg.py and pingpong.py). gen the x kernels' TTIR
# (returned as x-ttir.tar.xz), compile with both wheels, ptxas registers; exactness of every x kernel
# and the corpus attention kernels with sam and samx; three alternations of the head-dim-128 kernels
# (BN = 128 and 64) and the causal one, harness kernel time, upstream in every invocation.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
for v in main sam; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t gen; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|perf_flash_attn_fwd_d128|scale_|short" 2>&1 | tail -2
tar cJf $OUT/x-ttir.tar.xz .gpu/x
for v in main sam; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1
  PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py $C/ttir .gpu/c-$v --only attn 2>&1 | tail -1; done
for s in x c; do mkdir -p .gpu/$s-samx; cp .gpu/$s-sam/*.json .gpu/$s-samx/
  for f in .gpu/$s-sam/*.ptx; do b=$(basename $f); python3 .gpu/setmaxnreg.py $f /tmp/r.ptx 40 >/dev/null; python3 .gpu/pingpong.py /tmp/r.ptx .gpu/$s-samx/$b >/dev/null; done; done
for v in main sam samx; do for f in .gpu/x-$v/*d128*.ptx .gpu/c-$v/perf*.ptx; do echo "$v $(basename $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|registers' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
for f in .gpu/x-sam/*.ptx .gpu/c-sam/*.ptx; do cmp -s $f ${f/-sam\//-main/} && echo "same as main: $f"; done
for v in sam samx; do t "exactness $v"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-$v --json-out $OUT/exact-$v-x.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4
  timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-$v 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -3; done
for r in 1 2 3; do for v in main sam samx; do t "x $v $r"; timeout 120 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128|perf_flash_attn_fwd_causal$" 2>&1 | grep -E "attn|rror"; done; done
t end
