#!/usr/bin/env python3
"""Robustness check of the whole compiler: mutated corpus TTIR (a line
deleted or swapped, a type or a number changed) through
`triton-opt --triton-nvidia-pipeline | triton-translate --triton-to-ptx`,
then ptxas. Every run must end in exit 0 or 1 (a diagnostic), never a
crash, and PTX we emit must assemble.

    python3 scripts/fuzz-pipeline.py SEED COUNT     # from the repository root
"""
import random, subprocess, glob, os, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
files = [f for f in sorted(glob.glob('../shared/conformance/ttir/*.ttir')) if 'perf_matmul' not in f and 'flash' not in f]
crashes = []
n = int(sys.argv[2]) if len(sys.argv) > 2 else 100
for i in range(n):
    f = random.choice(files)
    lines = open(f).read().split('\n')
    kind = random.randrange(4)
    body = [j for j, l in enumerate(lines) if l.startswith('    ') and '=' in l]
    if not body: continue
    j = random.choice(body)
    if kind == 0:
        del lines[j]
    elif kind == 1:
        k = random.choice(body); lines[j], lines[k] = lines[k], lines[j]
    elif kind == 2:
        lines[j] = lines[j].replace('f32', 'f16', 1) if 'f32' in lines[j] else lines[j].replace('i32', 'i64', 1)
    else:
        import re
        nums = list(re.finditer(r'\b\d+\b', lines[j]))
        if nums:
            m = random.choice(nums); lines[j] = lines[j][:m.start()] + str(random.choice([0, 1, 3, 7, 64, 100000])) + lines[j][m.end():]
    text = '\n'.join(lines)
    p1 = subprocess.run(['build/bin/triton-opt', '-', '--triton-nvidia-pipeline=num-warps=4 target=cuda:90'], input=text, capture_output=True, text=True, timeout=120)
    rc2 = None
    if p1.returncode == 0:
        p2 = subprocess.run(['build/bin/triton-translate', '--triton-to-ptx', '-o', '/tmp/fuzz/x.ptx'], input=p1.stdout, capture_output=True, text=True, timeout=120)
        rc2 = p2.returncode
        if rc2 == 0:
            p3 = subprocess.run(['/usr/local/cuda/bin/ptxas', '-arch=sm_90', '/tmp/fuzz/x.ptx', '-o', '/dev/null'], capture_output=True, text=True)
            if p3.returncode != 0:
                path = f'/tmp/fuzz/ptxas{i}.ttir'; open(path, 'w').write(text)
                crashes.append((path, os.path.basename(f), 'ptxas', p3.stderr[:200]))
    if p1.returncode not in (0, 1) or rc2 not in (None, 0, 1):
        path = f'/tmp/fuzz/crash{i}.ttir'; open(path, 'w').write(text)
        crashes.append((path, os.path.basename(f), kind, p1.returncode, rc2, (p1.stderr or '').split('\n')[0][:150]))
for c in crashes: print(c)
print(f'{n} mutants, {len(crashes)} crashes')
