set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
A="--kernels mm_ws --sizes 1000 --no-ew --configs 128x128x64x8x3"
export TRITON_CACHE_DIR=/tmp/tc-up
python3 bench/tma_matmul_ab.py --who up $A > /dev/null 2>&1
up=$(find /tmp/tc-up -name "mm_ws_body.ptx" | head -1)
echo "== upstream ptx barriers/state"; grep -n -E "barrier|bar.sync|st.shared.(u8|b8)|ld.shared.(u8|b8)|setmaxnreg|ret;" $up | head -40
cuobjdump -sass $(dirname $up)/mm_ws_body.cubin | grep -E "BAR|/\*0[0-9a-f]{3}\*/ +(@P[0-9] )?(STS|LDS)" | head -30
run() { # name edit
  export TRITON_CACHE_DIR=/tmp/tc-$1; export PTX_EDIT="$2"
  echo "== racecheck ours $1"
  timeout 100 compute-sanitizer --tool racecheck --print-limit 2 python3 .gpu/s30/patchrun.py bench/tma_matmul_ab.py --who ours $A 2>&1 | grep -E "SUMMARY|Write|Read|mismatch|FAIL|Error|error" | head -8 | cut -c1-200
}
run base "p"
run count "p.replace('barrier.sync \t1;', 'barrier.sync \t1, 384;')"
run aligned "p.replace('barrier.sync \t1;', 'bar.sync \t1;')"
run b0 "p.replace('barrier.sync \t1;', 'barrier.sync \t0;')"
export TRITON_CACHE_DIR=/tmp/tc-base
ours=$(find /tmp/tc-base -name "mm_ws_body.cubin" | head -1)
echo "== ours sass"
cuobjdump -sass $ours | grep -E "BAR|/\*0[0-9a-f]{3}\*/ +(@!?P[0-9] )?(STS|LDS)" | head -30
