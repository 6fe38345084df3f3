#!/usr/bin/env bash
# Session 18 (docs copy), call C: attention back to single blocks; issue 11's bar call twice, paired, all dot kernels.
set -u
c=.gpu/conformance
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for i in 1 2; do
  echo "== bar call $i"
  python3 $c/harness.py check --kernels $c/kernels_dev.py --corpus $c/ttir --ptx-dir .gpu/out \
    --only 'perf_matmul|perf_flash' --bench --kernel-time --json-out $OUT/final-perf-dots-$i.json 2>&1 | grep -v -i warn | tail -5
done
echo "== every dot kernel"
python3 $c/harness.py check --kernels $c/kernels_dev.py --corpus $c/ttir --ptx-dir .gpu/out \
    --only 'matmul|attn' --kernel-time --json-out $OUT/final-dots.json 2>&1 | grep -v -i warn | tail -8
echo "== paired (final PTX)"
python3 bench/interleaved.py --harness $c --ptx-dir .gpu/out --only 'perf_matmul|perf_flash' --rounds 4 --json-out $OUT/interleaved-final.json 2>&1 | grep -v -i warn | tail -4
