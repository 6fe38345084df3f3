//===- ResidentBlocks.cpp - blocks per multiprocessor a loop asks for ----===//
//
// How many blocks of a pipelined loop's kernel should reside on one
// multiprocessor, as tritongpu-pipeline records it in the module: at most
// (`ttg.max-ctas-per-sm`) for a matmul whose wgmma stays in flight, at least
// (`ttg.min-ctas-per-sm`) for attention's loop in one warp group. The launch
// metadata and the kernel's PTX directives carry them out.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedMemory.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/PipeliningUtility.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// Shared memory a block of the loop's kernel takes at least: the rings
/// the loop's tiles will have (`stages` slots each) and every other
/// buffer its function allocates now.
int64_t buffersAtLeast(scf::ForOp loop, ArrayRef<PipelinedLoad> candidates,
                       int stages) {
  int64_t bytes = 0;
  for (const PipelinedLoad &c : candidates)
    bytes += stages * int64_t(c.tileBytes);
  loop->getParentOfType<FunctionOpInterface>()->walk([&](LocalAllocOp a) {
    if (llvm::any_of(candidates,
                     [&](const PipelinedLoad &c) { return c.alloc == a; }))
      return;
    MemDescType type = a.getType();
    bytes += type.getNumElements() * type.getElementTypeBitWidth() / 8;
  });
  return bytes;
}
} // namespace

/// A loop that keeps one async wgmma in flight, fed from rings, keeps the
/// multiprocessor's tensor cores busy once the resident blocks hold the
/// accumulators of two full warp groups (2 x 128 threads x 128 f32
/// registers, 32768 elements): more blocks add no throughput, but fewer,
/// fuller waves of blocks. Records at most max(2, ceil(32768 / accumulator
/// elements of the loop's dot)) blocks per multiprocessor (the launch
/// metadata turns it into a shared-memory request). Measured on the perf
/// matmul 128x128x32 (4 warps, 1024 tiles): 3 blocks per multiprocessor
/// (168 registers) ran at 0.85x of upstream's 2 (its 200 registers), 2 at
/// 1.02x (docs/gpu-runs/README.md); with 8 warps, a 128x128x64 TMA matmul
/// ran at 0.78x of upstream with 1 block, 2 as upstream
/// (bench/tma_matmul_ab.py). Smaller tiles need more blocks: 128x64 and
/// 64x128 with 4 warps ran at 0.79-0.86x of upstream with 2 blocks
/// (bench/matmul_configs_ab.py, S = 1792: 392 tiles in two waves).
void mlir::triton::gpu::limitResidentBlocks(scf::ForOp loop,
                                            nvidia_gpu::WarpGroupDotOp dot,
                                            PipelineRemark remark) {
  auto module = loop->getParentOfType<ModuleOp>();
  constexpr int64_t kBusyAccumulators = 2 * 128 * 128;
  int64_t elements = cast<RankedTensorType>(dot.getType()).getNumElements();
  int blocks = std::max<int64_t>(
      2, llvm::divideCeil(kBusyAccumulators, std::max<int64_t>(1, elements)));
  StringRef name = TritonGPUDialect::getMaxCTAsPerSMAttrName();
  if (auto old = module->getAttrOfType<IntegerAttr>(name))
    blocks = std::min<int>(blocks, old.getInt());
  module->setAttr(name, IntegerAttr::get(
                            IntegerType::get(module.getContext(), 32), blocks));
  remark(loop, "at most " + Twine(blocks) +
                   " blocks per multiprocessor: their accumulators keep the "
                   "tensor cores busy");
}

/// Attention's loop in a block of one warp group waits on its own wgmmas
/// and runs its softmax as one long dependent chain: other blocks on the
/// multiprocessor are what overlaps them. Left alone, ptxas gave the
/// corpus kernel's loop 209 registers a thread, so two blocks resided;
/// where the loop's f32 results (S and the output accumulator, per thread)
/// and 32 more registers fit three blocks, and so do its rings and other
/// buffers in shared memory, the module asks for three
/// (`ttg.min-ctas-per-sm`, the kernel's `.minnctapersm` where the
/// allocated shared memory holds them). Measured on an H200 (head dim 64,
/// 128x64 tiles, 4 warps): 2-10 % faster than two, full and causal,
/// pointers and host descriptors (session 36).
///
/// P @ V left in flight across the back-edge keeps its accumulator and P
/// (its A operand, in registers) live with the next S. Where those no
/// longer fit three blocks' registers, ptxas serialized every wgmma of the
/// loop (its C7512 note at 168 registers), so P @ V completes in its own
/// iteration instead (returns true): 4-5 % faster on the corpus kernel and
/// its causal version, up to 7 % on the causal loop over host descriptors
/// (session 37; docs/gpu-runs/README.md). Where they fit (64x64 tiles)
/// it stays in flight: completed in its iteration, the corpus's short
/// flash_attn_fwd ran 3 % slower, the 64x64 attention loops within 2 %.
bool mlir::triton::gpu::requestResidentBlocks(
    scf::ForOp loop, ArrayRef<PipelinedLoad> candidates, int stages,
    PipelineRemark remark) {
  constexpr int64_t kBlocks = 3, kRegisterFile = 65536, kOtherRegisters = 32;
  auto module = loop->getParentOfType<ModuleOp>();
  int64_t threads = TritonGPUDialect::getNumWarps(module) *
                    TritonGPUDialect::getThreadsPerWarp(module);
  if (threads != 128)
    return false;
  int64_t registers = kOtherRegisters, registerOperands = 0;
  loop.getBody()->walk([&](nvidia_gpu::WarpGroupDotOp dot) {
    registers += llvm::divideCeil(
        cast<RankedTensorType>(dot.getType()).getNumElements(), threads);
    if (auto a = dyn_cast<RankedTensorType>(dot.getA().getType()))
      registerOperands += llvm::divideCeil(
          a.getNumElements() * a.getElementTypeBitWidth(), threads * 32);
  });
  int64_t budget = kRegisterFile / (kBlocks * threads);
  if (registers > budget)
    return false;
  int64_t perSM =
      getSharedMemoryPerSM(TritonGPUDialect::getComputeCapability(module));
  if (kBlocks * (buffersAtLeast(loop, candidates, stages) +
                 int64_t(kSharedMemoryReservedPerBlock)) >
      perSM)
    return false;
  module->setAttr(
      TritonGPUDialect::getMinCTAsPerSMAttrName(),
      IntegerAttr::get(IntegerType::get(module.getContext(), 32), kBlocks));
  bool complete = registers + registerOperands > budget;
  remark(loop, "asks for " + Twine(kBlocks) + " blocks per multiprocessor" +
                   (complete ? ", P @ V completed in its iteration" : "") +
                   ": one block's softmax runs while another's wgmmas do");
  return complete;
}
