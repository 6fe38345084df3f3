//===- TritonC.cpp - the Triton-C frontend's entry points -----------------===//

#include "Frontend.h"

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Verifier.h"

using namespace mlir;
using namespace mlir::triton::c;

static bool lexAndPreprocess(llvm::SourceMgr &sources, MLIRContext &context,
                             const std::vector<Define> &defines,
                             std::vector<Token> &out, Diag &diag) {
  const llvm::MemoryBuffer *buffer =
      sources.getMemoryBuffer(sources.getMainFileID());
  diag = Diag{&context, buffer->getBufferIdentifier().str()};
  std::vector<Token> tokens;
  return lex(buffer->getBuffer(), diag, tokens) &&
         mlir::triton::c::preprocess(std::move(tokens), defines, diag, out);
}

bool mlir::triton::c::preprocess(llvm::SourceMgr &sources, MLIRContext &context,
                                 const std::vector<Define> &defines,
                                 std::string &out) {
  std::vector<Token> tokens;
  Diag diag{&context, ""};
  if (!lexAndPreprocess(sources, context, defines, tokens, diag))
    return false;
  unsigned line = 0;
  for (const Token &t : tokens) {
    if (t.kind == Token::End)
      break;
    if (line && t.line != line)
      out += "\n";
    else if (line)
      out += " ";
    out += t.text;
    line = t.line;
  }
  out += "\n";
  return true;
}

OwningOpRef<ModuleOp>
mlir::triton::c::compile(llvm::SourceMgr &sources, MLIRContext &context,
                         const std::vector<Define> &defines) {
  context.loadDialect<triton::TritonDialect, arith::ArithDialect,
                      math::MathDialect, scf::SCFDialect>();
  std::vector<Token> tokens;
  Diag diag{&context, ""};
  if (!lexAndPreprocess(sources, context, defines, tokens, diag))
    return nullptr;
  std::vector<Kernel> kernels;
  if (!parse(tokens, diag, kernels))
    return nullptr;
  OwningOpRef<ModuleOp> module = ModuleOp::create(diag.loc(1, 1));
  if (!emitKernels(kernels, diag, *module) || failed(verify(*module)))
    return nullptr;
  return module;
}
