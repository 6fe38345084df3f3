# Session 46, call 2: call 1's synccheck error (head dim 64, desc loop warp-specialized, launch
# failure) and racecheck hazards, in full. synccheck on the desc loop at D = 64 and 128 one config at a
# time, specialized and pipelined (TRITONDIALECT_AUTO_WS=0), and the hostdesc loop (specialized since
# session 30); racecheck's report on the D = 128 desc kernel; TTIR/TTGIR/PTX of the D = 64 kernel.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
cd bench
python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-main/*.whl 2>&1 | grep -v -i warn | tail -1
S="python3 attention_ab.py --once --ctx 512 --batch-heads 4 --masks full --who ours"
t "dump d64"; timeout 60 $S --configs 64x128x128x8x3 --variants desc --dump $OUT/dump-d64 2>&1 | grep -v -i warn | cut -c1-200 | tail -2
t "synccheck d64 desc ws"; timeout 100 compute-sanitizer --tool synccheck --print-limit 20 $S --configs 64x128x128x8x3 --variants desc 2>&1 | grep -v -i warn | head -60
t "synccheck d64 desc pipelined"; TRITONDIALECT_AUTO_WS=0 timeout 100 compute-sanitizer --tool synccheck --print-limit 5 $S --configs 64x128x128x8x3 --variants desc 2>&1 | grep -v -i warn | tail -8
t "synccheck d64 hostdesc ws"; timeout 100 compute-sanitizer --tool synccheck --print-limit 5 $S --configs 64x128x128x8x3 --variants hostdesc 2>&1 | grep -v -i warn | tail -8
t "synccheck d128 desc ws"; timeout 100 compute-sanitizer --tool synccheck --print-limit 5 $S --configs 128x128x128x8x3 --variants desc 2>&1 | grep -v -i warn | tail -8
t "racecheck d128 desc ws"; timeout 150 compute-sanitizer --tool racecheck --print-limit 30 $S --configs 128x128x128x8x3 --variants desc 2>&1 | grep -v -i warn | head -90
t "racecheck d128 hostdesc ws"; timeout 150 compute-sanitizer --tool racecheck --print-limit 10 $S --configs 128x128x128x8x3 --variants hostdesc 2>&1 | grep -v -i warn | tail -25
t end
