set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
A="--kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3"
for who in up ours; do
  export TRITON_CACHE_DIR=/tmp/tc-$who
  echo "== racecheck $who mm_ws"
  timeout 120 compute-sanitizer --tool racecheck --racecheck-report hazard --print-limit 6 python3 bench/tma_matmul_ab.py --who $who $A > $OUT/rc-$who.txt 2>&1
  grep -E "SUMMARY|hazard|Race|Write|Read|thread" $OUT/rc-$who.txt | grep -v cudnn | head -30 | cut -c1-220
  cub=$(find /tmp/tc-$who -name "mm_ws_body.cubin" | head -1)
  echo "cubin $cub"
  cuobjdump -sass $cub > $OUT/sass-$who.txt 2>&1
  find /tmp/tc-$who -name "mm_ws_body.*" -exec cp {} $OUT/ \; -exec echo {} \;
  mkdir -p $OUT/$who; cp /tmp/tc-$who/*/mm_ws_body.* $OUT/$who/ 2>/dev/null
done
