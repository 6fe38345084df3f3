#!/usr/bin/env python3
"""Runs the lit suite of the build tree and closes with one summary line.

lit's own summary is spread over several lines; CI and people both want one:
`tests: N passed, N failed[, N skipped]`. The exit code is lit's.
"""
import re
import subprocess
import sys


def main() -> int:
    build_dir = sys.argv[1] if len(sys.argv) > 1 else "build"
    lit = "/usr/lib/llvm-22/bin/lit"
    cmd = [lit, "-sv", f"{build_dir}/test"] + sys.argv[2:]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    sys.stdout.write(proc.stdout)
    counts = {}
    for key in ("Passed", "Failed", "Unsupported", "Expectedly Failed",
                "Unresolved", "Timed Out", "Unexpectedly Passed", "Skipped",
                "Excluded"):
        m = re.search(rf"^\s*{key}\s*:\s*(\d+)", proc.stdout, re.M)
        counts[key] = int(m.group(1)) if m else 0
    passed = counts["Passed"] + counts["Expectedly Failed"]
    failed = (counts["Failed"] + counts["Unresolved"] + counts["Timed Out"] +
              counts["Unexpectedly Passed"])
    skipped = counts["Unsupported"] + counts["Skipped"] + counts["Excluded"]
    if passed + failed == 0 and proc.returncode == 0:
        print("tests: 0 passed, 1 failed (lit ran no test)")
        return 1
    print(f"tests: {passed} passed, {failed} failed, {skipped} skipped")
    return proc.returncode if proc.returncode else (1 if failed else 0)


if __name__ == "__main__":
    sys.exit(main())
