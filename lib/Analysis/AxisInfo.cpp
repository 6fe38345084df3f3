//===- AxisInfo.cpp - Contiguity, divisibility and constancy --------------===//
//
// A sparse forward dataflow analysis on MLIR's framework: the solver handles
// scf regions, loops (iteration arguments join their inits and yields) and
// calls; this file gives the transfer function of each op.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Dialect/Triton/IR/Dialect.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/TypeSwitch.h"

#include <numeric>

using namespace mlir;
using namespace mlir::triton;

int64_t mlir::triton::highestPowerOf2Divisor(int64_t n) {
  if (n == 0)
    return AxisInfo::kMaxDivisor;
  return std::min<int64_t>(n & -n, AxisInfo::kMaxDivisor);
}

namespace {
int64_t gcd(int64_t a, int64_t b) { return std::gcd(a, b); }

SmallVector<int64_t> shapeOf(Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()))
    return SmallVector<int64_t>(t.getShape());
  return {1};
}

bool isTracked(Type type) {
  Type elt = getElementTypeOrSelf(type);
  return isa<IntegerType, IndexType, PointerType>(elt);
}

/// Reads a `tt.divisibility`-style attribute: an integer, or one per dim.
std::optional<AxisInfo::DimVector> readHint(Attribute attr, unsigned rank) {
  if (!attr)
    return std::nullopt;
  AxisInfo::DimVector values;
  if (auto i = dyn_cast<IntegerAttr>(attr)) {
    values.assign(rank, i.getInt());
  } else if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
    for (const APInt &v : dense.getValues<APInt>())
      values.push_back(v.getSExtValue());
    if (values.size() == 1)
      values.assign(rank, values[0]);
  } else {
    return std::nullopt;
  }
  if (values.size() != rank)
    return std::nullopt;
  return values;
}

/// Applies the hints an op or argument carries on top of `info`.
AxisInfo applyHints(AxisInfo info, Operation *op, Value value,
                    DictionaryAttr attrs) {
  if (!attrs)
    return info;
  unsigned rank = info.getRank();
  AxisInfo::DimVector contiguity(info.getContiguity()),
      divisibility(info.getDivisibility()), constancy(info.getConstancy());
  if (auto h = readHint(attrs.get("tt.divisibility"), rank))
    for (unsigned d = 0; d < rank; ++d)
      divisibility[d] =
          std::max(divisibility[d], std::min((*h)[d], AxisInfo::kMaxDivisor));
  if (auto h = readHint(attrs.get("tt.contiguity"), rank))
    for (unsigned d = 0; d < rank; ++d)
      contiguity[d] = std::max(contiguity[d], (*h)[d]);
  if (auto h = readHint(attrs.get("tt.constancy"), rank))
    for (unsigned d = 0; d < rank; ++d)
      constancy[d] = std::max(constancy[d], (*h)[d]);
  return AxisInfo(contiguity, divisibility, constancy, info.getConstantValue());
}

/// The info of a constant (scalar or splat) for a value of `shape`.
AxisInfo constantInfo(int64_t value, ArrayRef<int64_t> shape) {
  unsigned rank = shape.size();
  return AxisInfo(AxisInfo::DimVector(rank, 1),
                  AxisInfo::DimVector(rank, highestPowerOf2Divisor(value)),
                  AxisInfo::DimVector(shape.begin(), shape.end()), value);
}

using Infos = ArrayRef<const AxisInfo *>;

/// Element size in bytes of a pointer (tensor), for addptr.
int64_t pointeeBytes(Type ptrLike) {
  Type pointee =
      cast<PointerType>(getElementTypeOrSelf(ptrLike)).getPointeeType();
  if (auto t = dyn_cast<RankedTensorType>(pointee))
    pointee = t.getElementType();
  if (isa<PointerType>(pointee))
    return 8;
  return std::max<int64_t>(1, pointee.getIntOrFloatBitWidth() / 8);
}

/// What the elements at every `run`-th offset along `d` divide by (each
/// element `step` apart from the next: bytes, for a pointer): a run of
/// consecutive values promises its divisibility for its first element
/// only, so runs shorter than the value's start inside them.
int64_t divisibilityEvery(const AxisInfo &info, unsigned d, int64_t run,
                          int64_t step = 1) {
  if (run >= info.getContiguity(d))
    return info.getDivisibility(d);
  return gcd(info.getDivisibility(d),
             std::min(run * step, AxisInfo::kMaxDivisor));
}

/// What every element along `d` divides by.
int64_t elementDivisibility(const AxisInfo &info, unsigned d) {
  return divisibilityEvery(info, d, 1);
}

/// x + y for arith.addi and addptr (y scaled by `scale` bytes).
AxisInfo addInfo(const AxisInfo &lhs, const AxisInfo &rhs, int64_t scale,
                 bool isSub) {
  unsigned rank = lhs.getRank();
  AxisInfo::DimVector contiguity(rank), divisibility(rank), constancy(rank);
  for (unsigned d = 0; d < rank; ++d) {
    // A run of consecutive values plus a run of equal values stays
    // consecutive (pointer contiguity counts elements, so addptr too);
    // subtracting consecutive values does not.
    int64_t c = gcd(lhs.getContiguity(d), rhs.getConstancy(d));
    if (!isSub)
      c = std::max(c, gcd(lhs.getConstancy(d), rhs.getContiguity(d)));
    contiguity[d] = c;
    // The sum's runs start at every c-th element of both operands.
    int64_t rhsDiv =
        std::min(divisibilityEvery(rhs, d, c) * scale, AxisInfo::kMaxDivisor);
    divisibility[d] = gcd(divisibilityEvery(lhs, d, c, scale), rhsDiv);
    constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() && rhs.getConstantValue())
    constant = isSub
                   ? *lhs.getConstantValue() - *rhs.getConstantValue()
                   : *lhs.getConstantValue() + *rhs.getConstantValue() * scale;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

AxisInfo mulInfo(const AxisInfo &lhs, const AxisInfo &rhs) {
  unsigned rank = lhs.getRank();
  AxisInfo::DimVector contiguity(rank), divisibility(rank), constancy(rank);
  for (unsigned d = 0; d < rank; ++d) {
    contiguity[d] = 1;
    if (rhs.getConstantValue() == 1)
      contiguity[d] = lhs.getContiguity(d);
    else if (lhs.getConstantValue() == 1)
      contiguity[d] = rhs.getContiguity(d);
    // A run of consecutive values promises its divisibility for its first
    // element only; multiplied by anything but 1, every element starts a run
    // of its own, so such an operand divides by 1 ([32k, 32k + 1, ...] * 333
    // holds odd values).
    int64_t lhsDiv = rhs.getConstantValue() == 1 ? lhs.getDivisibility(d)
                                                 : elementDivisibility(lhs, d);
    int64_t rhsDiv = lhs.getConstantValue() == 1 ? rhs.getDivisibility(d)
                                                 : elementDivisibility(rhs, d);
    divisibility[d] = std::min(lhsDiv * rhsDiv, AxisInfo::kMaxDivisor);
    constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() && rhs.getConstantValue())
    constant = *lhs.getConstantValue() * *rhs.getConstantValue();
  else if (lhs.getConstantValue() == 0 || rhs.getConstantValue() == 0)
    constant = 0;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

/// x / c and x % c for a constant power-of-two-friendly c.
AxisInfo divRemInfo(const AxisInfo &lhs, const AxisInfo &rhs, bool isRem) {
  unsigned rank = lhs.getRank();
  AxisInfo::DimVector contiguity(rank, 1), divisibility(rank, 1),
      constancy(rank);
  std::optional<int64_t> c = rhs.getConstantValue();
  for (unsigned d = 0; d < rank; ++d) {
    constancy[d] = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (!isRem) {
      if (c == 1) {
        contiguity[d] = lhs.getContiguity(d);
        divisibility[d] = lhs.getDivisibility(d);
      } else if (c && *c > 0) {
        // Runs of c consecutive values starting at multiples of c share
        // their quotient.
        int64_t chunk = gcd(gcd(lhs.getContiguity(d), lhs.getDivisibility(d)),
                            highestPowerOf2Divisor(*c));
        constancy[d] = std::max(constancy[d], chunk);
        // The quotients of consecutive values step by one between runs of
        // equal values: only a lhs without runs keeps a divisibility.
        if (lhs.getContiguity(d) == 1 && lhs.getDivisibility(d) % *c == 0)
          divisibility[d] = highestPowerOf2Divisor(lhs.getDivisibility(d) / *c);
      }
    } else {
      // x % m stays consecutive within runs that do not cross a multiple
      // of m.
      int64_t m = rhs.getDivisibility(d);
      if (rhs.getConstancy(d) >= lhs.getContiguity(d) || rhs.getConstantValue())
        contiguity[d] =
            gcd(lhs.getContiguity(d),
                gcd(m, lhs.getDivisibility(d) ? lhs.getDivisibility(d) : 1));
      divisibility[d] = gcd(lhs.getDivisibility(d), m);
    }
  }
  std::optional<int64_t> constant;
  if (lhs.getConstantValue() && c && *c != 0)
    constant =
        isRem ? *lhs.getConstantValue() % *c : *lhs.getConstantValue() / *c;
  return AxisInfo(contiguity, divisibility, constancy, constant);
}

/// Comparisons: a run of consecutive values aligned to a boundary that is a
/// multiple of the run compares the same way throughout.
AxisInfo cmpInfo(arith::CmpIPredicate pred, const AxisInfo &lhs,
                 const AxisInfo &rhs) {
  using P = arith::CmpIPredicate;
  unsigned rank = lhs.getRank();
  AxisInfo::DimVector ones(rank, 1), constancy(rank);
  bool lhsRuns =
      pred == P::slt || pred == P::ult || pred == P::sge || pred == P::uge;
  bool rhsRuns =
      pred == P::sgt || pred == P::ugt || pred == P::sle || pred == P::ule;
  for (unsigned d = 0; d < rank; ++d) {
    int64_t c = gcd(lhs.getConstancy(d), rhs.getConstancy(d));
    if (lhsRuns && rhs.getConstancy(d) >= lhs.getContiguity(d))
      c = std::max(c, gcd(gcd(lhs.getContiguity(d), lhs.getDivisibility(d)),
                          rhs.getDivisibility(d)));
    if (rhsRuns && lhs.getConstancy(d) >= rhs.getContiguity(d))
      c = std::max(c, gcd(gcd(rhs.getContiguity(d), rhs.getDivisibility(d)),
                          lhs.getDivisibility(d)));
    constancy[d] = c;
  }
  return AxisInfo(ones, ones, constancy);
}

/// Ops that keep nothing but constancy: gcd of their operands' runs.
AxisInfo constancyOnly(Infos operands, unsigned rank) {
  AxisInfo::DimVector ones(rank, 1), constancy(rank, AxisInfo::kMaxDivisor);
  for (const AxisInfo *info : operands)
    if (info && info->getRank() == rank)
      for (unsigned d = 0; d < rank; ++d)
        constancy[d] = gcd(constancy[d], info->getConstancy(d));
  for (int64_t &c : constancy)
    if (c == AxisInfo::kMaxDivisor)
      c = 1;
  return AxisInfo(ones, ones, constancy);
}

/// tt.broadcast: a broadcast dimension is constant along its new extent.
AxisInfo broadcastInfo(const AxisInfo &src, ArrayRef<int64_t> srcShape,
                       ArrayRef<int64_t> shape) {
  AxisInfo::DimVector ct(src.getContiguity()), dv(src.getDivisibility()),
      cs(src.getConstancy());
  for (unsigned d = 0; d < shape.size(); ++d)
    if (srcShape[d] == 1 && shape[d] != 1) {
      ct[d] = 1;
      cs[d] = shape[d];
    }
  return AxisInfo(ct, dv, cs, src.getConstantValue());
}

/// tt.expand_dims: the new dimension of size 1 takes the divisibility every
/// element shares.
AxisInfo expandDimsInfo(const AxisInfo &src, unsigned axis) {
  AxisInfo::DimVector ct(src.getContiguity()), dv(src.getDivisibility()),
      cs(src.getConstancy());
  // Every element of the source, not only the first of each run of
  // consecutive values, must divide by it.
  int64_t newDiv = AxisInfo::kMaxDivisor;
  if (std::optional<int64_t> c = src.getConstantValue())
    newDiv = highestPowerOf2Divisor(*c);
  else
    for (unsigned d = 0; d < dv.size(); ++d)
      newDiv = gcd(newDiv, elementDivisibility(src, d));
  ct.insert(ct.begin() + axis, 1);
  dv.insert(dv.begin() + axis, newDiv);
  cs.insert(cs.begin() + axis, 1);
  return AxisInfo(ct, dv, cs, src.getConstantValue());
}

/// arith.select: what both sides share, within runs of equal conditions.
AxisInfo selectInfo(const AxisInfo &cond, const AxisInfo &t, const AxisInfo &f,
                    unsigned rank) {
  if (cond.getConstantValue())
    return *cond.getConstantValue() ? t : f;
  AxisInfo::DimVector ct(rank), dv(rank), cs(rank);
  for (unsigned d = 0; d < rank; ++d) {
    unsigned cd = cond.getRank() == rank ? d : 0;
    ct[d] =
        gcd(cond.getConstancy(cd), gcd(t.getContiguity(d), f.getContiguity(d)));
    dv[d] = gcd(divisibilityEvery(t, d, ct[d]), divisibilityEvery(f, d, ct[d]));
    cs[d] =
        gcd(cond.getConstancy(cd), gcd(t.getConstancy(d), f.getConstancy(d)));
  }
  return AxisInfo(ct, dv, cs);
}

/// arith.shli by a constant k: divisibility times 2^k.
AxisInfo shlInfo(Infos in, unsigned rank) {
  std::optional<int64_t> k = in[1]->getConstantValue();
  if (!k || *k < 0 || *k > 30)
    return constancyOnly(in, rank);
  AxisInfo::DimVector ct(rank), dv(rank);
  for (unsigned d = 0; d < rank; ++d) {
    ct[d] = *k == 0 ? in[0]->getContiguity(d) : 1;
    // As for a multiplication: shifted, a run's later elements start runs.
    int64_t div =
        *k == 0 ? in[0]->getDivisibility(d) : elementDivisibility(*in[0], d);
    dv[d] = std::min(div << *k, AxisInfo::kMaxDivisor);
  }
  return AxisInfo(ct, dv, constancyOnly(in, rank).getConstancy());
}

/// The transfer function of one op, for its first result.
std::optional<AxisInfo> transfer(Operation *op, Infos in) {
  Value result = op->getResult(0);
  SmallVector<int64_t> shape = shapeOf(result);
  unsigned rank = shape.size();
  auto pess = AxisInfo::pessimistic(rank);
  return llvm::TypeSwitch<Operation *, std::optional<AxisInfo>>(op)
      .Case([&](arith::ConstantOp c) -> std::optional<AxisInfo> {
        if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
          return constantInfo(i.getValue().getSExtValue(), shape);
        if (auto dense = dyn_cast<DenseIntElementsAttr>(c.getValue()))
          if (dense.isSplat())
            return constantInfo(dense.getSplatValue<APInt>().getSExtValue(),
                                shape);
        return pess;
      })
      .Case([&](MakeRangeOp r) {
        int64_t start = r.getStartAttr().getInt();
        return AxisInfo({shape[0]}, {highestPowerOf2Divisor(start)}, {1});
      })
      .Case([&](SplatOp) {
        const AxisInfo &src = *in[0];
        return AxisInfo(AxisInfo::DimVector(rank, 1),
                        AxisInfo::DimVector(rank, src.getDivisibility(0)),
                        AxisInfo::DimVector(shape.begin(), shape.end()),
                        src.getConstantValue());
      })
      .Case([&](BroadcastOp b) {
        return broadcastInfo(*in[0], shapeOf(b.getSrc()), shape);
      })
      .Case([&](ExpandDimsOp e) { return expandDimsInfo(*in[0], e.getAxis()); })
      .Case([&](TransOp t) {
        const AxisInfo &src = *in[0];
        AxisInfo::DimVector ct, dv, cs;
        for (int32_t d : t.getOrder()) {
          ct.push_back(src.getContiguity(d));
          dv.push_back(src.getDivisibility(d));
          cs.push_back(src.getConstancy(d));
        }
        return AxisInfo(ct, dv, cs, src.getConstantValue());
      })
      .Case<arith::AddIOp>(
          [&](auto) { return addInfo(*in[0], *in[1], 1, false); })
      .Case<arith::SubIOp>(
          [&](auto) { return addInfo(*in[0], *in[1], 1, true); })
      .Case([&](AddPtrOp a) {
        return addInfo(*in[0], *in[1], pointeeBytes(a.getPtr().getType()),
                       false);
      })
      .Case<arith::MulIOp>([&](auto) { return mulInfo(*in[0], *in[1]); })
      .Case<arith::DivSIOp, arith::DivUIOp>(
          [&](auto) { return divRemInfo(*in[0], *in[1], false); })
      .Case<arith::RemSIOp, arith::RemUIOp>(
          [&](auto) { return divRemInfo(*in[0], *in[1], true); })
      .Case([&](arith::CmpIOp c) {
        return cmpInfo(c.getPredicate(), *in[0], *in[1]);
      })
      .Case([&](arith::SelectOp) -> std::optional<AxisInfo> {
        return selectInfo(*in[0], *in[1], *in[2], rank);
      })
      .Case<arith::ExtSIOp, arith::ExtUIOp, arith::IndexCastOp,
            arith::IndexCastUIOp, PtrToIntOp, IntToPtrOp, BitcastOp,
            gpu::ConvertLayoutOp>([&](auto) { return *in[0]; })
      .Case([&](arith::TruncIOp t) {
        const AxisInfo &src = *in[0];
        int64_t bits =
            getElementTypeOrSelf(t.getType()).getIntOrFloatBitWidth();
        AxisInfo::DimVector dv(src.getDivisibility());
        for (int64_t &v : dv)
          v = std::min<int64_t>(v, bits >= 31 ? AxisInfo::kMaxDivisor
                                              : int64_t(1) << bits);
        return AxisInfo(src.getContiguity(), dv, src.getConstancy(),
                        src.getConstantValue());
      })
      .Case([&](arith::ShLIOp) -> std::optional<AxisInfo> {
        return shlInfo(in, rank);
      })
      .Case<arith::ShRSIOp, arith::ShRUIOp>(
          [&](auto) -> std::optional<AxisInfo> {
            std::optional<int64_t> k = in[1]->getConstantValue();
            if (!k || *k < 0 || *k > 30)
              return constancyOnly(in, rank);
            AxisInfo divisor = constantInfo(int64_t(1) << *k, shape);
            return divRemInfo(*in[0], divisor, false);
          })
      // These keep no runs: every element of the result starts one, so each
      // operand counts with what all its elements share.
      .Case([&](arith::AndIOp) {
        AxisInfo base = constancyOnly(in, rank);
        AxisInfo::DimVector dv(rank);
        for (unsigned d = 0; d < rank; ++d)
          dv[d] = std::max(elementDivisibility(*in[0], d),
                           elementDivisibility(*in[1], d));
        return AxisInfo(base.getContiguity(), dv, base.getConstancy());
      })
      .Case<arith::OrIOp, arith::XOrIOp, arith::MaxSIOp, arith::MinSIOp,
            arith::MaxUIOp, arith::MinUIOp>([&](auto) {
        AxisInfo base = constancyOnly(in, rank);
        AxisInfo::DimVector dv(rank);
        for (unsigned d = 0; d < rank; ++d)
          dv[d] = gcd(elementDivisibility(*in[0], d),
                      elementDivisibility(*in[1], d));
        return AxisInfo(base.getContiguity(), dv, base.getConstancy());
      })
      .Case([&](LoadOp l) -> std::optional<AxisInfo> {
        // Loading from equal addresses gives equal values.
        if (!isa<RankedTensorType>(l.getType()) || in[0]->getRank() != rank)
          return pess;
        return AxisInfo(AxisInfo::DimVector(rank, 1),
                        AxisInfo::DimVector(rank, 1), in[0]->getConstancy());
      })
      .Default([&](Operation *) { return pess; });
}

class AxisInfoAnalysis : public dataflow::SparseForwardDataFlowAnalysis<
                             dataflow::Lattice<AxisInfo>> {
public:
  using Lattice = dataflow::Lattice<AxisInfo>;
  using SparseForwardDataFlowAnalysis::SparseForwardDataFlowAnalysis;

  void setToEntryState(Lattice *lattice) override {
    propagateIfChanged(
        lattice, lattice->join(AxisInfo::fromValue(lattice->getAnchor())));
  }

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const Lattice *> operands,
                               ArrayRef<Lattice *> results) override {
    if (results.empty())
      return success();
    SmallVector<const AxisInfo *> infos;
    for (auto [value, lattice] : llvm::zip(op->getOperands(), operands)) {
      const AxisInfo &info = lattice->getValue();
      // Wait until every tracked operand is known.
      if (isTracked(value.getType()) && !info.isInitialized())
        return success();
      infos.push_back(isTracked(value.getType()) ? &info : nullptr);
    }
    for (auto [i, lattice] : llvm::enumerate(results)) {
      Value result = op->getResult(i);
      if (!isTracked(result.getType())) {
        setToEntryState(lattice);
        continue;
      }
      // Transfer functions describe the first result; others (e.g. of
      // tt.split or multi-result calls) are left unknown.
      std::optional<AxisInfo> info;
      // A tracked result of untracked operands (tt.bitcast of a float,
      // fptosi...) is unknown; calls use their callee's summary instead.
      bool allKnown = llvm::all_of(infos, [](const AxisInfo *p) { return p; });
      if (i == 0 && (allKnown || isa<CallOpInterface>(op)))
        info = transfer(op, infos);
      if (!info)
        info = AxisInfo::pessimistic(shapeOf(result).size());
      propagateIfChanged(
          lattice, lattice->join(applyHints(
                       *info, op, result, op->getDiscardableAttrDictionary())));
    }
    return success();
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<Lattice *> argLattices,
                                    unsigned firstIndex) override {
    // The induction variable of scf.for: lb + k * step.
    if (auto forOp = dyn_cast<scf::ForOp>(op)) {
      const Lattice *lb =
          getLatticeElementFor(getProgramPointAfter(op), forOp.getLowerBound());
      const Lattice *step =
          getLatticeElementFor(getProgramPointAfter(op), forOp.getStep());
      int64_t div = 1;
      if (lb->getValue().isInitialized() && step->getValue().isInitialized())
        div = gcd(lb->getValue().getDivisibility(0),
                  step->getValue().getDivisibility(0));
      AxisInfo iv({1}, {div}, {1});
      propagateIfChanged(argLattices[0], argLattices[0]->join(iv));
      return;
    }
    SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
        op, successor, argLattices, firstIndex);
  }
};
} // namespace

AxisInfo AxisInfo::pessimistic(unsigned rank) {
  return AxisInfo(DimVector(rank, 1), DimVector(rank, 1), DimVector(rank, 1));
}

AxisInfo AxisInfo::fromValue(Value value) {
  unsigned rank = shapeOf(value).size();
  AxisInfo info = pessimistic(rank);
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg)
    return info;
  if (auto fn = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    if (arg.getOwner()->isEntryBlock())
      return applyHints(info, nullptr, value,
                        fn.getArgAttrDict(arg.getArgNumber()));
  return info;
}

AxisInfo AxisInfo::join(const AxisInfo &lhs, const AxisInfo &rhs) {
  if (!lhs.isInitialized())
    return rhs;
  if (!rhs.isInitialized() || lhs == rhs)
    return lhs;
  if (lhs.getRank() != rhs.getRank())
    return pessimistic(lhs.getRank());
  DimVector ct, dv, cs;
  for (unsigned d = 0; d < lhs.getRank(); ++d) {
    ct.push_back(gcd(lhs.contiguity[d], rhs.contiguity[d]));
    dv.push_back(gcd(lhs.divisibility[d], rhs.divisibility[d]));
    cs.push_back(gcd(lhs.constancy[d], rhs.constancy[d]));
  }
  std::optional<int64_t> constant;
  if (lhs.constant == rhs.constant)
    constant = lhs.constant;
  return AxisInfo(ct, dv, cs, constant);
}

void AxisInfo::print(raw_ostream &os) const {
  auto list = [&](const DimVector &v) {
    os << "[";
    llvm::interleaveComma(v, os);
    os << "]";
  };
  os << "contiguity = ";
  list(contiguity);
  os << ", divisibility = ";
  list(divisibility);
  os << ", constancy = ";
  list(constancy);
  os << ", constant_value = ";
  if (constant)
    os << *constant;
  else
    os << "<none>";
}

ModuleAxisInfoAnalysis::ModuleAxisInfoAnalysis(ModuleOp module)
    : solver(std::make_unique<DataFlowSolver>()) {
  dataflow::loadBaselineAnalyses(*solver);
  solver->load<AxisInfoAnalysis>();
  if (failed(solver->initializeAndRun(module)))
    solver.reset();
}

const AxisInfo *ModuleAxisInfoAnalysis::getAxisInfo(Value value) const {
  if (!solver)
    return nullptr;
  auto *lattice = solver->lookupState<dataflow::Lattice<AxisInfo>>(value);
  if (!lattice || !lattice->getValue().isInitialized())
    return nullptr;
  return &lattice->getValue();
}

unsigned ModuleAxisInfoAnalysis::getPtrContiguity(Value ptr,
                                                  unsigned dim) const {
  const AxisInfo *info = getAxisInfo(ptr);
  if (!info || dim >= info->getRank())
    return 1;
  return std::max<int64_t>(1, info->getContiguity(dim));
}

unsigned ModuleAxisInfoAnalysis::getPtrAlignment(Value ptr,
                                                 unsigned dim) const {
  const AxisInfo *info = getAxisInfo(ptr);
  if (!info || dim >= info->getRank())
    return 1;
  int64_t bytes = pointeeBytes(ptr.getType());
  return std::max<int64_t>(1, info->getDivisibility(dim) / bytes);
}

unsigned ModuleAxisInfoAnalysis::getMaskAlignment(Value mask,
                                                  unsigned dim) const {
  const AxisInfo *info = getAxisInfo(mask);
  if (!info || dim >= info->getRank())
    return 1;
  return std::max<int64_t>(1, info->getConstancy(dim));
}
