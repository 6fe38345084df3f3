python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
echo "== racecheck upstream ws attention"
timeout 60 compute-sanitizer --tool racecheck --print-limit 3 python3 bench/attention_ab.py --who up --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws --masks full 2>&1 | grep -E "SUMMARY|Race reported|and Write" | grep -v cudnn | head -6 | cut -c1-200
echo "== racecheck upstream ws matmul"
timeout 60 compute-sanitizer --tool racecheck --print-limit 3 python3 bench/tma_matmul_ab.py --kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3 2>&1 | grep -E "SUMMARY|Race reported|and Write" | head -6 | cut -c1-200
echo "== synccheck ours 4w"
timeout 60 compute-sanitizer --tool synccheck --print-limit 3 python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 64x128x64x4x3 --variants hostdesc_ws --masks full 2>&1 | grep "=====" | head -14 | cut -c1-200
