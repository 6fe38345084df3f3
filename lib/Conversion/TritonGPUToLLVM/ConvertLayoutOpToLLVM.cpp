//===- ConvertLayoutOpToLLVM.cpp - ttg.convert_layout ---------------------===//
//
// ttg.convert_layout between distributed layouts. When every thread already
// holds the elements it needs, the register-permutation pattern of
// ViewOpToLLVM.cpp applies. Otherwise the data goes through the scratch
// shared memory allocate-shared-memory assigned to the op: each element is
// written once (replicated copies stay silent), a barrier, then each thread
// reads what the destination layout gives it. Where an element lives is the
// plan of SharedExchange.h: vectors as wide as both layouts allow and an
// XOR swizzle chosen against bank conflicts on both sides.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Dialect/TritonGPU/IR/SharedExchange.h"

#include <set>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The per-thread part of the plan's offset for `layout`: the XOR of the
/// swizzled offsets of the lane and warp bases this thread's ids select.
Value threadOffset(OpBuilder &b, Location loc, const LinearLayout &layout,
                   const SharedExchangePlan &plan, ArrayRef<int64_t> shape) {
  using namespace layout_dims;
  auto [lane, warp] = laneAndWarp(b, loc);
  Value offset = i32Const(b, loc, 0);
  for (auto [dim, id] : {std::pair<const char *, Value>{kLane, lane},
                         std::pair<const char *, Value>{kWarp, warp}}) {
    if (!layout.hasInDim(dim))
      continue;
    for (int32_t bit = 0; bit < layout.getInDimSizeLog2(dim); ++bit) {
      const auto &basis = layout.getBasis(dim, bit);
      uint64_t o = plan.offsetOf(
          SmallVector<int32_t>(basis.begin(), basis.end()), shape);
      if (!o)
        continue;
      Value set = LLVM::AndOp::create(
          b, loc, LLVM::LShrOp::create(b, loc, id, i32Const(b, loc, bit)),
          i32Const(b, loc, 1));
      offset = LLVM::XOrOp::create(
          b, loc, offset,
          LLVM::MulOp::create(b, loc, set, i32Const(b, loc, o)));
    }
  }
  return offset;
}

struct ConvertLayoutOpConversion
    : public ConvertOpToLLVMPattern<ConvertLayoutOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;

  LogicalResult
  matchAndRewrite(ConvertLayoutOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto srcType = cast<RankedTensorType>(op.getSrc().getType());
    auto dstType = cast<RankedTensorType>(op.getType());
    if (!cvtMovesDataAcrossThreads(srcType, dstType))
      return failure(); // a register permutation (ViewOpToLLVM.cpp)
    std::optional<LinearLayout> src = layoutOf(srcType),
                                dst = layoutOf(dstType);
    Type structType = getTypeConverter()->convertType(dstType);
    if (!src || !dst || !structType)
      return rewriter.notifyMatchFailure(op, "no distributed layout");
    auto offsetAttr = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    if (!offsetAttr)
      return rewriter.notifyMatchFailure(
          op, "no shared memory allocated (run allocate-shared-memory)");
    Location loc = op.getLoc();
    MLIRContext *ctx = rewriter.getContext();
    Type elem = cast<LLVM::LLVMStructType>(structType).getBody()[0];
    // Storage type: pointers as i64, i1 as i8.
    Type store = elem;
    if (isa<LLVM::LLVMPointerType>(elem))
      store = rewriter.getI64Type();
    else if (elem.isInteger(1))
      store = rewriter.getI8Type();
    if (!store.isIntOrFloat())
      return rewriter.notifyMatchFailure(op, "element type not lowered");
    unsigned bits = store.getIntOrFloatBitWidth();
    auto toStore = [&](Value v) -> Value {
      if (isa<LLVM::LLVMPointerType>(elem))
        return LLVM::PtrToIntOp::create(rewriter, loc, store, v);
      if (elem.isInteger(1))
        return LLVM::ZExtOp::create(rewriter, loc, store, v);
      return v;
    };
    auto fromStore = [&](Value v) -> Value {
      if (isa<LLVM::LLVMPointerType>(elem))
        return LLVM::IntToPtrOp::create(rewriter, loc, elem, v);
      if (elem.isInteger(1))
        return LLVM::TruncOp::create(rewriter, loc, elem, v);
      return v;
    };
    ArrayRef<int64_t> shape = srcType.getShape();
    SharedExchangePlan plan = planSharedExchange(*src, *dst, shape, bits);
    Value base = sharedPtr(rewriter, loc, op, offsetAttr.getInt());
    auto ptrAt = [&](Value threadPart, uint64_t regPart) {
      Value idx = regPart
                      ? LLVM::XOrOp::create(rewriter, loc, threadPart,
                                            i32Const(rewriter, loc, regPart))
                            .getResult()
                      : threadPart;
      return LLVM::GEPOp::create(rewriter, loc, base.getType(), store, base,
                                 ValueRange{idx});
    };
    using namespace layout_dims;

    // Writes: each distinct element once.
    SmallVector<Value> in = unpack(rewriter, loc, adaptor.getSrc());
    Value srcThread = threadOffset(rewriter, loc, *src, plan, shape);
    Value firstCopy = firstCopyPredicate(rewriter, loc, *src);
    unsigned wv = plan.writeVec;
    std::set<uint64_t> written;
    for (int32_t r = 0; r < int32_t(in.size()); r += wv) {
      uint64_t regPart = plan.offsetOf(registerCoords(*src, r), shape);
      if (!written.insert(regPart).second)
        continue;
      SmallVector<Value> elems;
      for (unsigned k = 0; k < wv; ++k)
        elems.push_back(toStore(in[r + k]));
      Value ptr = ptrAt(srcThread, regPart);
      if (!firstCopy) {
        Value v = elems[0];
        if (wv > 1) {
          v = LLVM::UndefOp::create(rewriter, loc,
                                    VectorType::get({int64_t(wv)}, store));
          for (auto [k, e] : llvm::enumerate(elems))
            v = LLVM::InsertElementOp::create(rewriter, loc, v, e,
                                              i32Const(rewriter, loc, k));
        }
        LLVM::StoreOp::create(rewriter, loc, v, ptr, wv * bits / 8);
        continue;
      }
      // Predicated on being the first copy: st.shared through inline PTX.
      std::optional<Packing> packing = packingFor(bits, wv);
      if (!packing)
        packing = Packing{std::max(16u, bits), wv, 1};
      char reg = ptxRegister(packing->wordBits)->first;
      std::string text = "@$0 st.shared";
      if (packing->words > 1)
        text += ".v" + std::to_string(packing->words);
      text += ".b" + std::to_string(bits < 16 ? bits : packing->wordBits) +
              " [$1], ";
      std::string constraints = "b,r";
      SmallVector<Value> operands{
          firstCopy,
          LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI32Type(), ptr)};
      SmallVector<std::string> regs;
      for (unsigned w = 0; w < packing->words; ++w) {
        ArrayRef<Value> part = ArrayRef<Value>(elems).slice(
            w * packing->perWord, packing->perWord);
        Value word =
            bits < 16 ? LLVM::ZExtOp::create(rewriter, loc,
                                             rewriter.getI16Type(), part[0])
                            .getResult()
                      : packWord(rewriter, loc, part, bits, packing->wordBits);
        operands.push_back(word);
        constraints += std::string(",") + reg;
        regs.push_back("$" + std::to_string(2 + w));
      }
      text += packing->words > 1 ? "{" + llvm::join(regs, ", ") + "};"
                                 : regs[0] + ";";
      ptxAsm(rewriter, loc, LLVM::LLVMVoidType::get(ctx), operands, text,
             constraints, /*sideEffects=*/true);
    }
    NVVM::Barrier0Op::create(rewriter, loc);

    // Reads.
    Value dstThread = threadOffset(rewriter, loc, *dst, plan, shape);
    unsigned rv = plan.readVec;
    int32_t regs = dst->getInDimSize(kRegister);
    SmallVector<Value> out(regs);
    for (int32_t r = 0; r < regs; r += rv) {
      Value ptr =
          ptrAt(dstThread, plan.offsetOf(registerCoords(*dst, r), shape));
      if (rv == 1) {
        out[r] = fromStore(
            LLVM::LoadOp::create(rewriter, loc, store, ptr, bits / 8));
        continue;
      }
      Value v = LLVM::LoadOp::create(rewriter, loc,
                                     VectorType::get({int64_t(rv)}, store), ptr,
                                     rv * bits / 8);
      for (unsigned k = 0; k < rv; ++k)
        out[r + k] = fromStore(LLVM::ExtractElementOp::create(
            rewriter, loc, v, i32Const(rewriter, loc, k)));
    }
    rewriter.replaceOp(op, pack(rewriter, loc, structType, out));
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateConvertLayoutOpToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ConvertLayoutOpConversion>(converter);
}
