//===- Compiler.cpp - TTIR to PTX in one call ----------------------------===//

#include "TritonDialect/Compiler.h"

#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/Pipelines/Pipelines.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::triton;

void triton::registerTritonCompiler(DialectRegistry &registry) {
  registerTritonDialects(registry);
  registerPTXTranslations(registry);
}

namespace {
/// Copies every diagnostic into `out` (`loc: severity: message`) while it
/// lives, and lets the context's other handlers see it too.
class DiagnosticCollector {
public:
  DiagnosticCollector(MLIRContext *ctx, std::string *out) : ctx(ctx) {
    if (!out)
      return;
    id = ctx->getDiagEngine().registerHandler([out](Diagnostic &diag) {
      llvm::raw_string_ostream os(*out);
      if (auto file = dyn_cast<FileLineColLoc>(diag.getLocation()))
        os << file.getFilename().getValue() << ":" << file.getLine() << ":"
           << file.getColumn() << ": ";
      else
        os << diag.getLocation() << ": ";
      switch (diag.getSeverity()) {
      case DiagnosticSeverity::Error:
        os << "error: ";
        break;
      case DiagnosticSeverity::Warning:
        os << "warning: ";
        break;
      case DiagnosticSeverity::Remark:
        os << "remark: ";
        break;
      case DiagnosticSeverity::Note:
        os << "note: ";
        break;
      }
      os << diag << "\n";
      return failure(); // also to the handlers registered before
    });
  }
  ~DiagnosticCollector() {
    if (id)
      ctx->getDiagEngine().eraseHandler(*id);
  }

private:
  MLIRContext *ctx;
  std::optional<DiagnosticEngine::HandlerID> id;
};
} // namespace

namespace {
/// Fails, with a diagnostic that says what to do, unless `module` is TTIR:
/// no layouts assigned yet (no `ttg`/`ttng` ops, no `ttg.*` module
/// attributes) and nothing lowered to the LLVM dialect but the
/// `llvm.intr.assume` of tl.assume.
LogicalResult checkTTIR(ModuleOp module) {
  LogicalResult result = success();
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect == "ttg" || dialect == "ttng") {
      result = emitError(op->getLoc(), "'")
               << op->getName()
               << "' is TTGIR: the Triton pipeline "
                  "starts from TTIR";
    } else if (isa<LLVM::AssumeOp>(op)) {
      // tl.assume: upstream's frontend emits llvm.intr.assume in TTIR
      // (Inductor's matmul templates do), and the pipeline carries it.
    } else if (dialect == "llvm" || dialect == "nvvm") {
      result = emitError(op->getLoc(), "'")
               << op->getName()
               << "' is already in the LLVM dialect: make PTX from it with "
                  "translateToPTX (triton-translate --mlir-to-ptx)";
    }
    return failed(result) ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (failed(result))
    return result;
  for (NamedAttribute attr : module->getAttrs())
    if (attr.getName().strref().starts_with("ttg."))
      return emitError(module.getLoc(),
                       "the input is TTGIR (module attribute '")
             << attr.getName().strref()
             << "'): the Triton pipeline starts from TTIR";
  return success();
}
} // namespace

struct triton::PipelineCache::Pipelines {
  explicit Pipelines(MLIRContext &context)
      : toTTGIR(&context), toLLVM(&context) {}
  PassManager toTTGIR;
  PassManager toLLVM;
};

triton::PipelineCache::PipelineCache(MLIRContext &context) : context(context) {}
triton::PipelineCache::~PipelineCache() = default;

triton::PipelineCache::Pipelines &
triton::PipelineCache::get(const CompileOptions &options) {
  std::string key;
  llvm::raw_string_ostream(key)
      << options.numWarps << "," << options.numStages << "," << options.numCTAs
      << "," << options.target << "," << options.disableMMAv3 << ","
      << options.automaticWarpSpecialization << "," << options.gridXMultiple
      << "," << options.tmaMulticast << "," << options.verifyEachPass << ","
      << options.ptx.fpFusion;
  std::unique_ptr<Pipelines> &entry = pipelines[key];
  if (entry)
    return *entry;
  entry = std::make_unique<Pipelines>(context);
  TritonToTritonGPUPipelineOptions pipeline;
  pipeline.numWarps = options.numWarps;
  pipeline.numStages = options.numStages;
  pipeline.numCTAs = options.numCTAs;
  pipeline.target = options.target;
  pipeline.disableMMAv3 = options.disableMMAv3;
  pipeline.automaticWarpSpecialization = options.automaticWarpSpecialization;
  pipeline.gridXMultiple = options.gridXMultiple;
  pipeline.tmaMulticast = options.tmaMulticast;
  // buildTritonNvidiaPipeline's passes, in two runs so that the TTGIR
  // between them can be kept.
  buildTritonToTritonGPUPipeline(entry->toTTGIR, pipeline);
  buildTritonGPUToLLVMPipeline(entry->toLLVM, options.gridXMultiple,
                               options.ptx.fpFusion);
  entry->toTTGIR.enableVerifier(options.verifyEachPass);
  entry->toLLVM.enableVerifier(options.verifyEachPass);
  return *entry;
}

namespace {
/// Runs `pm` on `module`. What the pipeline made must verify: the pass
/// manager checks it after every pass when `verifyEachPass` is set, else it
/// is checked once here (triton-opt and the lit tests verify every pass).
LogicalResult runPipeline(PassManager &pm, ModuleOp module, StringRef stage,
                          bool verifyEachPass) {
  if (failed(pm.run(module)))
    return failure();
  if (verifyEachPass || succeeded(verify(module)))
    return success();
  return emitError(module.getLoc(), "internal compiler error: the pipeline "
                                    "made invalid ")
         << stage << " (set verify_each=1 to find the pass)";
}
} // namespace

FailureOr<CompiledKernel> triton::compileModule(ModuleOp module,
                                                const CompileOptions &options,
                                                std::string *diagnostics,
                                                PipelineCache *cache) {
  MLIRContext *ctx = module.getContext();
  DiagnosticCollector collect(ctx, diagnostics);
  if (failed(verify(module)) || failed(checkTTIR(module)))
    return failure();
  if (cache && &cache->getContext() != ctx) {
    emitError(module.getLoc(),
              "the pipeline cache belongs to another MLIR context");
    return failure();
  }
  std::optional<PipelineCache> ownCache;
  if (!cache)
    cache = &ownCache.emplace(*ctx);
  PipelineCache::Pipelines &pipelines = cache->get(options);
  if (failed(runPipeline(pipelines.toTTGIR, module, "TTGIR",
                         options.verifyEachPass)))
    return failure();
  CompiledKernel kernel;
  if (options.keepIntermediateIR) {
    llvm::raw_string_ostream os(kernel.ttgir);
    module->print(os, OpPrintingFlags().enableDebugInfo());
  }
  if (failed(runPipeline(pipelines.toLLVM, module, "LLVM-dialect",
                         options.verifyEachPass)))
    return failure();
  std::optional<std::string> ptx =
      translateToPTX(module, options.ptx,
                     options.keepIntermediateIR ? &kernel.llvmIR : nullptr);
  if (!ptx)
    return failure();
  std::optional<KernelMetadata> meta = getKernelMetadata(module);
  if (!meta)
    return failure();
  kernel.ptx = std::move(*ptx);
  kernel.metadata = std::move(*meta);
  return kernel;
}

FailureOr<CompiledKernel>
triton::compileTTIR(StringRef ttir, MLIRContext &context,
                    const CompileOptions &options, std::string *diagnostics,
                    StringRef sourceName, PipelineCache *cache) {
  OwningOpRef<ModuleOp> module;
  {
    DiagnosticCollector collect(&context, diagnostics);
    llvm::SourceMgr sourceMgr;
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(ttir, sourceName), SMLoc());
    // compileModule verifies the module first: not twice.
    module = parseSourceFile<ModuleOp>(
        sourceMgr, ParserConfig(&context, /*verifyAfterParse=*/false));
  }
  if (!module)
    return failure();
  return compileModule(*module, options, diagnostics, cache);
}
