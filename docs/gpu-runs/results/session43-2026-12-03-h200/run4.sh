# Session 43, call 4: compute-sanitizer memcheck on main's (f4ea851) attention kernels, whose cp.async copies take
# one pointer and immediate offsets: the corpus attention kernels and the causal and head-dim-128 ones (each checked
# against upstream by the harness, under the sanitizer).
set -u
export PYTHONUNBUFFERED=1
C=.gpu/conformance; K=$C/kernels_x.py
timeout 100 compute-sanitizer --tool memcheck --print-limit 5 python3 $C/harness.py check --kernels $K --corpus $C/ttir --only attn --ptx-dir .gpu/c-loop 2>&1 | grep -E "attn|ERROR SUMMARY|Invalid|passed" | grep -v "no ptx"
timeout 150 compute-sanitizer --tool memcheck --print-limit 5 python3 $C/harness.py check --kernels $K --corpus .gpu/x --ptx-dir .gpu/x-loop 2>&1 | grep -E "attn|ERROR SUMMARY|Invalid|passed" | grep -v "no ptx"
