# Session 40, call 5: does the lazy rescale pay with two blocks per SM instead of three (no register cap, no spills)?
# perf_flash_attn_fwd only, PTX compiled locally: base (main), all-2cta (main's PTX without `.minnctapersm 3`),
# lz1-2cta (lazy, the rescale where the loop has it) and lz-2cta (lazy2, the rescale after alpha), both without the
# directive (207 / 215 registers, no spills). Exactness and harness kernel time, alternated twice.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
C=.gpu/conformance; K=$C/kernels_x.py
H="python3 $C/harness.py check --kernels $K"
for r in 1 2; do for v in base all-2cta lz1-2cta lz-2cta; do t "$v $r"
  timeout 60 $H --corpus $C/ttir --only "perf_flash_attn_fwd$" --bench-all --kernel-time --ptx-dir .gpu/c-$v 2>&1 | grep -E "attn|rror" | grep -v "no ptx"; done; done
t end
