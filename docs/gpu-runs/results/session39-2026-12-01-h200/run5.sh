# Session 39, call 5: torch.compile's flex attention (bench/flex_attention.py), upstream against base (whl-unsw)
# and new (whl-zacc = main) alternated, each in a process of its own with fresh caches; then the flex kernels'
# PTX instruction counts from each cache.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
for v in base zacc; do [ -d /tmp/w-$v ] || python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$([ $v = base ] && echo unsw || echo $v)/*.whl 2>&1 | grep -v -i warn | tail -1; done
for who in up zacc base up2 zacc2; do
  w=ours; pp=/tmp/w-${who%2}; case $who in up*) w=up; pp=/tmp/w-base;; esac
  rm -rf /tmp/tc5-$who /tmp/ti5-$who
  t "flex $who"; PYTHONPATH=$pp TRITON_CACHE_DIR=/tmp/tc5-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti5-$who timeout 150 python3 bench/flex_attention.py $w 2>&1 | grep -E '^\{|rror' | head -8
done
for who in base zacc; do for f in $(grep -l "triton_tem\|flex" -r /tmp/tc5-$who --include=*.ptx | head -8); do
  echo "$who $(basename $f): fma $(grep -c 'fma.rn.f32' $f) mul $(grep -c 'mul.f32' $f) sub $(grep -c 'sub.f32' $f) ex2 $(grep -c 'ex2.approx' $f) wgmma $(grep -c 'wgmma.mma_async' $f) $(ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E 'spill|Used|C751' | tr '\n' ' ' | cut -c1-200)"
done; done
t end
