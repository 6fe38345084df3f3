#!/usr/bin/env bash
# Compiles every conformance-corpus kernel to PTX with our tools:
#   triton-opt k.ttir --triton-nvidia-pipeline="num-warps=N target=cuda:90" |
#     triton-translate --triton-to-ptx -o OUT/k.ptx   (+ OUT/k.meta.json)
# and assembles each with ptxas (for the chip its .target names) when it is
# installed. num-warps and num-stages come from the kernel's JSON, and so
# does grid-x-multiple: the largest power of two up to 8 that divides the
# launch grid's x extent (what a launcher knows and states; see
# tritongpu-plan-clusters). TARGET (default cuda:90) and PIPELINE_OPTIONS change the target
# and add pipeline options. Prints one
# line per kernel (ok / FAIL with the first error) and a summary line.
# ONLY=REGEX compiles the kernels whose name matches; TIME=1 adds each
# kernel's wall time (TTIR to PTX plus ptxas).
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
  [ -n "${ONLY:-}" ] && ! [[ "$k" =~ $ONLY ]] && continue
  start=$(date +%s.%N)
  read -r nw ns gm < <(python3 -c "import json,sys;d=json.load(open(sys.argv[1]));g=d.get('grid',[1])[0];print(d.get('num_warps',4),d.get('num_stages',3),max(m for m in (1,2,4,8) if g%m==0))" "$corpus/ttir/$k.json" 2>/dev/null || echo "4 3 1")
  err=$(mktemp)
  # ptxas assembles for the chip the PTX names (sm_90a when it uses wgmma).
  if "$bin/triton-opt" "$f" --triton-nvidia-pipeline="num-warps=$nw num-stages=$ns grid-x-multiple=$gm target=${TARGET:-cuda:90} ${PIPELINE_OPTIONS:-}" --mlir-print-debuginfo 2>"$err" |
       "$bin/triton-translate" --triton-to-ptx -o "$out/$k.ptx" 2>>"$err" &&
     { [ -z "$ptxas" ] || "$ptxas" -arch="$(awk '/^\.target/{sub(/,.*/,"",$2);print $2;exit}' "$out/$k.ptx")" "$out/$k.ptx" -o /dev/null 2>>"$err"; }; then
    if [ -n "${TIME:-}" ]; then
      echo "ok   $k $(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f s", b - a}')"
    else
      echo "ok   $k"
    fi
    ok=$((ok+1))
  else
    echo "FAIL $k: $(grep -m1 -i 'error' "$err" | cut -c1-160)"; failed=$((failed+1))
    rm -f "$out/$k.ptx" "$out/$k.meta.json"
  fi
  rm -f "$err"
done
[ -z "$ptxas" ] && echo "(ptxas not found: PTX not assembled)"
echo "compiled: $ok ok, $failed failed"
