//===- CodeGenOps.cpp - Triton-C blocks: memory, shapes, builtins ---------===//
//
// Dereferences become tt.load/tt.store (masked: `*?(m) p`), ranges
// tt.make_range, subscripts tt.expand_dims (`newaxis`) and tt.reduce (`+`,
// `max`, `min`), `@` tt.dot (f32 accumulator for f16/bf16/f32, i32 for
// int8, as tl.dot), and the builtins `get_program_id`, `get_num_programs`,
// `atomic_*` and C's math.h names.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Traits.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::c;

bool mlir::triton::c::canBroadcast(llvm::ArrayRef<int64_t> from,
                                   llvm::ArrayRef<int64_t> to) {
  llvm::SmallVector<int64_t> result;
  return OpTrait::util::getBroadcastedShape(from, to, result) &&
         llvm::equal(result, to);
}

Var *CodeGen::lookup(const std::string &name) {
  for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
    auto found = it->find(name);
    if (found != it->end())
      return &found->second;
  }
  return nullptr;
}

bool CodeGen::constInt(const Expr &e, int64_t &value, const char *what) {
  Val v;
  if (!expr(e, v))
    return false;
  if (v.lit != Val::IntLit) {
    fail(e.where) << what << " must be an integer constant (a literal or a "
                  << "macro)";
    return false;
  }
  value = v.ival;
  return true;
}

bool CodeGen::expr(const Expr &e, Val &out) {
  switch (e.kind) {
  case Expr::IntLit:
    out = Val();
    out.lit = Val::IntLit;
    out.ival = e.ival;
    out.type = e.type.isBool() ? e.type : CType{CType::I32, 0};
    return true;
  case Expr::FloatLit:
    out = Val();
    out.lit = Val::FloatLit;
    out.fval = e.fval;
    out.type = {CType::F32, 0};
    return true;
  case Expr::Ident: {
    Var *var = lookup(e.name);
    if (!var) {
      if (e.name == "newaxis")
        fail(e.where) << "'newaxis' is only valid in a subscript";
      else if (llvm::all_of(e.name, [](char c) { return !llvm::isLower(c); }))
        fail(e.where) << "use of undeclared identifier '" << e.name
                      << "' (an undefined macro? define it with -D" << e.name
                      << "=...)";
      else
        fail(e.where) << "use of undeclared identifier '" << e.name << "'";
      return false;
    }
    out = Val();
    out.v = var->value;
    out.type = var->type;
    out.shape = var->shape;
    return true;
  }
  case Expr::Unary:
    return unaryOp(e, out);
  case Expr::Binary: {
    Val a, y;
    return expr(*e.ops[0], a) && expr(*e.ops[1], y) &&
           binaryOp(e.op, a, y, e.where, out);
  }
  case Expr::Range: {
    int64_t lo, hi;
    if (!constInt(*e.ops[0], lo, "the start of a range") ||
        !constInt(*e.ops[1], hi, "the end of a range"))
      return false;
    int64_t n = hi - lo;
    if (n <= 0 || (n & (n - 1)) || lo < 0 || hi > INT32_MAX) {
      fail(e.where) << "a range 'a ... b' needs 0 <= a < b and b - a a "
                    << "power of two, got " << lo << " ... " << hi;
      return false;
    }
    out = Val();
    out.type = {CType::I32, 0};
    out.shape = {n};
    out.v = MakeRangeOp::create(b, loc(e.where), type(out.type, out.shape),
                                (int32_t)lo, (int32_t)hi);
    return true;
  }
  case Expr::Ternary:
    return ternary(e, out);
  case Expr::Call:
    return call(e, out);
  case Expr::Subscript:
    return subscript(e, out);
  case Expr::Deref:
    return load(e, nullptr, nullptr, out); // *?(mask) p: load reads the mask
  case Expr::Cast:
    if (!expr(*e.ops[0], out))
      return false;
    if (e.type.kind == CType::Void && !e.type.isPointer()) {
      fail(e.where) << "cannot cast to void";
      return false;
    }
    return convert(out, e.type, e.where, /*isCast=*/true);
  case Expr::Assign:
  case Expr::IncDec:
    return assign(e, out);
  }
  return false;
}

bool CodeGen::load(const Expr &deref, Val *mask, Val *other, Val &out) {
  Val ptr;
  if (!expr(*deref.ops[0], ptr))
    return false;
  if (!ptr.type.isPointer()) {
    fail(deref.where) << "cannot dereference a value of type '"
                      << ptr.type.str() << "'";
    return false;
  }
  Location l = loc(deref.where);
  Val m;
  if (deref.ops.size() > 1) {
    // *?(inner) p inside `c ? *?(inner) p : v`: both masks apply.
    if (!expr(*deref.ops[1], m) || !toBool(m, deref.where))
      return false;
    if (mask && !binaryOp("&&", m, *mask, deref.where, m))
      return false;
  } else if (mask) {
    m = *mask;
    if (!toBool(m, deref.where))
      return false;
  }
  bool masked = mask || deref.ops.size() > 1;
  if (masked && !broadcastPair(ptr, m, deref.where))
    return false;
  Value otherValue;
  if (other) {
    Val o = *other;
    if (!broadcastTo(o, ptr.shape, deref.where, "the other value") ||
        !convert(o, ptr.type.pointee(), deref.where))
      return false;
    otherValue = materialize(o, l);
  }
  out = Val();
  out.type = ptr.type.pointee();
  out.shape = ptr.shape;
  out.v = LoadOp::create(b, l, ptr.v, masked ? m.v : Value(), otherValue);
  return true;
}

bool CodeGen::store(const Expr &deref, Val value, const Token &where) {
  Val ptr, m;
  if (!expr(*deref.ops[0], ptr))
    return false;
  if (!ptr.type.isPointer()) {
    fail(deref.where) << "cannot store through a value of type '"
                      << ptr.type.str() << "'";
    return false;
  }
  bool masked = deref.ops.size() > 1;
  if (masked && (!expr(*deref.ops[1], m) || !toBool(m, deref.where) ||
                 !broadcastPair(ptr, m, deref.where)))
    return false;
  if (!broadcastTo(value, ptr.shape, where, "the stored value") ||
      !convert(value, ptr.type.pointee(), where))
    return false;
  StoreOp::create(b, loc(where), ptr.v, materialize(value, loc(where)),
                  masked ? m.v : Value(), ArrayRef<int32_t>{},
                  CacheModifier::NONE, EvictionPolicy::NORMAL);
  return true;
}

bool CodeGen::assign(const Expr &e, Val &out) {
  const Expr &target = *e.ops[0];
  Val value;
  std::string op = e.op;
  if (e.kind == Expr::IncDec) {
    value.lit = Val::IntLit;
    value.ival = 1;
    op = e.op == "++" ? "+=" : "-=";
  } else if (!expr(*e.ops[1], value)) {
    return false;
  }
  if (op != "=") {
    Val old;
    if (!expr(target, old) ||
        !binaryOp(op.substr(0, op.size() - 1), old, value, e.where, value))
      return false;
    if (e.kind == Expr::IncDec && !e.prefix) {
      out = old; // x++ is the old value.
      out.lit = Val::None;
    }
  }
  if (target.kind == Expr::Deref) {
    if (!store(target, value, e.where))
      return false;
    if (!(e.kind == Expr::IncDec && !e.prefix))
      out = value;
    return true;
  }
  if (target.kind != Expr::Ident) {
    fail(e.where) << "cannot assign to this expression";
    return false;
  }
  Var *var = lookup(target.name);
  if (!var) {
    fail(target.where) << "use of undeclared identifier '" << target.name
                       << "'";
    return false;
  }
  if (!canBroadcast(value.shape, var->shape)) {
    fail(e.where) << "cannot assign a block of shape " << shapeStr(value.shape)
                  << " to '" << target.name << "' of shape "
                  << shapeStr(var->shape);
    return false;
  }
  if (!broadcastTo(value, var->shape, e.where, "the assigned value") ||
      !convert(value, var->type, e.where))
    return false;
  var->value = materialize(value, loc(e.where));
  nameValue(var->value, target.name);
  if (!(e.kind == Expr::IncDec && !e.prefix)) {
    out = value;
    out.v = var->value;
    out.lit = Val::None;
  }
  return true;
}

bool CodeGen::subscript(const Expr &e, Val &out) {
  Val v;
  if (!expr(*e.ops[0], v))
    return false;
  size_t dims = 0;
  for (const SliceItem &item : e.slices)
    dims += item.kind != SliceItem::NewAxis;
  if (dims > v.shape.size()) {
    fail(e.where) << "the subscript names " << dims << " dimensions of a "
                  << "block of shape " << shapeStr(v.shape);
    return false;
  }
  if (v.isLit())
    v.v = materialize(v, loc(e.where)), v.lit = Val::None;
  // Walk the items; `axis` is the position in the value being built.
  unsigned axis = 0;
  for (const SliceItem &item : e.slices) {
    if (item.kind == SliceItem::All) {
      ++axis;
    } else if (item.kind == SliceItem::NewAxis) {
      v.v = ExpandDimsOp::create(b, loc(item.where), v.v, axis);
      v.shape.insert(v.shape.begin() + axis, 1);
      ++axis;
    } else if (!reduce(v, axis, item.op, item.where, v)) {
      return false;
    }
  }
  out = v;
  return true;
}

bool CodeGen::reduce(Val v, unsigned axis, const std::string &op,
                     const Token &where, Val &out) {
  Location l = loc(where);
  if (v.type.isPointer()) {
    fail(where) << "cannot reduce a block of pointers";
    return false;
  }
  // tl.sum's accumulator: integers narrower than 32 bits sum in 32 bits.
  if (op == "+" && (v.type.isBool() || (v.type.isInt() && v.type.bits() < 32)))
    if (!convert(v, {v.type.isUnsigned() ? CType::U32 : CType::I32, 0}, where))
      return false;
  Type elem = scalarType(v.type);
  auto red = ReduceOp::create(b, l, ValueRange{v.v}, (int)axis);
  Block *body = new Block();
  red.getCombineOp().push_back(body);
  Value x = body->addArgument(elem, l), y = body->addArgument(elem, l);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(body);
  bool f = v.type.isFloat(), u = v.type.isUnsigned() || v.type.isBool();
  Value r;
  if (op == "+")
    r = f ? (Value)arith::AddFOp::create(b, l, x, y)
          : (Value)arith::AddIOp::create(b, l, x, y);
  else if (op == "max")
    r = f   ? (Value)arith::MaxNumFOp::create(b, l, x, y)
        : u ? (Value)arith::MaxUIOp::create(b, l, x, y)
            : (Value)arith::MaxSIOp::create(b, l, x, y);
  else
    r = f   ? (Value)arith::MinNumFOp::create(b, l, x, y)
        : u ? (Value)arith::MinUIOp::create(b, l, x, y)
            : (Value)arith::MinSIOp::create(b, l, x, y);
  ReduceReturnOp::create(b, l, ValueRange{r});
  out = v;
  out.v = red.getResult()[0];
  out.shape.erase(out.shape.begin() + axis);
  return true;
}

bool CodeGen::matmul(Val a, Val y, const Token &where, Val &out) {
  if (a.shape.size() != 2 || y.shape.size() != 2 || a.shape[1] != y.shape[0]) {
    fail(where) << "'@' multiplies an [M, K] block by a [K, N] block, not "
                << shapeStr(a.shape) << " by " << shapeStr(y.shape);
    return false;
  }
  if (a.shape[0] < 16 || a.shape[1] < 16 || y.shape[1] < 16) {
    fail(where) << "'@' needs M, N and K of at least 16, got "
                << shapeStr(a.shape) << " @ " << shapeStr(y.shape);
    return false;
  }
  if (!promote(a, y, where))
    return false;
  CType t = a.type;
  CType acc;
  if (t.kind == CType::F16 || t.kind == CType::BF16 || t.kind == CType::F32)
    acc = {CType::F32, 0};
  else if (t.kind == CType::I8)
    acc = {CType::I32, 0};
  else {
    fail(where) << "'@' takes half, bfloat16, float or int8 blocks, not '"
                << t.str() << "'";
    return false;
  }
  Location l = loc(where);
  llvm::SmallVector<int64_t> shape{a.shape[0], y.shape[1]};
  Val zero = constant(acc, shape, 0, l);
  out = Val();
  out.type = acc;
  out.shape = shape;
  out.v = DotOp::create(b, l, zero.v.getType(), a.v, y.v, zero.v,
                        InputPrecision::TF32, 0);
  return true;
}

bool CodeGen::call(const Expr &e, Val &out) {
  const std::string &name = e.name;
  std::vector<Val> args;
  for (const ExprPtr &arg : e.ops) {
    args.emplace_back();
    if (!expr(*arg, args.back()))
      return false;
  }
  auto arity = [&](size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi)
      return true;
    fail(e.where) << "'" << name << "' takes " << lo
                  << (hi != lo ? " or " + std::to_string(hi) : "")
                  << (hi == 1 ? " argument" : " arguments") << ", given "
                  << args.size();
    return false;
  };
  Location l = loc(e.where);
  if (name == "get_program_id" || name == "get_num_programs") {
    if (!arity(1, 1))
      return false;
    if (args[0].lit != Val::IntLit || args[0].ival < 0 || args[0].ival > 2) {
      fail(e.where) << "'" << name << "' takes a constant axis 0, 1 or 2";
      return false;
    }
    out = Val();
    out.type = {CType::I32, 0};
    int axis = args[0].ival;
    out.v = name == "get_program_id"
                ? (Value)GetProgramIdOp::create(b, l, axis)
                : (Value)GetNumProgramsOp::create(b, l, axis);
    return true;
  }
  if (name.rfind("atomic_", 0) == 0) {
    using K = RMWOp;
    std::string kind = name.substr(7);
    if (!arity(2, 3))
      return false;
    Val ptr = args[0], val = args[1];
    if (!ptr.type.isPointer()) {
      fail(e.where) << "'" << name << "' takes a pointer first";
      return false;
    }
    CType elem = ptr.type.pointee();
    bool f = elem.isFloat(), u = elem.isUnsigned();
    std::optional<K> rmw =
        llvm::StringSwitch<std::optional<K>>(kind)
            .Case("add", f ? K::FADD : K::ADD)
            .Case("max", f ? std::nullopt : std::optional(u ? K::UMAX : K::MAX))
            .Case("min", f ? std::nullopt : std::optional(u ? K::UMIN : K::MIN))
            .Case("xchg", K::XCHG)
            .Case("and", f ? std::nullopt : std::optional(K::AND))
            .Case("or", f ? std::nullopt : std::optional(K::OR))
            .Case("xor", f ? std::nullopt : std::optional(K::XOR))
            .Default(std::nullopt);
    if (!rmw) {
      fail(e.where) << "unknown atomic '" << name << "' for '" << elem.str()
                    << "'";
      return false;
    }
    Val mask;
    bool masked = args.size() == 3;
    if (!broadcastPair(ptr, val, e.where) || !convert(val, elem, e.where))
      return false;
    if (masked && (!toBool(args[2], e.where) ||
                   !broadcastTo(args[2], ptr.shape, e.where, "the mask")))
      return false;
    out = val;
    out.v = AtomicRMWOp::create(
        b, l, val.v.getType(), *rmw, ptr.v, materialize(val, l),
        masked ? materialize(args[2], l) : Value(),
        MemSemantic::ACQUIRE_RELEASE, MemSyncScope::GPU);
    out.lit = Val::None;
    return true;
  }
  return mathCall(e, args, out);
}

bool CodeGen::mathCall(const Expr &e, std::vector<Val> &args, Val &out) {
  const std::string &name = e.name;
  Location l = loc(e.where);
  static const char *const unaryFloat[] = {
      "exp", "exp2", "log",   "log2", "sqrt", "rsqrt", "sin",
      "cos", "fabs", "floor", "ceil", "tanh", "erf"};
  bool isUnaryFloat = llvm::is_contained(unaryFloat, name);
  bool isBinary =
      name == "fmax" || name == "fmin" || name == "max" || name == "min";
  if (!isUnaryFloat && !isBinary && name != "abs") {
    fail(e.where) << "unknown function '" << name << "'";
    return false;
  }
  size_t want = isBinary ? 2 : 1;
  if (args.size() != want) {
    fail(e.where) << "'" << name << "' takes " << want << " argument"
                  << (want > 1 ? "s" : "") << ", given " << args.size();
    return false;
  }
  for (Val &a : args)
    if (a.type.isPointer()) {
      fail(e.where) << "'" << name << "' takes numbers, not '" << a.type.str()
                    << "'";
      return false;
    }
  if (isBinary) {
    Val x = args[0], y = args[1];
    if (!broadcastPair(x, y, e.where) || !promote(x, y, e.where))
      return false;
    if ((name == "fmax" || name == "fmin") && !x.type.isFloat()) {
      if (!convert(x, {CType::F32, 0}, e.where) ||
          !convert(y, {CType::F32, 0}, e.where))
        return false;
    }
    bool f = x.type.isFloat(), u = x.type.isUnsigned() || x.type.isBool();
    bool isMax = name == "fmax" || name == "max";
    out = x;
    out.v = f       ? (isMax ? (Value)arith::MaxNumFOp::create(b, l, x.v, y.v)
                             : (Value)arith::MinNumFOp::create(b, l, x.v, y.v))
            : isMax ? (u ? (Value)arith::MaxUIOp::create(b, l, x.v, y.v)
                         : (Value)arith::MaxSIOp::create(b, l, x.v, y.v))
                    : (u ? (Value)arith::MinUIOp::create(b, l, x.v, y.v)
                         : (Value)arith::MinSIOp::create(b, l, x.v, y.v));
    return true;
  }
  Val x = args[0];
  if (name == "abs" && !x.type.isFloat() && !x.isLit()) {
    out = x;
    out.v = x.type.isUnsigned() || x.type.isBool()
                ? x.v
                : (Value)math::AbsIOp::create(b, l, x.v);
    return true;
  }
  // C's math.h functions on integers compute in floating point: f32 here.
  CType t = x.type.isFloat() && !x.isLit() ? x.type : CType{CType::F32, 0};
  if (!convert(x, t, e.where))
    return false;
  Value v = x.v, r;
  if (name == "exp")
    r = math::ExpOp::create(b, l, v);
  else if (name == "exp2")
    r = math::Exp2Op::create(b, l, v);
  else if (name == "log")
    r = math::LogOp::create(b, l, v);
  else if (name == "log2")
    r = math::Log2Op::create(b, l, v);
  else if (name == "sqrt")
    r = math::SqrtOp::create(b, l, v);
  else if (name == "rsqrt")
    r = math::RsqrtOp::create(b, l, v);
  else if (name == "sin")
    r = math::SinOp::create(b, l, v);
  else if (name == "cos")
    r = math::CosOp::create(b, l, v);
  else if (name == "floor")
    r = math::FloorOp::create(b, l, v);
  else if (name == "ceil")
    r = math::CeilOp::create(b, l, v);
  else if (name == "tanh")
    r = math::TanhOp::create(b, l, v);
  else if (name == "erf")
    r = math::ErfOp::create(b, l, v);
  else
    r = math::AbsFOp::create(b, l, v); // fabs, abs
  out = x;
  out.v = r;
  return true;
}
