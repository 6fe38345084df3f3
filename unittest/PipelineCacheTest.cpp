//===- PipelineCacheTest.cpp - Pass managers kept between compiles --------===//
//
// compileTTIR with a PipelineCache: the same kernel compiles to the same PTX
// with fresh and with kept pass managers, in any order with another kernel;
// one option set builds one entry; a cache of another context is refused
// with a diagnostic.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Compiler.h"

#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::triton;

namespace {
constexpr const char *kAdd = R"(
module {
  tt.func public @add(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                      %y: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                      %n: i32) {
    %pid = tt.get_program_id x : i32
    %c1024 = arith.constant 1024 : i32
    %base = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %b = tt.splat %base : i32 -> tensor<1024xi32>
    %offs = arith.addi %b, %r : tensor<1024xi32>
    %nn = tt.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %nn : tensor<1024xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %v = tt.load %xa, %mask : tensor<1024x!tt.ptr<f32>>
    %w = arith.addf %v, %v : tensor<1024xf32>
    %yp = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ya = tt.addptr %yp, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %ya, %w, %mask : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
)";

constexpr const char *kRowSum = R"(
module {
  tt.func public @rowsum(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                         %y: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
    %xp = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %xa : tensor<128x!tt.ptr<f32>>
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.addf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128xf32>) -> f32
    tt.store %y, %s : !tt.ptr<f32>
    tt.return
  }
}
)";

MLIRContext *makeContext() {
  DialectRegistry registry;
  registerTritonCompiler(registry);
  auto *context = new MLIRContext(registry, MLIRContext::Threading::DISABLED);
  context->loadAllAvailableDialects();
  return context;
}

std::string compile(const char *ttir, MLIRContext &context,
                    const CompileOptions &options, PipelineCache *cache,
                    std::string *diagnostics = nullptr) {
  std::string ignored;
  FailureOr<CompiledKernel> kernel =
      compileTTIR(ttir, context, options, diagnostics ? diagnostics : &ignored,
                  "<test>", cache);
  return succeeded(kernel) ? kernel->ptx : std::string();
}

TEST(PipelineCache, KeptPipelinesGiveTheSamePTX) {
  std::unique_ptr<MLIRContext> context(makeContext());
  CompileOptions options;
  std::string freshAdd = compile(kAdd, *context, options, nullptr);
  std::string freshSum = compile(kRowSum, *context, options, nullptr);
  ASSERT_NE(freshAdd.find(".entry add"), std::string::npos);
  ASSERT_NE(freshSum.find(".entry rowsum"), std::string::npos);

  PipelineCache cache(*context);
  for (int round = 0; round < 3; ++round) {
    EXPECT_EQ(compile(kRowSum, *context, options, &cache), freshSum);
    EXPECT_EQ(compile(kAdd, *context, options, &cache), freshAdd);
  }
  EXPECT_EQ(cache.size(), 1u);

  CompileOptions eightWarps;
  eightWarps.numWarps = 8;
  std::string add8 = compile(kAdd, *context, eightWarps, &cache);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(add8, compile(kAdd, *context, eightWarps, nullptr));
  EXPECT_NE(add8, freshAdd);
  EXPECT_EQ(compile(kAdd, *context, options, &cache), freshAdd);

  CompileOptions verified;
  verified.verifyEachPass = true;
  EXPECT_EQ(compile(kAdd, *context, verified, &cache), freshAdd);
  EXPECT_EQ(cache.size(), 3u);
}

TEST(PipelineCache, RefusesAnotherContextsCache) {
  std::unique_ptr<MLIRContext> context(makeContext());
  std::unique_ptr<MLIRContext> other(makeContext());
  PipelineCache cache(*other);
  std::string diagnostics;
  EXPECT_EQ(compile(kAdd, *context, CompileOptions(), &cache, &diagnostics),
            "");
  EXPECT_NE(diagnostics.find("belongs to another MLIR context"),
            std::string::npos)
      << diagnostics;
  EXPECT_EQ(cache.size(), 0u);
}
} // namespace
