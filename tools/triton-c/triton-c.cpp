//===- triton-c.cpp - Triton-C to TTIR ------------------------------------===//
//
//   triton-c k.tc -DTYPE=float -DSIZE=128 -o k.ttir
//   triton-c k.tc -DTYPE=float -DSIZE=128          (TTIR on standard output)
//   triton-c k.tc -E -DTM=64                        (preprocessed source)
//
// A `-D` value in brackets is an auto-tuning list: `-DSIZE=[32, 64, 128]`
// emits one module per combination of the lists, separated by `// -----`
// (as `--split-input-file` reads them), each preceded by a line
// `// triton-c variant: SIZE=32 ...` naming its values. A driver compiles
// and times each and keeps the fastest (python-frontend-stub's
// `triton_stub.tritonc`).
//
// Errors are printed as file:line:col with the source line; exit code 1.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Frontend/TritonC/TritonC.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"

#include <set>

using namespace mlir;

static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<input .tc file>"),
                                            llvm::cl::init("-"));
static llvm::cl::opt<std::string> outputFile("o", llvm::cl::desc("Output file"),
                                             llvm::cl::value_desc("filename"),
                                             llvm::cl::init("-"));
static llvm::cl::list<std::string>
    defines("D", llvm::cl::Prefix,
            llvm::cl::desc("Define a macro: -DNAME=VALUE, -DNAME (1), or an "
                           "auto-tuning list -DNAME=[v1, v2, ...]"),
            llvm::cl::value_desc("NAME=VALUE"));
static llvm::cl::opt<bool>
    preprocessOnly("E", llvm::cl::desc("Print the preprocessed source"));

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "Triton-C to TTIR (the tt dialect)\n");
  std::string error;
  auto input = openInputFile(inputFile, &error);
  if (!input) {
    llvm::errs() << "triton-c: " << error << "\n";
    return 1;
  }
  auto output = openOutputFile(outputFile, &error);
  if (!output) {
    llvm::errs() << "triton-c: " << error << "\n";
    return 1;
  }
  std::vector<triton::c::Define> parsed;
  for (const std::string &d : defines) {
    size_t eq = d.find('=');
    parsed.push_back(
        eq == std::string::npos
            ? triton::c::Define{d, "1"}
            : triton::c::Define{d.substr(0, eq), d.substr(eq + 1)});
  }
  llvm::SourceMgr sources;
  sources.AddNewSourceBuffer(std::move(input), llvm::SMLoc());
  MLIRContext context;
  SourceMgrDiagnosticHandler handler(sources, &context);

  auto variants = triton::c::expandTuningLists(parsed);
  // The macros given as lists, named in each variant's header line.
  std::set<std::string> tuned;
  for (const triton::c::Define &d : parsed)
    if (llvm::StringRef(d.second).trim().starts_with("["))
      tuned.insert(d.first);
  llvm::raw_ostream &os = output->os();
  for (size_t i = 0; i < variants.size(); ++i) {
    if (variants.size() > 1) {
      if (i)
        os << "// -----\n";
      os << "// triton-c variant:";
      for (const auto &[name, value] : variants[i])
        if (tuned.count(name))
          os << " " << name << "=" << value;
      os << "\n";
    }
    if (preprocessOnly) {
      std::string text;
      if (!triton::c::preprocess(sources, context, variants[i], text))
        return 1;
      os << text;
      continue;
    }
    OwningOpRef<ModuleOp> module =
        triton::c::compile(sources, context, variants[i]);
    if (!module)
      return 1;
    module->print(os, OpPrintingFlags()
                          .enableDebugInfo(true, false)
                          .printNameLocAsPrefix(true));
    os << "\n";
  }
  output->keep();
  return 0;
}
