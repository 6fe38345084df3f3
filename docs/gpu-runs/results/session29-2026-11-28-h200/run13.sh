python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
s() { echo "== $*"; timeout 60 compute-sanitizer --tool synccheck --print-limit 2 "$@" > /tmp/log.txt 2>&1; grep -E "SUMMARY|Barrier error|at .*0x" /tmp/log.txt | head -4 | cut -c1-200; }
s python3 bench/attention_ab.py --who up --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws --masks full
s python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 64x128x64x4x3 --variants hostdesc_ws --masks full
s python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 64x128x128x8x3 --variants hostdesc_ws --masks full
s python3 bench/tma_matmul_ab.py --kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3
s python3 bench/tma_matmul_ab.py --kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x4x3
