set -u
cd "$(dirname "$0")/.."
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
R=/tmp/res; mkdir -p $R/sass
for k in pers tile; do ptxas -arch=sm_90a .gpu/pk/$k.ptx -o /tmp/$k.cubin && cuobjdump -sass /tmp/$k.cubin > $R/sass/$k.sass; done
ptxas -arch=sm_90a .gpu/exp/orig/perf_matmul_f16_4096_128x128x32.ptx -o /tmp/m32.cubin && cuobjdump -sass /tmp/m32.cubin > $R/sass/m32.sass
ls -la $R/sass
for r in 1 2; do for v in orig l2pf; do
  python3 bench/interleaved.py --harness .gpu/conformance --ptx-dir .gpu/exp/$v --only 'perf_matmul|perf_flash' --rounds 6 --json-out $R/il-$v-$r.json > $R/il-$v-$r.txt 2>&1
  echo "== $v $r"; tail -5 $R/il-$v-$r.txt
done; done
tar czf $OUT/res.tgz -C /tmp res
