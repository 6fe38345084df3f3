//===- TritonGPUAttrDefs.td - Layout encodings of `ttg` ----*- tablegen -*-===//
//
// Distributed and shared encodings, the CTA (cluster) layout they share, and
// the shared-memory space. Textual forms are upstream Triton 3.6's; each
// encoding parses and prints in C++ (Attributes.cpp) so that optional fields
// appear only when they carry information.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_ATTRDEFS_TD
#define TRITONGPU_ATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/TensorEncoding.td"
include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "TritonDialect/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.td"

class TritonGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TritonGPU_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def LinearLayoutParam : AttrOrTypeParameter<"::mlir::triton::LinearLayout",
                                            "a linear layout"> {
  let cppAccessorType = "const ::mlir::triton::LinearLayout &";
}

// How a tensor spreads over the CTAs of a cluster (CGA). Empty lists mean
// one CTA; upstream prints the fields only when they say more than that.
def CTALayoutAttr : TritonGPU_Attr<"CTALayout", "cta_layout"> {
  let summary = "Placement of a tensor over the CTAs of a cluster";
  let parameters = (ins ArrayRefParameter<"unsigned">:$CTAsPerCGA,
                        ArrayRefParameter<"unsigned">:$CTASplitNum,
                        ArrayRefParameter<"unsigned">:$CTAOrder);
  let assemblyFormat = [{
    `<` `{` `CTAsPerCGA` `=` `[` $CTAsPerCGA `]` `,` `CTASplitNum` `=` `[`
    $CTASplitNum `]` `,` `CTAOrder` `=` `[` $CTAOrder `]` `}` `>`
  }];
  let extraClassDeclaration = [{
    /// One CTA: no CTA fields were given.
    bool isTrivial() const { return getCTAsPerCGA().empty(); }
    static CTALayoutAttr getTrivial(::mlir::MLIRContext *ctx) {
      return get(ctx, {}, {}, {});
    }
  }];
  let genVerifyDecl = 1;
}

def BlockedEncodingAttr : TritonGPU_Attr<"BlockedEncoding", "blocked",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<DistributedEncodingTrait>]> {
  let summary = "Blocks of sizePerThread x threadsPerWarp x warpsPerCTA";
  let description = [{
    Each thread holds `sizePerThread` contiguous elements per dimension; a warp
    tiles `threadsPerWarp` of those, a CTA tiles `warpsPerCTA` warps; the tile
    repeats to cover the tensor, and a tensor smaller than a tile is held in
    copies. `order` lists dimensions fastest-varying first.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        "CTALayoutAttr":$CTALayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SliceEncodingAttr : TritonGPU_Attr<"SliceEncoding", "slice",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
     DeclareAttrInterfaceMethods<DistributedEncodingTrait>]> {
  let summary = "The parent layout with dimension `dim` removed";
  let description = [{
    The layout of a reduction's result: element i of the sliced tensor is held
    by whoever holds element (.., i, ..) of the parent, with `dim` inserted.
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def DotOperandEncodingAttr : TritonGPU_Attr<"DotOperandEncoding", "dot_op",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait>,
     DeclareAttrInterfaceMethods<DistributedEncodingTrait>]> {
  let summary = "Operand `opIdx` (0: A, 1: B) of a dot with layout `parent`";
  let description = [{
    For a tensor-core parent, `kWidth` is the number of consecutive K
    elements each thread holds per register group.
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent,
                        "unsigned":$kWidth);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def NvidiaMmaEncodingAttr : TritonGPU_Attr<"NvidiaMmaEncoding", "nvidia_mma",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<DistributedEncodingTrait>]> {
  let summary = "Accumulator layout of mma.sync (v2) or wgmma (v3)";
  let description = [{
    Version 2 is Ampere's `mma.sync.m16n8k16`; version 3 is Hopper's
    warp-group `wgmma` with `instrShape` = [16, N, K]. `warpsPerCTA` tiles the
    instruction's output over the CTA's warps.
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        "CTALayoutAttr":$CTALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
  }];
}

def LinearEncodingAttr : TritonGPU_Attr<"LinearEncoding", "linear",
    [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<DistributedEncodingTrait>]> {
  let summary = "A distributed layout given by its linear-layout bases";
  let description = [{
    `#ttg.linear<{register = [[0, 1], ...], lane = [...], warp = [...],
    block = []}>`: one basis (a coordinate per tensor dimension) per bit of
    each hardware index.
  }];
  let parameters = (ins LinearLayoutParam:$linearLayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SwizzledSharedEncodingAttr : TritonGPU_Attr<"SwizzledSharedEncoding",
    "swizzled_shared", [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<SharedEncodingTrait>]> {
  let summary = "Shared memory with XOR swizzling of vectors within rows";
  let description = [{
    Rows (along `order[0]`) hold vectors of `vec` elements; the vector index
    of row r is XORed with (r / perPhase) % maxPhase, spreading a column over
    banks.
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase,
                        "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        "CTALayoutAttr":$CTALayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def NVMMASharedEncodingAttr : TritonGPU_Attr<"NVMMASharedEncoding",
    "nvmma_shared", [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<SharedEncodingTrait, ["getAlignment"]>]> {
  let summary = "The swizzled shared layout wgmma and TMA read and write";
  let description = [{
    Rows of `swizzlingByteWidth` bytes (0: no swizzle, 32, 64 or 128) with
    16-byte chunks XOR-swizzled by the row index; `transposed` puts the
    leading dimension first.
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        "CTALayoutAttr":$CTALayout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def PaddedSharedEncodingAttr : TritonGPU_Attr<"PaddedSharedEncoding",
    "padded_shared", [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<SharedEncodingTrait>]> {
  let summary = "Shared memory with padding inserted every `interval` elements";
  let description = [{
    `#ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 64]}>`
    inserts 4 elements of padding after every 32, and 8 after every 64; the
    offsets before padding map to tensor elements through a linear component,
    given by `order` and `shape` (row-major identity) or by `offset`/`block`
    bases.
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        LinearLayoutParam:$linearComponent);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SharedLinearEncodingAttr : TritonGPU_Attr<"SharedLinearEncoding",
    "shared_linear", [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>,
     DeclareAttrInterfaceMethods<LayoutEncodingTrait, ["getAliasName"]>,
     DeclareAttrInterfaceMethods<SharedEncodingTrait, ["getAlignment"]>]> {
  let summary = "A shared layout given by its linear-layout bases";
  let parameters = (ins LinearLayoutParam:$linearLayout,
                        "unsigned":$layoutAlignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def SharedMemorySpaceAttr : TritonGPU_Attr<"SharedMemorySpace",
                                           "shared_memory"> {
  let summary = "The shared-memory space of a !ttg.memdesc";
}

#endif // TRITONGPU_ATTRDEFS_TD
