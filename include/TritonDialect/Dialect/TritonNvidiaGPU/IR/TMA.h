//===- TMA.h - Tensor Memory Accelerator copies of blocks -------*- C++ -*-===//
//
// What a TMA copy of a tensor-descriptor block needs, decided once for the
// block type and shared by the pass that creates the copies, the lowering
// that issues them and the launch metadata (upstream's `tensordesc_meta`),
// so that a host-made tensor map and the kernel agree:
//
//   - the shared layout the copy writes: `#ttg.nvmma_shared` with the
//     widest swizzle the block's rows allow (128, 64 or 32 bytes), the
//     layout wgmma reads and tritongpu-accelerate-matmul stages in;
//   - the box (the tensor map's block): rows of one swizzle width, at most
//     256 elements along each dimension; a block wider than a box is copied
//     as several boxes, each landing where the layout puts it;
//   - the element type and swizzle in the hardware's encoding.
//
// planTMACopies checks, bit by bit, that the bytes the hardware writes for
// each box are where the shared layout puts those elements, so a layout
// TMA cannot produce is refused instead of read wrongly.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITONNVIDIAGPU_IR_TMA_H
#define TRITONDIALECT_DIALECT_TRITONNVIDIAGPU_IR_TMA_H

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include <optional>
#include <string>

namespace mlir::triton::nvidia_gpu {

/// Whether blocks of `block` (a tensor descriptor's block type, no
/// encoding needed) can move by TMA here: rank 2 to 5, 8- to 64-bit
/// elements, rows of at least 32 bytes and at least 8 of them (a whole
/// swizzle pattern). `why` says what fails.
bool isTMACompatible(RankedTensorType block, std::string *why = nullptr);

/// The shared layout TMA copies of `block` use (see the file comment).
gpu::NVMMASharedEncodingAttr getTMAEncoding(RankedTensorType block);

/// The tensor map's element type, in the device encoding of
/// `tensormap.replace` (upstream's `elem_type`): u8 0, u16 1, s32 3, s64 5,
/// f16 6, f32 7, f64 9, bf16 10.
std::optional<int> getTMAElementType(Type element);

/// The tensor map's swizzle mode for a swizzle of `bytes`: 0 none, 1 32B,
/// 2 64B, 3 128B.
int getTMASwizzleMode(unsigned bytes);

struct TMABox {
  /// The box's first element, in block coordinates (dimension 0 first).
  SmallVector<int32_t> origin;
  /// Where it lands, in bytes from the buffer's start.
  uint64_t byteOffset = 0;
};

struct TMAPlan {
  /// The tensor map's box, dimension 0 first.
  SmallVector<int64_t> boxShape;
  SmallVector<TMABox> boxes;
  unsigned swizzleBytes = 0;
  /// Bytes of the whole block (what an mbarrier expects).
  uint64_t bytes = 0;
};

/// The copies that move a `shape` block of `element`s to or from a buffer
/// in `sharedEncoding`; failure (and `why`) when TMA cannot write that
/// layout.
FailureOr<TMAPlan> planTMACopies(ArrayRef<int64_t> shape, Type element,
                                 Attribute sharedEncoding,
                                 std::string *why = nullptr);

} // namespace mlir::triton::nvidia_gpu

#endif // TRITONDIALECT_DIALECT_TRITONNVIDIAGPU_IR_TMA_H
