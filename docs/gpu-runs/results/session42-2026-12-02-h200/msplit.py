"""Prototype PTX rewrite: in a 4-warp attention loop (16 wgmmas: Q K^T and P V, two 64-row halves each), issue the
two halves of Q K^T as two wgmma groups, run the softmax of half a while half b's Q K^T is in flight, issue half
a's P V, then run half b's softmax while it is in flight.  Reorders only along register dependencies."""
import re, sys
REG = re.compile(r'%(?:rd|r|p|f|fd|rs|h|hh)\d+')

def units_of(lines):
    out, i = [], 0
    while i < len(lines):
        s = lines[i].strip()
        if s.startswith('// begin inline asm'):
            j = i
            while not lines[j].strip().startswith('// end inline asm'):
                j += 1
            out.append(''.join(lines[i:j + 1])); i = j + 1; continue
        out.append(lines[i]); i += 1
    return out

def kind(t):
    if 'wgmma.mma_async' in t: return 'mma'
    if 'wgmma.fence' in t: return 'fence'
    if 'wgmma.commit_group' in t: return 'commit'
    if 'wgmma.wait_group' in t: return 'wait'
    s = t.strip()
    if s.startswith('.loc') or s.startswith('//') or s == '': return 'meta'
    op = s.split()[0]
    if op.startswith('@'): op = s.split()[1]
    if op.startswith(('bar.', 'cp.async', 'st.', 'ld.', 'red.', 'atom.', 'fence', 'membar', 'bra')): return 'side'
    return 'ins'

def defs_uses(t):
    k = kind(t)
    if k == 'mma':
        body = [l for l in t.split('\n') if 'wgmma.mma_async' in l][0]
        m = re.search(r'\{([^}]*)\}', body)
        acc = set(REG.findall(m.group(1)))
        uses = set(REG.findall(body[m.end():])) | acc
        for l in t.split('\n'):
            if 'setp' in l: uses |= set(REG.findall(l))
        return acc, uses
    s = t.strip()
    if k == 'side':
        return set(), set(REG.findall(s))
    if k != 'ins': return set(), set()
    toks = s.split(None, 1)
    pred = set()
    if toks[0].startswith('@'):
        pred = set(REG.findall(toks[0])); s = toks[1]
    regs = REG.findall(s)
    if not regs: return set(), pred
    d = {regs[0]}
    if re.search(r'%\w+\|%\w+', s): d.add(regs[1])
    return d, set(regs[len(d):]) | pred

def transform(body):
    us = [u for u in units_of(body) if kind(u) != 'meta']
    K = [kind(u) for u in us]
    DU = [defs_uses(u) for u in us]
    n = len(us)
    mmas = [i for i in range(n) if K[i] == 'mma']
    assert len(mmas) == 16
    qk, pv = mmas[:8], mmas[8:]
    acc = lambda i: frozenset(DU[i][0])
    qa = [i for i in qk if acc(i) == acc(qk[0])]; qb = [i for i in qk if i not in qa]
    pa = [i for i in pv if acc(i) == acc(pv[0])]; pb = [i for i in pv if i not in pa]
    ctrl = [i for i in range(n) if K[i] in ('commit', 'wait', 'fence')]
    w0 = [i for i in ctrl if K[i] == 'wait'][0]
    firstqk = qk[0]
    # dependency predecessors among units (RAW, WAR, WAW; side effects in order)
    preds = [set() for _ in range(n)]
    lastdef, readers, lastside = {}, {}, None
    for i in range(n):
        if K[i] in ('commit', 'wait', 'fence'): continue
        d, u = DU[i]
        for r in u:
            if r in lastdef: preds[i].add(lastdef[r])
        for r in d:
            if r in lastdef: preds[i].add(lastdef[r])
            preds[i] |= readers.get(r, set())
        for r in u: readers.setdefault(r, set()).add(i)
        for r in d: lastdef[r] = i; readers[r] = set()
        if K[i] == 'side':
            if lastside is not None: preds[i].add(lastside)
            lastside = i
        preds[i].discard(i)
    qbregs = set().union(*[DU[i][0] for i in qb])
    pvregs = set().union(*[DU[i][0] for i in pv])
    pvaregs = set().union(*[DU[i][0] for i in pa])
    out, placed = [], set()
    def emit(i):
        assert i not in placed
        assert preds[i] <= placed, (us[i], [us[p] for p in preds[i] - placed])
        out.append(us[i]); placed.add(i)
    def closure(targets):
        need, st = set(), list(targets)
        while st:
            x = st.pop()
            for p in preds[x]:
                if p not in placed and p not in need: need.add(p); st.append(p)
        return sorted(need)
    # phase 0: original order up to the last Q K^T mma, a commit between the halves
    for i in range(n):
        if i > qk[-1]: break
        if K[i] in ('commit', 'wait'): continue
        if i == qb[0]: out.append('\twgmma.commit_group.sync.aligned;\n')
        if i in ctrl: out.append(us[i]); placed.add(i); continue
        emit(i)
    out.append('\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 1;\n')
    placed |= set(ctrl)
    # phase 1: what half a's P V needs, then half a's P V
    ca = [i for i in closure(pa) if i not in pa]
    for i in ca:
        assert K[i] == 'ins' and not (DU[i][1] & qbregs), us[i]
        emit(i)
    if not QKONLY:
        out.append('\twgmma.fence.sync.aligned;\n')
        for i in pa: emit(i)
        out.append('\twgmma.commit_group.sync.aligned;\n')
    # whatever else is ready without half b's scores or P V's accumulators (half a's row sums)
    ga = 0
    fwd = set().union(*[DU[i][0] for i in qa])
    for i in range(n):
        if K[i] == 'ins' and DU[i][1] & fwd: fwd |= DU[i][0]
    changed = True
    while changed:
        changed = False
        for i in range(n):
            if i in placed or K[i] != 'ins' or i in pv: continue
            d, u = DU[i]
            if (u | d) & (qbregs | pvregs): continue
            if not (u & fwd): continue
            if preds[i] <= placed: emit(i); ga += 1; changed = True
    out.append('\twgmma.wait_group.sync.aligned %d;\n' % (0 if QKONLY else 1))
    cb = [i for i in closure(pb) if i not in pv]
    for i in cb:
        assert K[i] == 'ins' and not ((DU[i][0] | DU[i][1]) & pvaregs), us[i]
        emit(i)
    out.append('\twgmma.fence.sync.aligned;\n')
    if QKONLY:
        for i in pa: emit(i)
    for i in pb: emit(i)
    out.append('\twgmma.commit_group.sync.aligned;\n\twgmma.wait_group.sync.aligned 0;\n')
    for i in range(n):
        if i not in placed: emit(i)
    return out, (len(ca), ga, len(cb))

def main(src, dst):
    L = open(src).readlines()
    res, i, n = [], 0, 0
    while i < len(L):
        m = re.match(r'^(\$L__BB\d+_\d+):', L[i])
        if m:
            pat = re.compile(r'bra\S*\s+' + re.escape(m.group(1)) + ';')
            j = i + 1
            while j < len(L) and not pat.search(L[j]) and not re.match(r'^\$L__BB', L[j]): j += 1
            if j < len(L) and pat.search(L[j]) and sum('wgmma.mma_async' in x for x in L[i + 1:j]) == 16 and (ONLY is None or ONLY == m.group(1)):
                out, st = transform(L[i + 1:j])
                print('loop', m.group(1), 'closure a / ready a / closure b', st, file=sys.stderr)
                res.append(L[i]); res += out; i = j; n += 1; continue
        res.append(L[i]); i += 1
    open(dst, 'w').writelines(res)
    print('loops transformed', n, file=sys.stderr)

import os
QKONLY = os.environ.get('QKONLY') == '1'
ONLY = sys.argv[3] if len(sys.argv) > 3 else None
main(sys.argv[1], sys.argv[2])
