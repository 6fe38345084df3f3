#!/usr/bin/env bash
# Checks (default) or applies (--fix) clang-format 22 with the repository's
# .clang-format on every tracked C++ source. Prints each file that would
# change; exit 1 if there is one. Usage: scripts/check-format.sh [--fix]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
cf=$(command -v clang-format-22 || echo /usr/lib/llvm-22/bin/clang-format)
if [ ! -x "$cf" ]; then
  echo "check-format: clang-format-22 not found (scripts/install-deps.sh installs it)" >&2
  exit 2
fi
cd "$root"
if [ -d .git ] || git rev-parse --git-dir >/dev/null 2>&1; then
  files=$(git ls-files '*.cpp' '*.h')
else
  files=$(find include lib tools test/lib unittest -name '*.cpp' -o -name '*.h')
fi
if [ "${1:-}" = "--fix" ]; then
  "$cf" -i $files
  echo "check-format: formatted $(echo $files | wc -w) files"
  exit 0
fi
bad=0
for f in $files; do
  if ! "$cf" --dry-run -Werror "$f" >/dev/null 2>&1; then
    echo "$f: not formatted (make format)"
    bad=$((bad + 1))
  fi
done
echo "check-format: $(echo $files | wc -w) files, $bad not formatted"
[ "$bad" -eq 0 ]
