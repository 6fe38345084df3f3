# Session 39, call 2: bench/attention_ab.py's 4-warp configs at head dims 128 and 64, full and causal, base and
# mask alternated twice (our compiler only; upstream once), with the PTX dumped and assembled to SASS for the
# head-dim-128 causal kernel (call 1 had it 16 % slower with mask).
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
for v in base mask; do [ -d /tmp/w-$v ] || python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$([ $v = base ] && echo unsw || echo mask)/*.whl 2>&1 | grep -v -i warn | tail -1; done
F='import json,sys
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.strip()[:200]); continue
    print(r["D"], r["config"], r["variant"], "causal" if r["causal"] else "full", "up %.0f"%r.get("up_tflops",0), "ours %.0f"%r.get("ours_tflops",0), "err", r.get("ours_err"), r.get("ours_error","")[:80])'
AB=128x64x128x4x2,128x64x64x4x3,64x128x64x4x3
t "upstream"; PYTHONPATH=/tmp/w-base TRITON_CACHE_DIR=/tmp/c-up timeout 100 python3 bench/attention_ab.py --configs $AB --variants ptr --masks full,causal --who up --out $OUT/ab2-up.json 2>&1 | grep -v Warn | python3 -c "$F"
for r in 1 2; do for v in base mask; do
  t "ours $v $r"; PYTHONPATH=/tmp/w-$v TRITON_CACHE_DIR=/tmp/c2-$v timeout 100 python3 bench/attention_ab.py --configs $AB --variants ptr --masks full,causal --who ours --dump $OUT/dump-$v --out $OUT/ab2-$v-$r.json 2>&1 | grep -v Warn | python3 -c "$F"
done; done
for v in base mask; do for f in $OUT/dump-$v/attn-ptr-d128-64x128-4w2s-*-ours.ptx; do
  ptxas -arch=sm_90a -v "$f" -o /tmp/k.cubin 2>&1 | grep -E "Used|spill|C75" | sort | uniq -c | head -5; cuobjdump -sass /tmp/k.cubin > "${f%.ptx}.sass" && wc -l "${f%.ptx}.sass"
done; done
t end
