//===- TritonNvidiaGPUOps.td - `ttng` ops ------------------*- tablegen -*-===//
//
// The ops upstream's Hopper TTGIR uses: warp-group MMA (wgmma) and its wait,
// the async-proxy fence, mbarriers, TMA copies and tensor-map management.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONNVIDIAGPU_OPS_TD
#define TRITONNVIDIAGPU_OPS_TD

include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUOps.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::mlir::triton::nvidia_gpu";
  let summary = "NVIDIA-specific TritonGPU ops (Hopper wgmma, TMA, mbarriers)";
  let dependentDialects = ["triton::TritonDialect", "triton::gpu::TritonGPUDialect"];
}

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonNvidiaGPU_Dialect, mnemonic, traits>;

def TTNG_TensorOrMemDesc : AnyTypeOf<[TT_FpIntTensor, TTG_MemDesc]>;

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    TypesMatchWith<"result's type matches accumulator's type", "d", "c",
                   "$_self">]> {
  let summary = "d = a * b + c on a warp group (wgmma)";
  let description = [{
    `a` comes from registers (a `#ttg.dot_op` tensor) or shared memory, `b`
    from shared memory. With `isAsync` the op only issues the wgmma; a
    `ttng.warp_group_dot_wait` makes its result available. `useC` false
    ignores the accumulator.
  }];
  let arguments = (ins TTNG_TensorOrMemDesc:$a, TTG_MemDesc:$b,
      TT_FpIntTensor:$c, Optional<I1>:$useC,
      DefaultValuedAttr<TT_InputPrecisionAttr, "::mlir::triton::InputPrecision::IEEE">:$inputPrecision,
      DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
      DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs TT_FpIntTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*` qualified(type($b)) `->` type($d)
  }];
  let hasVerifier = 1;
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>, AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "Wait until at most `pendings` async wgmma groups are in flight";
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  // Upstream's form, `%a, %b {pendings = 1} : t1, t2`; with no inputs (a
  // wait that only orders, the values staying in flight) just the attributes.
  let assemblyFormat = "($inputs^)? attr-dict (`:` type($inputs)^)?";
  let hasVerifier = 1;
}

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared"> {
  let summary = "Order generic-proxy shared-memory writes before async-proxy reads";
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_FenceMBarrierInitReleaseClusterOp : TTNG_Op<"fence_mbarrier_init_release_cluster"> {
  let summary = "Order this thread's earlier mbarrier inits before its next cluster arrive";
  let description = [{
    `fence.mbarrier_init.release.cluster`: the barriers this thread
    initialized are seen initialized by the cluster's other blocks once they
    waited on the cluster barrier it arrives at next (`ttng.cluster_arrive`).
  }];
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_ClusterArriveOp : TTNG_Op<"cluster_arrive"> {
  let summary = "Arrive at the cluster barrier";
  let description = [{
    `barrier.cluster.arrive` (`.relaxed` with `relaxed`: nothing the thread
    did before is released). Every thread of every block of the cluster
    arrives once before any `ttng.cluster_wait` of the phase returns.
  }];
  let arguments = (ins UnitAttr:$relaxed);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_ClusterWaitOp : TTNG_Op<"cluster_wait"> {
  let summary = "Wait until every thread of the cluster arrived at the cluster barrier";
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier"> {
  let summary = "Initialize an mbarrier to expect `count` arrivals";
  let arguments = (ins Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$alloc,
                       I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier"> {
  let summary = "Invalidate an mbarrier so its memory can be reused";
  let arguments = (ins Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect"> {
  let summary = "Tell an mbarrier to expect `size` more bytes of transactions";
  let arguments = (ins Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$alloc,
                       I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [AttrSizedOperandSegments]> {
  let summary = "Wait for an mbarrier to complete phase `phase`";
  let arguments = (ins Arg<TTG_MemDesc, "", [MemRead<SharedMemory>, MemWrite<SharedMemory>]>:$alloc,
                       I32:$phase, Optional<I1>:$pred,
                       Variadic<TTG_MemDesc>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict
    `:` qualified(type($alloc)) (`,` qualified(type($deps))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier", [AttrSizedOperandSegments]> {
  let summary = "Arrive `count` times on an mbarrier";
  let description = [{
    Every thread whose predicate holds arrives `count` times on the barrier.

    With `cta %rank`, the barrier at the same offset in block `%rank` of the
    cluster takes the arrivals instead (the block's own barrier where
    `%rank` is its own rank): one thread of each warp arrives `count` times
    for the warp, after every thread of the warp reached the op (the warp's
    threads reach it together, with the same predicate), releasing at
    cluster scope what the warp did before. A 2-block cluster whose blocks
    write each other's buffers (`multicast` TMA copies) releases them so,
    once the warp's reads of the buffer completed (`warp_group_dot_wait`).
  }];
  let arguments = (ins Arg<TTG_MemDesc, "", [MemRead<SharedMemory>, MemWrite<SharedMemory>]>:$alloc,
                       I32Attr:$count, Optional<I1>:$pred, Optional<I32>:$cta);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? (`cta` $cta^)? attr-dict `:` qualified(type($alloc))
  }];
  let builders = [
    OpBuilder<(ins "Value":$alloc, "uint32_t":$count, "Value":$pred), [{
      build($_builder, $_state, alloc, count, pred, Value());
    }]>
  ];
  let hasVerifier = 1;
}

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive"> {
  let summary = "Arrive on an mbarrier once the thread's earlier cp.async copies completed";
  let description = [{
    Each thread arrives on the barrier when every `ttg.async_copy_global_to_local`
    it issued before completed (`cp.async.mbarrier.arrive`), so a barrier can
    track cp.async copies as it tracks TMA's. With `noIncrement` the arrival is
    one of those the barrier was initialized to expect; without, the barrier's
    pending count is raised first, and the arrival only balances it.
  }];
  let arguments = (ins Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$barrier,
                       UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyGlobalToLocalOp : TTNG_Op<"async_tma_copy_global_to_local", [AttrSizedOperandSegments]> {
  let summary = "Copy a block from global memory by TMA, completing on a barrier";
  let description = [{
    The block at `coord` of the descriptor's tensor is written to the buffer
    by one or more TMA boxes, their bytes counted on the barrier.

    With `multicast %share`, where `%share` is true, the two blocks of a
    2-block cluster (`ttg.cluster-dim-x = 2`) share the copy: the block of
    cluster rank r issues boxes r, r + 2, ... of it, each written at its
    offset of the buffer in both blocks and counted on the barrier at its
    offset in both, so each block's barrier still receives the whole
    block's bytes. Both blocks issue the op with the same coordinates, the
    same `%share` and the buffer and barrier at the same offsets. Where
    `%share` is false, the block copies every box itself.
  }];
  let arguments = (ins
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>]>:$desc,
      Variadic<I32>:$coord,
      Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$barrier,
      Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$result,
      I1:$pred,
      Optional<I1>:$multicast,
      DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
      DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred (`multicast` $multicast^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let builders = [
    OpBuilder<(ins "Value":$desc, "ValueRange":$coord, "Value":$barrier,
                   "Value":$result, "Value":$pred,
                   "::mlir::triton::CacheModifier":$cache,
                   "::mlir::triton::EvictionPolicy":$evict, "bool":$isVolatile), [{
      build($_builder, $_state, desc, coord, barrier, result, pred, Value(),
            cache, evict, isVolatile);
    }]>
  ];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp : TTNG_Op<"async_tma_copy_local_to_global"> {
  let summary = "Copy a block from shared to global memory by TMA";
  let description = [{
    The buffer holds the descriptor's block, or a part of it (a subtile:
    each dimension divides the block's) that the descriptor's tensor map
    copies with the same box, stored at `coord`.
  }];
  let arguments = (ins
      Arg<TT_TensorDescType, "", [MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>:$desc,
      Variadic<I32>:$coord,
      Arg<TTG_MemDesc, "", [MemRead<SharedMemory>]>:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,` qualified(type($src))
  }];
  let hasVerifier = 1;
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait"> {
  let summary = "Wait until at most `pendings` TMA stores still read shared memory";
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    AttrSizedOperandSegments, MemoryEffects<[MemRead<GlobalMemory>, MemWrite<GlobalMemory>]>]> {
  let summary = "Write a TMA tensor map (descriptor) to global memory";
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
      Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
      Variadic<I64>:$global_stride, Variadic<I32>:$element_stride,
      ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<15>]>:$elem_type,
      ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<2>]>:$interleave_layout,
      ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<3>]>:$swizzle_mode,
      ConfinedAttr<I32Attr, [IntNonNegative, IntMaxValue<1>]>:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,`
    `[` $box_dim `]` `,` `[` $global_dim `]` `,` `[` $global_stride `]` `,` `[` $element_stride `]`
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TensormapFenceproxyAcquireOp : TTNG_Op<"tensormap_fenceproxy_acquire",
    [MemoryEffects<[MemWrite<GlobalMemory>]>]> {
  let summary = "Make a tensor map written by the generic proxy visible to TMA";
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "View a raw pointer to a TMA tensor map as a tensor descriptor";
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDescType:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))
  }];
}

#endif // TRITONNVIDIAGPU_OPS_TD
