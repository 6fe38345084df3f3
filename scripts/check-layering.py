#!/usr/bin/env python3
"""Checks that each floor of the project includes only headers of the floors
below it (docs/architecture.md):

    tools > CAPI > Pipelines > Frontend > Target > Conversion > Transforms > Analysis
          > Dialect IR > Tools (LinearLayout, SharedExchange)

Every `#include "TritonDialect/<Floor>/..."` in include/TritonDialect/<F>/ and
lib/<F>/ must name a floor at or below F. Prints each violation with its file
and line; exit 1 if there is one. Usage: check-layering.py [REPO_ROOT]
"""
import os
import re
import sys

# Lowest first. Target (PTX) sits below Conversion's users but needs only
# LLVM; it may use the dialects (launch metadata reads module attributes).
FLOORS = ["Tools", "Dialect", "Analysis", "Transforms", "Conversion",
          "Target", "Frontend", "Pipelines", "CAPI"]
RANK = {f: i for i, f in enumerate(FLOORS)}
# Headers at the top of include/TritonDialect that gather floors for users.
TOP_LEVEL = {"InitAllDialects.h": RANK["Dialect"],
             "InitAllPasses.h": RANK["Pipelines"],
             "Compiler.h": RANK["Pipelines"],
             "CAPI.h": RANK["CAPI"]}


def floor_of(path):
    """The floor a header path below TritonDialect/ belongs to."""
    first = path.split("/")[0]
    if first in RANK:
        return RANK[first]
    return TOP_LEVEL.get(first)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..")
    include = re.compile(r'#include\s+"TritonDialect/([^"]+)"')
    bad = 0
    checked = 0
    for top in ("include/TritonDialect", "lib"):
        for floor in FLOORS:
            base = os.path.join(root, top, floor)
            for dirpath, _, files in os.walk(base):
                for name in files:
                    if not name.endswith((".h", ".cpp", ".td")):
                        continue
                    path = os.path.join(dirpath, name)
                    checked += 1
                    with open(path, encoding="utf-8") as f:
                        for n, line in enumerate(f, 1):
                            m = include.search(line)
                            if not m:
                                continue
                            target = floor_of(m.group(1))
                            if target is not None and target > RANK[floor]:
                                rel = os.path.relpath(path, root)
                                print(f"{rel}:{n}: the {floor} floor includes "
                                      f"TritonDialect/{m.group(1)}, a floor "
                                      f"above it")
                                bad += 1
    print(f"layering: {checked} files checked, {bad} upward includes")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
