import csv, sys, collections
rows = list(csv.reader(open(sys.argv[1])))
hdr = rows[1]; data = rows[2:]
ix = {h: i for i, h in enumerate(hdr)}
stalls = [h for h in hdr if h.startswith("stall_") and "Not Issued" not in h]
tot = collections.Counter(); ops = collections.Counter(); samples = 0
per = []
for r in data:
    if len(r) < len(hdr): continue
    src = r[ix["Source"]].strip()
    ex = int(r[ix["Instructions Executed"]] or 0)
    s = int(r[ix["Warp Stall Sampling (All Samples)"]] or 0)
    samples += s
    op = src.split()[0] if src else ""
    if op.startswith("@"): op = src.split()[1]
    ops[op.split(".")[0]] += ex
    for h in stalls:
        v = r[ix[h]]
        if v and v != "-": tot[h] += int(v)
    per.append((s, src, ex, {h: int(r[ix[h]]) for h in stalls if r[ix[h]] not in ("", "-", "0")}))
print("samples", samples)
for h, v in tot.most_common(12): print(f"  {h:28s} {v:9d} {100*v/samples:5.1f}%")
print("executed by opcode:")
T = sum(ops.values())
for o, v in ops.most_common(25): print(f"  {o:12s} {v/1e6:8.2f}M {100*v/T:5.1f}%")
if len(sys.argv) > 2:
    per.sort(key=lambda x: -x[0])
    for s, src, ex, st in per[:int(sys.argv[2])]:
        top = sorted(st.items(), key=lambda kv: -kv[1])[:3]
        print(f"{s:7d} {src[:60]:60s} {ex:9d} {top}")
