set -u
python3 -m pip install -q --no-deps --target /tmp/before .gpu/s36/before/*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
for who in up ours before; do
  rm -rf /tmp/tc-$who /tmp/ti-$who
  w=$who; pp=""; [ $who = before ] && { w=ours; pp=/tmp/before; }
  PYTHONPATH=$pp TRITON_CACHE_DIR=/tmp/tc-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti-$who timeout 150 python3 bench/flex_attention.py $w 2>&1 | grep -E '^\{|rror' | sed "s/^/$who /" | head -8
done
for who in ours before; do
for f in $(grep -l "flex_attention" -r /tmp/tc-$who --include=*.ptx | head -6); do echo "$who $(basename $f): $(grep -c minnctapersm $f) minncta; $(ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E 'spill|Used' | tr '\n' ' ')"; done
done
