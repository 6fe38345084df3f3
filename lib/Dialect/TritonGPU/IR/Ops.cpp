//===- Ops.cpp - Operations of the `ttg` dialect --------------------------===//
//
// Verifiers of layout conversion, shared-memory ops and views (shapes,
// indices and offsets in range, mutability), asynchronous copies, and the
// custom form of warp_specialize.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Utility.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

/// `[0, 32]`-style static offsets of memdesc_subslice.
static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        int32_t v;
        if (parser.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "TritonDialect/Dialect/TritonGPU/IR/Ops.cpp.inc"

namespace {

/// A tensor and a memdesc hold the same shape and element type.
LogicalResult verifySameBlock(Operation *op, RankedTensorType tensor,
                              MemDescType memdesc) {
  if (tensor.getShape() != memdesc.getShape())
    return op->emitOpError("tensor shape ")
           << shapeStr(tensor.getShape()) << " differs from the buffer's "
           << shapeStr(memdesc.getShape());
  if (tensor.getElementType() != memdesc.getElementType())
    return op->emitOpError("tensor element type ")
           << tensor.getElementType() << " differs from the buffer's "
           << memdesc.getElementType();
  return success();
}
} // namespace

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor adaptor) {
  if (getSrc().getType() == getType())
    return getSrc();
  // A splat constant is the same constant in any layout: no data moves (the
  // canonicalizer folds truncf(zeros) into one, as a K = 0 epilogue has).
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(adaptor.getSrc()))
    return DenseElementsAttr::get(cast<ShapedType>(getType()),
                                  splat.getSplatValue<Attribute>());
  if (auto inner = getSrc().getDefiningOp<ConvertLayoutOp>()) {
    if (inner.getSrc().getType() == getType())
      return inner.getSrc();
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getType();
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("an uninitialized buffer must be mutable");
    return success();
  }
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  return verifySameBlock(*this, srcType, type);
}

void LocalAllocOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Allocate::get(),
                       getOperation()->getOpResult(0), SharedMemory::get());
  if (getSrc())
    effects.emplace_back(MemoryEffects::Write::get(),
                         getOperation()->getOpResult(0), SharedMemory::get());
}

LogicalResult LocalLoadOp::verify() {
  return verifySameBlock(*this, cast<RankedTensorType>(getType()),
                         getSrc().getType());
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot store into an immutable buffer");
  return verifySameBlock(*this, cast<RankedTensorType>(getSrc().getType()),
                         getDst().getType());
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), res = getType();
  if (src.getRank() < 2)
    return emitOpError("indexes the leading dimension of a buffer of rank >= "
                       "2, got rank ")
           << src.getRank();
  if (res.getShape() != src.getShape().drop_front())
    return emitOpError("result shape ")
           << shapeStr(res.getShape()) << " should be "
           << shapeStr(src.getShape().drop_front())
           << ", the source shape without its leading dimension";
  if (res.getElementType() != src.getElementType())
    return emitOpError("result element type differs from the source's");
  if (res.getMutableMemory() != src.getMutableMemory())
    return emitOpError("a view must keep the buffer's mutability");
  if (auto c = getIndex().getDefiningOp<arith::ConstantIntOp>())
    if (c.value() < 0 || c.value() >= src.getShape()[0])
      return emitOpError("index ") << c.value() << " is out of range [0, "
                                   << src.getShape()[0] << ")";
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), res = getType();
  ArrayRef<int32_t> offsets = getOffsets();
  if (offsets.size() != size_t(src.getRank()) || res.getRank() != src.getRank())
    return emitOpError("takes one offset per dimension, and keeps the rank: "
                       "source rank ")
           << src.getRank() << ", " << offsets.size() << " offsets, result "
           << "rank " << res.getRank();
  for (size_t d = 0; d < offsets.size(); ++d)
    if (offsets[d] < 0 || offsets[d] + res.getShape()[d] > src.getShape()[d])
      return emitOpError("slice [")
             << offsets[d] << ", " << offsets[d] + res.getShape()[d]
             << ") of dimension " << d << " exceeds its size "
             << src.getShape()[d];
  if (res.getElementType() != src.getElementType())
    return emitOpError("result element type differs from the source's");
  return success();
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), res = getType();
  ArrayRef<int32_t> order = getOrder();
  if (!isPermutation(order, src.getRank()))
    return emitOpError("order must be a permutation of [0, ")
           << src.getRank() << ")";
  SmallVector<int64_t> expected;
  for (int32_t d : order)
    expected.push_back(src.getShape()[d]);
  if (res.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError("result shape ")
           << shapeStr(res.getShape()) << " should be " << shapeStr(expected);
  // The result views the same bytes: its layout is the source's with the
  // dimensions permuted.
  auto *infer =
      cast<DialectInferLayoutInterface>(&src.getEncoding().getDialect());
  Attribute want;
  if (failed(infer->inferTransOpEncoding(src.getEncoding(), src.getShape(),
                                         order, want, getLoc())))
    return failure();
  std::optional<LinearLayout> a = toLinearLayout(res.getShape(), want);
  std::optional<LinearLayout> b =
      toLinearLayout(res.getShape(), res.getEncoding());
  if (want != res.getEncoding() && (!a || !b || *a != *b))
    return emitOpError("result encoding ")
           << res.getEncoding() << " is not the source's transposed (" << want
           << ")";
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), res = getType();
  if (src.getNumElements() != res.getNumElements())
    return emitOpError("source has ")
           << src.getNumElements() << " elements but the result has "
           << res.getNumElements();
  return success();
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType(), res = getType();
  auto bytes = [](MemDescType t, ArrayRef<int64_t> shape) {
    int64_t n = t.getElementType().getIntOrFloatBitWidth();
    for (int64_t d : shape)
      n *= d;
    return n / 8;
  };
  if (bytes(res, res.getAllocShape()) > bytes(src, src.getAllocShape()))
    return emitOpError("the result needs ")
           << bytes(res, res.getAllocShape())
           << " bytes but the source buffer has only "
           << bytes(src, src.getAllocShape());
  return success();
}

LogicalResult AsyncCopyGlobalToLocalOp::verify() {
  auto srcType = cast<RankedTensorType>(getSrc().getType());
  MemDescType dst = getResult().getType();
  if (!dst.getMutableMemory())
    return emitOpError("cannot copy into an immutable buffer");
  if (srcType.getShape() != dst.getShape())
    return emitOpError("copies a block of shape ")
           << shapeStr(srcType.getShape()) << " into a buffer of shape "
           << shapeStr(dst.getShape());
  Type pointee = cast<PointerType>(srcType.getElementType()).getPointeeType();
  if (pointee != dst.getElementType())
    return emitOpError("pointers to ")
           << pointee << " cannot fill a buffer of " << dst.getElementType();
  if (getOther() && !getMask())
    return emitOpError("'other' needs a mask");
  return success();
}

LogicalResult AsyncWaitOp::verify() {
  if (getNumAttr().getInt() < 0)
    return emitOpError("num must be non-negative, got ")
           << getNumAttr().getInt();
  return success();
}

LogicalResult GlobalScratchAllocOp::verify() {
  int64_t nbytes = getNbytesAttr().getInt();
  int64_t alignment = getAlignmentAttr().getInt();
  if (nbytes <= 0)
    return emitOpError("nbytes must be positive, got ") << nbytes;
  if (alignment <= 0 || !llvm::isPowerOf2_64(alignment))
    return emitOpError("alignment must be a power of two, got ") << alignment;
  return success();
}

//===----------------------------------------------------------------------===//
// warp_specialize
//===----------------------------------------------------------------------===//

ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default") || parser.parseRegion(*result.addRegion()))
    return failure();
  SmallVector<int32_t> numWarps;
  SmallVector<std::unique_ptr<Region>> partitions;
  while (true) {
    std::string keyword = "partition" + std::to_string(partitions.size());
    if (failed(parser.parseOptionalKeyword(keyword)))
      break;
    SmallVector<OpAsmParser::Argument> args;
    int32_t warps;
    auto region = std::make_unique<Region>();
    if (parser.parseArgumentList(args, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen() ||
        parser.parseRegion(*region, args))
      return failure();
    numWarps.push_back(warps);
    partitions.push_back(std::move(region));
  }
  FunctionType type;
  if (parser.parseColonType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  for (auto &region : partitions)
    result.addRegion(std::move(region));
  result.getOrAddProperties<Properties>().partitionNumWarps =
      DenseI32ArrayAttr::get(parser.getContext(), numWarps);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << "(";
  printer.printOperands(getExplicitCaptures());
  printer << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {"partitionNumWarps"});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    printer.printNewline();
    printer << "partition" << i << "(";
    llvm::interleaveComma(
        region.getArguments(), printer,
        [&](BlockArgument arg) { printer.printRegionArgument(arg); });
    printer << ") num_warps(" << getPartitionNumWarps()[i] << ") ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(getExplicitCaptures().getTypes(),
                              getResultTypes());
}

LogicalResult WarpSpecializeOp::verify() {
  if (getPartitionNumWarps().size() != getPartitionRegions().size())
    return emitOpError("has ")
           << getPartitionRegions().size() << " partitions but "
           << getPartitionNumWarps().size() << " warp counts";
  for (int32_t n : getPartitionNumWarps())
    if (n <= 0 || !llvm::isPowerOf2_32(n))
      return emitOpError("partition warp counts must be powers of two, got ")
             << n;
  return success();
}

SmallVector<int32_t> WarpSpecializeOp::getPartitionStartWarps() {
  if (std::optional<ArrayRef<int32_t>> ids = getWarpGroupStartIds())
    return SmallVector<int32_t>(*ids);
  auto module = (*this)->getParentOfType<ModuleOp>();
  int32_t next = module && TritonGPUDialect::hasNumWarps(module)
                     ? TritonGPUDialect::getNumWarps(module)
                     : 0;
  SmallVector<int32_t> starts;
  for (int32_t n : getPartitionNumWarps()) {
    // wgmma and setmaxnreg act on whole warp groups.
    if (n >= 4)
      next = llvm::alignTo(next, 4);
    starts.push_back(next);
    next += n;
  }
  return starts;
}

int32_t WarpSpecializeOp::getTotalWarps() {
  auto module = (*this)->getParentOfType<ModuleOp>();
  int32_t total = module && TritonGPUDialect::hasNumWarps(module)
                      ? TritonGPUDialect::getNumWarps(module)
                      : 0;
  for (auto [start, n] :
       llvm::zip(getPartitionStartWarps(), getPartitionNumWarps()))
    total = std::max(total, start + n);
  return total;
}

/// Blocks of `region` that leave it (no successors) end with `Terminator`.
template <typename Terminator> static bool leavesThrough(Region &region) {
  return llvm::all_of(region, [](Block &block) {
    Operation *end = block.empty() ? nullptr : &block.back();
    return end && (end->getNumSuccessors() || isa<Terminator>(end));
  });
}

LogicalResult WarpSpecializeOp::verifyRegions() {
  if (!leavesThrough<WarpYieldOp>(getDefaultRegion()))
    return emitOpError("default region must end with ttg.warp_yield");
  WalkResult yields = getDefaultRegion().walk([&](WarpYieldOp yield) {
    if (yield->getParentOp() != getOperation() ||
        yield.getValues().getTypes() == getResultTypes())
      return WalkResult::advance();
    yield.emitOpError("yields ")
        << yield.getValues().size()
        << " values whose types must match the op's results";
    return WalkResult::interrupt();
  });
  if (yields.wasInterrupted())
    return failure();
  TypeRange captureTypes = getExplicitCaptures().getTypes();
  for (auto [i, region] : llvm::enumerate(getPartitionRegions())) {
    Block &block = region.front();
    if (block.getArgumentTypes() != captureTypes)
      return emitOpError("partition")
             << i << " must take the explicit captures' types as arguments";
    if (!leavesThrough<WarpReturnOp>(region))
      return emitOpError("partition") << i << " must end with ttg.warp_return";
  }
  return success();
}

void WarpSpecializeOp::captureImplicitUses() {
  for (Region &region : getPartitionRegions()) {
    SetVector<Value> outside;
    region.walk([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (!region.isAncestor(operand.getParentRegion()))
          outside.insert(operand);
    });
    OpBuilder b = OpBuilder::atBlockBegin(&region.front());
    for (Value v : outside) {
      Value inside;
      if (Operation *def = v.getDefiningOp();
          def && def->hasTrait<OpTrait::ConstantLike>()) {
        inside = b.clone(*def)->getResult(0);
      } else {
        auto it = llvm::find(getExplicitCaptures(), v);
        unsigned index = it - getExplicitCaptures().begin();
        if (it == getExplicitCaptures().end()) {
          getExplicitCapturesMutable().append(v);
          for (Region &partition : getPartitionRegions())
            partition.front().addArgument(v.getType(), v.getLoc());
        }
        inside = region.front().getArgument(index);
      }
      v.replaceUsesWithIf(inside, [&](OpOperand &use) {
        return region.isAncestor(use.getOwner()->getParentRegion());
      });
    }
  }
}

bool mlir::triton::gpu::isMemDescView(Operation *op) {
  return isa<MemDescIndexOp, MemDescSubsliceOp, MemDescTransOp,
             MemDescReshapeOp, MemDescReinterpretOp>(op);
}

LocalAllocOp mlir::triton::gpu::getViewedAllocation(Value memdesc) {
  while (true) {
    // A warp_specialize partition's argument is the op's capture.
    if (auto arg = dyn_cast<BlockArgument>(memdesc)) {
      Region *region = arg.getOwner()->getParent();
      auto ws = dyn_cast_or_null<WarpSpecializeOp>(region->getParentOp());
      if (!ws || region->getRegionNumber() == 0 ||
          arg.getOwner() != &region->front())
        return {};
      memdesc = ws.getExplicitCaptures()[arg.getArgNumber()];
      continue;
    }
    Operation *def = memdesc.getDefiningOp();
    if (def && isMemDescView(def)) {
      memdesc = def->getOperand(0);
      continue;
    }
    return dyn_cast_or_null<LocalAllocOp>(def);
  }
}

LocalLoadOp mlir::triton::gpu::stageDotOperand(OpBuilder &builder,
                                               ConvertLayoutOp convert) {
  auto srcType = cast<RankedTensorType>(convert.getSrc().getType());
  auto dstType = cast<RankedTensorType>(convert.getType());
  auto operand = cast<DotOperandEncodingAttr>(dstType.getEncoding());
  CTALayoutAttr cta = getCTALayoutOf(srcType.getEncoding());
  Type element = srcType.getElementType();
  if (!cta || !element.isIntOrFloat())
    return {};
  auto shared = getSharedEncodingForDotOperand(operand, srcType.getShape(),
                                               getOrderOf(srcType), cta,
                                               element.getIntOrFloatBitWidth());
  auto bufferType =
      MemDescType::get(srcType.getShape(), element, shared,
                       SharedMemorySpaceAttr::get(convert.getContext()));
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPoint(convert);
  auto buffer = LocalAllocOp::create(builder, convert.getLoc(), bufferType,
                                     convert.getSrc(), IntegerAttr());
  auto load = LocalLoadOp::create(builder, convert.getLoc(), dstType,
                                  buffer.getResult(), Value());
  convert.getResult().replaceAllUsesWith(load.getResult());
  convert.erase();
  return load;
}
