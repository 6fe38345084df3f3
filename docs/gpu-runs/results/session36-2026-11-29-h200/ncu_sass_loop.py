import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[1]; data = rows[2:]; ix = {h: i for i, h in enumerate(hdr)}
stalls = [h for h in hdr if h.startswith("stall_") and "Not Issued" not in h]
want = int(sys.argv[2])
tot = collections.Counter(); n = 0; samples = 0; ops = collections.Counter()
for r in data:
    if len(r) < len(hdr): continue
    ex = int(r[ix["Instructions Executed"]] or 0)
    if ex != want: continue
    n += 1
    samples += int(r[ix["Warp Stall Sampling (All Samples)"]] or 0)
    src = r[ix["Source"]].strip().split()
    op = src[1] if src[0].startswith("@") else src[0]
    ops[op.split(".")[0]] += 1
    for h in stalls:
        v = r[ix[h]]
        if v and v not in "-": tot[h] += int(v)
print("instructions", n, "samples", samples)
for h, v in tot.most_common(10): print(f"  {h:28s} {v:8d} {100*v/samples:5.1f}%")
print(ops.most_common(20))
