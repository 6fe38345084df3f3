//===- LinearLayout.cpp - Layouts as linear maps over GF(2) ---------------===//
//
// Bases are kept per input bit as one value per output dimension; for the
// linear algebra they are flattened into one 64-bit integer over all output
// bits (output dimension 0 in the low bits). Gaussian elimination over GF(2)
// then answers rank, injectivity, free variables and linear solves.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Tools/LinearLayout.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cassert>

using namespace mlir::triton;

namespace {
int32_t log2Exact(int32_t size) { return llvm::Log2_32(uint32_t(size)); }

void setError(std::string *error, const std::string &message) {
  if (error)
    *error = message;
}

/// Gaussian elimination over GF(2) on 64-bit vectors, remembering for each
/// pivot which of the inserted columns it combines.
class Gf2Eliminator {
public:
  /// Inserts column `index` with value `v`; returns false when `v` is in the
  /// span of the columns inserted before (a dependent, or free, column).
  bool insert(uint64_t v, int index) {
    uint64_t combo = uint64_t(1) << index;
    for (int bit = 63; bit >= 0; --bit) {
      if (!((v >> bit) & 1))
        continue;
      if (!pivots[bit].valid) {
        pivots[bit] = {true, v, combo};
        ++rank;
        return true;
      }
      v ^= pivots[bit].value;
      combo ^= pivots[bit].combo;
    }
    return false;
  }

  /// Columns whose XOR is `target`, as a mask of column indices, if any.
  std::optional<uint64_t> solve(uint64_t target) const {
    uint64_t combo = 0;
    for (int bit = 63; bit >= 0; --bit) {
      if (!((target >> bit) & 1))
        continue;
      if (!pivots[bit].valid)
        return std::nullopt;
      target ^= pivots[bit].value;
      combo ^= pivots[bit].combo;
    }
    return combo;
  }

  int getRank() const { return rank; }

private:
  struct Pivot {
    bool valid = false;
    uint64_t value = 0;
    uint64_t combo = 0;
  };
  std::array<Pivot, 64> pivots{};
  int rank = 0;
};
} // namespace

std::string layout_dims::outDimName(unsigned d) {
  return "dim" + std::to_string(d);
}

//===----------------------------------------------------------------------===//
// Construction
//===----------------------------------------------------------------------===//

std::optional<LinearLayout> LinearLayout::create(std::vector<InDim> inDims,
                                                 std::vector<OutDim> outDims,
                                                 std::string *error) {
  int32_t totalOut = 0;
  for (const OutDim &out : outDims) {
    if (out.size <= 0 || !llvm::isPowerOf2_32(uint32_t(out.size))) {
      setError(error, "output dimension '" + out.name + "' has size " +
                          std::to_string(out.size) +
                          ", which is not a power of two");
      return std::nullopt;
    }
    totalOut += log2Exact(out.size);
  }
  int32_t totalIn = 0;
  for (const InDim &in : inDims)
    totalIn += in.bases.size();
  if (totalOut > 63 || totalIn > 63) {
    setError(error, "a layout may have at most 63 input and 63 output bits");
    return std::nullopt;
  }
  for (const InDim &in : inDims) {
    for (const Basis &basis : in.bases) {
      if (basis.size() != outDims.size()) {
        setError(error,
                 "a basis of input dimension '" + in.name + "' has " +
                     std::to_string(basis.size()) + " values but there are " +
                     std::to_string(outDims.size()) + " output dimensions");
        return std::nullopt;
      }
      for (size_t j = 0; j < basis.size(); ++j)
        if (basis[j] < 0 || basis[j] >= outDims[j].size) {
          setError(error, "a basis of input dimension '" + in.name +
                              "' has value " + std::to_string(basis[j]) +
                              " outside output dimension '" + outDims[j].name +
                              "' of size " + std::to_string(outDims[j].size));
          return std::nullopt;
        }
    }
  }
  LinearLayout layout;
  layout.inDims = std::move(inDims);
  layout.outDims = std::move(outDims);
  return layout;
}

LinearLayout LinearLayout::identity1D(int32_t size, llvm::StringRef inDim,
                                      llvm::StringRef outDim) {
  InDim in{inDim.str(), {}};
  for (int32_t i = 0; i < log2Exact(size); ++i)
    in.bases.push_back({int32_t(1) << i});
  return *create({in}, {{outDim.str(), size}});
}

LinearLayout LinearLayout::zeros1D(int32_t size, llvm::StringRef inDim,
                                   llvm::StringRef outDim, int32_t outSize) {
  InDim in{inDim.str(), {}};
  for (int32_t i = 0; i < log2Exact(size); ++i)
    in.bases.push_back({0});
  return *create({in}, {{outDim.str(), outSize}});
}

LinearLayout LinearLayout::identity(llvm::ArrayRef<OutDim> dims) {
  LinearLayout result;
  for (const OutDim &d : dims)
    result *= identity1D(d.size, d.name, d.name);
  return result;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

int32_t LinearLayout::inDimIndex(llvm::StringRef name) const {
  for (size_t i = 0; i < inDims.size(); ++i)
    if (inDims[i].name == name)
      return i;
  return -1;
}

int32_t LinearLayout::outDimIndex(llvm::StringRef name) const {
  for (size_t i = 0; i < outDims.size(); ++i)
    if (outDims[i].name == name)
      return i;
  return -1;
}

bool LinearLayout::hasInDim(llvm::StringRef name) const {
  return inDimIndex(name) >= 0;
}
bool LinearLayout::hasOutDim(llvm::StringRef name) const {
  return outDimIndex(name) >= 0;
}

int32_t LinearLayout::getInDimSizeLog2(llvm::StringRef name) const {
  int32_t i = inDimIndex(name);
  return i < 0 ? 0 : inDims[i].bases.size();
}
int32_t LinearLayout::getInDimSize(llvm::StringRef name) const {
  return int32_t(1) << getInDimSizeLog2(name);
}
int32_t LinearLayout::getOutDimSizeLog2(llvm::StringRef name) const {
  return log2Exact(getOutDimSize(name));
}
int32_t LinearLayout::getOutDimSize(llvm::StringRef name) const {
  int32_t i = outDimIndex(name);
  return i < 0 ? 1 : outDims[i].size;
}

int32_t LinearLayout::getTotalInDimSizeLog2() const {
  int32_t total = 0;
  for (const InDim &in : inDims)
    total += in.bases.size();
  return total;
}

int32_t LinearLayout::getTotalOutDimSizeLog2() const {
  int32_t total = 0;
  for (const OutDim &out : outDims)
    total += log2Exact(out.size);
  return total;
}

const LinearLayout::Basis &LinearLayout::getBasis(llvm::StringRef inDim,
                                                  int32_t bit) const {
  int32_t i = inDimIndex(inDim);
  assert(i >= 0 && bit < int32_t(inDims[i].bases.size()) && "no such basis");
  return inDims[i].bases[bit];
}

int32_t LinearLayout::getBasis(llvm::StringRef inDim, int32_t bit,
                               llvm::StringRef outDim) const {
  int32_t j = outDimIndex(outDim);
  return j < 0 ? 0 : getBasis(inDim, bit)[j];
}

int32_t LinearLayout::outDimOffsetLog2(size_t outIndex) const {
  int32_t offset = 0;
  for (size_t j = 0; j < outIndex; ++j)
    offset += log2Exact(outDims[j].size);
  return offset;
}

uint64_t LinearLayout::flatten(const Basis &basis) const {
  uint64_t flat = 0;
  int32_t offset = 0;
  for (size_t j = 0; j < outDims.size(); ++j) {
    flat |= uint64_t(basis[j]) << offset;
    offset += log2Exact(outDims[j].size);
  }
  return flat;
}

LinearLayout::Basis LinearLayout::unflatten(uint64_t value) const {
  Basis basis;
  for (const OutDim &out : outDims) {
    basis.push_back(int32_t(value & uint64_t(out.size - 1)));
    value >>= log2Exact(out.size);
  }
  return basis;
}

std::vector<uint64_t> LinearLayout::flatBases() const {
  std::vector<uint64_t> flat;
  for (const InDim &in : inDims)
    for (const Basis &basis : in.bases)
      flat.push_back(flatten(basis));
  return flat;
}

LinearLayout::Point LinearLayout::apply(
    llvm::ArrayRef<std::pair<std::string, int32_t>> inputs) const {
  Basis out(outDims.size(), 0);
  for (const auto &[name, value] : inputs) {
    int32_t i = inDimIndex(name);
    assert(i >= 0 && "unknown input dimension");
    for (size_t bit = 0; bit < inDims[i].bases.size(); ++bit)
      if ((value >> bit) & 1)
        for (size_t j = 0; j < outDims.size(); ++j)
          out[j] ^= inDims[i].bases[bit][j];
  }
  Point result;
  for (size_t j = 0; j < outDims.size(); ++j)
    result.push_back({outDims[j].name, out[j]});
  return result;
}

uint64_t LinearLayout::applyFlat(uint64_t x) const {
  uint64_t out = 0;
  std::vector<uint64_t> flat = flatBases();
  for (size_t i = 0; i < flat.size(); ++i)
    if ((x >> i) & 1)
      out ^= flat[i];
  return out;
}

bool LinearLayout::isSurjective() const {
  Gf2Eliminator elim;
  std::vector<uint64_t> flat = flatBases();
  for (size_t i = 0; i < flat.size(); ++i)
    elim.insert(flat[i], i);
  return elim.getRank() == getTotalOutDimSizeLog2();
}

bool LinearLayout::isInjective() const {
  Gf2Eliminator elim;
  std::vector<uint64_t> flat = flatBases();
  for (size_t i = 0; i < flat.size(); ++i)
    if (!elim.insert(flat[i], i))
      return false;
  return true;
}

llvm::SmallVector<std::pair<std::string, int32_t>>
LinearLayout::getFreeVariableMasks() const {
  llvm::SmallVector<std::pair<std::string, int32_t>> masks;
  Gf2Eliminator elim;
  int index = 0;
  for (const InDim &in : inDims) {
    int32_t mask = 0;
    for (size_t bit = 0; bit < in.bases.size(); ++bit, ++index)
      if (!elim.insert(flatten(in.bases[bit]), index))
        mask |= int32_t(1) << bit;
    masks.push_back({in.name, mask});
  }
  return masks;
}

int32_t LinearLayout::getNumConsecutiveInOut(llvm::StringRef inDim,
                                             llvm::StringRef outDim) const {
  int32_t i = inDimIndex(inDim), j = outDimIndex(outDim);
  if (i < 0 || j < 0)
    return 1;
  int32_t k = 0;
  for (; k < int32_t(inDims[i].bases.size()); ++k) {
    const Basis &basis = inDims[i].bases[k];
    bool pure = basis[j] == (int32_t(1) << k);
    for (size_t o = 0; o < outDims.size() && pure; ++o)
      if (int32_t(o) != j && basis[o] != 0)
        pure = false;
    if (!pure)
      break;
  }
  return int32_t(1) << k;
}

bool LinearLayout::sublayoutIsZero(
    llvm::ArrayRef<std::string> inDimNames,
    llvm::ArrayRef<std::string> outDimNames) const {
  for (const std::string &inName : inDimNames) {
    int32_t i = inDimIndex(inName);
    if (i < 0)
      continue;
    for (const Basis &basis : inDims[i].bases)
      for (const std::string &outName : outDimNames) {
        int32_t j = outDimIndex(outName);
        if (j >= 0 && basis[j] != 0)
          return false;
      }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Operations
//===----------------------------------------------------------------------===//

LinearLayout mlir::triton::operator*(const LinearLayout &lhs,
                                     const LinearLayout &rhs) {
  using InDim = LinearLayout::InDim;
  using OutDim = LinearLayout::OutDim;
  // Outputs: lhs's, then rhs's new ones; shared ones multiply in size.
  std::vector<OutDim> outDims(lhs.outDims);
  std::vector<int32_t> rhsShift; // per rhs output: log2 of lhs's size there
  std::vector<int32_t> rhsTarget;
  for (const OutDim &out : rhs.outDims) {
    int32_t j = lhs.outDimIndex(out.name);
    if (j >= 0) {
      rhsShift.push_back(log2Exact(outDims[j].size));
      rhsTarget.push_back(j);
      outDims[j].size *= out.size;
    } else {
      rhsShift.push_back(0);
      rhsTarget.push_back(outDims.size());
      outDims.push_back(out);
    }
  }
  auto widenLhs = [&](const LinearLayout::Basis &b) {
    LinearLayout::Basis out(outDims.size(), 0);
    for (size_t j = 0; j < b.size(); ++j)
      out[j] = b[j];
    return out;
  };
  auto widenRhs = [&](const LinearLayout::Basis &b) {
    LinearLayout::Basis out(outDims.size(), 0);
    for (size_t j = 0; j < b.size(); ++j)
      out[rhsTarget[j]] |= b[j] << rhsShift[j];
    return out;
  };
  std::vector<InDim> inDims;
  for (const InDim &in : lhs.inDims) {
    InDim merged{in.name, {}};
    for (const auto &b : in.bases)
      merged.bases.push_back(widenLhs(b));
    int32_t r = rhs.inDimIndex(in.name);
    if (r >= 0)
      for (const auto &b : rhs.inDims[r].bases)
        merged.bases.push_back(widenRhs(b));
    inDims.push_back(std::move(merged));
  }
  for (const InDim &in : rhs.inDims) {
    if (lhs.hasInDim(in.name))
      continue;
    InDim added{in.name, {}};
    for (const auto &b : in.bases)
      added.bases.push_back(widenRhs(b));
    inDims.push_back(std::move(added));
  }
  return *LinearLayout::create(std::move(inDims), std::move(outDims));
}

std::optional<LinearLayout> LinearLayout::compose(const LinearLayout &outer,
                                                  std::string *error) const {
  if (outDims.size() != outer.inDims.size()) {
    setError(error, "compose: the inner layout's outputs must be the outer "
                    "layout's inputs");
    return std::nullopt;
  }
  for (size_t j = 0; j < outDims.size(); ++j) {
    if (outDims[j].name != outer.inDims[j].name ||
        outDims[j].size > outer.getInDimSize(outer.inDims[j].name)) {
      setError(error, "compose: output '" + outDims[j].name +
                          "' does not fit the outer layout's input '" +
                          outer.inDims[j].name + "'");
      return std::nullopt;
    }
  }
  std::vector<InDim> result;
  for (const InDim &in : inDims) {
    InDim mapped{in.name, {}};
    for (const Basis &basis : in.bases) {
      Basis out(outer.outDims.size(), 0);
      for (size_t j = 0; j < basis.size(); ++j)
        for (size_t bit = 0; bit < outer.inDims[j].bases.size(); ++bit)
          if ((basis[j] >> bit) & 1)
            for (size_t o = 0; o < out.size(); ++o)
              out[o] ^= outer.inDims[j].bases[bit][o];
      mapped.bases.push_back(std::move(out));
    }
    result.push_back(std::move(mapped));
  }
  return create(std::move(result), outer.outDims, error);
}

std::optional<LinearLayout> LinearLayout::invert(std::string *error) const {
  if (!isInvertible()) {
    setError(error, "invert: the layout is not invertible (it must be onto "
                    "and one-to-one)");
    return std::nullopt;
  }
  // X with this(X(b)) == b: the identity on the outputs, solved through this.
  return identity(outDims).invertAndCompose(*this, error);
}

std::optional<LinearLayout>
LinearLayout::invertAndCompose(const LinearLayout &outer,
                               std::string *error) const {
  // Columns of the system: outer's bases, flattened over outer's outputs.
  Gf2Eliminator elim;
  std::vector<uint64_t> columns = outer.flatBases();
  for (size_t c = 0; c < columns.size(); ++c)
    elim.insert(columns[c], c);

  // Where each of this's outputs sits in outer's flattened outputs.
  std::vector<int32_t> shift;
  for (const OutDim &out : outDims) {
    int32_t j = outer.outDimIndex(out.name);
    if (j < 0 || outer.outDims[j].size < out.size) {
      setError(error, "invertAndCompose: output '" + out.name +
                          "' is missing from, or larger than in, the other "
                          "layout");
      return std::nullopt;
    }
    shift.push_back(outer.outDimOffsetLog2(j));
  }

  std::vector<OutDim> resultOuts;
  for (const InDim &in : outer.inDims)
    resultOuts.push_back({in.name, int32_t(1) << in.bases.size()});

  std::vector<InDim> result;
  for (const InDim &in : inDims) {
    InDim mapped{in.name, {}};
    for (const Basis &basis : in.bases) {
      uint64_t target = 0;
      for (size_t j = 0; j < basis.size(); ++j)
        target |= uint64_t(basis[j]) << shift[j];
      std::optional<uint64_t> combo = elim.solve(target);
      if (!combo) {
        setError(error, "invertAndCompose: the other layout does not reach "
                        "every output of this one");
        return std::nullopt;
      }
      // The combination of outer's input bits, split per input dimension.
      Basis out;
      uint64_t bits = *combo;
      for (const InDim &outerIn : outer.inDims) {
        size_t n = outerIn.bases.size();
        out.push_back(int32_t(bits & ((uint64_t(1) << n) - 1)));
        bits >>= n;
      }
      mapped.bases.push_back(std::move(out));
    }
    result.push_back(std::move(mapped));
  }
  return create(std::move(result), std::move(resultOuts), error);
}

LinearLayout
LinearLayout::transposeOuts(llvm::ArrayRef<std::string> newOrder) const {
  std::vector<int32_t> perm;
  std::vector<OutDim> newOuts;
  for (const std::string &name : newOrder) {
    int32_t j = outDimIndex(name);
    assert(j >= 0 && "transposeOuts: unknown output dimension");
    perm.push_back(j);
    newOuts.push_back(outDims[j]);
  }
  assert(perm.size() == outDims.size() && "transposeOuts: not a permutation");
  std::vector<InDim> newIns;
  for (const InDim &in : inDims) {
    InDim moved{in.name, {}};
    for (const Basis &basis : in.bases) {
      Basis b;
      for (int32_t j : perm)
        b.push_back(basis[j]);
      moved.bases.push_back(std::move(b));
    }
    newIns.push_back(std::move(moved));
  }
  return *create(std::move(newIns), std::move(newOuts));
}

LinearLayout
LinearLayout::transposeIns(llvm::ArrayRef<std::string> newOrder) const {
  std::vector<InDim> newIns;
  for (const std::string &name : newOrder) {
    int32_t i = inDimIndex(name);
    assert(i >= 0 && "transposeIns: unknown input dimension");
    newIns.push_back(inDims[i]);
  }
  assert(newIns.size() == inDims.size() && "transposeIns: not a permutation");
  return *create(std::move(newIns), outDims);
}

std::optional<LinearLayout>
LinearLayout::reshapeOuts(llvm::ArrayRef<OutDim> newOutDims,
                          std::string *error) const {
  LinearLayout shape = *create(
      {}, std::vector<OutDim>(newOutDims.begin(), newOutDims.end()), nullptr);
  if (shape.getTotalOutDimSizeLog2() != getTotalOutDimSizeLog2()) {
    setError(error, "reshapeOuts: the new shape has a different size");
    return std::nullopt;
  }
  std::vector<InDim> newIns;
  for (const InDim &in : inDims) {
    InDim moved{in.name, {}};
    for (const Basis &basis : in.bases)
      moved.bases.push_back(shape.unflatten(flatten(basis)));
    newIns.push_back(std::move(moved));
  }
  return create(std::move(newIns), shape.outDims, error);
}

std::optional<LinearLayout>
LinearLayout::reshapeIns(llvm::ArrayRef<OutDim> newInDims,
                         std::string *error) const {
  std::vector<Basis> all;
  for (const InDim &in : inDims)
    all.insert(all.end(), in.bases.begin(), in.bases.end());
  size_t total = 0;
  for (const OutDim &d : newInDims) {
    if (d.size <= 0 || !llvm::isPowerOf2_32(uint32_t(d.size))) {
      setError(error, "reshapeIns: sizes must be powers of two");
      return std::nullopt;
    }
    total += log2Exact(d.size);
  }
  if (total != all.size()) {
    setError(error, "reshapeIns: the new shape has a different size");
    return std::nullopt;
  }
  std::vector<InDim> newIns;
  size_t next = 0;
  for (const OutDim &d : newInDims) {
    InDim in{d.name, {}};
    for (int32_t b = 0; b < log2Exact(d.size); ++b)
      in.bases.push_back(all[next++]);
    newIns.push_back(std::move(in));
  }
  return create(std::move(newIns), outDims, error);
}

LinearLayout
LinearLayout::sublayout(llvm::ArrayRef<std::string> inDimNames,
                        llvm::ArrayRef<std::string> outDimNames) const {
  std::vector<int32_t> keep;
  std::vector<OutDim> newOuts;
  for (const std::string &name : outDimNames) {
    int32_t j = outDimIndex(name);
    if (j < 0)
      continue;
    keep.push_back(j);
    newOuts.push_back(outDims[j]);
  }
  std::vector<InDim> newIns;
  for (const std::string &name : inDimNames) {
    int32_t i = inDimIndex(name);
    if (i < 0)
      continue;
    InDim in{name, {}};
    for (const Basis &basis : inDims[i].bases) {
      Basis b;
      for (int32_t j : keep)
        b.push_back(basis[j]);
      in.bases.push_back(std::move(b));
    }
    newIns.push_back(std::move(in));
  }
  return *create(std::move(newIns), std::move(newOuts));
}

LinearLayout LinearLayout::resizeInDim(llvm::StringRef name,
                                       int32_t size) const {
  LinearLayout result = *this;
  int32_t i = inDimIndex(name);
  assert(i >= 0 && "resizeInDim: unknown input dimension");
  result.inDims[i].bases.resize(log2Exact(size), Basis(outDims.size(), 0));
  return result;
}

LinearLayout LinearLayout::resizeOutDim(llvm::StringRef name,
                                        int32_t size) const {
  LinearLayout result = *this;
  int32_t j = outDimIndex(name);
  assert(j >= 0 && "resizeOutDim: unknown output dimension");
  result.outDims[j].size = size;
  for (InDim &in : result.inDims)
    for (Basis &basis : in.bases)
      basis[j] &= size - 1;
  return result;
}

bool LinearLayout::operator==(const LinearLayout &other) const {
  if (inDims.size() != other.inDims.size() ||
      outDims.size() != other.outDims.size())
    return false;
  for (size_t j = 0; j < outDims.size(); ++j)
    if (outDims[j].name != other.outDims[j].name ||
        outDims[j].size != other.outDims[j].size)
      return false;
  for (size_t i = 0; i < inDims.size(); ++i)
    if (inDims[i].name != other.inDims[i].name ||
        inDims[i].bases != other.inDims[i].bases)
      return false;
  return true;
}

std::string LinearLayout::toString() const {
  std::string str;
  llvm::raw_string_ostream os(str);
  llvm::interleaveComma(inDims, os, [&](const InDim &in) {
    os << in.name << ": [";
    llvm::interleaveComma(in.bases, os, [&](const Basis &b) {
      os << "[";
      llvm::interleaveComma(b, os);
      os << "]";
    });
    os << "]";
  });
  os << " -> ";
  llvm::interleaveComma(outDims, os, [&](const OutDim &out) {
    os << out.name << ":" << out.size;
  });
  return str;
}
