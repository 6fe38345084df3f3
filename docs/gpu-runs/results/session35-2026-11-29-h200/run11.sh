set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
mkdir -p $OUT/dump
for who in up ours; do
  rm -rf /tmp/tc-$who /tmp/ti-$who
  FLEX_D=64 FLEX_CAUSAL=0 TRITONDIALECT_VERBOSE=1 TRITONDIALECT_DUMP_DIR=$OUT/dump TRITON_CACHE_DIR=/tmp/tc-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti-$who timeout 150 python3 .gpu/s35/flex.py $who > $OUT/$who.log 2>&1
  grep -E '^\{' $OUT/$who.log
  mkdir -p $OUT/cache-$who && find /tmp/tc-$who -name "*flex*" -o -name "*.ttgir" | head -0
  for f in $(grep -l "flex_attention\|triton_tem" -r /tmp/tc-$who --include=*.ptx 2>/dev/null | head -4); do d=$(dirname $f); cp $d/*.ttgir $d/*.ptx $d/*.json $OUT/cache-$who/ 2>/dev/null; done
done
grep -c "" $OUT/ours.log; grep -i "tritondialect" $OUT/ours.log | head -20
ls $OUT/dump | head; ls $OUT/cache-up $OUT/cache-ours | head -20
for f in $OUT/cache-ours/*.ptx $OUT/cache-up/*.ptx; do echo "$f: $(ptxas -arch=sm_90a -v $f -o /dev/null 2>&1 | grep -E 'spill|registers' | tr '\n' ' ')"; done 2>/dev/null | head
cd $OUT && tar czf all.tgz dump cache-up cache-ours *.log && rm -rf dump cache-up cache-ours *.log
