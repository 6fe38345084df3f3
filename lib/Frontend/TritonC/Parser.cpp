//===- Parser.cpp - Triton-C to an AST ------------------------------------===//
//
// A recursive-descent parser over the preprocessed tokens. The grammar is
// ANSI C's statements and expressions, restricted as the seeds restrict
// them (kernels only, no structs, unions, arrays of arrays or switch), and
// extended with:
//
//   declarations  TYPE *name[d0, d1] = init    (block variables)
//   ranges        a ... b, binding tighter than `*`, so that
//                 `pid * TM + 0 ... TM` is `pid * TM + (0 ... TM)`
//   subscripts    x[:, newaxis], x[+], x[:, max], x[min, :]
//   operators     a @ b (matrix product, at `*`'s precedence), ^x (transpose)
//   dereference   *p, and the masked *?(mask) p
//   parameters    int lda __multipleof(8)
//
//===----------------------------------------------------------------------===//

#include "Frontend.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::triton::c;

namespace {
class Parser {
public:
  Parser(const std::vector<Token> &tokens, const Diag &diag)
      : toks(tokens), diag(diag) {}

  bool kernels(std::vector<Kernel> &out);

private:
  const Token &peek(size_t ahead = 0) const {
    return toks[std::min(pos + ahead, toks.size() - 1)];
  }
  const Token &next() {
    const Token &t = peek();
    if (pos < toks.size() - 1)
      ++pos;
    return t;
  }
  bool accept(const char *punct) {
    if (!peek().is(punct))
      return false;
    next();
    return true;
  }
  bool expect(const char *punct, const char *what) {
    if (accept(punct))
      return true;
    // A token missing at the end of a line is reported there, not at the
    // start of the next line.
    Token at = peek();
    if (pos > 0 && toks[pos - 1].line < at.line) {
      at = toks[pos - 1];
      at.col += at.text.size();
    }
    fail(at) << "expected '" << punct << "' " << what;
    return false;
  }
  InFlightDiagnostic fail(const Token &t) {
    failed = true;
    return diag.error(t);
  }

  bool isTypeStart(const Token &t) const;
  bool typeSpec(CType &type);
  bool kernel(Kernel &k);
  bool param(Param &p);
  StmtPtr statement();
  StmtPtr compound();
  StmtPtr declaration();
  StmtPtr control();

  ExprPtr expression();
  ExprPtr assignment();
  ExprPtr ternary();
  ExprPtr binary(int minPrec);
  ExprPtr range();
  ExprPtr unary();
  ExprPtr postfix();
  ExprPtr primary();
  bool slices(Expr &sub);

  ExprPtr make(Expr::Kind kind, const Token &where) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->where = where;
    return e;
  }

  const std::vector<Token> &toks;
  const Diag &diag;
  size_t pos = 0;
  bool failed = false;
};

/// Keywords naming types, and C's words this language refuses.
bool isTypeWord(llvm::StringRef s) {
  return llvm::StringSwitch<bool>(s)
      .Cases({"void", "bool", "char", "short", "int", "long", "unsigned",
              "signed", "half", "float", "double", "bfloat16"},
             true)
      .Cases({"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
              "uint32_t", "uint64_t", "const", "volatile", "restrict",
              "__restrict__"},
             true)
      .Default(false);
}
} // namespace

bool Parser::isTypeStart(const Token &t) const {
  return t.kind == Token::Ident && isTypeWord(t.text);
}

bool Parser::typeSpec(CType &type) {
  const Token &start = peek();
  bool isUnsigned = false, sawSign = false;
  std::string base;
  while (isTypeStart(peek())) {
    std::string w = next().text;
    if (w == "const" || w == "volatile" || w == "restrict" ||
        w == "__restrict__")
      continue;
    if (w == "unsigned" || w == "signed") {
      isUnsigned = w == "unsigned";
      sawSign = true;
      continue;
    }
    if (w == "long" && base == "long")
      continue; // long long
    if (w == "int" && (base == "long" || base == "short"))
      continue;
    if (!base.empty()) {
      fail(start) << "invalid type: '" << base << " " << w << "'";
      return false;
    }
    base = w;
  }
  if (base.empty() && sawSign)
    base = "int";
  if (base.empty()) {
    fail(start) << "expected a type";
    return false;
  }
  using K = CType::Kind;
  K kind = llvm::StringSwitch<K>(base)
               .Case("void", K::Void)
               .Case("bool", K::Bool)
               .Cases({"char", "int8_t"}, K::I8)
               .Cases({"short", "int16_t"}, K::I16)
               .Cases({"int", "int32_t"}, K::I32)
               .Cases({"long", "int64_t"}, K::I64)
               .Case("uint8_t", K::U8)
               .Case("uint16_t", K::U16)
               .Case("uint32_t", K::U32)
               .Case("uint64_t", K::U64)
               .Case("half", K::F16)
               .Case("bfloat16", K::BF16)
               .Case("float", K::F32)
               .Default(K::F64);
  if (isUnsigned) {
    if (kind < K::I8 || kind > K::I64) {
      fail(start) << "'unsigned' applies to integer types only";
      return false;
    }
    kind = K(kind + (K::U8 - K::I8));
  }
  type = {kind, 0};
  while (accept("*"))
    ++type.pointer;
  return true;
}

bool Parser::param(Param &p) {
  if (!typeSpec(p.type))
    return false;
  while (peek().kind == Token::Ident &&
         (peek().text == "const" || peek().text == "restrict"))
    next();
  if (peek().kind != Token::Ident) {
    fail(peek()) << "expected a parameter name";
    return false;
  }
  p.where = peek();
  p.name = next().text;
  // Attributes: __multipleof(N) (tt.divisibility), __noalias, __readonly,
  // __aligned(N) (the same as __multipleof on a pointer).
  while (peek().kind == Token::Ident && peek().text.rfind("__", 0) == 0) {
    const Token &attr = next();
    if (attr.text == "__noalias" || attr.text == "__readonly" ||
        attr.text == "__writeonly")
      continue;
    if (attr.text != "__multipleof" && attr.text != "__aligned") {
      fail(attr) << "unknown parameter attribute '" << attr.text << "'";
      return false;
    }
    if (!expect("(", "after the attribute"))
      return false;
    const Token &n = next();
    int64_t v =
        n.kind == Token::Int ? std::strtoll(n.text.c_str(), nullptr, 0) : 0;
    if (v <= 0 || (v & (v - 1))) {
      fail(n) << attr.text << " needs a power of two, got '" << n.text << "'";
      return false;
    }
    p.multipleOf = v;
    if (!expect(")", "after the attribute's value"))
      return false;
  }
  return true;
}

bool Parser::kernel(Kernel &k) {
  k.where = peek();
  // Every function is a kernel, as the seeds say; `__global__` is optional.
  if (peek().isIdent("__global__"))
    next();
  else if (peek().isIdent("__device__") || peek().isIdent("static") ||
           peek().isIdent("inline")) {
    fail(peek()) << "non-kernel functions are not supported: every function "
                    "is a __global__ kernel";
    return false;
  }
  CType ret;
  if (!typeSpec(ret))
    return false;
  if (ret.kind != CType::Void || ret.isPointer()) {
    fail(k.where) << "a kernel returns void";
    return false;
  }
  if (peek().kind != Token::Ident) {
    fail(peek()) << "expected the kernel's name";
    return false;
  }
  k.where = peek();
  k.name = next().text;
  if (!expect("(", "after the kernel's name"))
    return false;
  if (!peek().is(")")) {
    do {
      if (peek().isIdent("void") && peek(1).is(")")) {
        next();
        break;
      }
      Param p;
      if (!param(p))
        return false;
      k.params.push_back(std::move(p));
    } while (accept(","));
  }
  if (!expect(")", "after the parameters"))
    return false;
  if (!peek().is("{")) {
    fail(peek()) << "expected the kernel's body";
    return false;
  }
  k.body = compound();
  return !failed;
}

bool Parser::kernels(std::vector<Kernel> &out) {
  while (peek().kind != Token::End) {
    Kernel k;
    if (!kernel(k))
      return false;
    out.push_back(std::move(k));
  }
  if (out.empty()) {
    fail(peek()) << "no kernel in this file";
    return false;
  }
  return true;
}

StmtPtr Parser::compound() {
  auto s = std::make_unique<Stmt>();
  s->kind = Stmt::Compound;
  s->where = next(); // {
  while (!peek().is("}")) {
    if (peek().kind == Token::End) {
      fail(s->where) << "unterminated block: '{' without '}'";
      return nullptr;
    }
    StmtPtr child = statement();
    if (!child)
      return nullptr;
    s->body.push_back(std::move(child));
  }
  next();
  return s;
}

StmtPtr Parser::declaration() {
  auto s = std::make_unique<Stmt>();
  s->kind = Stmt::Decl;
  s->where = peek();
  CType base;
  if (!typeSpec(base))
    return nullptr;
  int basePointer = base.pointer;
  do {
    Declarator d;
    d.type = base;
    d.type.pointer = basePointer;
    while (accept("*"))
      ++d.type.pointer;
    if (peek().kind != Token::Ident || isTypeStart(peek())) {
      fail(peek()) << "expected a variable name";
      return nullptr;
    }
    d.where = peek();
    d.name = next().text;
    if (accept("[")) {
      d.isBlock = true;
      do {
        ExprPtr dim = ternary();
        if (!dim)
          return nullptr;
        d.dims.push_back(std::move(dim));
      } while (accept(","));
      if (!expect("]", "after the block's shape"))
        return nullptr;
      if (peek().is("[")) {
        fail(peek()) << "nested arrays are not supported; a block's shape "
                        "is written [d0, d1]";
        return nullptr;
      }
    }
    if (accept("=")) {
      d.init = assignment();
      if (!d.init)
        return nullptr;
    }
    if (d.type.kind == CType::Void && !d.type.isPointer()) {
      fail(d.where) << "variable '" << d.name << "' declared void";
      return nullptr;
    }
    s->decls.push_back(std::move(d));
  } while (accept(","));
  if (!expect(";", "after the declaration"))
    return nullptr;
  return s;
}

StmtPtr Parser::control() {
  auto s = std::make_unique<Stmt>();
  s->where = next();
  const std::string &word = s->where.text;
  if (word == "return") {
    s->kind = Stmt::Return;
    if (!peek().is(";")) {
      fail(peek()) << "a kernel returns no value";
      return nullptr;
    }
    next();
    return s;
  }
  if (!expect("(", ("after '" + word + "'").c_str()))
    return nullptr;
  if (word == "for") {
    s->kind = Stmt::For;
    if (isTypeStart(peek())) {
      s->init = declaration();
    } else if (!accept(";")) {
      s->init = std::make_unique<Stmt>();
      s->init->kind = Stmt::ExprStmt;
      s->init->where = peek();
      s->init->expr = expression();
      if (!s->init->expr || !expect(";", "after the loop's initialization"))
        return nullptr;
    }
    if (failed)
      return nullptr;
    if (!peek().is(";") && !(s->expr = expression()))
      return nullptr;
    if (!expect(";", "after the loop's condition"))
      return nullptr;
    if (!peek().is(")") && !(s->step = expression()))
      return nullptr;
  } else {
    s->kind = word == "if" ? Stmt::If : Stmt::While;
    if (!(s->expr = expression()))
      return nullptr;
  }
  if (!expect(")", ("to close the '" + word + "'").c_str()))
    return nullptr;
  if (!(s->then = statement()))
    return nullptr;
  if (s->kind == Stmt::If && peek().isIdent("else")) {
    next();
    if (!(s->otherwise = statement()))
      return nullptr;
  }
  return s;
}

StmtPtr Parser::statement() {
  const Token &t = peek();
  if (t.is("{"))
    return compound();
  if (t.is(";")) {
    auto s = std::make_unique<Stmt>();
    s->kind = Stmt::Empty;
    s->where = next();
    return s;
  }
  if (isTypeStart(t))
    return declaration();
  if (t.kind == Token::Ident) {
    if (t.text == "if" || t.text == "for" || t.text == "while" ||
        t.text == "return")
      return control();
    if (t.text == "do") {
      fail(t) << "do-while loops are not supported; use 'while' or 'for'";
      return nullptr;
    }
    if (t.text == "break" || t.text == "continue" || t.text == "goto" ||
        t.text == "switch" || t.text == "case") {
      fail(t) << "'" << t.text << "' is not supported in Triton-C";
      return nullptr;
    }
    if (t.text == "struct" || t.text == "union" || t.text == "typedef" ||
        t.text == "enum") {
      fail(t) << "'" << t.text
              << "' is not supported in Triton-C (primitive types only)";
      return nullptr;
    }
  }
  auto s = std::make_unique<Stmt>();
  s->kind = Stmt::ExprStmt;
  s->where = t;
  if (!(s->expr = expression()) || !expect(";", "after the expression"))
    return nullptr;
  return s;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::expression() {
  ExprPtr e = assignment();
  if (e && peek().is(",")) {
    fail(peek()) << "the comma operator is not supported";
    return nullptr;
  }
  return e;
}

ExprPtr Parser::assignment() {
  ExprPtr lhs = ternary();
  if (!lhs)
    return nullptr;
  static const char *const ops[] = {
      "=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="};
  for (const char *op : ops) {
    if (!peek().is(op))
      continue;
    ExprPtr e = make(Expr::Assign, next());
    e->op = op;
    ExprPtr rhs = assignment();
    if (!rhs)
      return nullptr;
    e->ops.push_back(std::move(lhs));
    e->ops.push_back(std::move(rhs));
    return e;
  }
  return lhs;
}

ExprPtr Parser::ternary() {
  ExprPtr cond = binary(0);
  if (!cond || !peek().is("?"))
    return cond;
  ExprPtr e = make(Expr::Ternary, next());
  ExprPtr a = expression();
  if (!a || !expect(":", "in the conditional expression"))
    return nullptr;
  ExprPtr b = ternary();
  if (!b)
    return nullptr;
  e->ops.push_back(std::move(cond));
  e->ops.push_back(std::move(a));
  e->ops.push_back(std::move(b));
  return e;
}

namespace {
int precedence(const Token &t) {
  if (t.kind != Token::Punct)
    return -1;
  return llvm::StringSwitch<int>(t.text)
      .Case("||", 0)
      .Case("&&", 1)
      .Case("|", 2)
      .Case("^", 3)
      .Case("&", 4)
      .Cases({"==", "!="}, 5)
      .Cases({"<", ">", "<=", ">="}, 6)
      .Cases({"<<", ">>"}, 7)
      .Cases({"+", "-"}, 8)
      .Cases({"*", "/", "%", "@"}, 9)
      .Default(-1);
}
} // namespace

ExprPtr Parser::binary(int minPrec) {
  ExprPtr lhs = range();
  while (lhs) {
    int prec = precedence(peek());
    if (prec < minPrec)
      break;
    ExprPtr e = make(Expr::Binary, next());
    e->op = e->where.text;
    ExprPtr rhs = binary(prec + 1);
    if (!rhs)
      return nullptr;
    e->ops.push_back(std::move(lhs));
    e->ops.push_back(std::move(rhs));
    lhs = std::move(e);
  }
  return lhs;
}

ExprPtr Parser::range() {
  ExprPtr lo = unary();
  if (!lo || !peek().is("..."))
    return lo;
  ExprPtr e = make(Expr::Range, next());
  ExprPtr hi = unary();
  if (!hi)
    return nullptr;
  e->ops.push_back(std::move(lo));
  e->ops.push_back(std::move(hi));
  return e;
}

ExprPtr Parser::unary() {
  const Token &t = peek();
  if (t.is("*")) {
    ExprPtr e = make(Expr::Deref, next());
    ExprPtr mask;
    if (accept("?")) {
      // *?(mask) pointer
      if (!expect("(", "after '*?'") || !(mask = expression()) ||
          !expect(")", "after the dereference's mask"))
        return nullptr;
    }
    ExprPtr ptr = unary();
    if (!ptr)
      return nullptr;
    e->ops.push_back(std::move(ptr));
    if (mask)
      e->ops.push_back(std::move(mask));
    return e;
  }
  if (t.is("-") || t.is("+") || t.is("!") || t.is("~") || t.is("^")) {
    ExprPtr e = make(Expr::Unary, next());
    e->op = e->where.text;
    ExprPtr x = unary();
    if (!x)
      return nullptr;
    e->ops.push_back(std::move(x));
    return e;
  }
  if (t.is("++") || t.is("--")) {
    ExprPtr e = make(Expr::IncDec, next());
    e->op = e->where.text;
    e->prefix = true;
    ExprPtr x = unary();
    if (!x)
      return nullptr;
    e->ops.push_back(std::move(x));
    return e;
  }
  if (t.is("&")) {
    fail(t) << "taking an address ('&') is not supported in Triton-C";
    return nullptr;
  }
  if (t.is("(") && isTypeStart(peek(1))) {
    ExprPtr e = make(Expr::Cast, next());
    if (!typeSpec(e->type) || !expect(")", "after the cast's type"))
      return nullptr;
    ExprPtr x = unary();
    if (!x)
      return nullptr;
    e->ops.push_back(std::move(x));
    return e;
  }
  return postfix();
}

bool Parser::slices(Expr &sub) {
  do {
    SliceItem item;
    item.where = peek();
    const Token &t = peek();
    bool endsItem = peek(1).is(",") || peek(1).is("]");
    if (t.is(":")) {
      item.kind = SliceItem::All;
    } else if (t.isIdent("newaxis")) {
      item.kind = SliceItem::NewAxis;
    } else if (endsItem &&
               (t.is("+") || t.isIdent("max") || t.isIdent("min"))) {
      item.kind = SliceItem::Reduce;
      item.op = t.text;
    } else {
      fail(t) << "expected ':', 'newaxis' or a reduction (+, max, min) in "
                 "the subscript: indexing blocks by value is not supported";
      return false;
    }
    next();
    sub.slices.push_back(item);
  } while (accept(","));
  return expect("]", "after the subscript");
}

ExprPtr Parser::postfix() {
  ExprPtr e = primary();
  while (e) {
    if (peek().is("[")) {
      ExprPtr sub = make(Expr::Subscript, next());
      sub->ops.push_back(std::move(e));
      if (!slices(*sub))
        return nullptr;
      e = std::move(sub);
    } else if (peek().is("(")) {
      if (e->kind != Expr::Ident) {
        fail(peek()) << "only named functions can be called";
        return nullptr;
      }
      ExprPtr call = make(Expr::Call, e->where);
      call->name = e->name;
      next();
      if (!peek().is(")")) {
        do {
          ExprPtr arg = assignment();
          if (!arg)
            return nullptr;
          call->ops.push_back(std::move(arg));
        } while (accept(","));
      }
      if (!expect(")", "after the call's arguments"))
        return nullptr;
      e = std::move(call);
    } else if (peek().is("++") || peek().is("--")) {
      ExprPtr inc = make(Expr::IncDec, next());
      inc->op = inc->where.text;
      inc->ops.push_back(std::move(e));
      e = std::move(inc);
    } else if (peek().is(".") || peek().is("->")) {
      fail(peek()) << "member access is not supported in Triton-C";
      return nullptr;
    } else {
      break;
    }
  }
  return e;
}

ExprPtr Parser::primary() {
  const Token &t = peek();
  if (t.kind == Token::Int) {
    ExprPtr e = make(Expr::IntLit, next());
    errno = 0;
    e->ival = (int64_t)std::strtoull(t.text.c_str(), nullptr, 0);
    if (errno) {
      fail(t) << "integer literal '" << t.text << "' is too large";
      return nullptr;
    }
    return e;
  }
  if (t.kind == Token::Float) {
    ExprPtr e = make(Expr::FloatLit, next());
    e->fval = std::strtod(t.text.c_str(), nullptr);
    return e;
  }
  if (t.isIdent("true") || t.isIdent("false")) {
    ExprPtr e = make(Expr::IntLit, next());
    e->ival = t.text == "true";
    e->type = {CType::Bool, 0};
    return e;
  }
  if (t.kind == Token::Ident && !isTypeStart(t)) {
    ExprPtr e = make(Expr::Ident, next());
    e->name = t.text;
    return e;
  }
  if (t.is("(")) {
    next();
    ExprPtr e = expression();
    if (!e || !expect(")", "to close the parenthesis"))
      return nullptr;
    return e;
  }
  if (t.kind == Token::End)
    fail(t) << "unexpected end of file in an expression";
  else
    fail(t) << "expected an expression, got '" << t.text << "'";
  return nullptr;
}

bool mlir::triton::c::parse(const std::vector<Token> &tokens, const Diag &diag,
                            std::vector<Kernel> &kernels) {
  Parser p(tokens, diag);
  return p.kernels(kernels);
}
