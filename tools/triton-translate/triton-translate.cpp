//===- triton-translate.cpp - LLVM-dialect MLIR to PTX --------------------===//
//
//   triton-opt k.ttir --triton-nvidia-pipeline=... |
//       triton-translate --triton-to-ptx -o k.ptx
//
// reads a module in the LLVM and NVVM dialects and writes PTX, and next to a
// named output `k.ptx` the launch metadata `k.meta.json` the conformance
// harness reads. `--triton-to-llvmir` prints the LLVM IR instead.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/Target/PTX/PTX.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {
enum class Action { PTX, LLVMIR };

llvm::cl::opt<Action> action(
    llvm::cl::desc("What to produce:"),
    llvm::cl::values(
        clEnumValN(Action::PTX, "triton-to-ptx",
                   "PTX through LLVM's NVPTX backend, and <out>.meta.json"),
        clEnumValN(Action::LLVMIR, "triton-to-llvmir",
                   "the LLVM IR the module translates to")),
    llvm::cl::Required);
llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                     llvm::cl::desc("<input .mlir>"),
                                     llvm::cl::init("-"));
llvm::cl::opt<std::string> outputFile("o", llvm::cl::desc("output file"),
                                      llvm::cl::value_desc("file"),
                                      llvm::cl::init("-"));
llvm::cl::opt<std::string>
    chip("chip", llvm::cl::desc("sm_80, sm_90, sm_90a, ... (default: from "
                                "the module's ttg.target, else sm_90)"));
llvm::cl::opt<unsigned> ptxVersion(
    "ptx-version",
    llvm::cl::desc("PTX ISA version, major*10+minor (default: 80, 86 for "
                   "sm_100 and later)"),
    llvm::cl::init(0));
llvm::cl::opt<unsigned> optLevel("O", llvm::cl::desc("LLVM optimization level"),
                                 llvm::cl::Prefix, llvm::cl::init(3));
llvm::cl::opt<std::string>
    libdevice("libdevice",
              llvm::cl::desc("libdevice.10.bc (default: $CUDA_HOME, then "
                             "/usr/local/cuda)"));

llvm::cl::opt<bool> lineInfo(
    "line-info",
    llvm::cl::desc("source lines from the ops' locations (.file/.loc; on by "
                   "default; keep them through a pipe with triton-opt "
                   "--mlir-print-debuginfo)"),
    llvm::cl::init(true));

llvm::cl::opt<bool> fpFusion(
    "enable-fp-fusion",
    llvm::cl::desc("let multiplies and adds contract into fma (upstream's "
                   "enable_fp_fusion; on by default)"),
    llvm::cl::init(true));

/// `k.ptx` -> `k.meta.json`.
std::string metadataPath(StringRef output) {
  SmallString<128> path(output);
  llvm::sys::path::replace_extension(path, ".meta.json");
  return std::string(path);
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "Triton LLVM-dialect modules to PTX\n");

  DialectRegistry registry;
  triton::registerTritonDialects(registry);
  triton::registerPTXTranslations(registry);
  MLIRContext context(registry);
  context.printOpOnDiagnostic(false);
  context.loadAllAvailableDialects();

  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "triton-translate: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sources, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sources, &context);
  if (!module)
    return 1;

  std::string text;
  if (action == Action::LLVMIR) {
    if (lineInfo && failed(triton::addLineInfo(*module)))
      return 1;
    llvm::LLVMContext llvmContext;
    auto llvmModule = translateModuleToLLVMIR(*module, llvmContext);
    if (!llvmModule)
      return 1;
    llvm::raw_string_ostream os(text);
    llvmModule->print(os, nullptr);
  } else {
    triton::PTXOptions options;
    options.chip = chip;
    options.ptxVersion = ptxVersion;
    options.optLevel = optLevel;
    options.libdevicePath = libdevice;
    options.lineInfo = lineInfo;
    options.fpFusion = fpFusion;
    std::optional<triton::KernelMetadata> meta =
        triton::getKernelMetadata(*module);
    if (!meta)
      return 1;
    std::optional<std::string> ptx = triton::translateToPTX(*module, options);
    if (!ptx)
      return 1;
    text = std::move(*ptx);
    if (outputFile != "-") {
      auto metaFile = openOutputFile(metadataPath(outputFile), &error);
      if (!metaFile) {
        llvm::errs() << "triton-translate: " << error << "\n";
        return 1;
      }
      metaFile->os() << meta->toJSON();
      metaFile->keep();
    }
  }

  auto output = openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "triton-translate: " << error << "\n";
    return 1;
  }
  output->os() << text;
  output->keep();
  return 0;
}
