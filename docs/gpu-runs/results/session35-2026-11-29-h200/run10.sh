set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
for who in up ours noauto; do
  rm -rf /tmp/tc-$who /tmp/ti-$who
  if [ $who = noauto ]; then export TRITONDIALECT_AUTO_WS=0; else unset TRITONDIALECT_AUTO_WS; fi
  TRITON_CACHE_DIR=/tmp/tc-$who TORCHINDUCTOR_CACHE_DIR=/tmp/ti-$who timeout 170 python3 .gpu/s35/flex.py $who 2>&1 | grep -E '^\{|rror|fallback|Warning' | head -12
done
grep -l "setmaxnreg" -r /tmp/tc-ours 2>/dev/null | head -3; echo "ws ptx in ours cache: $(grep -l 'cp.async.mbarrier.arrive' -r /tmp/tc-ours 2>/dev/null | wc -l)"
