python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
s() { tool=$1; shift; echo "== $tool $*"; timeout 60 compute-sanitizer --tool $tool --print-limit 3 "$@" > /tmp/log.txt 2>&1; grep -E "SUMMARY|Barrier error|Race reported|and Write|at .*0x|ours_err|ours_ok" /tmp/log.txt | head -6 | cut -c1-200; }
for tool in synccheck racecheck; do
s $tool python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3,64x128x64x4x3 --variants hostdesc_ws --masks full,causal
s $tool python3 bench/tma_matmul_ab.py --kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3,128x128x64x4x3
done
s memcheck python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws,ptr --masks full,causal
timeout 100 python3 bench/attention_ab.py --configs 128x128x64x8x3,128x128x128x8x2,64x128x128x8x3 --variants hostdesc_ws --masks full,causal --out $OUT/ws-final.json 2>&1 | python3 -c "
import sys,json
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.rstrip()[-300:]); continue
    print(r['D'],r['config'],r['variant'],'causal' if r['causal'] else 'full','sdpa %.0f up %.0f ours %.0f x%.3f err %s/%s'%(r['sdpa_tflops'],r.get('up_tflops',0),r.get('ours_tflops',0),r.get('speedup',0),r.get('up_err'),r.get('ours_err')))"
