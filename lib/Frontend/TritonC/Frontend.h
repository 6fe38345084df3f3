//===- Frontend.h - Triton-C tokens, preprocessor, AST, parser --*- C++ -*-===//
//
// The frontend's private interfaces. The pipeline is
//
//   lex (Lexer.cpp) -> preprocess (Preprocessor.cpp: #define, -D, #if...)
//     -> parse (Parser.cpp: an AST of kernels, statements, expressions)
//     -> emit (CodeGen*.cpp: TTIR through OpBuilder)
//
// Every stage reports errors through `Diag`, located at file:line:col.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_FRONTEND_TRITONC_FRONTEND_H
#define TRITONDIALECT_LIB_FRONTEND_TRITONC_FRONTEND_H

#include "TritonDialect/Frontend/TritonC/TritonC.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlir::triton::c {

//===----------------------------------------------------------------------===//
// Tokens and diagnostics
//===----------------------------------------------------------------------===//

struct Token {
  enum Kind { Ident, Int, Float, Punct, End };
  Kind kind = End;
  std::string text;
  unsigned line = 0, col = 0;
  /// The first token of its source line (preprocessor directives).
  bool bol = false;
  /// Macros whose expansion produced this token: not expanded again.
  std::vector<std::string> hide;

  bool is(const char *punct) const { return kind == Punct && text == punct; }
  bool isIdent(const char *name) const { return kind == Ident && text == name; }
};

/// Where errors go: MLIR diagnostics at file:line:col of the source.
struct Diag {
  MLIRContext *context;
  std::string file;

  Location loc(unsigned line, unsigned col) const {
    return FileLineColLoc::get(context, file, line, col);
  }
  Location loc(const Token &t) const { return loc(t.line, t.col); }
  InFlightDiagnostic error(const Token &t) const { return emitError(loc(t)); }
};

/// Splits `text` into tokens; false after a diagnostic.
bool lex(llvm::StringRef text, const Diag &diag, std::vector<Token> &out,
         unsigned line = 1, unsigned col = 1);

/// Runs the directives and expands macros (`defines` first, then the
/// source's #defines); the result ends with an End token.
bool preprocess(std::vector<Token> input, const std::vector<Define> &defines,
                const Diag &diag, std::vector<Token> &out);

//===----------------------------------------------------------------------===//
// AST
//===----------------------------------------------------------------------===//

/// A C type: a scalar kind and a pointer depth. Blocks carry their shape
/// beside it.
struct CType {
  enum Kind {
    Void,
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F16,
    BF16,
    F32,
    F64
  };
  Kind kind = I32;
  int pointer = 0;

  bool isPointer() const { return pointer > 0; }
  bool isFloat() const {
    return !pointer &&
           (kind == F16 || kind == BF16 || kind == F32 || kind == F64);
  }
  bool isInt() const { return !pointer && kind >= I8 && kind <= U64; }
  bool isUnsigned() const { return !pointer && kind >= U8 && kind <= U64; }
  bool isBool() const { return !pointer && kind == Bool; }
  unsigned bits() const;
  CType pointee() const { return {kind, pointer - 1}; }
  CType pointerTo() const { return {kind, pointer + 1}; }
  bool operator==(const CType &o) const {
    return kind == o.kind && pointer == o.pointer;
  }
  bool operator!=(const CType &o) const { return !(*this == o); }
  std::string str() const;
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

/// One item of a subscript: `:`, `newaxis`, or a reduction `+`/`max`/`min`.
struct SliceItem {
  enum Kind { All, NewAxis, Reduce };
  Kind kind = All;
  std::string op;
  Token where;
};

struct Expr {
  enum Kind {
    IntLit,    // ival
    FloatLit,  // fval
    Ident,     // name
    Unary,     // op: - + ! ~ ^ (transpose)
    Binary,    // op, ops[0] op ops[1] (including @)
    Range,     // ops[0] ... ops[1]
    Ternary,   // ops[0] ? ops[1] : ops[2]
    Call,      // name(ops...)
    Subscript, // ops[0][slices]
    Deref,     // *ops[0], or *?(ops[1]) ops[0]
    Cast,      // (type) ops[0]
    Assign,    // ops[0] op ops[1]; op is "=", "+=", ...
    IncDec,    // op "++"/"--" on ops[0]; prefix says which form
  };
  Kind kind;
  Token where;
  std::string op, name;
  int64_t ival = 0;
  double fval = 0;
  bool prefix = false;
  CType type;
  std::vector<ExprPtr> ops;
  std::vector<SliceItem> slices;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

/// `TYPE *name[d0, d1] = init` (one declarator of a declaration).
struct Declarator {
  Token where;
  std::string name;
  CType type;
  std::vector<ExprPtr> dims;
  bool isBlock = false;
  ExprPtr init;
};

struct Stmt {
  enum Kind { Compound, Decl, ExprStmt, If, For, While, Return, Empty };
  Kind kind;
  Token where;
  std::vector<StmtPtr> body; // Compound
  std::vector<Declarator> decls;
  ExprPtr expr;            // ExprStmt; If/For/While condition
  StmtPtr init;            // For
  ExprPtr step;            // For
  StmtPtr then, otherwise; // If; For/While body in `then`
};

struct Param {
  Token where;
  std::string name;
  CType type;
  int64_t multipleOf = 0;
};

struct Kernel {
  Token where;
  std::string name;
  std::vector<Param> params;
  StmtPtr body;
};

/// Parses the preprocessed tokens into kernels; false after a diagnostic.
bool parse(const std::vector<Token> &tokens, const Diag &diag,
           std::vector<Kernel> &kernels);

/// Emits one `tt.func public` per kernel into `module`.
bool emitKernels(const std::vector<Kernel> &kernels, const Diag &diag,
                 ModuleOp module);

} // namespace mlir::triton::c

#endif // TRITONDIALECT_LIB_FRONTEND_TRITONC_FRONTEND_H
