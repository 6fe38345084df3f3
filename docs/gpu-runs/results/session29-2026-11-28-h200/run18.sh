python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
echo "== racecheck attention ws (second dispatch barrier)"
timeout 50 compute-sanitizer --tool racecheck --print-limit 3 python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws --masks full 2>&1 | grep -E "SUMMARY|Race reported|and Write" | grep -v cudnn | head -6 | cut -c1-200
