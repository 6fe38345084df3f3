# pingpong.py's turns, but a warp group hands the turn over once its wgmmas are
# issued, not completed: P @ V of iteration j stays in flight across the back-edge
# (its wait goes; the next Q K^T's wait covers both), the arrive follows Q K^T's
# commit. MODE=ov: only the P @ V in flight, no turns.
import os, re
MODE = os.environ.get("PP_MODE", "pp")
W = "mov.u32 %ppt, %tid.x; shr.u32 %ppt, %ppt, 7;"
PRE = "{ .reg .u32 %ppt; .reg .pred %ppp; " + W + " setp.eq.u32 %ppp, %ppt, 1; @%ppp bar.arrive 13, 256; add.u32 %ppt, %ppt, 13; bar.sync %ppt, 256; }"
ARRIVE = "{ .reg .u32 %ppt; " + W + " sub.u32 %ppt, 14, %ppt; bar.arrive %ppt, 256; }"
SYNC = "{ .reg .u32 %ppt; " + W + " add.u32 %ppt, %ppt, 13; bar.sync %ppt, 256; }"
POST = "{ .reg .u32 %ppt; .reg .pred %ppp; " + W + " setp.eq.u32 %ppp, %ppt, 0; sub.u32 %ppt, 14, %ppt; bar.arrive %ppt, 256; @%ppp bar.sync 13, 256; }"
WAIT0 = "wgmma.wait_group.sync.aligned 0;"
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
    isw = lambda l: re.match(r"\s*wgmma.wait_group.sync.aligned\s+0;", l)
    c1 = next(i for i in range(f1, len(L)) if L[i].strip() == "wgmma.commit_group.sync.aligned;")
    f2 = next(i for i in range(c1, len(L)) if L[i].strip() == "wgmma.fence.sync.aligned;")
    c2 = next(i for i in range(f2, len(L)) if L[i].strip() == "wgmma.commit_group.sync.aligned;")
    w2 = next(i for i in range(c2, len(L)) if isw(L[i]))
    back = next(i for i in range(w2, len(L)) if re.match(r"\s*@%p\d+ bra\s+" + re.escape(name) + ";", L[i]))
    pp = MODE == "pp"
    L.insert(back + 1, "\t" + WAIT0 + (" " + POST if pp else ""))
    del L[w2]
    if pp:
        L.insert(f2, "\t" + SYNC)
        L.insert(c1 + 1, "\t" + ARRIVE)
        L.insert(label, "\t" + PRE)
    return "\n".join(L)
