//===- CodeGen.h - Triton-C AST to TTIR -------------------------*- C++ -*-===//
//
// Values during emission are `Val`s: an MLIR value with its C element type
// (signedness kept, MLIR integers are signless) and block shape, or an
// unmaterialized literal. Literals are "weak" as in Triton's semantics: a
// literal takes the type of the block it meets unless its kind is higher
// (an int literal with a half block is half; a float literal with an int
// block makes both f32). Variables keep their declared type and shape:
// every assignment converts and broadcasts to them.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_FRONTEND_TRITONC_CODEGEN_H
#define TRITONDIALECT_LIB_FRONTEND_TRITONC_CODEGEN_H

#include "Frontend.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <set>

namespace mlir::triton::c {

struct Val {
  enum Lit { None, IntLit, FloatLit };
  Value v;
  CType type;
  llvm::SmallVector<int64_t> shape;
  Lit lit = None;
  int64_t ival = 0;
  double fval = 0;

  bool isBlock() const { return !shape.empty(); }
  bool isLit() const { return lit != None; }
};

struct Var {
  CType type;
  llvm::SmallVector<int64_t> shape;
  Value value;
};

/// Variable names in the order first seen.
using NameSet = llvm::SetVector<std::string, std::vector<std::string>,
                                std::set<std::string>>;

/// `[16, 8]`, for diagnostics.
std::string shapeStr(llvm::ArrayRef<int64_t> shape);

/// Whether NumPy broadcasting takes `from` to `to`.
bool canBroadcast(llvm::ArrayRef<int64_t> from, llvm::ArrayRef<int64_t> to);

class CodeGen {
public:
  CodeGen(const Diag &diag, ModuleOp module);
  bool kernel(const Kernel &k);

  // Types and values (CodeGenExpr.cpp).
  Type scalarType(CType t);
  Type type(CType t, llvm::ArrayRef<int64_t> shape);
  Value materialize(const Val &v, Location loc);
  bool convert(Val &v, CType to, const Token &where, bool isCast = false);
  bool broadcastTo(Val &v, llvm::ArrayRef<int64_t> shape, const Token &where,
                   const char *what = "the operand");
  bool broadcastPair(Val &a, Val &b, const Token &where);
  bool promote(Val &a, Val &b, const Token &where);
  bool toBool(Val &v, const Token &where);
  Val constant(CType t, llvm::ArrayRef<int64_t> shape, double value,
               Location loc);

  // Expressions (CodeGenExpr.cpp, CodeGenOps.cpp).
  bool expr(const Expr &e, Val &out);
  bool binaryOp(const std::string &op, Val a, Val b, const Token &where,
                Val &out);
  bool arithmetic(const std::string &op, Val a, Val b, const Token &where,
                  Val &out);
  bool compare(const std::string &op, Val a, Val b, const Token &where,
               Val &out);
  bool foldLiterals(const std::string &op, const Val &a, const Val &b,
                    const Token &where, Val &out, bool &folded);
  bool unaryOp(const Expr &e, Val &out);
  bool ternary(const Expr &e, Val &out);
  bool load(const Expr &deref, Val *mask, Val *other, Val &out);
  bool store(const Expr &deref, Val value, const Token &where);
  bool assign(const Expr &e, Val &out);
  bool subscript(const Expr &e, Val &out);
  bool reduce(Val v, unsigned axis, const std::string &op, const Token &where,
              Val &out);
  bool matmul(Val a, Val b, const Token &where, Val &out);
  bool call(const Expr &e, Val &out);
  bool mathCall(const Expr &e, std::vector<Val> &args, Val &out);
  bool constInt(const Expr &e, int64_t &value, const char *what);

  // Statements (CodeGenStmt.cpp).
  bool stmt(const Stmt &s);
  bool declare(const Declarator &d);
  bool ifStmt(const Stmt &s);
  bool forStmt(const Stmt &s);
  bool countedFor(const Stmt &s, bool &handled);
  bool whileLoop(const Stmt &s);
  llvm::SmallVector<std::string> carriedVars(const Stmt *a, const Expr *b,
                                             const Stmt *c = nullptr,
                                             const Expr *d = nullptr);
  llvm::SmallVector<Value> values(llvm::ArrayRef<std::string> names);
  void bind(llvm::ArrayRef<std::string> names, ValueRange values);

  Var *lookup(const std::string &name);
  void nameValue(Value v, const std::string &name);
  Location loc(const Token &t) { return diag.loc(t); }
  InFlightDiagnostic fail(const Token &t) { return diag.error(t); }

  const Diag &diag;
  MLIRContext *ctx;
  OpBuilder b;
  ModuleOp module;
  std::vector<llvm::StringMap<Var>> scopes;
};

} // namespace mlir::triton::c

#endif // TRITONDIALECT_LIB_FRONTEND_TRITONC_CODEGEN_H
