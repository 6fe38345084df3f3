# Ping-pong between the two consumer warp groups of a warp-specialized attention loop
# (barriers 13 and 14): a warp group's turn on the tensor cores is its P @ V of one
# iteration and its Q K^T of the next; the other one does its softmax meanwhile.
import re
W = "mov.u32 %ppt, %tid.x; shr.u32 %ppt, %ppt, 7;"
PRE = "{ .reg .u32 %ppt; .reg .pred %ppp; " + W + " setp.eq.u32 %ppp, %ppt, 1; @%ppp bar.arrive 13, 256; add.u32 %ppt, %ppt, 13; bar.sync %ppt, 256; }"
ARRIVE = "{ .reg .u32 %ppt; " + W + " sub.u32 %ppt, 14, %ppt; bar.arrive %ppt, 256; }"
SYNC = "{ .reg .u32 %ppt; " + W + " add.u32 %ppt, %ppt, 13; bar.sync %ppt, 256; }"
POST = "{ .reg .u32 %ppt; .reg .pred %ppp; " + W + " setp.eq.u32 %ppp, %ppt, 0; sub.u32 %ppt, 14, %ppt; bar.arrive %ppt, 256; @%ppp bar.sync 13, 256; }"
def edit(p):
    if "setmaxnreg" not in p or "attn" not in p:
        return p
    L = p.split("\n")
    fences = [i for i, l in enumerate(L) if l.strip() == "wgmma.fence.sync.aligned;"]
    if len(fences) < 2:
        return p
    f1 = fences[0]
    label = max(i for i in range(f1) if re.match(r"^\$L__BB\d+_\d+:$", L[i]))
    name = L[label][:-1]
    w1 = next(i for i in range(f1, len(L)) if re.match(r"\s*wgmma.wait_group.sync.aligned\s+0;", L[i]))
    f2 = next(i for i in range(w1, len(L)) if L[i].strip() == "wgmma.fence.sync.aligned;")
    back = next(i for i in range(f2, len(L)) if re.match(r"\s*@%p\d+ bra\s+" + re.escape(name) + ";", L[i]))
    L.insert(back + 1, "\t" + POST)
    L.insert(f2, "\t" + SYNC)
    L.insert(w1 + 1, "\t" + ARRIVE)
    L.insert(label, "\t" + PRE)
    return "\n".join(L)
