set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
for who in ours up; do
  rm -rf /tmp/tc-$who /tmp/ti-$who
  TRITON_CACHE_DIR=/tmp/tc-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti-$who timeout 140 python3 .gpu/s35/flex.py $who 2>&1 | grep -E '^\{|rror' | head -8
done
for f in $(grep -l "flex_attention" -r /tmp/tc-ours --include=*.ptx | head -4); do echo "$(basename $f): $(ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E 'spill' | tr '\n' ' ')"; done
