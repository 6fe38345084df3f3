//===- TritonGPUAttrInterfaces.td - encodings --------------*- tablegen -*-===//
//
// The interfaces the rest of the compiler talks to encodings through, so that
// adding an encoding means defining it (its .td entry) and implementing these
// methods, with no type switch elsewhere to extend:
//
//  - LayoutEncodingTrait (every encoding): its meaning as a linear layout and
//    the alias it prints under;
//  - DistributedEncodingTrait (tensors in registers): rank, and the threads
//    per warp and warps it spreads a tensor over;
//  - SharedEncodingTrait (buffers in shared memory): the alignment its
//    addressing assumes.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONGPU_ATTRINTERFACES_TD
#define TRITONGPU_ATTRINTERFACES_TD

include "mlir/IR/OpBase.td"

def LayoutEncodingTrait : AttrInterface<"LayoutEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A `ttg` encoding: a layout of a tensor over hardware (registers, lanes,
    warps, CTAs) or over shared-memory offsets.
  }];
  let methods = [
    InterfaceMethod<[{
        The meaning of this encoding for a tensor of `shape`: a linear layout
        from (register, lane, warp, block) to (dim0, dim1, ...) for a
        distributed encoding, from (offset, block) for a shared one. The
        caller has checked that `shape` has power-of-two sizes. Fails, with a
        message in `error` when given, for shapes it cannot describe.
      }],
      "std::optional<::mlir::triton::LinearLayout>", "toLinearLayout",
      (ins "::llvm::ArrayRef<int64_t>":$shape, "std::string *":$error)>,
    InterfaceMethod<[{
        The alias upstream prints this encoding under (`#blocked`, `#mma`,
        ...); empty for none (printed inline).
      }],
      "::llvm::StringRef", "getAliasName", (ins), [{}],
      [{ return ""; }]>,
  ];
}

def DistributedEncodingTrait : AttrInterface<"DistributedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A layout of a tensor over the registers of threads: blocked, slice,
    dot_op, nvidia_mma, linear.
  }];
  let methods = [
    InterfaceMethod<"The rank of the tensors this encoding lays out.",
      "unsigned", "getRank">,
    InterfaceMethod<"The threads per warp the layout assumes.",
      "unsigned", "getTotalThreadsPerWarp">,
    InterfaceMethod<"The warps per CTA the layout assumes.",
      "unsigned", "getTotalWarpsPerCTA">,
  ];
}

def SharedEncodingTrait : AttrInterface<"SharedEncodingTrait"> {
  let cppNamespace = "::mlir::triton::gpu";
  let description = [{
    A layout of a buffer in shared memory: swizzled_shared, nvmma_shared,
    padded_shared, shared_linear.
  }];
  let methods = [
    InterfaceMethod<[{
        The alignment, in bytes, the buffer's base address must have for the
        layout's addressing (a swizzle keyed to address bits) to hold.
      }],
      "unsigned", "getAlignment", (ins), [{}], [{ return 16; }]>,
  ];
}

#endif // TRITONGPU_ATTRINTERFACES_TD
