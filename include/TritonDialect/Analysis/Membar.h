//===- Membar.h - Barriers between shared-memory accesses -------*- C++ -*-===//
//
// After allocate-shared-memory has placed every buffer, inserts gpu.barrier
// where one thread's shared-memory write and another thread's later read or
// write of an overlapping byte range could race (RAW, WAR, WAW), and
// nowhere else: accesses to disjoint ranges never force a barrier. The
// analysis follows scf.if branches (joined) and loops (to a fixed point, so
// an access at the top of an iteration is checked against the bottom of the
// previous one). Accesses come from ops' shared-memory effects (local_alloc
// with a value, local_load/store, async copies, wgmma operands...), from op
// scratch (`allocation.offset` on a non-allocating op: read and written),
// and from calls (the callee's whole allocation).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_ANALYSIS_MEMBAR_H
#define TRITONDIALECT_ANALYSIS_MEMBAR_H

#include "mlir/IR/BuiltinOps.h"

namespace mlir::triton {

/// Inserts the barriers in every function of `module`; returns how many.
unsigned insertSharedMemoryBarriers(ModuleOp module);

} // namespace mlir::triton

#endif // TRITONDIALECT_ANALYSIS_MEMBAR_H
