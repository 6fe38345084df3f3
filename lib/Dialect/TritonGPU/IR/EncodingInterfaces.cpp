//===- EncodingInterfaces.cpp - What every `ttg` encoding answers ---------===//
//
// The encoding interfaces (LayoutEncodingTrait, DistributedEncodingTrait,
// SharedEncodingTrait) for each encoding: rank, threads and warps, the
// shape a layout covers. toLinearLayout is in LinearLayoutConversions.cpp;
// parsing, printing and verification in Attributes.cpp.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#include "TritonDialect/Dialect/TritonGPU/IR/AttrInterfaces.cpp.inc"

namespace {
unsigned product(ArrayRef<unsigned> values) {
  unsigned p = 1;
  for (unsigned v : values)
    p *= v;
  return p;
}
DistributedEncodingTrait distributedParent(Attribute parent) {
  return cast<DistributedEncodingTrait>(parent);
}
} // namespace

StringRef BlockedEncodingAttr::getAliasName() const { return "blocked"; }
unsigned BlockedEncodingAttr::getRank() const { return getOrder().size(); }
unsigned BlockedEncodingAttr::getTotalThreadsPerWarp() const {
  return product(getThreadsPerWarp());
}
unsigned BlockedEncodingAttr::getTotalWarpsPerCTA() const {
  return product(getWarpsPerCTA());
}

unsigned SliceEncodingAttr::getRank() const {
  return distributedParent(getParent()).getRank() - 1;
}
unsigned SliceEncodingAttr::getTotalThreadsPerWarp() const {
  return distributedParent(getParent()).getTotalThreadsPerWarp();
}
unsigned SliceEncodingAttr::getTotalWarpsPerCTA() const {
  return distributedParent(getParent()).getTotalWarpsPerCTA();
}

unsigned DotOperandEncodingAttr::getRank() const {
  return distributedParent(getParent()).getRank();
}
unsigned DotOperandEncodingAttr::getTotalThreadsPerWarp() const {
  return distributedParent(getParent()).getTotalThreadsPerWarp();
}
unsigned DotOperandEncodingAttr::getTotalWarpsPerCTA() const {
  return distributedParent(getParent()).getTotalWarpsPerCTA();
}

StringRef NvidiaMmaEncodingAttr::getAliasName() const { return "mma"; }
unsigned NvidiaMmaEncodingAttr::getRank() const {
  return getWarpsPerCTA().size();
}
unsigned NvidiaMmaEncodingAttr::getTotalThreadsPerWarp() const { return 32; }
unsigned NvidiaMmaEncodingAttr::getTotalWarpsPerCTA() const {
  return product(getWarpsPerCTA());
}

StringRef LinearEncodingAttr::getAliasName() const { return "linear"; }
unsigned LinearEncodingAttr::getRank() const {
  return getLinearLayout().getOutDims().size();
}
unsigned LinearEncodingAttr::getTotalThreadsPerWarp() const {
  return getLinearLayout().getInDimSize(layout_dims::kLane);
}
unsigned LinearEncodingAttr::getTotalWarpsPerCTA() const {
  return getLinearLayout().getInDimSize(layout_dims::kWarp);
}

StringRef SwizzledSharedEncodingAttr::getAliasName() const { return "shared"; }
StringRef NVMMASharedEncodingAttr::getAliasName() const { return "shared"; }
StringRef PaddedSharedEncodingAttr::getAliasName() const { return "shared"; }
StringRef SharedLinearEncodingAttr::getAliasName() const { return "shared"; }

unsigned NVMMASharedEncodingAttr::getAlignment() const {
  // A 128-byte swizzle repeats every 8 rows of 128 bytes: the pattern is
  // keyed to 1024-byte aligned addresses (and likewise 32 and 64).
  return std::max(16u, getSwizzlingByteWidth() * 8);
}
unsigned SharedLinearEncodingAttr::getAlignment() const {
  return std::max(16u, getLayoutAlignment());
}
