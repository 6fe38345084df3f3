#!/usr/bin/env python3
"""Packs build/python/tritondialect into dist/tritondialect-<version>-py3-none-linux_x86_64.whl.

The package is relocatable: libtritondialect.so links MLIR and LLVM
statically and finds nothing through LD_LIBRARY_PATH (the pybind11
extension finds it through its $ORIGIN rpath). The wheel also installs
tritondialect.pth, which turns the backend on at interpreter start when
TRITONDIALECT is set. Tagged py3-none: on an interpreter the extension was
not built for, the package calls the library through ctypes.

Usage: make-wheel.py [--build build] [--out dist] [--max-mib 60]
"""

import argparse
import base64
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TAG = "py3-none-linux_x86_64"
PTH = ('import os; os.environ.get("TRITONDIALECT", "0").strip().lower() not in '
       '("", "0", "off", "false", "no") and __import__("tritondialect._autoinstall")\n')


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        match = re.search(r"project\(TritonDialect VERSION ([0-9.]+)", f.read())
    return match.group(1)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def package_files(package_dir):
    """(archive name, bytes) for every file of the package; shared objects
    stripped of what linking does not need."""
    files = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(os.listdir(package_dir)):
            path = os.path.join(package_dir, name)
            if name == "__pycache__" or os.path.isdir(path):
                continue
            if name.endswith(".so"):
                stripped = os.path.join(tmp, name)
                shutil.copyfile(path, stripped)
                subprocess.run(["strip", "--strip-unneeded", stripped], check=True)
                path = stripped
            with open(path, "rb") as f:
                files.append((f"tritondialect/{name}", f.read()))
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--out", default=os.path.join(ROOT, "dist"))
    parser.add_argument("--max-mib", type=float, default=60)
    args = parser.parse_args()
    package_dir = os.path.join(args.build, "python", "tritondialect")
    if not os.path.exists(os.path.join(package_dir, "libtritondialect.so")):
        sys.exit(f"make-wheel: {package_dir}/libtritondialect.so is missing: build first (make build)")
    version = project_version()
    dist_info = f"tritondialect-{version}.dist-info"
    files = package_files(package_dir)
    files.append(("tritondialect.pth", PTH.encode()))
    files.append((f"{dist_info}/METADATA", (
        "Metadata-Version: 2.1\n"
        "Name: tritondialect\n"
        f"Version: {version}\n"
        "Summary: TritonDialect as upstream Triton's compiler (in-process TTIR to PTX)\n"
        "Requires-Python: >=3.8\n").encode()))
    files.append((f"{dist_info}/WHEEL", (
        "Wheel-Version: 1.0\n"
        "Generator: tritondialect make-wheel.py\n"
        "Root-Is-Purelib: false\n"
        f"Tag: {TAG}\n").encode()))
    files.append((f"{dist_info}/top_level.txt", b"tritondialect\n"))
    record = [record_line(name, data) for name, data in files]
    record.append(f"{dist_info}/RECORD,,")
    files.append((f"{dist_info}/RECORD", ("\n".join(record) + "\n").encode()))

    os.makedirs(args.out, exist_ok=True)
    wheel = os.path.join(args.out, f"tritondialect-{version}-{TAG}.whl")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
        for name, data in files:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data, compresslevel=9)
    size = os.path.getsize(wheel) / (1 << 20)
    print(f"make-wheel: {wheel} ({size:.1f} MiB, {len(files)} files)")
    if size > args.max_mib:
        sys.exit(f"make-wheel: {size:.1f} MiB is over the {args.max_mib} MiB limit")


if __name__ == "__main__":
    main()
