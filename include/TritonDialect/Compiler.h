//===- Compiler.h - TTIR to PTX in one call ---------------------*- C++ -*-===//
//
// The API an embedder needs, on top of the dialect, pipeline and PTX
// headers it builds on:
//
//   mlir::DialectRegistry registry;
//   mlir::triton::registerTritonCompiler(registry);
//   mlir::MLIRContext ctx(registry);
//   mlir::triton::CompileOptions options;       // cuda:90, 4 warps, 3 stages
//   std::string diagnostics;
//   auto kernel = mlir::triton::compileTTIR(ttirText, ctx, options,
//                                           &diagnostics);
//   if (failed(kernel)) ... diagnostics says why (file:line:col: error: ...)
//   kernel->ptx, kernel->metadata.toJSON()
//
// No exceptions: failures come back as `failure()` with the diagnostics.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_COMPILER_H
#define TRITONDIALECT_COMPILER_H

#include "TritonDialect/Target/PTX/PTX.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringMap.h"

#include <memory>

#include <string>

namespace mlir::triton {

struct CompileOptions {
  int numWarps = 4;
  int numStages = 3;
  int numCTAs = 1;
  /// `cuda:<compute capability>`, e.g. `cuda:80`, `cuda:90`.
  std::string target = "cuda:90";
  /// mma.sync instead of wgmma on sm_90.
  bool disableMMAv3 = false;
  /// Unmarked attention loops warp-specialized where that measured faster
  /// (tritongpu-automatic-warp-specialization's `automatic`).
  bool automaticWarpSpecialization = true;
  /// The launch grid's x extent is a multiple of this (the launcher's word;
  /// 2 lets tensor-core kernels run in 2-block clusters).
  int gridXMultiple = 1;
  /// Warp-specialized matmul loops over descriptors share TMA copies in
  /// 2-block clusters (multicast) where gridXMultiple is even.
  bool tmaMulticast = false;
  /// Also keep the TTGIR (with locations) and the LLVM IR the PTX is made
  /// from in CompiledKernel::ttgir and ::llvmIR (upstream's `asm["ttgir"]`
  /// and `asm["llir"]`).
  bool keepIntermediateIR = false;
  /// Verify the IR after every pass, not only the input and what each of
  /// the two pipelines makes (about a tenth of a small kernel's compile).
  bool verifyEachPass = false;
  /// How the LLVM-dialect module becomes PTX.
  PTXOptions ptx;
};

struct CompiledKernel {
  std::string ptx;
  KernelMetadata metadata;
  /// Filled when CompileOptions::keepIntermediateIR is set.
  std::string ttgir;
  std::string llvmIR;
};

/// Everything a compile uses: the dialects TTIR and the pipeline use, and
/// the translations to LLVM IR.
void registerTritonCompiler(DialectRegistry &registry);

/// The pass managers of earlier compiles in one context, kept for the next
/// compile with the same options: building and initializing them (the
/// canonicalizer's pattern sets above all) costs about a tenth of a small
/// kernel's compile. Not thread-safe: one per thread, like the context.
class PipelineCache {
public:
  explicit PipelineCache(MLIRContext &context);
  ~PipelineCache();
  PipelineCache(const PipelineCache &) = delete;
  PipelineCache &operator=(const PipelineCache &) = delete;

  struct Pipelines;
  /// The two pipelines (TTIR to TTGIR, TTGIR to the LLVM dialect) for
  /// `options`, built on first use.
  Pipelines &get(const CompileOptions &options);
  MLIRContext &getContext() const { return context; }
  /// How many option sets have pipelines here.
  size_t size() const { return pipelines.size(); }

private:
  MLIRContext &context;
  llvm::StringMap<std::unique_ptr<Pipelines>> pipelines;
};

/// `module` (TTIR, rewritten in place down to the LLVM dialect) to PTX and
/// its launch metadata. The diagnostics of a failure also go to
/// `diagnostics` when given. With `cache` (of the module's context), the
/// pass managers are taken from it.
FailureOr<CompiledKernel> compileModule(ModuleOp module,
                                        const CompileOptions &options,
                                        std::string *diagnostics = nullptr,
                                        PipelineCache *cache = nullptr);

/// TTIR text (`sourceName` names it in diagnostics) to PTX and its launch
/// metadata, in `context` (registered with registerTritonCompiler).
FailureOr<CompiledKernel> compileTTIR(StringRef ttir, MLIRContext &context,
                                      const CompileOptions &options,
                                      std::string *diagnostics = nullptr,
                                      StringRef sourceName = "<ttir>",
                                      PipelineCache *cache = nullptr);

} // namespace mlir::triton

#endif // TRITONDIALECT_COMPILER_H
