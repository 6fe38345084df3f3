#!/usr/bin/env python3
"""The compile-time guard of `make test`: reads compile-corpus.sh's output
with TIME=1 (`ok   KERNEL S.SS s`, TTIR to PTX plus ptxas) and fails when
a kernel took more than LIMIT seconds, or when no kernel was timed.

    TIME=1 scripts/compile-corpus.sh CORPUS OUT | scripts/check-compile-time.py 5
"""
import re
import sys

limit = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
times = {}
for line in sys.stdin:
    m = re.match(r"ok\s+(\S+) (\d+\.\d+) s$", line.strip())
    if m:
        times[m.group(1)] = float(m.group(2))
slow = {k: t for k, t in times.items() if t > limit}
if not times:
    print("compile time: no kernel timed")
    sys.exit(1)
worst = max(times, key=times.get)
print("compile time: %d kernels, slowest %s %.2f s (limit %.1f s)" %
      (len(times), worst, times[worst], limit))
for k, t in sorted(slow.items()):
    print("  over the limit: %s %.2f s" % (k, t))
sys.exit(1 if slow else 0)
