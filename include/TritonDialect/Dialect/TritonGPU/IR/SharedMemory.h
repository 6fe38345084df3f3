//===- SharedMemory.h - Shared memory of a multiprocessor ------*- C++ -*-===//
//
// How much shared memory a multiprocessor holds for its resident blocks and
// what the driver keeps of it per block: the facts behind how many blocks of
// a kernel fit on one multiprocessor. Header-only, so the PTX target (which
// links no dialect library) and the passes read the same figures.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_DIALECT_TRITONGPU_IR_SHAREDMEMORY_H
#define TRITONDIALECT_DIALECT_TRITONGPU_IR_SHAREDMEMORY_H

#include <cstdint>

namespace mlir::triton::gpu {

/// Bytes of shared memory the driver keeps per resident block.
inline constexpr uint64_t kSharedMemoryReservedPerBlock = 1024;

/// Shared memory one multiprocessor of compute capability `capability`
/// (e.g. 90) holds for resident blocks (bytes; 0 when unknown), from the
/// CUDA programming guide's table.
inline uint64_t getSharedMemoryPerSM(int capability) {
  if (capability >= 90)
    return 228 * 1024;
  if (capability == 80 || capability == 87)
    return 164 * 1024;
  if (capability == 86 || capability == 89)
    return 100 * 1024;
  return 0;
}

/// Shared memory one block may take on the target (bytes): what its
/// multiprocessor holds less the driver's reserve (227 KiB on sm_90, 163
/// KiB on sm_80 and sm_87, 99 KiB on sm_86 and sm_89); 48 KiB, the static
/// limit, on chips not in the table.
inline uint64_t getSharedMemoryLimit(int capability) {
  if (uint64_t perSM = getSharedMemoryPerSM(capability))
    return perSM - kSharedMemoryReservedPerBlock;
  return 48 * 1024;
}

} // namespace mlir::triton::gpu

#endif // TRITONDIALECT_DIALECT_TRITONGPU_IR_SHAREDMEMORY_H
