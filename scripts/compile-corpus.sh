#!/usr/bin/env bash
# Compiles every conformance-corpus kernel to PTX with our tools:
#   triton-opt k.ttir --triton-nvidia-pipeline="num-warps=N target=cuda:90" |
#     triton-translate --triton-to-ptx -o OUT/k.ptx   (+ OUT/k.meta.json)
# and assembles each with ptxas (-arch=sm_90) when it is installed. Prints one
# line per kernel (ok / FAIL with the first error) and a summary line.
# Usage: scripts/compile-corpus.sh CORPUS_DIR OUT_DIR [BIN_DIR]
set -u
corpus=${1:?corpus dir (holding ttir/)}
out=${2:?output dir}
bin=${3:-$(dirname "$0")/../build/bin}
ptxas=$(command -v ptxas || true)
[ -z "$ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas
mkdir -p "$out"
ok=0; failed=0
for f in "$corpus"/ttir/*.ttir; do
  k=$(basename "$f" .ttir)
  nw=$(python3 -c "import json,sys;print(json.load(open(sys.argv[1])).get('num_warps',4))" "$corpus/ttir/$k.json" 2>/dev/null || echo 4)
  err=$(mktemp)
  if "$bin/triton-opt" "$f" --triton-nvidia-pipeline="num-warps=$nw target=cuda:90" --mlir-print-debuginfo 2>"$err" |
       "$bin/triton-translate" --triton-to-ptx -o "$out/$k.ptx" 2>>"$err" &&
     { [ -z "$ptxas" ] || "$ptxas" -arch=sm_90 "$out/$k.ptx" -o /dev/null 2>>"$err"; }; then
    echo "ok   $k"; ok=$((ok+1))
  else
    echo "FAIL $k: $(grep -m1 -i 'error' "$err" | cut -c1-160)"; failed=$((failed+1))
    rm -f "$out/$k.ptx" "$out/$k.meta.json"
  fi
  rm -f "$err"
done
[ -z "$ptxas" ] && echo "(ptxas not found: PTX not assembled)"
echo "compiled: $ok ok, $failed failed"
