/*===- CAPI.h - TTIR to PTX through a C interface -------------*- C -*-===*\
|*                                                                          *|
|* The compiler as a C library (libtritondialect.so), for callers that     *|
|* cannot take C++: Python through pybind11 or ctypes, other languages'    *|
|* FFIs. One call compiles one TTIR module in-process:                      *|
|*                                                                          *|
|*   tdResult *r = tdCompileTTIR(text, size, "num_warps=8\ntarget=cuda:90");*|
|*   if (tdResultSucceeded(r)) use tdResultGet(r, "ptx"), ...               *|
|*   else report tdResultGet(r, "diagnostics");                             *|
|*   tdResultFree(r);                                                       *|
|*                                                                          *|
|* Options are `key=value` lines: target (cuda:NN), num_warps, num_stages, *|
|* num_ctas, maxnreg, enable_fp_fusion, disable_mma_v3,                    *|
|* automatic_warp_specialization, grid_x_multiple, tma_multicast, keep_ir *|
|* (also TTGIR and LLVM IR), line_info, libdevice, source_name.            *|
|* An unknown key or a bad value fails the compile with a diagnostic.      *|
|*                                                                          *|
|* Calls from several threads at once are safe and run in parallel: each  *|
|* thread compiles in an MLIR context of its own.                          *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef TRITONDIALECT_CAPI_H
#define TRITONDIALECT_CAPI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TD_EXPORT __attribute__((visibility("default")))

typedef struct tdResult tdResult;

/// Compiles `size` bytes of TTIR text with `options` (may be NULL). Never
/// returns NULL; free the result with tdResultFree.
TD_EXPORT tdResult *tdCompileTTIR(const char *ttir, size_t size,
                                  const char *options);

/// 1 when the compile produced PTX, else 0.
TD_EXPORT int tdResultSucceeded(const tdResult *result);

/// A field of the result as a NUL-terminated string owned by the result:
/// "ptx", "ttgir", "llir" (with keep_ir), "metadata" (JSON: entry,
/// num_warps, shared_bytes, cluster_dims) or "diagnostics" (located
/// errors and warnings, one per line). Unknown fields give "".
TD_EXPORT const char *tdResultGet(const tdResult *result, const char *field);

TD_EXPORT void tdResultFree(tdResult *result);

/// The library's version, "MAJOR.MINOR.PATCH".
TD_EXPORT const char *tdVersion(void);

#ifdef __cplusplus
}
#endif

#endif /* TRITONDIALECT_CAPI_H */
