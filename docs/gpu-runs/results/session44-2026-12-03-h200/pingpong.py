"""Experiment (session 44): FlashAttention-3's warp-scheduler barrier between
the two consumer warp groups of a warp-specialized attention kernel, as a
PTX edit. Each consumer warp group issues a turn of wgmmas (the prologue's
Q K^T, a loop iteration's Q K^T and P V, the epilogue's P V) only after the
other group issued its previous turn: bar.sync on its own named barrier
(9 + group) before the turn, bar.arrive on the other's after it; group 0
starts with a credit of its own. Usage: pingpong.py IN OUT"""
import re
import sys

src, dst = sys.argv[1], sys.argv[2]
lines = open(src).read().split("\n")
incs = [int(m.group(1)) for l in lines for m in [re.search(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+(\d+);", l)] if m]
out = []
if not incs:
    open(dst, "w").write("\n".join(lines)); sys.exit(0)
cons = max(incs)


def next_event(i):
    for j in range(i + 1, len(lines)):
        l = lines[j]
        if "wgmma.mma_async" in l:
            return "pv" if re.search(r"\}, \{%r", l) else "qk"
        if "wgmma.wait_group" in l:
            return "wait"
        if "wgmma.commit_group" in l or "wgmma.fence" in l:
            return "other"
    return None


def prev_event(i):
    for j in range(i - 1, -1, -1):
        l = lines[j]
        if "wgmma.mma_async" in l:
            return "pv" if re.search(r"\}, \{%r", l) else "qk"
        if "wgmma.wait_group" in l:
            return "wait"
        if "wgmma.commit_group" in l:
            return "commit"
        if "wgmma.fence" in l:
            return "fence"
    return None


declared = False
n_sync = n_arrive = 0
for i, l in enumerate(lines):
    if not declared and l.strip().startswith(".reg"):
        out.append("\t.reg .b32 \t%pp<3>;\n\t.reg .pred \t%ppp;")
        declared = True
    if "wgmma.fence.sync.aligned" in l:
        nxt, prv = next_event(i), prev_event(i)
        if nxt == "qk" or (nxt == "pv" and prv in ("wait", None)):
            out.append("\tbar.sync \t%pp0, 256;"); n_sync += 1
    out.append(l)
    if re.search(rf"setmaxnreg\.inc\.sync\.aligned\.u32\s+{cons};", l):
        out.append("\tmov.u32 \t%pp2, %tid.x;\n\tshr.u32 \t%pp2, %pp2, 7;\n\tadd.u32 \t%pp0, %pp2, 9;\n"
                   "\txor.b32 \t%pp1, %pp2, 1;\n\tadd.u32 \t%pp1, %pp1, 9;\n\tsetp.eq.u32 \t%ppp, %pp2, 0;\n"
                   "\t@%ppp bar.arrive \t%pp0, 256;")
    if "wgmma.commit_group.sync.aligned" in l:
        prv, nxt = prev_event(i), next_event(i)
        if prv == "pv" or (prv == "qk" and nxt == "wait" and re.search(r"wait_group\.sync\.aligned\s+0", next((x for x in lines[i + 1:] if "wgmma.wait_group" in x), ""))):
            out.append("\tbar.arrive \t%pp1, 256;"); n_arrive += 1
open(dst, "w").write("\n".join(out))
print(f"{src}: {n_sync} syncs, {n_arrive} arrives")
