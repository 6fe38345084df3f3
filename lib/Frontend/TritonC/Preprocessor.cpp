//===- Preprocessor.cpp - Triton-C's C preprocessor -----------------------===//
//
// The part of C's preprocessor Triton-C kernels use: object-like and
// function-like `#define`, `#undef`, `#ifdef`/`#ifndef`/`#if`/`#elif`/
// `#else`/`#endif` (with `defined`), and `-D` macros from the command line,
// which the seeds' kernels rely on for types, tile shapes and broadcasting
// directives (`-DSHAPE_A=TM,TK`, `-DBROADCAST_AK=newaxis,:`).
//
// An expanded token takes the location of the macro use that produced it,
// so errors inside macro bodies point at the kernel line using them. A macro
// is not expanded again inside its own expansion (each token carries the
// names it came from).
//
//===----------------------------------------------------------------------===//

#include "Frontend.h"

#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::triton::c;

namespace {
struct Macro {
  bool functionLike = false;
  std::vector<std::string> params;
  std::vector<Token> body;
};

/// One level of #if nesting: whether its lines are kept, and whether one of
/// its branches was taken already.
struct Conditional {
  bool active, taken, parentActive;
  Token where;
  bool sawElse = false;
};

class Preprocessor {
public:
  explicit Preprocessor(const Diag &diag) : diag(diag) {}

  bool define(const Define &d);
  bool run(const std::vector<Token> &input, std::vector<Token> &out);

private:
  bool directive(std::vector<Token> line);
  bool expand(std::vector<Token> tokens, std::vector<Token> &out);
  bool expandAt(std::vector<Token> &tokens, size_t i, bool &expanded);
  bool collectArgs(std::vector<Token> &tokens, size_t open,
                   std::vector<std::vector<Token>> &args, size_t &close);
  bool evalCondition(std::vector<Token> line, const Token &where, bool &value);
  bool active() const { return conds.empty() || conds.back().active; }

  const Diag &diag;
  llvm::StringMap<Macro> macros;
  std::vector<Conditional> conds;
};

bool contains(const std::vector<std::string> &v, const std::string &s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}
} // namespace

bool Preprocessor::define(const Define &d) {
  Diag cmdline{diag.context, "<command line>"};
  Macro m;
  if (!lex(d.second, cmdline, m.body, 1, 1))
    return false;
  for (Token &t : m.body)
    t.bol = false;
  macros[d.first] = std::move(m);
  return true;
}

bool Preprocessor::collectArgs(std::vector<Token> &tokens, size_t open,
                               std::vector<std::vector<Token>> &args,
                               size_t &close) {
  int depth = 0;
  args.assign(1, {});
  for (size_t j = open; j < tokens.size(); ++j) {
    const Token &t = tokens[j];
    // As in C, only parentheses nest: a comma inside brackets separates
    // arguments.
    if (t.is("(")) {
      if (depth++ == 0)
        continue;
    } else if (t.is(")")) {
      if (--depth == 0) {
        close = j;
        if (args.size() == 1 && args[0].empty())
          args.clear();
        return true;
      }
    } else if (t.is(",") && depth == 1) {
      args.emplace_back();
      continue;
    }
    args.back().push_back(t);
  }
  diag.error(tokens[open]) << "unterminated macro argument list";
  return false;
}

/// Expands the macro use at `tokens[i]` in place, if it is one.
bool Preprocessor::expandAt(std::vector<Token> &tokens, size_t i,
                            bool &expanded) {
  expanded = false;
  Token use = tokens[i];
  auto it = macros.find(use.text);
  if (use.kind != Token::Ident || it == macros.end() ||
      contains(use.hide, use.text))
    return true;
  const Macro &m = it->second;
  size_t last = i;
  std::vector<std::vector<Token>> args;
  if (m.functionLike) {
    if (i + 1 >= tokens.size() || !tokens[i + 1].is("("))
      return true; // The name alone is not a use.
    if (!collectArgs(tokens, i + 1, args, last))
      return false;
    if (args.size() != m.params.size()) {
      diag.error(use) << "macro '" << use.text << "' takes " << m.params.size()
                      << " arguments, given " << args.size();
      return false;
    }
    for (auto &arg : args) {
      std::vector<Token> done;
      if (!expand(arg, done))
        return false;
      arg = std::move(done);
    }
  }
  std::vector<Token> result;
  for (const Token &b : m.body) {
    auto param = std::find(m.params.begin(), m.params.end(), b.text);
    if (b.kind == Token::Ident && param != m.params.end()) {
      for (const Token &a : args[param - m.params.begin()])
        result.push_back(a);
      continue;
    }
    result.push_back(b);
  }
  for (Token &t : result) {
    t.line = use.line;
    t.col = use.col;
    t.bol = false;
    for (const std::string &h : use.hide)
      if (!contains(t.hide, h))
        t.hide.push_back(h);
    t.hide.push_back(use.text);
  }
  tokens.erase(tokens.begin() + i, tokens.begin() + last + 1);
  tokens.insert(tokens.begin() + i, result.begin(), result.end());
  expanded = true;
  return true;
}

bool Preprocessor::expand(std::vector<Token> tokens, std::vector<Token> &out) {
  size_t i = 0;
  unsigned budget = 1u << 20; // Bounds runaway expansions.
  while (i < tokens.size()) {
    bool expanded;
    if (!expandAt(tokens, i, expanded))
      return false;
    if (expanded) {
      if (--budget == 0 || tokens.size() > (1u << 22)) {
        diag.error(tokens[std::min(i, tokens.size() - 1)])
            << "macro expansion too large";
        return false;
      }
      continue; // Rescan the replacement.
    }
    ++i;
  }
  for (Token &t : tokens)
    out.push_back(std::move(t));
  return true;
}

/// Evaluates an `#if` line: `defined X` and `defined(X)`, integers, the C
/// operators on them; other identifiers are 0, as in C.
bool Preprocessor::evalCondition(std::vector<Token> line, const Token &where,
                                 bool &value) {
  std::vector<Token> replaced;
  for (size_t i = 0; i < line.size(); ++i) {
    if (!line[i].isIdent("defined")) {
      replaced.push_back(line[i]);
      continue;
    }
    bool paren = i + 1 < line.size() && line[i + 1].is("(");
    size_t name = i + (paren ? 2 : 1);
    if (name >= line.size() || line[name].kind != Token::Ident) {
      diag.error(line[i]) << "'defined' needs a macro name";
      return false;
    }
    Token t = line[i];
    t.kind = Token::Int;
    t.text = macros.count(line[name].text) ? "1" : "0";
    replaced.push_back(t);
    i = name + (paren ? 1 : 0);
  }
  std::vector<Token> tokens;
  if (!expand(replaced, tokens))
    return false;
  // Precedence climbing over the tokens.
  size_t pos = 0;
  bool ok = true;
  std::function<int64_t(int)> binary;
  std::function<int64_t()> unary = [&]() -> int64_t {
    if (pos >= tokens.size()) {
      ok = false;
      return 0;
    }
    const Token &t = tokens[pos++];
    if (t.is("!"))
      return !unary();
    if (t.is("-"))
      return -unary();
    if (t.is("(")) {
      int64_t v = binary(0);
      if (pos >= tokens.size() || !tokens[pos++].is(")"))
        ok = false;
      return v;
    }
    if (t.kind == Token::Int)
      return std::strtoll(t.text.c_str(), nullptr, 0);
    if (t.kind == Token::Ident)
      return 0;
    ok = false;
    return 0;
  };
  static const std::pair<const char *, int> ops[] = {
      {"||", 1}, {"&&", 2}, {"==", 3}, {"!=", 3}, {"<", 4}, {">", 4},
      {"<=", 4}, {">=", 4}, {"+", 5},  {"-", 5},  {"*", 6}, {"/", 6}};
  binary = [&](int minPrec) -> int64_t {
    int64_t lhs = unary();
    while (ok && pos < tokens.size()) {
      int prec = -1;
      std::string op = tokens[pos].text;
      for (auto &[name, p] : ops)
        if (tokens[pos].kind == Token::Punct && op == name)
          prec = p;
      if (prec < 0 || prec < minPrec)
        break;
      ++pos;
      int64_t rhs = binary(prec + 1);
      if (op == "||")
        lhs = lhs || rhs;
      else if (op == "&&")
        lhs = lhs && rhs;
      else if (op == "==")
        lhs = lhs == rhs;
      else if (op == "!=")
        lhs = lhs != rhs;
      else if (op == "<")
        lhs = lhs < rhs;
      else if (op == ">")
        lhs = lhs > rhs;
      else if (op == "<=")
        lhs = lhs <= rhs;
      else if (op == ">=")
        lhs = lhs >= rhs;
      else if (op == "+")
        lhs = lhs + rhs;
      else if (op == "-")
        lhs = lhs - rhs;
      else if (op == "*")
        lhs = lhs * rhs;
      else if (rhs == 0)
        ok = false;
      else
        lhs = lhs / rhs;
    }
    return lhs;
  };
  value = binary(0) != 0;
  if (!ok || pos != tokens.size()) {
    diag.error(where) << "cannot evaluate this #if condition";
    return false;
  }
  return true;
}

bool Preprocessor::directive(std::vector<Token> line) {
  const Token &hash = line[0];
  if (line.size() == 1)
    return true; // The null directive.
  const Token &name = line[1];
  std::vector<Token> rest(line.begin() + 2, line.end());
  const std::string &d = name.text;
  if (d == "ifdef" || d == "ifndef" || d == "if") {
    bool value = false;
    if (d == "if") {
      if (active() && !evalCondition(rest, name, value))
        return false;
    } else {
      if (rest.empty() || rest[0].kind != Token::Ident) {
        diag.error(name) << "#" << d << " needs a macro name";
        return false;
      }
      value = macros.count(rest[0].text) == (d == "ifdef" ? 1u : 0u);
    }
    conds.push_back({active() && value, value, active(), hash});
    return true;
  }
  if (d == "elif" || d == "else" || d == "endif") {
    if (conds.empty() || (conds.back().sawElse && d != "endif")) {
      diag.error(name) << "#" << d << " without a matching #if";
      return false;
    }
    Conditional &c = conds.back();
    if (d == "endif") {
      conds.pop_back();
      return true;
    }
    bool value = !c.taken;
    if (d == "elif" && value && c.parentActive &&
        !evalCondition(rest, name, value))
      return false;
    c.sawElse = d == "else";
    c.active = c.parentActive && value && !c.taken;
    c.taken = c.taken || value;
    return true;
  }
  if (!active())
    return true;
  if (d == "define") {
    if (rest.empty() || rest[0].kind != Token::Ident) {
      diag.error(name) << "#define needs a macro name";
      return false;
    }
    Macro m;
    size_t i = 1;
    bool adjacentParen = rest.size() > 1 && rest[1].is("(") &&
                         rest[1].line == rest[0].line &&
                         rest[1].col == rest[0].col + rest[0].text.size();
    if (adjacentParen) {
      m.functionLike = true;
      for (i = 2; i < rest.size() && !rest[i].is(")"); ++i) {
        if (rest[i].is(","))
          continue;
        if (rest[i].kind != Token::Ident) {
          diag.error(rest[i]) << "expected a macro parameter name";
          return false;
        }
        m.params.push_back(rest[i].text);
      }
      if (i == rest.size()) {
        diag.error(rest[0]) << "unterminated macro parameter list";
        return false;
      }
      ++i;
    }
    m.body.assign(rest.begin() + i, rest.end());
    macros[rest[0].text] = std::move(m);
    return true;
  }
  if (d == "undef") {
    if (!rest.empty())
      macros.erase(rest[0].text);
    return true;
  }
  if (d == "include") {
    diag.error(hash) << "#include is not supported by Triton-C";
    return false;
  }
  if (d == "pragma")
    return true;
  diag.error(name) << "unknown preprocessor directive '#" << d << "'";
  return false;
}

bool Preprocessor::run(const std::vector<Token> &input,
                       std::vector<Token> &out) {
  std::vector<Token> chunk;
  for (size_t i = 0; i < input.size();) {
    if (!(input[i].is("#") && input[i].bol)) {
      if (active())
        chunk.push_back(input[i]);
      ++i;
      continue;
    }
    if (!expand(std::move(chunk), out))
      return false;
    chunk.clear();
    std::vector<Token> line{input[i++]};
    while (i < input.size() && !input[i].bol)
      line.push_back(input[i++]);
    if (!directive(std::move(line)))
      return false;
  }
  if (!conds.empty()) {
    diag.error(conds.back().where) << "#if without #endif";
    return false;
  }
  if (!expand(std::move(chunk), out))
    return false;
  Token end;
  end.kind = Token::End;
  end.line = end.col = 1;
  if (!out.empty()) {
    end.line = out.back().line;
    end.col = out.back().col + out.back().text.size();
  }
  out.push_back(end);
  return true;
}

bool mlir::triton::c::preprocess(std::vector<Token> input,
                                 const std::vector<Define> &defines,
                                 const Diag &diag, std::vector<Token> &out) {
  Preprocessor pp(diag);
  for (const Define &d : defines)
    if (!pp.define(d))
      return false;
  return pp.run(input, out);
}

std::vector<std::vector<Define>>
mlir::triton::c::expandTuningLists(const std::vector<Define> &defines) {
  std::vector<std::vector<Define>> result(1);
  for (const Define &d : defines) {
    llvm::StringRef v = llvm::StringRef(d.second).trim();
    if (!(v.starts_with("[") && v.ends_with("]"))) {
      for (auto &combo : result)
        combo.push_back(d);
      continue;
    }
    llvm::SmallVector<llvm::StringRef> items;
    v.drop_front().drop_back().split(items, ',', -1, false);
    std::vector<std::vector<Define>> next;
    for (auto &combo : result)
      for (llvm::StringRef item : items) {
        next.push_back(combo);
        next.back().push_back({d.first, item.trim().str()});
      }
    result = std::move(next);
  }
  return result;
}
