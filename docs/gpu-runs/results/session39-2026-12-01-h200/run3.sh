# Session 39, call 3: base (whl-unsw) against mask2 (masked scores unscaled; the waits for the loop's in-flight
# wgmmas versioned with it, which call 2's C7515 asked for) and zacc (mask2 plus zero accumulators as scale-d 0,
# no zeroed registers), on nvidia-h200: exactness of every scale case, the causal and corpus attention kernels
# (harness kernel time, alternated twice), bench/attention_ab.py's 4-warp configs.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
V="base mask2 zacc"
for v in $V; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$([ $v = base ] && echo unsw || echo $v)/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 120 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "causal|scale_" 2>&1 | tail -3
for v in $V; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -1
  PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py $C/ttir .gpu/c-$v --only attn 2>&1 | tail -1; done
for v in mask2 zacc; do t "scale checks $v"; timeout 90 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-$v 2>&1 | tail -1
  timeout 60 $H --corpus $C/ttir --only attn --ptx-dir .gpu/c-$v 2>&1 | tail -1; done
for r in 1 2; do for v in $V; do t "causal $v $r"; timeout 60 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"
  t "corpus attention $v $r"; timeout 90 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror"; done; done
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()[:200]); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
AB=128x64x128x4x2,128x64x64x4x3,64x128x64x4x3,64x128x64x4x2
t "attention_ab upstream"; PYTHONPATH=/tmp/w-base TRITON_CACHE_DIR=/tmp/c3-up timeout 100 python3 bench/attention_ab.py --configs $AB --variants ptr --masks full,causal --who up --out $OUT/ab3-up.json 2>&1 | grep -v Warn | python3 -c "$F"
for v in $V; do t "attention_ab $v"; PYTHONPATH=/tmp/w-$v TRITON_CACHE_DIR=/tmp/c3-$v timeout 100 python3 bench/attention_ab.py --configs $AB --variants ptr --masks full,causal --who ours --out $OUT/ab3-$v.json 2>&1 | grep -v Warn | python3 -c "$F"; done
t end
