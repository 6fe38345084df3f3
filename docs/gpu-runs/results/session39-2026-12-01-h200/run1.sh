# Session 39, call 1: tritongpu-scale-after-max through causal masks, base (session 38's landed wheel, whl-unsw:
# its corpus PTX is byte-identical to main's b1fc956) against mask, on nvidia-h200.
# .gpu/ (git-ignored, carried): conformance/ (kernels_x.py = kernels_dev.py + ../session36-2026-11-29-h200/kernels_causal_spec.py
# + ../session38-2026-12-01-h200/kernels_extra_spec.py + kernels_causal_scale_spec.py), whl-unsw/, whl-mask/.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
python3 -m pip install -q --no-deps --target /tmp/w-base .gpu/whl-unsw/*.whl 2>&1 | grep -v -i warn | tail -1
python3 -m pip install -q --no-deps --target /tmp/w-mask .gpu/whl-mask/*.whl 2>&1 | grep -v -i warn | tail -1
t "gen"; timeout 120 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "causal" 2>&1 | tail -6
for v in base mask; do t "compile $v"; PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -6; done
t "causal scale checks mask"; timeout 60 $H --corpus .gpu/x --only "causal_scale" --ptx-dir .gpu/x-mask 2>&1 | tail -6
for r in 1 2 3; do for v in base mask; do t "causal $v $r"; timeout 60 $H --corpus .gpu/x --only "perf_flash_attn_fwd_causal" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done; done
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()[:200]); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
AB=64x128x64x4x3,64x128x64x4x2,128x64x64x4x3,128x64x128x4x2
t "attention_ab causal base (and upstream)"; PYTHONPATH=/tmp/w-base TRITON_CACHE_DIR=/tmp/c-base timeout 150 python3 bench/attention_ab.py --configs $AB --variants ptr,hostdesc --masks causal --out $OUT/ab-base.json 2>&1 | grep -v Warn | python3 -c "$F"
t "attention_ab causal mask"; PYTHONPATH=/tmp/w-mask TRITON_CACHE_DIR=/tmp/c-mask timeout 150 python3 bench/attention_ab.py --configs $AB --variants ptr,hostdesc --masks causal --who ours --out $OUT/ab-mask.json 2>&1 | grep -v Warn | python3 -c "$F"
t end
