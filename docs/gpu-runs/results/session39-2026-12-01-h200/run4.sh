# Session 39, call 4: the exact-matmul matrix (test/GPU/dot_matrix.py, 210 cases, the `_k1` ones with a
# constant-zero accumulator) compiled by main's tools (7eaeb2e + 2aa1bb0) here, then torch.compile's flex
# attention (bench/flex_attention.py) through upstream, base (whl-unsw) and new (whl-zacc = main), on nvidia-h200.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
t "dot matrix"; timeout 200 python3 test/GPU/dot_matrix.py run .gpu/dm 2>&1 | grep -E "FAIL|_k1|dot matrix"
for v in base zacc; do [ -d /tmp/w-$v ] || python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/whl-$([ $v = base ] && echo unsw || echo $v)/*.whl 2>&1 | grep -v -i warn | tail -1; done
for who in up base zacc; do
  w=ours; pp=/tmp/w-$who; [ $who = up ] && { w=up; pp=""; }
  t "flex $who"; PYTHONPATH=$pp TRITON_CACHE_DIR=/tmp/tc4-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti4-$who timeout 200 python3 bench/flex_attention.py $w 2>&1 | grep -E '^\{|rror' | head -8
done
t end
