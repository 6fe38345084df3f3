//===- AxisInfoTest.cpp - AxisInfo against brute force --------------------===//
//
// Random integer programs over small tensors (make_range, splats of hinted
// arguments, constants, addi, muli, divsi, remsi, shli, shrsi, andi, ori,
// xori, maxsi, minsi, cmpi and select, expand_dims, broadcast, trans), analysed
// by ModuleAxisInfoAnalysis and evaluated on concrete arguments that honour
// their hints. Every fact the analysis states must hold of the values:
//  - contiguity c along d: each run of c elements along d, starting at an
//    index that is a multiple of c, counts up by one;
//  - divisibility v along d: the first element of each such run divides
//    by v;
//  - constancy c along d: each run of c elements along d (starting at a
//    multiple of c) holds one value;
//  - a constant: every element equals it.
//
// Values stay non-negative (no subi): the division and remainder rules,
// like upstream's, assume non-negative dividends, as program offsets are
// ((range - 2) / 2 is not constant over pairs).
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/InitAllDialects.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include "llvm/ADT/DenseMap.h"
#include <random>

using namespace mlir;
using namespace mlir::triton;

namespace {

/// A value of the program: its shape and name.
struct Var {
  std::string name;
  SmallVector<int64_t, 2> shape;
};

std::string typeOf(ArrayRef<int64_t> shape) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + "i32>";
}

/// Writes a random function over tensors of 8, 16 and 8x16 elements; its
/// three i32 arguments carry divisibility hints 1, 4 and 16, its pointer 16.
class ProgramWriter {
public:
  explicit ProgramWriter(std::mt19937 &rng) : rng(rng) {}

  std::string write(int steps) {
    seed();
    for (int i = 0; i < steps; ++i)
      step(shapes[pick(3)]);
    pointers();
    return "tt.func @f(%a0: i32, %a1: i32 {tt.divisibility = 4 : i32}, "
           "%a2: i32 {tt.divisibility = 16 : i32}, "
           "%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}) {\n" +
           body + "    tt.return\n}\n";
  }

private:
  int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); }

  std::string emit(const std::string &text, SmallVector<int64_t, 2> shape) {
    std::string name = "%v" + std::to_string(next++);
    body += "    " + name + " = " + text + "\n";
    vars.push_back({name, shape});
    return name;
  }

  /// A copy: emitting more values moves `vars`.
  Var ofShape(ArrayRef<int64_t> shape) {
    std::vector<const Var *> match;
    for (const Var &v : vars)
      if (ArrayRef<int64_t>(v.shape) == shape)
        match.push_back(&v);
    return *match[pick(match.size())];
  }

  std::string constant(int value, const std::string &ty,
                       ArrayRef<int64_t> shape) {
    return emit("arith.constant dense<" + std::to_string(value) + "> : " + ty,
                SmallVector<int64_t, 2>(shape));
  }

  /// Ranges, splats of the arguments, constants.
  void seed() {
    emit("tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>",
         {16});
    emit("tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>", {8});
    for (int a = 0; a < 3; ++a)
      for (const auto &s : shapes)
        emit("tt.splat %a" + std::to_string(a) + " : i32 -> " + typeOf(s), s);
    for (const auto &s : shapes)
      for (int k = 0; k < 2; ++k)
        constant(constants[pick(std::size(constants))], typeOf(s), s);
  }

  /// One op on values of `shape` (or an expand_dims and broadcast to 8x16).
  void step(ArrayRef<int64_t> shape) {
    std::string ty = typeOf(shape);
    SmallVector<int64_t, 2> sh(shape);
    auto binary = [&](const std::string &op) {
      Var x = ofShape(shape), y = ofShape(shape);
      emit("arith." + op + " " + x.name + ", " + y.name + " : " + ty, sh);
    };
    auto byConstant = [&](const std::string &op, int value) {
      Var x = ofShape(shape);
      std::string c = constant(value, ty, shape);
      emit("arith." + op + " " + x.name + ", " + c + " : " + ty, sh);
    };
    const char *bitwise[] = {"andi", "ori", "xori", "maxsi", "minsi"};
    switch (pick(13)) {
    case 11: { // remsi by a splat of a non-zero argument (hinted 4 or 16)
      Var x = ofShape(shape);
      std::string a = pick(2) ? "%a1" : "%a2";
      std::string m = emit("tt.splat " + a + " : i32 -> " + ty, sh);
      vars.pop_back();
      emit("arith.remsi " + x.name + ", " + m + " : " + ty, sh);
      return;
    }
    case 12: { // tt.trans of an 8x16 value (checked, not used further)
      Var x = ofShape({8, 16});
      emit("tt.trans " + x.name + " {order = array<i32: 1, 0>} : " +
               typeOf({8, 16}) + " -> " + typeOf({16, 8}),
           {16, 8});
      vars.pop_back();
      return;
    }
    case 0:
    case 1:
      return binary("addi");
    case 2:
      return binary("muli");
    case 3:
    case 4: // by a positive constant
      return byConstant(pick(2) ? "divsi" : "remsi", constants[pick(8)] + 1);
    case 5:
      return byConstant("shli", pick(4));
    case 6:
      return byConstant("shrsi", pick(4));
    case 7:
      return binary(bitwise[pick(5)]);
    case 8:
      return select(shape);
    default:
      return expandAndBroadcast();
    }
  }

  /// A select on a comparison with a constant.
  void select(ArrayRef<int64_t> shape) {
    std::string ty = typeOf(shape), cond = ty;
    cond.replace(cond.find("i32"), 3, "i1");
    Var x = ofShape(shape), y = ofShape(shape), z = ofShape(shape);
    std::string c = constant(constants[pick(8)], ty, shape);
    std::string m = emit("arith.cmpi slt, " + x.name + ", " + c + " : " + ty,
                         SmallVector<int64_t, 2>(shape));
    vars.pop_back(); // an i1 tensor: not an operand of the integer ops
    emit("arith.select " + m + ", " + y.name + ", " + z.name + " : " + cond +
             ", " + ty,
         SmallVector<int64_t, 2>(shape));
  }

  void expandAndBroadcast() {
    bool rows = pick(2);
    Var x = ofShape(rows ? SmallVector<int64_t, 2>{8}
                         : SmallVector<int64_t, 2>{16});
    SmallVector<int64_t, 2> mid =
        rows ? SmallVector<int64_t, 2>{8, 1} : SmallVector<int64_t, 2>{1, 16};
    std::string e =
        emit("tt.expand_dims " + x.name +
                 " {axis = " + std::to_string(rows ? 1 : 0) +
                 " : i32} : " + typeOf(x.shape) + " -> " + typeOf(mid),
             mid);
    emit("tt.broadcast " + e + " : " + typeOf(mid) + " -> " + typeOf({8, 16}),
         {8, 16});
  }

  /// f16 pointers from the 16-byte-aligned base (contiguity counts
  /// elements, divisibility bytes).
  void pointers() {
    for (const auto &shape : shapes) {
      Var x = ofShape(shape);
      std::string ty = typeOf(shape), pty = ty;
      pty.replace(pty.find("i32"), 3, "!tt.ptr<f16>");
      std::string p = emit("tt.splat %p : !tt.ptr<f16> -> " + pty, shape);
      vars.pop_back();
      emit("tt.addptr " + p + ", " + x.name + " : " + pty + ", " + ty, shape);
      vars.pop_back();
    }
  }

  static constexpr int constants[] = {1, 2, 3, 4, 8, 12, 16, 333, 64};
  const SmallVector<int64_t, 2> shapes[3] = {{16}, {8}, {8, 16}};
  std::mt19937 &rng;
  std::string body;
  std::vector<Var> vars;
  int next = 0;
};

using Values = std::vector<int64_t>;

/// The op's result from its operands' values (row-major elements).
Values evaluate(Operation *op, const llvm::DenseMap<Value, Values> &env,
                ArrayRef<int64_t> args) {
  auto shapeOf = [](Value v) {
    return SmallVector<int64_t>(cast<RankedTensorType>(v.getType()).getShape());
  };
  auto size = [&](Value v) {
    int64_t n = 1;
    for (int64_t d : shapeOf(v))
      n *= d;
    return n;
  };
  Value result = op->getResult(0);
  Values out(size(result));
  auto binary = [&](auto fn) {
    const Values &x = env.at(op->getOperand(0)), &y = env.at(op->getOperand(1));
    for (size_t i = 0; i < out.size(); ++i)
      out[i] = fn(x[i], y[i]);
    return out;
  };
  return llvm::TypeSwitch<Operation *, Values>(op)
      .Case([&](MakeRangeOp r) {
        for (size_t i = 0; i < out.size(); ++i)
          out[i] = r.getStart() + i;
        return out;
      })
      .Case([&](arith::ConstantOp c) {
        auto dense = cast<DenseIntElementsAttr>(c.getValue());
        std::fill(out.begin(), out.end(),
                  dense.getSplatValue<APInt>().getSExtValue());
        return out;
      })
      .Case([&](SplatOp s) {
        auto arg = cast<BlockArgument>(s.getSrc());
        std::fill(out.begin(), out.end(), args[arg.getArgNumber()]);
        return out;
      })
      .Case([&](AddPtrOp) {
        return binary([](int64_t p, int64_t x) { return p + 2 * x; });
      })
      .Case([&](arith::AddIOp) {
        return binary([](int64_t a, int64_t b) { return a + b; });
      })
      .Case([&](arith::MulIOp) {
        return binary([](int64_t a, int64_t b) { return a * b; });
      })
      .Case([&](arith::DivSIOp) {
        return binary([](int64_t a, int64_t b) { return a / b; });
      })
      .Case([&](arith::RemSIOp) {
        return binary([](int64_t a, int64_t b) { return a % b; });
      })
      .Case([&](arith::ShLIOp) {
        return binary([](int64_t a, int64_t b) { return a << b; });
      })
      .Case([&](arith::AndIOp) {
        return binary([](int64_t a, int64_t b) { return a & b; });
      })
      .Case([&](arith::OrIOp) {
        return binary([](int64_t a, int64_t b) { return a | b; });
      })
      .Case([&](arith::XOrIOp) {
        return binary([](int64_t a, int64_t b) { return a ^ b; });
      })
      .Case([&](arith::MaxSIOp) {
        return binary([](int64_t a, int64_t b) { return std::max(a, b); });
      })
      .Case([&](arith::MinSIOp) {
        return binary([](int64_t a, int64_t b) { return std::min(a, b); });
      })
      .Case([&](arith::ShRSIOp) {
        return binary([](int64_t a, int64_t b) { return a >> b; });
      })
      .Case([&](arith::CmpIOp) {
        return binary([](int64_t a, int64_t b) { return int64_t(a < b); });
      })
      .Case([&](arith::SelectOp sel) {
        const Values &c = env.at(sel.getCondition()),
                     &t = env.at(sel.getTrueValue()),
                     &f = env.at(sel.getFalseValue());
        for (size_t i = 0; i < out.size(); ++i)
          out[i] = c[i] ? t[i] : f[i];
        return out;
      })
      .Case([&](ExpandDimsOp e) { return env.at(e.getSrc()); })
      .Case([&](TransOp t) {
        const Values &x = env.at(t.getSrc());
        for (int64_t r = 0; r < 16; ++r)
          for (int64_t c = 0; c < 8; ++c)
            out[r * 8 + c] = x[c * 16 + r];
        return out;
      })
      .Case([&](BroadcastOp b) {
        const Values &x = env.at(b.getSrc());
        SmallVector<int64_t> from = shapeOf(b.getSrc()), to = shapeOf(result);
        for (int64_t r = 0; r < to[0]; ++r)
          for (int64_t c = 0; c < to[1]; ++c)
            out[r * to[1] + c] =
                x[(from[0] == 1 ? 0 : r) * from[1] + (from[1] == 1 ? 0 : c)];
        return out;
      })
      .Default([&](Operation *) -> Values {
        ADD_FAILURE() << "unexpected op";
        return out;
      });
}

/// The first fact about `info` that `values` (of `shape`) break, or "".
std::string check(const AxisInfo &info, const Values &values,
                  ArrayRef<int64_t> shape, int64_t step) {
  unsigned rank = shape.size();
  SmallVector<int64_t> strides(rank, 1);
  for (int d = int(rank) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * shape[d + 1];
  auto at = [&](SmallVector<int64_t> idx) {
    int64_t flat = 0;
    for (unsigned d = 0; d < rank; ++d)
      flat += idx[d] * strides[d];
    return values[flat];
  };
  if (std::optional<int64_t> c = info.getConstantValue())
    for (int64_t v : values)
      if (v != *c)
        return "constant " + std::to_string(*c) + " but holds " +
               std::to_string(v);
  for (unsigned d = 0; d < rank; ++d) {
    int64_t ct = info.getContiguity(d), dv = info.getDivisibility(d),
            cs = info.getConstancy(d);
    for (int64_t flat = 0; flat < int64_t(values.size()); ++flat) {
      SmallVector<int64_t> idx(rank);
      for (unsigned e = 0; e < rank; ++e)
        idx[e] = flat / strides[e] % shape[e];
      int64_t i = idx[d];
      if (ct > 1 && i % ct != 0 && at(idx) != [&] {
            SmallVector<int64_t> prev = idx;
            --prev[d];
            return at(prev) + step;
          }())
        return "dim " + std::to_string(d) + ": not a run of " +
               std::to_string(ct);
      if (i % ct == 0 && dv < AxisInfo::kMaxDivisor && at(idx) % dv != 0)
        return "dim " + std::to_string(d) + ": " + std::to_string(at(idx)) +
               " does not divide by " + std::to_string(dv);
      if (cs > 1 && i % cs != 0) {
        SmallVector<int64_t> prev = idx;
        --prev[d];
        if (at(prev) != at(idx))
          return "dim " + std::to_string(d) + ": not constant over " +
                 std::to_string(cs);
      }
    }
  }
  return "";
}

TEST(AxisInfoTest, RandomProgramsAgainstValues) {
  DialectRegistry registry;
  registerTritonDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // AXISINFO_PROGRAMS=N and AXISINFO_SEED=S search further.
  const char *programs = getenv("AXISINFO_PROGRAMS");
  const char *seed = getenv("AXISINFO_SEED");
  std::mt19937 rng(seed ? atoi(seed) : 20261128);
  int checked = 0;
  for (int program = 0, n = programs ? atoi(programs) : 400; program < n;
       ++program) {
    std::string text = ProgramWriter(rng).write(12);
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>("module {\n" + text + "}\n", &context);
    ASSERT_TRUE(module) << text;
    ModuleAxisInfoAnalysis analysis(*module);
    for (int trial = 0; trial < 8; ++trial) {
      // Arguments that honour their hints (1, 4, 16); the hinted ones are
      // not zero, as they also divide.
      int64_t args[4] = {int64_t(rng() % 97), int64_t(rng() % 25 + 1) * 4,
                         int64_t(rng() % 7 + 1) * 16,
                         int64_t(rng() % 1000 + 1) * 16};
      llvm::DenseMap<Value, Values> env;
      bool failed = false;
      module->walk([&](Operation *op) {
        if (failed || op->getNumResults() != 1 ||
            !isa<RankedTensorType>(op->getResult(0).getType()))
          return;
        Value v = op->getResult(0);
        env[v] = evaluate(op, env, args);
        const AxisInfo *info = analysis.getAxisInfo(v);
        ASSERT_TRUE(info);
        auto type = cast<RankedTensorType>(v.getType());
        int64_t step = isa<PointerType>(type.getElementType()) ? 2 : 1;
        std::string broken = check(*info, env[v], type.getShape(), step);
        if (!broken.empty()) {
          std::string facts;
          llvm::raw_string_ostream os(facts);
          info->print(os);
          std::string opText;
          llvm::raw_string_ostream ops(opText);
          op->print(ops);
          ADD_FAILURE() << broken << "\n  " << opText << "\n  " << facts
                        << "\n  arguments " << args[0] << ", " << args[1]
                        << ", " << args[2] << ", " << args[3] << "\n"
                        << text;
          failed = true;
        }
        ++checked;
      });
      if (failed)
        return;
    }
  }
  EXPECT_GT(checked, 10000);
}

} // namespace
