//===- PairHalfBlockArguments.cpp - 16-bit loop values in 32-bit words ----===//
//
// A tensor of f16 or bf16 lowers to a struct with one 16-bit scalar per
// element, and a loop carries it as such a struct. Tensor-core
// instructions that accumulate in f16 (wgmma, mma.sync) read and write the
// accumulator as pairs in 32-bit registers, so the loop's own form is
// repacked around each instruction: `mov.b32 %r, {%rs, %rs}` before the
// next wgmma reads the previous one's output. For an async wgmma still in
// flight that read is a hazard, and ptxas serializes the wgmmas
// ("warpgroup.wait is injected"). A block argument whose elements are
// read one by one and packed into those pairs carries the 32-bit words
// instead (element 2i in the low half of word i); LLVM then folds the
// pack of an unpack on both sides of the branch.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "Utility.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"

using namespace mlir;
using namespace mlir::triton::gpu::lowering;

namespace {
/// The element `extractvalue arg[k]` when `op` is one.
std::optional<int64_t> extractedIndex(Operation *op, Value arg) {
  auto extract = dyn_cast<LLVM::ExtractValueOp>(op);
  if (!extract || extract.getContainer() != arg ||
      extract.getPosition().size() != 1)
    return std::nullopt;
  return extract.getPosition()[0];
}

/// Whether `half` (element k of the argument) is packed with its pair
/// partner into a 32-bit word: bitcast to i16, inserted at k % 2 into a
/// vector<2xi16>, the odd element into the vector holding the even one.
bool packedInPair(Value half, int64_t k, Value arg) {
  for (Operation *bitcast : half.getUsers()) {
    if (!isa<LLVM::BitcastOp>(bitcast) ||
        !bitcast->getResult(0).getType().isInteger(16))
      continue;
    for (Operation *insertOp : bitcast->getResult(0).getUsers()) {
      auto insert = dyn_cast<LLVM::InsertElementOp>(insertOp);
      if (!insert || insert.getValue() != bitcast->getResult(0) ||
          getConstantIntValue(insert.getPosition()) != k % 2 ||
          cast<VectorType>(insert.getType()).getNumElements() != 2)
        continue;
      if (k % 2 == 0)
        return true;
      auto even = insert.getVector().getDefiningOp<LLVM::InsertElementOp>();
      Operation *evenCast = even ? even.getValue().getDefiningOp() : nullptr;
      if (evenCast && isa<LLVM::BitcastOp>(evenCast) &&
          extractedIndex(evenCast->getOperand(0).getDefiningOp(), arg) == k - 1)
        return true;
    }
  }
  return false;
}

/// Whether `arg` is read element by element (`extractvalue arg[k]` only)
/// and its elements are packed in pairs, as a tensor-core instruction or
/// a vector store takes them.
bool repackedInPairs(BlockArgument arg) {
  bool paired = false;
  for (Operation *user : arg.getUsers()) {
    std::optional<int64_t> k = extractedIndex(user, arg);
    if (!k)
      return false;
    paired |= packedInPair(user->getResult(0), *k, arg);
  }
  return paired;
}

/// Rewrites `arg` to carry words: each predecessor packs the struct it
/// passes, each `extractvalue` unpacks its word.
void carryWords(BlockArgument arg) {
  auto halves = cast<LLVM::LLVMStructType>(arg.getType());
  Type elem = halves.getBody()[0];
  MLIRContext *ctx = arg.getContext();
  OpBuilder b(ctx);
  auto i32 = IntegerType::get(ctx, 32);
  size_t numWords = halves.getBody().size() / 2;
  auto words =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(numWords, i32));
  Block *block = arg.getOwner();
  // Each predecessor once (a conditional branch may list the block twice;
  // the successor loop below handles both).
  SetVector<Block *> preds(block->pred_begin(), block->pred_end());
  for (Block *pred : preds) {
    auto branch = cast<BranchOpInterface>(pred->getTerminator());
    for (unsigned s = 0; s < branch->getNumSuccessors(); ++s) {
      if (branch->getSuccessor(s) != block)
        continue;
      OpOperand &operand =
          branch.getSuccessorOperands(s)
              .getMutableForwardedOperands()[arg.getArgNumber()];
      b.setInsertionPoint(branch);
      Location loc = branch.getLoc();
      operand.set(pack(b, loc, words,
                       pairWords(b, loc, unpack(b, loc, operand.get()))));
    }
  }
  arg.setType(words);
  // The extracts as they were (the rewrite adds uses of its own).
  SmallVector<Operation *> users(arg.getUsers());
  for (Operation *user : users) {
    auto extract = cast<LLVM::ExtractValueOp>(user);
    int64_t k = extract.getPosition()[0];
    b.setInsertionPoint(extract);
    Value word = LLVM::ExtractValueOp::create(b, extract.getLoc(), arg, k / 2);
    Value half = unpackWord(b, extract.getLoc(), word, 2, elem)[k % 2];
    extract.replaceAllUsesWith(half);
    extract.erase();
  }
}
} // namespace

void mlir::triton::gpu::lowering::pairHalfBlockArguments(Operation *root) {
  SmallVector<BlockArgument> args;
  root->walk([&](Block *block) {
    if (block->isEntryBlock())
      return;
    if (!llvm::all_of(block->getPredecessors(), [](Block *pred) {
          return isa<BranchOpInterface>(pred->getTerminator());
        }))
      return;
    for (BlockArgument arg : block->getArguments())
      if (isHalfStruct(arg.getType()) && repackedInPairs(arg))
        args.push_back(arg);
  });
  for (BlockArgument arg : args)
    carryWords(arg);
}
