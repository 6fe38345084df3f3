//===- TMATest.cpp - TMA boxes against the hardware's placement -----------===//
//
// A TMA copy is only right if every element lands where the buffer's shared
// layout puts it. The hardware's placement is written here from the PTX
// ISA ("Tensor copy", "Swizzling modes"), independently of the plan: box
// (r, c) goes to the box's start + swizzle(r * rowBytes + c * B), the
// swizzle XORing bits [4, 4 + log2(S/16)) with the bits from 7 up. For
// every element of each block, the plan's box for it and that formula must
// give the offset the layout algebra gives.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"
#include "TritonDialect/InitAllDialects.h"
#include "TritonDialect/Tools/LinearLayout.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
class TMATest : public ::testing::Test {
protected:
  TMATest() {
    DialectRegistry registry;
    registerTritonDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// Checks every element of a `shape` block of `elem` copied in the TMA
  /// layout; returns the plan.
  ttng::TMAPlan check(ArrayRef<int64_t> shape, Type elem) {
    auto block = RankedTensorType::get(shape, elem);
    EXPECT_TRUE(ttng::isTMACompatible(block));
    NVMMASharedEncodingAttr enc = ttng::getTMAEncoding(block);
    FailureOr<ttng::TMAPlan> plan = ttng::planTMACopies(shape, elem, enc);
    EXPECT_TRUE(succeeded(plan));
    if (failed(plan))
      return {};
    unsigned bytes = elem.getIntOrFloatBitWidth() / 8;
    std::optional<LinearLayout> layout = toLinearLayout(shape, enc);
    std::optional<LinearLayout> inverse = layout->invert();
    unsigned rank = shape.size();
    uint64_t rowBytes = plan->boxShape[rank - 1] * bytes;
    uint64_t mask = (plan->swizzleBytes / 16 - 1) << 4;
    uint64_t total = 1;
    for (int64_t d : shape)
      total *= d;
    for (uint64_t flat = 0; flat < total; ++flat) {
      SmallVector<int32_t> coord(rank);
      uint64_t rest = flat;
      for (unsigned d = rank; d-- > 0;) {
        coord[d] = rest % shape[d];
        rest /= shape[d];
      }
      // The box holding it, and its place in the box.
      const ttng::TMABox *box = nullptr;
      for (const ttng::TMABox &b : plan->boxes) {
        bool inside = true;
        for (unsigned d = 0; d < rank; ++d)
          inside &= coord[d] >= b.origin[d] &&
                    coord[d] < b.origin[d] + plan->boxShape[d];
        if (inside)
          box = &b;
      }
      EXPECT_NE(box, nullptr);
      if (!box)
        return *plan;
      uint64_t row = 0;
      for (unsigned d = 0; d + 1 < rank; ++d)
        row = row * plan->boxShape[d] + (coord[d] - box->origin[d]);
      uint64_t linear =
          row * rowBytes + (coord[rank - 1] - box->origin[rank - 1]) * bytes;
      uint64_t hardware = box->byteOffset + (linear ^ ((linear >> 3) & mask));
      SmallVector<std::pair<std::string, int32_t>> in;
      for (unsigned d = 0; d < rank; ++d)
        in.push_back({layout_dims::outDimName(d), coord[d]});
      uint64_t expected = 0;
      for (auto &[name, v] : inverse->apply(in))
        if (name == layout_dims::kOffset)
          expected = uint64_t(v) * bytes;
      EXPECT_EQ(hardware, expected) << "element " << flat;
      if (hardware != expected)
        return *plan;
    }
    return *plan;
  }

  MLIRContext ctx;
};

TEST_F(TMATest, OneBoxPerBlock) {
  ttng::TMAPlan plan = check({128, 64}, Float16Type::get(&ctx));
  EXPECT_EQ(plan.swizzleBytes, 128u);
  EXPECT_EQ(plan.boxes.size(), 1u);
  EXPECT_EQ(plan.bytes, 16384u);
  plan = check({64, 32}, Float16Type::get(&ctx));
  EXPECT_EQ(plan.swizzleBytes, 64u);
  plan = check({32, 16}, Float16Type::get(&ctx));
  EXPECT_EQ(plan.swizzleBytes, 32u);
}

TEST_F(TMATest, WideRowsAreSeveralBoxes) {
  ttng::TMAPlan plan = check({64, 128}, Float16Type::get(&ctx));
  EXPECT_EQ(plan.boxShape, (SmallVector<int64_t>{64, 64}));
  ASSERT_EQ(plan.boxes.size(), 2u);
  EXPECT_EQ(plan.boxes[1].byteOffset, 8192u);
  plan = check({32, 128}, Float32Type::get(&ctx));
  EXPECT_EQ(plan.boxShape, (SmallVector<int64_t>{32, 32}));
  EXPECT_EQ(plan.boxes.size(), 4u);
  check({8, 256}, IntegerType::get(&ctx, 8));
  check({16, 64}, Float64Type::get(&ctx));
}

TEST_F(TMATest, TallAndHigherRankBlocks) {
  ttng::TMAPlan plan = check({512, 32}, Float32Type::get(&ctx));
  EXPECT_EQ(plan.boxShape[0], 256);
  EXPECT_EQ(plan.boxes.size(), 2u);
  plan = check({2, 64, 64}, Float16Type::get(&ctx));
  EXPECT_EQ(plan.boxShape, (SmallVector<int64_t>{1, 64, 64}));
  check({2, 2, 8, 128}, BFloat16Type::get(&ctx));
}

TEST_F(TMATest, RefusesWhatTMACannotWrite) {
  Type f16 = Float16Type::get(&ctx);
  std::string why;
  EXPECT_FALSE(
      ttng::isTMACompatible(RankedTensorType::get({64, 8}, f16), &why));
  EXPECT_FALSE(
      ttng::isTMACompatible(RankedTensorType::get({4, 64}, f16), &why));
  EXPECT_FALSE(ttng::isTMACompatible(RankedTensorType::get({64}, f16), &why));
  // K-major the other way round (dimension 0 contiguous): not TMA's rows.
  auto transposed =
      NVMMASharedEncodingAttr::get(&ctx, 128, /*transposed=*/true, 16, false,
                                   CTALayoutAttr::getTrivial(&ctx));
  EXPECT_TRUE(failed(ttng::planTMACopies({64, 64}, f16, transposed, &why)));
}
} // namespace
