//===- GatherHistogramOpToLLVM.cpp - tt.gather, tt.histogram --------------===//
//
// tt.gather: in the thread when the gathered
// axis stays in it, else the source goes to its scratch shared memory
// (row-major) and each thread reads the elements its indices name.
// tt.histogram: the bins in scratch shared memory, zeroed, counted with
// shared-memory atomics (each element once, masked elements and values
// outside [0, bins) not), then read back in the result's layout.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "SharedMemoryAccess.h"

#include "TritonDialect/Analysis/Allocation.h"

#include <map>
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
    SmallVector<SmallVector<Value>> coords = emitIndices(rewriter, loc, *dst);
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    SmallVector<Value> out;
    if (!offsetAttr) {
      // The axis is within each thread: select among the registers that
      // share the element's other coordinates.
      std::map<SmallVector<int32_t>, SmallVector<std::pair<int32_t, int32_t>>>
          byKey;
      SmallVector<Value> in = unpack(rewriter, loc, adaptor.getSrc());
      for (int32_t r = 0; r < int32_t(in.size()); ++r) {
        SmallVector<int32_t> c = registerCoords(*src, r);
        int32_t a = c[axis];
        c[axis] = 0;
        byKey[c].push_back({a, r});
      }
      for (auto [r, i] : llvm::enumerate(idx)) {
        SmallVector<int32_t> c = registerCoords(*dst, r);
        c[axis] = 0;
        auto it = byKey.find(c);
        if (it == byKey.end())
          return rewriter.notifyMatchFailure(op, "layouts do not line up");
        Value v = in[it->second.front().second];
        Value i32v = i.getType().isInteger(32)
                         ? i
                         : lb.trunc(rewriter.getI32Type(), i).getResult();
        for (auto [a, reg] : it->second) {
          Value is = lb.icmp_eq(i32v, lb.i32(a));
          v = lb.select(is, in[reg], v);
        }
        out.push_back(v);
      }
      rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
      return success();
    }
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
