set -u
cd "$(dirname "$0")/.."
python3 .gpu/conformance/harness.py check --kernels .gpu/conformance/kernels_dev.py --corpus .gpu/conformance/ttir --ptx-dir .gpu/exp/ignl2 --only 'perf_matmul|perf_flash' 2>&1 | grep -v -i warn | tail -4
for r in 1 2; do for v in orig ign ignl2; do
  python3 bench/interleaved.py --harness .gpu/conformance --ptx-dir .gpu/exp/$v --only 'perf_matmul|perf_flash' --rounds 6 > /tmp/il.txt 2>&1
  echo "== $v $r"; grep paired /tmp/il.txt
done; done
