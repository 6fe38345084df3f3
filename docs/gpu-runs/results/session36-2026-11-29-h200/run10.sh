set -u
mkdir -p $OUT/r
FA="python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$ --ptx-dir .gpu/s36/fa-m"
CA="python3 .gpu/conformance/harness.py check --kernels .gpu/causal/kernels_causal.py --corpus .gpu/causal/ttir --only causal --ptx-dir .gpu/causal/new"
timeout 200 ncu --set full --import-source no -k regex:attn_fwd -s 1 -c 1 -o $OUT/r/fa-m $FA > /dev/null 2>&1
timeout 200 ncu --set full --import-source no -k regex:attn_fwd -s 1 -c 1 -o $OUT/r/causal-new $CA > /dev/null 2>&1
for f in $OUT/r/*.ncu-rep; do
  b=${f%.ncu-rep}
  ncu -i $f --page details > $b.details.txt 2>&1
  ncu -i $f --page source --csv --print-source sass > $b.sass.csv 2>&1
  python3 .gpu/s36/sass.py $b.sass.csv 25 > $b.summary.txt 2>&1
  rm -f $f
done
python3 .gpu/s36/sass2.py $OUT/r/fa-m.sass.csv 524288 >> $OUT/r/fa-m.summary.txt
gzip $OUT/r/*.csv
ls -la $OUT/r
