# Upstream's whole test_core.py with the drop-in backend, in four shards one
# after the other (each with pytest -n 16), then upstream alone on what each
# shard failed; prints each shard's regressions (tests ours failed that
# upstream alone passes) and a total. About 8 minutes on an H200.
#
#   OUT=/some/dir bash bench/upstream-tests/run-all.sh
#
# test_core.py goes beside this script (see run.sh); TC_TIMEOUT and
# UP_TIMEOUT bound each shard's two runs.
set -u
OUT=${OUT:-/tmp}
here=$(dirname "$0")
export TC_TIMEOUT=${TC_TIMEOUT:-300} UP_TIMEOUT=${UP_TIMEOUT:-150}
for i in 0 1 2 3; do
  echo "== shard $i/4"
  OUT=$OUT bash "$here/run.sh" shard $i/4 | tee "$OUT/tc-summary-$i.txt"
done
echo "== total"
cat "$OUT"/tc-summary-*.txt | awk '/REGRESSIONS/ {f += $3; a += $7; r += $9} END {print "ours failed", f, "also failed upstream", a, "REGRESSIONS", r}'
