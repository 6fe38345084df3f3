//===- TMAToLLVM.cpp - mbarriers, TMA copies and tensor maps --------------===//
//
// ttng.init_barrier / inval_barrier / barrier_expect / wait_barrier /
// arrive_barrier / async_copy_mbarrier_arrive: mbarrier instructions on the
// barrier's 8 bytes of shared memory. One thread (thread 0) initializes,
// invalidates and arms a barrier (`mbarrier.arrive.expect_tx`, the one arrival
// a barrier initialized with count 1 waits for); every thread waits on its
// phase.
//
// ttng.async_tma_copy_global_to_local / local_to_global: one
// `cp.async.bulk.tensor` per box of the block (TMA.h says which boxes and
// where each lands), issued by thread 0. Coordinates go innermost first,
// as the hardware takes them. Loads complete on the barrier; stores form
// one bulk group, which ttng.async_tma_store_wait waits for (reads done).
// A load with `multicast` has two forms of each box, predicated at run
// time: alone, and `.multicast::cluster` (mask 0b11) from the block of
// rank box % 2 (%cluster_ctarank).
//
// arrive_barrier with `cta`: lane 0 of each warp, after `bar.warp.sync`,
// maps the barrier into that block (`mapa`) and arrives there, releasing
// at cluster scope (measured exact, and slow: session 50 suspects this
// fence of waiting for the wgmma still in flight). Cluster barriers and
// the init fence are NVVM's ops.
//
// A !tt.tensordesc is the generic address of its 128-byte tensor map: a
// kernel argument passed by value (byval, `.param` space, grid constant),
// or global memory ttng.reinterpret_tensor_descriptor names.
// ttng.tensormap_create assembles a map in shared memory (warp 0) and
// copies it to global memory, released to the tensor-map proxy;
// ttng.tensormap_fenceproxy_acquire makes it visible to the thread's TMA
// copies. ttg.global_scratch_alloc is the program's slice of global
// scratch (the kernel's last argument).
//
// Barriers between these and other shared-memory accesses come from the
// membar analysis (Membar.cpp: a TMA write is ordered by the barrier wait,
// not by bar.sync).
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"

#include "TritonDialect/Analysis/Allocation.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/TMA.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
using namespace mlir::triton::gpu::lowering;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
Type voidType(OpBuilder &b) { return LLVM::LLVMVoidType::get(b.getContext()); }

/// `pred` (an i1, or true when null) and "this is thread 0".
Value threadZeroAnd(OpBuilder &b, Location loc, Value pred) {
  LLVMBuilder lb(b, loc);
  Value tid = NVVM::ThreadIdXOp::create(b, loc, b.getI32Type());
  Value first = lb.icmp(LLVM::ICmpPredicate::eq, tid, lb.i32(0));
  return pred ? Value(lb.and_(pred, first)) : first;
}

/// A 32-bit shared-memory address (PTX `.shared` operands).
Value sharedAddress(OpBuilder &b, Location loc, Value ptr) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI32Type(), ptr);
}

/// `ptr` in the generic address space (a tensor map in global memory, as
/// TMA and the tensor-map fences take it).
Value toGeneric(OpBuilder &b, Location loc, Value ptr) {
  auto generic = LLVM::LLVMPointerType::get(b.getContext());
  if (ptr.getType() == generic)
    return ptr;
  return LLVM::AddrSpaceCastOp::create(b, loc, generic, ptr);
}

Value genericAddress(OpBuilder &b, Location loc, Value ptr) {
  return LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr);
}

/// `pred` (an i1), or true when null.
Value orTrue(OpBuilder &b, Location loc, Value pred) {
  if (pred)
    return pred;
  return LLVMBuilder(b, loc).constant(b.getI1Type(), b.getBoolAttr(true));
}

/// One mbarrier instruction, `text`, with $0 the predicate it runs under
/// and $1 the barrier's shared address (then `extra`, bound by
/// `extraConstraints`).
void barrierPTX(OpBuilder &b, Location loc, Value pred, Value barrier,
                const std::string &text, ValueRange extra = {},
                StringRef extraConstraints = "") {
  SmallVector<Value> operands{pred, sharedAddress(b, loc, barrier)};
  operands.append(extra.begin(), extra.end());
  ptxAsm(b, loc, voidType(b), operands, text, ("b,r" + extraConstraints).str(),
         /*sideEffects=*/true);
}

struct InitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    barrierPTX(rewriter, loc, threadZeroAnd(rewriter, loc, Value()),
               adaptor.getAlloc(),
               "@$0 mbarrier.init.shared::cta.b64 [$1], " +
                   std::to_string(op.getCount()) + ";");
    rewriter.eraseOp(op);
    return success();
  }
};

struct InvalBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::InvalBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::InvalBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    barrierPTX(rewriter, loc, threadZeroAnd(rewriter, loc, Value()),
               adaptor.getAlloc(), "@$0 mbarrier.inval.shared::cta.b64 [$1];");
    rewriter.eraseOp(op);
    return success();
  }
};

struct BarrierExpectOpConversion
    : public ConvertOpToLLVMPattern<ttng::BarrierExpectOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::BarrierExpectOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    barrierPTX(rewriter, loc, threadZeroAnd(rewriter, loc, adaptor.getPred()),
               adaptor.getAlloc(),
               "@$0 mbarrier.arrive.expect_tx.shared::cta.b64 _, [$1], " +
                   std::to_string(op.getSize()) + ";");
    rewriter.eraseOp(op);
    return success();
  }
};

struct WaitBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::WaitBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::WaitBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // try_wait may return before the phase completes: loop until it has.
    barrierPTX(rewriter, loc, orTrue(rewriter, loc, adaptor.getPred()),
               adaptor.getAlloc(),
               "{\n"
               ".reg .pred complete;\n"
               "@!$0 bra.uni skipWait;\n"
               "waitLoop:\n"
               "mbarrier.try_wait.parity.shared::cta.b64 complete, [$1], $2;\n"
               "@!complete bra.uni waitLoop;\n"
               "skipWait:\n"
               "}",
               adaptor.getPhase(), ",r");
    rewriter.eraseOp(op);
    return success();
  }
};

struct ArriveBarrierOpConversion
    : public ConvertOpToLLVMPattern<ttng::ArriveBarrierOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ArriveBarrierOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    std::string count = std::to_string(op.getCount());
    if (!adaptor.getCta()) {
      // Every thread whose predicate holds arrives `count` times.
      barrierPTX(rewriter, loc, orTrue(rewriter, loc, adaptor.getPred()),
                 adaptor.getAlloc(),
                 "@$0 mbarrier.arrive.shared::cta.b64 _, [$1], " + count + ";");
      rewriter.eraseOp(op);
      return success();
    }
    // Block `cta`'s barrier at this offset (mapa), by lane 0 for its warp
    // once the warp's threads met.
    LLVMBuilder lb(rewriter, loc);
    Value lane = NVVM::LaneIdOp::create(rewriter, loc, rewriter.getI32Type());
    Value first = lb.icmp(LLVM::ICmpPredicate::eq, lane, lb.i32(0));
    Value pred =
        adaptor.getPred() ? Value(lb.and_(adaptor.getPred(), first)) : first;
    ptxAsm(rewriter, loc, voidType(rewriter), {}, "bar.warp.sync -1;", "",
           /*sideEffects=*/true);
    barrierPTX(rewriter, loc, pred, adaptor.getAlloc(),
               "{\n"
               ".reg .b32 remote;\n"
               "mapa.shared::cluster.u32 remote, $1, $2;\n"
               "@$0 mbarrier.arrive.release.cluster.shared::cluster.b64 _, "
               "[remote], " +
                   count +
                   ";\n"
                   "}",
               adaptor.getCta(), ",r");
    rewriter.eraseOp(op);
    return success();
  }
};

/// fence.mbarrier_init, barrier.cluster.arrive and wait: NVVM's ops (the
/// unaligned forms: the warps of a warp-specialized kernel reach them at
/// different instructions).
struct FenceMBarrierInitReleaseClusterOpConversion
    : public ConvertOpToLLVMPattern<ttng::FenceMBarrierInitReleaseClusterOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::FenceMBarrierInitReleaseClusterOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::FenceMbarrierInitOp>(op);
    return success();
  }
};

struct ClusterArriveOpConversion
    : public ConvertOpToLLVMPattern<ttng::ClusterArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ClusterArriveOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getRelaxed())
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveRelaxedOp>(op, UnitAttr());
    else
      rewriter.replaceOpWithNewOp<NVVM::ClusterArriveOp>(op, UnitAttr());
    return success();
  }
};

struct ClusterWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::ClusterWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ClusterWaitOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<NVVM::ClusterWaitOp>(op, UnitAttr());
    return success();
  }
};

/// Every thread: its cp.async copies issued so far complete on the barrier.
struct AsyncCopyMbarrierArriveOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncCopyMbarrierArriveOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncCopyMbarrierArriveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    NVVM::CpAsyncMBarrierArriveOp::create(
        rewriter, op.getLoc(), adaptor.getBarrier(), op.getNoIncrement());
    rewriter.eraseOp(op);
    return success();
  }
};

/// The boxes of a TMA copy between a block of `desc` and the buffer
/// `buffer`.
FailureOr<ttng::TMAPlan> planFor(Operation *op, Value desc, Value buffer) {
  auto block = cast<TensorDescType>(desc.getType()).getBlockType();
  auto memType = cast<MemDescType>(buffer.getType());
  std::string why;
  FailureOr<ttng::TMAPlan> plan =
      ttng::planTMACopies(memType.getShape(), memType.getElementType(),
                          memType.getEncoding(), &why);
  if (failed(plan)) {
    op->emitError("cannot copy this block by TMA: ") << why;
    return plan;
  }
  if (block.getShape() == memType.getShape())
    return plan;
  // A part of the block (a store's subtile) goes through the descriptor's
  // tensor map when it takes the same box.
  FailureOr<ttng::TMAPlan> whole = ttng::planTMACopies(
      block.getShape(), memType.getElementType(), memType.getEncoding());
  if (!isa<ttng::AsyncTMACopyLocalToGlobalOp>(op) || failed(whole) ||
      whole->boxShape != plan->boxShape)
    return op->emitError("the buffer's shape is not the descriptor's block"),
           failure();
  return plan;
}

/// "{$first, $first+1, ...}" for `count` coordinates, innermost first.
std::string coordinateList(unsigned first, unsigned count) {
  std::string s = "{";
  for (unsigned i = 0; i < count; ++i)
    s += (i ? ", $" : "$") + std::to_string(first + i);
  return s + "}";
}

/// The coordinates of `box` as PTX operands, innermost dimension first.
SmallVector<Value> boxCoordinates(OpBuilder &b, Location loc, ValueRange coords,
                                  const ttng::TMABox &box) {
  LLVMBuilder lb(b, loc);
  SmallVector<Value> out;
  for (unsigned d = coords.size(); d-- > 0;)
    out.push_back(box.origin[d]
                      ? Value(lb.add(coords[d], lb.i32(box.origin[d])))
                      : coords[d]);
  return out;
}

Value byteOffset(OpBuilder &b, Location loc, Value base, uint64_t offset) {
  if (!offset)
    return base;
  LLVMBuilder lb(b, loc);
  return lb.gep(base.getType(), b.getI8Type(), base,
                ValueRange{lb.i32(offset)});
}

struct AsyncTMACopyGlobalToLocalOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMACopyGlobalToLocalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyGlobalToLocalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ttng::TMAPlan> plan = planFor(op, op.getDesc(), op.getResult());
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    unsigned rank = op.getCoord().size();
    Value pred = threadZeroAnd(rewriter, loc, adaptor.getPred());
    Value desc = genericAddress(rewriter, loc, adaptor.getDesc());
    Value barrier = sharedAddress(rewriter, loc, adaptor.getBarrier());
    std::string copy = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.shared::cluster.global.mbarrier::complete_tx::bytes";
    std::string operandsText = " [$1], [$2, " + coordinateList(3, rank) +
                               "], [$" + std::to_string(3 + rank) + "]";
    std::string constraints = "b,r,l";
    for (unsigned i = 0; i < rank; ++i)
      constraints += ",r";
    constraints += ",r";
    // Shared by the 2-block cluster: where the flag holds, the block of rank
    // r issues boxes r, r + 2, ..., each to both blocks (mask 0b11); where
    // it does not, every box as without it.
    Value alone = pred, byRank[2];
    if (Value share = adaptor.getMulticast()) {
      LLVMBuilder lb(rewriter, loc);
      Value rank =
          NVVM::ClusterId::create(rewriter, loc, rewriter.getI32Type());
      Value shared = lb.and_(pred, share);
      alone = lb.and_(pred,
                      lb.xor_(share, lb.constant(rewriter.getI1Type(),
                                                 rewriter.getBoolAttr(true))));
      for (int r = 0; r < 2; ++r)
        byRank[r] =
            lb.and_(shared, lb.icmp(LLVM::ICmpPredicate::eq, rank, lb.i32(r)));
    }
    Value mask =
        LLVMBuilder(rewriter, loc)
            .constant(rewriter.getI16Type(), rewriter.getI16IntegerAttr(3));
    for (auto [i, box] : llvm::enumerate(plan->boxes)) {
      SmallVector<Value> operands{
          alone,
          sharedAddress(
              rewriter, loc,
              byteOffset(rewriter, loc, adaptor.getResult(), box.byteOffset)),
          desc};
      operands.append(boxCoordinates(rewriter, loc, adaptor.getCoord(), box));
      operands.push_back(barrier);
      ptxAsm(rewriter, loc, voidType(rewriter), operands,
             copy + operandsText + ";", constraints, /*sideEffects=*/true);
      if (!adaptor.getMulticast())
        continue;
      operands.front() = byRank[i % 2];
      operands.push_back(mask);
      ptxAsm(rewriter, loc, voidType(rewriter), operands,
             copy + ".multicast::cluster" + operandsText + ", $" +
                 std::to_string(4 + rank) + ";",
             constraints + ",h", /*sideEffects=*/true);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct AsyncTMACopyLocalToGlobalOpConversion
    : public ConvertOpToLLVMPattern<ttng::AsyncTMACopyLocalToGlobalOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::AsyncTMACopyLocalToGlobalOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<ttng::TMAPlan> plan = planFor(op, op.getDesc(), op.getSrc());
    if (failed(plan))
      return failure();
    Location loc = op.getLoc();
    unsigned rank = op.getCoord().size();
    Value pred = threadZeroAnd(rewriter, loc, Value());
    Value desc = genericAddress(rewriter, loc, adaptor.getDesc());
    std::string text = "@$0 cp.async.bulk.tensor." + std::to_string(rank) +
                       "d.global.shared::cta.bulk_group [$1, " +
                       coordinateList(2, rank) + "], [$" +
                       std::to_string(2 + rank) + "];";
    std::string constraints = "b,l";
    for (unsigned i = 0; i < rank; ++i)
      constraints += ",r";
    constraints += ",r";
    for (const ttng::TMABox &box : plan->boxes) {
      SmallVector<Value> operands{pred, desc};
      operands.append(boxCoordinates(rewriter, loc, adaptor.getCoord(), box));
      operands.push_back(sharedAddress(
          rewriter, loc,
          byteOffset(rewriter, loc, adaptor.getSrc(), box.byteOffset)));
      ptxAsm(rewriter, loc, voidType(rewriter), operands, text, constraints,
             /*sideEffects=*/true);
    }
    ptxAsm(rewriter, loc, voidType(rewriter), {pred},
           "@$0 cp.async.bulk.commit_group;", "b", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct TMAStoreWaitOpConversion
    : public ConvertOpToLLVMPattern<ttng::TMAStoreWaitOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TMAStoreWaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Threads that issued no store have no group to wait for.
    ptxAsm(rewriter, op.getLoc(), voidType(rewriter), ValueRange(),
           "cp.async.bulk.wait_group.read " + std::to_string(op.getPendings()) +
               ";",
           "", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ReinterpretTensorDescOpConversion
    : public ConvertOpToLLVMPattern<ttng::ReinterpretTensorDescOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::ReinterpretTensorDescOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op,
                       toGeneric(rewriter, op.getLoc(), adaptor.getRawDesc()));
    return success();
  }
};

struct TensormapFenceproxyAcquireOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapFenceproxyAcquireOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value ptr = toGeneric(rewriter, loc, adaptor.getDescPtr());
    ptxAsm(rewriter, loc, voidType(rewriter),
           {genericAddress(rewriter, loc, ptr)},
           "fence.proxy.tensormap::generic.acquire.gpu [$0], 128;", "l",
           /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};
/// This program's slice of global scratch plus the op's offset: the
/// kernel's last argument advanced by the program's linear id times the
/// slice size.
struct GlobalScratchAllocOpConversion
    : public ConvertOpToLLVMPattern<GlobalScratchAllocOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(GlobalScratchAllocOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto func = op->getParentOfType<LLVM::LLVMFuncOp>();
    auto module = op->getParentOfType<ModuleOp>();
    auto offset = op->getAttrOfType<IntegerAttr>(kGlobalScratchOffsetAttr);
    auto size = module->getAttrOfType<IntegerAttr>(kGlobalScratchSizeAttr);
    if (!func || !func->hasAttr(kGlobalScratchArgAttr) || !offset || !size)
      return op.emitError("global scratch not allocated (run "
                          "allocate-shared-memory) or not in a kernel"),
             failure();
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Type i32 = rewriter.getI32Type();
    Value x = NVVM::BlockIdXOp::create(rewriter, loc, i32);
    Value y = NVVM::BlockIdYOp::create(rewriter, loc, i32);
    Value z = NVVM::BlockIdZOp::create(rewriter, loc, i32);
    Value nx = NVVM::GridDimXOp::create(rewriter, loc, i32);
    Value ny = NVVM::GridDimYOp::create(rewriter, loc, i32);
    Value program = lb.add(x, lb.mul(nx, lb.add(y, lb.mul(ny, z))));
    Type i64 = rewriter.getI64Type();
    Value bytes = lb.add(
        lb.mul(LLVM::ZExtOp::create(rewriter, loc, i64, program),
               lb.constant(i64, rewriter.getI64IntegerAttr(size.getInt()))),
        lb.constant(i64, rewriter.getI64IntegerAttr(offset.getInt())));
    Value base = func.getArguments().back();
    rewriter.replaceOp(op, lb.gep(base.getType(), rewriter.getI8Type(), base,
                                  ValueRange{bytes}));
    return success();
  }
};

/// A tensor map assembled by warp 0 in the op's 128 bytes of shared
/// memory (zeroed by the warp's lanes, each field set by lane 0 with
/// `tensormap.replace`: dimensions innermost first, rank less one, strides
/// in bytes), then copied to global memory and released to the tensor-map
/// proxy in one `tensormap.cp_fenceproxy` by the whole warp. Its users
/// acquire it (ttng.tensormap_fenceproxy_acquire). Built in place in global
/// memory instead, each field is a global read-modify-write: a grouped
/// GEMM making three maps per group ran at 0.36-0.62x of upstream.
struct TensormapCreateOpConversion
    : public ConvertOpToLLVMPattern<ttng::TensormapCreateOp> {
  using ConvertOpToLLVMPattern::ConvertOpToLLVMPattern;
  LogicalResult
  matchAndRewrite(ttng::TensormapCreateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto offset = op->getAttrOfType<IntegerAttr>(kAllocationOffsetAttr);
    if (!offset)
      return op.emitError("no shared memory allocated for the tensor map "
                          "(run allocate-shared-memory)"),
             failure();
    Location loc = op.getLoc();
    LLVMBuilder lb(rewriter, loc);
    Type voidTy = voidType(rewriter);
    auto [lane, warp] = laneAndWarp(rewriter, loc);
    Value warpZero = lb.icmp(LLVM::ICmpPredicate::eq, warp, lb.i32(0));
    Value laneZero =
        lb.and_(warpZero, lb.icmp(LLVM::ICmpPredicate::eq, lane, lb.i32(0)));
    Value smem = sharedPtr(rewriter, loc, op, offset.getInt());
    Value smemAddr = sharedAddress(rewriter, loc, smem);
    // Zeroed by the warp, 4 bytes a lane.
    ptxAsm(rewriter, loc, voidTy,
           {warpZero,
            sharedAddress(rewriter, loc,
                          lb.gep(smem.getType(), rewriter.getI8Type(), smem,
                                 ValueRange{lb.mul(lane, lb.i32(4))})),
            lb.i32(0)},
           "@$0 st.shared.b32 [$1], $2;", "b,r,r", /*sideEffects=*/true);
    ptxAsm(rewriter, loc, voidTy, {warpZero}, "@$0 bar.warp.sync -1;", "b",
           /*sideEffects=*/true);
    auto emit = [&](const std::string &text, ValueRange values,
                    StringRef constraints) {
      SmallVector<Value> operands{laneZero, smemAddr};
      operands.append(values.begin(), values.end());
      ptxAsm(rewriter, loc, voidTy, operands, "@$0 " + text,
             ("b,r" + constraints).str(), /*sideEffects=*/true);
    };
    std::string prefix = "tensormap.replace.tile.";
    std::string suffix = ".shared::cta.b1024";
    emit(prefix + "global_address" + suffix + ".b64 [$1], $2;",
         {LLVM::PtrToIntOp::create(rewriter, loc, rewriter.getI64Type(),
                                   adaptor.getGlobalAddress())},
         ",l");
    size_t rank = op.getBoxDim().size();
    emit(prefix + "rank" + suffix + ".b32 [$1], " + std::to_string(rank - 1) +
             ";",
         {}, "");
    auto perOrdinal = [&](StringRef field, ValueRange values, bool wide) {
      for (auto [i, v] : llvm::enumerate(values))
        emit(prefix + field.str() + suffix + (wide ? ".b64" : ".b32") +
                 " [$1], " + std::to_string(i) + ", $2;",
             {v}, wide ? ",l" : ",r");
    };
    perOrdinal("box_dim", adaptor.getBoxDim(), false);
    perOrdinal("global_dim", adaptor.getGlobalDim(), false);
    perOrdinal("global_stride", adaptor.getGlobalStride(), true);
    perOrdinal("element_stride", adaptor.getElementStride(), false);
    auto field = [&](StringRef name, uint32_t value) {
      emit(prefix + name.str() + suffix + ".b32 [$1], " +
               std::to_string(value) + ";",
           {}, "");
    };
    field("elemtype", op.getElemType());
    field("interleave_layout", op.getInterleaveLayout());
    field("swizzle_mode", op.getSwizzleMode());
    field("fill_mode", op.getFillMode());
    ptxAsm(rewriter, loc, voidTy, {warpZero}, "@$0 bar.warp.sync -1;", "b",
           /*sideEffects=*/true);
    ptxAsm(rewriter, loc, voidTy,
           {warpZero, genericAddress(rewriter, loc, adaptor.getDescPtr()),
            smemAddr},
           "@$0 tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic."
           "release.gpu.sync.aligned [$1], [$2], 128;",
           "b,l,r", /*sideEffects=*/true);
    rewriter.eraseOp(op);
    return success();
  }
};
} // namespace

void mlir::triton::gpu::lowering::populateTMAToLLVMPatterns(
    LLVMTypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<InitBarrierOpConversion, InvalBarrierOpConversion,
               BarrierExpectOpConversion, WaitBarrierOpConversion,
               ArriveBarrierOpConversion, AsyncCopyMbarrierArriveOpConversion,
               AsyncTMACopyGlobalToLocalOpConversion,
               AsyncTMACopyLocalToGlobalOpConversion, TMAStoreWaitOpConversion,
               ReinterpretTensorDescOpConversion,
               TensormapFenceproxyAcquireOpConversion,
               GlobalScratchAllocOpConversion, TensormapCreateOpConversion,
               FenceMBarrierInitReleaseClusterOpConversion,
               ClusterArriveOpConversion, ClusterWaitOpConversion>(converter);
}
