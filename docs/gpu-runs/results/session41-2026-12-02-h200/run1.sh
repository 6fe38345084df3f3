# Session 41, call 1: base (main at 0e07a16) against rowsum (the online softmax's row sums kept per thread across the
# loop: tritongpu-optimize-thread-locality with scaled-accumulators after optimize-dot-operands). Exactness (every
# scale case and the corpus attention kernels), harness kernel time alternated twice, then ncu on rowsum's
# perf_flash_attn_fwd and head-dim-128 (BN = 128) kernels.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base rowsum"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_causal|perf_flash_attn_fwd_d128|scale_" 2>&1 | tail -2
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1; done
for v in $V; do for f in .gpu/x-$v/*.ptx .gpu/c-$v/*.ptx; do echo "$v $(basename $f) shfl $(grep -c shfl.sync $f) $(ptxas -arch=sm_90a $f -o /dev/null -v 2>&1 | grep -E 'spill stores|registers' | tr '\n' ' ' | sed 's/ptxas info *: //g')"; done; done
t "exactness rowsum"; timeout 150 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-rowsum --json-out $OUT/exact-rowsum-x.json 2>&1 | grep -v "no ptx"
timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-rowsum --json-out $OUT/exact-rowsum-c.json 2>&1 | grep -v "no ptx"
for r in 1 2; do
  for v in $V; do t "corpus attention $v $r"; timeout 60 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done
  for v in $V; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal|d128" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
done
t "ncu"
mkdir -p $OUT/ncu
timeout 150 ncu --set full --import-source no -k regex:attn_fwd -s 1 -c 1 -o $OUT/ncu/fa $H --corpus $C/ttir --only "^perf_flash_attn_fwd$" --ptx-dir .gpu/c-rowsum > /dev/null 2>&1
timeout 150 ncu --set full --import-source no -k regex:attn_fwd -s 1 -c 1 -o $OUT/ncu/d128 $H --corpus .gpu/x --only "^perf_flash_attn_fwd_d128_bn128$" --ptx-dir .gpu/x-rowsum > /dev/null 2>&1
for f in $OUT/ncu/*.ncu-rep; do
  b=${f%.ncu-rep}
  ncu -i $f --page details > $b.details.txt 2>&1
  ncu -i $f --page source --csv --print-source sass > $b.sass.csv 2>&1
  python3 .gpu/ncu_sass_summary.py $b.sass.csv 40 > $b.summary.txt 2>&1
  rm -f $f; gzip $b.sass.csv
done
ls -la $OUT/ncu
t end
