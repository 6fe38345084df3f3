//===- triton-translate.cpp - MLIR translations to PTX and LLVM IR -------===//
//
// An `mlir-translate`-style driver (MLIR's `mlirTranslateMain`, so
// `--split-input-file`, `--verify-diagnostics` and `-o` work as they do
// there) with these translations:
//
//   --mlir-to-ptx     LLVM/NVVM-dialect module (the pipeline's output) -> PTX
//   --ttir-to-ptx     TTIR -> the Triton pipeline -> PTX, in one command
//   --mlir-to-llvmir  LLVM/NVVM-dialect module -> LLVM IR
//   --triton-to-ptx, --triton-to-llvmir: the earlier names of the first and
//                     the third, which scripts call
//
// Every PTX translation writes the launch metadata the conformance harness
// reads (`k.meta.json` beside `-o k.ptx`, or where `--meta-json` says):
//
//   triton-translate --ttir-to-ptx --num-warps=8 --num-stages=3 k.ttir -o k.ptx
//
// Input at the wrong level (TTIR to --mlir-to-ptx, LLVM dialect to
// --ttir-to-ptx) gets a diagnostic naming the translation to use.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Compiler.h"
#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/Target/PTX/PTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {
llvm::cl::OptionCategory ptxCategory("PTX options");
llvm::cl::OptionCategory pipelineCategory("Triton pipeline options "
                                          "(--ttir-to-ptx)");

llvm::cl::opt<std::string>
    chip("chip",
         llvm::cl::desc("sm_80, sm_90, sm_90a, ... (default: from the "
                        "module's ttg.target, else sm_90)"),
         llvm::cl::cat(ptxCategory));
llvm::cl::opt<unsigned> ptxVersion(
    "ptx-version",
    llvm::cl::desc("PTX ISA version, major*10+minor (default: the oldest the "
                   "chip needs, at least 80)"),
    llvm::cl::init(0), llvm::cl::cat(ptxCategory));
llvm::cl::opt<unsigned> optLevel("O", llvm::cl::desc("LLVM optimization level"),
                                 llvm::cl::Prefix, llvm::cl::init(3),
                                 llvm::cl::cat(ptxCategory));
llvm::cl::opt<std::string>
    libdevice("libdevice",
              llvm::cl::desc("libdevice.10.bc (default: $CUDA_HOME, then "
                             "/usr/local/cuda)"),
              llvm::cl::cat(ptxCategory));
llvm::cl::opt<bool> lineInfo(
    "line-info",
    llvm::cl::desc("source lines from the ops' locations (.file/.loc; on by "
                   "default; keep them through a pipe with triton-opt "
                   "--mlir-print-debuginfo)"),
    llvm::cl::init(true), llvm::cl::cat(ptxCategory));
llvm::cl::opt<bool> fpFusion(
    "enable-fp-fusion",
    llvm::cl::desc("let multiplies and adds contract into fma (upstream's "
                   "enable_fp_fusion; on by default)"),
    llvm::cl::init(true), llvm::cl::cat(ptxCategory));
llvm::cl::opt<bool> slsr(
    "straight-line-strength-reduction",
    llvm::cl::desc("run LLVM's straight-line strength reduction in the NVPTX "
                   "codegen pipeline (off by default: PTXOptions says why)"),
    llvm::cl::init(false), llvm::cl::cat(ptxCategory));
llvm::cl::opt<std::string> metaJSON(
    "meta-json",
    llvm::cl::desc("where the launch metadata goes (default: beside -o, "
                   "k.ptx -> k.meta.json; none when writing to stdout)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(ptxCategory));

llvm::cl::opt<int> numWarps("num-warps", llvm::cl::desc("warps per program"),
                            llvm::cl::init(4), llvm::cl::cat(pipelineCategory));
llvm::cl::opt<int> numStages("num-stages",
                             llvm::cl::desc("software-pipelining depth"),
                             llvm::cl::init(3),
                             llvm::cl::cat(pipelineCategory));
llvm::cl::opt<int> numCTAs("num-ctas", llvm::cl::desc("CTAs per program"),
                           llvm::cl::init(1), llvm::cl::cat(pipelineCategory));
llvm::cl::opt<std::string> target("target",
                                  llvm::cl::desc("cuda:<compute capability>"),
                                  llvm::cl::init("cuda:90"),
                                  llvm::cl::cat(pipelineCategory));
llvm::cl::opt<bool> disableMMAv3(
    "disable-mma-v3",
    llvm::cl::desc("mma.sync instead of wgmma on sm_90 (upstream's "
                   "DISABLE_MMA_V3)"),
    llvm::cl::init(false), llvm::cl::cat(pipelineCategory));
llvm::cl::opt<int> gridXMultiple(
    "grid-x-multiple",
    llvm::cl::desc("the launch grid's x extent is a multiple of this (2 lets "
                   "tensor-core kernels run in 2-block clusters)"),
    llvm::cl::init(1), llvm::cl::cat(pipelineCategory));

llvm::cl::opt<bool> tmaMulticast(
    "tma-multicast",
    llvm::cl::desc("warp-specialized matmul loops over descriptors share TMA "
                   "copies in 2-block clusters where grid-x-multiple is even"),
    llvm::cl::init(false), llvm::cl::cat(pipelineCategory));

triton::PTXOptions ptxOptions() {
  triton::PTXOptions options;
  options.chip = chip;
  options.ptxVersion = ptxVersion;
  options.optLevel = optLevel;
  options.libdevicePath = libdevice;
  options.lineInfo = lineInfo;
  options.fpFusion = fpFusion;
  options.straightLineStrengthReduction = slsr;
  return options;
}

/// `--meta-json`, else `k.meta.json` beside `-o k.ptx` (mlirTranslateMain's
/// own `-o`, looked up among the parsed options); empty for stdout.
std::string metadataPath() {
  if (!metaJSON.empty())
    return metaJSON;
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("o");
  if (it == options.end())
    return "";
  auto *output = static_cast<llvm::cl::opt<std::string> *>(it->second);
  StringRef path = output->getValue();
  if (path.empty() || path == "-")
    return "";
  SmallString<128> meta(path);
  llvm::sys::path::replace_extension(meta, ".meta.json");
  return std::string(meta);
}

LogicalResult writeMetadata(const triton::KernelMetadata &meta) {
  std::string path = metadataPath();
  if (path.empty())
    return success();
  std::string error;
  auto file = openOutputFile(path, &error);
  if (!file) {
    llvm::errs() << "triton-translate: " << error << "\n";
    return failure();
  }
  file->os() << meta.toJSON();
  file->keep();
  return success();
}

LogicalResult lowered(ModuleOp module, raw_ostream &os) {
  std::optional<std::string> ptx = triton::translateToPTX(module, ptxOptions());
  if (!ptx)
    return failure();
  std::optional<triton::KernelMetadata> meta =
      triton::getKernelMetadata(module);
  if (!meta || failed(writeMetadata(*meta)))
    return failure();
  os << *ptx;
  return success();
}

LogicalResult ttir(ModuleOp module, raw_ostream &os) {
  triton::CompileOptions options;
  options.numWarps = numWarps;
  options.numStages = numStages;
  options.numCTAs = numCTAs;
  options.target = target;
  options.disableMMAv3 = disableMMAv3;
  options.gridXMultiple = gridXMultiple;
  options.tmaMulticast = tmaMulticast;
  options.ptx = ptxOptions();
  // A developer's tool: verify after every pass, as triton-opt does.
  options.verifyEachPass = true;
  FailureOr<triton::CompiledKernel> kernel =
      triton::compileModule(module, options);
  if (failed(kernel) || failed(writeMetadata(kernel->metadata)))
    return failure();
  os << kernel->ptx;
  return success();
}

LogicalResult llvmIR(ModuleOp module, raw_ostream &os) {
  if (lineInfo && failed(triton::addLineInfo(module)))
    return failure();
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule)
    return failure();
  llvmModule->print(os, nullptr);
  return success();
}

void registerTranslations() {
  auto dialects = [](DialectRegistry &registry) {
    triton::registerTritonCompiler(registry);
  };
  static TranslateFromMLIRRegistration toPTX(
      "mlir-to-ptx", "LLVM/NVVM-dialect module to PTX (and <out>.meta.json)",
      lowered, dialects);
  static TranslateFromMLIRRegistration tritonToPTX(
      "triton-to-ptx", "the same as --mlir-to-ptx (its earlier name)", lowered,
      dialects);
  static TranslateFromMLIRRegistration ttirToPTX(
      "ttir-to-ptx",
      "TTIR through the Triton pipeline (--num-warps, --num-stages, "
      "--target, ...) to PTX (and <out>.meta.json)",
      ttir, dialects);
  static TranslateFromMLIRRegistration toLLVMIR(
      "mlir-to-llvmir", "LLVM/NVVM-dialect module to LLVM IR", llvmIR,
      dialects);
  static TranslateFromMLIRRegistration tritonToLLVMIR(
      "triton-to-llvmir", "the same as --mlir-to-llvmir (its earlier name)",
      llvmIR, dialects);
}
} // namespace

int main(int argc, char **argv) {
  registerTranslations();
  return failed(
      mlirTranslateMain(argc, argv, "Triton translations to PTX and LLVM IR"));
}
