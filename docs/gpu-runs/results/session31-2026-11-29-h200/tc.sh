set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
nvidia-smi --query-gpu=name --format=csv,noheader
export TC_TIMEOUT=${TC_TIMEOUT:-250} UP_TIMEOUT=${UP_TIMEOUT:-60}
for s in "$@"; do
  echo "== shard $s/4"
  OUT=$OUT bash bench/upstream-tests/run.sh shard $s/4 | tee "$OUT/tc-summary-$s.txt" | head -8
done
