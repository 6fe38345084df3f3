#!/usr/bin/env bash
# Session 18 (docs copy), call A: the full GPU check and the dot runs.
set -u
echo "== gpu-check run"; bash scripts/gpu-check.sh run 2>&1 | tail -60
echo "== run-dots"; bash scripts/gpu-check.sh run-dots 2>&1 | grep -vE '^\s*$' | tail -120
