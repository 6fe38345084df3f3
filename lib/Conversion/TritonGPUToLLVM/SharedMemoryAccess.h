//===- SharedMemoryAccess.h - distributed tensors to/from smem --*- C++ -*-===//
//
// Writing a distributed tensor into a shared-memory buffer and reading one
// back, for any placement that is linear over GF(2) in the coordinates
// (the XOR swizzles of shared encodings, the exchange plans of layout
// conversions): each in-basis of the layout (register, lane, warp bit) gets
// its element offset, a thread's part is XORed together at run time, and
// consecutive registers at consecutive offsets travel as one vector.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H
#define TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_SHAREDMEMORYACCESS_H

#include "Utility.h"

namespace mlir::triton::gpu::lowering {

struct SharedAccess {
  /// Element offset of each register / lane / warp basis.
  SmallVector<uint64_t> reg, lane, warp;
  /// Registers per vector access.
  unsigned vec = 1;
  /// Element offset of the view's origin within its tile (a
  /// `ttg.memdesc_subslice`), XORed into every register's offset: the
  /// origin's coordinates share no bit with the view's own.
  uint64_t origin = 0;
};

/// The offsets of `layout`'s bases under `offsetOf` (coordinates to element
/// offset, linear over GF(2)); vectors of up to `maxVec` registers and 128
/// bits of `bits`-bit elements.
SharedAccess
planSharedAccess(const LinearLayout &layout,
                 llvm::function_ref<uint64_t(ArrayRef<int32_t>)> offsetOf,
                 unsigned bits, unsigned maxVec = 128);

/// `start` (0 when null) XORed with `offsets[bit]` for each set bit of the
/// i32 `id` (a lane or warp index): an offset linear over GF(2) in the index
/// bits.
Value xorOfSetBits(OpBuilder &b, Location loc, Value id,
                   ArrayRef<uint64_t> offsets, Value start = Value());

/// The thread's part of an element offset: the XOR of its lane and warp
/// bases' offsets (an i32).
Value threadOffset(OpBuilder &b, Location loc, const SharedAccess &access);
/// The bits the thread's part of an offset may set (its lane and warp
/// bases' offsets ORed).
uint64_t threadOffsetBits(ArrayRef<uint64_t> lane, ArrayRef<uint64_t> warp);
/// The address of element offset `thread ^ reg` from `base` (element type
/// `store`): an addition, folded into the address, when `reg` has no bit
/// in `threadBits`.
Value sharedElementPtr(OpBuilder &b, Location loc, Value base, Type store,
                       Value thread, uint64_t threadBits, uint64_t reg);
/// Register `reg`'s part: the XOR of its register bases' offsets and of the
/// view's origin.
uint64_t registerOffset(const SharedAccess &access, int32_t reg);

/// How elements of LLVM type `elem` are kept in shared memory: pointers as
/// i64, i1 as i8, everything else as is (null if not supported).
Type sharedStorageType(Type elem);

/// Writes `values` (the registers of `layout`, LLVM type `elem`) at `base`
/// (an !llvm.ptr<3>), each distinct element once: registers repeating an
/// element are skipped and, if the layout replicates data across threads,
/// only the first copy writes.
void storeShared(ConversionPatternRewriter &rewriter, Location loc,
                 const LinearLayout &layout, const SharedAccess &access,
                 Value base, ArrayRef<Value> values, Type elem);

/// Reads the registers of `layout` (LLVM type `elem`) from `base`.
SmallVector<Value> loadShared(ConversionPatternRewriter &rewriter, Location loc,
                              const LinearLayout &layout,
                              const SharedAccess &access, Value base,
                              Type elem);

/// Reads the registers of `layout` with `ldmatrix` (sm_75+) when the layout
/// is made of its 8x8 tiles: each 32-bit register group of a lane is 4 bytes
/// of a 16-byte shared-memory row, lanes 4i..4i+3 hold row i (`.trans`, for
/// 16-bit elements: lanes hold columns, rows come from registers and lanes
/// 0-1), and every other register, lane and warp bit moves whole 16-byte
/// rows. Up to four tiles per instruction. nullopt when the layout is not
/// of that shape.
std::optional<SmallVector<Value>>
loadSharedWithLdmatrix(ConversionPatternRewriter &rewriter, Location loc,
                       const LinearLayout &layout, const SharedAccess &access,
                       Value base, Type elem);

/// Writes `values` (a thread's registers, 16-bit elements, placed by
/// `access`) with `stmatrix` (sm_90+) when they are made of its 8x8 tiles
/// (as ldmatrix reads them, without .trans) and every thread and register
/// holds a distinct element. false (nothing written) otherwise.
bool storeSharedWithStmatrix(ConversionPatternRewriter &rewriter, Location loc,
                             const SharedAccess &access, Value base,
                             ArrayRef<Value> values, Type elem);

/// The linear map from coordinates to element offsets of a shared encoding
/// (the inverse of its linear layout), or nullopt.
std::optional<LinearLayout> sharedOffsetLayout(ArrayRef<int64_t> shape,
                                               Attribute sharedEncoding);
/// Applies it.
uint64_t applyOffsetLayout(const LinearLayout &inverse,
                           ArrayRef<int32_t> coords);

} // namespace mlir::triton::gpu::lowering

#endif
