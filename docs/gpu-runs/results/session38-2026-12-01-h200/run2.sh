# Session 38, call 2: the loop unswitched on the scale (unsw) against the per-iteration branch of
# call 1 (branch) and the session's start (base); the unswitched wheel's negative and zero scales;
# where the unswitched kernel's 12 spilled bytes are (SASS).
set -u
export PYTHONUNBUFFERED=1 PATH=$PATH:/usr/local/cuda/bin
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
for v in base unsw; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
for i in 1 2; do for v in base branch unsw; do
  t "corpus attention $v $i"; timeout 60 $H --corpus $C/ttir --only "^(perf_)?flash_attn_fwd$" --bench-all --kernel-time --ptx-dir .gpu/ptx-$v 2>&1 | grep -E "attn|rror"
done; done
t "gen scale checks"; timeout 60 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "scale_" 2>&1 | tail -6
t "compile unsw"; PYTHONPATH=/tmp/w-unsw timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-unsw 2>&1 | tail -1
t "scale checks unsw"; timeout 60 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-unsw 2>&1 | tail -7
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()[:200]); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "ours %.0f"%r.get("ours_tflops",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
AB=64x128x64x4x3,64x128x64x4x2
for v in base unsw; do t "attention_ab $v"; PYTHONPATH=/tmp/w-$v TRITON_CACHE_DIR=/tmp/c-$v timeout 60 python3 bench/attention_ab.py --configs $AB --variants ptr,hostdesc --masks full --who ours --out $OUT/ab2-$v.json 2>&1 | grep -v Warn | python3 -c "$F"; done
t "sass"; ptxas -arch=sm_90a .gpu/ptx-unsw/perf_flash_attn_fwd.ptx -o /tmp/u.cubin && cuobjdump -sass /tmp/u.cubin > $OUT/unsw-sass.txt; grep -n -E "LDL|STL|BRA|EXIT" $OUT/unsw-sass.txt | head -40; grep -c HGMMA $OUT/unsw-sass.txt
t end
