#!/usr/bin/env bash
# The corpus's dot kernels on tensor cores: each compiles for TARGET
# (cuda:90 by default) to PTX that uses the expected instruction (wgmma for
# cuda:90, mma.sync otherwise), and ptxas -v assembles it for the chip the
# PTX names; prints one line per kernel with the instruction count and
# ptxas's spill and register figures, and "serialized" when ptxas warns that
# wgmma was serialized.
# Usage: scripts/check-dots.sh CORPUS_DIR OUT_DIR [BIN_DIR]
set -u
corpus=${1:?corpus dir}
out=${2:?output dir}
bin=${3:-$(dirname "$0")/../build/bin}
target=${TARGET:-cuda:90}
want=wgmma.mma_async
case "$target" in cuda:90) ;; *) want=mma.sync ;; esac
[ -n "${PIPELINE_OPTIONS:-}" ] && case "$PIPELINE_OPTIONS" in *disable-mma-v3=true*) want=mma.sync ;; esac
ptxas=$(command -v ptxas || true)
[ -z "$ptxas" ] && [ -x /usr/local/cuda/bin/ptxas ] && ptxas=/usr/local/cuda/bin/ptxas
mkdir -p "$out"
for f in "$corpus"/ttir/*.ttir; do
  grep -q "tt.dot" "$f" || continue
  k=$(basename "$f" .ttir)
  read -r nw ns < <(python3 -c "import json,sys;d=json.load(open(sys.argv[1]));print(d.get('num_warps',4),d.get('num_stages',3))" "$corpus/ttir/$k.json")
  if ! "$bin/triton-opt" "$f" --triton-nvidia-pipeline="num-warps=$nw num-stages=$ns target=$target ${PIPELINE_OPTIONS:-}" 2>"$out/$k.err" |
       "$bin/triton-translate" --triton-to-ptx -o "$out/$k.ptx" 2>>"$out/$k.err"; then
    echo "FAIL $k: $(grep -m1 error "$out/$k.err")"; continue
  fi
  chip=$(awk '/^\.target/{sub(/,.*/,"",$2);print $2;exit}' "$out/$k.ptx")
  n=$(grep -c "$want" "$out/$k.ptx")
  line="$k $chip $want=$n"
  if [ -n "$ptxas" ]; then
    if "$ptxas" -v -arch="$chip" "$out/$k.ptx" -o /dev/null >"$out/$k.ptxas" 2>&1; then
      spill=$(grep -o "[0-9]* bytes spill stores" "$out/$k.ptxas" | head -1)
      regs=$(grep -o "Used [0-9]* registers" "$out/$k.ptxas" | head -1)
      line="$line ptxas=ok $spill, $regs"
      grep -qi "serializ" "$out/$k.ptxas" && line="$line serialized"
    else
      line="$line ptxas=FAIL $(grep -m1 -i error "$out/$k.ptxas")"
    fi
  fi
  echo "$line"
done
