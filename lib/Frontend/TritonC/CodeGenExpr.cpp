//===- CodeGenExpr.cpp - Triton-C values, conversions, operators ----------===//
//
// Type promotion and broadcasting follow Triton's semantics (the seeds'
// `001`): kinds bool < integer < float, the wider type within a kind, f16
// over bf16, unsigned over signed; weak literals; NumPy broadcasting with
// shapes left-padded with ones. Integer division and modulo are C's
// (truncating): arith.divsi/remsi, or divui/remui on unsigned types.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Traits.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::c;

unsigned CType::bits() const {
  if (pointer)
    return 64;
  switch (kind) {
  case Void:
    return 0;
  case Bool:
    return 1;
  case I8:
  case U8:
    return 8;
  case I16:
  case U16:
  case F16:
  case BF16:
    return 16;
  case I32:
  case U32:
  case F32:
    return 32;
  default:
    return 64;
  }
}

std::string CType::str() const {
  static const char *const names[] = {
      "void", "bool",     "char",     "short",    "int",
      "long", "uint8_t",  "uint16_t", "unsigned", "uint64_t",
      "half", "bfloat16", "float",    "double"};
  return std::string(names[kind]) + std::string(pointer, '*');
}

std::string mlir::triton::c::shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

Type CodeGen::scalarType(CType t) {
  if (t.pointer)
    return PointerType::get(scalarType(t.pointee()), 1);
  switch (t.kind) {
  case CType::Bool:
    return b.getI1Type();
  case CType::I8:
  case CType::U8:
    return b.getI8Type();
  case CType::I16:
  case CType::U16:
    return b.getI16Type();
  case CType::I32:
  case CType::U32:
    return b.getI32Type();
  case CType::I64:
  case CType::U64:
    return b.getI64Type();
  case CType::F16:
    return b.getF16Type();
  case CType::BF16:
    return b.getBF16Type();
  case CType::F32:
    return b.getF32Type();
  case CType::F64:
    return b.getF64Type();
  default:
    return b.getI8Type(); // void* points to bytes
  }
}

Type CodeGen::type(CType t, llvm::ArrayRef<int64_t> shape) {
  Type s = scalarType(t);
  if (shape.empty())
    return s;
  return RankedTensorType::get(shape, s);
}

Val CodeGen::constant(CType t, llvm::ArrayRef<int64_t> shape, double value,
                      Location loc) {
  Val v;
  v.type = t;
  v.shape.assign(shape.begin(), shape.end());
  v.lit = t.isFloat() ? Val::FloatLit : Val::IntLit;
  v.fval = value;
  v.ival = (int64_t)value;
  v.v = materialize(v, loc);
  v.lit = Val::None;
  return v;
}

/// A literal's own type when nothing else decides: i32 (i64 if it does not
/// fit), f32, or bool.
static CType literalType(const Val &v) {
  if (v.lit == Val::FloatLit)
    return {CType::F32, 0};
  if (v.type.isBool())
    return v.type;
  return {v.ival >= INT32_MIN && v.ival <= INT32_MAX ? CType::I32 : CType::I64,
          0};
}

Value CodeGen::materialize(const Val &v, Location loc) {
  if (!v.isLit())
    return v.v;
  CType t = v.type;
  Type elem = scalarType(t);
  TypedAttr attr;
  if (isa<FloatType>(elem))
    attr =
        b.getFloatAttr(elem, v.lit == Val::FloatLit ? v.fval : (double)v.ival);
  else
    attr = b.getIntegerAttr(elem,
                            v.lit == Val::FloatLit ? (int64_t)v.fval : v.ival);
  if (v.isBlock())
    attr = DenseElementsAttr::get(RankedTensorType::get(v.shape, elem), attr);
  return arith::ConstantOp::create(b, loc, attr);
}

bool CodeGen::toBool(Val &v, const Token &where) {
  if (v.type.isBool())
    return true;
  if (v.type.isPointer()) {
    fail(where) << "a pointer is not a condition";
    return false;
  }
  Val zero;
  zero.lit = Val::IntLit;
  zero.type = {CType::I32, 0};
  return compare("!=", v, zero, where, v);
}

bool CodeGen::convert(Val &v, CType to, const Token &where, bool isCast) {
  if (v.isLit()) {
    if (to.isPointer()) {
      fail(where) << "cannot convert a number to '" << to.str() << "'";
      return false;
    }
    if (to.isBool()) {
      v.ival = v.lit == Val::FloatLit ? v.fval != 0 : v.ival != 0;
      v.lit = Val::IntLit;
    }
    v.type = to;
    v.v = materialize(v, loc(where));
    v.lit = Val::None;
    return true;
  }
  CType from = v.type;
  if (from == to)
    return true;
  Location l = loc(where);
  Type dst = type(to, v.shape);
  Value x = v.v;
  if (from.isPointer() || to.isPointer()) {
    if (from.isPointer() && to.isPointer()) {
      x = BitcastOp::create(b, l, dst, x);
    } else if (isCast && to.isPointer() && from.isInt() && from.bits() == 64) {
      x = IntToPtrOp::create(b, l, dst, x);
    } else if (isCast && from.isPointer() && to.isInt() && to.bits() == 64) {
      x = PtrToIntOp::create(b, l, dst, x);
    } else {
      fail(where) << "cannot convert '" << from.str() << "' to '" << to.str()
                  << "'"
                  << (isCast ? " (only 64-bit integers convert to "
                               "and from pointers)"
                             : "; use a cast");
      return false;
    }
  } else if (to.isBool()) {
    return toBool(v, where);
  } else if (from.isFloat() && to.isFloat()) {
    x = to.bits() > from.bits() ? (Value)arith::ExtFOp::create(b, l, dst, x)
                                : (Value)arith::TruncFOp::create(b, l, dst, x);
  } else if (from.isFloat()) {
    x = to.isUnsigned() ? (Value)arith::FPToUIOp::create(b, l, dst, x)
                        : (Value)arith::FPToSIOp::create(b, l, dst, x);
  } else if (to.isFloat()) {
    x = from.isUnsigned() || from.isBool()
            ? (Value)arith::UIToFPOp::create(b, l, dst, x)
            : (Value)arith::SIToFPOp::create(b, l, dst, x);
  } else if (to.bits() > from.bits()) {
    x = from.isUnsigned() || from.isBool()
            ? (Value)arith::ExtUIOp::create(b, l, dst, x)
            : (Value)arith::ExtSIOp::create(b, l, dst, x);
  } else if (to.bits() < from.bits()) {
    x = arith::TruncIOp::create(b, l, dst, x);
  }
  v.v = x;
  v.type = to;
  return true;
}

bool CodeGen::broadcastTo(Val &v, llvm::ArrayRef<int64_t> shape,
                          const Token &where, const char *what) {
  if (llvm::equal(v.shape, shape))
    return true;
  auto mismatch = [&]() {
    fail(where) << "cannot broadcast " << what << " of shape "
                << shapeStr(v.shape) << " to shape " << shapeStr(shape);
    return false;
  };
  if (!canBroadcast(v.shape, shape))
    return mismatch();
  if (v.isLit()) {
    v.shape.assign(shape.begin(), shape.end());
    return true;
  }
  Location l = loc(where);
  if (!v.isBlock()) {
    v.v = SplatOp::create(b, l, type(v.type, shape), v.v);
    v.shape.assign(shape.begin(), shape.end());
    return true;
  }
  while (v.shape.size() < shape.size()) {
    v.v = ExpandDimsOp::create(b, l, v.v, 0);
    v.shape.insert(v.shape.begin(), 1);
  }
  if (!llvm::equal(v.shape, shape)) {
    v.v = BroadcastOp::create(b, l, type(v.type, shape), v.v);
    v.shape.assign(shape.begin(), shape.end());
  }
  return true;
}

bool CodeGen::broadcastPair(Val &a, Val &b2, const Token &where) {
  llvm::SmallVector<int64_t> shape;
  if (!OpTrait::util::getBroadcastedShape(a.shape, b2.shape, shape)) {
    fail(where) << "incompatible shapes " << shapeStr(a.shape) << " and "
                << shapeStr(b2.shape) << " (broadcasting needs equal "
                << "dimensions or 1)";
    return false;
  }
  return broadcastTo(a, shape, where) && broadcastTo(b2, shape, where);
}

/// Triton's kind order: bool < integer < float.
static int kindRank(CType t) { return t.isBool() ? 0 : t.isFloat() ? 2 : 1; }

/// The common type of two non-literal scalar types.
static CType commonType(CType a, CType b) {
  if (a == b)
    return a;
  if (kindRank(a) != kindRank(b))
    return kindRank(a) > kindRank(b) ? a : b;
  if (a.bits() != b.bits())
    return a.bits() > b.bits() ? a : b;
  if (a.isFloat())
    return {CType::F16, 0}; // f16 and bf16: f16
  return a.isUnsigned() ? a : b;
}

bool CodeGen::promote(Val &a, Val &b2, const Token &where) {
  if (a.type.isPointer() || b2.type.isPointer()) {
    fail(where) << "invalid operands '" << a.type.str() << "' and '"
                << b2.type.str() << "'";
    return false;
  }
  CType t;
  if (a.isLit() && b2.isLit()) {
    bool isFloat = a.lit == Val::FloatLit || b2.lit == Val::FloatLit;
    t = isFloat ? CType{CType::F32, 0}
                : commonType(literalType(a), literalType(b2));
  } else if (a.isLit() || b2.isLit()) {
    Val &lit = a.isLit() ? a : b2;
    CType other = a.isLit() ? b2.type : a.type;
    CType own = literalType(lit);
    t = kindRank(own) <= kindRank(other) ? other : own;
  } else {
    t = commonType(a.type, b2.type);
  }
  return convert(a, t, where) && convert(b2, t, where);
}

bool CodeGen::foldLiterals(const std::string &op, const Val &a, const Val &y,
                           const Token &where, Val &out, bool &folded) {
  folded = false;
  if (!a.isLit() || !y.isLit() || a.type.isBool() || y.type.isBool())
    return true;
  out = Val();
  if (a.lit == Val::IntLit && y.lit == Val::IntLit) {
    int64_t x = a.ival, z = y.ival, r;
    // Wrapping arithmetic, as the i64 the values fold into.
    uint64_t ux = x, uz = z;
    if ((op == "/" || op == "%") && z == 0) {
      fail(where) << "division by zero";
      return false;
    }
    if ((op == "/" || op == "%") && z == -1 && x == INT64_MIN)
      return true; // Left to the target's semantics.
    if (op == "+")
      r = (int64_t)(ux + uz);
    else if (op == "-")
      r = (int64_t)(ux - uz);
    else if (op == "*")
      r = (int64_t)(ux * uz);
    else if (op == "/")
      r = x / z;
    else if (op == "%")
      r = x % z;
    else if (op == "<<")
      r = (int64_t)(ux << (z & 63));
    else if (op == ">>")
      r = x >> (z & 63);
    else if (op == "&")
      r = x & z;
    else if (op == "|")
      r = x | z;
    else if (op == "^")
      r = x ^ z;
    else
      return true;
    out.lit = Val::IntLit;
    out.ival = r;
    out.type = {CType::I32, 0};
    folded = true;
    return true;
  }
  double x = a.lit == Val::FloatLit ? a.fval : (double)a.ival;
  double z = y.lit == Val::FloatLit ? y.fval : (double)y.ival;
  double r;
  if (op == "+")
    r = x + z;
  else if (op == "-")
    r = x - z;
  else if (op == "*")
    r = x * z;
  else if (op == "/")
    r = x / z;
  else
    return true;
  out.lit = Val::FloatLit;
  out.fval = r;
  out.type = {CType::F32, 0};
  folded = true;
  return true;
}

bool CodeGen::compare(const std::string &op, Val a, Val y, const Token &where,
                      Val &out) {
  if (!broadcastPair(a, y, where) || !promote(a, y, where))
    return false;
  Location l = loc(where);
  Value r;
  if (a.type.isFloat()) {
    using P = arith::CmpFPredicate;
    P p = llvm::StringSwitch<P>(op)
              .Case("<", P::OLT)
              .Case(">", P::OGT)
              .Case("<=", P::OLE)
              .Case(">=", P::OGE)
              .Case("==", P::OEQ)
              .Default(P::UNE);
    r = arith::CmpFOp::create(b, l, p, a.v, y.v);
  } else {
    using P = arith::CmpIPredicate;
    bool u = a.type.isUnsigned() || a.type.isBool();
    P p = llvm::StringSwitch<P>(op)
              .Case("<", u ? P::ult : P::slt)
              .Case(">", u ? P::ugt : P::sgt)
              .Case("<=", u ? P::ule : P::sle)
              .Case(">=", u ? P::uge : P::sge)
              .Case("==", P::eq)
              .Default(P::ne);
    r = arith::CmpIOp::create(b, l, p, a.v, y.v);
  }
  out = Val();
  out.v = r;
  out.type = {CType::Bool, 0};
  out.shape = a.shape;
  return true;
}

/// Pointer arithmetic: `p + i`, `i + p`, `p - i` (tt.addptr).
static bool isPointerArith(const std::string &op, const Val &a, const Val &y) {
  return (op == "+" && (a.type.isPointer() || y.type.isPointer())) ||
         (op == "-" && a.type.isPointer() && !y.type.isPointer());
}

bool CodeGen::arithmetic(const std::string &op, Val a, Val y,
                         const Token &where, Val &out) {
  Location l = loc(where);
  if (isPointerArith(op, a, y)) {
    if (y.type.isPointer())
      std::swap(a, y);
    if (!y.type.isInt() && !y.type.isBool() &&
        !(y.isLit() && y.lit == Val::IntLit)) {
      fail(where) << "a pointer offset must be an integer, not '"
                  << y.type.str() << "'";
      return false;
    }
    if (!broadcastPair(a, y, where))
      return false;
    CType offType = y.isLit() ? literalType(y) : y.type;
    if (offType.isBool() || offType.bits() < 32)
      offType = {CType::I32, 0};
    if (!convert(y, offType, where))
      return false;
    if (op == "-") {
      Val zero = constant(y.type, y.shape, 0, l);
      y.v = arith::SubIOp::create(b, l, zero.v, y.v);
    }
    out = a;
    out.v = AddPtrOp::create(b, l, a.v.getType(), a.v, y.v);
    return true;
  }
  if (!broadcastPair(a, y, where) || !promote(a, y, where))
    return false;
  bool isArith = op == "+" || op == "-" || op == "*" || op == "/" || op == "%";
  if (a.type.isBool() && isArith) {
    if (!convert(a, {CType::I32, 0}, where) ||
        !convert(y, {CType::I32, 0}, where))
      return false;
  }
  bool f = a.type.isFloat(), u = a.type.isUnsigned();
  if (f && (op == "<<" || op == ">>" || op == "&" || op == "|" || op == "^")) {
    fail(where) << "operator '" << op << "' needs integer operands, not '"
                << a.type.str() << "'";
    return false;
  }
  Value x = a.v, z = y.v, r;
  if (op == "+")
    r = f ? (Value)arith::AddFOp::create(b, l, x, z)
          : (Value)arith::AddIOp::create(b, l, x, z);
  else if (op == "-")
    r = f ? (Value)arith::SubFOp::create(b, l, x, z)
          : (Value)arith::SubIOp::create(b, l, x, z);
  else if (op == "*")
    r = f ? (Value)arith::MulFOp::create(b, l, x, z)
          : (Value)arith::MulIOp::create(b, l, x, z);
  else if (op == "/")
    r = f   ? (Value)arith::DivFOp::create(b, l, x, z)
        : u ? (Value)arith::DivUIOp::create(b, l, x, z)
            : (Value)arith::DivSIOp::create(b, l, x, z);
  else if (op == "%")
    r = f   ? (Value)arith::RemFOp::create(b, l, x, z)
        : u ? (Value)arith::RemUIOp::create(b, l, x, z)
            : (Value)arith::RemSIOp::create(b, l, x, z);
  else if (op == "<<")
    r = arith::ShLIOp::create(b, l, x, z);
  else if (op == ">>")
    r = u ? (Value)arith::ShRUIOp::create(b, l, x, z)
          : (Value)arith::ShRSIOp::create(b, l, x, z);
  else if (op == "&")
    r = arith::AndIOp::create(b, l, x, z);
  else if (op == "|")
    r = arith::OrIOp::create(b, l, x, z);
  else
    r = arith::XOrIOp::create(b, l, x, z);
  out = a;
  out.v = r;
  return true;
}

bool CodeGen::binaryOp(const std::string &op, Val a, Val y, const Token &where,
                       Val &out) {
  bool folded;
  if (!foldLiterals(op, a, y, where, out, folded))
    return false;
  if (folded)
    return true;
  if (op == "@")
    return matmul(a, y, where, out);
  if (op == "<" || op == ">" || op == "<=" || op == ">=" || op == "==" ||
      op == "!=")
    return compare(op, a, y, where, out);
  if (op == "&&" || op == "||") {
    if (!toBool(a, where) || !toBool(y, where) || !broadcastPair(a, y, where) ||
        !promote(a, y, where))
      return false;
    Location l = loc(where);
    out = a;
    out.v = op == "&&" ? (Value)arith::AndIOp::create(b, l, a.v, y.v)
                       : (Value)arith::OrIOp::create(b, l, a.v, y.v);
    return true;
  }
  return arithmetic(op, a, y, where, out);
}

bool CodeGen::unaryOp(const Expr &e, Val &out) {
  Val x;
  if (!expr(*e.ops[0], x))
    return false;
  const std::string &op = e.op;
  if (op == "+")
    return out = x, true;
  if (op == "^") {
    if (x.shape.size() < 2) {
      fail(e.where) << "'^' transposes a block of rank 2 or more, not shape "
                    << shapeStr(x.shape);
      return false;
    }
    llvm::SmallVector<int32_t> order;
    for (int i = x.shape.size() - 1; i >= 0; --i)
      order.push_back(i);
    Value v = materialize(x, loc(e.where));
    out = x;
    out.lit = Val::None;
    std::reverse(out.shape.begin(), out.shape.end());
    out.v =
        TransOp::create(b, loc(e.where), type(out.type, out.shape), v, order);
    return true;
  }
  if (op == "!") {
    if (!toBool(x, e.where))
      return false;
    Val zero;
    zero.lit = Val::IntLit;
    return compare("==", x, zero, e.where, out);
  }
  if (x.isLit() && op == "-") {
    out = x;
    out.ival = (int64_t)(0 - (uint64_t)x.ival);
    out.fval = -x.fval;
    return true;
  }
  if (x.isLit() && op == "~" && x.lit == Val::IntLit) {
    out = x;
    out.ival = ~x.ival;
    return true;
  }
  Val c;
  c.lit = Val::IntLit;
  c.type = {CType::I32, 0};
  c.ival = op == "-" ? 0 : -1;
  if (op == "-")
    return arithmetic("-", c, x, e.where, out);
  if (x.type.isFloat()) {
    fail(e.where) << "'~' needs an integer operand, not '" << x.type.str()
                  << "'";
    return false;
  }
  return arithmetic("^", x, c, e.where, out);
}

bool CodeGen::ternary(const Expr &e, Val &out) {
  Val cond;
  if (!expr(*e.ops[0], cond) || !toBool(cond, e.where))
    return false;
  // `c ? *p : v` is a masked load, so that lanes (or a whole block, with a
  // scalar condition) that do not read are never dereferenced: the seeds'
  // pre-fetching reads `check ? *pa : 0` past the end on the last
  // iteration.
  for (int arm : {1, 2}) {
    const Expr &deref = *e.ops[arm];
    if (deref.kind != Expr::Deref)
      continue;
    Val mask = cond;
    if (arm == 2 &&
        !compare("==", cond, constant({CType::Bool, 0}, {}, 0, loc(e.where)),
                 e.where, mask))
      return false;
    Val other;
    if (!expr(*e.ops[3 - arm], other))
      return false;
    return load(deref, &mask, &other, out);
  }
  Val x, y;
  if (!expr(*e.ops[1], x) || !expr(*e.ops[2], y))
    return false;
  if (x.type.isPointer() != y.type.isPointer() ||
      (x.type.isPointer() && x.type != y.type)) {
    fail(e.where) << "the arms of '?:' have types '" << x.type.str()
                  << "' and '" << y.type.str() << "'";
    return false;
  }
  if (!broadcastPair(x, y, e.where) ||
      (!x.type.isPointer() && !promote(x, y, e.where)))
    return false;
  if (!broadcastPair(cond, x, e.where) || !broadcastPair(cond, y, e.where))
    return false;
  out = x;
  out.v = arith::SelectOp::create(b, loc(e.where), cond.v,
                                  materialize(x, loc(e.where)),
                                  materialize(y, loc(e.where)));
  out.lit = Val::None;
  return true;
}
