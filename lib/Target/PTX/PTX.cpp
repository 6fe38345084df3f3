//===- PTX.cpp - LLVM-dialect modules to PTX ------------------------------===//

#include "TritonDialect/Target/PTX/PTX.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"

#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Linker/Linker.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/PassInfo.h"
#include "llvm/PassRegistry.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"
#include <functional>
#include <mutex>

using namespace mlir;

namespace {
constexpr const char *kTriple = "nvptx64-nvidia-cuda";

/// Shared memory a multiprocessor of `chip` holds for resident blocks
/// (bytes; 0 when unknown).
uint64_t sharedMemoryPerSM(StringRef chip) {
  unsigned cc = 0;
  if (!chip.consume_front("sm_") ||
      chip.take_while([](char c) { return llvm::isDigit(c); })
          .getAsInteger(10, cc))
    return 0;
  return triton::gpu::getSharedMemoryPerSM(cc);
}

/// Sets a boolean LLVM option unless the command line already did.
void setDefaultFlag(StringRef name) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  if (it == options.end())
    return;
  auto *flag = static_cast<llvm::cl::opt<bool> *>(it->second);
  if (flag->getNumOccurrences() == 0)
    flag->setValue(true);
}

/// Backend settings the NVPTX backend only takes as LLVM options:
///  - `nvptx-short-ptr`: shared (and local, const) pointers as 32-bit
///    values. Shared memory is far below 4 GiB; 64-bit shared addresses
///    cost a 64-bit add per address and conversions at every 32-bit use
///    (wgmma descriptors, cp.async, ldmatrix) in the hot loops.
///  - `disable-lsr`: no loop strength reduction. Our loops address memory
///    as loop-invariant pointers plus a carried offset (the pipeliner's
///    form); LSR turns that back into one carried pointer per address,
///    which ptxas compiles to register moves and wide multiply-adds issued
///    between the wgmmas (perf matmul 128x256x64: 0.92x -> 1.00x of
///    upstream, docs/gpu-runs/README.md).
void setBackendDefaults() {
  setDefaultFlag("nvptx-short-ptr");
  setDefaultFlag("disable-lsr");
}

/// Whether the module uses instructions only sm_90a has (wgmma,
/// setmaxnreg): NVVM ops, or the inline PTX they and the lowering emit.
bool needsArchSpecific(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (name.starts_with("nvvm.wgmma") || name == "nvvm.setmaxregister")
      found = true;
    else if (auto inlineAsm = dyn_cast<LLVM::InlineAsmOp>(op))
      found |= inlineAsm.getAsmString().contains("wgmma") ||
               inlineAsm.getAsmString().contains("setmaxnreg");
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// The PTX ISA version the module's inline PTX needs beyond the chip's
/// minimum, and the instruction that needs it: fp8 mma.sync (m16n8k32
/// .e4m3/.e5m2, sm_89 on) is PTX 8.4, tensor maps written on the device
/// (`tensormap.replace`, `fence.proxy.tensormap`) 8.3.
std::pair<unsigned, StringRef> ptxNeededByInstructions(ModuleOp module) {
  std::pair<unsigned, StringRef> needed{0, ""};
  module.walk([&](LLVM::InlineAsmOp inlineAsm) {
    StringRef text = inlineAsm.getAsmString();
    if (text.contains("mma.sync") &&
        (text.contains(".e4m3") || text.contains(".e5m2")) && needed.first < 84)
      needed = {84, "fp8 mma.sync"};
    if ((text.contains("tensormap.replace") ||
         text.contains("fence.proxy.tensormap")) &&
        needed.first < 83)
      needed = {83, "device-made tensor maps"};
  });
  return needed;
}

/// sm_NN from the module's `ttg.target = "cuda:NN"`, else sm_90; sm_90 is
/// sm_90a, as upstream compiles for capability 9.0: the driver's JIT then
/// compiles for the H100/H200 itself, not for any later chip (measured on
/// an H100: dropout_philox 0.971x -> 0.980x of upstream, paired, the other
/// kernels unchanged), and wgmma and setmaxnreg need it anyway. `--chip
/// sm_90` asks for the portable form (an error for modules that use
/// sm_90a-only instructions).
std::string chipFor(ModuleOp module, const triton::PTXOptions &options) {
  if (!options.chip.empty())
    return options.chip;
  std::string chip = "sm_90";
  if (auto target = module->getAttrOfType<StringAttr>("ttg.target")) {
    StringRef t = target.getValue();
    if (t.consume_front("cuda:") && !t.empty())
      chip = ("sm_" + t).str();
  }
  if (chip == "sm_90")
    chip = "sm_90a";
  return chip;
}

/// The oldest PTX ISA version (major * 10 + minor) LLVM's NVPTX backend
/// accepts for `chip`: the `.version` it prints for an empty module when no
/// version is asked for. 0 when it cannot tell.
unsigned llvmMinimumPTXUncached(const llvm::Target &target,
                                const llvm::Triple &triple, StringRef chip) {
  std::unique_ptr<llvm::TargetMachine> machine(target.createTargetMachine(
      triple, chip, "", llvm::TargetOptions(), std::nullopt));
  if (!machine)
    return 0;
  llvm::LLVMContext context;
  llvm::Module empty("ptx-version", context);
  empty.setTargetTriple(triple);
  empty.setDataLayout(machine->createDataLayout());
  llvm::SmallString<256> text;
  llvm::raw_svector_ostream os(text);
  llvm::legacy::PassManager codegen;
  if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                   llvm::CodeGenFileType::AssemblyFile))
    return 0;
  codegen.run(empty);
  StringRef rest = text.str();
  size_t at = rest.find(".version ");
  if (at == StringRef::npos)
    return 0;
  rest = rest.drop_front(at + 9);
  unsigned major = 0, minor = 0;
  if (rest.consumeInteger(10, major) || !rest.consume_front(".") ||
      rest.consumeInteger(10, minor))
    return 0;
  return major * 10 + minor;
}

/// llvmMinimumPTXUncached, asked once per chip in a process (it runs the
/// backend on an empty module).
unsigned llvmMinimumPTX(const llvm::Target &target, const llvm::Triple &triple,
                        StringRef chip) {
  static std::mutex mutex;
  static llvm::StringMap<unsigned> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = known.find(chip);
  if (it != known.end())
    return it->second;
  unsigned version = llvmMinimumPTXUncached(target, triple, chip);
  known[chip] = version;
  return version;
}

/// The PTX ISA version for `chip`: `requested` when given, else the oldest
/// LLVM accepts for it but at least 8.0 (one default for sm_80 to sm_90a),
/// or what the module's inline PTX needs.
/// Fails, with a located error, for a chip LLVM's NVPTX backend does not
/// know or a requested version older than the chip needs.
std::optional<unsigned> ptxVersionFor(ModuleOp module,
                                      const llvm::Target &target,
                                      const llvm::Triple &triple,
                                      StringRef chip, unsigned requested) {
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      target.createMCSubtargetInfo(triple, "", ""));
  if (!info || !info->isCPUStringValid(chip)) {
    InFlightDiagnostic diag =
        emitError(module.getLoc(), "unknown NVIDIA target '") << chip << "'";
    if (info) {
      SmallVector<StringRef> known;
      for (const llvm::SubtargetSubTypeKV &kv :
           info->getAllProcessorDescriptions())
        known.push_back(kv.Key);
      diag << " (LLVM's NVPTX backend knows " << llvm::join(known, ", ") << ")";
    }
    return std::nullopt;
  }
  unsigned needed = llvmMinimumPTX(target, triple, chip);
  auto [byInstructions, instruction] = ptxNeededByInstructions(module);
  if (!requested)
    return std::max({80u, needed, byInstructions});
  if (requested < needed) {
    emitError(module.getLoc(), "PTX ISA ")
        << requested / 10 << "." << requested % 10 << " is older than " << chip
        << " needs (" << needed / 10 << "." << needed % 10 << ")";
    return std::nullopt;
  }
  if (requested < byInstructions) {
    emitError(module.getLoc(), "PTX ISA ")
        << requested / 10 << "." << requested % 10
        << " is older than the module's " << instruction << " need ("
        << byInstructions / 10 << "." << byInstructions % 10 << ")";
    return std::nullopt;
  }
  return requested;
}

/// While alive, LLVM's diagnostics (instruction selection finding no
/// libcall, ...) become errors on `module`, and LLVM's fatal errors a
/// located error followed by exit(1) instead of an abort with a stack
/// dump: a fatal error cannot be returned from.
class LLVMDiagnostics {
public:
  LLVMDiagnostics(ModuleOp module, llvm::LLVMContext &context)
      : module(module) {
    context.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *info, void *self) {
          auto *d = static_cast<LLVMDiagnostics *>(self);
          if (info->getSeverity() != llvm::DS_Error)
            return;
          std::string message;
          llvm::raw_string_ostream os(message);
          llvm::DiagnosticPrinterRawOStream printer(os);
          info->print(printer);
          emitError(d->module.getLoc(), "LLVM: ") << message;
          d->failed = true;
        },
        this);
    llvm::install_fatal_error_handler(
        [](void *data, const char *reason, bool) {
          emitError(static_cast<LLVMDiagnostics *>(data)->module.getLoc(),
                    "LLVM (fatal): ")
              << reason;
          std::exit(1);
        },
        this);
  }
  ~LLVMDiagnostics() { llvm::remove_fatal_error_handler(); }
  bool failed = false;

private:
  ModuleOp module;
};

std::optional<std::string> findLibdevice(const triton::PTXOptions &options) {
  SmallVector<std::string> candidates;
  if (!options.libdevicePath.empty())
    candidates.push_back(options.libdevicePath);
  if (auto home = llvm::sys::Process::GetEnv("CUDA_HOME"))
    candidates.push_back(*home + "/nvvm/libdevice/libdevice.10.bc");
  candidates.push_back("/usr/local/cuda/nvvm/libdevice/libdevice.10.bc");
  for (const std::string &path : candidates)
    if (llvm::sys::fs::exists(path))
      return path;
  return std::nullopt;
}

/// Links libdevice when the module declares `__nv_*` functions: only the
/// functions used, internalized, with the flags libdevice reads.
LogicalResult linkLibdevice(ModuleOp module, llvm::Module &llvmModule,
                            const triton::PTXOptions &options) {
  bool uses = llvm::any_of(llvmModule.functions(), [](llvm::Function &f) {
    return f.isDeclaration() && f.getName().starts_with("__nv_");
  });
  if (!uses)
    return success();
  std::optional<std::string> path = findLibdevice(options);
  if (!path)
    return emitError(
        module.getLoc(),
        "the kernel calls libdevice (__nv_* functions) but libdevice.10.bc "
        "was not found: set CUDA_HOME or install the CUDA toolkit under "
        "/usr/local/cuda");
  auto buffer = llvm::MemoryBuffer::getFile(*path);
  if (!buffer)
    return emitError(module.getLoc(), "cannot read ") << *path;
  auto libdevice = llvm::parseBitcodeFile(buffer->get()->getMemBufferRef(),
                                          llvmModule.getContext());
  if (!libdevice) {
    std::string message = llvm::toString(libdevice.takeError());
    return emitError(module.getLoc(), "cannot parse ")
           << *path << ": " << message;
  }
  (*libdevice)->setTargetTriple(llvmModule.getTargetTriple());
  (*libdevice)->setDataLayout(llvmModule.getDataLayout());
  if (llvm::Linker::linkModules(llvmModule, std::move(*libdevice),
                                llvm::Linker::LinkOnlyNeeded))
    return emitError(module.getLoc(), "linking ") << *path << " failed";
  for (llvm::Function &f : llvmModule.functions())
    if (!f.isDeclaration() && f.getName().starts_with("__nv_"))
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
  // libdevice's __nvvm_reflect("__CUDA_FTZ"): its functions flush
  // denormals, as upstream Triton links it (its PTX for the corpus's
  // mathfns uses the .ftz forms throughout); the slow denormal paths of
  // sinf/logf/erff otherwise cost 7 % of that kernel.
  llvmModule.addModuleFlag(llvm::Module::Override, "nvvm-reflect-ftz",
                           uint32_t(1));
  return success();
}

void optimize(llvm::Module &llvmModule, llvm::TargetMachine &machine,
              unsigned optLevel) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  llvm::PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopVectorization = false; // PTX vectors come from the layouts
  tuning.SLPVectorization = false;
  llvm::PassBuilder builder(&machine, tuning);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::OptimizationLevel level = optLevel >= 3   ? llvm::OptimizationLevel::O3
                                  : optLevel == 2 ? llvm::OptimizationLevel::O2
                                  : optLevel == 1 ? llvm::OptimizationLevel::O1
                                                  : llvm::OptimizationLevel::O0;
  llvm::ModulePassManager passes =
      level == llvm::OptimizationLevel::O0
          ? builder.buildO0DefaultPipeline(level)
          : builder.buildPerModuleDefaultPipeline(level);
  passes.run(llvmModule, mam);
}
} // namespace

namespace {
/// The NVPTX target's codegen pipeline, without the passes `skip` names
/// (by pass argument): TargetPassConfig adds the target's IR passes through
/// this `add`, which no option of the target can leave out one by one.
class CodegenPassManager : public llvm::legacy::PassManager {
public:
  explicit CodegenPassManager(ArrayRef<StringRef> skip) : skip(skip) {}
  void add(llvm::Pass *pass) override {
    const llvm::PassInfo *info =
        llvm::PassRegistry::getPassRegistry()->getPassInfo(pass->getPassID());
    if (info && llvm::is_contained(skip, info->getPassArgument())) {
      delete pass;
      return;
    }
    llvm::legacy::PassManager::add(pass);
  }

private:
  ArrayRef<StringRef> skip;
};
} // namespace

std::string triton::KernelMetadata::toJSON() const {
  std::string json;
  llvm::raw_string_ostream os(json);
  os << "{\"entry\": \"";
  for (char c : entry) {
    if (c == '"' || c == '\\')
      os << '\\';
    os << c;
  }
  os << "\", \"num_warps\": " << numWarps
     << ", \"shared_bytes\": " << sharedBytes;
  if (clusterDims[0] * clusterDims[1] * clusterDims[2] > 1)
    os << ", \"cluster_dims\": [" << clusterDims[0] << ", " << clusterDims[1]
       << ", " << clusterDims[2] << "]";
  if (globalScratchSize)
    os << ", \"global_scratch_size\": " << globalScratchSize
       << ", \"global_scratch_align\": " << globalScratchAlign;
  if (!tensorMaps.empty()) {
    os << ", \"tensordesc_meta\": [";
    for (auto [i, map] : llvm::enumerate(tensorMaps)) {
      os << (i ? ", " : "") << "{\"swizzle\": " << map.swizzle
         << ", \"elem_size\": " << map.elemSize
         << ", \"elem_type\": " << map.elemType << ", \"block_size\": [";
      llvm::interleaveComma(map.blockSize, os);
      os << "], \"fp4_padded\": false}";
    }
    os << "]";
  }
  os << "}\n";
  return json;
}

void triton::registerPTXTranslations(DialectRegistry &registry) {
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
}

std::optional<triton::KernelMetadata>
triton::getKernelMetadata(ModuleOp module) {
  KernelMetadata meta;
  SmallVector<LLVM::LLVMFuncOp> kernels;
  module.walk([&](LLVM::LLVMFuncOp f) {
    if (f->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      kernels.push_back(f);
  });
  if (kernels.size() != 1) {
    emitError(module.getLoc(),
              "expected exactly one kernel (an llvm.func with ")
        << NVVM::NVVMDialect::getKernelFuncAttrName() << "), found "
        << kernels.size();
    return std::nullopt;
  }
  meta.entry = kernels.front().getSymName().str();
  if (auto maps =
          kernels.front()->getAttrOfType<ArrayAttr>("ttg.tensordesc_meta")) {
    for (Attribute a : maps) {
      auto dict = cast<DictionaryAttr>(a);
      KernelMetadata::TensorMap map;
      map.swizzle = dict.getAs<IntegerAttr>("swizzle").getInt();
      map.elemSize = dict.getAs<IntegerAttr>("elem_size").getInt();
      map.elemType = dict.getAs<IntegerAttr>("elem_type").getInt();
      llvm::append_range(
          map.blockSize,
          dict.getAs<DenseI64ArrayAttr>("block_size").asArrayRef());
      meta.tensorMaps.push_back(std::move(map));
    }
  }
  if (auto warps = module->getAttrOfType<IntegerAttr>("ttg.num-warps"))
    meta.numWarps = warps.getInt();
  // Warp specialization's partitions run on warps of their own.
  if (auto warps = module->getAttrOfType<IntegerAttr>("ttg.total-num-warps"))
    meta.numWarps = warps.getInt();
  if (auto shared = module->getAttrOfType<IntegerAttr>("ttg.shared"))
    meta.sharedBytes = shared.getInt();
  if (auto scratch =
          module->getAttrOfType<IntegerAttr>("ttg.global_scratch_memory_size"))
    meta.globalScratchSize = scratch.getInt();
  if (auto align = module->getAttrOfType<IntegerAttr>(
          "ttg.global_scratch_memory_alignment"))
    meta.globalScratchAlign = align.getInt();
  const char *clusterNames[] = {"ttg.cluster-dim-x", "ttg.cluster-dim-y",
                                "ttg.cluster-dim-z"};
  for (auto [i, name] : llvm::enumerate(clusterNames))
    if (auto dim = module->getAttrOfType<IntegerAttr>(name))
      meta.clusterDims[i] = dim.getInt();
  // At most N blocks per multiprocessor: ask for enough shared memory that
  // N + 1 do not fit next to each other (the driver keeps 1 KiB per block).
  if (auto blocks = module->getAttrOfType<IntegerAttr>("ttg.max-ctas-per-sm")) {
    uint64_t perSM = sharedMemoryPerSM(chipFor(module, PTXOptions()));
    uint64_t n = blocks.getInt();
    if (perSM && n > 0) {
      uint64_t reserved = triton::gpu::kSharedMemoryReservedPerBlock;
      uint64_t bytes = llvm::alignTo(perSM / (n + 1) - reserved + 1, 128);
      if (perSM / (bytes + reserved) >= 1)
        meta.sharedBytes = std::max<uint64_t>(meta.sharedBytes, bytes);
    }
  }
  return meta;
}

LogicalResult triton::addLineInfo(ModuleOp module) {
  // Line tables name one line per instruction: a call-site location (an
  // op inlined from a helper) becomes the innermost file location it
  // holds, which MLIR's scope pass then handles as a plain location.
  std::function<std::optional<FileLineColLoc>(Location)> fileOf =
      [&](Location loc) -> std::optional<FileLineColLoc> {
    if (auto file = dyn_cast<FileLineColLoc>(loc))
      return file;
    if (auto name = dyn_cast<NameLoc>(loc))
      return fileOf(name.getChildLoc());
    if (auto site = dyn_cast<CallSiteLoc>(loc)) {
      if (auto callee = fileOf(site.getCallee()))
        return callee;
      return fileOf(site.getCaller());
    }
    if (auto fused = dyn_cast<FusedLoc>(loc))
      for (Location part : fused.getLocations())
        if (auto file = fileOf(part))
          return file;
    return std::nullopt;
  };
  module.walk([&](Operation *op) {
    Location loc = op->getLoc();
    if (isa<FileLineColLoc, UnknownLoc>(loc))
      return;
    std::optional<FileLineColLoc> file = fileOf(loc);
    op->setLoc(file ? Location(*file) : UnknownLoc::get(op->getContext()));
  });
  PassManager pm(module.getContext());
  // Directives only: `.file`/`.loc` without DWARF sections, so the PTX
  // target carries no `debug` flag (which would make ptxas keep code
  // debuggable instead of optimizing it).
  LLVM::DIScopeForLLVMFuncOpPassOptions di;
  di.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
  pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(di));
  return pm.run(module);
}

namespace {
/// Fails, at the first op the LLVM IR translation cannot take, unless every
/// op is in the builtin, LLVM or NVVM dialect: TTIR or TTGIR handed to the
/// PTX step by mistake gets a diagnostic that says what to do.
LogicalResult checkLowered(ModuleOp module) {
  Operation *unlowered = nullptr;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect == "builtin" || dialect == "llvm" || dialect == "nvvm")
      return WalkResult::advance();
    unlowered = op;
    return WalkResult::interrupt();
  });
  if (!unlowered)
    return success();
  // Layouts assigned (ttg.* module attributes, ttg/ttng ops): TTGIR.
  StringRef dialect = unlowered->getName().getDialectNamespace();
  bool layouts = dialect == "ttg" || dialect == "ttng" ||
                 llvm::any_of(module->getAttrs(), [](NamedAttribute attr) {
                   return attr.getName().strref().starts_with("ttg.");
                 });
  StringRef level = layouts ? "TTGIR" : dialect == "tt" ? "TTIR" : "";
  InFlightDiagnostic diag = emitError(unlowered->getLoc(), "'")
                            << unlowered->getName()
                            << "' is not in the LLVM or NVVM dialect";
  if (!level.empty())
    diag << " (the input is " << level << ")";
  diag << ": PTX is made from the Triton pipeline's output; run the pipeline "
          "first (triton-opt --triton-nvidia-pipeline, or triton-translate "
          "--ttir-to-ptx for TTIR)";
  return diag;
}
/// `.maxnreg` on the module's kernels (NVVM's `nvvm.maxnreg`), as upstream
/// does for `maxnreg`; 0 leaves the kernels as they are.
LogicalResult setMaxNumRegisters(ModuleOp module, unsigned maxNumRegisters) {
  if (maxNumRegisters == 0)
    return success();
  if (maxNumRegisters < 24 || maxNumRegisters > 255)
    return emitError(module.getLoc(), "maxnreg ")
           << maxNumRegisters
           << " is out of range: PTX allows 24 to 255 registers per thread";
  Builder b(module.getContext());
  module.walk([&](LLVM::LLVMFuncOp f) {
    if (f->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      f->setAttr(NVVM::NVVMDialect::getMaxnregAttrName(),
                 b.getI32IntegerAttr(maxNumRegisters));
  });
  return success();
}
} // namespace

std::optional<std::string> triton::translateToPTX(ModuleOp module,
                                                  const PTXOptions &options,
                                                  std::string *llvmIR) {
  LLVMInitializeNVPTXTarget();
  LLVMInitializeNVPTXTargetInfo();
  LLVMInitializeNVPTXTargetMC();
  LLVMInitializeNVPTXAsmPrinter();
  setBackendDefaults();

  if (failed(checkLowered(module)))
    return std::nullopt;
  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    emitError(module.getLoc(), "NVPTX target unavailable: ") << error;
    return std::nullopt;
  }
  if (auto attr = module->getAttrOfType<StringAttr>("ttg.target");
      attr && options.chip.empty() && !attr.getValue().starts_with("cuda:")) {
    emitError(module.getLoc(), "ttg.target '")
        << attr.getValue()
        << "' is not an NVIDIA target: PTX is made for 'cuda:<capability>'";
    return std::nullopt;
  }
  std::string chip = chipFor(module, options);
  if (chip == "sm_90" && needsArchSpecific(module)) {
    emitError(module.getLoc(),
              "the module uses wgmma or setmaxnreg, which sm_90 does not "
              "have: compile for sm_90a");
    return std::nullopt;
  }
  std::optional<unsigned> ptx =
      ptxVersionFor(module, *target, triple, chip, options.ptxVersion);
  if (!ptx)
    return std::nullopt;
  std::string features = "+ptx" + std::to_string(*ptx);

  if (options.lineInfo && failed(addLineInfo(module)))
    return std::nullopt;
  if (failed(setMaxNumRegisters(module, options.maxNumRegisters)))
    return std::nullopt;
  llvm::LLVMContext llvmContext;
  LLVMDiagnostics diagnostics(module, llvmContext);
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext);
  if (!llvmModule) {
    emitError(module.getLoc(), "translation to LLVM IR failed");
    return std::nullopt;
  }
  llvm::TargetOptions targetOptions;
  targetOptions.AllowFPOpFusion =
      options.fpFusion ? llvm::FPOpFusion::Fast : llvm::FPOpFusion::Standard;
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, chip, features, targetOptions, llvm::Reloc::PIC_, std::nullopt,
      options.optLevel >= 3 ? llvm::CodeGenOptLevel::Aggressive
                            : llvm::CodeGenOptLevel::Default));
  if (!machine) {
    emitError(module.getLoc(), "cannot create an NVPTX target machine for ")
        << chip;
    return std::nullopt;
  }
  llvmModule->setTargetTriple(triple);
  llvmModule->setDataLayout(machine->createDataLayout());

  if (failed(linkLibdevice(module, *llvmModule, options)))
    return std::nullopt;
  {
    std::string message;
    llvm::raw_string_ostream os(message);
    if (llvm::verifyModule(*llvmModule, &os)) {
      emitError(module.getLoc(), "invalid LLVM IR: ") << message;
      return std::nullopt;
    }
  }
  optimize(*llvmModule, *machine, options.optLevel);
  if (llvmIR) {
    llvmIR->clear();
    llvm::raw_string_ostream os(*llvmIR);
    llvmModule->print(os, nullptr);
  }

  llvm::SmallString<0> ptxText;
  {
    llvm::raw_svector_ostream os(ptxText);
    SmallVector<StringRef> skip;
    if (!options.straightLineStrengthReduction)
      skip.push_back("slsr");
    CodegenPassManager codegen(skip);
    if (machine->addPassesToEmitFile(codegen, os, nullptr,
                                     llvm::CodeGenFileType::AssemblyFile)) {
      emitError(module.getLoc(), "the NVPTX backend cannot emit PTX for ")
          << chip;
      return std::nullopt;
    }
    codegen.run(*llvmModule);
  }
  if (diagnostics.failed)
    return std::nullopt;
  return std::string(ptxText);
}
