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
    # The Python frontend's tutorials, compiled into its PTX cache.
    rm -rf "$root/.gpu/stub-cache"
    (cd "$root/python-frontend-stub" &&
       python3 tests/gpu_tutorials.py prepare "$root/.gpu/stub-cache")
    ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 "$root/.gpu/conformance/harness.py" check \
      --kernels "$root/.gpu/conformance/kernels_dev.py" \
      --corpus "$root/.gpu/conformance/ttir" --ptx-dir "$root/.gpu/out" \
      --bench --json-out "${OUT:-/tmp}/results.json"
    python3 "$root/test/GPU/extras.py" "$root/.gpu/extras"
    (cd "$root/python-frontend-stub" &&
       python3 tests/gpu_tutorials.py run "$root/.gpu/stub-cache")
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
    echo "usage: scripts/gpu-check.sh prepare|run|sanitize" >&2
    exit 2
    ;;
esac
