# Edits of the rotated consumer loop (DotChainPipelining): PP_MODE=nofence drops the loop's
# fence.proxy.async (one before the loop instead); pp adds ping-pong turns between the two
# consumer warp groups around the issue of Q K^T and P @ V (barriers 13/14); ppnofence both.
import os, re
MODE = os.environ.get("PP_MODE", "pp")
W = "mov.u32 %ppt, %tid.x; shr.u32 %ppt, %ppt, 7;"
PRE = "{ .reg .u32 %ppt; .reg .pred %ppp; " + W + " setp.eq.u32 %ppp, %ppt, 1; @%ppp bar.arrive 13, 256; }"
ARRIVE = "{ .reg .u32 %ppt; " + W + " sub.u32 %ppt, 14, %ppt; bar.arrive %ppt, 256; }"
SYNC = "{ .reg .u32 %ppt; " + W + " add.u32 %ppt, %ppt, 13; bar.sync %ppt, 256; }"
POST = "{ .reg .u32 %ppt; .reg .pred %ppp; " + W + " setp.eq.u32 %ppp, %ppt, 0; @%ppp bar.sync 13, 256; }"
FENCE = "fence.proxy.async.shared::cta;"
def edit(p):
    if "setmaxnreg" not in p or "attn" not in p:
        return p
    L = p.split("\n")
    w1 = [i for i, l in enumerate(L) if re.match(r"\s*wgmma.wait_group.sync.aligned\s+1;", l)]
    if len(w1) != 1:
        return p
    label = max(i for i in range(w1[0]) if re.match(r"^\$L__BB\d+_\d+:$", L[i]))
    name = L[label][:-1]
    back = next(i for i in range(w1[0], len(L)) if re.match(r"\s*(@%p\d+ )?bra(\.uni)?\s+" + re.escape(name) + ";", L[i]))
    after = back + 1
    if not L[back].strip().startswith("@"):
        # Rotated by LLVM: the exit test at the top; POST goes at its target.
        exit_bra = next(i for i in range(label, back) if re.match(r"\s*@%p\d+ bra", L[i]))
        target = L[exit_bra].split()[-1].rstrip(";")
        after = L.index(target + ":") + 1
    f1 = next(i for i in range(label, back) if L[i].strip() == "wgmma.fence.sync.aligned;")
    commits = [i for i in range(label, back) if L[i].strip() == "wgmma.commit_group.sync.aligned;"]
    c2 = commits[1]
    ins = []  # (index, text, before?)
    if "pp" in MODE:
        ins += [(after, POST), (c2 + 1, ARRIVE), (f1, SYNC), (label, PRE)]
    if "nofence" in MODE:
        for i in range(label, back):
            if L[i].strip() == FENCE:
                L[i] = "\t// fence dropped"
        ins += [(label, FENCE)]
    for i, t in sorted(ins, key=lambda x: -x[0]):
        L.insert(i, "\t" + t)
    return "\n".join(L)
