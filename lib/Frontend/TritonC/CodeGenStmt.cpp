//===- CodeGenStmt.cpp - Triton-C statements and kernels to TTIR ----------===//
//
// Control flow becomes structured SCF, as upstream's frontend emits it:
//
//   if (c) ... else ...      scf.if, yielding every outer variable the
//                            branches assign
//   for (int i = a; i < b; i += S)       scf.for i = a to b step S
//   for (int k = K; k > 0; k -= S)       scf.for t = 0 to K - 0 step S,
//                                        with k = K - t in the body
//                            (S a positive constant, b not assigned in the
//                            body, i not assigned in the body: the
//                            counted loops the pipeliner understands)
//   any other for, while     scf.while
//
// Variables assigned in a loop body are its loop-carried values.
//
//===----------------------------------------------------------------------===//

#include "CodeGen.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::c;

namespace {
/// The names assigned (=, op=, ++, --) anywhere in an expression/statement.
void assignedIn(const Expr *e, NameSet &names) {
  if (!e)
    return;
  if ((e->kind == Expr::Assign || e->kind == Expr::IncDec) &&
      e->ops[0]->kind == Expr::Ident)
    names.insert(e->ops[0]->name);
  for (const ExprPtr &op : e->ops)
    assignedIn(op.get(), names);
}

void assignedIn(const Stmt *s, NameSet &names) {
  if (!s)
    return;
  for (const StmtPtr &child : s->body)
    assignedIn(child.get(), names);
  for (const Declarator &d : s->decls)
    assignedIn(d.init.get(), names);
  assignedIn(s->expr.get(), names);
  assignedIn(s->step.get(), names);
  assignedIn(s->init.get(), names);
  assignedIn(s->then.get(), names);
  assignedIn(s->otherwise.get(), names);
}

/// The names an expression reads.
void readIn(const Expr *e, NameSet &names) {
  if (!e)
    return;
  if (e->kind == Expr::Ident)
    names.insert(e->name);
  for (const ExprPtr &op : e->ops)
    readIn(op.get(), names);
}
} // namespace

/// Names the op defining a variable's value after the variable, as
/// upstream's frontend does (`%pid = tt.get_program_id x`, printed with
/// MLIR's name-location prefixes).
void CodeGen::nameValue(Value v, const std::string &name) {
  Operation *op = v.getDefiningOp();
  if (op && op->getNumResults() == 1 && !isa<NameLoc>(op->getLoc()))
    op->setLoc(NameLoc::get(b.getStringAttr(name), op->getLoc()));
}

CodeGen::CodeGen(const Diag &diag, ModuleOp module)
    : diag(diag), ctx(module.getContext()), b(module.getContext()),
      module(module) {}

llvm::SmallVector<std::string> CodeGen::carriedVars(const Stmt *a,
                                                    const Expr *e,
                                                    const Stmt *c,
                                                    const Expr *d) {
  NameSet names;
  assignedIn(a, names);
  assignedIn(e, names);
  assignedIn(c, names);
  assignedIn(d, names);
  llvm::SmallVector<std::string> visible;
  for (const std::string &n : names)
    if (lookup(n))
      visible.push_back(n);
  return visible;
}

llvm::SmallVector<Value> CodeGen::values(llvm::ArrayRef<std::string> names) {
  llvm::SmallVector<Value> vs;
  for (const std::string &n : names)
    vs.push_back(lookup(n)->value);
  return vs;
}

void CodeGen::bind(llvm::ArrayRef<std::string> names, ValueRange vs) {
  for (auto [n, v] : llvm::zip(names, vs))
    lookup(n)->value = v;
}

bool CodeGen::declare(const Declarator &d) {
  Var var;
  var.type = d.type;
  for (const ExprPtr &dim : d.dims) {
    int64_t n;
    if (!constInt(*dim, n, "a block dimension"))
      return false;
    if (n <= 0 || (n & (n - 1))) {
      fail(dim->where) << "block dimension " << n << " of '" << d.name
                       << "' is not a power of two";
      return false;
    }
    var.shape.push_back(n);
  }
  Location l = loc(d.where);
  Val init;
  if (d.init) {
    if (!expr(*d.init, init))
      return false;
    if (!canBroadcast(init.shape, var.shape)) {
      fail(d.where) << "cannot initialize '" << d.name << "' of shape "
                    << shapeStr(var.shape) << " with a block of shape "
                    << shapeStr(init.shape);
      return false;
    }
  } else if (d.type.isPointer()) {
    fail(d.where) << "pointer '" << d.name << "' needs an initializer";
    return false;
  } else {
    // A declaration without initializer holds zeros.
    init.lit = Val::IntLit;
    init.type = {CType::I32, 0};
  }
  if (!broadcastTo(init, var.shape, d.where, "the initializer") ||
      !convert(init, var.type, d.where))
    return false;
  var.value = materialize(init, l);
  nameValue(var.value, d.name);
  if (scopes.back().count(d.name)) {
    fail(d.where) << "redefinition of '" << d.name << "'";
    return false;
  }
  scopes.back()[d.name] = var;
  return true;
}

bool CodeGen::ifStmt(const Stmt &s) {
  Val cond;
  if (!expr(*s.expr, cond) || !toBool(cond, s.where))
    return false;
  if (cond.isBlock()) {
    fail(s.where) << "the condition of 'if' is a block of shape "
                  << shapeStr(cond.shape) << "; use '?:' or a masked "
                  << "dereference '*?(mask)' for per-element conditions";
    return false;
  }
  Location l = loc(s.where);
  llvm::SmallVector<std::string> carried =
      carriedVars(s.then.get(), nullptr, s.otherwise.get());
  llvm::SmallVector<Value> before = values(carried);
  llvm::SmallVector<Type> types;
  for (Value v : before)
    types.push_back(v.getType());
  Value c = materialize(cond, l);
  auto ifOp = scf::IfOp::create(b, l, types, c, /*withElse=*/true);
  auto branch = [&](Region &region, const Stmt *body) {
    OpBuilder::InsertionGuard guard(b);
    Block &block = region.front();
    if (!block.empty() && block.back().hasTrait<OpTrait::IsTerminator>())
      block.back().erase();
    b.setInsertionPointToEnd(&block);
    bind(carried, before);
    scopes.emplace_back();
    bool ok = !body || stmt(*body);
    scopes.pop_back();
    if (ok)
      scf::YieldOp::create(b, l, values(carried));
    return ok;
  };
  if (!branch(ifOp.getThenRegion(), s.then.get()) ||
      !branch(ifOp.getElseRegion(), s.otherwise.get()))
    return false;
  bind(carried, ifOp.getResults());
  return true;
}

/// The parts of `for (int i = a; i REL bound; i += S)` that make it an
/// scf.for: the step's constant and sign.
static bool countedStep(const Stmt &s, const std::string &iv, int64_t &step) {
  const Expr *e = s.step.get();
  if (!e || e->ops.empty() || e->ops[0]->kind != Expr::Ident ||
      e->ops[0]->name != iv)
    return false;
  if (e->kind == Expr::IncDec) {
    step = e->op == "++" ? 1 : -1;
    return true;
  }
  if (e->kind != Expr::Assign || (e->op != "+=" && e->op != "-="))
    return false;
  // The constant is checked by the caller after evaluating the expression.
  step = e->op == "+=" ? 1 : -1;
  return true;
}

bool CodeGen::countedFor(const Stmt &s, bool &handled) {
  handled = false;
  if (!s.init || s.init->kind != Stmt::Decl || s.init->decls.size() != 1)
    return true;
  const Declarator &d = s.init->decls[0];
  const Expr *cond = s.expr.get();
  if (d.isBlock || !d.type.isInt() || d.type.isUnsigned() || !d.init || !cond ||
      cond->kind != Expr::Binary || cond->ops[0]->kind != Expr::Ident ||
      cond->ops[0]->name != d.name)
    return true;
  const std::string &rel = cond->op;
  bool ascending = rel == "<" || rel == "<=";
  bool inclusive = rel == "<=" || rel == ">=";
  int64_t sign;
  if (!(ascending || rel == ">" || rel == ">=") ||
      !countedStep(s, d.name, sign) || (sign > 0) != ascending)
    return true;
  int64_t amount = 1;
  if (s.step->kind == Expr::Assign) {
    // Literals only: evaluating them emits nothing.
    const Expr &by = *s.step->ops[1];
    NameSet reads;
    readIn(&by, reads);
    Val v;
    if (!reads.empty() || by.kind == Expr::Call || !expr(by, v) ||
        v.lit != Val::IntLit || v.ival <= 0)
      return true;
    amount = v.ival;
  }
  NameSet assigned, reads;
  assignedIn(s.then.get(), assigned);
  assignedIn(cond, assigned);
  readIn(cond->ops[1].get(), reads);
  if (assigned.count(d.name) || llvm::any_of(reads, [&](const std::string &n) {
        return assigned.count(n);
      }))
    return true;
  handled = true;

  Location l = loc(s.where);
  Val init, bound;
  if (!expr(*d.init, init) || !expr(*cond->ops[1], bound) ||
      !convert(init, d.type, d.where) || !convert(bound, d.type, cond->where))
    return false;
  if (init.isBlock() || bound.isBlock()) {
    fail(s.where) << "a loop's bounds are scalars";
    return false;
  }
  Val stepVal = constant(d.type, {}, amount, l);
  Value lb = init.v, ub = bound.v;
  if (!ascending) {
    lb = constant(d.type, {}, 0, l).v;
    ub = arith::SubIOp::create(b, l, init.v, bound.v);
  }
  if (inclusive)
    ub = arith::AddIOp::create(b, l, ub, constant(d.type, {}, 1, l).v);
  llvm::SmallVector<std::string> carried = carriedVars(s.then.get(), nullptr);
  auto forOp = scf::ForOp::create(b, l, lb, ub, stepVal.v, values(carried));
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = forOp.getBody();
    if (!body->empty())
      body->back().erase(); // The implicit yield of a loop without results.
    b.setInsertionPointToEnd(body);
    bind(carried, forOp.getRegionIterArgs());
    scopes.emplace_back();
    Var iv;
    iv.type = d.type;
    iv.value = ascending
                   ? forOp.getInductionVar()
                   : (Value)arith::SubIOp::create(b, loc(d.where), init.v,
                                                  forOp.getInductionVar());
    scopes.back()[d.name] = iv;
    scopes.emplace_back();
    bool ok = stmt(*s.then);
    scopes.pop_back();
    scopes.pop_back();
    if (!ok)
      return false;
    scf::YieldOp::create(b, l, values(carried));
  }
  bind(carried, forOp.getResults());
  return true;
}

bool CodeGen::whileLoop(const Stmt &s) {
  Location l = loc(s.where);
  if (!s.expr) {
    fail(s.where) << "a loop without a condition never ends";
    return false;
  }
  scopes.emplace_back();
  if (s.init && !stmt(*s.init))
    return false;
  llvm::SmallVector<std::string> carried =
      carriedVars(s.then.get(), s.expr.get(), nullptr, s.step.get());
  llvm::SmallVector<Value> inits = values(carried);
  llvm::SmallVector<Type> types;
  llvm::SmallVector<Location> locs;
  for (Value v : inits) {
    types.push_back(v.getType());
    locs.push_back(l);
  }
  auto whileOp = scf::WhileOp::create(b, l, types, inits);
  {
    OpBuilder::InsertionGuard guard(b);
    Block *before = b.createBlock(&whileOp.getBefore(), {}, types, locs);
    bind(carried, before->getArguments());
    Val cond;
    if (!expr(*s.expr, cond) || !toBool(cond, s.expr->where))
      return false;
    if (cond.isBlock()) {
      fail(s.expr->where) << "a loop's condition is a scalar, not a block "
                          << "of shape " << shapeStr(cond.shape);
      return false;
    }
    scf::ConditionOp::create(b, l, materialize(cond, l), values(carried));
    Block *after = b.createBlock(&whileOp.getAfter(), {}, types, locs);
    bind(carried, after->getArguments());
    scopes.emplace_back();
    bool ok = stmt(*s.then);
    scopes.pop_back();
    Val ignored;
    if (!ok || (s.step && !expr(*s.step, ignored)))
      return false;
    scf::YieldOp::create(b, l, values(carried));
  }
  bind(carried, whileOp.getResults());
  scopes.pop_back();
  return true;
}

bool CodeGen::forStmt(const Stmt &s) {
  bool handled;
  if (!countedFor(s, handled))
    return false;
  return handled || whileLoop(s);
}

bool CodeGen::stmt(const Stmt &s) {
  switch (s.kind) {
  case Stmt::Compound: {
    scopes.emplace_back();
    for (const StmtPtr &child : s.body)
      if (!stmt(*child))
        return false;
    scopes.pop_back();
    return true;
  }
  case Stmt::Decl:
    for (const Declarator &d : s.decls)
      if (!declare(d))
        return false;
    return true;
  case Stmt::ExprStmt: {
    Val ignored;
    return expr(*s.expr, ignored);
  }
  case Stmt::If:
    return ifStmt(s);
  case Stmt::For:
    return forStmt(s);
  case Stmt::While:
    return whileLoop(s);
  case Stmt::Return:
    fail(s.where) << "'return' is only supported as the last statement of "
                  << "a kernel";
    return false;
  case Stmt::Empty:
    return true;
  }
  return false;
}

bool CodeGen::kernel(const Kernel &k) {
  if (module.lookupSymbol(k.name)) {
    fail(k.where) << "redefinition of kernel '" << k.name << "'";
    return false;
  }
  llvm::SmallVector<Type> types;
  for (const Param &p : k.params) {
    if (p.type.kind == CType::Void && !p.type.isPointer()) {
      fail(p.where) << "parameter '" << p.name << "' declared void";
      return false;
    }
    types.push_back(scalarType(p.type));
  }
  b.setInsertionPointToEnd(module.getBody());
  auto fn =
      FuncOp::create(b, loc(k.where), k.name, b.getFunctionType(types, {}));
  fn.setSymVisibilityAttr(b.getStringAttr("public"));
  fn->setAttr("noinline", b.getBoolAttr(false));
  Block *entry = fn.addEntryBlock();
  scopes.assign(1, {});
  for (auto [i, p] : llvm::enumerate(k.params)) {
    // Pointers are taken 16-byte aligned, as upstream's launcher
    // specializes them (our launcher checks); __multipleof overrides.
    int64_t div = p.multipleOf ? p.multipleOf : p.type.isPointer() ? 16 : 0;
    if (div > 1)
      fn.setArgAttr(i, "tt.divisibility", b.getI32IntegerAttr(div));
    Value arg = entry->getArgument(i);
    arg.setLoc(NameLoc::get(b.getStringAttr(p.name), loc(p.where)));
    if (scopes[0].count(p.name)) {
      fail(p.where) << "two parameters named '" << p.name << "'";
      return false;
    }
    scopes[0][p.name] = Var{p.type, {}, arg};
  }
  b.setInsertionPointToStart(entry);
  const auto &body = k.body->body;
  scopes.emplace_back();
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i]->kind == Stmt::Return && i + 1 == body.size())
      break;
    if (!stmt(*body[i]))
      return false;
  }
  scopes.clear();
  ReturnOp::create(b, loc(k.body->where));
  return true;
}

bool mlir::triton::c::emitKernels(const std::vector<Kernel> &kernels,
                                  const Diag &diag, ModuleOp module) {
  CodeGen gen(diag, module);
  for (const Kernel &k : kernels)
    if (!gen.kernel(k))
      return false;
  return true;
}
