# Session 50, call 1 (H100): main at 945a077 (the hoisted proxy fence 7b68f89 and the async-dot race fix
# ea74225) against upstream 3.6 in the same call, one wheel (.gpu/whl).
# (1) Exactness of the 32 corpus kernels and the extra ones (head dim 128, causal, scale signs).
# (2) Harness kernel time of every perf kernel, two rounds, upstream in every invocation.
# (3) bench/matmul_large.py bf16 8192^3 (desc, desc_ws, persist_ws 128x256x64x8x3) with cuBLAS.
# (4) ncu (base clocks) of our desc_ws kernel and cuBLAS's at 8192^3: L2 and tensor throughput, to test
#     whether the matmul is bound by L2 -> SM traffic (the case for 2-CTA multicast).
# (5) synccheck and memcheck of the warp-specialized attention loops (ptr, desc) at ctx 512.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
P=$PWD/docs/gpu-runs/results/session50-2026-12-06-h100
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
nvidia-smi --query-gpu=name,clocks.max.sm,power.limit --format=csv,noheader
python3 -m pip install -q --no-index --no-deps --force-reinstall .gpu/whl/*.whl 2>&1 | grep -v -i warn | tail -1
t gen; timeout 200 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "perf_flash_attn_fwd_|ws_d128_scale_|causal_scale_" 2>&1 | tail -1
t compile; timeout 120 python3 scripts/compile-corpus-wheel.py $C/ttir .gpu/c 2>&1 | tail -1
timeout 120 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-ours 2>&1 | tail -1
t "exactness corpus"; timeout 200 $H --corpus $C/ttir --ptx-dir .gpu/c --json-out $OUT/exact-corpus.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4
t "exactness x"; timeout 150 $H --corpus .gpu/x --ptx-dir .gpu/x-ours --json-out $OUT/exact-x.json 2>&1 | grep -E "passed|MISMATCH|FAIL|rror" | tail -4
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw,clocks_throttle_reasons.active --format=csv,noheader -lms 500 > $OUT/clocks.csv 2>/dev/null &
SMI=$!
for r in 1 2; do
  t "perf corpus $r"; timeout 120 $H --corpus $C/ttir --kernel-time --bench --ptx-dir .gpu/c --only "perf_" --json-out $OUT/perf-corpus-$r.json 2>&1 | grep -E "perf_|rror"
  t "perf x $r"; timeout 120 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-ours --only "perf_" --json-out $OUT/perf-x-$r.json 2>&1 | grep -E "perf_|rror"
done
t "matmul_large"; timeout 200 python3 bench/matmul_large.py --kernels desc,desc_ws,persist_ws --configs 128x256x64x8x3 --out $OUT/mm8192.json 2>&1 | grep -v -i warn
kill $SMI
N="ncu --section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats --launch-count 1"
t "ncu ours desc_ws"; timeout 150 $N --launch-skip 2 -k regex:desc_body python3 bench/matmul_large.py --kernels desc_ws --configs 128x256x64x8x3 --who ours 2>&1 | grep -v -i warn | grep -E "==PROF==|desc_body|Duration|Throughput|L2|L1|DRAM|Cluster|Registers|Shared Memory|Block Size|Grid|Waves|Hit|Busy|Max Bandwidth" | head -60 > $OUT/ncu-ours-desc_ws.txt
t "ncu cublas"; timeout 150 $N --launch-skip 3 -k regex:"gemm|xmma|cutlass" python3 bench/matmul_large.py --kernels desc --configs 128x256x64x8x3 --who up 2>&1 | grep -v -i warn | grep -E "==PROF==|gemm|xmma|cutlass|Duration|Throughput|L2|L1|DRAM|Cluster|Registers|Shared Memory|Block Size|Grid|Waves|Hit|Busy|Max Bandwidth" | head -60 > $OUT/ncu-cublas.txt
head -80 $OUT/ncu-ours-desc_ws.txt $OUT/ncu-cublas.txt
cd bench
for tool in synccheck memcheck; do t "$tool"; timeout 150 compute-sanitizer --tool $tool python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants ptr,desc --who ours --no-ref 2>&1 | grep -v -i warn | grep -E "SUMMARY|Error|error" | cut -c1-200 | sort | uniq -c; done
t "upstream launcher clusters"; U=$(python3 -c "import triton,os;print(os.path.dirname(triton.__file__))"); grep -n -i "cluster\|num_ctas" $U/backends/nvidia/driver.py | head -40
t end
