//===- Coalesce.cpp - tritongpu-coalesce ----------------------------------===//
//
// Chooses, for each memory access through a tensor of pointers, the blocked
// layout giving each thread the widest safe vector along the pointers' most
// contiguous dimension, with consecutive lanes on consecutive vectors.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/IR/Builders.h"

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUCOALESCE
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
/// What bounds a vector, for remarks and statistics.
enum class Limit { None, Contiguity, Alignment, Mask, Size, Atomic };

struct VectorChoice {
  SmallVector<unsigned> order;
  unsigned vec = 1;
  Limit limit = Limit::None;
  /// The most elements a thread may hold contiguously: the pointers'
  /// contiguity, and the elements per thread.
  unsigned maxPerThread = 1;
};

/// The dimensions by decreasing pointer contiguity; ties keep the faster
/// dimension of the current layout (the last one by default) first.
SmallVector<unsigned> contiguityOrder(const AxisInfo *info, unsigned rank) {
  SmallVector<unsigned> order;
  for (unsigned d = rank; d-- > 0;)
    order.push_back(d);
  if (info)
    llvm::stable_sort(order, [&](unsigned a, unsigned b) {
      return info->getContiguity(a) > info->getContiguity(b);
    });
  return order;
}

VectorChoice chooseVector(const ModuleAxisInfoAnalysis &axis, Value ptr,
                          Value mask, bool isAtomic, unsigned numThreads) {
  auto type = cast<RankedTensorType>(ptr.getType());
  unsigned rank = type.getRank();
  Type pointee = cast<PointerType>(type.getElementType()).getPointeeType();
  unsigned bits =
      isa<PointerType>(pointee) ? 64 : pointee.getIntOrFloatBitWidth();
  VectorChoice choice;
  choice.order = contiguityOrder(axis.getAxisInfo(ptr), rank);
  unsigned d = choice.order[0];
  unsigned vec = std::max(1u, 128 / std::max(1u, bits));
  auto bound = [&](unsigned v, Limit why) {
    if (v < vec) {
      vec = v;
      choice.limit = why;
    }
  };
  bound(axis.getPtrContiguity(ptr, d), Limit::Contiguity);
  bound(axis.getPtrAlignment(ptr, d), Limit::Alignment);
  // A vector is loaded or not as a whole, so the mask must be uniform over
  // it; `other` is selected element by element and does not matter.
  if (mask)
    bound(axis.getMaskAlignment(mask, d), Limit::Mask);
  int64_t perThread =
      std::max<int64_t>(1, type.getNumElements() / int64_t(numThreads));
  bound(perThread, Limit::Size);
  if (isAtomic)
    bound(1, Limit::Atomic);
  choice.vec = std::max(1u, unsigned(llvm::bit_floor(vec)));
  choice.maxPerThread =
      isAtomic ? 1u
               : unsigned(llvm::bit_floor(unsigned(std::min<int64_t>(
                     axis.getPtrContiguity(ptr, d), perThread))));
  choice.maxPerThread = std::max(choice.maxPerThread, choice.vec);
  return choice;
}

StringRef limitName(Limit limit) {
  switch (limit) {
  case Limit::Contiguity:
    return "the pointers' contiguity";
  case Limit::Alignment:
    return "the pointers' alignment";
  case Limit::Mask:
    return "the mask, which is not uniform over wider vectors";
  case Limit::Size:
    return "the elements per thread";
  case Limit::Atomic:
    return "being an atomic, issued one element at a time";
  case Limit::None:
    break;
  }
  return "nothing";
}

class CoalescePass
    : public mlir::triton::impl::TritonGPUCoalesceBase<CoalescePass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModuleAxisInfoAnalysis axis(module);
    unsigned numWarps = TritonGPUDialect::getNumWarps(module);
    unsigned threadsPerWarp = TritonGPUDialect::getThreadsPerWarp(module);

    // Decide first (the analysis refers to the IR as it is), then rewrite.
    struct Access {
      Operation *op;
      Region *region;
      RankedTensorType type;
      VectorChoice choice;
    };
    SmallVector<Access> accesses;
    module.walk([&](Operation *op) {
      Value ptr, mask;
      bool isAtomic = false;
      if (auto load = dyn_cast<LoadOp>(op)) {
        ptr = load.getPtr();
        mask = load.getMask();
      } else if (auto store = dyn_cast<StoreOp>(op)) {
        ptr = store.getPtr();
        mask = store.getMask();
      } else if (auto rmw = dyn_cast<AtomicRMWOp>(op)) {
        ptr = rmw.getPtr();
        mask = rmw.getMask();
        isAtomic = true;
      } else if (auto cas = dyn_cast<AtomicCASOp>(op)) {
        ptr = cas.getPtr();
        isAtomic = true;
      } else {
        return;
      }
      auto type = dyn_cast<RankedTensorType>(ptr.getType());
      if (!type || !isa<PointerType>(type.getElementType()) ||
          !isa_and_nonnull<BlockedEncodingAttr, SliceEncodingAttr,
                           LinearEncodingAttr>(type.getEncoding()))
        return;
      VectorChoice choice =
          chooseVector(axis, ptr, mask, isAtomic, numWarps * threadsPerWarp);
      accesses.push_back({op, op->getParentRegion(), type, choice});
      ++numAccesses;
      Type pointee = cast<PointerType>(type.getElementType()).getPointeeType();
      unsigned bits =
          isa<PointerType>(pointee) ? 64 : pointee.getIntOrFloatBitWidth();
      unsigned width = choice.vec * bits;
      if (width >= 128)
        ++num128;
      switch (choice.limit) {
      case Limit::Contiguity:
        ++limitedByContiguity;
        break;
      case Limit::Alignment:
        ++limitedByAlignment;
        break;
      case Limit::Mask:
        ++limitedByMask;
        break;
      case Limit::Size:
        ++limitedBySize;
        break;
      case Limit::Atomic:
      case Limit::None:
        break;
      }
      if (remarks) {
        InFlightDiagnostic remark = op->emitRemark()
                                    << op->getName() << ": " << choice.vec
                                    << " x " << bits << "-bit elements per "
                                    << "vector (" << width << " bits)";
        if (width < 128)
          remark << ", limited by " << limitName(choice.limit);
      }
    });

    // Accesses of one shape and order share their elements per thread (the
    // most any of them wants, within what each allows), so that values
    // flow between them without conversions: an f32 load feeding f16
    // stores holds 8 elements, as two 128-bit vectors. Every layout is
    // decided before any access is rewritten: rewriting erases the access,
    // so nothing may look at `op` of an earlier entry afterwards.
    SmallVector<BlockedEncodingAttr> layouts;
    for (const Access &a : accesses) {
      unsigned perThread = a.choice.vec;
      for (const Access &b : accesses)
        if (b.region == a.region && b.type.getShape() == a.type.getShape() &&
            b.choice.order == a.choice.order)
          perThread = std::max(perThread, b.choice.vec);
      perThread = std::min(perThread, a.choice.maxPerThread);
      SmallVector<unsigned> spt(a.type.getRank(), 1);
      spt[a.choice.order[0]] = std::max(perThread, a.choice.vec);
      layouts.push_back(
          getBlockedEncoding(module.getContext(), a.type.getShape(), spt,
                             a.choice.order, numWarps, threadsPerWarp));
    }
    for (auto [a, layout] : llvm::zip_equal(accesses, layouts))
      rewrite(a.op, layout);
  }

private:
  /// Moves `op`'s tensor operands to `layout` and its results back.
  static void rewrite(Operation *op, BlockedEncodingAttr layout) {
    OpBuilder builder(op);
    auto retype = [&](Type t) -> Type {
      auto tensor = dyn_cast<RankedTensorType>(t);
      if (!tensor)
        return t;
      return RankedTensorType::get(tensor.getShape(), tensor.getElementType(),
                                   layout);
    };
    SmallVector<Value> operands;
    for (Value v : op->getOperands()) {
      Type newType = retype(v.getType());
      operands.push_back(
          newType == v.getType()
              ? v
              : ConvertLayoutOp::create(builder, op->getLoc(), newType, v)
                    .getResult());
    }
    SmallVector<Type> resultTypes;
    for (Type t : op->getResultTypes())
      resultTypes.push_back(retype(t));
    OperationState state(op->getLoc(), op->getName().getStringRef(), operands,
                         resultTypes, op->getAttrs());
    Operation *newOp = builder.create(state);
    for (auto [oldResult, newResult] :
         llvm::zip(op->getResults(), newOp->getResults())) {
      Value replacement = newResult;
      if (newResult.getType() != oldResult.getType())
        replacement = ConvertLayoutOp::create(builder, op->getLoc(),
                                              oldResult.getType(), newResult);
      oldResult.replaceAllUsesWith(replacement);
    }
    op->erase();
  }
};
} // namespace
