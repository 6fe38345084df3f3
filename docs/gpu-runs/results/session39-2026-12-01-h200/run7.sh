# Session 39, call 7: the corpus kernel at head dim 128 with BN = 128 and 8 warps (warp-specialized automatically),
# base (whl-unsw) against new (whl-zacc = main), alternated; torch.compile's flex attention through main with the
# automatic warp specialization on and off (TRITONDIALECT_AUTO_WS=0), upstream in the same call.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py; H="python3 $C/harness.py check --kernels $K"
for v in base zacc; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$([ $v = base ] && echo unsw || echo $v)/*.whl 2>&1 | grep -v -i warn | tail -1; done
t "gen"; timeout 60 python3 $C/harness.py gen --kernels $K --out .gpu/x7 --only "bn128" 2>&1 | tail -1
for v in base zacc; do PYTHONPATH=/tmp/w-$v timeout 60 python3 scripts/compile-corpus-wheel.py .gpu/x7 .gpu/x7-$v 2>&1 | tail -1; done
for r in 1 2; do for v in base zacc; do t "$v $r"; timeout 60 $H --corpus .gpu/x7 --only bn128 --kernel-time --bench --ptx-dir .gpu/x7-$v 2>&1 | grep -E "attn|rror"; done; done
for who in up ws nows; do
  w=ours; e=""; case $who in up) w=up;; nows) e="TRITONDIALECT_AUTO_WS=0";; esac
  t "flex $who"; env $e PYTHONPATH=/tmp/w-zacc TRITON_CACHE_DIR=/tmp/tc7-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti7-$who timeout 150 python3 bench/flex_attention.py $w 2>&1 | grep -E '^\{|rror' | head -8
done
for who in ws nows; do for f in $(grep -l "triton_tem" -r /tmp/tc7-$who --include=*.ptx | head -4); do
  echo "$who $(basename $f): setmaxnreg $(grep -c setmaxnreg $f) wgmma $(grep -c wgmma.mma_async $f) $(ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E 'spill|Used|C751[25]' | tr '\n' ' ' | cut -c1-160)"; done; done
t end
