#!/usr/bin/env python3
"""Checks that docs/architecture.md names every pass the Passes.td files
declare and every pipeline lib/Pipelines registers. Prints the missing ones;
exit 1 if any. Usage: check-architecture-doc.py [REPO_ROOT]"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
    os.path.dirname(__file__), "..")
doc = open(os.path.join(root, "docs/architecture.md"), encoding="utf-8").read()
names = []
for td in glob.glob(os.path.join(root, "include/TritonDialect/**/Passes.td"),
                    recursive=True):
    names += re.findall(r'^def \w+ : Pass<"([^"]+)"',
                        open(td, encoding="utf-8").read(), re.M)
pipelines = open(os.path.join(root, "lib/Pipelines/Pipelines.cpp"),
                 encoding="utf-8").read()
names += re.findall(r'PassPipelineRegistration<[^>]*>\(\s*"([^"]+)"',
                    pipelines)
missing = [n for n in names if f"`{n}`" not in doc]
for n in missing:
    print(f"docs/architecture.md does not name `{n}`")
print(f"architecture doc: {len(names)} passes and pipelines, "
      f"{len(missing)} missing")
sys.exit(1 if missing else 0)
