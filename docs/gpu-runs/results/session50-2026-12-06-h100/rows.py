"""attention_ab.py's JSON rows on stdin, one short line each."""
import json
import sys

for line in sys.stdin:
    if not line.startswith("{"):
        print(line.rstrip()[:200])
        continue
    r = json.loads(line)
    print(r["D"], r["config"], "causal" if r["causal"] else "full", f"{r['variant']:15s}",
          " ".join(f"{who} {r[who + '_tflops']:.1f}" for who in ("ours", "up") if who + "_tflops" in r),
          r.get("ours_error", ""), r.get("up_error", ""))
