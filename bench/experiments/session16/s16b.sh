set -u
cd "$(dirname "$0")/.."
nvidia-smi --query-gpu=name,clocks.max.sm --format=csv,noheader
(cd .gpu/pk && python3 run.py pers,pers2,tile,tile2 1024,4096,8192 2>&1 | grep -v -i warn)
for r in 1 2; do for v in orig new; do
  python3 bench/interleaved.py --harness .gpu/conformance --ptx-dir .gpu/exp/$v --only 'perf_matmul' --rounds 6 > /tmp/il.txt 2>&1
  echo "== $v $r"; grep paired /tmp/il.txt
done; done
