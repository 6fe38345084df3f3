python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
for tool in racecheck synccheck; do
echo "== $tool attention ws 8w (ours)"
timeout 60 compute-sanitizer --tool $tool --print-limit 3 python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws --masks full,causal 2>&1 | grep -E "SUMMARY|Race reported|and Write|Barrier error|at .*0x|ours_err" | grep -v cudnn | head -6 | cut -c1-200
echo "== $tool matmul ws (ours only: --who not supported, so both)"
timeout 60 compute-sanitizer --tool $tool --print-limit 3 python3 bench/tma_matmul_ab.py --kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3,128x128x64x4x3 2>&1 | grep -E "SUMMARY|Race reported|and Write|Barrier error|at .*0x" | head -6 | cut -c1-200
done
