//===- WGMMADescriptor.h - wgmma matrix descriptors -------------*- C++ -*-===//
//
// wgmma reads its shared-memory operands through a 64-bit matrix descriptor
// (PTX ISA, "Matrix Descriptor Format"): bits 0-13 the start address >> 4,
// 16-29 the leading byte offset (LBO) >> 4, 32-45 the stride byte offset
// (SBO) >> 4, 62-63 the swizzle mode (1: 128 B, 2: 64 B, 3: 32 B).
//
// The fields are derived from the operand's #ttg.nvmma_shared layout as a
// linear map from coordinates to offsets: SBO is the offset of the element
// 8 rows further, LBO (M/N-major operands) that of the next swizzle atom
// along M/N, and a tile's start the offset of its first element. The unit
// tests check the result against the hardware's address function,
// enumerated element by element.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_CONVERSION_TRITONGPUTOLLVM_WGMMADESCRIPTOR_H
#define TRITONDIALECT_CONVERSION_TRITONGPUTOLLVM_WGMMADESCRIPTOR_H

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

namespace mlir::triton::gpu {

/// A wgmma operand in shared memory, as its descriptors describe it.
struct WGMMAOperandDescriptor {
  /// Coordinates (A: (m, k), B: (k, n)) -> element offset.
  LinearLayout offsets;
  unsigned elemBytes;
  /// 0: A (M x K), 1: B (K x N).
  unsigned opIdx;
  /// K contiguous within rows (else M/N contiguous, 16-bit types only).
  bool kMajor;
  unsigned swizzleBytes;
  uint64_t leadingByteOffset;
  uint64_t strideByteOffset;

  /// The element offset of (mn, k) in the buffer.
  uint64_t offsetOf(int32_t mn, int32_t k) const;
  /// LBO, SBO and the swizzle mode in their bit fields (no address).
  uint64_t constantBits() const;
  /// The descriptor of the tile whose first element is (mn, k), for a
  /// buffer at byte address `base` in shared memory.
  uint64_t encode(uint64_t base, int32_t mn, int32_t k) const;
};

/// Describes operand `opIdx` of a wgmma, a 2-D `shape` buffer of
/// `elementBitWidth`-bit elements in `encoding`; fails with `why` when wgmma
/// cannot read that layout.
FailureOr<WGMMAOperandDescriptor> describeWGMMAOperand(ArrayRef<int64_t> shape,
                                                       Attribute encoding,
                                                       unsigned elementBitWidth,
                                                       unsigned opIdx,
                                                       std::string &why);

} // namespace mlir::triton::gpu

#endif
