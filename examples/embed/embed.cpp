//===- embed.cpp - Using the installed TritonDialect from another project -===//
//
// Builds `out[i] = x[i] + y[i]` (or, with --matmul, a 64x64x64 matmul tile)
// as TTIR with the ops' C++ builders and compiles it step by step
// (pipeline, then PTX); or, given a TTIR file
// (argv[3]), compiles its text with the one-call API (Compiler.h). Writes
// the PTX (argv[1]) and the launch metadata (argv[2]). Exit 1 with the
// diagnostics on any failure.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Compiler.h"
#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/Pipelines/Pipelines.h"
#include "TritonDialect/Target/PTX/PTX.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <fstream>
#include <sstream>

using namespace mlir;
using namespace mlir::triton;

/// tt.func @add(%x, %y, %out: !tt.ptr<f32>, %n: i32): one block of 1024
/// elements per program, masked by n.
static OwningOpRef<ModuleOp> buildVectorAdd(MLIRContext &ctx) {
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  Type f32 = b.getF32Type(), i32 = b.getI32Type();
  auto ptr = PointerType::get(f32, 1);
  auto fn = FuncOp::create(b, loc, "add",
                           b.getFunctionType({ptr, ptr, ptr, i32}, {}));
  fn.setPublic();
  for (unsigned i = 0; i < 3; ++i)
    fn.setArgAttr(i, "tt.divisibility", b.getI32IntegerAttr(16));
  Block *entry = fn.addEntryBlock();
  b.setInsertionPointToEnd(entry);

  constexpr int64_t block = 1024;
  auto i32s = RankedTensorType::get({block}, i32);
  Value pid = GetProgramIdOp::create(b, loc, 0);
  Value start = arith::MulIOp::create(
      b, loc, pid, arith::ConstantIntOp::create(b, loc, block, 32));
  Value offs =
      arith::AddIOp::create(b, loc, SplatOp::create(b, loc, i32s, start),
                            MakeRangeOp::create(b, loc, i32s, 0, block));
  Value mask =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, offs,
                            SplatOp::create(b, loc, i32s, fn.getArgument(3)));
  auto ptrs = RankedTensorType::get({block}, ptr);
  auto address = [&](unsigned arg) -> Value {
    Value base = SplatOp::create(b, loc, ptrs, fn.getArgument(arg));
    return AddPtrOp::create(b, loc, ptrs, base, offs);
  };
  Value x = LoadOp::create(b, loc, address(0), mask, Value());
  Value y = LoadOp::create(b, loc, address(1), mask, Value());
  Value sum = arith::AddFOp::create(b, loc, x, y);
  StoreOp::create(b, loc, address(2), sum, mask);
  ReturnOp::create(b, loc);
  return module;
}

/// tt.func @matmul(%a, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>): one 64x64x64
/// tile, row-major, C = A B.
static OwningOpRef<ModuleOp> buildMatmul(MLIRContext &ctx) {
  OpBuilder b(&ctx);
  Location loc = b.getUnknownLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
  b.setInsertionPointToEnd(module->getBody());
  Type f16 = b.getF16Type(), f32 = b.getF32Type(), i32 = b.getI32Type();
  auto f16Ptr = PointerType::get(f16, 1), f32Ptr = PointerType::get(f32, 1);
  auto fn = FuncOp::create(b, loc, "matmul",
                           b.getFunctionType({f16Ptr, f16Ptr, f32Ptr}, {}));
  fn.setPublic();
  for (unsigned i = 0; i < 3; ++i)
    fn.setArgAttr(i, "tt.divisibility", b.getI32IntegerAttr(16));
  b.setInsertionPointToEnd(fn.addEntryBlock());

  constexpr int64_t n = 64;
  auto tile = [](Type t) { return RankedTensorType::get({n, n}, t); };
  // Row-major offsets of a 64x64 tile: row * 64 + col.
  Value range =
      MakeRangeOp::create(b, loc, RankedTensorType::get({n}, i32), 0, n);
  Value rows = BroadcastOp::create(b, loc, tile(i32),
                                   ExpandDimsOp::create(b, loc, range, 1));
  Value cols = BroadcastOp::create(b, loc, tile(i32),
                                   ExpandDimsOp::create(b, loc, range, 0));
  Value stride = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(tile(i32), b.getI32IntegerAttr(n)));
  Value offs = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, rows, stride), cols);
  auto address = [&](unsigned arg, Type elem) -> Value {
    auto ptrs = tile(PointerType::get(elem, 1));
    Value base = SplatOp::create(b, loc, ptrs, fn.getArgument(arg));
    return AddPtrOp::create(b, loc, ptrs, base, offs);
  };
  Value a = LoadOp::create(b, loc, address(0, f16), Value(), Value());
  Value bv = LoadOp::create(b, loc, address(1, f16), Value(), Value());
  Value zero = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(tile(f32), b.getF32FloatAttr(0)));
  Value c =
      DotOp::create(b, loc, tile(f32), a, bv, zero, InputPrecision::IEEE, 0);
  StoreOp::create(b, loc, address(2, f32), c, Value());
  ReturnOp::create(b, loc);
  return module;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs()
        << "usage: embed OUT.ptx [OUT.meta.json [IN.ttir | --matmul]]\n";
    return 2;
  }
  DialectRegistry registry;
  registerTritonDialects(registry);
  registerPTXTranslations(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  std::optional<std::string> ptx;
  std::optional<KernelMetadata> meta;
  bool matmul = argc > 3 && StringRef(argv[3]) == "--matmul";
  if (argc > 3 && !matmul) {
    // TTIR text, compiled in one call.
    std::ifstream in(argv[3]);
    std::stringstream text;
    text << in.rdbuf();
    std::string diagnostics;
    FailureOr<CompiledKernel> kernel =
        compileTTIR(text.str(), ctx, CompileOptions(), &diagnostics, argv[3]);
    if (failed(kernel)) {
      llvm::errs() << "embed: compileTTIR failed:\n" << diagnostics;
      return 1;
    }
    ptx = kernel->ptx;
    meta = kernel->metadata;
  } else {
    // Built with the op builders, compiled step by step.
    OwningOpRef<ModuleOp> module =
        matmul ? buildMatmul(ctx) : buildVectorAdd(ctx);
    if (failed(verify(*module)))
      return 1;
    PassManager pm(&ctx);
    TritonToTritonGPUPipelineOptions options;
    options.numWarps = 4;
    options.target = "cuda:90";
    buildTritonNvidiaPipeline(pm, options);
    if (failed(pm.run(*module)))
      return 1;
    ptx = translateToPTX(*module, PTXOptions());
    meta = getKernelMetadata(*module);
  }
  if (!ptx || !meta)
    return 1;
  std::ofstream(argv[1]) << *ptx;
  if (argc > 2)
    std::ofstream(argv[2]) << meta->toJSON() << "\n";
  llvm::outs() << "embed: kernel " << meta->entry << ", " << meta->numWarps
               << " warps, " << ptx->size() << " bytes of PTX\n";
  return 0;
}
