set -u
python3 -m pip install -q --no-index --no-deps --force-reinstall dist/tritondialect-*.whl 2>&1 | tail -1
python3 .gpu/s34/once.py 128x128x64x8x4 2>&1 | grep -v Warn
NCU=$(which ncu || echo /usr/local/cuda/bin/ncu)
timeout 300 $NCU --kernel-name regex:ptr_body --launch-skip 0 --launch-count 4 --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section SchedulerStats python3 .gpu/s34/once.py 128x128x64x8x4 > $OUT/ncu.txt 2>&1
grep -E "ptr_body|Duration|Registers Per|Shared Memory Config|Dynamic Shared|Achieved Occupancy|Stall|Issued Warp|No Eligible|Compute \(SM\) Thr|Memory Thr|Block Limit|Waves" $OUT/ncu.txt | head -120
