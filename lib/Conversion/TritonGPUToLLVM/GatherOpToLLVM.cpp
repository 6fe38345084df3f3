//===- GatherOpToLLVM.cpp - tt.gather
//---------------------------------------===//
//
// tt.gather: within each warp when every element a thread needs is held by
// its own warp (warpLocalGatherMap: warp shuffles, or registers alone when
// the gathered axis stays in the thread), else the source goes to its
// scratch shared memory (row-major) and each thread reads the elements its
// indices name.
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
} // namespace

void mlir::triton::gpu::lowering::populateGatherOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<GatherOpConversion>(converter);
}
