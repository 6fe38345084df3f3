//===- AccelerateMatmul.cpp - tritongpu-accelerate-matmul -----------------===//
//
// Moves tt.dot from CUDA cores to tensor cores. A dot whose operand types a
// tensor-core instruction takes gets a #ttg.nvidia_mma accumulator:
//
//  - version 3 (Hopper's warp-group wgmma) becomes ttng.warp_group_dot with
//    B, and A unless it is computed in registers from another dot's result,
//    in #ttg.nvmma_shared buffers (ttg.local_alloc of the operand);
//  - version 2 (mma.sync) keeps tt.dot with #ttg.dot_op operands of the mma
//    layout; tritongpu-reduce-data-duplication later stages them through
//    shared memory.
//
// The accumulator is converted into the mma layout and the result back, so
// the pass is local; tritongpu-remove-layout-conversions then carries the
// mma layout through loops and epilogues. The instruction shapes and the
// warp distribution follow upstream Triton's rules.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "TritonDialect/Transforms/TritonGPU/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <cstdlib>

namespace mlir::triton {
#define GEN_PASS_DEF_TRITONGPUACCELERATEMATMUL
#include "TritonDialect/Transforms/TritonGPU/Passes.h.inc"
} // namespace mlir::triton

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace {
/// Whether fp8 operands go to mma.sync as they are (m16n8k32, f32
/// accumulator), as upstream's on sm_89 and sm_12x. The instruction exists
/// on sm_90 too, but results differ there: on an H100 an e5m2 matmul with
/// K = 1024 came out up to 0.031 (one f16 ulp) from torch's, against
/// 0.001 with the operands widened to f16. So on sm_90, as upstream, they
/// are widened.
bool fp8MmaSync(int capability) {
  return capability == 89 || capability / 10 == 12;
}

struct OperandKind {
  unsigned bits;
  unsigned instrK;
  bool isFp8;
  bool mixedFp8 = false; // e5m2 x e4m3 (or the other way round)
};

/// The tensor-core class of a dot's operand types: the instruction K and the
/// operand width, or nothing when no tensor-core instruction takes them.
/// f16 accumulators take f16 operands (mma.sync and wgmma) or fp8 ones
/// (wgmma; mma.sync after widening them to f16); f32 accumulators take fp8
/// operands on wgmma and, on sm_89 and sm_12x, on mma.sync, as upstream's
/// (see fp8MmaSync).
std::optional<OperandKind> operandKind(DotOp op) {
  auto aType = cast<RankedTensorType>(op.getA().getType());
  auto bType = cast<RankedTensorType>(op.getB().getType());
  auto dType = cast<RankedTensorType>(op.getType());
  Type a = aType.getElementType(), b = bType.getElementType(),
       d = dType.getElementType();
  bool fp8A = isa<Float8E4M3FNType, Float8E5M2Type>(a),
       fp8B = isa<Float8E4M3FNType, Float8E5M2Type>(b);
  if (a != b)
    return fp8A && fp8B && d.isF32()
               ? std::optional<OperandKind>(OperandKind{8, 32, true, true})
               : std::nullopt;
  if ((a.isF16() || a.isBF16()) && d.isF32())
    return OperandKind{16, 16, false};
  if (a.isF16() && d.isF16())
    return OperandKind{16, 16, false};
  if (a.isF32() && d.isF32() && op.getInputPrecision() == InputPrecision::TF32)
    return OperandKind{32, 8, false};
  if (a.isInteger(8) && d.isInteger(32))
    return OperandKind{8, 32, false};
  if (fp8A && (d.isF32() || d.isF16()))
    return OperandKind{8, 32, true};
  return std::nullopt;
}

/// Whether the dot's result flows (through elementwise ops, conversions,
/// reductions or loop-carried values) into another dot: attention's QK^T
/// feeds P @ V. Such chains keep every warp along M, so that the row
/// reductions between the dots stay inside warps.
bool feedsAnotherDot(Operation *dot) {
  SmallVector<Value> work(dot->getResults());
  DenseSet<Operation *> seen{dot};
  while (!work.empty() && seen.size() < 256) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (!seen.insert(user).second)
        continue;
      if (isa<DotOp, ttng::WarpGroupDotOp>(user))
        return true;
      if (isa<scf::YieldOp>(user) || user->getNumRegions())
        continue;
      for (Value r : user->getResults())
        work.push_back(r);
    }
  }
  return false;
}

/// Whether `v` is computed from the result of a dot (in the same function),
/// looking back through ops with tensor operands.
bool derivesFromDot(Value v) {
  SmallVector<Value> work{v};
  DenseSet<Value> seen;
  while (!work.empty() && seen.size() < 256) {
    Value x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    Operation *def = x.getDefiningOp();
    if (!def)
      continue;
    if (isa<DotOp, ttng::WarpGroupDotOp>(def))
      return true;
    if (isa<LoadOp, LocalLoadOp>(def) || def->getNumRegions())
      continue;
    for (Value operand : def->getOperands())
      if (isa<RankedTensorType>(operand.getType()))
        work.push_back(operand);
  }
  return false;
}

/// The value a dot operand is converted from (its layout before the
/// conversion into #ttg.dot_op), or the operand itself.
Value beforeConversion(Value v) {
  while (auto cvt = v.getDefiningOp<ConvertLayoutOp>())
    v = cvt.getSrc();
  return v;
}

/// Upstream's warp distribution for mma.sync: along M while M has more
/// 16-row tiles per warp than N has pairs of 8-column tiles, else along N;
/// batched dots give warps to the batch first.
SmallVector<unsigned> warpsForV2(ArrayRef<int64_t> shape, unsigned numWarps,
                                 bool chained) {
  unsigned rank = shape.size();
  SmallVector<unsigned> warps(rank, 1);
  unsigned left = numWarps;
  if (rank == 3) {
    warps[0] = std::min<unsigned>(numWarps, shape[0]);
    left = numWarps / warps[0];
  }
  unsigned m = rank - 2, n = rank - 1;
  if (chained) {
    warps[m] = left;
    return warps;
  }
  while (warps[m] * warps[n] < left) {
    if (shape[m] / 16 / warps[m] >= shape[n] / 16 / warps[n]) {
      if (warps[m] < shape[m] / 16)
        warps[m] *= 2;
      else
        warps[n] *= 2;
    } else {
      warps[n] *= 2;
    }
  }
  return warps;
}

/// Upstream's warp distribution for wgmma: warp groups of four along M,
/// more along M while M has rows for them, else along N.
SmallVector<unsigned> warpsForV3(ArrayRef<int64_t> shape, unsigned numWarps,
                                 bool chained) {
  if (chained)
    return {numWarps, 1};
  SmallVector<unsigned> warps{4, 1};
  while (warps[0] * warps[1] < numWarps) {
    if (shape[0] > 16 * int64_t(warps[0]))
      warps[0] *= 2;
    else
      warps[1] *= 2;
  }
  return warps;
}

/// The widest wgmma N (a multiple of 8, at most 256) dividing `n`.
unsigned wgmmaN(int64_t n) {
  for (unsigned candidate = 256; candidate >= 8; candidate -= 8)
    if (n % candidate == 0)
      return candidate;
  return 0;
}

struct Choice {
  unsigned version = 0; // 0: stay on CUDA cores
  SmallVector<unsigned> warps, instr;
  std::string whyNotV3, whyNotV2;
};

Choice choose(DotOp op, int capability, unsigned numWarps, bool disableV3) {
  Choice c;
  auto dType = cast<RankedTensorType>(op.getType());
  ArrayRef<int64_t> shape = dType.getShape();
  unsigned rank = shape.size();
  std::optional<OperandKind> kind = operandKind(op);
  int64_t K = cast<RankedTensorType>(op.getA().getType()).getShape()[rank - 1];
  bool chained = feedsAnotherDot(op);

  auto v3Reason = [&]() -> std::string {
    if (disableV3)
      return "disabled (disable-mma-v3 or DISABLE_MMA_V3)";
    if (capability < 90 || capability >= 100)
      return "the target is not sm_90";
    if (!kind)
      return "no wgmma takes these operand and accumulator types";
    if (kind->mixedFp8)
      return "the operands are two fp8 types (mma.sync takes them)";
    if (rank != 2)
      return "the dot is batched (3-D)";
    if (numWarps % 4)
      return "the warp count is not a multiple of 4";
    if (shape[0] % 64)
      return "M is not a multiple of 64";
    if (shape[1] % 8)
      return "N is not a multiple of 8";
    if (K % kind->instrK)
      return "K is not a multiple of the instruction's K";
    return "";
  };
  c.whyNotV3 = v3Reason();
  if (c.whyNotV3.empty()) {
    c.warps = warpsForV3(shape, numWarps, chained);
    // Each warp group covers N / warps[1] columns; the instruction's N is
    // the widest that divides them.
    unsigned n = wgmmaN(shape[1] / c.warps[1]);
    // A chained dot keeps every warp along M, as upstream's does, also when
    // M has rows for one warp group only (attention with 64-row tiles and
    // 8 warps): the warp groups then compute the same rows.
    bool rowsPerWarp = shape[0] % (16 * c.warps[0]) == 0 ||
                       (chained && (16 * c.warps[0]) % shape[0] == 0);
    if (n && rowsPerWarp && shape[0] >= 64) {
      c.version = 3;
      c.instr = {16, n, kind->instrK};
      return c;
    }
    c.whyNotV3 = "the tile is too small for the warps' wgmma instructions";
  }
  auto v2Reason = [&]() -> std::string {
    if (capability < 80)
      return "the target is older than sm_80";
    if (!kind)
      return "no mma.sync takes these operand and accumulator types";
    if (kind->isFp8 &&
        (!fp8MmaSync(capability) || !dType.getElementType().isF32()))
      return "no mma.sync takes fp8 operands into this accumulator on this "
             "target";
    if (shape[rank - 2] % 16 || shape[rank - 1] % 8 || K % kind->instrK)
      return "the shape is not a multiple of the m16n8 instruction";
    return "";
  };
  c.whyNotV2 = v2Reason();
  if (!c.whyNotV2.empty())
    return c;
  c.version = 2;
  c.warps = warpsForV2(shape, numWarps, chained);
  c.instr = rank == 3 ? SmallVector<unsigned>{1, 16, 8}
                      : SmallVector<unsigned>{16, 8};
  return c;
}

/// The nvmma_shared layout a wgmma operand is staged in: K-major unless
/// the operand is 16-bit and contiguous along M/N in registers (wgmma
/// transposes 16-bit operands itself); the swizzle as wide as the
/// contiguous dimension's bytes allow.
NVMMASharedEncodingAttr sharedForWgmma(RankedTensorType type, unsigned opIdx) {
  unsigned bits = type.getElementTypeBitWidth();
  SmallVector<unsigned> order = getOrderOf(type);
  // Dimension 1 of A and dimension 0 of B are K.
  unsigned kDim = opIdx == 0 ? 1 : 0;
  bool kContiguous = order[0] == kDim || bits != 16;
  // `transposed` makes dimension 0 the contiguous one.
  unsigned contigDim = kContiguous ? kDim : 1 - kDim;
  bool transposed = contigDim == 0;
  int64_t bytes = type.getShape()[contigDim] * bits / 8;
  unsigned swizzle = bytes >= 128  ? 128
                     : bytes >= 64 ? 64
                     : bytes >= 32 ? 32
                                   : 0;
  CTALayoutAttr cta = getCTALayoutOf(type.getEncoding());
  if (!cta)
    cta = CTALayoutAttr::getTrivial(type.getContext());
  return NVMMASharedEncodingAttr::get(type.getContext(), swizzle, transposed,
                                      bits, /*fp4Padded=*/false, cta);
}

/// What the pass says of each dot with `remarks`.
void remark(DotOp op, const Choice &c) {
  InFlightDiagnostic r = op.emitRemark();
  auto list = [](ArrayRef<unsigned> v) {
    return "[" +
           llvm::join(
               llvm::map_range(v, [](unsigned x) { return std::to_string(x); }),
               ", ") +
           "]";
  };
  if (c.version == 3)
    r << "tt.dot: wgmma (nvidia_mma v3), instrShape " << list(c.instr)
      << ", warpsPerCTA " << list(c.warps);
  else if (c.version == 2)
    r << "tt.dot: mma.sync (nvidia_mma v2), warpsPerCTA " << list(c.warps)
      << "; not wgmma: " << c.whyNotV3;
  else
    r << "tt.dot: CUDA cores (FMA); not wgmma: " << c.whyNotV3
      << "; not mma.sync: " << c.whyNotV2;
}

/// Whether `v` is a 16-bit tensor widened from an 8-bit one (fp8 operands
/// of mma.sync outside sm_89 and sm_12x). As upstream's, such operands get
/// kWidth = 4, the width of their 8-bit source, and are converted into the
/// dot-operand layout before they are widened (upstream moves the
/// conversion there in optimize-dot-operands): the fp8 values travel
/// (through shared memory, pipelined) four to a word and are widened in
/// registers.
bool widenedFrom8Bits(Value v) {
  auto widen = v.getDefiningOp<FpToFpOp>();
  return widen &&
         cast<RankedTensorType>(widen.getSrc().getType())
                 .getElementTypeBitWidth() == 8 &&
         cast<RankedTensorType>(v.getType()).getElementTypeBitWidth() == 16;
}

/// Rewrites each dot by the choice the pass made for it beforehand (on the
/// IR as it was, before any dot moved to tensor cores).
class BlockedToMMA : public OpRewritePattern<DotOp> {
public:
  BlockedToMMA(MLIRContext *ctx, const DenseMap<Operation *, Choice> &choices)
      : OpRewritePattern(ctx), choices(choices) {}

  LogicalResult matchAndRewrite(DotOp op,
                                PatternRewriter &rewriter) const override {
    auto dType = cast<RankedTensorType>(op.getType());
    if (!isa_and_nonnull<BlockedEncodingAttr>(dType.getEncoding()))
      return failure();
    auto it = choices.find(op);
    if (it == choices.end() || it->second.version == 0)
      return rewriter.notifyMatchFailure(op, "no tensor-core instruction");
    const Choice &c = it->second;
    MLIRContext *ctx = op.getContext();
    Location loc = op.getLoc();
    auto oldEncoding = cast<BlockedEncodingAttr>(dType.getEncoding());
    auto mma = NvidiaMmaEncodingAttr::get(ctx, c.version, 0, c.warps,
                                          oldEncoding.getCTALayout(), c.instr);
    auto mmaType =
        RankedTensorType::get(dType.getShape(), dType.getElementType(), mma);
    Value acc = ConvertLayoutOp::create(rewriter, loc, mmaType, op.getC());
    unsigned bits =
        cast<RankedTensorType>(op.getA().getType()).getElementTypeBitWidth();
    unsigned kWidth = std::max(1u, 32 / bits);
    Value a = beforeConversion(op.getA()), b = beforeConversion(op.getB());
    // Widened fp8 operands are converted before they are widened.
    bool convertBeforeWidening =
        c.version == 2 && widenedFrom8Bits(a) && widenedFrom8Bits(b) &&
        cast<RankedTensorType>(a.getType()).getShape().back() % 32 == 0;
    if (convertBeforeWidening)
      kWidth = 4;

    auto toDotOperand = [&](Value v, unsigned opIdx) -> Value {
      auto src = cast<RankedTensorType>(v.getType());
      auto enc = DotOperandEncodingAttr::get(ctx, opIdx, mma, kWidth);
      auto type =
          RankedTensorType::get(src.getShape(), src.getElementType(), enc);
      if (convertBeforeWidening) {
        auto widen = v.getDefiningOp<FpToFpOp>();
        Value narrow = beforeConversion(widen.getSrc());
        Value cvt = ConvertLayoutOp::create(
            rewriter, loc,
            type.clone(
                cast<RankedTensorType>(narrow.getType()).getElementType()),
            narrow);
        return FpToFpOp::create(rewriter, loc, type, cvt,
                                widen.getRoundingAttr());
      }
      return ConvertLayoutOp::create(rewriter, loc, type, v);
    };
    auto toShared = [&](Value v, unsigned opIdx) -> Value {
      auto src = cast<RankedTensorType>(v.getType());
      auto memType = MemDescType::get(
          src.getShape(), src.getElementType(), sharedForWgmma(src, opIdx),
          SharedMemorySpaceAttr::get(ctx), /*mutableMemory=*/false);
      return LocalAllocOp::create(rewriter, loc, memType, v, IntegerAttr());
    };

    Value result;
    if (c.version == 3) {
      bool aInRegisters = bits == 16 && derivesFromDot(a);
      Value newA = aInRegisters ? toDotOperand(a, 0) : toShared(a, 0);
      Value newB = toShared(b, 1);
      // The operands were written to shared memory by ordinary stores;
      // wgmma reads through the async proxy: each writing thread fences
      // before the barrier (inserted later, right before the dot) that
      // lets the warp group read.
      ttng::FenceAsyncSharedOp::create(rewriter, loc, /*bCluster=*/false);
      result = ttng::WarpGroupDotOp::create(
          rewriter, loc, mmaType, newA, newB, acc, /*useC=*/Value(),
          op.getInputPrecision(), op.getMaxNumImpreciseAcc(),
          /*isAsync=*/false);
    } else {
      result = DotOp::create(rewriter, loc, mmaType, toDotOperand(a, 0),
                             toDotOperand(b, 1), acc, op.getInputPrecision(),
                             op.getMaxNumImpreciseAcc());
    }
    rewriter.replaceOpWithNewOp<ConvertLayoutOp>(op, dType, result);
    return success();
  }

private:
  const DenseMap<Operation *, Choice> &choices;
};

class AccelerateMatmulPass
    : public mlir::triton::impl::TritonGPUAccelerateMatmulBase<
          AccelerateMatmulPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    int capability = TritonGPUDialect::getComputeCapability(module);
    unsigned numWarps = TritonGPUDialect::getNumWarps(module);
    bool disableV3 = disableMMAv3;
    if (const char *env = std::getenv("DISABLE_MMA_V3"))
      disableV3 |=
          StringRef(env) == "1" || StringRef(env).equals_insensitive("true");
    DenseMap<Operation *, Choice> choices;
    module.walk([&](DotOp op) {
      auto type = cast<RankedTensorType>(op.getType());
      if (!isa_and_nonnull<BlockedEncodingAttr>(type.getEncoding()))
        return;
      Choice c = choose(op, capability, numWarps, disableV3);
      std::optional<OperandKind> kind = operandKind(op);
      if (c.version == 0 && kind && kind->isFp8) {
        // No tensor-core instruction takes these fp8 operands (mma.sync
        // outside sm_89 and sm_12x, or into an f16 accumulator): they are
        // widened to f16 (exactly) and the dot chosen again.
        OpBuilder b(op);
        for (unsigned i = 0; i < 2; ++i) {
          auto type = cast<RankedTensorType>(op->getOperand(i).getType());
          op->setOperand(
              i, FpToFpOp::create(b, op.getLoc(), type.clone(b.getF16Type()),
                                  op->getOperand(i), RoundingModeAttr()));
        }
        c = choose(op, capability, numWarps, disableV3);
        c.whyNotV3 += "; fp8 operands widened to f16";
      }
      ++(c.version == 3 ? numV3 : c.version == 2 ? numV2 : numFMA);
      if (remarks)
        remark(op, c);
      choices[op] = std::move(c);
    });
    RewritePatternSet patterns(ctx);
    patterns.add<BlockedToMMA>(ctx, choices);
    GreedyRewriteConfig config;
    config.enableFolding(false);
    if (failed(applyPatternsGreedily(module, std::move(patterns), config)))
      return signalPassFailure();
  }
};
} // namespace
