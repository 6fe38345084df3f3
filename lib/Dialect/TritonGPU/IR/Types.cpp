//===- Types.cpp - !ttg.memdesc and !ttg.async.token ----------------------===//

#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton::gpu;

#define GET_TYPEDEF_CLASSES
#include "TritonDialect/Dialect/TritonGPU/IR/Types.cpp.inc"

void TritonGPUDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TritonDialect/Dialect/TritonGPU/IR/Types.cpp.inc"
      >();
}

/// `<shape x elem, encoding, space[, mutable][, allocShape]>`
Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, allocShape;
  Type elementType;
  Attribute encoding, memorySpace;
  bool mutableMemory = false;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseComma() ||
      parser.parseAttribute(memorySpace))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    if (succeeded(parser.parseOptionalKeyword("mutable"))) {
      mutableMemory = true;
      continue;
    }
    if (!allocShape.empty() ||
        parser.parseDimensionList(allocShape, /*allowDynamic=*/false,
                                  /*withTrailingX=*/false))
      return {};
  }
  if (parser.parseGreater())
    return {};
  if (allocShape.empty())
    allocShape = shape;
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    shape, elementType, encoding, memorySpace, mutableMemory,
                    allocShape);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t d : getShape())
    printer << d << "x";
  printer << getElementType() << ", " << getEncoding() << ", "
          << getMemorySpace();
  if (getMutableMemory())
    printer << ", mutable";
  if (getAllocShape() != getShape()) {
    printer << ", ";
    llvm::interleave(getAllocShape(), printer, "x");
  }
  printer << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding, Attribute memorySpace,
                                  bool mutableMemory,
                                  ArrayRef<int64_t> allocShape) {
  if (shape.empty())
    return emitError() << "!ttg.memdesc needs a shape of rank >= 1";
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "!ttg.memdesc dimensions must be positive";
  if (!isSharedEncoding(encoding))
    return emitError() << "!ttg.memdesc encoding must be a shared encoding "
                          "(swizzled_shared, nvmma_shared, padded_shared or "
                          "shared_linear), got "
                       << encoding;
  if (!isa<SharedMemorySpaceAttr>(memorySpace))
    return emitError() << "!ttg.memdesc memory space must be "
                          "#ttg.shared_memory, got "
                       << memorySpace;
  if (allocShape.size() < shape.size())
    return emitError() << "!ttg.memdesc allocation shape has rank "
                       << allocShape.size() << ", below the view's rank "
                       << shape.size();
  ArrayRef<int64_t> tail = allocShape.take_back(shape.size());
  for (size_t d = 0; d < shape.size(); ++d)
    if (shape[d] > tail[d])
      return emitError() << "!ttg.memdesc view dimension " << d << " ("
                         << shape[d] << ") exceeds the allocation's ("
                         << tail[d] << ")";
  // A shared encoding describes the trailing dimensions; leading ones
  // index buffers (a pipeliner's ring: `4x128x32` with a rank-2 layout).
  std::optional<size_t> rank;
  if (auto s = dyn_cast<SwizzledSharedEncodingAttr>(encoding))
    rank = s.getOrder().size();
  else if (auto p = dyn_cast<PaddedSharedEncodingAttr>(encoding))
    rank = p.getLinearComponent().getOutDims().size();
  else if (auto l = dyn_cast<SharedLinearEncodingAttr>(encoding))
    rank = l.getLinearLayout().getOutDims().size();
  ArrayRef<int64_t> described = shape;
  if (rank && *rank < shape.size())
    described = shape.take_back(*rank);
  if (auto verifiable = dyn_cast<VerifiableTensorEncoding>(encoding))
    return verifiable.verifyEncoding(described, elementType, emitError);
  return success();
}
