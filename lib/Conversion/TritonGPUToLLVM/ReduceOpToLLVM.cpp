//===- ReduceOpToLLVM.cpp - tt.reduce -------------------------------------===//
//
// tt.reduce: within each thread over the registers that share a key (the
// coordinates but the axis), within the warp by butterfly shuffles over the
// lane bits along the axis, across warps through the scratch shared memory
// allocate-shared-memory assigned (between barriers).
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "mlir/IR/IRMapping.h"

#include <map>
#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// What the reduction has combined so far: per key (the coordinates but
/// the axis), the combined values of every operand, and the register that
/// first held the key.
struct Partials {
  std::map<SmallVector<int32_t>, SmallVector<Value>> acc;
  std::map<SmallVector<int32_t>, int32_t> firstReg;
  SmallVector<SmallVector<int32_t>> keys;
};

struct ReduceOpConversion : public ConvertOpToLLVMPattern<ReduceOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    using namespace layout_dims;
    Location loc = op.getLoc();
    std::optional<LinearLayout> layout =
        reduceScanOperandLayout(op, op.getSrcs());
    if (!layout)
      return rewriter.notifyMatchFailure(
          op, "no layout, or operands of an element type not lowered yet");
    SmallVector<SmallVector<Value>> elems;
    for (Value v : adaptor.getSrcs())
      elems.push_back(unpack(rewriter, loc, v));
    Partials partials = withinThread(op, rewriter, *layout, elems);
    if (failed(withinWarp(op, rewriter, *layout, partials)))
      return failure();
    FailureOr<SmallVector<int32_t>> axisWarpBits =
        warpBitsOnAxis(op, rewriter, *layout);
    if (failed(axisWarpBits))
      return failure();
    if (!axisWarpBits->empty() &&
        failed(acrossWarps(op, rewriter, *layout, *axisWarpBits, partials)))
      return failure();
    FailureOr<SmallVector<Value>> results =
        packResults(op, rewriter, partials.acc, partials.keys);
    if (failed(results))
      return failure();
    rewriter.replaceOp(op, *results);
    return success();
  }

  /// Whether a basis of `dim` touches the reduced axis alone (true), not at
  /// all (false), or the axis and other dimensions (nullopt).
  static std::optional<bool> axisOnly(const LinearLayout &layout, unsigned axis,
                                      const char *dim, int32_t bit) {
    const auto &basis = layout.getBasis(dim, bit);
    bool onAxis = basis[axis] != 0;
    for (size_t d = 0; d < basis.size(); ++d)
      if (d != axis && basis[d] != 0 && onAxis)
        return std::nullopt;
    return onAxis;
  }

  /// 1. Within the thread: registers with one key (coordinates but axis).
  /// A register that repeats an element an earlier register holds (a layout
  /// with a zero register basis, e.g. a #ttg.linear reaching past the
  /// tensor) is left out: a sum would count it twice.
  static Partials withinThread(ReduceOp op, ConversionPatternRewriter &rewriter,
                               const LinearLayout &layout,
                               ArrayRef<SmallVector<Value>> elems) {
    using namespace layout_dims;
    Location loc = op.getLoc();
    unsigned axis = op.getAxis();
    unsigned n = op.getSrcs().size();
    int32_t regs = layout.getInDimSize(kRegister);
    Partials partials;
    auto &acc = partials.acc;
    auto &firstReg = partials.firstReg;
    auto &keys = partials.keys;
    std::set<SmallVector<int32_t>> seen;
    for (int32_t r = 0; r < regs; ++r) {
      LinearLayout::Point p =
          layout.apply({{kRegister, r}, {kLane, 0}, {kWarp, 0}, {kBlock, 0}});
      SmallVector<int32_t> element;
      for (auto &c : p)
        element.push_back(c.second);
      if (!seen.insert(element).second)
        continue;
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
    return partials;
  }

  /// 2. Within the warp: butterfly shuffles over lane bits on the axis.
  static LogicalResult withinWarp(ReduceOp op,
                                  ConversionPatternRewriter &rewriter,
                                  const LinearLayout &layout,
                                  Partials &partials) {
    using namespace layout_dims;
    Location loc = op.getLoc();
    auto &acc = partials.acc;
    auto &keys = partials.keys;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(kLane); ++bit) {
      std::optional<bool> on = axisOnly(layout, op.getAxis(), kLane, bit);
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
    return success();
  }

  /// The warp bits along the axis (failure when a warp basis mixes the
  /// axis with other dimensions).
  static FailureOr<SmallVector<int32_t>>
  warpBitsOnAxis(ReduceOp op, ConversionPatternRewriter &rewriter,
                 const LinearLayout &layout) {
    using namespace layout_dims;
    SmallVector<int32_t> axisWarpBits;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(kWarp); ++bit) {
      std::optional<bool> on = axisOnly(layout, op.getAxis(), kWarp, bit);
      if (!on)
        return rewriter.notifyMatchFailure(
            op, "warp bases mix the axis with other dimensions");
      if (*on)
        axisWarpBits.push_back(bit);
    }
    return axisWarpBits;
  }

  /// 3. Across warps: each warp's partial values through the op's scratch
  /// shared memory, combined by every warp.
  LogicalResult acrossWarps(ReduceOp op, ConversionPatternRewriter &rewriter,
                            const LinearLayout &layout,
                            ArrayRef<int32_t> axisWarpBits,
                            Partials &partials) const {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    unsigned axis = op.getAxis();
    unsigned n = op.getSrcs().size();
    auto srcType = cast<RankedTensorType>(op.getSrcs()[0].getType());
    auto &acc = partials.acc;
    auto &firstReg = partials.firstReg;
    auto &keys = partials.keys;
    auto offsetAttr = op->getAttrOfType<IntegerAttr>("allocation.offset");
    if (!offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    auto [lane, warp] = laneAndWarp(rewriter, loc);
    (void)lane;
    // The warp's index along the axis: its axis bits, compressed.
    Value warpIdx = lb.i32(0);
    for (auto [k, bit] : llvm::enumerate(axisWarpBits)) {
      Value b = lb.and_(lb.lshr(warp, lb.i32(bit)), lb.i32(1));
      warpIdx = lb.or_(warpIdx, lb.shl(b, lb.i32(k)));
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
        emitIndices(rewriter, loc, layout);
    Value base = sharedBase(rewriter, loc, op);
    Type i8 = rewriter.getIntegerType(8);
    // Earlier users of this scratch are done: the membar analysis put a
    // barrier before this op where needed.
    // Each operand's region of the scratch (Allocation.h).
    ScratchRegions scratch = getReduceScanScratch(op);
    if (scratch.offsets.size() != n)
      return rewriter.notifyMatchFailure(
          op, "the scratch does not hold a region per operand");
    SmallVector<uint64_t> operandBase;
    for (uint64_t o : scratch.offsets)
      operandBase.push_back(offsetAttr.getInt() + o);
    auto linearIndex = [&](int32_t reg) {
      Value idx = lb.i32(0);
      unsigned rd = 0;
      for (unsigned d = 0; d < indices[reg].size(); ++d) {
        if (d == axis)
          continue;
        idx = lb.add(lb.mul(idx, lb.i32(resShape[rd++])), indices[reg][d]);
      }
      return idx;
    };
    auto slot = [&](unsigned i, Value warpSlot, Value elemIdx) {
      Type e =
          cast<RankedTensorType>(op.getSrcs()[i].getType()).getElementType();
      Type llvmE = getTypeConverter()->convertType(e);
      Value flat = lb.add(lb.mul(warpSlot, lb.i32(numResults)), elemIdx);
      Value bytes =
          lb.gep(base.getType(), i8, base, ValueRange{lb.i32(operandBase[i])});
      return std::make_pair(
          lb.gep(base.getType(), llvmE, bytes, ValueRange{flat}).getResult(),
          llvmE);
    };
    for (auto &key : keys) {
      Value idx = linearIndex(firstReg[key]);
      for (unsigned i = 0; i < n; ++i) {
        auto [ptr, ty] = slot(i, warpIdx, idx);
        lb.store(acc[key][i], ptr);
      }
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    for (auto &key : keys) {
      Value idx = linearIndex(firstReg[key]);
      SmallVector<Value> total;
      for (unsigned w = 0; w < warps; ++w) {
        SmallVector<Value> part;
        for (unsigned i = 0; i < n; ++i) {
          auto [ptr, ty] = slot(i, lb.i32(w), idx);
          part.push_back(lb.load(ty, ptr));
        }
        total = w == 0 ? part
                       : combine(rewriter, loc, op.getCombineOp(), total, part);
      }
      acc[key] = total;
    }
    return success();
  }

  /// Results: scalars, or tensors in the slice layout.
  FailureOr<SmallVector<Value>>
  packResults(ReduceOp op, ConversionPatternRewriter &rewriter,
              std::map<SmallVector<int32_t>, SmallVector<Value>> &acc,
              ArrayRef<SmallVector<int32_t>> keys) const {
    using namespace layout_dims;
    Location loc = op.getLoc();
    unsigned n = op.getSrcs().size();
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
    return results;
  }
};

} // namespace

void mlir::triton::gpu::lowering::populateReduceOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceOpConversion>(converter);
}
