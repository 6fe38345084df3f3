"""Prototype PTX rewrite: the K and V cp.async addresses of perf_flash_attn_fwd's loops from one pointer each plus
immediate offsets (rows r1 + 16 j: ((s | r1) + 16 j) * 64 * 2 bytes = p + 2048 j; s is a multiple of 64, r1 < 16)."""
import re, sys
L = open(sys.argv[1]).read().split('\n')
out, i, n = [], 0, 0
while i < len(L):
    m = re.match(r'\s*or\.b32\s+(%r\d+), (%r\d+), %r1;$', L[i])
    if m and all(re.match(r'\s*or\.b32\s+%r\d+, ' + re.escape(m.group(2)) + ', %r' + str(k + 1) + ';$', L[i + k]) for k in range(4)):
        A = [re.match(r'\s*or\.b32\s+(%r\d+)', L[i + k]).group(1) for k in range(4)]
        S = m.group(2)
        # gather the following block up to the last V cp.async
        j = i + 4; blk = []
        while 'cp.async.cg' not in L[j] or '30720' not in L[j]:
            blk.append(L[j]); j += 1
        blk.append(L[j])
        shl = {}; mw = {}; ptr = {}
        keep = []
        for l in blk:
            ms = re.match(r'\s*shl\.b32\s+(%r\d+), (%r\d+), 6;$', l)
            if ms and ms.group(2) in A: shl[ms.group(1)] = A.index(ms.group(2)); 
            mm = re.match(r'\s*mul\.wide\.u32\s+(%rd\d+), (%r\d+), 2;$', l)
            if mm and mm.group(2) in shl: mw[mm.group(1)] = shl[mm.group(2)]
            ma = re.match(r'\s*add\.s64\s+(%rd\d+), (%rd1[12]), (%rd\d+);$', l)
            if ma and ma.group(3) in mw: ptr[ma.group(1)] = (ma.group(2), mw[ma.group(3)])
        first = {}
        for p, (b, k) in ptr.items():
            if k == 0: first[b] = p
        out.append('\tadd.s32 \t%s, %s, %%r1;' % (A[0], S))
        for l in blk:
            ms = re.match(r'\s*shl\.b32\s+(%r\d+),', l)
            if ms and ms.group(1) in shl and shl[ms.group(1)] > 0: continue
            mm = re.match(r'\s*mul\.wide\.u32\s+(%rd\d+),', l)
            if mm and mm.group(1) in mw and mw[mm.group(1)] > 0: continue
            ma = re.match(r'\s*add\.s64\s+(%rd\d+),', l)
            if ma and ma.group(1) in ptr and ptr[ma.group(1)][1] > 0: continue
            for p, (b, k) in ptr.items():
                if k > 0: l = l.replace('[%s]' % p, '[%s+%d]' % (first[b], 2048 * k))
            out.append(l)
        i = j + 1; n += 1; continue
    out.append(L[i]); i += 1
open(sys.argv[2], 'w').write('\n'.join(out))
print('blocks rewritten', n, file=sys.stderr)
