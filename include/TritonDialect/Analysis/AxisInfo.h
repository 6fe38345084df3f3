//===- AxisInfo.h - Contiguity, divisibility and constancy ------*- C++ -*-===//
//
// For every integer or pointer value (scalar or tensor), per dimension:
//  - contiguity: the length of runs of consecutive values (x, x+1, ...);
//  - divisibility: the largest power of two dividing the first value of each
//    run (for pointers, in bytes);
//  - constancy: the length of runs of equal values;
// and the value itself when it is a known constant. Seeded by
// `tt.divisibility`/`tt.contiguity`/`tt.constancy` on function arguments and
// on ops (the frontend's multiple_of / max_contiguous hints), propagated
// forward through arith, tt and scf ops and across calls. It decides how
// wide loads and stores may be.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_ANALYSIS_AXISINFO_H
#define TRITONDIALECT_ANALYSIS_AXISINFO_H

#include "mlir/Analysis/DataFlow/SparseAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::triton {

class AxisInfo {
public:
  using DimVector = SmallVector<int64_t, 4>;
  /// Divisibility of zero, and the cap on any divisibility.
  static constexpr int64_t kMaxDivisor = int64_t(1) << 30;

  AxisInfo() = default;
  AxisInfo(DimVector contiguity, DimVector divisibility, DimVector constancy,
           std::optional<int64_t> constant = std::nullopt)
      : contiguity(std::move(contiguity)),
        divisibility(std::move(divisibility)), constancy(std::move(constancy)),
        constant(constant) {}

  /// Nothing known: runs of 1, divisible by 1. Scalars have rank 1.
  static AxisInfo pessimistic(unsigned rank);
  /// The state of a value with no defining op: pessimistic, refined by the
  /// `tt.divisibility`/`tt.contiguity`/`tt.constancy` attributes of function
  /// arguments.
  static AxisInfo fromValue(Value value);

  /// What is true of both (the lattice join).
  static AxisInfo join(const AxisInfo &lhs, const AxisInfo &rhs);

  bool isInitialized() const { return !contiguity.empty(); }
  unsigned getRank() const { return contiguity.size(); }
  int64_t getContiguity(unsigned d) const { return contiguity[d]; }
  int64_t getDivisibility(unsigned d) const { return divisibility[d]; }
  int64_t getConstancy(unsigned d) const { return constancy[d]; }
  const DimVector &getContiguity() const { return contiguity; }
  const DimVector &getDivisibility() const { return divisibility; }
  const DimVector &getConstancy() const { return constancy; }
  std::optional<int64_t> getConstantValue() const { return constant; }

  bool operator==(const AxisInfo &other) const {
    return contiguity == other.contiguity &&
           divisibility == other.divisibility && constancy == other.constancy &&
           constant == other.constant;
  }
  void print(raw_ostream &os) const;

private:
  DimVector contiguity, divisibility, constancy;
  std::optional<int64_t> constant;
};

/// Runs the analysis over a whole module (interprocedurally: a function's
/// arguments join what every call passes) and answers queries.
class ModuleAxisInfoAnalysis {
public:
  explicit ModuleAxisInfoAnalysis(ModuleOp module);
  /// The value's info, or nullptr for values the analysis does not track.
  const AxisInfo *getAxisInfo(Value value) const;

  /// The widest vector (in elements) a thread may access along `dim` of the
  /// pointer tensor `ptr`: limited by contiguity and by alignment.
  unsigned getPtrContiguity(Value ptr, unsigned dim) const;
  unsigned getPtrAlignment(Value ptr, unsigned dim) const;
  /// How many consecutive elements of the mask along `dim` are equal.
  unsigned getMaskAlignment(Value mask, unsigned dim) const;

private:
  std::unique_ptr<DataFlowSolver> solver;
};

/// The `tt.divisibility`-style hint of one value, for dimension `d`.
int64_t highestPowerOf2Divisor(int64_t n);

} // namespace mlir::triton

#endif // TRITONDIALECT_ANALYSIS_AXISINFO_H
