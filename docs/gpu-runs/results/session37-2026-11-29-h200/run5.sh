set -u
H="python3 .gpu/conformance/harness.py check --bench --kernel-time"
for i in 1 2; do for v in main new; do
  echo "== corpus attn $v $i"; timeout 100 $H --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --only attn --bench-all --ptx-dir .gpu/s37/attn-$v 2>&1 | grep -E "attn|rror"
done; done
for v in main new; do python3 -m pip install -q --no-deps --target /tmp/w-$v .gpu/s37/$v/*.whl 2>&1 | grep -v WARN | tail -1; done
for rep in 1 2; do for who in up main new; do
  w=ours; pp=/tmp/w-$who; [ $who = up ] && { w=up; pp=""; }
  [ $who = up ] && [ $rep = 2 ] && continue
  PYTHONPATH=$pp TRITON_CACHE_DIR=/tmp/tc-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti-$who timeout 200 python3 bench/flex_attention.py $w 2>&1 | grep -E '^\{|rror' | sed "s/^/$who $rep /" | head -8
done; done
for who in main new; do
for f in $(grep -l "flex_attention\|triton_tem" -r /tmp/tc-$who --include=*.ptx | head -6); do echo "$who $(basename $f): $(grep -c minnctapersm $f) minncta; $(ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E 'spill|Used|C7512' | tr '\n' ' ')"; done
done
