"""Rewrites a warp-specialized kernel's PTX for another register split:
the producer's setmaxnreg.dec to P and the consumers' setmaxnreg.inc to the
most the register file then leaves them (65536 registers over the launch's
threads, in steps of 8, at most 256). Usage: setmaxnreg.py IN OUT P"""
import re
import sys

src, dst, producer = sys.argv[1], sys.argv[2], int(sys.argv[3])
text = open(src).read()
warps = int(re.search(r"\.(?:maxntid|reqntid)\s+(\d+)", text).group(1)) // 32
consumers = min(256, (65536 - producer * 128) // ((warps - 4) * 32) // 8 * 8)
decs = sorted(set(int(v) for v in re.findall(r"setmaxnreg\.dec\.sync\.aligned\.u32\s+(\d+)", text)))
incs = sorted(set(int(v) for v in re.findall(r"setmaxnreg\.inc\.sync\.aligned\.u32\s+(\d+)", text)))
# The producer's decrease is the smallest dec, the consumers' increase the largest inc.
if decs and incs and decs[0] < incs[-1]:
    text = re.sub(rf"(setmaxnreg\.dec\.sync\.aligned\.u32\s+){decs[0]};", rf"\g<1>{producer};", text)
    text = re.sub(rf"(setmaxnreg\.inc\.sync\.aligned\.u32\s+){incs[-1]};", rf"\g<1>{consumers};", text)
    print(f"{src}: producer {decs[0]} -> {producer}, consumers {incs[-1]} -> {consumers}")
open(dst, "w").write(text)
