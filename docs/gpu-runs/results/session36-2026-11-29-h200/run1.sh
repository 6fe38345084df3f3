set -u
mkdir -p $OUT/r
H="python3 .gpu/conformance/harness.py check --kernels"
D128="$H .gpu/d128/kernels_d128.py --corpus .gpu/d128/ttir --only d128"
FA="$H .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only ^perf_flash_attn_fwd$"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv
timeout 120 $D128 --ptx-dir .gpu/s36/d128 --bench --kernel-time 2>&1 | tail -2
timeout 120 $FA --ptx-dir .gpu/s36/fa --bench --kernel-time 2>&1 | tail -2
for who in up ours; do
  skip=0; [ $who = ours ] && skip=1
  timeout 200 ncu --set full --import-source no -k regex:attn_fwd -s $skip -c 1 -o $OUT/r/d128-$who $D128 --ptx-dir .gpu/s36/d128 > $OUT/r/ncu-d128-$who.log 2>&1
  timeout 200 ncu --set full --import-source no -k regex:attn_fwd -s $skip -c 1 -o $OUT/r/fa-$who $FA --ptx-dir .gpu/s36/fa > $OUT/r/ncu-fa-$who.log 2>&1
done
for f in $OUT/r/*.ncu-rep; do
  b=${f%.ncu-rep}
  ncu -i $f --page details > $b.details.txt 2>&1
  ncu -i $f --page source --csv --print-source sass > $b.sass.csv 2>&1
done
ls -la $OUT/r
cd $OUT && tar czf r.tgz r && rm -rf r
