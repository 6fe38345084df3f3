//===- GatherLowering.h - Where a tt.gather finds its elements --*- C++ -*-===//
//
// A tt.gather with TritonGPU layouts reads, for each element of its result,
// the source element at the same coordinates but along `axis`, where the
// index says. It needs no shared memory when every such source element is
// held by the same warp as the result element: then each thread takes it
// from the holding lane with a warp shuffle (or from its own registers,
// when the axis stays within the thread). allocate-shared-memory and the
// lowering both ask this question here, so they always agree.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_ANALYSIS_GATHERLOWERING_H
#define TRITONDIALECT_ANALYSIS_GATHERLOWERING_H

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Tools/LinearLayout.h"

#include <optional>

namespace mlir::triton {

/// For a warp-local gather, the linear map from (register, lane, warp) of a
/// result element and the index value (input dimension "axis", one bit per
/// bit of the source's axis size) to the (register, lane) of the source
/// element it reads, in the same warp: the source register and lane are the
/// XOR of the bases of the set input bits. nullopt when some element lives
/// in another warp (the gather goes through shared memory), or a layout is
/// not known.
std::optional<LinearLayout> warpLocalGatherMap(GatherOp op);

/// Whether that map never leaves the thread: each source lane is the
/// thread's own, so no shuffle is needed.
bool gatherStaysInThread(const LinearLayout &map);

/// What a source register named by `map` may differ by from the one a
/// result register names with lane, warp and index all 0: the XORs of the
/// register parts of the lane, warp and index bases (the span they
/// generate, 0 first). Result register r may read the registers
/// map(r, 0, 0, 0) ^ d, for d in the span.
llvm::SmallVector<int32_t> gatherRegisterSpan(const LinearLayout &map);

} // namespace mlir::triton

#endif // TRITONDIALECT_ANALYSIS_GATHERLOWERING_H
