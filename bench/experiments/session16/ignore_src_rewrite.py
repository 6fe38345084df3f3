import re,sys
src,dst,l2=sys.argv[1],sys.argv[2],sys.argv[3]=='1'
t=open(src).read()
lines=t.split('\n')
sel1={}  # rA -> pX  (selp rA,16,0,pX)
sel2={}  # rB -> (pX,pY)
for l in lines:
    m=re.match(r'\s*selp\.b32\s+(%r\d+), 16, 0, (%p\d+);',l)
    if m: sel1[m.group(1)]=m.group(2)
    m=re.match(r'\s*selp\.b32\s+(%r\d+), (%r\d+), 0, (%p\d+);',l)
    if m and m.group(2) in sel1: sel2[m.group(1)]=(sel1[m.group(2)],m.group(3))
npred=int(re.search(r'\.reg \.pred \s*%p<(\d+)>;',t).group(1))
nq=0; out=[]; made={}
for l in lines:
    m=re.match(r'(\s*cp\.async\.cg\.shared\.global)( \[[^\]]+\], \[[^\]]+\], 16), (%r\d+);',l)
    if m and (m.group(3) in sel2 or m.group(3) in sel1):
        r=m.group(3)
        if r not in made:
            q=f'%p{npred+nq}'; nq+=1
            if r in sel2:
                px,py=sel2[r]; a=f'%p{npred+nq}'; nq+=1
                out.append(f'\tand.pred \t{a}, {px}, {py};'); out.append(f'\tnot.pred \t{q}, {a};')
            else:
                out.append(f'\tnot.pred \t{q}, {sel1[r]};')
            made[r]=q
        op=m.group(1)+('.L2::128B' if l2 else '')
        out.append(f'{op}{m.group(2)}, {made[r]};')
    else:
        out.append(l)
t='\n'.join(out)
t=re.sub(r'\.reg \.pred \s*%p<\d+>;',f'.reg .pred \t%p<{npred+nq}>;',t)
open(dst,'w').write(t)
print(src, 'rewrote', len(made), 'sizes; preds', nq)
