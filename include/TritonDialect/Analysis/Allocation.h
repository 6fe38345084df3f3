//===- Allocation.h - Shared-memory buffer sizes ----------------*- C++ -*-===//
//
// How much shared memory each op needs: the contract between
// allocate-shared-memory, which places buffers, and the lowering, which uses
// them at the offsets it finds in `allocation.offset`.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_ANALYSIS_ALLOCATION_H
#define TRITONDIALECT_ANALYSIS_ALLOCATION_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace mlir::triton {

/// The attribute holding a buffer's byte offset in shared memory.
inline constexpr const char *kAllocationOffsetAttr = "allocation.offset";
/// The module attribute holding the shared memory the kernel uses.
inline constexpr const char *kSharedAttr = "ttg.shared";
/// The function attribute holding a function's peak, callees included.
inline constexpr const char *kAllocationSizeAttr = "allocation.size";
/// On a ttg.convert_layout through shared memory: exchange in rounds
/// (SharedExchange.h), through a scratch of that fraction of the tensor.
/// allocate-shared-memory sets it where the whole tensor would not fit
/// beside the buffers live with it; the lowering reads it.
inline constexpr const char *kExchangeInRoundsAttr = "ttg.exchange_in_rounds";
/// On every ttg.warp_specialize of a function: the offset of the function's
/// dispatch word, which tells the partitions' warps which op to run (or to
/// exit). One word per function, live throughout it.
inline constexpr const char *kWarpSpecializeStateAttr =
    "ttg.warp_specialize.state";

/// Global scratch: an op's offset in its program's slice
/// (ttg.global_scratch_alloc), and the slice's size and alignment on the
/// module (allocate-shared-memory places them; the launcher allocates a
/// slice per program and passes the base as the kernel's last argument).
inline constexpr const char *kGlobalScratchOffsetAttr =
    "ttg.global_scratch_memory_offset";
inline constexpr const char *kGlobalScratchSizeAttr =
    "ttg.global_scratch_memory_size";
inline constexpr const char *kGlobalScratchAlignmentAttr =
    "ttg.global_scratch_memory_alignment";

/// Bytes of scratch `op` needs while it runs, 0 if none (calls excluded:
/// their scratch is the callee's allocation):
///  - ttg.convert_layout that moves elements between threads: the tensor,
///    or its share of one round with kExchangeInRoundsAttr;
///  - tt.reduce / tt.scan whose axis spans several warps: one value per
///    (warp along the axis, result element) / the tensor, for each operand;
///  - tt.gather whose elements leave their warp (warpLocalGatherMap): the
///    source;
///  - tt.histogram: its bins (counted with shared-memory atomics);
///  - tt.atomic_rmw / tt.atomic_cas with a used result, on a scalar pointer
///    or a layout that holds elements twice: the value(s), for broadcast to
///    every holder;
///  - ttng.tensormap_create: the 128-byte map, assembled before its copy to
///    global memory (128-byte aligned).
uint64_t getScratchSizeInBytes(Operation *op);

/// How many rounds a ttg.convert_layout through shared memory could take
/// (1 when it cannot be split, or does not go through shared memory).
unsigned getConvertLayoutRounds(Operation *op);

/// The scratch of a tt.reduce or tt.scan whose axis spans several warps,
/// one region per operand, one after the other: its byte offset from the
/// scratch's start, and the total. A reduction keeps one value per (warp
/// along the axis, result element), a scan one per element. The arithmetic
/// allocate-shared-memory sizes the scratch with and the lowering addresses
/// it with (empty, 0 bytes, when the axis stays within a warp).
struct ScratchRegions {
  SmallVector<uint64_t> offsets;
  uint64_t bytes = 0;
};
ScratchRegions getReduceScanScratch(Operation *op);

/// The shared buffers (memdesc values) `op` reads itself although its
/// operands are registers: a tt.dot on CUDA cores reads an operand that a
/// ttg.local_load produced straight from that load's buffer, element by
/// element as the product needs it. The buffer stays live, and read, until
/// the dot (allocate-shared-memory and the barrier analysis both use this).
SmallVector<Value> sharedBuffersReadDirectly(Operation *op);

/// Bytes and alignment of the buffer a ttg.local_alloc creates.
uint64_t getAllocationSizeInBytes(Operation *localAlloc);
uint64_t getAllocationAlignment(Operation *localAlloc);

} // namespace mlir::triton

#endif // TRITONDIALECT_ANALYSIS_ALLOCATION_H
