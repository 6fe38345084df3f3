# Session 40, call 6: the whole corpus at main (b6c4740's PTX, compiled here by scripts/compile-corpus.sh): every output
# against upstream, harness kernel time for every kernel.
set -u
export PYTHONUNBUFFERED=1
C=.gpu/conformance
timeout 500 python3 $C/harness.py check --kernels $C/kernels_dev.py --corpus $C/ttir --ptx-dir .gpu/c-final --kernel-time --json-out $OUT/corpus-final.json 2>&1 | tail -40
