//===- GatherHistogramOpToLLVM.cpp - tt.gather, tt.histogram --------------===//
//
// tt.gather: within each warp when every element a thread needs is held by
// its own warp (warpLocalGatherMap: warp shuffles, or registers alone when
// the gathered axis stays in the thread), else the source goes to its
// scratch shared memory (row-major) and each thread reads the elements its
// indices name.
// tt.histogram: the bins in scratch shared memory, zeroed, counted with
// shared-memory atomics (each element once, masked elements and values
// outside [0, bins) not), then read back in the result's layout.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "SharedMemoryAccess.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Analysis/GatherLowering.h"

#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// Row-major linear index of runtime coordinates.
Value linearIndex(OpBuilder &b, Location loc, ArrayRef<Value> coords,
                  ArrayRef<int64_t> shape) {
  Value idx = i32Const(b, loc, 0);
  for (auto [c, s] : llvm::zip(coords, shape))
    idx = LLVM::AddOp::create(
        b, loc, LLVM::MulOp::create(b, loc, idx, i32Const(b, loc, s)), c);
  return idx;
}

/// A gather within each warp (`map`: warpLocalGatherMap): each result
/// register reads, from the lane the map names, every source register it
/// may need (gatherRegisterSpan) and keeps the one the map names; no
/// shuffle when the lane is always the thread's own.
Value warpLocalGather(OpBuilder &b, Location loc, const LinearLayout &map,
                      Type structType, Value srcStruct, ArrayRef<Value> idx) {
  using namespace layout_dims;
  LLVMBuilder lb(b, loc);
  SmallVector<Value> in = unpack(b, loc, srcStruct);
  bool inThread = gatherStaysInThread(map);
  auto [lane, warp] = laneAndWarp(b, loc);
  Value threadReg =
      lb.xor_(applyBits(b, loc, lane, basesOf(map, kLane, kRegister)),
              applyBits(b, loc, warp, basesOf(map, kWarp, kRegister)));
  Value threadLane =
      lb.xor_(applyBits(b, loc, lane, basesOf(map, kLane, kLane)),
              applyBits(b, loc, warp, basesOf(map, kWarp, kLane)));
  SmallVector<int32_t> axisReg = basesOf(map, "axis", kRegister),
                       axisLane = basesOf(map, "axis", kLane);
  SmallVector<int32_t> span = gatherRegisterSpan(map);
  SmallVector<Value> out;
  for (auto [r, i] : llvm::enumerate(idx)) {
    Value v =
        i.getType().isInteger(32) ? i : lb.trunc(b.getI32Type(), i).getResult();
    LinearLayout::Point at = map.apply(
        {{kRegister, int32_t(r)}, {kLane, 0}, {kWarp, 0}, {"axis", 0}});
    Value srcReg = lb.xor_(lb.xor_(threadReg, lb.i32(at[0].second)),
                           applyBits(b, loc, v, axisReg));
    Value srcLane = lb.xor_(lb.xor_(threadLane, lb.i32(at[1].second)),
                            applyBits(b, loc, v, axisLane));
    Value result;
    for (int32_t d : span) {
      int32_t k = at[0].second ^ d;
      Value x = inThread ? in[k] : shuffleIdx(b, loc, in[k], srcLane);
      if (result)
        result = lb.select(lb.icmp_eq(srcReg, lb.i32(k)), x, result);
      else
        result = x;
    }
    out.push_back(result);
  }
  return pack(b, loc, structType, out);
}

struct GatherOpConversion : public ConvertOpToLLVMPattern<GatherOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(dstType));
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no layout");
    unsigned axis = op.getAxis();
    Type elem = structType.getBody()[0];
    SmallVector<Value> idx = unpack(rewriter, loc, adaptor.getIndices());
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    SmallVector<Value> out;
    if (std::optional<LinearLayout> map = warpLocalGatherMap(op)) {
      rewriter.replaceOp(op, warpLocalGather(rewriter, loc, *map, structType,
                                             adaptor.getSrc(), idx));
      return success();
    }
    if (!offsetAttr)
      return rewriter.notifyMatchFailure(op, "no shared memory allocated");
    Type store = sharedStorageType(elem);
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    ArrayRef<int64_t> shape = srcType.getShape();
    auto rowMajor = [&](ArrayRef<int32_t> c) {
      uint64_t o = 0;
      for (auto [v, s] : llvm::zip(c, shape))
        o = o * s + v;
      return o;
    };
    unsigned bits = store.getIntOrFloatBitWidth();
    storeShared(rewriter, loc, *src, planSharedAccess(*src, rowMajor, bits),
                base, unpack(rewriter, loc, adaptor.getSrc()), elem);
    NVVM::Barrier0Op::create(rewriter, loc);
    SmallVector<SmallVector<Value>> coords = emitIndices(rewriter, loc, *dst);
    for (auto [r, i] : llvm::enumerate(idx)) {
      SmallVector<Value> c = coords[r];
      c[axis] = i.getType().isInteger(32)
                    ? i
                    : lb.trunc(rewriter.getI32Type(), i).getResult();
      Value ptr = lb.gep(base.getType(), store, base,
                         ValueRange{linearIndex(rewriter, loc, c, shape)});
      Value v = lb.load(store, ptr);
      if (store != elem)
        v = isa<LLVM::LLVMPointerType>(elem) ? lb.inttoptr(elem, v).getResult()
                                             : lb.trunc(elem, v).getResult();
      out.push_back(v);
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};

struct HistogramOpConversion : public ConvertOpToLLVMPattern<HistogramOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(HistogramOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(dstType));
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    if (!src || !dst || !structType || !offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no layout or no shared memory allocated");
    Type binType = structType.getBody()[0];
    if (!binType.isInteger(32) && !binType.isInteger(64))
      return rewriter.notifyMatchFailure(op, "bins of this type");
    unsigned binBits = binType.getIntOrFloatBitWidth();
    int64_t bins = dstType.getShape()[0];
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    Value tid = NVVM::ThreadIdXOp::create(rewriter, loc, rewriter.getI32Type());
    int64_t threads = kWarpSize;
    if (auto w = op->getParentOfType<ModuleOp>()->getAttrOfType<IntegerAttr>(
            "ttg.num-warps"))
      threads *= w.getInt();
    // Zero the bins: thread t clears bins t, t + threads, ...
    Value zero = lb.constant(binType, rewriter.getIntegerAttr(binType, 0));
    for (int64_t first = 0; first < bins; first += threads) {
      Value bin = lb.add(tid, lb.i32(first));
      Value inRange = lb.icmp_ult(bin, lb.i32(bins));
      Value ptr = lb.gep(base.getType(), binType, base, ValueRange{bin});
      predicatedSharedAccess(rewriter, loc,
                             "st.shared.b" + std::to_string(binBits), inRange,
                             ptr, zero);
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    // Count: each distinct element once.
    SmallVector<Value> values = unpack(rewriter, loc, adaptor.getSrc());
    SmallVector<Value> masks;
    if (adaptor.getMask())
      masks = isa<LLVM::LLVMStructType>(adaptor.getMask().getType())
                  ? unpack(rewriter, loc, adaptor.getMask())
                  : SmallVector<Value>(values.size(), adaptor.getMask());
    Value firstCopy = firstCopyPredicate(rewriter, loc, *src);
    std::set<SmallVector<int32_t>> seen;
    Value one = lb.constant(binType, rewriter.getIntegerAttr(binType, 1));
    for (auto [r, v] : llvm::enumerate(values)) {
      if (!seen.insert(registerCoords(*src, r)).second)
        continue;
      Value v64 = v.getType().getIntOrFloatBitWidth() < 64
                      ? lb.sext(rewriter.getI64Type(), v).getResult()
                      : v;
      Value inRange =
          lb.icmp_ult(v64, lb.constant(rewriter.getI64Type(),
                                       rewriter.getI64IntegerAttr(bins)));
      Value pred = inRange;
      if (!masks.empty())
        pred = lb.and_(pred, masks[r]);
      if (firstCopy)
        pred = lb.and_(pred, firstCopy);
      Value bin = lb.trunc(rewriter.getI32Type(), v64);
      Value ptr = lb.gep(base.getType(), binType, base, ValueRange{bin});
      predicatedSharedAccess(rewriter, loc,
                             "red.shared.add.u" + std::to_string(binBits), pred,
                             ptr, one);
    }
    NVVM::Barrier0Op::create(rewriter, loc);
    // Read the bins in the result's layout.
    SmallVector<Value> out;
    for (auto &c : emitIndices(rewriter, loc, *dst)) {
      Value ptr = lb.gep(base.getType(), binType, base, ValueRange{c[0]});
      out.push_back(lb.load(binType, ptr));
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateGatherHistogramOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GatherOpConversion, HistogramOpConversion>(converter);
}
