#!/usr/bin/env python3
"""Reports C++ functions longer than a limit (default 120 lines) and source
files longer than 1,000 lines under include/, lib/, tools/, test/lib/ and
unittest/. A function is a brace block opened, at namespace or class scope,
after a declarator with a parameter list (lambdas and blocks inside
functions count toward their function). Comments and string contents are
blanked before scanning. Exit 1 when something is over a limit.
Usage: check-function-length.py [REPO_ROOT] [--max-lines N]
"""
import os
import re
import sys

DIRS = ["include", "lib", "tools", "test/lib", "unittest"]
EXTS = (".cpp", ".h")
FILE_LIMIT = 1000


def blank(text):
    """Comments, string and char literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + c)
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


SCOPE = re.compile(r"\b(namespace|struct|class|union|enum)\b[^;{()]*$")


def functions(text):
    """(name, first line, last line) of each function body in `text`."""
    code = blank(text)
    stack = []  # per open brace: 'scope', 'func' or 'block'
    start = None
    head_begin = 0  # index after the last ; { or } at scope level
    result = []
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
        elif c == "{":
            in_func = "func" in stack
            if in_func:
                stack.append("block")
            else:
                head = code[head_begin:i]
                flat = " ".join(head.split())
                if SCOPE.search(flat) or flat.endswith("=") or not flat:
                    stack.append("scope")
                elif ")" in flat:
                    stack.append("func")
                    m = re.search(r"([~\w:<>]+)\s*\(", flat)
                    start = (m.group(1) if m else flat[:40], line)
                else:
                    stack.append("scope")
            head_begin = i + 1
        elif c == "}":
            kind = stack.pop() if stack else "scope"
            if kind == "func" and "func" not in stack:
                result.append((start[0], start[1], line))
            head_begin = i + 1
        elif c == ";" and "func" not in stack:
            head_begin = i + 1
    return result


def main():
    args = sys.argv[1:]
    limit = 120
    if "--max-lines" in args:
        k = args.index("--max-lines")
        limit = int(args[k + 1])
        del args[k:k + 2]
    root = args[0] if args else os.path.join(os.path.dirname(__file__), "..")
    bad = 0
    count = 0
    for d in DIRS:
        for dirpath, _, files in os.walk(os.path.join(root, d)):
            for name in sorted(files):
                if not name.endswith(EXTS):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                text = open(path, encoding="utf-8").read()
                lines = text.count("\n")
                if lines > FILE_LIMIT:
                    print(f"{rel}: {lines} lines (file limit {FILE_LIMIT})")
                    bad += 1
                for fname, first, last in functions(text):
                    count += 1
                    length = last - first + 1
                    if length > limit:
                        print(f"{rel}:{first}: {fname} is {length} lines "
                              f"(limit {limit})")
                        bad += 1
    print(f"function length: {count} functions checked, {bad} over a limit")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
