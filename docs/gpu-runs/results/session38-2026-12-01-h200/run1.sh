# Session 38, call 1: tritongpu-scale-after-max, base (8866b17) against new, on nvidia-h200.
# .gpu/ (git-ignored, carried): conformance/ (the corpus, kernels_x.py = kernels_dev.py + ../session36-2026-11-29-h200/kernels_causal_spec.py + kernels_extra_spec.py),
# ptx-base/, ptx-new/ (the corpus attention kernels from the tools here), whl-base/, whl-new/.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
for v in base new; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$v/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "corpus attention base 1"; timeout 90 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/ptx-base 2>&1 | grep -E "attn|rror"
t "corpus attention new 1"; timeout 90 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/ptx-new 2>&1 | grep -E "attn|rror"
t "gen extras"; timeout 120 python3 $C/harness.py gen --kernels $K --out .gpu/x --only "causal|d128|scale_" 2>&1 | tail -9
for v in base new; do t "compile extras $v"; PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x .gpu/x-$v 2>&1 | tail -9; done
t "scale checks new"; timeout 60 $H --corpus .gpu/x --only "scale_" --ptx-dir .gpu/x-new 2>&1 | tail -8
for v in base new; do t "causal+d128 $v 1"; timeout 90 $H --corpus .gpu/x --only "causal|d128" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
t "corpus attention base 2"; timeout 90 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/ptx-base 2>&1 | grep -E "attn|rror"
t "corpus attention new 2"; timeout 90 $H --corpus $C/ttir --only attn --bench-all --kernel-time --ptx-dir .gpu/ptx-new 2>&1 | grep -E "attn|rror"
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()[:200]); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
AB=64x128x64x4x3,64x128x64x4x2,128x128x64x8x3
t "attention_ab base (and upstream)"; PYTHONPATH=/tmp/w-base TRITON_CACHE_DIR=/tmp/c-base timeout 120 python3 bench/attention_ab.py --configs $AB --variants ptr,hostdesc --masks full --out $OUT/ab-base.json 2>&1 | grep -v Warn | python3 -c "$F"
t "attention_ab new"; PYTHONPATH=/tmp/w-new TRITON_CACHE_DIR=/tmp/c-new timeout 120 python3 bench/attention_ab.py --configs $AB --variants ptr,hostdesc --masks full --who ours --out $OUT/ab-new.json 2>&1 | grep -v Warn | python3 -c "$F"
for v in base new; do t "causal+d128 $v 2"; timeout 90 $H --corpus .gpu/x --only "causal|d128" --kernel-time --bench --ptx-dir .gpu/x-$v 2>&1 | grep -E "attn|rror"; done
t end
