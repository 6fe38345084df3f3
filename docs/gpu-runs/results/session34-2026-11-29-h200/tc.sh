set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
cd bench/upstream-tests
K='dot or where or matmul or range or pipeline'
TRITONDIALECT=1 timeout 330 python3 -m pytest -n 16 -q -rf --tb=line -p no:cacheprovider test_core.py -k "$K" > $OUT/tc-ours.txt 2>&1
echo "exit $?" >> $OUT/tc-ours.txt; tail -2 $OUT/tc-ours.txt
grep "^FAILED" $OUT/tc-ours.txt | sed 's/^FAILED //; s/ - .*//' > /tmp/failed.txt
wc -l < /tmp/failed.txt
if [ -s /tmp/failed.txt ]; then
  export SELECT=/tmp/failed.txt
  timeout 150 python3 -m pytest -n 16 -q -rf --tb=no -p no:cacheprovider test_core.py > $OUT/tc-up.txt 2>&1
  tail -2 $OUT/tc-up.txt
  python3 - $OUT/tc-up.txt /tmp/failed.txt <<'PY'
import sys
up_failed = {l.split()[1] for l in open(sys.argv[1]) if l.startswith("FAILED")}
ours = [l.strip() for l in open(sys.argv[2]) if l.strip()]
reg = [t for t in ours if t not in up_failed]
print("ours failed", len(ours), "also failed upstream", len(ours) - len(reg), "REGRESSIONS", len(reg))
for t in reg[:40]: print("  REG", t)
PY
fi
cd $OUT && xz -9 tc-ours.txt 2>/dev/null; ls
