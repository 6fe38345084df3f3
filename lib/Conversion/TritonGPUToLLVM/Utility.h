//===- Utility.h - shared helpers of convert-triton-gpu-to-llvm -*- C++ -*-===//
//
// What every lowering of a tt/ttg op to LLVM/NVVM builds on: the type
// converter (a distributed tensor is, per thread, an LLVM struct of the
// registers its layout gives the thread), struct packing, inline PTX, the
// thread's lane and warp, the coordinates each register holds (from the
// linear layout), shared memory, shuffles and the vector packing of memory
// accesses.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H
#define TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_UTILITY_H

#include "TritonDialect/Analysis/AxisInfo.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Conversion/LLVMCommon/Pattern.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>

namespace mlir::triton::gpu::lowering {

constexpr unsigned kWarpSize = 32;

/// The linear layout of a distributed tensor type.
std::optional<LinearLayout> layoutOf(RankedTensorType type);

class TritonLLVMTypeConverter : public LLVMTypeConverter {
public:
  TritonLLVMTypeConverter(MLIRContext *ctx);
};

Value i32Const(OpBuilder &b, Location loc, int64_t v);

/// Builds LLVM-dialect ops at one location, so that the lowering reads like
/// the arithmetic it emits: `lb.add(x, lb.i32(3))`, `lb.icmp_slt(a, b)`,
/// `lb.gep(ptrType, elemType, base, indices)` instead of
/// `LLVM::AddOp::create(rewriter, loc, ...)`. Each method forwards its
/// arguments to the op's builder and returns the op (which converts to its
/// result).
class LLVMBuilder {
public:
  LLVMBuilder(OpBuilder &b, Location loc) : b(b), loc(loc) {}

  OpBuilder &builder() const { return b; }
  Location location() const { return loc; }

  /// An i32 constant.
  Value i32(int64_t v) const { return i32Const(b, loc, v); }

#define TRITON_LLVM_BUILDER_OP(name, Op)                                       \
  template <typename... Args> LLVM::Op name(Args &&...args) const {            \
    return LLVM::Op::create(b, loc, std::forward<Args>(args)...);              \
  }
  TRITON_LLVM_BUILDER_OP(add, AddOp)
  TRITON_LLVM_BUILDER_OP(sub, SubOp)
  TRITON_LLVM_BUILDER_OP(mul, MulOp)
  TRITON_LLVM_BUILDER_OP(udiv, UDivOp)
  TRITON_LLVM_BUILDER_OP(urem, URemOp)
  TRITON_LLVM_BUILDER_OP(and_, AndOp)
  TRITON_LLVM_BUILDER_OP(or_, OrOp)
  TRITON_LLVM_BUILDER_OP(xor_, XOrOp)
  TRITON_LLVM_BUILDER_OP(shl, ShlOp)
  TRITON_LLVM_BUILDER_OP(lshr, LShrOp)
  TRITON_LLVM_BUILDER_OP(ashr, AShrOp)
  TRITON_LLVM_BUILDER_OP(select, SelectOp)
  TRITON_LLVM_BUILDER_OP(icmp, ICmpOp)
  TRITON_LLVM_BUILDER_OP(fmul, FMulOp)
  TRITON_LLVM_BUILDER_OP(fadd, FAddOp)
  TRITON_LLVM_BUILDER_OP(bitcast, BitcastOp)
  TRITON_LLVM_BUILDER_OP(zext, ZExtOp)
  TRITON_LLVM_BUILDER_OP(sext, SExtOp)
  TRITON_LLVM_BUILDER_OP(trunc, TruncOp)
  TRITON_LLVM_BUILDER_OP(fpext, FPExtOp)
  TRITON_LLVM_BUILDER_OP(fptrunc, FPTruncOp)
  TRITON_LLVM_BUILDER_OP(ptrtoint, PtrToIntOp)
  TRITON_LLVM_BUILDER_OP(inttoptr, IntToPtrOp)
  TRITON_LLVM_BUILDER_OP(gep, GEPOp)
  TRITON_LLVM_BUILDER_OP(load, LoadOp)
  TRITON_LLVM_BUILDER_OP(store, StoreOp)
  TRITON_LLVM_BUILDER_OP(extractValue, ExtractValueOp)
  TRITON_LLVM_BUILDER_OP(insertValue, InsertValueOp)
  TRITON_LLVM_BUILDER_OP(extractElement, ExtractElementOp)
  TRITON_LLVM_BUILDER_OP(insertElement, InsertElementOp)
  TRITON_LLVM_BUILDER_OP(undef, UndefOp)
  TRITON_LLVM_BUILDER_OP(constant, ConstantOp)
  TRITON_LLVM_BUILDER_OP(call, CallOp)
#undef TRITON_LLVM_BUILDER_OP

#define TRITON_LLVM_BUILDER_ICMP(pred)                                         \
  LLVM::ICmpOp icmp_##pred(Value x, Value y) const {                           \
    return LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::pred, x, y);      \
  }
  TRITON_LLVM_BUILDER_ICMP(eq)
  TRITON_LLVM_BUILDER_ICMP(ne)
  TRITON_LLVM_BUILDER_ICMP(slt)
  TRITON_LLVM_BUILDER_ICMP(sle)
  TRITON_LLVM_BUILDER_ICMP(sgt)
  TRITON_LLVM_BUILDER_ICMP(sge)
  TRITON_LLVM_BUILDER_ICMP(ult)
  TRITON_LLVM_BUILDER_ICMP(ule)
  TRITON_LLVM_BUILDER_ICMP(ugt)
  TRITON_LLVM_BUILDER_ICMP(uge)
#undef TRITON_LLVM_BUILDER_ICMP

private:
  OpBuilder &b;
  Location loc;
};

/// The fields of an LLVM struct value, and the inverse.
SmallVector<Value> unpack(OpBuilder &b, Location loc, Value structValue);
Value pack(OpBuilder &b, Location loc, Type structType, ValueRange values);
/// The value `element` (an extraction unpack made) was packed from, where
/// its struct is a chain of insertions; else `element` itself. Elements
/// that repeat a register (broadcasts, splats) map to one value.
Value packedElement(Value element);

/// Inline PTX (AT&T dialect, no stack alignment): `text` with operands
/// `$0...` bound by `constraints`.
LLVM::InlineAsmOp ptxAsm(OpBuilder &b, Location loc, Type result,
                         ValueRange operands, StringRef text,
                         StringRef constraints, bool sideEffects);

/// The thread's lane and warp (threads-per-warp 32, one-dimensional CTA).
std::pair<Value, Value> laneAndWarp(OpBuilder &b, Location loc);

/// XOR of `bases[i]` over the set bits i of the runtime `x`: a linear map
/// applied to a value (runs of bits mapped to consecutive bits become one
/// mask and shift).
Value applyBits(OpBuilder &b, Location loc, Value x, ArrayRef<int32_t> bases);

/// The bases input dimension `in` of `map` gives output dimension `out`.
SmallVector<int32_t> basesOf(const LinearLayout &map, StringRef in,
                             StringRef out);

/// For each register of `layout`, the coordinates (one i32 per dimension)
/// of the element this thread holds there.
SmallVector<SmallVector<Value>> emitIndices(OpBuilder &b, Location loc,
                                            const LinearLayout &layout);

/// The coordinates `layout` gives register `reg` of lane 0 of warp 0.
SmallVector<int32_t> registerCoords(const LinearLayout &layout, int32_t reg);

/// A predicate that is true in exactly one of the threads holding each
/// element (null when no element is held twice across threads).
Value firstCopyPredicate(OpBuilder &b, Location loc,
                         const LinearLayout &layout);

/// For each register of `dst`, the (source operand, register) holding the
/// element it needs in the same thread, where `source` maps a `dst`
/// coordinate to the operand and coordinate it reads; nullopt when some
/// element would have to come from another thread.
std::optional<SmallVector<std::pair<unsigned, int32_t>>>
gatherRegisters(ArrayRef<LinearLayout> srcs, const LinearLayout &dst,
                llvm::function_ref<std::pair<unsigned, SmallVector<int32_t>>(
                    ArrayRef<int32_t>)>
                    source);

/// The external function `name` of the module around `anchor`, declared
/// with `type` at the top of the module if it is not there yet.
LLVM::LLVMFuncOp declareFunction(OpBuilder &b, Location loc, Operation *anchor,
                                 StringRef name, LLVM::LLVMFunctionType type);

/// Marks a kernel whose last argument is the base of the programs' global
/// scratch slices.
constexpr const char *kGlobalScratchArgAttr = "ttg.global_scratch_arg";

/// Marks an llvm.func (a device function using shared memory) whose last
/// argument is its shared-memory base.
constexpr const char *kSharedBaseArgAttr = "ttg.shared_base_arg";

/// The shared memory `anchor`'s function addresses from, as a pointer in
/// address space 3: the module's dynamic shared memory in a kernel, the
/// base argument in a device function marked kSharedBaseArgAttr.
Value sharedBase(OpBuilder &b, Location loc, Operation *anchor);

/// Pointer to byte `offset` of the dynamic shared memory.
Value sharedPtr(OpBuilder &b, Location loc, Operation *anchor, uint64_t offset);

/// `@pred <instruction> [ptr], value;` on shared memory (`st.shared.b32`,
/// `red.shared.add.u32`...): `value` travels as an integer register of its
/// width (at least 16 bits, PTX's narrowest register).
void predicatedSharedAccess(OpBuilder &b, Location loc, StringRef instruction,
                            Value pred, Value ptr, Value value);

/// Runs a reduce/scan combine region on (acc..., x...) at the insertion
/// point; returns its results.
SmallVector<Value> combine(ConversionPatternRewriter &rewriter, Location loc,
                           Region &region, ValueRange acc, ValueRange x);

/// The shuffles take values of up to 64 bits (two shuffles for 64; a
/// pointer as its address).
/// A value (of up to 64 bits: two shuffles for 64) shuffled from lane (lane ^
/// offset).
Value shuffleXor(OpBuilder &b, Location loc, Value v, unsigned offset);
/// A value (of up to 64 bits: two shuffles for 64) shuffled from lane (lane -
/// offset) (lanes below `offset` get their own value).
Value shuffleUp(OpBuilder &b, Location loc, Value v, unsigned offset);
/// A value (of up to 64 bits: two shuffles for 64) shuffled from lane (lane +
/// offset) (lanes from 32 - offset on get their own value).
Value shuffleDown(OpBuilder &b, Location loc, Value v, unsigned offset);
/// A value (of up to 64 bits: two shuffles for 64) shuffled from lane
/// `srcLane`.
Value shuffleIdx(OpBuilder &b, Location loc, Value v, Value srcLane);

/// PTX register constraint and width for elements of `bits`.
std::optional<std::pair<char, unsigned>> ptxRegister(unsigned bits);

/// How a vector of `vec` elements of `bits` travels: as `words` PTX
/// registers of `wordBits` (16-bit elements packed into 32-bit words when
/// the vector is wide enough), at most four per instruction.
struct Packing {
  unsigned wordBits, words, perWord;
};
std::optional<Packing> packingFor(unsigned bits, unsigned vec);

/// `perWord` elements (LLVM scalars of `bits`) as one integer word.
Value packWord(OpBuilder &b, Location loc, ArrayRef<Value> elems, unsigned bits,
               unsigned wordBits);
/// The inverse: the word's elements as scalars of `elem`.
SmallVector<Value> unpackWord(OpBuilder &b, Location loc, Value word,
                              unsigned perWord, Type elem);

/// 16-bit scalars, two by two, as 32-bit words (the first in the low half):
/// how tensor cores hold f16 accumulators.
SmallVector<Value> pairWords(OpBuilder &b, Location loc,
                             ArrayRef<Value> halves);
/// The inverse of pairWords: each word's (or 32-bit vector's) two halves
/// as `elem`.
SmallVector<Value> wordPairs(OpBuilder &b, Location loc, ArrayRef<Value> words,
                             Type elem);
/// Whether `type` is a struct of an even number of one 16-bit float type
/// (a lowered f16 or bf16 tensor that pairWords can pack).
bool isHalfStruct(Type type);

/// Elements per vector for an access through `ptr` (a tensor of pointers)
/// in `layout`: consecutive registers along the fastest dimension, bounded
/// by AxisInfo's contiguity and alignment, the mask and 128 bits.
unsigned vectorSize(const ModuleAxisInfoAnalysis &axis, Value ptr, Value mask,
                    RankedTensorType type, const LinearLayout &layout,
                    unsigned bits);

/// Replaces each of `masks` (the unpacked registers of `mask`, a tensor in
/// `layout`) by the first register's value that AxisInfo proves equal: the
/// mask is constant over aligned runs of its constancy along each
/// dimension, so two registers of one thread agree when their coordinates
/// agree above the run's bits (the thread's share of the coordinates is
/// XORed into both alike). One predicate then serves several accesses.
void shareEqualMasks(const ModuleAxisInfoAnalysis &axis, Value mask,
                     const LinearLayout &layout, SmallVectorImpl<Value> &masks);

/// The tt.load, tt.store and ttg.async_copy_global_to_local ops whose
/// pointers are a base plus integer coefficients times the element
/// coordinates, with those coefficients (`AffinePointers.cpp`).
using AffinePointers = DenseMap<Operation *, SmallVector<int64_t>>;

/// Where `affine` holds `op` and `layout` (its pointer operand's, with
/// `registers` registers a thread) gives registers coordinate bits of their
/// own, each register's pointer as the first register's plus a byte offset:
/// those offsets, one a register. The accesses can then share one address
/// register and take immediate offsets.
std::optional<SmallVector<int32_t>>
affinePointerOffsets(Operation *op, const AffinePointers &affine,
                     const LinearLayout &layout, size_t registers);
/// Replaces each of `ptrs` by `ptrs[0]` plus its byte offset in `offsets`
/// (affinePointerOffsets for `ptrs.size()` registers), for ops whose address
/// LLVM folds (NVVM's).
void shareAffinePointers(OpBuilder &b, Location loc, ArrayRef<int32_t> offsets,
                         SmallVectorImpl<Value> &ptrs);
/// Inline PTX's address of register `r`: `[$operand]`, or `[$operand+k]`
/// where `offsets` (affinePointerOffsets) gives it a byte offset k from the
/// first register, whose pointer `operand` then is.
std::string addressOperand(unsigned operand, ArrayRef<int32_t> offsets,
                           size_t r);

/// The layout of a reduction's or scan's operands, if they all are integers
/// or floats of up to 64 bits.
std::optional<LinearLayout> reduceScanOperandLayout(Operation *op,
                                                    ValueRange srcs);

/// The address of a NUL-terminated constant string global of the module
/// around `anchor`, named `prefix`_<n> (one global per distinct text).
Value globalString(OpBuilder &b, Location loc, Operation *anchor,
                   StringRef prefix, StringRef text);

} // namespace mlir::triton::gpu::lowering

#endif
