# -*- Python -*-
# lit configuration of the Triton regression tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "TRITON"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.triton_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs"]

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%conformance", config.conformance_dir))
config.substitutions.append(("%src_root", config.triton_src_root))
config.substitutions.append(("%python", "python3"))
config.substitutions.append(("%triton_tools", config.triton_tools_dir))
# The tritondialect Python package of the build (python/CMakeLists.txt).
config.substitutions.append(("%pypath", os.path.join(config.triton_obj_root, "python")))
config.substitutions.append(("%build_root", config.triton_obj_root))

llvm_config.use_default_substitutions()
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP",
                                     "ASAN_OPTIONS", "UBSAN_OPTIONS"])
# A sanitized build (make test-asan: LLVM_USE_SANITIZER=Address;Undefined).
if "Address" in config.sanitizers:
    config.available_features.add("asan")

tool_dirs = [config.triton_tools_dir, config.llvm_tools_dir]
tools = [ToolSubst("triton-opt", unresolved="fatal"),
         ToolSubst("triton-layout-view", unresolved="fatal"),
         ToolSubst("triton-translate", unresolved="fatal"),
         ToolSubst("triton-c", unresolved="fatal")]
if config.build_unittests:
    config.available_features.add("unittests")
llvm_config.add_tool_substitutions(tools, tool_dirs)
llvm_config.with_environment("PATH", config.triton_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# ptxas (CUDA toolkit): tests that assemble our PTX need it and are reported
# UNSUPPORTED (skipped) without it.
import shutil
_ptxas = shutil.which("ptxas")
for _home in [os.environ.get("CUDA_HOME"), "/usr/local/cuda"]:
    if not _ptxas and _home and os.path.exists(os.path.join(_home, "bin", "ptxas")):
        _ptxas = os.path.join(_home, "bin", "ptxas")
if _ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", _ptxas))
else:
    lit_config.note("ptxas not found (PATH, $CUDA_HOME/bin, /usr/local/cuda/bin): "
                    "PTX assembly tests are skipped")

# libdevice (CUDA toolkit): tests of kernels calling __nv_* functions.
for _home in [os.environ.get("CUDA_HOME"), "/usr/local/cuda"]:
    if _home and os.path.exists(os.path.join(_home, "nvvm", "libdevice", "libdevice.10.bc")):
        config.available_features.add("libdevice")
        break
else:
    lit_config.note("libdevice.10.bc not found ($CUDA_HOME, /usr/local/cuda): "
                    "libdevice tests are skipped")
