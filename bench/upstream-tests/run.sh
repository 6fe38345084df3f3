# Upstream's test_core.py with the drop-in backend, then upstream alone on what failed.
#
#   bash bench/upstream-tests/run.sh shard 0/3     # the tests whose node id hashes to 0 mod 3
#   bash bench/upstream-tests/run.sh select ids.txt # the node ids listed in ids.txt
#
# test_core.py goes beside this script: read upstream's python/test/unit/language/test_core.py
# with the search tool into it (never commit it). Needs the tritondialect wheel installed,
# pytest and pytest-xdist. Writes $OUT/tc-<tag>-ours.txt and -up.txt and prints the
# regressions: tests ours failed that upstream alone passes.
OUT=${OUT:-/tmp}
mode=$1; arg=$2
# shard 1/4 -> tag 1_4; select ids.txt -> tag ids
if [ $mode = shard ]; then tag=$(echo $arg | tr / _); else tag=$(basename $arg .txt); fi
if [ $mode = shard ]; then export SHARD=$arg; else export SELECT=$(realpath $arg); fi
cd "$(dirname "$0")"
TRITONDIALECT=1 timeout ${TC_TIMEOUT:-400} python3 -m pytest -n 16 -q -rf --tb=line -p no:cacheprovider test_core.py > $OUT/tc-$tag-ours.txt 2>&1
echo "exit $?" >> $OUT/tc-$tag-ours.txt
tail -2 $OUT/tc-$tag-ours.txt
grep "^FAILED" $OUT/tc-$tag-ours.txt | sed 's/^FAILED //; s/ - .*//' > /tmp/failed-$tag.txt
unset SHARD; export SELECT=/tmp/failed-$tag.txt
if [ -s /tmp/failed-$tag.txt ]; then
  timeout ${UP_TIMEOUT:-200} python3 -m pytest -n 16 -q -rf --tb=no -p no:cacheprovider test_core.py > $OUT/tc-$tag-up.txt 2>&1
  echo "exit $?" >> $OUT/tc-$tag-up.txt
  tail -2 $OUT/tc-$tag-up.txt
  python3 - $OUT/tc-$tag-up.txt /tmp/failed-$tag.txt <<'PY'
import sys
up_failed = {l.split()[1] for l in open(sys.argv[1]) if l.startswith("FAILED")}
ours = [l.strip() for l in open(sys.argv[2]) if l.strip()]
reg = [t for t in ours if t not in up_failed]
print("ours failed", len(ours), "also failed upstream", len(ours) - len(reg), "REGRESSIONS", len(reg))
for t in reg[:60]: print("  REG", t)
PY
fi
