python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
echo "== racecheck attention ws (second dispatch barrier)"
timeout 60 compute-sanitizer --tool racecheck --print-limit 3 python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws --masks full,causal 2>&1 | grep -E "SUMMARY|Race reported|and Write|ours_err" | grep -v cudnn | head -6 | cut -c1-200
echo "== racecheck mm_ws"
timeout 60 compute-sanitizer --tool racecheck --print-limit 3 python3 bench/tma_matmul_ab.py --kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3 2>&1 | grep -E "SUMMARY|Race reported|and Write" | head -6 | cut -c1-200
echo "== synccheck attention ws"
timeout 60 compute-sanitizer --tool synccheck python3 bench/attention_ab.py --who ours --once --ctx 512 --batch-heads 2 --configs 128x128x64x8x3 --variants hostdesc_ws --masks full 2>&1 | grep -E "SUMMARY" 
c=.gpu/conformance
python3 $c/harness.py check --kernels $c/kernels_dev.py --corpus $c/ttir --ptx-dir .gpu/out-new --only 'attn|matmul' --bench --kernel-time --json-out $OUT/corpus-attn-matmul.json 2>&1 | tail -8
timeout 120 python3 bench/attention_ab.py --configs 64x128x64x4x3,128x128x64x8x3,128x128x128x8x2,64x128x128x8x3 --variants ptr,hostdesc_ws --masks full,causal --out $OUT/attention-final.json 2>&1 | python3 -c "
import sys,json
for l in sys.stdin:
    try: r=json.loads(l)
    except Exception: print(l.rstrip()[-300:]); continue
    print(r['D'],r['config'],r['variant'],'causal' if r['causal'] else 'full','sdpa %.0f up %.0f ours %.0f x%.3f err %s/%s'%(r['sdpa_tflops'],r.get('up_tflops',0),r.get('ours_tflops',0),r.get('speedup',0),r.get('up_err'),r.get('ours_err')), r.get('up_error','')[:50])"
