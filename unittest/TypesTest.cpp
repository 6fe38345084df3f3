//===- TypesTest.cpp - Unit tests of `tt` types and op builders -----------===//
//
// Checks the type helpers the op constraints are built on, and that the C++
// builders later passes use infer the same types the verifiers demand.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/InitAllDialects.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;

namespace {
class TritonTypesTest : public ::testing::Test {
protected:
  TritonTypesTest() {
    DialectRegistry registry;
    registerTritonDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }
  MLIRContext context;
  Builder b{&context};
};
} // namespace

TEST_F(TritonTypesTest, PointeeOfEveryPointerShape) {
  Type f32 = b.getF32Type();
  auto ptr = PointerType::get(f32, 1);
  EXPECT_EQ(getPointeeType(ptr), f32);

  auto ptrTensor = RankedTensorType::get({4, 8}, ptr);
  EXPECT_EQ(getPointeeType(ptrTensor), RankedTensorType::get({4, 8}, f32));

  auto block = RankedTensorType::get({64, 64}, b.getF16Type());
  auto blockPtr = PointerType::get(block, 1);
  EXPECT_EQ(getPointeeType(blockPtr), block);
  EXPECT_TRUE(isTensorPointer(blockPtr));
  EXPECT_FALSE(isScalarPointer(blockPtr));
  EXPECT_TRUE(isScalarPointer(ptr));
  EXPECT_EQ(getTensorPointerBaseType(blockPtr),
            PointerType::get(b.getF16Type(), 1));
}

TEST_F(TritonTypesTest, ShapeHelpers) {
  auto t = RankedTensorType::get({16}, b.getI32Type());
  EXPECT_EQ(getI1SameShape(t), RankedTensorType::get({16}, b.getI1Type()));
  EXPECT_EQ(getI1SameShape(b.getF32Type()), b.getI1Type());
  EXPECT_EQ(getPointerTypeSameShape(t),
            RankedTensorType::get({16}, PointerType::get(b.getI32Type(), 1)));
  EXPECT_EQ(getScalarBitWidth(PointerType::get(b.getF16Type(), 1)), 64u);
}

TEST_F(TritonTypesTest, PointerPrintsLikeUpstream) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << PointerType::get(b.getF32Type(), 1) << " "
     << PointerType::get(b.getF16Type(), 3);
  EXPECT_EQ(s, "!tt.ptr<f32> !tt.ptr<f16, 3>");
}

TEST_F(TritonTypesTest, BuildersInferVerifiedTypes) {
  OpBuilder builder(&context);
  Location loc = builder.getUnknownLoc();
  auto module = ModuleOp::create(loc);
  builder.setInsertionPointToEnd(module.getBody());
  auto ptrType = PointerType::get(b.getF32Type(), 1);
  auto fn =
      FuncOp::create(builder, loc, "k", builder.getFunctionType({ptrType}, {}));
  Block *entry = fn.addEntryBlock();
  builder.setInsertionPointToEnd(entry);

  auto range = MakeRangeOp::create(
      builder, loc, RankedTensorType::get({128}, b.getI32Type()), 0, 128);
  auto ptrs = SplatOp::create(
      builder, loc, RankedTensorType::get({128}, ptrType), fn.getArgument(0));
  auto addr = AddPtrOp::create(builder, loc, ptrs.getType(), ptrs, range);
  auto load = LoadOp::create(builder, loc, addr, Value(), Value());
  EXPECT_EQ(load.getType(), RankedTensorType::get({128}, b.getF32Type()));

  auto expanded = ExpandDimsOp::create(builder, loc, load, 0);
  EXPECT_EQ(expanded.getType(),
            RankedTensorType::get({1, 128}, b.getF32Type()));

  auto reduce = ReduceOp::create(builder, loc, ValueRange{expanded}, 1);
  EXPECT_EQ(reduce.getResult()[0].getType(),
            RankedTensorType::get({1}, b.getF32Type()));
  {
    OpBuilder::InsertionGuard guard(builder);
    Block *combiner =
        builder.createBlock(&reduce.getCombineOp(), {},
                            {b.getF32Type(), b.getF32Type()}, {loc, loc});
    auto sum = arith::AddFOp::create(builder, loc, combiner->getArgument(0),
                                     combiner->getArgument(1));
    ReduceReturnOp::create(builder, loc, ValueRange{sum});
  }
  EXPECT_TRUE(isa_and_nonnull<arith::AddFOp>(reduce.getSingleCombiner()));
  ReturnOp::create(builder, loc);
  EXPECT_TRUE(succeeded(verify(module)));
  module->erase();
}

TEST_F(TritonTypesTest, VerifierRejectsBadReduceAxis) {
  const char *ir = R"mlir(
    tt.func @f(%x: tensor<8xf32>) {
      %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
      ^bb0(%a: f32, %b: f32):
        %s = arith.addf %a, %b : f32
        tt.reduce.return %s : f32
      }) : (tensor<8xf32>) -> f32
      tt.return
    })mlir";
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics += d.str();
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(ir, &context);
  EXPECT_FALSE(module);
  EXPECT_NE(diagnostics.find("axis 1 is out of range [0, 1)"),
            std::string::npos)
      << diagnostics;
}
