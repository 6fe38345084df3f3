//===- SharedExchange.h - A layout conversion through smem ------*- C++ -*-===//
//
// A ttg.convert_layout whose data crosses threads goes through shared
// memory: every thread writes what it holds in the source layout, a
// barrier, every thread reads what it needs in the destination layout. The
// plan says where each element lives so that both sides access memory in
// wide vectors and with few bank conflicts:
//
//   offset(coords) = swizzle(rowMajor(coords, order))
//   swizzle(o)     = o XOR (XOR of xorMasks[h] for every set bit h of o)
//
// The masks only move bits at or above `highBit` (the bits that select a
// 128-byte row of banks) into the bits [lowBit, highBit) that select a
// bank inside it, so the map is a bijection on [0, numElements) and the
// first `lowBit` offset bits (the vectors) stay contiguous. Choosing the
// masks is a small GF(2) problem: each side's lanes in one memory
// transaction should land on linearly independent bank bits; the planner
// solves it greedily, then keeps the candidate (order, vector width,
// masks) whose exactly counted bank wavefronts are fewest.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TOOLS_SHAREDEXCHANGE_H
#define TRITONDIALECT_TOOLS_SHAREDEXCHANGE_H

#include "TritonDialect/Tools/LinearLayout.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::triton::gpu {

struct SharedExchangePlan {
  /// Dimensions from fastest to slowest in shared memory.
  llvm::SmallVector<unsigned> order;
  /// Per unswizzled offset bit h (index), the bits XORed in when h is set.
  llvm::SmallVector<uint64_t> xorMasks;
  /// Elements per access on the writing (source) and reading side.
  unsigned writeVec = 1, readVec = 1;
  /// Shared-memory wavefronts one warp spends writing / reading everything
  /// (the model's count: bank conflicts included).
  int64_t writeWavefronts = 0, readWavefronts = 0;

  /// The element offset of `coords` (a tensor of `shape`).
  uint64_t offsetOf(llvm::ArrayRef<int32_t> coords,
                    llvm::ArrayRef<int64_t> shape) const;
  /// The swizzled offset of the unswizzled offset `o`.
  uint64_t swizzle(uint64_t o) const;
};

/// An exchange in rounds, to keep the scratch small: register bits that
/// both layouts map to the same single coordinate bit, which no other basis
/// of either layout touches and which neither side's leading run of
/// contiguous registers (its vectors) uses. Fixing those bits picks the
/// same elements on both sides, so round r moves the elements whose round
/// coordinate bits spell r (bit j of r is round bit j) through a scratch
/// of 1/count() of the tensor.
struct ExchangeRounds {
  /// Per round bit: the source's and destination's register bit and the
  /// coordinate bit (dimension, bit) they hold.
  llvm::SmallVector<int32_t> srcRegBits, dstRegBits;
  llvm::SmallVector<std::pair<unsigned, int32_t>> coordBits;

  unsigned count() const { return 1u << srcRegBits.size(); }
  /// The full register index of register `reduced` of round `round`, for
  /// the side whose round register bits are `regBits`.
  static int32_t registerOf(int32_t reduced, unsigned round,
                            llvm::ArrayRef<int32_t> regBits);
  /// `shape` without the round coordinate bits.
  llvm::SmallVector<int64_t> reducedShape(llvm::ArrayRef<int64_t> shape) const;
  /// `layout` (the side with `regBits`) without its round register bits and
  /// with the round coordinate bits taken out of every basis.
  LinearLayout reduce(const LinearLayout &layout,
                      llvm::ArrayRef<int32_t> regBits) const;
};

/// The rounds of a conversion from `src` to `dst` (one round when there is
/// no such bit).
ExchangeRounds findExchangeRounds(const LinearLayout &src,
                                  const LinearLayout &dst);

/// Plans the exchange of a tensor of `shape` and `elementBits`-bit elements
/// between the linear layouts `src` and `dst` (both over dims dim0..dimN-1
/// of `shape`, in register/lane/warp(/block)).
SharedExchangePlan planSharedExchange(const LinearLayout &src,
                                      const LinearLayout &dst,
                                      llvm::ArrayRef<int64_t> shape,
                                      unsigned elementBits);

/// The wavefronts one warp's accesses take when it accesses `vec` elements
/// of `elementBits` per register group of `layout` at the plan's offsets
/// (exact count over the 32 lanes of warp 0, per 128-byte transaction
/// phase; the same for every register group and warp, as the map is
/// linear).
int64_t countWavefronts(const SharedExchangePlan &plan,
                        const LinearLayout &layout,
                        llvm::ArrayRef<int64_t> shape, unsigned vec,
                        unsigned elementBits);

} // namespace mlir::triton::gpu

#endif
