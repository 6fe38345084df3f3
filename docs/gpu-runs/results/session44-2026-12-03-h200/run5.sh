# Session 44, call 5: main at the session's end (defer plus the dropped fence, DotChainPipelining.cpp) against
# base (e69dc1c). (1) The x kernels: compute-sanitizer memcheck on the short ones, then three alternations,
# harness kernel time, upstream in every invocation (PTX compiled here, .gpu/x-main and .gpu/x-base).
# (2) bench/attention_ab.py through the wheels (output checked against torch SDPA, do_bench, cuDNN and
# upstream in the same process): warp-specialized pointer and host-descriptor loops, head dims 128 and 64.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
t memcheck; timeout 90 compute-sanitizer --tool memcheck $H --corpus .gpu/x --ptx-dir .gpu/x-main --only "short|d128_bn128\$" 2>&1 | grep -E "ERROR SUMMARY|passed|MISMATCH|FAIL" | sort | uniq -c
for r in 1 2 3; do for v in base main; do t "x $v $r"; timeout 100 $H --corpus .gpu/x --kernel-time --bench --ptx-dir .gpu/x-$v --only "perf_flash_attn_fwd_d128|probe_d128_bn128_l8192" 2>&1 | grep -E "attn|probe|rror"; done; done
cd bench
for v in main base; do
  w=../.gpu/whl-base/*.whl; who=ours; [ $v = main ] && { w=../dist/*.whl; who=up,ours; }
  python3 -m pip install -q --no-index --no-deps --force-reinstall $w 2>&1 | tail -1
  t "attention_ab $v"; timeout 150 python3 attention_ab.py --ctx 4096 --batch-heads 64 --masks full,causal --configs 128x128x128x8x3,64x128x128x8x3 --variants ptr,hostdesc --who $who --out $OUT/ab-$v.json 2>&1 | grep -v -i warn | tail -12
done
t end
