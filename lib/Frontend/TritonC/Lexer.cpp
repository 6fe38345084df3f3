//===- Lexer.cpp - Triton-C tokens ----------------------------------------===//
//
// C's tokens plus Triton-C's `...` (ranges) and `@` (matrix product).
// Comments are skipped; every token keeps its line and column, and whether
// it starts a line (for the preprocessor's directives).
//
//===----------------------------------------------------------------------===//

#include "Frontend.h"

#include "llvm/ADT/StringExtras.h"

using namespace mlir::triton::c;

namespace {
// Longest first, so that `<<=` is not read as `<<` `=`.
const char *const puncts[] = {
    "...", "<<=", ">>=", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
    "||",  "+=",  "-=",  "*=", "/=", "%=", "&=", "|=", "^=", "->", "+",  "-",
    "*",   "/",   "%",   "<",  ">",  "=",  "!",  "~",  "&",  "|",  "^",  "?",
    ":",   ";",   ",",   ".",  "(",  ")",  "[",  "]",  "{",  "}",  "@",  "#"};

bool isIdentStart(char c) { return llvm::isAlpha(c) || c == '_'; }
bool isIdentChar(char c) { return llvm::isAlnum(c) || c == '_'; }

/// The length of the number starting at `s[0]` and whether it is a float.
/// A `.` followed by another `.` ends it: `0...32` is `0`, `...`, `32`.
size_t lexNumber(llvm::StringRef s, bool &isFloat) {
  size_t i = 0;
  isFloat = false;
  if (s.starts_with_insensitive("0x")) {
    i = 2;
    while (i < s.size() && llvm::isHexDigit(s[i]))
      ++i;
  } else {
    while (i < s.size() && llvm::isDigit(s[i]))
      ++i;
    if (i < s.size() && s[i] == '.' && !(i + 1 < s.size() && s[i + 1] == '.')) {
      isFloat = true;
      ++i;
      while (i < s.size() && llvm::isDigit(s[i]))
        ++i;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
      size_t j = i + 1;
      if (j < s.size() && (s[j] == '+' || s[j] == '-'))
        ++j;
      if (j < s.size() && llvm::isDigit(s[j])) {
        isFloat = true;
        i = j;
        while (i < s.size() && llvm::isDigit(s[i]))
          ++i;
      }
    }
  }
  // Suffixes: f (float), u/l (integers).
  while (i < s.size() && (s[i] == 'f' || s[i] == 'F' || s[i] == 'u' ||
                          s[i] == 'U' || s[i] == 'l' || s[i] == 'L')) {
    if (s[i] == 'f' || s[i] == 'F')
      isFloat = true;
    ++i;
  }
  return i;
}
} // namespace

bool mlir::triton::c::lex(llvm::StringRef text, const Diag &diag,
                          std::vector<Token> &out, unsigned line,
                          unsigned col) {
  size_t i = 0;
  bool bol = true;
  auto advance = [&](size_t n) {
    for (size_t k = 0; k < n && i < text.size(); ++k, ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
        bol = true;
      } else {
        ++col;
      }
    }
  };
  while (i < text.size()) {
    char c = text[i];
    llvm::StringRef rest = text.drop_front(i);
    if (c == '\\' && rest.size() > 1 && rest[1] == '\n') {
      // A line continuation joins two lines of a directive.
      advance(2);
      bol = false;
      continue;
    }
    if (llvm::isSpace(c)) {
      advance(1);
      continue;
    }
    if (rest.starts_with("//")) {
      advance(rest.find('\n') == llvm::StringRef::npos ? rest.size()
                                                       : rest.find('\n'));
      continue;
    }
    if (rest.starts_with("/*")) {
      size_t end = rest.find("*/", 2);
      if (end == llvm::StringRef::npos) {
        emitError(diag.loc(line, col)) << "unterminated comment";
        return false;
      }
      bool wasBol = bol;
      advance(end + 2);
      bol = bol || wasBol;
      continue;
    }
    Token tok;
    tok.line = line;
    tok.col = col;
    tok.bol = bol;
    size_t len = 0;
    if (isIdentStart(c)) {
      tok.kind = Token::Ident;
      while (len < rest.size() && isIdentChar(rest[len]))
        ++len;
    } else if (llvm::isDigit(c) ||
               (c == '.' && rest.size() > 1 && llvm::isDigit(rest[1]))) {
      bool isFloat;
      len = lexNumber(rest, isFloat);
      tok.kind = isFloat ? Token::Float : Token::Int;
    } else {
      for (const char *p : puncts)
        if (rest.starts_with(p)) {
          len = strlen(p);
          break;
        }
      if (!len) {
        emitError(diag.loc(line, col))
            << "unexpected character '" << rest.take_front(1) << "'";
        return false;
      }
      tok.kind = Token::Punct;
    }
    tok.text = rest.take_front(len).str();
    advance(len);
    bol = false;
    out.push_back(std::move(tok));
  }
  return true;
}
