//===- TritonDialectModule.cpp - Python bindings of the compiler ---------===//
//
// `tritondialect._tritondialect`: the C interface of libtritondialect.so
// (CAPI.h) as a Python function that returns a dict. The GIL is released
// while compiling, so threads compile in parallel.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/CAPI.h"

#include <pybind11/pybind11.h>

#include <memory>
#include <string>

namespace py = pybind11;

namespace {
py::dict compile(const std::string &ttir, const std::string &options) {
  std::unique_ptr<tdResult, decltype(&tdResultFree)> result(nullptr,
                                                            tdResultFree);
  {
    py::gil_scoped_release release;
    result.reset(tdCompileTTIR(ttir.data(), ttir.size(), options.c_str()));
  }
  py::dict out;
  out["succeeded"] = py::bool_(tdResultSucceeded(result.get()) != 0);
  for (const char *field : {"ptx", "ttgir", "llir", "metadata", "diagnostics"})
    out[field] = py::str(tdResultGet(result.get(), field));
  return out;
}
} // namespace

PYBIND11_MODULE(_tritondialect, m) {
  m.doc() = "TritonDialect's compiler, in-process (libtritondialect.so)";
  m.def("compile", &compile, py::arg("ttir"), py::arg("options") = "",
        "Compiles TTIR text; `options` is `key=value` lines (CAPI.h). "
        "Returns a dict: succeeded, ptx, ttgir, llir, metadata (JSON), "
        "diagnostics.");
  m.def("version", &tdVersion);
}
