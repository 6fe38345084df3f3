#!/usr/bin/env bash
# The GPU check of issue 5, in two halves.
#
# Here (development machine, our LLVM/MLIR): compile the corpus to PTX and
# stage what the GPU machine needs under .gpu/ (git-ignored):
#     scripts/gpu-check.sh prepare
# There (device tool, `carry: [".gpu"]`): run upstream's kernels and ours on
# the same inputs, compare every output, time the perf_ kernels:
#     bash scripts/gpu-check.sh run        # writes $OUT/results.json
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
case "${1:-}" in
  prepare)
    rm -rf "$root/.gpu/out" "$root/.gpu/conformance"
    mkdir -p "$root/.gpu"
    cp -r "$root/../shared/conformance" "$root/.gpu/"
    rm -f "$root"/.gpu/conformance/ttir/*.upstream.ttgir
    "$root/scripts/compile-corpus.sh" "$root/.gpu/conformance" "$root/.gpu/out"
    ;;
  run)
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    python3 "$root/.gpu/conformance/harness.py" check \
      --kernels "$root/.gpu/conformance/kernels_dev.py" \
      --corpus "$root/.gpu/conformance/ttir" --ptx-dir "$root/.gpu/out" \
      --bench --json-out "${OUT:-/tmp}/results.json"
    ;;
  *)
    echo "usage: scripts/gpu-check.sh prepare|run" >&2
    exit 2
    ;;
esac
