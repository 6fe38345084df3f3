#!/usr/bin/env bash
# The GPU check of issue 5, in two halves.
#
# Here (development machine, our LLVM/MLIR): compile the corpus to PTX and
# stage what the GPU machine needs under .gpu/ (git-ignored):
#     scripts/gpu-check.sh prepare
# There (device tool, `carry: [".gpu"]`): run upstream's kernels and ours on
# the same inputs, compare every output, time the perf_ kernels:
#     bash scripts/gpu-check.sh run        # writes $OUT/results.json
#     bash scripts/gpu-check.sh sanitize   # racecheck + memcheck, $OUT/sanitizer-*.txt
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
  prepare)
    rm -rf "$root/.gpu/out" "$root/.gpu/conformance"
    mkdir -p "$root/.gpu"
    cp -r "$root/../shared/conformance" "$root/.gpu/"
    rm -f "$root"/.gpu/conformance/ttir/*.upstream.ttgir
    "$root/scripts/compile-corpus.sh" "$root/.gpu/conformance" "$root/.gpu/out"
    # Lowerings the corpus does not cover (test/GPU/extras.py checks them).
    mkdir -p "$root/.gpu/extras"
    for f in "$root"/test/GPU/*.ttir; do
      k=$(basename "$f" .ttir)
      "$root/build/bin/triton-opt" "$f" --mlir-print-debuginfo \
          --triton-nvidia-pipeline="num-warps=4 target=cuda:90" |
        "$root/build/bin/triton-translate" --triton-to-ptx -o "$root/.gpu/extras/$k.ptx"
    done
    # The Python frontend's tutorials and language features (block
    # pointers, descriptors, sort, ...), and TritonGPU IR files in layouts
    # the passes do not pick (mma, dot operands, #ttg.linear), compiled
    # into its PTX cache.
    rm -rf "$root/.gpu/stub-cache"
    (cd "$root/python-frontend-stub" &&
       python3 tests/gpu_tutorials.py prepare "$root/.gpu/stub-cache" &&
       python3 tests/gpu_features.py prepare "$root/.gpu/stub-cache" &&
       python3 tests/gpu_ttgir_layouts.py prepare "$root/.gpu/stub-cache")
    ;;
  prepare-dots)
    # The dot kernels: wgmma (the default on cuda:90) and mma.sync
    # (disable-mma-v3) at each kernel's num_stages, and wgmma at
    # num_stages=1 (out-s1) for the comparison without pipelining against
    # upstream at num_stages=1 (kernels_stages1.py).
    rm -rf "$root/.gpu/out" "$root/.gpu/out-v2" "$root/.gpu/out-s1" "$root/.gpu/conformance"
    mkdir -p "$root/.gpu"
    cp -r "$root/../shared/conformance" "$root/.gpu/"
    rm -f "$root"/.gpu/conformance/ttir/*.upstream.ttgir
    "$root/scripts/compile-corpus.sh" "$root/.gpu/conformance" "$root/.gpu/out"
    PIPELINE_OPTIONS="disable-mma-v3=true" \
      "$root/scripts/compile-corpus.sh" "$root/.gpu/conformance" "$root/.gpu/out-v2"
    # One stage: the corpus specs with num_stages = 1, compiled from a copy.
    s1=$(mktemp -d)
    cp -r "$root/.gpu/conformance/ttir" "$s1/"
    for j in "$s1"/ttir/*.json; do
      python3 -c "import json,sys;d=json.load(open(sys.argv[1]));d['num_stages']=1;json.dump(d,open(sys.argv[1],'w'))" "$j"
    done
    ONLY='matmul|attn' "$root/scripts/compile-corpus.sh" "$s1" "$root/.gpu/out-s1"
    rm -rf "$s1"
    cat > "$root/.gpu/conformance/kernels_stages1.py" <<'PY'
import importlib.util, os
_spec = importlib.util.spec_from_file_location(
    "kernels_dev", os.path.join(os.path.dirname(__file__), "kernels_dev.py"))
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)
KERNELS = _mod.KERNELS
for _k in KERNELS:
    _k["num_stages"] = 1
PY
    # Exact integer-valued matmuls over versions, types, swizzles, majors.
    rm -rf "$root/.gpu/dot-matrix"
    python3 "$root/test/GPU/dot_matrix.py" compile "$root/.gpu/dot-matrix"
    ;;
  run-dots)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    c="$root/.gpu/conformance"
    dots='matmul|attn'
    echo "== exact matmul matrix (test/GPU/dot_matrix.py)"
    python3 "$root/test/GPU/dot_matrix.py" run "$root/.gpu/dot-matrix" || true
    echo "== wgmma (ours) vs upstream (its num_stages)"
    python3 "$c/harness.py" check --kernels "$c/kernels_dev.py" --corpus "$c/ttir" \
      --ptx-dir "$root/.gpu/out" --only "$dots" --bench --kernel-time \
      --json-out "${OUT:-/tmp}/dots-v3.json" || true
    echo "== wgmma, num_stages=1 on both sides"
    python3 "$c/harness.py" check --kernels "$c/kernels_stages1.py" --corpus "$c/ttir" \
      --ptx-dir "$root/.gpu/out-s1" --only "$dots" --bench --kernel-time \
      --json-out "${OUT:-/tmp}/dots-v3-stages1.json" || true
    echo "== mma.sync (ours, disable-mma-v3) vs upstream mma.sync (DISABLE_MMA_V3=1), both at num_stages"
    DISABLE_MMA_V3=1 python3 "$c/harness.py" check --kernels "$c/kernels_dev.py" --corpus "$c/ttir" \
      --ptx-dir "$root/.gpu/out-v2" --only "$dots" --bench --kernel-time \
      --json-out "${OUT:-/tmp}/dots-v2.json" || true
    ;;
  sanitize-dots)
    # racecheck + memcheck on the small dot kernels, wgmma and mma.sync.
    cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    c="$root/.gpu/conformance"
    status=0
    for dir in out out-v2; do
      for k in matmul_f16_128x128x32 matmul_f32_tf32 flash_attn_fwd; do
        for tool in racecheck memcheck; do
          log="${OUT:-/tmp}/sanitizer-$tool-$dir-$k.txt"
          "$cs" --tool "$tool" --error-exitcode 99 python3 "$c/harness.py" check \
            --kernels "$c/kernels_dev.py" --corpus "$c/ttir" \
            --ptx-dir "$root/.gpu/$dir" --only "^$k\$" > "$log" 2>&1 && rc=0 || rc=$?
          echo "$tool $dir $k: exit $rc, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1)"
          [ "$rc" = 0 ] || status=1
        done
      done
    done
    # A slice of the exact matmul matrix: every type, both versions, both
    # majors of A and B, 32- and 128-byte swizzles.
    for tool in racecheck memcheck; do
      log="${OUT:-/tmp}/sanitizer-$tool-dot-matrix.txt"
      "$cs" --tool "$tool" --error-exitcode 99 python3 "$root/test/GPU/dot_matrix.py" \
        run "$root/.gpu/dot-matrix" --only 'sw(32|128)_(aN_bN|aT_bT)|tf32_sw64_(aN_bN|aT_bT)' \
        > "$log" 2>&1 && rc=0 || rc=$?
      echo "$tool dot-matrix: exit $rc, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1), $(tail -1 "$log")"
      [ "$rc" = 0 ] || status=1
    done
    # f16 accumulators (wgmma .f16 pipelined, mma.sync for the 3-D dot),
    # from the frontend cache `prepare` fills.
    if [ -d "$root/.gpu/stub-cache" ]; then
      for tool in racecheck memcheck; do
        log="${OUT:-/tmp}/sanitizer-$tool-f16-acc.txt"
        (cd "$root/python-frontend-stub" && GPU_FEATURES_ONLY='f16 acc' "$cs" --tool "$tool" \
           --error-exitcode 99 python3 tests/gpu_features.py run "$root/.gpu/stub-cache") \
          > "$log" 2>&1 && rc=0 || rc=$?
        echo "$tool f16 accumulators: exit $rc, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1), $(tail -1 "$log")"
        [ "$rc" = 0 ] || status=1
      done
    fi
    exit $status
    ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 "$root/.gpu/conformance/harness.py" check \
      --kernels "$root/.gpu/conformance/kernels_dev.py" \
      --corpus "$root/.gpu/conformance/ttir" --ptx-dir "$root/.gpu/out" \
      --bench --json-out "${OUT:-/tmp}/results.json"
    python3 "$root/test/GPU/extras.py" "$root/.gpu/extras"
    (cd "$root/python-frontend-stub" &&
       python3 tests/gpu_tutorials.py run "$root/.gpu/stub-cache" &&
       python3 tests/gpu_features.py run "$root/.gpu/stub-cache" &&
       python3 tests/gpu_ttgir_layouts.py run "$root/.gpu/stub-cache")
    ;;
  sanitize)
    # compute-sanitizer on the kernels that use shared memory, shuffles or
    # atomics (reductions, scans, conversions across threads, atomics).
    # Only our PTX is under test, but the harness also launches upstream's
    # kernel; the tool's summary counts both (upstream is hazard-free).
    cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    status=0
    for k in row_argmax rowsum_loop softmax_781 layernorm_f16 cumsum_rows \
             custom_reduce_scan transpose_f32 reshape_trans_join_split \
             atomics_int sum_atomic; do
      [ -f "$root/.gpu/out/$k.ptx" ] || continue
      for tool in racecheck memcheck; do
        log="${OUT:-/tmp}/sanitizer-$tool-$k.txt"
        "$cs" --tool "$tool" --error-exitcode 99 python3 \
          "$root/.gpu/conformance/harness.py" check \
          --kernels "$root/.gpu/conformance/kernels_dev.py" \
          --corpus "$root/.gpu/conformance/ttir" --ptx-dir "$root/.gpu/out" \
          --only "$k" > "$log" 2>&1 && rc=0 || rc=$?
        echo "$tool $k: exit $rc, $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1)"
        [ "$rc" = 0 ] || status=1
      done
    done
    exit $status
    ;;
  *)
    echo "usage: scripts/gpu-check.sh prepare|run|sanitize|prepare-dots|run-dots|sanitize-dots" >&2
    exit 2
    ;;
esac
