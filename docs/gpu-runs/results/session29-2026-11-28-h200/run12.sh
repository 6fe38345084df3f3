python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 -m pip install -q --no-index --no-deps --target /tmp/base .gpu/dist-off/tritondialect-*.whl 2>&1 | tail -1
for w in new base; do
  if [ $w = base ]; then export PYTHONPATH=/tmp/base; else unset PYTHONPATH; fi
  for var in hostdesc_ws ptr; do
    for tool in racecheck synccheck; do
      echo "== $w $var $tool"
      timeout 60 compute-sanitizer --tool $tool --print-limit 3 python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants $var --masks full > /tmp/log.txt 2>&1
      grep -E "SUMMARY|Hazard|Barrier error|Error|at .*0x|in .*attn" /tmp/log.txt | head -8 | cut -c1-220
    done
  done
done
