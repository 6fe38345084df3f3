//===- WordBlockArguments.cpp - 8- and 16-bit loop values in words --------===//
//
// A tensor of f16, bf16 or an 8-bit type (fp8 and i8 lower to i8) lowers
// to a struct with one scalar per element, and a loop carries it as such a
// struct. Tensor-core instructions read those elements packed in 32-bit
// registers: f16 accumulators (wgmma, mma.sync) as pairs, 8-bit operands
// of mma.sync as quads. So the loop's own form is repacked around each
// instruction:
//   - `mov.b32 %r, {%rs, %rs}` before the next wgmma reads the previous
//     one's output. For an async wgmma still in flight that read is a
//     hazard, and ptxas serializes the wgmmas ("warpgroup.wait is
//     injected").
//   - operands that `tritongpu-prefetch` carries into the next iteration,
//     loaded as words by ldmatrix: each byte taken out of its word and put
//     back, a handful of `prmt`/`cvt` instructions per byte, every
//     iteration.
// A block argument whose elements are read one by one and packed into such
// words carries the 32-bit words instead (element n*i + j in bits
// [j*w, (j+1)*w) of word i); LLVM then folds the pack of an unpack on both
// sides of the branch. Arguments that branches forward into one another
// (a loop's result through the join of the branches around the loop) form
// a web, carried in words together.
//
//===----------------------------------------------------------------------===//

#include "PatternTritonGPUOpToLLVM.h"
#include "Utility.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/MapVector.h"

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

/// Elements per 32-bit word for a struct of one 16-bit float type or of i8
/// (fp8 and i8 tensors), whose size is a multiple of it; 0 otherwise.
unsigned elementsPerWord(Type type) {
  auto st = dyn_cast<LLVM::LLVMStructType>(type);
  if (!st || st.getBody().empty() || !llvm::all_equal(st.getBody()))
    return 0;
  Type elem = st.getBody()[0];
  unsigned perWord = 0;
  if (elem.isF16() || elem.isBF16())
    perWord = 2;
  else if (elem.isInteger(8))
    perWord = 4;
  return perWord && st.getBody().size() % perWord == 0 ? perWord : 0;
}

/// The integer-typed forms of `elem` that a word's vector takes: `elem`
/// itself when it is an integer, and its bitcasts to an integer of its
/// width (packWord bitcasts even an integer to its own type).
SmallVector<Value> asInteger(Value elem) {
  unsigned bits = elem.getType().getIntOrFloatBitWidth();
  SmallVector<Value> forms;
  if (elem.getType().isInteger())
    forms.push_back(elem);
  for (Operation *user : elem.getUsers())
    if (isa<LLVM::BitcastOp>(user) &&
        user->getResult(0).getType().isInteger(bits))
      forms.push_back(user->getResult(0));
  return forms;
}

/// Whether `elem` (element k of the argument) is packed with its word's
/// other elements into a vector of `perWord` integers: inserted at
/// k % perWord, and, past the word's first element, into the vector that
/// holds element k - 1.
bool packedInWord(Value elem, int64_t k, Value arg, unsigned perWord) {
  for (Value asInt : asInteger(elem)) {
    for (Operation *insertOp : asInt.getUsers()) {
      auto insert = dyn_cast<LLVM::InsertElementOp>(insertOp);
      if (!insert || insert.getValue() != asInt ||
          getConstantIntValue(insert.getPosition()) != k % perWord ||
          cast<VectorType>(insert.getType()).getNumElements() != perWord)
        continue;
      if (k % perWord == 0)
        return true;
      auto prev = insert.getVector().getDefiningOp<LLVM::InsertElementOp>();
      if (!prev)
        continue;
      Value prevElem = prev.getValue();
      if (auto cast = prevElem.getDefiningOp<LLVM::BitcastOp>())
        prevElem = cast.getArg();
      if (extractedIndex(prevElem.getDefiningOp(), arg) == k - 1)
        return true;
    }
  }
  return false;
}

/// The block argument a branch forwards `use` into, when `use` is one of
/// its successor operands.
BlockArgument forwardedInto(OpOperand &use) {
  auto branch = dyn_cast<BranchOpInterface>(use.getOwner());
  if (!branch)
    return {};
  std::optional<BlockArgument> arg =
      branch.getSuccessorBlockArgument(use.getOperandNumber());
  return arg ? *arg : BlockArgument();
}

/// How `arg` is used: nullopt where something other than `extractvalue
/// arg[k]` or a branch forwarding it reads it; else whether one of its
/// elements is packed in a word, as a tensor-core instruction or a vector
/// store takes them. The arguments it is forwarded into go to `forwards`.
std::optional<bool> repackedInWords(BlockArgument arg, unsigned perWord,
                                    SmallVectorImpl<BlockArgument> &forwards) {
  bool packed = false;
  for (OpOperand &use : arg.getUses()) {
    if (std::optional<int64_t> k = extractedIndex(use.getOwner(), arg)) {
      packed |= packedInWord(use.getOwner()->getResult(0), *k, arg, perWord);
      continue;
    }
    BlockArgument into = forwardedInto(use);
    if (!into || into.getType() != arg.getType())
      return std::nullopt;
    forwards.push_back(into);
  }
  return packed;
}

/// Rewrites the arguments of `web` to carry words: each predecessor packs
/// the struct it passes unless it passes another argument of the web (a
/// loop's result through the join of the branches around it), each
/// `extractvalue` unpacks its word.
void carryWords(ArrayRef<BlockArgument> web, unsigned perWord) {
  auto elems = cast<LLVM::LLVMStructType>(web.front().getType());
  Type elem = elems.getBody()[0];
  unsigned bits = elem.getIntOrFloatBitWidth();
  MLIRContext *ctx = elems.getContext();
  OpBuilder b(ctx);
  auto i32 = IntegerType::get(ctx, 32);
  size_t numWords = elems.getBody().size() / perWord;
  auto words =
      LLVM::LLVMStructType::getLiteral(ctx, SmallVector<Type>(numWords, i32));
  DenseSet<Value> inWeb(web.begin(), web.end());
  for (BlockArgument arg : web) {
    Block *block = arg.getOwner();
    // Each predecessor once (a conditional branch may list the block
    // twice; the successor loop below handles both).
    SetVector<Block *> preds(block->pred_begin(), block->pred_end());
    for (Block *pred : preds) {
      auto branch = cast<BranchOpInterface>(pred->getTerminator());
      for (unsigned s = 0; s < branch->getNumSuccessors(); ++s) {
        if (branch->getSuccessor(s) != block)
          continue;
        OpOperand &operand =
            branch.getSuccessorOperands(s)
                .getMutableForwardedOperands()[arg.getArgNumber()];
        if (inWeb.contains(operand.get()))
          continue;
        b.setInsertionPoint(branch);
        Location loc = branch.getLoc();
        SmallVector<Value> values = unpack(b, loc, operand.get());
        SmallVector<Value> packed;
        for (size_t i = 0; i < numWords; ++i)
          packed.push_back(packWord(
              b, loc, ArrayRef(values).slice(i * perWord, perWord), bits, 32));
        operand.set(pack(b, loc, words, packed));
      }
    }
  }
  for (BlockArgument arg : web) {
    arg.setType(words);
    // The extracts as they were (the rewrite adds uses of its own).
    SmallVector<LLVM::ExtractValueOp> extracts;
    for (Operation *user : arg.getUsers())
      if (auto extract = dyn_cast<LLVM::ExtractValueOp>(user))
        extracts.push_back(extract);
    for (LLVM::ExtractValueOp extract : extracts) {
      int64_t k = extract.getPosition()[0];
      b.setInsertionPoint(extract);
      Value word =
          LLVM::ExtractValueOp::create(b, extract.getLoc(), arg, k / perWord);
      Value value =
          unpackWord(b, extract.getLoc(), word, perWord, elem)[k % perWord];
      extract.replaceAllUsesWith(value);
      extract.erase();
    }
  }
}
} // namespace

void mlir::triton::gpu::lowering::carrySubwordBlockArgumentsInWords(
    Operation *root) {
  // Each argument that may carry words, with whether one of its elements
  // is packed (nullopt: something else reads it), and the webs that
  // branches forwarding one into another make of them. A web carries
  // words when every argument in it may and one of them is packed.
  llvm::MapVector<Value, std::optional<bool>> packedOf;
  llvm::EquivalenceClasses<Value> webs;
  root->walk([&](Block *block) {
    if (block->isEntryBlock())
      return;
    bool branches = llvm::all_of(block->getPredecessors(), [](Block *pred) {
      return isa<BranchOpInterface>(pred->getTerminator());
    });
    for (BlockArgument arg : block->getArguments()) {
      unsigned perWord = elementsPerWord(arg.getType());
      if (!perWord)
        continue;
      webs.insert(arg);
      SmallVector<BlockArgument> forwards;
      packedOf[arg] =
          branches ? repackedInWords(arg, perWord, forwards) : std::nullopt;
      for (BlockArgument into : forwards)
        webs.unionSets(arg, into);
    }
  });
  SmallVector<std::pair<SmallVector<BlockArgument>, unsigned>> carried;
  for (auto &[arg, unused] : packedOf) {
    if (webs.getLeaderValue(arg) != arg)
      continue;
    SmallVector<BlockArgument> web;
    bool ok = true, packed = false;
    for (Value member : webs.members(arg)) {
      std::optional<bool> p = packedOf.lookup(member);
      ok &= p.has_value();
      packed |= p.value_or(false);
      web.push_back(cast<BlockArgument>(member));
    }
    if (ok && packed)
      carried.push_back({std::move(web), elementsPerWord(arg.getType())});
  }
  for (auto &[web, perWord] : carried)
    carryWords(web, perWord);
}
