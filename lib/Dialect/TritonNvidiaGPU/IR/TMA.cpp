//===- TMA.cpp - Tensor Memory Accelerator copies of blocks ---------------===//

#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"

#include "TritonDialect/Tools/LinearLayout.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace mlir::triton::nvidia_gpu {

namespace {
unsigned swizzleFor(int64_t rowBytes) {
  return rowBytes >= 128 ? 128 : rowBytes >= 64 ? 64 : rowBytes >= 32 ? 32 : 0;
}
} // namespace

bool isTMACompatible(RankedTensorType block, std::string *why) {
  auto fail = [&](const Twine &text) {
    if (why)
      *why = text.str();
    return false;
  };
  unsigned rank = block.getRank();
  if (rank < 2 || rank > 5)
    return fail("TMA copies here take blocks of rank 2 to 5");
  unsigned bits = block.getElementTypeBitWidth();
  if (!getTMAElementType(block.getElementType()))
    return fail("no TMA element type for this element type");
  int64_t rowBytes = block.getShape().back() * bits / 8;
  if (rowBytes < 32 || rowBytes % 16 != 0)
    return fail("rows of " + Twine(rowBytes) +
                " bytes: TMA copies here need at least 32");
  if (block.getShape()[rank - 2] % 8 != 0)
    return fail("the block has " + Twine(block.getShape()[rank - 2]) +
                " rows; TMA copies here need a multiple of 8");
  return true;
}

NVMMASharedEncodingAttr getTMAEncoding(RankedTensorType block) {
  unsigned bits = block.getElementTypeBitWidth();
  unsigned swizzle = swizzleFor(block.getShape().back() * bits / 8);
  CTALayoutAttr cta =
      block.getEncoding() ? getCTALayoutOf(block.getEncoding()) : nullptr;
  if (!cta)
    cta = CTALayoutAttr::getTrivial(block.getContext());
  return NVMMASharedEncodingAttr::get(block.getContext(), swizzle,
                                      /*transposed=*/false, bits,
                                      /*fp4Padded=*/false, cta);
}

std::optional<int> getTMAElementType(Type element) {
  if (element.isF16())
    return 6;
  if (element.isBF16())
    return 10;
  if (element.isF32())
    return 7;
  if (element.isF64())
    return 9;
  if (isa<FloatType>(element) && element.getIntOrFloatBitWidth() == 8)
    return 0;
  if (auto integer = dyn_cast<IntegerType>(element)) {
    switch (integer.getWidth()) {
    case 8:
      return 0;
    case 16:
      return 1;
    case 32:
      return 3;
    case 64:
      return 5;
    }
  }
  return std::nullopt;
}

int getTMASwizzleMode(unsigned bytes) {
  switch (bytes) {
  case 32:
    return 1;
  case 64:
    return 2;
  case 128:
    return 3;
  }
  return 0;
}

FailureOr<TMAPlan> planTMACopies(ArrayRef<int64_t> shape, Type element,
                                 Attribute sharedEncoding, std::string *why) {
  auto fail = [&](const Twine &text) -> FailureOr<TMAPlan> {
    if (why)
      *why = text.str();
    return failure();
  };
  auto nvmma = dyn_cast_or_null<NVMMASharedEncodingAttr>(sharedEncoding);
  if (!nvmma || nvmma.getTransposed() || nvmma.getFp4Padded())
    return fail("TMA writes rows along the last dimension: the buffer must "
                "be #ttg.nvmma_shared, not transposed");
  unsigned rank = shape.size();
  unsigned bits = element.getIntOrFloatBitWidth();
  if (rank < 2 || rank > 5 || bits % 8 != 0)
    return fail("TMA copies here take blocks of rank 2 to 5");
  unsigned bytesPer = bits / 8;
  TMAPlan plan;
  plan.swizzleBytes = nvmma.getSwizzlingByteWidth();
  if (plan.swizzleBytes == 0)
    return fail("an unswizzled buffer (TMA copies here need rows of at "
                "least 32 bytes)");
  // Rows of one swizzle width; up to 256 rows; one index of each outer
  // dimension.
  plan.boxShape.assign(rank, 1);
  plan.boxShape[rank - 1] =
      std::min<int64_t>(shape[rank - 1], plan.swizzleBytes / bytesPer);
  plan.boxShape[rank - 2] = std::min<int64_t>(shape[rank - 2], 256);
  uint64_t total = 1;
  for (int64_t d : shape)
    total *= d;
  plan.bytes = total * bytesPer;

  std::optional<LinearLayout> layout = toLinearLayout(shape, nvmma);
  if (!layout)
    return fail("the shared layout has no linear form");
  std::optional<LinearLayout> inverted = layout->invert();
  if (!inverted)
    return fail("the shared layout is not invertible");
  LinearLayout inverse = *inverted;
  auto offsetOf = [&](ArrayRef<int32_t> coords) -> uint64_t {
    SmallVector<std::pair<std::string, int32_t>> in;
    for (auto [d, c] : llvm::enumerate(coords))
      in.push_back({layout_dims::outDimName(d), c});
    for (auto &[name, v] : inverse.apply(in))
      if (name == layout_dims::kOffset)
        return uint64_t(v) * bytesPer;
    return 0;
  };
  // The hardware's placement of box element (row, column): rows of
  // `rowBytes`, 16-byte chunks XORed with the row within the pattern.
  uint64_t rowBytes = plan.boxShape[rank - 1] * bytesPer;
  uint64_t chunkMask = (plan.swizzleBytes / 16 - 1) << 4;
  auto hardware = [&](ArrayRef<int32_t> inBox) -> uint64_t {
    uint64_t row = 0;
    for (unsigned d = 0; d + 1 < rank; ++d)
      row = row * plan.boxShape[d] + inBox[d];
    uint64_t linear = row * rowBytes + uint64_t(inBox[rank - 1]) * bytesPer;
    return linear ^ ((linear >> 3) & chunkMask);
  };
  uint64_t alignment = plan.swizzleBytes * 8;
  if (plan.bytes % alignment != 0)
    return fail("the block is not a whole number of " + Twine(alignment) +
                "-byte swizzle patterns");

  SmallVector<int64_t> counts;
  for (unsigned d = 0; d < rank; ++d)
    counts.push_back(shape[d] / plan.boxShape[d]);
  int64_t numBoxes = 1;
  for (int64_t c : counts)
    numBoxes *= c;
  for (int64_t i = 0; i < numBoxes; ++i) {
    TMABox box;
    box.origin.assign(rank, 0);
    int64_t rest = i;
    for (unsigned d = rank; d-- > 0;) {
      box.origin[d] = (rest % counts[d]) * plan.boxShape[d];
      rest /= counts[d];
    }
    box.byteOffset = offsetOf(box.origin);
    if (box.byteOffset % alignment != 0)
      return fail("a box would start at byte " + Twine(box.byteOffset) +
                  ", not on a swizzle pattern");
    // Both placements are linear over GF(2): matching on each power of two
    // along each dimension matches everywhere.
    for (unsigned d = 0; d < rank; ++d)
      for (int64_t step = 1; step < plan.boxShape[d]; step *= 2) {
        SmallVector<int32_t> inBox(rank, 0);
        inBox[d] = step;
        SmallVector<int32_t> at(box.origin);
        at[d] += step;
        if ((offsetOf(at) ^ box.byteOffset) != hardware(inBox))
          return fail("the shared layout does not place the box's elements "
                      "where TMA writes them");
      }
    plan.boxes.push_back(std::move(box));
  }
  return plan;
}

} // namespace mlir::triton::nvidia_gpu
