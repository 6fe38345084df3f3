//===- Passes.td - TritonGPU IR passes ------------------------------------*- tablegen -*-===//
//
// The TritonGPU (ttg, ttng) passes of lib/Transforms/TritonGPU: layouts,
// tensor cores, software pipelining.
// Lowerings to other dialects are conversions (TritonDialect/Conversion).
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TRANSFORMS_TRITONGPU_PASSES
#define TRITONDIALECT_TRANSFORMS_TRITONGPU_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// TritonGPU IR (ttg, ttng)
//===----------------------------------------------------------------------===//

def TritonGPUCoalesce : Pass<"tritongpu-coalesce", "mlir::ModuleOp"> {
  let summary = "Give each memory access the layout of the widest coalesced vectors";
  let description = [{
    For every load, store and atomic through a tensor of pointers, picks a
    blocked layout whose fastest dimension is the one the pointers are most
    contiguous along, each thread holding a vector as wide as is safe: at
    most 128 bits, limited by the pointers' contiguity and alignment
    (AxisInfo), the mask's constancy, and the elements per
    thread. Consecutive lanes take consecutive vectors. Values are moved to
    and from that layout with ttg.convert_layout, which later passes remove.

    With `remarks`, each access reports the vector width it got and, below
    128 bits, what limited it.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "report each access's vector width and what limited it">
  ];
  let statistics = [
    Statistic<"numAccesses", "accesses", "memory accesses given a layout">,
    Statistic<"num128", "vector-128-bit", "accesses with 128-bit vectors">,
    Statistic<"limitedByContiguity", "limited-by-contiguity",
              "accesses whose vector is limited by pointer contiguity">,
    Statistic<"limitedByAlignment", "limited-by-alignment",
              "accesses whose vector is limited by pointer alignment">,
    Statistic<"limitedByMask", "limited-by-mask",
              "accesses whose vector is limited by the mask">,
    Statistic<"limitedBySize", "limited-by-size",
              "accesses whose vector is limited by elements per thread">
  ];
}

def TritonGPURemoveLayoutConversions : Pass<"tritongpu-remove-layout-conversions", "mlir::ModuleOp"> {
  let summary = "Remove, hoist and sink ttg.convert_layout";
  let description = [{
    Rewrites chains of layout-agnostic ops (elementwise ops, broadcast,
    splat, constants, ranges, loads with their operands) so that values are
    produced directly in the layout their users need, folds conversions of
    conversions, and removes conversions to the same layout. A conversion
    stays only where producing the value in the other layout would cost more
    (it feeds a reduction, a dot, or several users with different needs).
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUReduceDataDuplication : Pass<"tritongpu-reduce-data-duplication", "mlir::ModuleOp"> {
  let summary = "Stage conversions into dot operand layouts through shared memory";
  let description = [{
    A conversion into a `#ttg.dot_op` layout that moves elements between
    warps becomes `ttg.local_alloc` of the source (in a shared layout chosen
    for the operand: 16-byte vectors XOR-swizzled against ldmatrix bank
    conflicts for tensor-core operands, unswizzled for FMA operands) and a
    `ttg.local_load` into the operand layout. Conversions that stay within
    warps are left to the conversion lowering.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let statistics = [
    Statistic<"numStaged", "staged-conversions",
              "conversions to dot operands staged through shared memory">
  ];
}

def TritonGPUOptimizeThreadLocality : Pass<"tritongpu-optimize-thread-locality", "mlir::ModuleOp"> {
  let summary = "Keep gather chains within warps; split loop-carried reductions into per-thread partials";
  let description = [{
    A `tt.gather` whose source elements live in other warps than the
    threads that read them goes through shared memory (a store, a barrier
    and a load per element). When the gather is a link of a chain of
    gathers (its result reaches another gather through elementwise ops, or
    its source comes from one: a sort or flip network), this pass gives it a
    blocked layout, for its source, indices and result alike, in which
    every warp holds whole columns along the gathered axis: the lanes go to
    that axis first (as many as it has elements, the rest of the axis in
    registers), the remaining lanes and the warps to the other dimensions.
    It does so only when those other dimensions take every remaining lane
    and warp (no copies of the axis) and each thread holds at most 4
    elements of the axis: each result element costs a shuffle per such
    element, and past that shared memory is cheaper. Layout conversions go
    before and after the gather, for `tritongpu-remove-layout-conversions`
    to fold along the chain. The lowering then reads each element from its
    lane with a warp shuffle (from its own registers when the axis stays in
    the thread), without shared memory or a barrier.

    A lone gather keeps its layouts: relaid out, its three conversions
    through shared memory measured slower than its own store and load (a
    gather between a load and a store, `bench/gather.py`). Every gather
    leaves the pass marked `efficient_layout`, as upstream marks them: its
    layouts are settled.

    It also splits a reduction folded into a loop-carried accumulator,
    `acc = op(acc, tt.reduce(x))` where `op` is the reduction's own
    combiner (addf, mulf, maximumf, minimumf, maxnumf, minnumf, and the
    integer add, mul, min, max, and, or, xor), when the reduction crosses
    threads. Each iteration combines only what each thread holds: the
    elements along the axis in its registers at the low end of the axis
    (sizePerThread) and at the high end (repetitions), through a
    `tt.reshape` of the axis into [H, M, L] that moves no element and
    reductions along L and H; the result is combined element by element
    with a loop-carried tensor of per-thread partials, started at `op`'s
    identity. After the loop the partials are reduced across threads once,
    converted to the original result's layout (and through a layout
    conversion of the reduced value, if the loop had one) and combined with
    the accumulator's initial value. No shuffle, shared memory or barrier
    is left in the loop for it. Only when nothing else in the loop reads
    the accumulator and the partials fit in 64 registers a thread. Floats
    are reassociated, as by upstream's pass and any tree reduction.
    Upstream's pass does this only for a reduction of a load along the
    innermost axis with more than one element per thread; this one takes
    any operand and axis.

    With `scaled-accumulators`, a sum whose accumulator is multiplied by a
    factor before the update, `acc = acc * f + sum(x)` from a zero initial
    value (the online softmax's row normalizer, `l = l * alpha + sum(p)`),
    is split too: each partial is multiplied by f (broadcast along the
    axis through a layout conversion within threads) and the iteration's
    own sum added; the partials start at the initial value's zero and their
    sum after the loop is the result. The product is distributed over the
    sum's tree, one rounding per partial more. The pipeline runs the pass a
    second time with it once the layouts are the dots' (after
    `tritongpu-optimize-dot-operands`): attention's P is then in the wgmma
    accumulator's layout, where a row lies across the four lanes of a quad
    and the split saves its two shuffles and two additions per row and
    iteration. In the first run, before `tritongpu-accelerate-matmul`, the
    split would fix P's layout before the dot's is known.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
  let options = [
    Option<"scaledAccumulators", "scaled-accumulators", "bool",
           /*default*/"false",
           "also split sums whose accumulator is scaled before the update">
  ];
  let statistics = [
    Statistic<"numRelaidOut", "gathers-relaid-out",
              "gathers given a warp-local layout">,
    Statistic<"numReductionsSplit", "reductions-split",
              "loop reductions split into per-thread partials">
  ];
}

def TritonGPUAccelerateMatmul : Pass<"tritongpu-accelerate-matmul", "mlir::ModuleOp"> {
  let summary = "Put tt.dot on tensor cores: wgmma (mma v3) or mma.sync (mma v2)";
  let description = [{
    Gives each `tt.dot` whose operand types a tensor-core instruction takes a
    `#ttg.nvidia_mma` accumulator:

    - version 3 (`ttng.warp_group_dot`, wgmma) on sm_90 for 2-D dots with M
      a multiple of 64, N a multiple of 8, K a multiple of the instruction's
      K, a warp count that is a multiple of 4 and f16, bf16, tf32 (f32 under
      `inputPrecision = tf32`), fp8 (e4m3fn, e5m2) or i8 operands. B, and A
      unless it is computed from another dot's result (attention's P), are
      staged in `#ttg.nvmma_shared` buffers swizzled 32, 64 or 128 bytes
      wide along their contiguous dimension;
    - version 2 (mma.sync m16n8k16 / k8 / k32) on sm_80 and later otherwise,
      batched 3-D dots included, operands as `#ttg.dot_op` of it.

    Warps go along M when the result feeds another dot (attention), else as
    upstream Triton spreads them. `disable-mma-v3` (or the environment
    variable `DISABLE_MMA_V3=1`) forces version 2; `remarks` reports the
    choice for each dot and why the other version was not taken.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "report the instruction chosen for each dot and why">,
    Option<"disableMMAv3", "disable-mma-v3", "bool", /*default*/"false",
           "use mma.sync (version 2) even where wgmma applies">
  ];
  let statistics = [
    Statistic<"numV3", "mma-v3", "dots put on wgmma">,
    Statistic<"numV2", "mma-v2", "dots put on mma.sync">,
    Statistic<"numFMA", "fma", "dots left on CUDA cores">
  ];
}

def TritonGPUOptimizeDotOperands : Pass<"tritongpu-optimize-dot-operands", "mlir::ModuleOp"> {
  let summary = "Fold transposes of dot operands into how their buffer is read";
  let description = [{
    `ttg.local_alloc` of a `tt.trans` becomes a `ttg.local_alloc` of the
    untransposed tensor (in the shared layout whose transpose is the
    original one) viewed through `ttg.memdesc_trans`: the same bytes, stored
    in the tensor's own layout.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect"];
}

def TritonGPUF32DotTC : Pass<"tritongpu-F32DotTC", "mlir::ModuleOp"> {
  let summary = "3xTF32: f32 dots with inputPrecision = tf32x3 as three tf32 dots";
  let description = [{
    Splits each f32 operand into a tf32-exact high part and the remainder,
    and replaces the dot by three `inputPrecision = tf32` dots (small x big,
    big x small, big x big, accumulated in that order), which tensor cores
    run at close to f32 accuracy.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TritonGPUFuseNestedLoops : Pass<"tritongpu-fuse-nested-loops", "mlir::ModuleOp"> {
  let summary = "Flatten a loop marked tt.flatten and its inner loop into one loop";
  let description = [{
    A loop with `tt.flatten` (`tl.range(..., flatten=True)`) whose body holds
    one inner loop, with bounds and initial iteration arguments computed
    outside it, becomes one loop over all the inner iterations: the
    prologue runs when a new outer iteration starts (`scf.if`), the epilogue
    when its last inner iteration ends, and the inner loop's arguments are
    reset there. Pure tensor ops of the prologue are recomputed in every
    iteration. The fused loop runs where the inner loop has at least one
    iteration; otherwise the nest without its inner loop runs. A persistent
    matmul then pipelines across its tiles. `remarks` says which loops were
    flattened and why others were not.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::scf::SCFDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say which loops were flattened, and why others were not">
  ];
}

def TritonGPUAutomaticWarpSpecialization
    : Pass<"tritongpu-automatic-warp-specialization", "mlir::ModuleOp"> {
  let summary = "Loops marked tt.warp_specialize: a TMA or cp.async producer warp group and wgmma consumers";
  let description = [{
    An innermost `scf.for` carrying `tt.warp_specialize = true`
    (`tl.range(..., warp_specialize=True)`), on sm_90, whose tensor
    descriptor loads each feed a `ttg.local_alloc` that TMA can write, or
    whose pointer loads into `ttg.local_alloc`s cp.async can copy (4 bytes
    or more a copy, zero where masked), becomes a `ttg.warp_specialize`:

    - partition0, one warp group, runs the loop's address computation and
      issues the loads as TMA copies into rings of S slots: it waits until
      a slot is free (its "empty" mbarrier), arms the slot's "full" mbarrier
      with the bytes and issues the copies;
    - the default warps run the loop: they wait on the slot's "full"
      mbarrier, issue the wgmma on the slot asynchronously, and once the
      previous iteration's wgmma has completed (`warp_group_dot_wait
      {pendings = 1}`) release its slot (every thread arrives on "empty");
      a loop with no wgmma to keep in flight (attention) keeps its dots
      synchronous and releases each slot at the end of its iteration.

    Only loops whose descriptors are kernel arguments are specialized.
    Pointer loads become cp.async copies instead of TMA: the producer
    computes the pointers and masks itself, in the loop's blocked layouts
    spread over its 4 warps (the tensors from before the loop they start
    from made again in the partition; only scalars are captured), and each
    of its threads arrives on "full" with `ttng.async_copy_mbarrier_arrive
    {noIncrement}` once its copies completed ("full" then expects the
    producer's 128 arrivals, no bytes). The pointers must come from
    elementwise arithmetic, splats, broadcasts, ranges and splat constants.

    In attention's consumer loop (two synchronous wgmmas, the second
    accumulating `acc * alpha + P V`), `pipeline-dot-chains` issues each
    P V in the next iteration right after its Q K^T, so the softmax runs
    while it is in flight; its slot is released a turn later, so this takes
    rings of three slots or more.

    With `automatic`, a loop not marked either way is specialized too when
    it is such an attention loop in an 8-warp kernel whose P @ V tiles have
    at least 64 x 128 elements and whose rings get three slots (measured
    9-22 % faster than the pipelined loop on an H200 through descriptors,
    1-18 % through pointers; 64 x 64 tiles and one consumer warp group
    were slower and stay pipelined, and so do matmul loops: marked, the
    corpus's pointer matmuls ran 0.64-0.94x).

    S is the loop's `tt.num_stages`, else `num-stages`, lowered until the
    rings fit in shared memory. Where the kernel then has more than 256
    threads, `actualRegisters` gives the producer 40 registers a thread
    (a cp.async producer 2 more for each of its copies of an iteration,
    at most 128) and the consumers the rest (setmaxnreg). `remarks` says which loops
    were specialized and why others were not.

    With `multicast`, where the launch's grid x extent is even
    (`grid-x-multiple`, or the module's `ttg.grid-x-multiple`), a matmul
    loop over kernel-argument descriptors, in the kernel's body, runs in
    2-block clusters along x (`ttg.cluster-dim-x = 2`): each TMA copy whose
    coordinates are the same in both blocks of a cluster at run time
    (ClusterPeer.h: computed again from the other block's program id) is
    shared, each block issuing half of its boxes to both
    (`multicast`). Each consumer warp then also releases its slot on the
    other block's "empty" barrier (`arrive_barrier ... cta`), since that
    block's producer writes there; the barriers expect one more arrival per
    consumer warp, made on the block's own barrier where nothing is shared.
    Both blocks meet at a cluster barrier once the barriers are
    initialized, and each producer waits for its last slots' release before
    it ends, so no block exits while the other still signals it.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default*/"3",
           "ring slots: tiles in flight plus the one in use">,
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say which loops were specialized, and why not">,
    Option<"automatic", "automatic", "bool", /*default*/"true",
           "also specialize a kernel's lone unmarked attention loop with 8 "
           "warps and P @ V tiles of at least 64 x 128 (where it measured "
           "faster)">,
    Option<"pipelineDotChains", "pipeline-dot-chains", "bool",
           /*default*/"true",
           "in attention's consumer loop, issue P @ V in the next iteration, "
           "after its Q K^T (DotChainPipelining.cpp)">,
    Option<"multicast", "multicast", "bool", /*default*/"false",
           "share the TMA copies two programs of a 2-block cluster make alike "
           "(multicast), where the grid's x extent is even">,
    Option<"gridXMultiple", "grid-x-multiple", "int32_t", /*default*/"1",
           "the launch grid's x extent is a multiple of this (the launcher's "
           "word)">
  ];
}

def TritonGPUAssignLatencies : Pass<"tritongpu-assign-latencies", "mlir::ModuleOp"> {
  let summary = "Software pipelining, step 1: latencies of the loads to pipeline";
  let description = [{
    In innermost loops with a dot, each load whose only user is a
    `ttg.local_alloc` and that cp.async can copy ahead (4 bytes or more per
    copy, zero `other`, addresses computable ahead of the loop's work) gets
    `tt.latency = S - 1`. In innermost loops without a dot that carry
    `tt.num_stages` (`tl.range(..., num_stages=)`, as upstream), such loads
    are first staged through shared memory (`ttg.local_alloc`, read back by
    a `ttg.local_load` in the load's layout) and pipelined the same way. S
    is the loop's `tt.num_stages` attribute, else `num-stages`, lowered with
    a remark until S slots of every such tile fit in the target's shared
    memory. `remarks` says why other loads and loops
    are left alone.
  }];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default*/"3",
           "pipeline depth: tiles in flight plus the one in use">,
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say which loads get no latency, and why">
  ];
}

def TritonGPUScheduleLoops : Pass<"tritongpu-schedule-loops", "mlir::ModuleOp"> {
  let summary = "Software pipelining, step 2: a stage and a cluster for every op of a loop";
  let description = [{
    For each loop whose body has ops with `tt.latency`: those ops and what
    computes their operands get `loop.stage = 0`, every other op of the body
    the largest latency, recorded as the loop's `tt.scheduled_max_stage`.
    `loop.cluster` orders the pipelined body: stage 0 first, or after the
    rest when the loop's accumulating wgmma, fed only from pipelined loads,
    can stay in flight across iterations.
  }];
}

def TritonGPUPipeline : Pass<"tritongpu-pipeline", "mlir::ModuleOp"> {
  let summary = "Software pipelining: loads feeding shared memory as multi-stage async copies";
  let description = [{
    Carries out the schedule of tritongpu-assign-latencies and
    tritongpu-schedule-loops (both run here first, with this pass's
    options, on loops that have no `tt.scheduled_max_stage`): the stage-0
    loads, whose only user is a `ttg.local_alloc`, become
    `ttg.async_copy_global_to_local` into a ring of `S` buffers
    (`ttg.memdesc_index`), issued `S - 1` iterations ahead, with
    `ttg.async_commit_group` / `ttg.async_wait`; the accumulating wgmma
    stays in flight across iterations when the schedule issues the copies
    after it. Any trip count works (copies beyond the last iteration are
    masked off). The schedule's attributes are gone afterwards. `remarks`
    says which loads were pipelined and why others were not.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
  let options = [
    Option<"numStages", "num-stages", "int32_t", /*default*/"3",
           "pipeline depth: tiles in flight plus the one in use">,
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "report what was pipelined and why not">
  ];
}

def TritonGPUPrefetch : Pass<"tritongpu-prefetch", "mlir::ModuleOp"> {
  let summary = "mma.sync: read the next k-slice of the operands from shared memory while the current one computes";
  let description = [{
    In a loop whose `tt.dot` (an `nvidia_mma` v2 result) reads its operands
    with `ttg.local_load` from buffers only async copies write (the rings
    of tritongpu-pipeline), the dot is split along K into slices of one
    mma instruction's depth; the first slice of the next iteration's
    operands is read at the end of the body and carried by the loop, the
    others from `ttg.memdesc_subslice` views right before their dot. The
    loop's `ttg.async_wait` moves to the end of the body (and before the
    loop), with the number of groups left in flight adjusted.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::arith::ArithDialect"];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say which dots were prefetched and why others were not">
  ];
}

def TritonGPUPlanClusters : Pass<"tritongpu-plan-clusters", "mlir::ModuleOp"> {
  let summary = "Group consecutive blocks into 2-block clusters where the launch allows it and tensor-core loops gain";
  let description = [{
    On sm_90 and later, a kernel whose loop issues warp-group dots (wgmma)
    that read both operands from shared memory (a matmul loop, not
    attention's chained dots, where clusters measured about 1 % slower),
    and whose shared memory (`ttg.shared`: the pass runs after
    allocate-shared-memory) leaves room for two or more resident blocks per
    multiprocessor gets `ttg.cluster-dim-x = 2` (and `-y`, `-z` = 1): the
    hardware then schedules blocks 2i and 2i+1 together on one GPC. Each
    block is still one program (`ttg.num-ctas` = 1); no cluster-wide memory
    or barrier is used. Neighbouring programs of a matmul read the same
    operand tiles; on an H100 the clusters alone made upstream's own matmul
    kernels up to 19 % faster where two or more blocks fit on a
    multiprocessor, and changed nothing where one does (docs/gpu-runs).

    A launch with clusters of 2 needs a grid whose x extent is a multiple
    of 2, which the compiler cannot see: the launcher states it, as
    `grid-x-multiple` (or the module's `ttg.grid-x-multiple`); without it
    nothing changes. The fact used is recorded as `ttg.grid-x-multiple`. A
    module that already has `ttg.cluster-dim-*` keeps them. `remarks` says
    why a module gets no clusters.
  }];
  let options = [
    Option<"gridXMultiple", "grid-x-multiple", "int32_t", /*default*/"1",
           "the launch grid's x extent is a multiple of this">,
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say why the blocks were or were not grouped">
  ];
}

def TritonGPUScaleAfterMax : Pass<"tritongpu-scale-after-max", "mlir::ModuleOp"> {
  let summary = "A max- or min-reduction of x * s reduces x and scales the result, where s is positive and finite";
  let description = [{
    For s positive and finite, x -> x * s rounds monotonically, so
    max(x * s) = max(x) * s exactly (min, maximumf and minimumf too), and
    the reduction needs no product per element. Attention's softmax,
    written `qk = dot(q, k) * sm_scale; m = max(qk, 1); p = exp(qk - m)`,
    then spends one instruction per score element less: its products only
    feed the subtraction, which contracts with them into one fma.

    A `tt.reduce` qualifies when its combiner is one max or min, its operand
    is `arith.mulf y, s` with s a splat (of a scalar, or a constant), and
    every other use of the product is an `arith.subf` taking it first,
    `x * s - b`, rewritten as `math.fma(x, s, -b)`, the fma LLVM's
    contraction makes of it anyway (so only where `fp-fusion`, upstream's
    enable_fp_fusion, is on). The operand may also be masked:
    `select(mask, y * s, c)` with c zero or infinite (c * s = c, causal
    attention's -inf), or an scf.if whose branches both yield such values
    (a mask applied on diagonal tiles only, triton-guard-tile-masks); then
    each product becomes y in place, element by element exactly the scores
    divided by s, when nothing else reads the values between them and the
    reduction. A constant s must be positive and finite; a
    runtime s is tested, 0 < s < inf, once: the innermost loop that leaves
    s invariant becomes an `scf.if` on it whose other branch is the loop as
    written (no iteration branches), with the waits for wgmmas the loop
    leaves in flight (a wgmma in flight across the join made ptxas
    serialize every wgmma), and outside such a loop the reduction itself
    becomes one, whose other branch is the product and reduction as
    written (not for masked operands). Reductions in `ttg.warp_specialize`
    partitions too: their loops are versioned inside the partition. Runs
    before allocate-shared-memory, on TritonGPU IR whose layouts and loops
    are final. `remarks` says which reductions were rewritten.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::math::MathDialect"];
  let options = [
    Option<"fpFusion", "fp-fusion", "bool", /*default*/"true",
           "products may contract with the additions that use them "
           "(upstream's enable_fp_fusion)">,
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say which reductions were rewritten">
  ];
}

def TritonGPUCheckAsyncSlots : Pass<"tritongpu-check-async-slots", "mlir::ModuleOp"> {
  let summary = "Static check that no ring slot is overwritten or read while an async copy or wgmma may still use it";
  let description = [{
    Follows the ring slots of pipelined loops (`ttg.memdesc_index` of a
    buffer filled by `ttg.async_copy_global_to_local`) through the prologue
    and enough iterations of the loop to cover every slot twice, with the
    commit groups `ttg.async_wait` leaves in flight and the wgmmas
    `ttng.warp_group_dot_wait` leaves running. An error, at the op, when a
    copy may overwrite a slot an async wgmma may still read, or when a
    slot is read while a copy into it may still be in flight. Slot indices
    must be computable from constants and the loop's iteration arguments
    (what the pipeliner produces); other loops are not checked (a remark
    with `remarks=true`).
  }];
  let options = [
    Option<"remarks", "remarks", "bool", /*default*/"false",
           "say which loops were checked">
  ];
}

def TritonNvidiaTMALowering : Pass<"triton-nvidia-tma-lowering", "mlir::ModuleOp"> {
  let summary = "Tensor-descriptor loads and stores become TMA copies";
  let description = [{
    On Hopper, a `tt.descriptor_load` the pipeliner left (outside loops, or
    not pipelined) becomes a TMA copy into a shared buffer, completed on an
    mbarrier, then read into the load's layout:

      %buf = ttg.local_alloc (nvmma_shared, TMA.h's layout for the block)
      %bar = ttg.local_alloc : memdesc<1xi64>; ttng.init_barrier %bar, 1
      ttng.barrier_expect %bar, <block bytes>, true
      ttng.async_tma_copy_global_to_local %desc[...] %buf, %bar, true
      ttng.wait_barrier %bar, 0; ttng.inval_barrier %bar
      %v = ttg.local_load %buf

    and a `tt.descriptor_store` a TMA store from a shared copy of its value:
    `ttg.local_alloc %src`, `ttng.fence_async_shared`,
    `ttng.async_tma_copy_local_to_global`, `ttng.async_tma_store_wait`.
    A block TMA cannot move (`isTMACompatible`) is an error: descriptors
    reach this pass only when triton-rewrite-tensor-descriptor-to-pointer
    (with `tma`) left them for TMA.
  }];
  let dependentDialects = ["mlir::triton::gpu::TritonGPUDialect",
                           "mlir::triton::nvidia_gpu::TritonNvidiaGPUDialect",
                           "mlir::arith::ArithDialect"];
}

#endif // TRITONDIALECT_TRANSFORMS_TRITONGPU_PASSES

def TritonGPUSetTarget : Pass<"tritongpu-set-target", "mlir::ModuleOp"> {
  let summary = "Gives a TTGIR module without `ttg.target` the one it is compiled for";
  let description = [{
    Upstream's TTGIR test files leave the target to the compiler
    (triton.compile passes it): a module without `ttg.target` gets
    `target` (`cuda:<capability>`); one that has it keeps its own. Any other
    form of `target` is an error.
  }];
  let options = [
    Option<"target", "target", "std::string", /*default*/"\"cuda:90\"",
           "the target, cuda:<capability>">
  ];
}
