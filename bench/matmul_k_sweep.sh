#!/usr/bin/env bash
# Where the time of the perf matmuls goes: the same kernels (ours from
# PTX_DIR, upstream's JIT) at K = 64 .. 4096, so the fixed part of a tile
# (prologue, epilogue) separates from the K loop. Runs on the GPU machine.
# Usage: bench/matmul_k_sweep.sh CONFORMANCE_DIR PTX_DIR [KS]
set -eu
c=${1:?conformance dir}; ptx=${2:?ptx dir}; ks=${3:-"64 256 1024 4096"}
w=$(mktemp -d)
mkdir -p "$w/ttir" "$w/ptx"
for k in perf_matmul_f16_4096_128x256x64 perf_matmul_f16_4096_128x128x32; do
  for K in $ks; do
    cp "$c/ttir/$k.ttir" "$w/ttir/${k}_k$K.ttir"
    cp "$c/ttir/$k.json" "$w/ttir/${k}_k$K.json" 2>/dev/null || true
    cp "$ptx/$k.ptx" "$w/ptx/${k}_k$K.ptx"
    cp "$ptx/$k.meta.json" "$w/ptx/${k}_k$K.meta.json"
  done
done
cat > "$w/kernels.py" <<PY
import importlib.util, copy
_s = importlib.util.spec_from_file_location("kd", "$c/kernels_dev.py")
_m = importlib.util.module_from_spec(_s); _s.loader.exec_module(_m)
KERNELS = []
for k in _m.KERNELS:
    if not k["name"].startswith("perf_matmul"):
        continue
    for K in [int(x) for x in "$ks".split()]:
        v = dict(k); v["name"] = k["name"] + "_k%d" % K
        args = []
        for a in v["args"]:
            a = list(a)
            if a[0] == "a_ptr": a[3] = [a[3][0], K]
            if a[0] == "b_ptr": a[3] = [K, a[3][1]]
            if a[0] in ("K", "sam"): a[2] = K
            args.append(tuple(a))
        v["args"] = args; v["flops"] = k["flops"] // 4096 * K
        KERNELS.append(v)
PY
python3 "$c/harness.py" check --kernels "$w/kernels.py" --corpus "$w/ttir" \
  --ptx-dir "$w/ptx" --kernel-time --json-out "${OUT:-/tmp}/k-sweep.json"
