//===- ScanOpToLLVM.cpp - tt.scan -----------------------------------------===//
//
// tt.scan: by levels of axis bits (registers, lanes, warps), see
// ScanOpConversion.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "mlir/IR/IRMapping.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// tt.scan, inclusive, forward or reverse, with any associative combiner.
///
/// The axis coordinate's bits each come from one register, lane or warp
/// basis. Sorted from low to high they form levels of consecutive bits of
/// one kind; a level merges 2^k consecutive segments (elements agreeing on
/// all higher axis bits) into one. Every register keeps its element's scan
/// within its current segment and the segment's total; a level gives each
/// element the combination of the totals of the segments before its own
/// (in scan order) and computes the merged total:
///  - register bits: in the thread, sequentially;
///  - lane bits: Hillis-Steele over the level's lanes with shfl.up (down
///    when reversed), the merged total from the level's last lane;
///  - warp bits: each segment's total through shared memory, read back by
///    every warp.
/// One tt.scan being lowered: per register, its scan within its current
/// segment (x) and the segment's total, level after level.
class ScanLowering {
public:
  struct Level {
    const char *dim;
    SmallVector<int32_t> inBits; // the in-dim bits, by increasing axis bit
    unsigned axisLo;             // lowest axis bit of the level
  };
  using Groups = std::map<SmallVector<int32_t>, SmallVector<int32_t>>;

  ScanLowering(ScanOp op, ConversionPatternRewriter &rewriter,
               const LLVMTypeConverter &converter, const LinearLayout &layout)
      : op(op), rewriter(rewriter), converter(converter), loc(op.getLoc()),
        lb(rewriter, op.getLoc()), axis(op.getAxis()), reverse(op.getReverse()),
        n(op.getSrcs().size()),
        srcType(cast<RankedTensorType>(op.getSrcs()[0].getType())),
        layout(layout) {}

  /// The levels of axis bits: runs of consecutive bits of one kind.
  FailureOr<SmallVector<Level>> levels() {
    using namespace layout_dims;
    // Axis bit -> (dim, in-bit).
    unsigned axisBits = llvm::Log2_64(srcType.getShape()[axis]);
    SmallVector<std::pair<const char *, int32_t>> owner(axisBits,
                                                        {nullptr, -1});
    for (const char *dim : {kRegister, kLane, kWarp}) {
      if (!layout.hasInDim(dim))
        continue;
      for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit) {
        const auto &basis = layout.getBasis(dim, bit);
        if (!basis[axis])
          continue;
        for (size_t d = 0; d < basis.size(); ++d)
          if (d != axis && basis[d])
            return rewriter.notifyMatchFailure(
                op, "a basis mixes the scan axis with other dimensions");
        if (!llvm::isPowerOf2_32(basis[axis]))
          return rewriter.notifyMatchFailure(op, "axis basis not a bit");
        unsigned ab = llvm::Log2_32(basis[axis]);
        if (owner[ab].first)
          return rewriter.notifyMatchFailure(op, "axis bit held twice");
        owner[ab] = {dim, bit};
      }
    }
    SmallVector<Level> levels;
    for (unsigned ab = 0; ab < axisBits; ++ab) {
      if (!owner[ab].first)
        return rewriter.notifyMatchFailure(op, "axis bit not in the layout");
      if (levels.empty() || levels.back().dim != owner[ab].first ||
          (owner[ab].first != kRegister &&
           levels.back().inBits.back() + 1 != owner[ab].second))
        levels.push_back({owner[ab].first, {}, ab});
      levels.back().inBits.push_back(owner[ab].second);
    }

    return levels;
  }

  LogicalResult run(ArrayRef<Level> levels, ValueRange srcs) {
    using namespace layout_dims;
    regs = layout.getInDimSize(kRegister);
    SmallVector<SmallVector<Value>> in;
    for (Value v : srcs)
      in.push_back(unpack(rewriter, loc, v));
    x.assign(regs, {});
    tot.assign(regs, {});
    coords.assign(regs, {});
    for (int32_t r = 0; r < regs; ++r) {
      for (unsigned i = 0; i < n; ++i)
        x[r].push_back(in[i][r]);
      tot[r] = x[r];
      coords[r] = registerCoords(layout, r);
    }
    std::tie(lane, warp) = laneAndWarp(rewriter, loc);
    for (const Level &level : levels) {
      Groups groups = groupsOf(level);
      if (level.dim == kRegister)
        registerLevel(level, groups);
      else if (level.dim == kLane)
        laneLevel(level, groups);
      else if (failed(warpLevel(level, groups)))
        return failure();
    }
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      Type structType = converter.convertType(op.getResult()[i].getType());
      SmallVector<Value> vals;
      for (int32_t r = 0; r < regs; ++r)
        vals.push_back(x[r][i]);
      results.push_back(pack(rewriter, loc, structType, vals));
    }
    rewriter.replaceOp(op, results);
    return success();
  }

private:
  SmallVector<Value> combineVals(ArrayRef<Value> acc, ArrayRef<Value> v) {
    return combine(rewriter, loc, op.getCombineOp(), acc, v);
  }
  SmallVector<Value> selectVals(Value cond, ArrayRef<Value> a,
                                ArrayRef<Value> b) {
    SmallVector<Value> out;
    for (auto [p, q] : llvm::zip(a, b))
      out.push_back(lb.select(cond, p, q));
    return out;
  }
  int32_t lowMaskOf(const Level &level) const {
    return (1 << level.axisLo) - 1;
  }
  int32_t levelMaskOf(const Level &level) const {
    return ((1 << level.inBits.size()) - 1) << level.axisLo;
  }

  /// Groups: registers agreeing on everything but the lower axis bits
  /// (and, for a register level, the level's bits).
  Groups groupsOf(const Level &level) const {
    using namespace layout_dims;
    int32_t lowMask = lowMaskOf(level), levelMask = levelMaskOf(level);
    Groups groups;
    for (int32_t r = 0; r < regs; ++r) {
      SmallVector<int32_t> key = coords[r];
      key[axis] &= ~lowMask;
      if (level.dim == kRegister)
        key[axis] &= ~levelMask;
      groups[key].push_back(r);
    }
    return groups;
  }

  /// Register bits: in the thread, sequentially.
  void registerLevel(const Level &level, Groups &groups) {
    unsigned k = level.inBits.size();
    int32_t levelMask = levelMaskOf(level);
    auto levelValue = [&](int32_t r) {
      int32_t v = (coords[r][axis] & levelMask) >> level.axisLo;
      return reverse ? (1 << k) - 1 - v : v;
    };
    for (auto &[key, members] : groups) {
      // Totals of each level value's segment, in scan order.
      SmallVector<SmallVector<Value>> segTot(1 << k);
      for (int32_t r : members)
        segTot[levelValue(r)] = tot[r];
      SmallVector<SmallVector<Value>> before(1 << k);
      for (int32_t v = 1; v < (1 << k); ++v)
        before[v] =
            v == 1 ? segTot[0] : combineVals(before[v - 1], segTot[v - 1]);
      SmallVector<Value> merged =
          k == 0 ? segTot[0]
                 : combineVals(before[(1 << k) - 1], segTot[(1 << k) - 1]);
      for (int32_t r : members) {
        if (int32_t v = levelValue(r))
          x[r] = combineVals(before[v], x[r]);
        tot[r] = merged;
      }
    }
  }

  /// Lane bits: Hillis-Steele over the level's lanes with shfl.up (down
  /// when reversed), the merged total from the level's last lane.
  void laneLevel(const Level &level, Groups &groups) {
    unsigned k = level.inBits.size();
    int32_t b0 = level.inBits.front();
    Value v = lb.and_(lb.lshr(lane, lb.i32(b0)), lb.i32((1 << k) - 1));
    Value pos = reverse ? lb.sub(lb.i32((1 << k) - 1), v).getResult() : v;
    auto shift = [&](ArrayRef<Value> vals, unsigned delta) {
      SmallVector<Value> out;
      for (Value val : vals)
        out.push_back(reverse ? shuffleDown(rewriter, loc, val, delta)
                              : shuffleUp(rewriter, loc, val, delta));
      return out;
    };
    // The lane holding the merged segment's last element.
    Value lastLane = lb.or_(lb.and_(lane, lb.i32(~(((1 << k) - 1) << b0))),
                            lb.i32(reverse ? 0 : ((1 << k) - 1) << b0));
    for (auto &[key, members] : groups) {
      SmallVector<Value> s = tot[members.front()];
      for (unsigned t = 0; t < k; ++t) {
        SmallVector<Value> y = shift(s, 1u << (b0 + t));
        Value take = lb.icmp_uge(pos, lb.i32(1 << t));
        s = selectVals(take, combineVals(y, s), s);
      }
      SmallVector<Value> excl = shift(s, 1u << b0);
      SmallVector<Value> merged;
      for (Value val : s)
        merged.push_back(shuffleIdx(rewriter, loc, val, lastLane));
      Value notFirst = lb.icmp_ne(pos, lb.i32(0));
      for (int32_t r : members) {
        x[r] = selectVals(notFirst, combineVals(excl, x[r]), x[r]);
        tot[r] = merged;
      }
    }
  }

  /// The scratch of a warp level: each operand's region (from `offset`,
  /// as Allocation.h lays it out) and element type.
  void scratchOf(uint64_t offset, SmallVector<uint64_t> &operandBase,
                 SmallVector<Type> &elemTypes) {
    for (uint64_t o : getReduceScanScratch(op).offsets)
      operandBase.push_back(offset + o);
    for (unsigned i = 0; i < n; ++i)
      elemTypes.push_back(converter.convertType(
          cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType()));
  }

  /// Warp bits: each segment's total through shared memory, read back by
  /// every warp.
  LogicalResult warpLevel(const Level &level, Groups &groups) {
    unsigned k = level.inBits.size();
    int32_t lowMask = lowMaskOf(level), levelMask = levelMaskOf(level);
    auto offsetAttr = op->getAttrOfType<IntegerAttr>("allocation.offset");
    if (!offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    if (!firstWarpLevel)
      NVVM::Barrier0Op::create(rewriter, loc);
    firstWarpLevel = false;
    if (indices.empty())
      indices = emitIndices(rewriter, loc, layout);
    int32_t w0 = level.inBits.front();
    Value v = lb.and_(lb.lshr(warp, lb.i32(w0)), lb.i32((1 << k) - 1));
    Value pos = reverse ? lb.sub(lb.i32((1 << k) - 1), v).getResult() : v;
    ArrayRef<int64_t> shape = srcType.getShape();
    SmallVector<uint64_t> operandBase;
    SmallVector<Type> elemTypes;
    scratchOf(offsetAttr.getInt(), operandBase, elemTypes);
    // Slot of the segment with level value `value` (runtime) in the
    // register's group: the coordinates with the lower axis bits cleared
    // and the level bits replaced, linearized.
    auto slot = [&](int32_t r, Value levelBits) {
      Value idx = lb.i32(0);
      for (unsigned d = 0; d < shape.size(); ++d) {
        Value c = indices[r][d];
        if (d == axis)
          c = lb.or_(lb.and_(c, lb.i32(~(lowMask | levelMask))),
                     lb.shl(levelBits, lb.i32(level.axisLo)));
        idx = lb.add(lb.mul(idx, lb.i32(shape[d])), c);
      }
      return idx;
    };
    auto ptrOf = [&](unsigned i, Value idx) {
      Value base = sharedPtr(rewriter, loc, op, operandBase[i]);
      return lb.gep(base.getType(), elemTypes[i], base, ValueRange{idx});
    };
    // Write each segment's total once: from the thread holding the
    // segment's last element in scan order (the highest lower axis bits, or
    // the lowest when reversed: its register must be the one whose own
    // lower axis bits are highest or lowest too), first copy only.
    Value firstCopy = firstCopyPredicate(rewriter, loc, layout);
    for (auto &[key, members] : groups) {
      int32_t r = members.front();
      for (int32_t m : members) {
        int32_t low = coords[m][axis] & lowMask,
                best = coords[r][axis] & lowMask;
        if (reverse ? low < best : low > best)
          r = m;
      }
      Value lowBits = lb.and_(indices[r][axis], lb.i32(lowMask));
      Value pred = lb.icmp_eq(lowBits, lb.i32(reverse ? 0 : lowMask));
      if (firstCopy)
        pred = lb.and_(pred, firstCopy);
      for (unsigned i = 0; i < n; ++i) {
        Value ptr = ptrOf(i, slot(r, v));
        predicatedSharedAccess(
            rewriter, loc,
            "st.shared.b" +
                std::to_string(elemTypes[i].getIntOrFloatBitWidth()),
            pred, ptr, tot[r][i]);
      }
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    for (auto &[key, members] : groups) {
      int32_t r = members.front();
      // Totals of the level's segments in scan order; prefixes.
      SmallVector<SmallVector<Value>> segTot;
      for (int32_t j = 0; j < (1 << k); ++j) {
        int32_t value = reverse ? (1 << k) - 1 - j : j;
        SmallVector<Value> t;
        for (unsigned i = 0; i < n; ++i)
          t.push_back(lb.load(elemTypes[i], ptrOf(i, slot(r, lb.i32(value)))));
        segTot.push_back(t);
      }
      SmallVector<SmallVector<Value>> before(1 << k);
      for (int32_t j = 1; j < (1 << k); ++j)
        before[j] =
            j == 1 ? segTot[0] : combineVals(before[j - 1], segTot[j - 1]);
      SmallVector<Value> merged =
          combineVals(before[(1 << k) - 1], segTot[(1 << k) - 1]);
      // The exclusive prefix for this warp's position.
      SmallVector<Value> excl = before[1];
      for (int32_t j = 2; j < (1 << k); ++j) {
        Value is = lb.icmp_eq(pos, lb.i32(j));
        excl = selectVals(is, before[j], excl);
      }
      Value notFirst = lb.icmp_ne(pos, lb.i32(0));
      for (int32_t m : members) {
        x[m] = selectVals(notFirst, combineVals(excl, x[m]), x[m]);
        tot[m] = merged;
      }
    }
    return success();
  }

  ScanOp op;
  ConversionPatternRewriter &rewriter;
  const LLVMTypeConverter &converter;
  Location loc;
  LLVMBuilder lb;
  unsigned axis;
  bool reverse;
  unsigned n;
  RankedTensorType srcType;
  LinearLayout layout;
  int32_t regs = 0;
  SmallVector<SmallVector<Value>> x, tot;
  SmallVector<SmallVector<int32_t>> coords;
  Value lane, warp;
  SmallVector<SmallVector<Value>> indices;
  bool firstWarpLevel = true;
};

struct ScanOpConversion : public ConvertOpToLLVMPattern<ScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    std::optional<LinearLayout> layout =
        reduceScanOperandLayout(op, op.getSrcs());
    if (!layout)
      return rewriter.notifyMatchFailure(
          op, "no layout, or operands of an element type not lowered yet");
    ScanLowering scan(op, rewriter, *getTypeConverter(), *layout);
    FailureOr<SmallVector<ScanLowering::Level>> levels = scan.levels();
    if (failed(levels))
      return failure();
    return scan.run(*levels, adaptor.getSrcs());
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateScanOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ScanOpConversion>(converter);
}
