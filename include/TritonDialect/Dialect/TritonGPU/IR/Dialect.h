//===- Dialect.h - The TritonGPU (`ttg`) dialect ----------------*- C++ -*-===//
//
// One include for users of the `ttg` dialect: the dialect, its encodings,
// types and ops, and the conversion of encodings to linear layouts.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITONGPU_IR_DIALECT_H
#define TRITONDIALECT_DIALECT_TRITONGPU_IR_DIALECT_H

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Tools/LinearLayout.h"

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"

#include <array>

namespace mlir::triton {
/// Attribute storage needs to hash linear layouts.
llvm::hash_code hash_value(const LinearLayout &layout);
} // namespace mlir::triton

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h.inc"

namespace mlir::triton::gpu {
class CTALayoutAttr;
} // namespace mlir::triton::gpu
#include "TritonDialect/Dialect/TritonGPU/IR/AttrInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TritonDialect/Dialect/TritonGPU/IR/AttrDefs.h.inc"

#define GET_TYPEDEF_CLASSES
#include "TritonDialect/Dialect/TritonGPU/IR/Types.h.inc"

namespace mlir::triton::gpu {
/// The resource shared-memory effects are attributed to.
struct SharedMemory : public SideEffects::Resource::Base<SharedMemory> {
  StringRef getName() final { return "<SharedMemory>"; }
};

/// Distributed encodings (DistributedEncodingTrait): blocked, slice, dot_op,
/// nvidia_mma, linear.
inline bool isDistributedEncoding(Attribute encoding) {
  return isa_and_nonnull<DistributedEncodingTrait>(encoding);
}
/// Shared encodings (SharedEncodingTrait): swizzled_shared, nvmma_shared,
/// padded_shared, shared_linear.
inline bool isSharedEncoding(Attribute encoding) {
  return isa_and_nonnull<SharedEncodingTrait>(encoding);
}

/// The meaning of a distributed encoding for a tensor of `shape`: a linear
/// layout from (register, lane, warp, block) to (dim0, dim1, ...). For a
/// shared encoding: from (offset, block) to (dim0, ...). Fails, with a
/// message, for encodings or shapes it cannot describe. `threadsPerWarp` and
/// `numWarps` are needed where an encoding leaves them implicit (slice,
/// dot_op and linear take them from their parents or bases).
std::optional<LinearLayout> toLinearLayout(ArrayRef<int64_t> shape,
                                           Attribute encoding,
                                           std::string *error = nullptr);

/// The blocked layout that spreads a tensor of `shape` over `numWarps` warps
/// of `threadsPerWarp` lanes, each thread holding `sizePerThread` contiguous
/// elements, dimensions walked in `order` (fastest first): lanes and warps
/// go to the fastest dimensions first as far as the shape allows, and what
/// is left over goes to the slowest dimension (as copies if it is too small).
BlockedEncodingAttr
getBlockedEncoding(MLIRContext *ctx, ArrayRef<int64_t> shape,
                   ArrayRef<unsigned> sizePerThread, ArrayRef<unsigned> order,
                   unsigned numWarps, unsigned threadsPerWarp);

/// The default layout of convert-triton-to-tritongpu: one element per
/// thread, the last dimension fastest.
BlockedEncodingAttr getDefaultBlockedEncoding(MLIRContext *ctx,
                                              ArrayRef<int64_t> shape,
                                              unsigned numWarps,
                                              unsigned threadsPerWarp);

/// Whether converting a tensor from `src`'s layout to `dst`'s moves elements
/// between warps or CTAs, so that it has to go through shared memory (not
/// just registers and warp shuffles). True when either layout has no linear
/// form.
bool cvtNeedsSharedMemory(RankedTensorType src, RankedTensorType dst);

/// Whether converting `src` to `dst` moves any element to another thread
/// (false: each thread only permutes or replicates its own registers).
bool cvtMovesDataAcrossThreads(RankedTensorType src, RankedTensorType dst);

/// The shared layout a dot operand of `shape` is staged in, rows along
/// `order[0]`: for tensor-core (nvidia_mma) operands, 16-byte vectors XOR
/// swizzled so that the eight rows of an 8x8 ldmatrix tile hit different
/// banks; for FMA (blocked-parent) operands, no swizzle.
SwizzledSharedEncodingAttr getSharedEncodingForDotOperand(
    DotOperandEncodingAttr dotOperand, ArrayRef<int64_t> shape,
    ArrayRef<unsigned> order, CTALayoutAttr ctaLayout,
    unsigned elementBitWidth);

/// The dimensions of `type` fastest first, as its layout walks them: a
/// blocked encoding's order, else the last dimension first.
SmallVector<unsigned> getOrderOf(RankedTensorType type);

/// The CTA layout of a distributed encoding; null for multi-CTA layouts of
/// slices and dot operands (whose parents are split over CTAs).
CTALayoutAttr getCTALayoutOf(Attribute encoding);

/// A `#ttg.linear` encoding with the same meaning as `layout`.
LinearEncodingAttr toLinearEncoding(MLIRContext *ctx,
                                    const LinearLayout &layout);
} // namespace mlir::triton::gpu

#define GET_OP_CLASSES
#include "TritonDialect/Dialect/TritonGPU/IR/Ops.h.inc"

namespace mlir::triton::gpu {
/// Ops that view a shared buffer (`memdesc_index`, `memdesc_subslice`,
/// `memdesc_trans`, `memdesc_reshape`, `memdesc_reinterpret`): their uses
/// are the buffer's, and their operand 0 is what they view.
bool isMemDescView(Operation *op);
/// The `ttg.local_alloc` a memdesc value views, through views; null when it
/// cannot be traced (a block argument).
LocalAllocOp getViewedAllocation(Value memdesc);
/// Replaces `convert` (a tensor into a dot-operand layout) by a write of
/// its source to shared memory, in the operand's swizzled layout
/// (getSharedEncodingForDotOperand), and a `ttg.local_load` into the
/// operand layout; returns that load. Null, with nothing changed, when the
/// source has no CTA layout or no integer or float elements.
LocalLoadOp stageDotOperand(OpBuilder &builder, ConvertLayoutOp convert);
} // namespace mlir::triton::gpu

#endif // TRITONDIALECT_DIALECT_TRITONGPU_IR_DIALECT_H
