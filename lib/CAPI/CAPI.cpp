//===- CAPI.cpp - TTIR to PTX through a C interface ----------------------===//
//
// tdCompileTTIR: compileTTIR (Compiler.h) behind a C ABI, in a per-thread
// MLIR context, with the diagnostics kept in the result instead of printed.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/CAPI.h"
#include "TritonDialect/Compiler.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

#include <memory>
#include <string>

#ifndef TRITONDIALECT_VERSION
#define TRITONDIALECT_VERSION "0.0.0"
#endif

using namespace mlir;

struct tdResult {
  bool succeeded = false;
  std::string ptx, ttgir, llir, metadata, diagnostics;
};

namespace {
/// This thread's compile context and the pass managers built in it.
/// Uniqued types, attributes and locations accumulate in a context, so a
/// fresh one is made every `kReuse` compiles.
struct ThreadCompiler {
  std::unique_ptr<MLIRContext> context;
  std::unique_ptr<triton::PipelineCache> pipelines;
};

ThreadCompiler &threadCompiler() {
  constexpr unsigned kReuse = 256;
  thread_local ThreadCompiler compiler;
  thread_local unsigned uses = 0;
  if (!compiler.context || ++uses > kReuse) {
    compiler.pipelines.reset();
    DialectRegistry registry;
    triton::registerTritonCompiler(registry);
    compiler.context = std::make_unique<MLIRContext>(
        registry, MLIRContext::Threading::DISABLED);
    compiler.context->loadAllAvailableDialects();
    compiler.pipelines =
        std::make_unique<triton::PipelineCache>(*compiler.context);
    uses = 1;
  }
  return compiler;
}

bool parseFlag(StringRef value, bool &out) {
  if (value == "1" || value == "true" || value == "True") {
    out = true;
    return true;
  }
  if (value == "0" || value == "false" || value == "False") {
    out = false;
    return true;
  }
  return false;
}

/// `key=value` lines into `options`; an error message for the first bad
/// line, else "".
std::string parseOptions(StringRef text, triton::CompileOptions &options,
                         std::string &sourceName) {
  SmallVector<StringRef> lines;
  text.split(lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef line : lines) {
    line = line.trim();
    if (line.empty())
      continue;
    auto [key, value] = line.split('=');
    key = key.trim();
    value = value.trim();
    auto bad = [&](StringRef what) {
      return ("option '" + key + "': '" + value + "' is not " + what).str();
    };
    int number = 0;
    auto integer = [&](int lo, int hi) {
      return !value.getAsInteger(10, number) && number >= lo && number <= hi;
    };
    if (key == "target") {
      if (!value.starts_with("cuda:"))
        return bad("a target of the form cuda:<capability>");
      options.target = value.str();
    } else if (key == "num_warps") {
      if (!integer(1, 32) || !llvm::isPowerOf2_32(number))
        return bad("a power of 2 from 1 to 32");
      options.numWarps = number;
    } else if (key == "num_stages") {
      if (!integer(0, 16))
        return bad("a stage count from 0 to 16");
      options.numStages = number;
    } else if (key == "num_ctas") {
      if (!integer(1, 16))
        return bad("a CTA count from 1 to 16");
      options.numCTAs = number;
    } else if (key == "maxnreg") {
      if (!integer(0, 255))
        return bad("a register count from 0 to 255");
      options.ptx.maxNumRegisters = number;
    } else if (key == "grid_x_multiple") {
      if (!integer(1, 1 << 30))
        return bad("a positive integer");
      options.gridXMultiple = number;
    } else if (key == "enable_fp_fusion") {
      if (!parseFlag(value, options.ptx.fpFusion))
        return bad("a flag (0 or 1)");
    } else if (key == "disable_mma_v3") {
      if (!parseFlag(value, options.disableMMAv3))
        return bad("a flag (0 or 1)");
    } else if (key == "tma_multicast") {
      if (!parseFlag(value, options.tmaMulticast))
        return bad("a flag (0 or 1)");
    } else if (key == "automatic_warp_specialization") {
      if (!parseFlag(value, options.automaticWarpSpecialization))
        return bad("a flag (0 or 1)");
    } else if (key == "keep_ir") {
      if (!parseFlag(value, options.keepIntermediateIR))
        return bad("a flag (0 or 1)");
    } else if (key == "verify_each") {
      if (!parseFlag(value, options.verifyEachPass))
        return bad("a flag (0 or 1)");
    } else if (key == "line_info") {
      if (!parseFlag(value, options.ptx.lineInfo))
        return bad("a flag (0 or 1)");
    } else if (key == "libdevice") {
      options.ptx.libdevicePath = value.str();
    } else if (key == "source_name") {
      sourceName = value.str();
    } else {
      return ("unknown option '" + key + "'").str();
    }
  }
  return "";
}
} // namespace

tdResult *tdCompileTTIR(const char *ttir, size_t size, const char *options) {
  auto result = std::make_unique<tdResult>();
  triton::CompileOptions compileOptions;
  std::string sourceName = "<ttir>";
  std::string error =
      parseOptions(options ? options : "", compileOptions, sourceName);
  if (!error.empty()) {
    result->diagnostics = "error: " + error + "\n";
    return result.release();
  }
  ThreadCompiler &compiler = threadCompiler();
  MLIRContext &context = *compiler.context;
  // Keep the diagnostics in the result: nothing goes to stderr.
  DiagnosticEngine::HandlerID quiet = context.getDiagEngine().registerHandler(
      [](Diagnostic &) { return success(); });
  FailureOr<triton::CompiledKernel> kernel = triton::compileTTIR(
      StringRef(ttir, size), context, compileOptions, &result->diagnostics,
      sourceName, compiler.pipelines.get());
  context.getDiagEngine().eraseHandler(quiet);
  if (succeeded(kernel)) {
    result->succeeded = true;
    result->ptx = std::move(kernel->ptx);
    result->ttgir = std::move(kernel->ttgir);
    result->llir = std::move(kernel->llvmIR);
    result->metadata = kernel->metadata.toJSON();
  } else if (result->diagnostics.empty()) {
    result->diagnostics = sourceName + ": error: compilation failed\n";
  }
  return result.release();
}

int tdResultSucceeded(const tdResult *result) {
  return result && result->succeeded ? 1 : 0;
}

const char *tdResultGet(const tdResult *result, const char *field) {
  if (!result || !field)
    return "";
  const std::string *value = llvm::StringSwitch<const std::string *>(field)
                                 .Case("ptx", &result->ptx)
                                 .Case("ttgir", &result->ttgir)
                                 .Case("llir", &result->llir)
                                 .Case("metadata", &result->metadata)
                                 .Case("diagnostics", &result->diagnostics)
                                 .Default(nullptr);
  return value ? value->c_str() : "";
}

void tdResultFree(tdResult *result) { delete result; }

const char *tdVersion(void) { return TRITONDIALECT_VERSION; }
