#!/usr/bin/env bash
# Session 18 (docs copy), call B: issue 11's bar call twice, paired clusters vs none, sanitizers.
set -u
c=.gpu/conformance
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader
for i in 1 2; do
  echo "== bar call $i"
  python3 $c/harness.py check --kernels $c/kernels_dev.py --corpus $c/ttir --ptx-dir .gpu/out \
    --only 'perf_matmul|perf_flash' --bench --kernel-time --json-out $OUT/perf-dots-$i.json 2>&1 | tail -12
done
echo "== paired, clusters (out)"
python3 bench/interleaved.py --harness $c --ptx-dir .gpu/out --only 'perf_matmul|perf_flash' --rounds 4 --json-out $OUT/interleaved-clusters.json 2>&1 | tail -8
echo "== paired, no clusters (out-nocl)"
python3 bench/interleaved.py --harness $c --ptx-dir .gpu/out-nocl --only 'perf_matmul|perf_flash' --rounds 4 --json-out $OUT/interleaved-nocl.json 2>&1 | tail -8
echo "== sanitize-dots"
bash scripts/gpu-check.sh sanitize-dots 2>&1 | tail -20
