//===- AffinePointers.cpp - a thread's pointers as one base plus constants ===//
//
// A tile's pointers are usually `base + a . idx` for element coordinates idx
// and integer coefficients a: tt.make_range, splats, expand_dims, broadcast,
// additions and multiplications by constants, through loop-carried pointers
// that advance by a splat (warp_specialize partitions capture no tensors, so
// their pointers are computed inside them). The analysis reads
// structured control flow, before the lowering turns it into branches, for
// cp.async copies and for loads and stores inside loops (findAffinePointers
// says why not outside them). Where the tensor's layout places a thread's
// registers on coordinate bits no lane or warp uses, register r's pointer is
// register 0's plus a . L(r), a constant: the accesses then share one address
// register and take the rest as immediate offsets. This reads the offsets as
// tt.addptr's arithmetic in the pointer's element units, as an LLVM
// `inbounds` getelementptr would; it differs from the i32 arithmetic only
// where an offset wraps around 2^31, which moves the access by 2^32 elements.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlir::triton::gpu::lowering {
namespace {

using Coefficients = SmallVector<int64_t>;
constexpr int64_t kLimit = int64_t(1) << 31;

struct AffineCoefficients {
  DenseMap<Value, std::optional<Coefficients>> memo;

  static std::optional<int64_t> splatConstant(Value v) {
    APInt c;
    if (matchPattern(v, m_ConstantInt(&c)) && c.getBitWidth() <= 64)
      return c.getSExtValue();
    return std::nullopt;
  }

  static std::optional<Coefficients> scaled(std::optional<Coefficients> c,
                                            int64_t k) {
    if (!c || k <= -kLimit || k >= kLimit)
      return std::nullopt;
    for (int64_t &x : *c) {
      x *= k;
      if (x <= -kLimit || x >= kLimit)
        return std::nullopt;
    }
    return c;
  }

  static std::optional<Coefficients> sum(std::optional<Coefficients> a,
                                         std::optional<Coefficients> b,
                                         int64_t sign) {
    if (!a || !b || a->size() != b->size())
      return std::nullopt;
    for (auto [x, y] : llvm::zip(*a, *b)) {
      x += sign * y;
      if (x <= -kLimit || x >= kLimit)
        return std::nullopt;
    }
    return a;
  }

  std::optional<Coefficients> get(Value v, unsigned depth = 0) {
    auto it = memo.find(v);
    if (it != memo.end())
      return it->second;
    std::optional<Coefficients> c =
        depth > 64 ? std::nullopt : compute(v, depth + 1);
    memo[v] = c;
    return c;
  }

  std::optional<Coefficients> compute(Value v, unsigned depth) {
    auto type = dyn_cast<RankedTensorType>(v.getType());
    if (!type)
      return std::nullopt;
    Coefficients zeros(type.getRank(), 0);
    if (auto arg = dyn_cast<BlockArgument>(v))
      return loopCarried(arg, depth);
    Operation *op = v.getDefiningOp();
    if (isa<triton::SplatOp>(op))
      return zeros;
    if (auto c = dyn_cast<arith::ConstantOp>(op)) {
      auto dense = dyn_cast<SplatElementsAttr>(c.getValue());
      return dense ? std::optional<Coefficients>(zeros) : std::nullopt;
    }
    if (isa<triton::MakeRangeOp>(op))
      return Coefficients{1};
    if (isa<arith::AddIOp, triton::AddPtrOp>(op))
      return sum(get(op->getOperand(0), depth), get(op->getOperand(1), depth),
                 1);
    if (isa<arith::SubIOp>(op))
      return sum(get(op->getOperand(0), depth), get(op->getOperand(1), depth),
                 -1);
    if (isa<arith::MulIOp>(op)) {
      if (std::optional<int64_t> k = splatConstant(op->getOperand(1)))
        return scaled(get(op->getOperand(0), depth), *k);
      if (std::optional<int64_t> k = splatConstant(op->getOperand(0)))
        return scaled(get(op->getOperand(1), depth), *k);
      return std::nullopt;
    }
    if (isa<arith::ShLIOp>(op)) {
      std::optional<int64_t> k = splatConstant(op->getOperand(1));
      if (!k || *k < 0 || *k > 30)
        return std::nullopt;
      return scaled(get(op->getOperand(0), depth), int64_t(1) << *k);
    }
    // Not extui: zero-extending is not affine where offsets change sign.
    if (isa<arith::ExtSIOp, arith::TruncIOp, ConvertLayoutOp>(op))
      return get(op->getOperand(0), depth);
    if (auto expand = dyn_cast<triton::ExpandDimsOp>(op)) {
      std::optional<Coefficients> c = get(expand.getSrc(), depth);
      if (c)
        c->insert(c->begin() + expand.getAxis(), 0);
      return c;
    }
    if (auto broadcast = dyn_cast<triton::BroadcastOp>(op)) {
      std::optional<Coefficients> c = get(broadcast.getSrc(), depth);
      auto src = cast<RankedTensorType>(broadcast.getSrc().getType());
      if (c)
        for (auto [x, d] : llvm::zip(*c, src.getShape()))
          if (d == 1)
            x = 0;
      return c;
    }
    if (auto trans = dyn_cast<triton::TransOp>(op)) {
      std::optional<Coefficients> c = get(trans.getSrc(), depth);
      if (!c)
        return c;
      Coefficients out;
      for (int32_t d : trans.getOrder())
        out.push_back((*c)[d]);
      return out;
    }
    return std::nullopt;
  }

  /// An scf.for iter_arg: its initial value's coefficients, where the value
  /// the body yields for it has the same ones (it advances by a splat).
  std::optional<Coefficients> loopCarried(BlockArgument arg, unsigned depth) {
    auto loop = dyn_cast_if_present<scf::ForOp>(arg.getOwner()->getParentOp());
    if (!loop || arg.getArgNumber() == 0)
      return std::nullopt;
    unsigned i = arg.getArgNumber() - 1;
    std::optional<Coefficients> init = get(loop.getInitArgs()[i], depth);
    if (!init)
      return std::nullopt;
    memo[arg] = init; // assumed while the body is read
    Value yielded = loop.getBody()->getTerminator()->getOperand(i);
    std::optional<Coefficients> next = get(yielded, depth);
    if (next != init) {
      // Forget what was derived from the assumption.
      memo.clear();
      memo[arg] = std::nullopt;
      return std::nullopt;
    }
    return init;
  }
};

} // namespace

AffinePointers findAffinePointers(ModuleOp module) {
  AffinePointers found;
  AffineCoefficients analysis;
  auto record = [&](Operation *op, Value ptr) {
    if (std::optional<Coefficients> c = analysis.get(ptr))
      found[op] = std::move(*c);
  };
  // Loads and stores in loops only: their address arithmetic runs every
  // iteration. Outside loops it runs once, and in kernels at their register
  // limit sharing it changed ptxas's allocation for the worse (session 43:
  // perf_flash_attn_fwd's Q load and O store shared, 20 bytes spilled and
  // 3 % slower; its cp.async copies alone, 2 % faster). cp.async copies take
  // the offsets into their address everywhere.
  module.walk([&](Operation *op) {
    bool inLoop = op->getParentOfType<LoopLikeOpInterface>() != nullptr;
    if (auto load = dyn_cast<triton::LoadOp>(op)) {
      if (inLoop)
        record(op, load.getPtr());
    } else if (auto store = dyn_cast<triton::StoreOp>(op)) {
      if (inLoop)
        record(op, store.getPtr());
    } else if (auto copy = dyn_cast<AsyncCopyGlobalToLocalOp>(op)) {
      record(op, copy.getSrc());
    }
  });
  return found;
}

std::optional<SmallVector<int32_t>>
affinePointerOffsets(Operation *op, const AffinePointers &affine,
                     const LinearLayout &layout, size_t registers) {
  using namespace layout_dims;
  auto it = affine.find(op);
  if (it == affine.end() || registers != size_t(layout.getInDimSize(kRegister)))
    return std::nullopt;
  ArrayRef<int64_t> coef = it->second;
  // tt.load's, tt.store's and the copy's pointers are their first operand.
  auto type = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto pointer =
      type ? dyn_cast<triton::PointerType>(type.getElementType()) : nullptr;
  if (!pointer || !pointer.getPointeeType().isIntOrFloat())
    return std::nullopt;
  unsigned elemBits = pointer.getPointeeType().getIntOrFloatBitWidth();
  if (elemBits % 8 != 0 || coef.size() != size_t(type.getRank()) ||
      layout.getOutDims().size() != coef.size())
    return std::nullopt;
  // Registers and threads must own disjoint coordinate bits, so that a
  // coordinate is register part + thread part.
  size_t rank = coef.size();
  SmallVector<int32_t> regBits(rank, 0), threadBits(rank, 0);
  for (const LinearLayout::InDim &in : layout.getInDims())
    for (const LinearLayout::Basis &basis : in.bases)
      for (size_t d = 0; d < rank; ++d)
        (in.name == kRegister ? regBits : threadBits)[d] |= basis[d];
  for (size_t d = 0; d < rank; ++d)
    if ((regBits[d] & threadBits[d]) != 0)
      return std::nullopt;
  SmallVector<int32_t> offsets(registers, 0);
  for (size_t r = 1; r < offsets.size(); ++r) {
    SmallVector<int32_t> at = registerCoords(layout, r);
    int64_t offset = 0;
    for (size_t d = 0; d < rank; ++d)
      offset += coef[d] * at[d];
    offset *= elemBits / 8;
    if (offset <= -kLimit || offset >= kLimit)
      return std::nullopt;
    offsets[r] = int32_t(offset);
  }
  return offsets;
}

void shareAffinePointers(OpBuilder &b, Location loc, ArrayRef<int32_t> offsets,
                         SmallVectorImpl<Value> &ptrs) {
  LLVMBuilder lb(b, loc);
  Type i8 = b.getI8Type();
  Value base = ptrs[0];
  for (size_t r = 1; r < ptrs.size(); ++r)
    ptrs[r] = offsets[r] == 0 ? base
                              : lb.gep(base.getType(), i8, base,
                                       ValueRange{lb.i32(offsets[r])});
}

std::string addressOperand(unsigned operand, ArrayRef<int32_t> offsets,
                           size_t r) {
  std::string text = "[$" + std::to_string(operand);
  if (r < offsets.size() && offsets[r] != 0)
    text += "+" + std::to_string(offsets[r]);
  return text + "]";
}

} // namespace mlir::triton::gpu::lowering
