//===- TritonC.h - the Triton-C frontend ------------------------*- C++ -*-===//
//
// Triton-C, the C-like kernel language of the Triton papers and tutorials
// (`__global__` kernels, block declarations `float x[16, 8]`, ranges
// `0 ... TM`, slicing with `newaxis`, reductions `x[:, +]`, `@`, the unary
// transposition `^`, the masked dereference `*?(mask) p`), read into TTIR in
// the form upstream's Python frontend emits, so the whole pipeline applies
// unchanged.
//
//   llvm::SourceMgr sources;  // holds the .tc buffer
//   auto module = triton::c::compile(sources, context, {{"TYPE", "float"}});
//
// Errors are ordinary MLIR diagnostics located at file:line:col of the
// source; the result is null after one.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_FRONTEND_TRITONC_TRITONC_H
#define TRITONDIALECT_FRONTEND_TRITONC_TRITONC_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include "llvm/Support/SourceMgr.h"

#include <string>
#include <utility>
#include <vector>

namespace mlir::triton::c {

/// A macro given on the command line, `-DNAME=VALUE` (`-DNAME` is `1`).
using Define = std::pair<std::string, std::string>;

/// Splits `-D` values that are auto-tuning lists (`SIZE=[32, 64, 128]`) into
/// every combination, in the order the lists are given (the last varies
/// fastest). Defines that are not lists appear in every combination.
std::vector<std::vector<Define>> expandTuningLists(const std::vector<Define> &);

/// Preprocesses the main buffer of `sources` with `defines` and returns the
/// expanded token text, one source line per output line (`triton-c -E`).
/// Returns false after a diagnostic.
bool preprocess(llvm::SourceMgr &sources, MLIRContext &context,
                const std::vector<Define> &defines, std::string &out);

/// Reads the main buffer of `sources` as Triton-C with `defines` and returns
/// a TTIR module holding one `tt.func public` per `__global__` kernel, or
/// null after a diagnostic. Loads the dialects it needs into `context`.
OwningOpRef<ModuleOp> compile(llvm::SourceMgr &sources, MLIRContext &context,
                              const std::vector<Define> &defines);

} // namespace mlir::triton::c

#endif // TRITONDIALECT_FRONTEND_TRITONC_TRITONC_H
