# Session 45, call 6: b12349e plus marked dot chains with one consumer warp group left pipelined (wheel
# whl-b), upstream's tutorial 06 through the drop-in backend, upstream in the same call.
set -u
export PYTHONUNBUFFERED=1
T0=$(date +%s); t() { echo "== [$(( $(date +%s) - T0 )) s] $*"; }
cd bench
python3 -m pip install -q --no-index --no-deps --force-reinstall ../.gpu/whl-b/*.whl 2>&1 | grep -v -i warn | tail -1
for who in ours up; do t "tutorial 06 $who"; timeout 130 python3 tutorial_attention.py ../.gpu/tutorials/t06.py $who 2>&1 | grep -v -i warn | tee -a $OUT/tutorial06-onegroup-$who.jsonl | cut -c1-260 | tail -8; done
t end
