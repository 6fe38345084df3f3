//===- LinearLayout.h - Layouts as linear maps over GF(2) -------*- C++ -*-===//
//
// A LinearLayout maps named input dimensions (for a distributed layout:
// "register", "lane", "warp", "block"; for a shared layout: "offset",
// "block") to named output dimensions (a tensor's "dim0", "dim1", ...). Every
// size is a power of two, and the map is linear over GF(2): the output of an
// input is the XOR of the bases of the input's set bits.
//
//   L(x) = XOR_{bit i of x set} basis_i,   each basis an element of the output
//
// So a layout is fully described by one basis per input bit. A basis of 0
// means that bit changes nothing: the hardware index it selects holds a copy
// (broadcast). Everything the compiler asks of a layout (which element a
// thread holds, how many consecutive elements it has, how to move data
// between two layouts) is linear algebra on these bases.
//
// Conventions:
//  - input bits of one dimension are ordered least significant first, and
//    input dimensions in the order they were added;
//  - when output dimensions are flattened (reshape), the first output
//    dimension is the most minor (fastest varying).
//
// Pure C++: no MLIR context is needed.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_TOOLS_LINEARLAYOUT_H
#define TRITONDIALECT_TOOLS_LINEARLAYOUT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::triton {

class LinearLayout {
public:
  /// One basis per input bit; a basis holds one value per output dimension.
  using Basis = std::vector<int32_t>;
  struct InDim {
    std::string name;
    std::vector<Basis> bases; // size == log2(dimension size)
  };
  struct OutDim {
    std::string name;
    int32_t size; // a power of two
  };
  /// (dimension name, value) pairs, used for inputs and outputs.
  using Point = llvm::SmallVector<std::pair<std::string, int32_t>>;

  /// The layout with no input and no output dimension (maps nothing to {}).
  LinearLayout() = default;

  /// Builds a layout from bases given per input dimension, each basis listing
  /// one value per output dimension (in `outDims` order). Fails (returns
  /// nullopt and sets `error`) when a size is not a power of two or a basis
  /// is out of range.
  static std::optional<LinearLayout> create(std::vector<InDim> inDims,
                                            std::vector<OutDim> outDims,
                                            std::string *error = nullptr);

  /// in[i] -> out[i], for i < size.
  static LinearLayout identity1D(int32_t size, llvm::StringRef inDim,
                                 llvm::StringRef outDim);
  /// in[i] -> out[0], for i < size: every input holds the same element.
  static LinearLayout zeros1D(int32_t size, llvm::StringRef inDim,
                              llvm::StringRef outDim, int32_t outSize = 1);
  /// The identity on `outDims` (in[d] = out[d]) over the given shape, with
  /// each input dimension named like its output dimension.
  static LinearLayout identity(llvm::ArrayRef<OutDim> dims);

  //===--------------------------------------------------------------------===//
  // Queries
  //===--------------------------------------------------------------------===//

  llvm::ArrayRef<InDim> getInDims() const { return inDims; }
  llvm::ArrayRef<OutDim> getOutDims() const { return outDims; }
  bool hasInDim(llvm::StringRef name) const;
  bool hasOutDim(llvm::StringRef name) const;
  int32_t getInDimSizeLog2(llvm::StringRef name) const;
  int32_t getInDimSize(llvm::StringRef name) const;
  int32_t getOutDimSizeLog2(llvm::StringRef name) const;
  int32_t getOutDimSize(llvm::StringRef name) const;
  int32_t getTotalInDimSizeLog2() const;
  int32_t getTotalOutDimSizeLog2() const;
  int64_t getTotalInDimSize() const {
    return int64_t(1) << getTotalInDimSizeLog2();
  }
  int64_t getTotalOutDimSize() const {
    return int64_t(1) << getTotalOutDimSizeLog2();
  }
  /// The basis of bit `bit` of input dimension `inDim`.
  const Basis &getBasis(llvm::StringRef inDim, int32_t bit) const;
  /// Value of output dimension `outDim` in basis `bit` of `inDim`.
  int32_t getBasis(llvm::StringRef inDim, int32_t bit,
                   llvm::StringRef outDim) const;

  /// L(inputs); every input dimension of the layout must be given.
  Point apply(llvm::ArrayRef<std::pair<std::string, int32_t>> inputs) const;
  /// L(x) with x given as one integer: input dimensions concatenated, the
  /// first one least significant. The result is flattened the same way.
  uint64_t applyFlat(uint64_t x) const;

  /// Every output is reached.
  bool isSurjective() const;
  /// No two inputs reach the same output.
  bool isInjective() const;
  bool isInvertible() const { return isSurjective() && isInjective(); }

  /// Per input dimension, a mask of the bits whose basis is linearly
  /// dependent on the bases before it (input dimensions in order, bits from
  /// least significant). Flipping such bits never reaches an element the
  /// other bits could not: they only select copies.
  llvm::SmallVector<std::pair<std::string, int32_t>>
  getFreeVariableMasks() const;

  /// How many consecutive values of `inDim` (from 0) map to consecutive
  /// values of `outDim` with every other output unchanged: the largest 2^k
  /// such that bit i of `inDim` maps to exactly 2^i along `outDim`, i < k.
  /// For inDim = "register" this is the number of contiguous elements a
  /// thread holds along `outDim`.
  int32_t getNumConsecutiveInOut(llvm::StringRef inDim,
                                 llvm::StringRef outDim) const;

  /// True when every basis of `inDims` is zero on every dimension of
  /// `outDims`.
  bool sublayoutIsZero(llvm::ArrayRef<std::string> inDims,
                       llvm::ArrayRef<std::string> outDims) const;

  //===--------------------------------------------------------------------===//
  // Operations
  //===--------------------------------------------------------------------===//

  /// The product L1 * L2: inputs and outputs of both. A dimension both have
  /// is concatenated, L2 taking the more significant bits (an input) or the
  /// outer blocks (an output: L2's values are scaled by L1's size there).
  friend LinearLayout operator*(const LinearLayout &lhs,
                                const LinearLayout &rhs);
  LinearLayout &operator*=(const LinearLayout &rhs) {
    *this = *this * rhs;
    return *this;
  }

  /// outer(this(x)): this maps A -> B, outer maps B -> C. The outputs of
  /// this must be outer's inputs, by name and order, and fit their sizes.
  std::optional<LinearLayout> compose(const LinearLayout &outer,
                                      std::string *error = nullptr) const;

  /// The inverse, when this is invertible (as many input as output bits,
  /// both onto). Input dimensions of the result are this's output
  /// dimensions and vice versa.
  std::optional<LinearLayout> invert(std::string *error = nullptr) const;

  /// X with outer(X(a)) == this(a) for every a: this maps A -> B, outer maps
  /// C -> B and must reach every output this reaches. Where outer is not
  /// injective, the solution with the free bits of C cleared is returned.
  /// This is how a layout conversion finds, for each element a thread holds
  /// now, where it lives in the other layout.
  std::optional<LinearLayout>
  invertAndCompose(const LinearLayout &outer,
                   std::string *error = nullptr) const;

  /// The output dimensions in a new order (a permutation of their names).
  LinearLayout transposeOuts(llvm::ArrayRef<std::string> newOrder) const;
  /// The input dimensions in a new order.
  LinearLayout transposeIns(llvm::ArrayRef<std::string> newOrder) const;

  /// The outputs flattened (first dimension most minor) and split again into
  /// `newOutDims`, whose sizes multiply to the same total.
  std::optional<LinearLayout> reshapeOuts(llvm::ArrayRef<OutDim> newOutDims,
                                          std::string *error = nullptr) const;
  /// The same for input dimensions.
  std::optional<LinearLayout> reshapeIns(llvm::ArrayRef<OutDim> newInDims,
                                         std::string *error = nullptr) const;

  /// Only the given input and output dimensions (in the given order); bases
  /// keep their values on the kept outputs.
  LinearLayout sublayout(llvm::ArrayRef<std::string> inDimNames,
                         llvm::ArrayRef<std::string> outDimNames) const;

  /// Input dimension `name` resized to `size` (a power of two): extra bits
  /// get zero bases (copies); removed bits are dropped.
  LinearLayout resizeInDim(llvm::StringRef name, int32_t size) const;
  /// Output dimension `name` resized to `size`; values are taken modulo
  /// the new size (wrapping), as a layout for a smaller tensor repeats.
  LinearLayout resizeOutDim(llvm::StringRef name, int32_t size) const;

  bool operator==(const LinearLayout &other) const;
  bool operator!=(const LinearLayout &other) const { return !(*this == other); }

  /// A readable form: `register: [[0, 1], [0, 2]], lane: ... -> dim0:16,
  /// dim1:8`.
  std::string toString() const;

private:
  /// Each basis as one integer over the flattened outputs.
  std::vector<uint64_t> flatBases() const;
  uint64_t flatten(const Basis &basis) const;
  Basis unflatten(uint64_t value) const;
  int32_t outDimOffsetLog2(size_t outIndex) const;
  int32_t inDimIndex(llvm::StringRef name) const;
  int32_t outDimIndex(llvm::StringRef name) const;

  std::vector<InDim> inDims;
  std::vector<OutDim> outDims;
};

LinearLayout operator*(const LinearLayout &lhs, const LinearLayout &rhs);

/// Dimension names used by Triton's layouts.
namespace layout_dims {
inline constexpr const char *kRegister = "register";
inline constexpr const char *kLane = "lane";
inline constexpr const char *kWarp = "warp";
inline constexpr const char *kBlock = "block";
inline constexpr const char *kOffset = "offset";
/// "dim0", "dim1", ...
std::string outDimName(unsigned d);
} // namespace layout_dims

} // namespace mlir::triton

#endif // TRITONDIALECT_TOOLS_LINEARLAYOUT_H
