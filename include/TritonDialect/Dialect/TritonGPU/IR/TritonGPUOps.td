//===- TritonGPUOps.td - Operations of the `ttg` dialect ---*- tablegen -*-===//
//
// Layout conversion, shared-memory allocation, loads and stores, views of
// memory descriptors, asynchronous copies, scratch memory and warp
// specialization.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_OPS_TD
#define TRITONGPU_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "TritonDialect/Dialect/Triton/IR/TritonOpBase.td"
include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUTypes.td"

def SharedMemory : Resource<"::mlir::triton::gpu::SharedMemory">;

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TritonGPU_Dialect, mnemonic, traits>;

def TTG_MemDesc : Type<CPred<"::llvm::isa<::mlir::triton::gpu::MemDescType>($_self)">,
                       "memory descriptor", "::mlir::triton::gpu::MemDescType">;

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout", [Pure,
    SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "Move a tensor to another layout";
  let arguments = (ins TT_Tensor:$src);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasFolder = 1;
}

def TTG_LocalAllocOp : TTG_Op<"local_alloc",
    [DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Allocate a shared-memory buffer, optionally initialized";
  let description = [{
    Without `src` the buffer is mutable and uninitialized; with `src` it holds
    that tensor and is immutable.
  }];
  let arguments = (ins Optional<TT_Tensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = "($src^)? attr-dict `:` functional-type(operands, results)";
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc",
    [MemoryEffects<[MemFree<SharedMemory>]>]> {
  let summary = "Free a shared-memory buffer";
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load",
    [MemoryEffects<[MemRead<SharedMemory>]>]> {
  let summary = "Load a tensor from shared memory";
  let arguments = (ins TTG_MemDesc:$src, Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store",
    [MemoryEffects<[MemWrite<SharedMemory>]>]> {
  let summary = "Store a tensor into a mutable shared-memory buffer";
  let arguments = (ins TT_Tensor:$src, TTG_MemDesc:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TTG_Op<"memdesc_index", [Pure]> {
  let summary = "View buffer `index` of a multi-buffered allocation";
  let description = [{
    Drops the leading dimension: `memdesc<3x64x64xf16>[%i] -> memdesc<64x64xf16>`.
  }];
  let arguments = (ins TTG_MemDesc:$src, I32:$index);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescSubsliceOp : TTG_Op<"memdesc_subslice", [Pure]> {
  let summary = "View a rectangular sub-block at static offsets";
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$offsets);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescTransOp : TTG_Op<"memdesc_trans", [Pure]> {
  let summary = "View a buffer with its dimensions permuted";
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$order);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReshapeOp : TTG_Op<"memdesc_reshape", [Pure]> {
  let summary = "View a buffer with another shape of the same size";
  let arguments = (ins TTG_MemDesc:$src);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_MemDescReinterpretOp : TTG_Op<"memdesc_reinterpret", [Pure]> {
  let summary = "View the bytes of a buffer with another type and layout";
  let arguments = (ins TTG_MemDesc:$src);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local", [
    AttrSizedOperandSegments,
    OptionalTypesMatchWith<"mask matches the pointers' shape", "src", "mask",
                           "::mlir::triton::getI1SameShape($_self)">,
    OptionalTypesMatchWith<"other matches the pointees", "src", "other",
                           "::mlir::triton::getPointeeType($_self)">]> {
  let summary = "Start copying a block from global to shared memory (cp.async)";
  let arguments = (ins
      Arg<TT_PtrTensor, "", [MemRead<GlobalMemory>]>:$src,
      Arg<TTG_MemDesc, "", [MemWrite<SharedMemory>]>:$result,
      Optional<TT_BoolTensor>:$mask, Optional<TT_Type>:$other,
      DefaultValuedAttr<TT_CacheModifierAttr, "::mlir::triton::CacheModifier::NONE">:$cache,
      DefaultValuedAttr<TT_EvictionPolicyAttr, "::mlir::triton::EvictionPolicy::NORMAL">:$evict,
      DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
      DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group"> {
  let summary = "Close the current group of asynchronous copies";
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken);
  let results = (outs TTG_AsyncToken:$asyncToken_out);
  let assemblyFormat = "(`tokens` $asyncToken^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait"> {
  let summary = "Wait until at most `num` copy groups are still in flight";
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
  let hasVerifier = 1;
}

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc",
    [MemoryEffects<[MemAlloc<GlobalMemory>]>]> {
  let summary = "Per-program scratch space in global memory";
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs TT_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "Run regions on disjoint groups of warps";
  let description = [{
    The `default` region runs on the warps the kernel was launched with and
    yields the results; each `partitionN(args) num_warps(n)` region runs on
    `n` extra warps and sees what it is given, `explicitCaptures` (values
    from outside that a partition uses are added to them before shared
    memory is allocated: `captureImplicitUses`).

        %r = ttg.warp_specialize(%a) attributes {...}
        default {
          ttg.warp_yield %x : i32
        }
        partition0(%arg0: !tt.ptr<f32>) num_warps(4) {
          ttg.warp_return
        } : (!tt.ptr<f32>) -> i32
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps,
                       OptionalAttr<DenseI32ArrayAttr>:$warpGroupStartIds,
                       OptionalAttr<DenseI32ArrayAttr>:$requestedRegisters,
                       OptionalAttr<DenseI32ArrayAttr>:$actualRegisters);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  // One block each as written; the lowering turns structured control flow
  // inside them into branches before it dispatches the regions.
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The first warp of each partition, counted from the CTA's warp 0:
    /// `warpGroupStartIds` when set, else after the default warps in order,
    /// partitions of four or more warps starting on a warp group.
    SmallVector<int32_t> getPartitionStartWarps();
    /// Warps the op needs in all: the default warps and its partitions'.
    int32_t getTotalWarps();
    /// Values a partition uses from outside (CSE and the canonicalizer's
    /// constant hoisting make them): constants made again inside the
    /// partition, others added to the explicit captures.
    void captureImplicitUses();
  }];
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [Pure, Terminator, ReturnLike,
    HasParent<"WarpSpecializeOp">]> {
  let summary = "Terminator of a warp_specialize default region";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [Pure, Terminator, ReturnLike,
    HasParent<"WarpSpecializeOp">]> {
  let summary = "Terminator of a warp_specialize partition region";
  let assemblyFormat = "attr-dict";
}

#endif // TRITONGPU_OPS_TD
