//===- Dialect.cpp - The TritonGPU (`ttg`) dialect ------------------------===//
//
// Registration, the aliases upstream prints (#blocked, #mma, #shared, #linear,
// #smem), layout inference for tt's shape ops, and the module-level checks:
// the module attributes, and that every layout matches the module's warps
// and threads per warp.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FoldInterfaces.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.cpp.inc"

namespace {
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    StringRef alias;
    if (auto encoding = dyn_cast<LayoutEncodingTrait>(attr))
      alias = encoding.getAliasName();
    else if (isa<SharedMemorySpaceAttr>(attr))
      alias = "smem";
    if (alias.empty())
      return AliasResult::NoAlias;
    os << alias;
    return AliasResult::FinalAlias;
  }
};

/// An encoding of the same kind as `enc` (shared or distributed) given by
/// its linear layout.
Attribute linearEncodingLike(Attribute enc, const LinearLayout &layout) {
  if (auto shared = dyn_cast<SharedEncodingTrait>(enc))
    return SharedLinearEncodingAttr::get(enc.getContext(), layout,
                                         shared.getAlignment());
  return toLinearEncoding(enc.getContext(), layout);
}

SmallVector<unsigned> permute(ArrayRef<unsigned> values,
                              ArrayRef<int32_t> order) {
  SmallVector<unsigned> out;
  for (int32_t d : order)
    out.push_back(values[d]);
  return out;
}

/// `order` (fastest dimension first) after permuting dimensions by `perm`.
SmallVector<unsigned> permuteOrder(ArrayRef<unsigned> order,
                                   ArrayRef<int32_t> perm) {
  SmallVector<unsigned> inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i)
    inverse[perm[i]] = i;
  SmallVector<unsigned> out;
  for (unsigned d : order)
    out.push_back(inverse[d]);
  return out;
}

CTALayoutAttr permuteCTA(CTALayoutAttr cta, ArrayRef<int32_t> perm) {
  if (!cta || cta.isTrivial())
    return cta;
  return CTALayoutAttr::get(cta.getContext(),
                            permute(cta.getCTAsPerCGA(), perm),
                            permute(cta.getCTASplitNum(), perm),
                            permuteOrder(cta.getCTAOrder(), perm));
}

std::vector<std::string> standardNames(unsigned rank) {
  std::vector<std::string> names;
  for (unsigned d = 0; d < rank; ++d)
    names.push_back(layout_dims::outDimName(d));
  return names;
}

namespace {
/// Reads a linear layout back as a blocked one. Each input dimension
/// (register, lane, warp) of a blocked layout lists, dimension by dimension
/// in its order, that dimension's bases: first those moving along it, then
/// zeros (copies) once the shape has run out. The registers list the local
/// ones (sizePerThread) first, then the repetitions of the whole tile, each
/// part in the same order. Which dimension a run of zeros belongs to is not
/// written in the layout: `solve` tries the dimensions that have run out
/// there and keeps the first assignment whose blocked layout has the same
/// linear layout.
class BlockedReader {
public:
  BlockedReader(MLIRContext *ctx, const LinearLayout &layout,
                ArrayRef<int64_t> shape)
      : ctx(ctx), layout(layout), shape(shape), rank(shape.size()) {}

  Attribute solve() {
    if (!parse())
      return {};
    SmallVector<int> owner(runs.size(), -1);
    budget = 4096;
    return search(owner, 0);
  }

private:
  struct Run {
    unsigned in, start, length;
    int previous; // the dimension listed just before it, or -1
  };

  int dimOf(const LinearLayout::Basis &b) const {
    int dim = -1;
    for (unsigned d = 0; d < rank; ++d)
      if (b[d] != 0) {
        if (dim != -1)
          return -2;
        dim = d;
      }
    return dim;
  }

  /// Fills `lists` (the dimension of each basis, -1 for a zero), `local`
  /// (how many registers come before the repetitions) and `runs`.
  bool parse() {
    for (const auto &in : layout.getInDims()) {
      if (in.name == layout_dims::kBlock) {
        if (!in.bases.empty())
          return false;
        continue;
      }
      SmallVector<int> list;
      for (const auto &b : in.bases) {
        int d = dimOf(b);
        if (d == -2)
          return false;
        list.push_back(d);
      }
      names.push_back(in.name);
      lists.push_back(list);
    }
    // Registers: the local prefix ends at the first basis reaching past
    // what the lanes and warps of its dimension start at, or at the first
    // one coming back to a dimension the list moved on from.
    local = 0;
    if (!names.empty() && names[0] == layout_dims::kRegister) {
      SmallVector<bool> closed(rank, false);
      int last = -1;
      for (auto [k, d] : llvm::enumerate(lists[0])) {
        if (d < 0 || closed[d] || !isLocal(layout.getInDims()[0].bases[k], d))
          break;
        if (last >= 0 && d != last)
          closed[last] = true;
        last = d;
        local = k + 1;
      }
      for (size_t k = local; k < lists[0].size(); ++k)
        if (lists[0][k] < 0)
          return false;
    }
    for (unsigned in = 0; in < lists.size(); ++in) {
      if (names[in] == layout_dims::kRegister)
        continue;
      int previous = -1;
      for (unsigned k = 0; k < lists[in].size(); ++k) {
        if (lists[in][k] >= 0) {
          previous = lists[in][k];
          continue;
        }
        unsigned start = k;
        while (k + 1 < lists[in].size() && lists[in][k + 1] < 0)
          ++k;
        runs.push_back({in, start, k - start + 1, previous});
      }
    }
    return true;
  }

  bool isLocal(const LinearLayout::Basis &b, int d) const {
    for (const auto &other : layout.getInDims())
      if (other.name != layout_dims::kRegister)
        for (const auto &ob : other.bases)
          if (dimOf(ob) == d && ob[d] < b[d])
            return false;
    return true;
  }

  /// Whether dimension `d` can own the zeros of `run`: nothing moves along
  /// it later in that input dimension or in a later one, and it repeats no
  /// registers.
  bool canOwn(const Run &run, unsigned d) const {
    for (unsigned in = run.in; in < lists.size(); ++in)
      for (unsigned k = in == run.in ? run.start : 0; k < lists[in].size(); ++k)
        if (lists[in][k] == int(d))
          return false;
    if (!names.empty() && names[0] == layout_dims::kRegister)
      for (size_t k = local; k < lists[0].size(); ++k)
        if (lists[0][k] == int(d))
          return false;
    return true;
  }

  Attribute search(SmallVector<int> &owner, unsigned next) {
    if (next == owner.size())
      return build(owner);
    SmallVector<unsigned> candidates;
    if (runs[next].previous >= 0)
      candidates.push_back(runs[next].previous);
    for (unsigned d = 0; d < rank; ++d)
      if (!llvm::is_contained(candidates, d))
        candidates.push_back(d);
    for (unsigned d : candidates) {
      if (budget == 0)
        return {};
      if (!canOwn(runs[next], d))
        continue;
      owner[next] = d;
      if (Attribute found = search(owner, next + 1))
        return found;
    }
    return {};
  }

  /// The blocked layout for one assignment of the runs, if its order is
  /// consistent and its linear layout is `layout`.
  Attribute build(ArrayRef<int> owner) {
    --budget;
    SmallVector<SmallVector<int>> filled = lists;
    for (auto [run, d] : llvm::zip(runs, owner))
      for (unsigned k = 0; k < run.length; ++k)
        filled[run.in][run.start + k] = d;
    SmallVector<unsigned> spt(rank, 1), tpw(rank, 1), wpc(rank, 1);
    // before[a][b]: some list names a before b.
    SmallVector<SmallVector<bool>> before(rank, SmallVector<bool>(rank, false));
    auto listOrder = [&](ArrayRef<int> list) {
      SmallVector<unsigned> seen;
      for (int d : list)
        if (!llvm::is_contained(seen, unsigned(d))) {
          for (unsigned e : seen)
            before[e][d] = true;
          seen.push_back(d);
        }
    };
    for (unsigned in = 0; in < filled.size(); ++in) {
      ArrayRef<int> list = filled[in];
      SmallVector<unsigned> *sizes = &wpc;
      if (names[in] == layout_dims::kRegister) {
        sizes = &spt;
        listOrder(list.drop_front(local));
        list = list.take_front(local);
      } else if (names[in] == layout_dims::kLane) {
        sizes = &tpw;
      }
      for (int d : list)
        (*sizes)[d] *= 2;
      listOrder(list);
    }
    // Every dimension after those listed before it, ties to the higher
    // dimension (row-major).
    SmallVector<unsigned> order;
    SmallVector<bool> placed(rank, false);
    while (order.size() < rank) {
      int pick = -1;
      for (int d = rank - 1; d >= 0 && pick < 0; --d)
        if (!placed[d] &&
            llvm::none_of(llvm::seq<unsigned>(0, rank), [&](unsigned e) {
              return !placed[e] && before[e][d];
            }))
          pick = d;
      if (pick < 0)
        return {};
      placed[pick] = true;
      order.push_back(pick);
    }
    auto blocked = BlockedEncodingAttr::get(ctx, spt, tpw, wpc, order,
                                            CTALayoutAttr::getTrivial(ctx));
    std::optional<LinearLayout> check = toLinearLayout(shape, blocked);
    return check && *check == layout ? blocked : Attribute();
  }

  MLIRContext *ctx;
  const LinearLayout &layout;
  ArrayRef<int64_t> shape;
  unsigned rank;
  SmallVector<StringRef> names;
  SmallVector<SmallVector<int>> lists;
  size_t local = 0;
  SmallVector<Run> runs;
  unsigned budget = 0;
};
} // namespace

/// A blocked layout with the same meaning as `layout` for `shape`, when
/// there is one (BlockedReader).
Attribute toBlockedIfPossible(MLIRContext *ctx, const LinearLayout &layout,
                              ArrayRef<int64_t> shape) {
  return BlockedReader(ctx, layout, shape).solve();
}

/// Layout inference for the shape ops: blocked layouts stay blocked with
/// permuted/added/dropped fields, as upstream chooses; anything else goes
/// through its linear layout.
struct TritonGPUInferLayoutInterface : public DialectInferLayoutInterface {
  using DialectInferLayoutInterface::DialectInferLayoutInterface;

  LogicalResult inferReduceOpEncoding(Attribute enc, unsigned axis,
                                      Attribute &result,
                                      std::optional<Location>) const override {
    result = SliceEncodingAttr::get(enc.getContext(), axis, enc);
    return success();
  }

  LogicalResult
  inferExpandDimsOpEncoding(Attribute enc, unsigned axis, Attribute &result,
                            std::optional<Location> loc) const override {
    auto slice = dyn_cast<SliceEncodingAttr>(enc);
    if (!slice || slice.getDim() != axis)
      return emitOptionalError(loc, "expand_dims along axis ", axis,
                               " needs a #ttg.slice encoding of dim ", axis,
                               ", got ", enc);
    result = slice.getParent();
    return success();
  }

  LogicalResult
  inferTransOpEncoding(Attribute enc, ArrayRef<int64_t> shape,
                       ArrayRef<int32_t> order, Attribute &result,
                       std::optional<Location> loc) const override {
    MLIRContext *ctx = enc.getContext();
    if (auto b = dyn_cast<BlockedEncodingAttr>(enc)) {
      result = BlockedEncodingAttr::get(
          ctx, permute(b.getSizePerThread(), order),
          permute(b.getThreadsPerWarp(), order),
          permute(b.getWarpsPerCTA(), order), permuteOrder(b.getOrder(), order),
          permuteCTA(b.getCTALayout(), order));
      return success();
    }
    if (auto s = dyn_cast<SwizzledSharedEncodingAttr>(enc)) {
      result = SwizzledSharedEncodingAttr::get(
          ctx, s.getVec(), s.getPerPhase(), s.getMaxPhase(),
          permuteOrder(s.getOrder(), order),
          permuteCTA(s.getCTALayout(), order));
      return success();
    }
    if (auto n = dyn_cast<NVMMASharedEncodingAttr>(enc);
        n && order.size() == 2 && order[0] == 1) {
      // The same rows, read with the other dimension leading.
      result = NVMMASharedEncodingAttr::get(
          ctx, n.getSwizzlingByteWidth(), !n.getTransposed(),
          n.getElementBitWidth(), n.getFp4Padded(),
          permuteCTA(n.getCTALayout(), order));
      return success();
    }
    std::string error;
    std::optional<LinearLayout> layout = toLinearLayout(shape, enc, &error);
    if (!layout)
      return emitOptionalError(loc, "cannot transpose encoding ", enc, ": ",
                               error);
    std::vector<std::string> names, permuted;
    for (int32_t d : order)
      names.push_back(layout_dims::outDimName(d));
    LinearLayout t = layout->transposeOuts(names);
    // Rename: old dim order[i] becomes dim i.
    std::vector<LinearLayout::OutDim> outs;
    for (size_t i = 0; i < order.size(); ++i)
      outs.push_back({layout_dims::outDimName(i), t.getOutDims()[i].size});
    std::vector<LinearLayout::InDim> ins(t.getInDims().begin(),
                                         t.getInDims().end());
    LinearLayout transposed = *LinearLayout::create(ins, outs);
    result = linearEncodingLike(enc, transposed);
    return success();
  }

  LogicalResult
  inferJoinOpEncoding(Attribute enc, Attribute &result, ArrayRef<int64_t> shape,
                      std::optional<Location> loc) const override {
    MLIRContext *ctx = enc.getContext();
    if (auto b = dyn_cast<BlockedEncodingAttr>(enc)) {
      auto append = [](ArrayRef<unsigned> v, unsigned x) {
        SmallVector<unsigned> out(v);
        out.push_back(x);
        return out;
      };
      SmallVector<unsigned> order{unsigned(shape.size())};
      order.append(b.getOrder().begin(), b.getOrder().end());
      CTALayoutAttr cta = b.getCTALayout();
      if (cta && !cta.isTrivial()) {
        SmallVector<unsigned> ctaOrder{unsigned(shape.size())};
        ctaOrder.append(cta.getCTAOrder().begin(), cta.getCTAOrder().end());
        cta = CTALayoutAttr::get(ctx, append(cta.getCTAsPerCGA(), 1),
                                 append(cta.getCTASplitNum(), 1), ctaOrder);
      }
      result =
          BlockedEncodingAttr::get(ctx, append(b.getSizePerThread(), 2),
                                   append(b.getThreadsPerWarp(), 1),
                                   append(b.getWarpsPerCTA(), 1), order, cta);
      return success();
    }
    std::string error;
    std::optional<LinearLayout> layout = toLinearLayout(shape, enc, &error);
    if (!layout)
      return emitOptionalError(loc, "cannot join encoding ", enc, ": ", error);
    std::string newDim = layout_dims::outDimName(shape.size());
    LinearLayout joined =
        LinearLayout::identity1D(2, layout_dims::kRegister, newDim) * *layout;
    result = toLinearEncoding(
        ctx, joined.transposeOuts(standardNames(shape.size() + 1)));
    return success();
  }

  LogicalResult
  inferSplitOpEncoding(Attribute enc, Attribute &result,
                       ArrayRef<int64_t> shape,
                       std::optional<Location> loc) const override {
    MLIRContext *ctx = enc.getContext();
    unsigned last = shape.size() - 1;
    if (auto b = dyn_cast<BlockedEncodingAttr>(enc)) {
      if (b.getSizePerThread()[last] == 2 && b.getThreadsPerWarp()[last] == 1 &&
          b.getWarpsPerCTA()[last] == 1 && b.getOrder()[0] == last &&
          (!b.getCTALayout() || b.getCTALayout().isTrivial())) {
        SmallVector<unsigned> order(b.getOrder().drop_front());
        result = BlockedEncodingAttr::get(ctx, b.getSizePerThread().drop_back(),
                                          b.getThreadsPerWarp().drop_back(),
                                          b.getWarpsPerCTA().drop_back(), order,
                                          b.getCTALayout());
        return success();
      }
    }
    std::string error;
    std::optional<LinearLayout> layout = toLinearLayout(shape, enc, &error);
    if (!layout)
      return emitOptionalError(loc, "cannot split encoding ", enc, ": ", error);
    // The last dimension must be held in one register bit; drop it.
    std::string lastName = layout_dims::outDimName(last);
    std::vector<LinearLayout::InDim> ins;
    bool found = false;
    for (const auto &in : layout->getInDims()) {
      LinearLayout::InDim kept{in.name, {}};
      for (const auto &basis : in.bases) {
        bool isLast = basis[last] != 0;
        if (isLast && in.name == layout_dims::kRegister && !found &&
            llvm::count_if(basis, [](int32_t v) { return v != 0; }) == 1) {
          found = true;
          continue;
        }
        if (isLast)
          return emitOptionalError(loc,
                                   "tt.split needs the size-2 last "
                                   "dimension held in one thread's "
                                   "registers, encoding ",
                                   enc, " does not");
        LinearLayout::Basis b(basis.begin(), basis.end() - 1);
        kept.bases.push_back(b);
      }
      ins.push_back(std::move(kept));
    }
    std::vector<LinearLayout::OutDim> outs(layout->getOutDims().begin(),
                                           layout->getOutDims().end() - 1);
    LinearLayout transposed = *LinearLayout::create(ins, outs);
    result = linearEncodingLike(enc, transposed);
    return success();
  }

  LogicalResult
  inferReshapeOpEncoding(ArrayRef<int64_t> srcShape, Attribute srcEnc,
                         ArrayRef<int64_t> dstShape, Attribute &result,
                         std::optional<Location> loc) const override {
    std::string error;
    std::optional<LinearLayout> layout =
        toLinearLayout(srcShape, srcEnc, &error);
    if (!layout)
      return emitOptionalError(loc, "cannot reshape encoding ", srcEnc, ": ",
                               error);
    // Tensors are row-major (the last dimension fastest) while a linear
    // layout flattens its first output fastest: reshape in reversed order.
    std::vector<std::string> reversed;
    for (size_t d = srcShape.size(); d-- > 0;)
      reversed.push_back(layout_dims::outDimName(d));
    std::vector<LinearLayout::OutDim> newDims;
    for (size_t d = dstShape.size(); d-- > 0;)
      newDims.push_back({layout_dims::outDimName(d), int32_t(dstShape[d])});
    std::optional<LinearLayout> reshaped =
        layout->transposeOuts(reversed).reshapeOuts(newDims, &error);
    if (!reshaped)
      return emitOptionalError(loc, "cannot reshape encoding ", srcEnc, ": ",
                               error);
    LinearLayout standard =
        reshaped->transposeOuts(standardNames(dstShape.size()));
    result = toBlockedIfPossible(srcEnc.getContext(), standard, dstShape);
    if (!result)
      result = toLinearEncoding(srcEnc.getContext(), standard);
    return success();
  }

  LogicalResult
  verifyLayoutsAreEqual(ArrayRef<int64_t> shape, Attribute expected,
                        Attribute given,
                        std::optional<Location> loc) const override {
    std::optional<LinearLayout> a = toLinearLayout(shape, expected);
    std::optional<LinearLayout> b =
        given ? toLinearLayout(shape, given) : std::nullopt;
    if (a && b && *a == *b)
      return success();
    return emitOptionalError(loc, "encodings ", expected, " and ", given,
                             " differ");
  }
};

/// A warp_specialize partition runs on warps of its own, its tensors in
/// layouts of its warp count: the folder keeps the constants it makes
/// there instead of hoisting them above the op (the default region's may
/// go).
struct TritonGPUFoldInterface : public DialectFoldInterface {
  using DialectFoldInterface::DialectFoldInterface;

  bool shouldMaterializeInto(Region *region) const final {
    auto ws = dyn_cast<WarpSpecializeOp>(region->getParentOp());
    return ws && region != &ws.getDefaultRegion();
  }
};

/// `op`'s location, or (upstream's TTGIR gives hoisted constants
/// `loc(unknown)`) the nearest enclosing op's that is known.
Location knownLocation(Operation *op) {
  for (Operation *o = op; o; o = o->getParentOp())
    if (!isa<UnknownLoc>(o->getLoc()))
      return o->getLoc();
  return op->getLoc();
}

LogicalResult verifyModuleLayouts(ModuleOp module, int64_t threads,
                                  int64_t warps) {
  WalkResult result = module.walk([&](Operation *op) {
    auto check = [&](Type type) -> LogicalResult {
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.getEncoding())
        return success();
      auto layout = dyn_cast<DistributedEncodingTrait>(tensor.getEncoding());
      if (!layout)
        return success();
      if (layout.getTotalThreadsPerWarp() != threads)
        return emitError(knownLocation(op), "'")
               << op->getName() << "' op layout " << tensor.getEncoding()
               << " uses " << layout.getTotalThreadsPerWarp()
               << " threads per warp but the module has " << threads
               << " (ttg.threads-per-warp)";
      if (layout.getTotalWarpsPerCTA() != warps)
        return emitError(knownLocation(op), "'")
               << op->getName() << "' op layout " << tensor.getEncoding()
               << " uses " << layout.getTotalWarpsPerCTA()
               << " warps but the module has " << warps << " (ttg.num-warps)";
      return success();
    };
    // Layouts inside a warp_specialize partition use that partition's warps.
    if (op->getParentOfType<WarpSpecializeOp>() && !isa<WarpSpecializeOp>(op))
      return WalkResult::skip();
    for (Type t : op->getOperandTypes())
      if (failed(check(t)))
        return WalkResult::interrupt();
    for (Type t : op->getResultTypes())
      if (failed(check(t)))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Type t : block.getArgumentTypes())
          if (failed(check(t)))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

int getIntAttr(ModuleOp module, StringRef name, int dflt) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(name))
    return attr.getInt();
  return dflt;
}
} // namespace

void TritonGPUDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "TritonDialect/Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface, TritonGPUInferLayoutInterface,
                TritonGPUFoldInterface>();
}

Operation *TritonGPUDialect::materializeConstant(OpBuilder &builder,
                                                 Attribute value, Type type,
                                                 Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

SmallVector<unsigned> mlir::triton::gpu::getOrderOf(RankedTensorType type) {
  if (auto b = dyn_cast_or_null<BlockedEncodingAttr>(type.getEncoding()))
    return SmallVector<unsigned>(b.getOrder());
  SmallVector<unsigned> order;
  for (unsigned d = type.getRank(); d-- > 0;)
    order.push_back(d);
  return order;
}

CTALayoutAttr mlir::triton::gpu::getCTALayoutOf(Attribute encoding) {
  if (auto b = dyn_cast<BlockedEncodingAttr>(encoding))
    return b.getCTALayout();
  if (auto m = dyn_cast<NvidiaMmaEncodingAttr>(encoding))
    return m.getCTALayout();
  Attribute parent;
  if (auto s = dyn_cast<SliceEncodingAttr>(encoding))
    parent = s.getParent();
  else if (auto d = dyn_cast<DotOperandEncodingAttr>(encoding))
    parent = d.getParent();
  else if (isa<LinearEncodingAttr>(encoding))
    return CTALayoutAttr::getTrivial(encoding.getContext());
  if (!parent)
    return {};
  CTALayoutAttr p = getCTALayoutOf(parent);
  return p && p.isTrivial() ? p : CTALayoutAttr();
}

int TritonGPUDialect::getNumWarps(ModuleOp module) {
  return getIntAttr(module, getNumWarpsAttrName(), 4);
}
int TritonGPUDialect::getThreadsPerWarp(ModuleOp module) {
  return getIntAttr(module, getThreadsPerWarpAttrName(), 32);
}
int TritonGPUDialect::getNumCTAs(ModuleOp module) {
  return getIntAttr(module, getNumCTAsAttrName(), 1);
}
std::array<int, 3> TritonGPUDialect::getClusterDims(ModuleOp module) {
  return {getIntAttr(module, getClusterDimXAttrName(), 1),
          getIntAttr(module, getClusterDimYAttrName(), 1),
          getIntAttr(module, getClusterDimZAttrName(), 1)};
}
int TritonGPUDialect::getComputeCapability(ModuleOp module) {
  auto target = module->getAttrOfType<StringAttr>(getTargetAttrName());
  if (!target)
    return 0;
  StringRef text = target.getValue();
  int capability = 0;
  if (!text.consume_front("cuda:") || text.getAsInteger(10, capability))
    return 0;
  return capability;
}

LogicalResult TritonGPUDialect::verifyOperationAttribute(Operation *op,
                                                         NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  auto module = dyn_cast<ModuleOp>(op);
  auto requireModule = [&]() -> LogicalResult {
    if (!module)
      return op->emitError()
             << "'" << name << "' is a module attribute, not one of '"
             << op->getName() << "'";
    return success();
  };
  auto positiveInt = [&](bool powerOfTwo) -> LogicalResult {
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || !value.getType().isInteger(32) || value.getInt() <= 0 ||
        (powerOfTwo && !llvm::isPowerOf2_64(value.getInt())))
      return op->emitError() << "'" << name << "' must be a positive "
                             << (powerOfTwo ? "power-of-two " : "")
                             << "i32, got " << attr.getValue();
    return success();
  };
  if (name == getNumWarpsAttrName() || name == getThreadsPerWarpAttrName()) {
    if (failed(requireModule()) || failed(positiveInt(true)))
      return failure();
    // Check the layouts once, when visiting num-warps.
    if (name == getNumWarpsAttrName())
      return verifyModuleLayouts(module, getThreadsPerWarp(module),
                                 getNumWarps(module));
    return success();
  }
  if (name == getNumCTAsAttrName())
    return failure(failed(requireModule()) || failed(positiveInt(true)));
  if (name == getMaxCTAsPerSMAttrName() || name == getMinCTAsPerSMAttrName() ||
      name == getGridXMultipleAttrName())
    return failure(failed(requireModule()) || failed(positiveInt(false)));
  if (name == getClusterDimXAttrName() || name == getClusterDimYAttrName() ||
      name == getClusterDimZAttrName()) {
    if (failed(requireModule()) || failed(positiveInt(false)))
      return failure();
    // Checked once, at x: at most 8 blocks (the portable cluster size), and
    // only for one-block programs (num-ctas splits a program instead).
    if (name != getClusterDimXAttrName())
      return success();
    std::array<int, 3> dims = getClusterDims(module);
    int64_t blocks = int64_t(dims[0]) * dims[1] * dims[2];
    if (blocks > 8)
      return op->emitError() << "a cluster of " << blocks
                             << " blocks is over the portable maximum of 8";
    if (blocks > 1 && getNumCTAs(module) != 1)
      return op->emitError()
             << "'ttg.cluster-dim-*' group one-block programs; this module "
                "has 'ttg.num-ctas' = "
             << getNumCTAs(module);
    return success();
  }
  if (name == getTargetAttrName()) {
    if (failed(requireModule()))
      return failure();
    auto target = dyn_cast<StringAttr>(attr.getValue());
    if (!target || !(target.getValue().starts_with("cuda:") ||
                     target.getValue().starts_with("hip:")))
      return op->emitError() << "'ttg.target' must be a string like "
                                "\"cuda:90\" or \"hip:gfx942\", got "
                             << attr.getValue();
    if (target.getValue().starts_with("cuda:")) {
      unsigned cc;
      if (target.getValue().drop_front(5).getAsInteger(10, cc))
        return op->emitError() << "'ttg.target' needs a compute capability "
                                  "after 'cuda:', got "
                               << attr.getValue();
    }
    return success();
  }
  if (name == getSharedAttrName()) {
    if (failed(requireModule()))
      return failure();
    auto value = dyn_cast<IntegerAttr>(attr.getValue());
    if (!value || value.getInt() < 0)
      return op->emitError() << "'ttg.shared' must be a non-negative number "
                                "of bytes, got "
                             << attr.getValue();
    return success();
  }
  return success();
}
