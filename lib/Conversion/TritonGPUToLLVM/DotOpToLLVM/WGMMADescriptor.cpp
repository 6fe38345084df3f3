//===- WGMMADescriptor.cpp - wgmma matrix descriptors from layouts --------===//
//
// See WGMMADescriptor.h. K-major operands: rows along M/N, 8-row groups SBO
// apart, LBO unused (16). M/N-major operands: rows along K, each a swizzle
// atom wide along M/N; 8-row groups SBO apart, atoms along M/N LBO apart.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Conversion/TritonGPUToLLVM/WGMMADescriptor.h"

#include "../SharedMemoryAccess.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

uint64_t WGMMAOperandDescriptor::offsetOf(int32_t mn, int32_t k) const {
  return opIdx == 0 ? lowering::applyOffsetLayout(offsets, {mn, k})
                    : lowering::applyOffsetLayout(offsets, {k, mn});
}

uint64_t WGMMAOperandDescriptor::constantBits() const {
  uint64_t mode = swizzleBytes == 128 ? 1 : swizzleBytes == 64 ? 2 : 3;
  return (((leadingByteOffset >> 4) & 0x3FFF) << 16) |
         (((strideByteOffset >> 4) & 0x3FFF) << 32) | (mode << 62);
}

uint64_t WGMMAOperandDescriptor::encode(uint64_t base, int32_t mn,
                                        int32_t k) const {
  uint64_t start = base + offsetOf(mn, k) * elemBytes;
  return ((start >> 4) & 0x3FFF) | constantBits();
}

FailureOr<WGMMAOperandDescriptor> mlir::triton::gpu::describeWGMMAOperand(
    ArrayRef<int64_t> shape, Attribute encoding, unsigned elementBitWidth,
    unsigned opIdx, std::string &why) {
  auto enc = dyn_cast<NVMMASharedEncodingAttr>(encoding);
  if (!enc || shape.size() != 2) {
    why = "wgmma operands in shared memory must be 2-D #ttg.nvmma_shared";
    return failure();
  }
  unsigned swizzle = enc.getSwizzlingByteWidth();
  if (swizzle != 32 && swizzle != 64 && swizzle != 128) {
    why = "wgmma operands need a 32-, 64- or 128-byte swizzle";
    return failure();
  }
  std::optional<LinearLayout> offsets =
      lowering::sharedOffsetLayout(shape, enc);
  if (!offsets) {
    why = "the operand's shared layout has no linear form";
    return failure();
  }
  WGMMAOperandDescriptor d{
      *offsets, elementBitWidth / 8, opIdx, false, swizzle, 16, 0};
  // `transposed` makes dimension 0 contiguous: K for B, M for A.
  d.kMajor = opIdx == 0 ? !enc.getTransposed() : enc.getTransposed();
  if (!d.kMajor && elementBitWidth != 16) {
    why = "only 16-bit wgmma operands may be M- or N-major";
    return failure();
  }
  int64_t mnSize = opIdx == 0 ? shape[0] : shape[1];
  int64_t kSize = opIdx == 0 ? shape[1] : shape[0];
  if (d.kMajor) {
    if (mnSize < 8) {
      why = "the operand has fewer than 8 rows";
      return failure();
    }
    d.strideByteOffset = d.offsetOf(8, 0) * d.elemBytes;
  } else {
    int32_t atom = swizzle / d.elemBytes;
    if (kSize < 8) {
      why = "the operand has fewer than 8 rows along K";
      return failure();
    }
    d.strideByteOffset = d.offsetOf(0, 8) * d.elemBytes;
    if (mnSize > atom)
      d.leadingByteOffset = d.offsetOf(atom, 0) * d.elemBytes;
  }
  return d;
}
