//===- ReduceScanOpToLLVM.cpp - reductions and scans
//--------------------------===//
//
// tt.reduce: within each thread over the registers that share a key (the
// coordinates but the axis), within the warp by butterfly shuffles over the
// lane bits along the axis, across warps through the scratch shared memory
// allocate-shared-memory assigned (between barriers).
//
// tt.scan: by levels of axis bits (registers, lanes, warps), see
// ScanOpConversion.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "mlir/IR/IRMapping.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The layout of a reduction's or scan's operands, if they all are integers
/// or floats of up to 64 bits.
std::optional<LinearLayout> operandLayout(Operation *op, ValueRange srcs) {
  for (Value v : srcs) {
    Type e = cast<RankedTensorType>(v.getType()).getElementType();
    if (!e.isIntOrFloat() || e.getIntOrFloatBitWidth() > 64)
      return std::nullopt;
  }
  return layoutOf(cast<RankedTensorType>(srcs.front().getType()));
}

struct ReduceOpConversion : public ConvertOpToLLVMPattern<ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using namespace layout_dims;
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = operandLayout(op, op.getSrcs());
    if (!layout)
      return rewriter.notifyMatchFailure(
          op, "no layout, or operands of an element type not lowered yet");
    unsigned n = op.getSrcs().size();
    // Bases must each touch the reduced axis alone or not at all.
    auto axisOnly = [&](const char *dim, int32_t bit) {
      const auto &basis = layout->getBasis(dim, bit);
      bool onAxis = basis[axis] != 0;
      for (size_t d = 0; d < basis.size(); ++d)
        if (d != axis && basis[d] != 0 && onAxis)
          return std::optional<bool>();
      return std::optional<bool>(onAxis);
    };
    SmallVector<SmallVector<Value>> elems;
    for (Value v : adaptor.getSrcs())
      elems.push_back(unpack(rewriter, loc, v));
    int32_t regs = layout->getInDimSize(kRegister);

    // 1. Within the thread: registers with one key (coordinates but axis).
    std::map<SmallVector<int32_t>, SmallVector<Value>> acc;
    // The register that first produced each key (its run-time index).
    std::map<SmallVector<int32_t>, int32_t> firstReg;
    SmallVector<SmallVector<int32_t>> keys;
    for (int32_t r = 0; r < regs; ++r) {
      LinearLayout::Point p =
          layout->apply({{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
      SmallVector<int32_t> key;
      for (auto [d, c] : llvm::enumerate(p))
        if (d != axis)
          key.push_back(c.second);
      SmallVector<Value> x;
      for (unsigned i = 0; i < n; ++i)
        x.push_back(elems[i][r]);
      auto it = acc.find(key);
      if (it == acc.end()) {
        acc[key] = x;
        keys.push_back(key);
        firstReg[key] = r;
      } else {
        it->second = combine(rewriter, loc, op.getCombineOp(), it->second, x);
      }
    }
    // 2. Within the warp: butterfly shuffles over lane bits on the axis.
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(kLane); ++bit) {
      std::optional<bool> on = axisOnly(kLane, bit);
      if (!on)
        return rewriter.notifyMatchFailure(
            op, "lane bases mix the axis with other dimensions");
      if (!*on)
        continue;
      for (auto &key : keys) {
        SmallVector<Value> other;
        for (Value v : acc[key])
          other.push_back(shuffleXor(rewriter, loc, v, 1u << bit));
        acc[key] = combine(rewriter, loc, op.getCombineOp(), acc[key], other);
      }
    }
    // 3. Across warps: through shared memory.
    SmallVector<int32_t> axisWarpBits;
    for (int32_t bit = 0; bit < layout->getInDimSizeLog2(kWarp); ++bit) {
      std::optional<bool> on = axisOnly(kWarp, bit);
      if (!on)
        return rewriter.notifyMatchFailure(
            op, "warp bases mix the axis with other dimensions");
      if (*on)
        axisWarpBits.push_back(bit);
    }
    if (!axisWarpBits.empty()) {
      auto offsetAttr = op->getAttrOfType<IntegerAttr>("allocation.offset");
      if (!offsetAttr)
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated (run allocate-shared-memory)");
      auto [lane, warp] = laneAndWarp(rewriter, loc);
      (void)lane;
      // The warp's index along the axis: its axis bits, compressed.
      Value warpIdx = i32Const(rewriter, loc, 0);
      for (auto [k, bit] : llvm::enumerate(axisWarpBits)) {
        Value b = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, warp,
                                 i32Const(rewriter, loc, bit)),
            i32Const(rewriter, loc, 1));
        warpIdx = LLVM::OrOp::create(
            rewriter, loc, warpIdx,
            LLVM::ShlOp::create(rewriter, loc, b, i32Const(rewriter, loc, k)));
      }
      unsigned warps = 1u << axisWarpBits.size();
      // Result elements, linearized over the result shape (thread part
      // included): each key's element index at run time.
      SmallVector<int64_t> resShape;
      for (auto [d, size] : llvm::enumerate(srcType.getShape()))
        if (d != axis)
          resShape.push_back(size);
      int64_t numResults = 1;
      for (int64_t sz : resShape)
        numResults *= sz;
      SmallVector<SmallVector<Value>> indices =
          emitIndices(rewriter, loc, *layout);
      Value base = sharedBase(rewriter, loc, op);
      Type i8 = rewriter.getIntegerType(8);
      // Earlier users of this scratch are done: the membar analysis put a
      // barrier before this op where needed.
      uint64_t operandOffset = offsetAttr.getInt();
      SmallVector<uint64_t> operandBase;
      for (unsigned i = 0; i < n; ++i) {
        operandBase.push_back(operandOffset);
        Type e =
            cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType();
        operandOffset +=
            warps * numResults * ((e.getIntOrFloatBitWidth() + 7) / 8);
      }
      auto linearIndex = [&](int32_t reg) {
        Value idx = i32Const(rewriter, loc, 0);
        unsigned rd = 0;
        for (unsigned d = 0; d < indices[reg].size(); ++d) {
          if (d == axis)
            continue;
          idx = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(rewriter, loc, idx,
                                  i32Const(rewriter, loc, resShape[rd++])),
              indices[reg][d]);
        }
        return idx;
      };
      auto slot = [&](unsigned i, Value warpSlot, Value elemIdx) {
        Type e =
            cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType();
        Type llvmE = getTypeConverter()->convertType(e);
        Value flat = LLVM::AddOp::create(
            rewriter, loc,
            LLVM::MulOp::create(rewriter, loc, warpSlot,
                                i32Const(rewriter, loc, numResults)),
            elemIdx);
        Value bytes = LLVM::GEPOp::create(
            rewriter, loc, base.getType(), i8, base,
            ValueRange{i32Const(rewriter, loc, operandBase[i])});
        return std::make_pair(LLVM::GEPOp::create(rewriter, loc, base.getType(),
                                                  llvmE, bytes,
                                                  ValueRange{flat})
                                  .getResult(),
                              llvmE);
      };
      for (auto &key : keys) {
        Value idx = linearIndex(firstReg[key]);
        for (unsigned i = 0; i < n; ++i) {
          auto [ptr, ty] = slot(i, warpIdx, idx);
          LLVM::StoreOp::create(rewriter, loc, acc[key][i], ptr);
        }
      }
      NVVM::Barrier0Op::create(rewriter, loc);
      for (auto &key : keys) {
        Value idx = linearIndex(firstReg[key]);
        SmallVector<Value> total;
        for (unsigned w = 0; w < warps; ++w) {
          SmallVector<Value> part;
          for (unsigned i = 0; i < n; ++i) {
            auto [ptr, ty] = slot(i, i32Const(rewriter, loc, w), idx);
            part.push_back(LLVM::LoadOp::create(rewriter, loc, ty, ptr));
          }
          total = w == 0
                      ? part
                      : combine(rewriter, loc, op.getCombineOp(), total, part);
        }
        acc[key] = total;
      }
    }
    // Results: scalars, or tensors in the slice layout.
    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      Type resType = op.getResult()[i].getType();
      auto resTensor = dyn_cast<RankedTensorType>(resType);
      if (!resTensor) {
        results.push_back(acc[keys.front()][i]);
        continue;
      }
      std::optional<LinearLayout> resLayout = layoutOf(resTensor);
      Type structType = getTypeConverter()->convertType(resTensor);
      if (!resLayout || !structType)
        return rewriter.notifyMatchFailure(op, "no result layout");
      SmallVector<Value> vals;
      for (int32_t r = 0; r < resLayout->getInDimSize(kRegister); ++r) {
        LinearLayout::Point p = resLayout->apply(
            {{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
        SmallVector<int32_t> key;
        for (auto &c : p)
          key.push_back(c.second);
        auto it = acc.find(key);
        if (it == acc.end())
          return rewriter.notifyMatchFailure(
              op, "result layout does not match the operand's");
        vals.push_back(it->second[i]);
      }
      results.push_back(pack(rewriter, loc, structType, vals));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};

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
struct ScanOpConversion : public ConvertOpToLLVMPattern<ScanOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  struct Level {
    const char *dim;
    SmallVector<int32_t> inBits; // the in-dim bits, by increasing axis bit
    unsigned axisLo;             // lowest axis bit of the level
  };

  LogicalResult
  matchAndRewrite(ScanOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using namespace layout_dims;
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    bool reverse = op.getReverse();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    std::optional<LinearLayout> layout = operandLayout(op, op.getSrcs());
    if (!layout)
      return rewriter.notifyMatchFailure(
          op, "no layout, or operands of an element type not lowered yet");
    unsigned n = op.getSrcs().size();
    // Axis bit -> (dim, in-bit).
    unsigned axisBits = llvm::Log2_64(srcType.getShape()[axis]);
    SmallVector<std::pair<const char *, int32_t>> owner(axisBits,
                                                        {nullptr, -1});
    for (const char *dim : {kRegister, kLane, kWarp}) {
      if (!layout->hasInDim(dim))
        continue;
      for (int32_t bit = 0; bit < layout->getInDimSizeLog2(dim); ++bit) {
        const auto &basis = layout->getBasis(dim, bit);
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

    int32_t regs = layout->getInDimSize(kRegister);
    SmallVector<SmallVector<Value>> in;
    for (Value v : adaptor.getSrcs())
      in.push_back(unpack(rewriter, loc, v));
    // Per register: its scan within its segment (x) and the segment total.
    SmallVector<SmallVector<Value>> x(regs), tot(regs);
    SmallVector<SmallVector<int32_t>> coords(regs);
    for (int32_t r = 0; r < regs; ++r) {
      for (unsigned i = 0; i < n; ++i)
        x[r].push_back(in[i][r]);
      tot[r] = x[r];
      coords[r] = registerCoords(*layout, r);
    }
    Region &body = op.getCombineOp();
    auto combineVals = [&](ArrayRef<Value> acc, ArrayRef<Value> v) {
      return combine(rewriter, loc, body, acc, v);
    };
    auto selectVals = [&](Value cond, ArrayRef<Value> a, ArrayRef<Value> b) {
      SmallVector<Value> out;
      for (auto [p, q] : llvm::zip(a, b))
        out.push_back(LLVM::SelectOp::create(rewriter, loc, cond, p, q));
      return out;
    };
    auto [lane, warp] = laneAndWarp(rewriter, loc);
    SmallVector<SmallVector<Value>> indices;
    bool firstWarpLevel = true;

    for (const Level &level : levels) {
      unsigned k = level.inBits.size();
      int32_t lowMask = (1 << level.axisLo) - 1;
      int32_t levelMask = ((1 << k) - 1) << level.axisLo;
      // Groups: registers agreeing on everything but the lower axis bits
      // (and, for a register level, the level's bits).
      std::map<SmallVector<int32_t>, SmallVector<int32_t>> groups;
      for (int32_t r = 0; r < regs; ++r) {
        SmallVector<int32_t> key = coords[r];
        key[axis] &= ~lowMask;
        if (level.dim == kRegister)
          key[axis] &= ~levelMask;
        groups[key].push_back(r);
      }
      auto levelValue = [&](int32_t r) {
        int32_t v = (coords[r][axis] & levelMask) >> level.axisLo;
        return reverse ? (1 << k) - 1 - v : v;
      };

      if (level.dim == kRegister) {
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
        continue;
      }

      if (level.dim == kLane) {
        int32_t b0 = level.inBits.front();
        Value v = LLVM::AndOp::create(
            rewriter, loc,
            LLVM::LShrOp::create(rewriter, loc, lane,
                                 i32Const(rewriter, loc, b0)),
            i32Const(rewriter, loc, (1 << k) - 1));
        Value pos =
            reverse
                ? LLVM::SubOp::create(rewriter, loc,
                                      i32Const(rewriter, loc, (1 << k) - 1), v)
                      .getResult()
                : v;
        auto shift = [&](ArrayRef<Value> vals, unsigned delta) {
          SmallVector<Value> out;
          for (Value val : vals)
            out.push_back(reverse ? shuffleDown(rewriter, loc, val, delta)
                                  : shuffleUp(rewriter, loc, val, delta));
          return out;
        };
        // The lane holding the merged segment's last element.
        Value lastLane = LLVM::OrOp::create(
            rewriter, loc,
            LLVM::AndOp::create(
                rewriter, loc, lane,
                i32Const(rewriter, loc, ~(((1 << k) - 1) << b0))),
            i32Const(rewriter, loc, reverse ? 0 : ((1 << k) - 1) << b0));
        for (auto &[key, members] : groups) {
          SmallVector<Value> s = tot[members.front()];
          for (unsigned t = 0; t < k; ++t) {
            SmallVector<Value> y = shift(s, 1u << (b0 + t));
            Value take =
                LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::uge,
                                     pos, i32Const(rewriter, loc, 1 << t));
            s = selectVals(take, combineVals(y, s), s);
          }
          SmallVector<Value> excl = shift(s, 1u << b0);
          SmallVector<Value> merged;
          for (Value val : s)
            merged.push_back(shuffleIdx(rewriter, loc, val, lastLane));
          Value notFirst =
              LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, pos,
                                   i32Const(rewriter, loc, 0));
          for (int32_t r : members) {
            x[r] = selectVals(notFirst, combineVals(excl, x[r]), x[r]);
            tot[r] = merged;
          }
        }
        continue;
      }

      // Warp bits: through shared memory.
      auto offsetAttr = op->getAttrOfType<IntegerAttr>("allocation.offset");
      if (!offsetAttr)
        return rewriter.notifyMatchFailure(
            op, "no shared memory allocated (run allocate-shared-memory)");
      if (!firstWarpLevel)
        NVVM::Barrier0Op::create(rewriter, loc);
      firstWarpLevel = false;
      if (indices.empty())
        indices = emitIndices(rewriter, loc, *layout);
      int32_t w0 = level.inBits.front();
      Value v =
          LLVM::AndOp::create(rewriter, loc,
                              LLVM::LShrOp::create(rewriter, loc, warp,
                                                   i32Const(rewriter, loc, w0)),
                              i32Const(rewriter, loc, (1 << k) - 1));
      Value pos =
          reverse ? LLVM::SubOp::create(
                        rewriter, loc, i32Const(rewriter, loc, (1 << k) - 1), v)
                        .getResult()
                  : v;
      ArrayRef<int64_t> shape = srcType.getShape();
      int64_t numel = srcType.getNumElements();
      uint64_t operandOffset = offsetAttr.getInt();
      SmallVector<uint64_t> operandBase;
      SmallVector<Type> elemTypes;
      for (unsigned i = 0; i < n; ++i) {
        operandBase.push_back(operandOffset);
        Type e = getTypeConverter()->convertType(
            cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType());
        elemTypes.push_back(e);
        operandOffset += numel * ((e.getIntOrFloatBitWidth() + 7) / 8);
      }
      // Slot of the segment with level value `value` (runtime) in the
      // register's group: the coordinates with the lower axis bits cleared
      // and the level bits replaced, linearized.
      auto slot = [&](int32_t r, Value levelBits) {
        Value idx = i32Const(rewriter, loc, 0);
        for (unsigned d = 0; d < shape.size(); ++d) {
          Value c = indices[r][d];
          if (d == axis)
            c = LLVM::OrOp::create(
                rewriter, loc,
                LLVM::AndOp::create(
                    rewriter, loc, c,
                    i32Const(rewriter, loc, ~(lowMask | levelMask))),
                LLVM::ShlOp::create(rewriter, loc, levelBits,
                                    i32Const(rewriter, loc, level.axisLo)));
          idx = LLVM::AddOp::create(
              rewriter, loc,
              LLVM::MulOp::create(rewriter, loc, idx,
                                  i32Const(rewriter, loc, shape[d])),
              c);
        }
        return idx;
      };
      auto ptrOf = [&](unsigned i, Value idx) {
        Value base = sharedPtr(rewriter, loc, op, operandBase[i]);
        return LLVM::GEPOp::create(rewriter, loc, base.getType(), elemTypes[i],
                                   base, ValueRange{idx});
      };
      // Write each segment's total once: from the thread holding the
      // segment's last element (in scan order), first copy only.
      Value firstCopy = firstCopyPredicate(rewriter, loc, *layout);
      for (auto &[key, members] : groups) {
        int32_t r = members.front();
        for (int32_t m : members)
          if ((coords[m][axis] & lowMask) > (coords[r][axis] & lowMask))
            r = m;
        Value lowBits = LLVM::AndOp::create(rewriter, loc, indices[r][axis],
                                            i32Const(rewriter, loc, lowMask));
        Value pred = LLVM::ICmpOp::create(
            rewriter, loc, LLVM::ICmpPredicate::eq, lowBits,
            i32Const(rewriter, loc, reverse ? 0 : lowMask));
        if (firstCopy)
          pred = LLVM::AndOp::create(rewriter, loc, pred, firstCopy);
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
            t.push_back(LLVM::LoadOp::create(
                rewriter, loc, elemTypes[i],
                ptrOf(i, slot(r, i32Const(rewriter, loc, value)))));
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
          Value is =
              LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::eq, pos,
                                   i32Const(rewriter, loc, j));
          excl = selectVals(is, before[j], excl);
        }
        Value notFirst =
            LLVM::ICmpOp::create(rewriter, loc, LLVM::ICmpPredicate::ne, pos,
                                 i32Const(rewriter, loc, 0));
        for (int32_t m : members) {
          x[m] = selectVals(notFirst, combineVals(excl, x[m]), x[m]);
          tot[m] = merged;
        }
      }
    }

    SmallVector<Value> results;
    for (unsigned i = 0; i < n; ++i) {
      Type structType =
          getTypeConverter()->convertType(op.getResult()[i].getType());
      SmallVector<Value> vals;
      for (int32_t r = 0; r < regs; ++r)
        vals.push_back(x[r][i]);
      results.push_back(pack(rewriter, loc, structType, vals));
    }
    rewriter.replaceOp(op, results);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateReduceScanOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceOpConversion, ScanOpConversion>(converter);
}
