"""Experiment (session 44): drops the consumer loop's second proxy fence
(the one right before `wgmma.wait_group 0`, left by the dot chain's first
half where the loop had it before P @ V): the fence after the next
iteration's wait on its slot orders everything before it anyway, and no
wgmma reads shared memory between the two. Usage: nofence.py IN OUT"""
import sys

src, dst = sys.argv[1], sys.argv[2]
lines = open(src).read().split("\n")
out, dropped = [], 0
for i, l in enumerate(lines):
    if l.strip() == "fence.proxy.async.shared::cta;":
        ahead = [x.strip() for x in lines[i + 1:i + 8] if x.strip() and not x.strip().startswith((".loc", "//"))]
        if any(x.startswith("wgmma.wait_group.sync.aligned 0") for x in ahead[:4]):
            dropped += 1
            continue
    out.append(l)
open(dst, "w").write("\n".join(out))
print(f"{src}: {dropped} fences dropped")
