//===- LinearLayoutTest.cpp - The GF(2) layout algebra vs brute force -----===//
//
// Every operation of LinearLayout is checked against its definition by
// enumerating all inputs, over hand-picked and many random layouts.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Tools/LinearLayout.h"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>

using namespace mlir::triton;
using LL = LinearLayout;

namespace {
/// A random layout onto the given output dimensions.
LL randomLayoutOnto(std::mt19937 &rng, std::vector<std::string> ins,
                    std::vector<LL::OutDim> outDims, int maxInBits) {
  std::vector<LL::InDim> inDims;
  for (const auto &name : ins) {
    LL::InDim in{name, {}};
    int bits = std::uniform_int_distribution<>(0, maxInBits)(rng);
    for (int b = 0; b < bits; ++b) {
      LL::Basis basis;
      for (const auto &out : outDims)
        basis.push_back(std::uniform_int_distribution<>(0, out.size - 1)(rng));
      in.bases.push_back(basis);
    }
    inDims.push_back(in);
  }
  return *LL::create(inDims, outDims);
}

/// A random layout: random sizes (powers of two) and random bases.
LL randomLayout(std::mt19937 &rng, std::vector<std::string> ins,
                std::vector<std::string> outs, int maxInBits = 3,
                int maxOutBits = 3) {
  std::vector<LL::OutDim> outDims;
  for (const auto &name : outs)
    outDims.push_back(
        {name, 1 << std::uniform_int_distribution<>(0, maxOutBits)(rng)});
  return randomLayoutOnto(rng, ins, outDims, maxInBits);
}

/// A random invertible square layout (random bijection of bits).
LL randomInvertible(std::mt19937 &rng, std::vector<LL::OutDim> dims,
                    const std::string &inName) {
  int n = 0;
  for (auto &d : dims)
    n += __builtin_ctz(d.size);
  // Start from the identity over the flattened bits and mix rows.
  std::vector<uint64_t> cols(n);
  for (int i = 0; i < n; ++i)
    cols[i] = uint64_t(1) << i;
  for (int k = 0; k < 4 * n; ++k) {
    int a = rng() % n, b = rng() % n;
    if (a != b)
      cols[a] ^= cols[b];
  }
  std::shuffle(cols.begin(), cols.end(), rng);
  LL::InDim in{inName, {}};
  for (uint64_t c : cols) {
    LL::Basis basis;
    for (auto &d : dims) {
      basis.push_back(int32_t(c & (d.size - 1)));
      c >>= __builtin_ctz(d.size);
    }
    in.bases.push_back(basis);
  }
  return *LL::create({in}, dims);
}

/// All inputs of a layout, as points.
std::vector<LL::Point> allInputs(const LL &layout) {
  std::vector<LL::Point> points(1);
  for (const auto &in : layout.getInDims()) {
    std::vector<LL::Point> next;
    for (const auto &p : points)
      for (int32_t v = 0; v < (1 << in.bases.size()); ++v) {
        LL::Point q = p;
        q.push_back({in.name, v});
        next.push_back(q);
      }
    points = next;
  }
  return points;
}

int32_t valueOf(const LL::Point &p, const std::string &name) {
  for (auto &[n, v] : p)
    if (n == name)
      return v;
  return 0;
}

/// Flattened output index with the first output dimension most minor.
int64_t flatOut(const LL &layout, const LL::Point &out) {
  int64_t flat = 0, stride = 1;
  for (const auto &d : layout.getOutDims()) {
    flat += valueOf(out, d.name) * stride;
    stride *= d.size;
  }
  return flat;
}
} // namespace

TEST(LinearLayout, IdentityAndZeros) {
  LL id = LL::identity1D(8, "register", "dim0");
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(valueOf(id.apply({{"register", i}}), "dim0"), i);
  LL z = LL::zeros1D(8, "lane", "dim0");
  for (int32_t i = 0; i < 8; ++i)
    EXPECT_EQ(valueOf(z.apply({{"lane", i}}), "dim0"), 0);
  EXPECT_TRUE(id.isInvertible());
  EXPECT_FALSE(z.isInjective());
  EXPECT_EQ(z.getFreeVariableMasks()[0].second, 0b111);
}

TEST(LinearLayout, CreateRejectsBadInput) {
  std::string error;
  EXPECT_FALSE(LL::create({}, {{"dim0", 6}}, &error));
  EXPECT_NE(error.find("not a power of two"), std::string::npos);
  EXPECT_FALSE(LL::create({{"register", {{8}}}}, {{"dim0", 8}}, &error));
  EXPECT_NE(error.find("outside output dimension"), std::string::npos);
  EXPECT_FALSE(LL::create({{"register", {{1, 2}}}}, {{"dim0", 8}}, &error));
}

TEST(LinearLayout, ApplyIsXorOfBases) {
  std::mt19937 rng(1);
  for (int trial = 0; trial < 200; ++trial) {
    LL l = randomLayout(rng, {"register", "lane", "warp"}, {"dim0", "dim1"});
    for (const auto &p : allInputs(l)) {
      LL::Point out = l.apply(p);
      for (size_t j = 0; j < l.getOutDims().size(); ++j) {
        int32_t expect = 0;
        for (const auto &in : l.getInDims())
          for (size_t b = 0; b < in.bases.size(); ++b)
            if ((valueOf(p, in.name) >> b) & 1)
              expect ^= in.bases[b][j];
        EXPECT_EQ(out[j].second, expect);
      }
    }
  }
}

TEST(LinearLayout, ProductMatchesDefinition) {
  std::mt19937 rng(2);
  for (int trial = 0; trial < 200; ++trial) {
    // Shared and distinct dimensions on both sides.
    LL a = randomLayout(rng, {"register", "lane"}, {"dim0", "dim1"});
    LL b = randomLayout(rng, {"lane", "warp"}, {"dim1", "dim2"});
    LL p = a * b;
    for (const auto &x : allInputs(p)) {
      // Split each shared input: low bits to a, high bits to b.
      LL::Point xa, xb;
      for (const auto &in : a.getInDims()) {
        int32_t v = valueOf(x, in.name);
        xa.push_back({in.name, v & ((1 << in.bases.size()) - 1)});
      }
      for (const auto &in : b.getInDims()) {
        int32_t v = valueOf(x, in.name);
        int shift = a.hasInDim(in.name) ? a.getInDimSizeLog2(in.name) : 0;
        xb.push_back({in.name, v >> shift});
      }
      LL::Point ya = a.apply(xa), yb = b.apply(xb), y = p.apply(x);
      for (const auto &d : p.getOutDims()) {
        int32_t expect = valueOf(ya, d.name) ^
                         (valueOf(yb, d.name) *
                          (a.hasOutDim(d.name) ? a.getOutDimSize(d.name) : 1));
        EXPECT_EQ(valueOf(y, d.name), expect) << p.toString();
      }
    }
  }
}

TEST(LinearLayout, ComposeMatchesDefinition) {
  std::mt19937 rng(3);
  for (int trial = 0; trial < 200; ++trial) {
    LL inner = randomLayout(rng, {"register", "lane"}, {"x", "y"});
    // outer: inputs x, y of at least inner's sizes.
    std::vector<LL::InDim> ins;
    std::vector<LL::OutDim> outs{{"dim0", 8}, {"dim1", 4}};
    for (const auto &d : inner.getOutDims()) {
      LL::InDim in{d.name, {}};
      int bits = __builtin_ctz(d.size) + (rng() % 2);
      for (int b = 0; b < bits; ++b)
        in.bases.push_back({int32_t(rng() % 8), int32_t(rng() % 4)});
      ins.push_back(in);
    }
    LL outer = *LL::create(ins, outs);
    std::optional<LL> c = inner.compose(outer);
    ASSERT_TRUE(c);
    for (const auto &x : allInputs(inner)) {
      LL::Point mid = inner.apply(x);
      EXPECT_EQ(c->apply(x), outer.apply(mid));
    }
  }
}

TEST(LinearLayout, InvertRoundTrips) {
  std::mt19937 rng(4);
  for (int trial = 0; trial < 100; ++trial) {
    LL l = randomInvertible(rng, {{"dim0", 8}, {"dim1", 4}}, "offset");
    ASSERT_TRUE(l.isInvertible());
    std::optional<LL> inv = l.invert();
    ASSERT_TRUE(inv) << l.toString();
    for (const auto &x : allInputs(l)) {
      LL::Point y = l.apply(x);
      EXPECT_EQ(inv->apply(y), x);
    }
  }
  std::string error;
  EXPECT_FALSE(LL::zeros1D(4, "register", "dim0").invert(&error));
  EXPECT_NE(error.find("not invertible"), std::string::npos);
}

TEST(LinearLayout, InvertAndComposeSolves) {
  std::mt19937 rng(5);
  int solved = 0;
  for (int trial = 0; trial < 300; ++trial) {
    LL a = randomLayout(rng, {"register", "lane"}, {"dim0", "dim1"}, 3, 2);
    // outer: a random (possibly non-injective) layout onto the same outputs.
    std::vector<LL::OutDim> outs(a.getOutDims().begin(), a.getOutDims().end());
    LL outer = randomLayoutOnto(rng, {"register", "lane", "warp"}, outs, 3);
    std::optional<LL> x = a.invertAndCompose(outer);
    // Brute force: solvable iff every value of a is in outer's image.
    std::set<LL::Point> image;
    for (const auto &c : allInputs(outer))
      image.insert(outer.apply(c));
    bool reachable = true;
    for (const auto &p : allInputs(a))
      reachable &= image.count(a.apply(p)) > 0;
    ASSERT_EQ(bool(x), reachable);
    if (!x)
      continue;
    ++solved;
    for (const auto &p : allInputs(a))
      EXPECT_EQ(outer.apply(x->apply(p)), a.apply(p));
  }
  EXPECT_GT(solved, 50);
}

TEST(LinearLayout, FreeVariablesAreDependentBases) {
  std::mt19937 rng(6);
  for (int trial = 0; trial < 200; ++trial) {
    LL l = randomLayout(rng, {"register", "lane", "warp"}, {"dim0", "dim1"});
    auto masks = l.getFreeVariableMasks();
    // Brute force: a bit is free iff the image of the bits before it (and it)
    // is no larger than the image of the bits before it.
    std::set<LL::Point> image{l.apply({})};
    for (size_t i = 0; i < l.getInDims().size(); ++i) {
      const auto &in = l.getInDims()[i];
      for (size_t b = 0; b < in.bases.size(); ++b) {
        std::set<LL::Point> grown = image;
        for (const auto &p : image) {
          LL::Point q = p;
          for (size_t j = 0; j < q.size(); ++j)
            q[j].second ^= in.bases[b][j];
          grown.insert(q);
        }
        bool free = grown.size() == image.size();
        EXPECT_EQ(free, bool((masks[i].second >> b) & 1)) << l.toString();
        image = grown;
      }
    }
    EXPECT_EQ(l.isInjective(),
              std::all_of(masks.begin(), masks.end(),
                          [](auto &m) { return m.second == 0; }));
    EXPECT_EQ(l.isSurjective(),
              int64_t(image.size()) == l.getTotalOutDimSize());
  }
}

TEST(LinearLayout, TransposeAndReshape) {
  std::mt19937 rng(7);
  for (int trial = 0; trial < 150; ++trial) {
    LL l = randomLayout(rng, {"register", "lane"}, {"dim0", "dim1", "dim2"});
    LL t = l.transposeOuts({"dim2", "dim0", "dim1"});
    LL ti = l.transposeIns({"lane", "register"});
    // Reshape the outputs to one flat dimension and to a different 2-D split.
    int64_t total = l.getTotalOutDimSize();
    std::optional<LL> flat = l.reshapeOuts({{"flat", int32_t(total)}});
    ASSERT_TRUE(flat);
    for (const auto &x : allInputs(l)) {
      LL::Point y = l.apply(x);
      LL::Point yt = t.apply(x);
      for (auto &[name, v] : y)
        EXPECT_EQ(valueOf(yt, name), v);
      EXPECT_EQ(ti.apply(x), y);
      EXPECT_EQ(valueOf(flat->apply(x), "flat"), flatOut(l, y));
    }
    // Transposing the outputs changes the flattened order.
    std::optional<LL> tflat = t.reshapeOuts({{"flat", int32_t(total)}});
    for (const auto &x : allInputs(l))
      EXPECT_EQ(valueOf(tflat->apply(x), "flat"), flatOut(t, t.apply(x)));
    // reshapeIns regroups input bits.
    int inBits = l.getTotalInDimSizeLog2();
    std::optional<LL> r = l.reshapeIns({{"all", int32_t(1) << inBits}});
    ASSERT_TRUE(r);
    for (int64_t v = 0; v < (int64_t(1) << inBits); ++v) {
      int32_t reg = v & ((1 << l.getInDimSizeLog2("register")) - 1);
      int32_t lane = v >> l.getInDimSizeLog2("register");
      EXPECT_EQ(r->apply({{"all", int32_t(v)}}),
                l.apply({{"register", reg}, {"lane", lane}}));
    }
  }
  std::string error;
  EXPECT_FALSE(LL::identity1D(8, "r", "dim0").reshapeOuts({{"a", 4}}, &error));
}

TEST(LinearLayout, SublayoutAndResize) {
  std::mt19937 rng(8);
  for (int trial = 0; trial < 100; ++trial) {
    LL l = randomLayout(rng, {"register", "lane", "warp"}, {"dim0", "dim1"});
    LL s = l.sublayout({"lane"}, {"dim1"});
    for (int32_t lane = 0; lane < l.getInDimSize("lane"); ++lane)
      EXPECT_EQ(valueOf(s.apply({{"lane", lane}}), "dim1"),
                valueOf(l.apply({{"lane", lane}}), "dim1"));
    bool zero = true;
    for (int32_t lane = 0; lane < l.getInDimSize("lane"); ++lane)
      zero &= valueOf(l.apply({{"lane", lane}}), "dim1") == 0;
    EXPECT_EQ(l.sublayoutIsZero({"lane"}, {"dim1"}), zero);

    LL bigger = l.resizeInDim("register", l.getInDimSize("register") * 2);
    int32_t top = l.getInDimSize("register");
    EXPECT_EQ(bigger.apply({{"register", top}}), l.apply({}));
    LL wrapped = l.resizeOutDim("dim0", 1);
    for (const auto &x : allInputs(l))
      EXPECT_EQ(valueOf(wrapped.apply(x), "dim0"), 0);
  }
}

TEST(LinearLayout, ConsecutiveElements) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 300; ++trial) {
    LL l = randomLayout(rng, {"register"}, {"dim0", "dim1"}, 4, 4);
    if (trial % 3 == 0) // make some start contiguous
      l = LL::identity1D(4, "register", "dim1") * l;
    for (const char *dim : {"dim0", "dim1"}) {
      // Brute force: largest 2^k with register r -> r along dim, 0 elsewhere.
      int32_t best = 1;
      for (int32_t k = 1; k <= l.getInDimSize("register"); k *= 2) {
        bool ok = true;
        for (int32_t r = 0; r < k && ok; ++r) {
          LL::Point y = l.apply({{"register", r}});
          for (auto &[name, v] : y)
            ok &= (name == dim) ? v == r : v == 0;
        }
        if (ok)
          best = k;
        else
          break;
      }
      EXPECT_EQ(l.getNumConsecutiveInOut("register", dim), best)
          << l.toString();
    }
  }
}
