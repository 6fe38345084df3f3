//===- FMA.cpp - tt.dot on CUDA cores -------------------------------------===//
//
// tt.dot (2-D, or batched 3-D) whose accumulator has a blocked (or any
// distributed) layout and whose operands are #ttg.dot_op of it: every
// thread computes its own
// accumulator elements with one fused multiply-add per k, in k order
// (acc = fma(a[m,k], b[k,n], acc)), accumulating in the result's type
// (f16/bf16 operands widened to f32; integers sign-extended). An operand
// read from shared memory by ttg.local_load is read there directly, one
// element per (row or column, k) as the product needs it, instead of
// keeping the operand's whole rows in registers. Tensor-core layouts
// (mma.sync, wgmma) come with the tensor-core selection pass.
//
//===----------------------------------------------------------------------===//

#include "../PatternTritonGPUOpToLLVM.h"
#include "../SharedMemoryAccess.h"

#include "TritonDialect/Analysis/Allocation.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The operand coordinates of accumulator coordinates `c` ([batch,] m, n)
/// at `k`: A's ([batch,] m, k) and B's ([batch,] k, n).
SmallVector<int32_t> operandCoords(ArrayRef<int32_t> c, bool isA, int32_t k) {
  SmallVector<int32_t> out(c.begin(), c.end());
  out[isA ? c.size() - 1 : c.size() - 2] = k;
  return out;
}

struct DotOpConversion : public ConvertOpToLLVMPattern<DotOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  /// Yields operand element (row-or-col index `mn` of D register `r`, `k`).
  struct Operand {
    // Shared-memory form.
    Value base, thread;
    SharedAccess access;
    std::optional<LinearLayout> offsets;
    bool isA;
    // Register form.
    SmallVector<Value> regs;
    SmallVector<SmallVector<std::pair<unsigned, int32_t>>> perK;
    Type elem;
    std::map<std::pair<uint64_t, int64_t>, Value> cache;
  };

  LogicalResult
  matchAndRewrite(DotOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    auto dType = cast<RankedTensorType>(op.getType());
    unsigned rank = dType.getRank();
    if (rank != 2 && rank != 3)
      return rewriter.notifyMatchFailure(op, "dots are 2-D or batched 3-D");
    std::optional<LinearLayout> dLayout = layoutOf(dType);
    auto structType = dyn_cast_or_null<LLVM::LLVMStructType>(
        getTypeConverter()->convertType(dType));
    if (!dLayout || !structType ||
        isa<NvidiaMmaEncodingAttr>(dType.getEncoding()))
      return rewriter.notifyMatchFailure(
          op, "only CUDA-core (FMA) dots are lowered yet");
    Type accType = structType.getBody()[0];
    int64_t K =
        cast<RankedTensorType>(op.getA().getType()).getShape()[rank - 1];

    auto prepare = [&](Value orig, Value converted, bool isA,
                       Operand &operand) -> LogicalResult {
      operand.isA = isA;
      auto type = cast<RankedTensorType>(orig.getType());
      operand.elem = getTypeConverter()->convertType(type.getElementType());
      auto load = orig.getDefiningOp<LocalLoadOp>();
      if (load &&
          llvm::is_contained(sharedBuffersReadDirectly(op), load.getSrc())) {
        MemDescType mem = load.getSrc().getType();
        operand.offsets = sharedOffsetLayout(mem.getShape(), mem.getEncoding());
        Value base = rewriter.getRemappedValue(load.getSrc());
        if (operand.offsets && base &&
            isa<LLVM::LLVMPointerType>(base.getType())) {
          operand.base = base;
          // D coordinates ([b,] m, n) -> offset of ([b,] m, 0) in A,
          // ([b,] 0, n) in B.
          operand.access = planSharedAccess(
              *dLayout,
              [&](ArrayRef<int32_t> c) {
                return applyOffsetLayout(*operand.offsets,
                                         operandCoords(c, isA, 0));
              },
              operand.elem.getIntOrFloatBitWidth(), 1);
          operand.thread = threadOffset(rewriter, loc, operand.access);
          return success();
        }
      }
      std::optional<LinearLayout> layout = layoutOf(type);
      if (!layout)
        return failure();
      operand.regs = unpack(rewriter, loc, converted);
      for (int64_t k = 0; k < K; ++k) {
        auto map =
            gatherRegisters({*layout}, *dLayout,
                            [&](ArrayRef<int32_t> c)
                                -> std::pair<unsigned, SmallVector<int32_t>> {
                              return {0, operandCoords(c, isA, int32_t(k))};
                            });
        if (!map)
          return failure();
        operand.perK.push_back(*map);
      }
      return success();
    };
    Operand a, b;
    if (failed(prepare(op.getA(), adaptor.getA(), true, a)) ||
        failed(prepare(op.getB(), adaptor.getB(), false, b)))
      return rewriter.notifyMatchFailure(
          op, "operand layouts do not match the accumulator's");

    auto widen = [&](Value v) -> Value {
      Type t = v.getType();
      if (t == accType)
        return v;
      if (isa<FloatType>(accType))
        return lb.fpext(accType, v);
      return lb.sext(accType, v);
    };
    auto element = [&](Operand &operand, int32_t r, int64_t k) -> Value {
      if (!operand.base)
        return operand.regs[operand.perK[k][r].second];
      uint64_t regPart = registerOffset(operand.access, r);
      auto key = std::make_pair(regPart, k);
      auto it = operand.cache.find(key);
      if (it != operand.cache.end())
        return it->second;
      // The offset of k alone (batch, m and n zero): XOR-linear layouts
      // add it to the (batch, m or n) part.
      SmallVector<int32_t> kOnly(rank, 0);
      kOnly[operand.isA ? rank - 1 : rank - 2] = int32_t(k);
      uint64_t kPart = applyOffsetLayout(*operand.offsets, kOnly);
      Value idx = lb.xor_(operand.thread, lb.i32(regPart ^ kPart));
      Value ptr = lb.gep(operand.base.getType(), operand.elem, operand.base,
                         ValueRange{idx});
      Value v = lb.load(operand.elem, ptr);
      operand.cache[key] = v;
      return v;
    };

    SmallVector<Value> acc = unpack(rewriter, loc, adaptor.getC());
    for (int64_t k = 0; k < K; ++k)
      for (size_t r = 0; r < acc.size(); ++r) {
        Value x = widen(element(a, r, k));
        Value y = widen(element(b, r, k));
        if (isa<FloatType>(accType))
          acc[r] = LLVM::FMAOp::create(rewriter, loc, x, y, acc[r]);
        else
          acc[r] = lb.add(acc[r], lb.mul(x, y));
      }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, acc));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateFMADotOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<DotOpConversion>(converter);
}
