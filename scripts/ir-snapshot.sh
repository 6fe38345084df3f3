#!/usr/bin/env bash
# Writes, for every conformance-corpus kernel, the LLVM-dialect IR our
# pipeline produces (cuda:90, and cuda:90 with disable-mma-v3 for the dot
# kernels) into OUT_DIR, so that a refactoring can be checked to change no
# kernel: `diff -r` two snapshots.
# Usage: scripts/ir-snapshot.sh OUT_DIR [CORPUS_DIR] [BIN_DIR]
set -eu
out=${1:?output dir}
corpus=${2:-$(dirname "$0")/../../shared/conformance}
bin=${3:-$(dirname "$0")/../build/bin}
mkdir -p "$out"
for f in "$corpus"/ttir/*.ttir; do
  k=$(basename "$f" .ttir)
  read -r nw ns < <(python3 -c "import json,sys;d=json.load(open(sys.argv[1]));print(d.get('num_warps',4),d.get('num_stages',3))" "$corpus/ttir/$k.json")
  "$bin/triton-opt" "$f" --triton-nvidia-pipeline="num-warps=$nw num-stages=$ns target=cuda:90" -o "$out/$k.llvm.mlir"
  if grep -q "tt.dot" "$f"; then
    "$bin/triton-opt" "$f" --triton-nvidia-pipeline="num-warps=$nw num-stages=$ns target=cuda:90 disable-mma-v3=true" -o "$out/$k.v2.llvm.mlir"
  fi
done
echo "$(ls "$out" | wc -l) files in $out"
