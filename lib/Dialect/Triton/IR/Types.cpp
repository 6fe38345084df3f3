//===- Types.cpp - Types of the `tt` dialect ------------------------------===//
//
// Parsing and printing of `!tt.ptr<T[, addrspace]>` (address space 1 is the
// default and is not printed, as upstream does), `!tt.tensordesc`, and the
// type helper functions.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::triton;

#define GET_TYPEDEF_CLASSES
#include "TritonDialect/Dialect/Triton/IR/Types.cpp.inc"

void TritonDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "TritonDialect/Dialect/Triton/IR/Types.cpp.inc"
      >();
}

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  int addressSpace = kGlobalAddressSpace;
  if (parser.parseLess() || parser.parseType(pointee))
    return Type();
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return Type();
  if (parser.parseGreater())
    return Type();
  return parser.getChecked<PointerType>(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != kGlobalAddressSpace)
    printer << ", " << getAddressSpace();
  printer << ">";
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointeeType, int addressSpace) {
  if (addressSpace < 0)
    return emitError() << "pointer address space must be non-negative, got "
                       << addressSpace;
  if (auto tensor = dyn_cast<RankedTensorType>(pointeeType)) {
    if (isa<PointerType>(tensor.getElementType()))
      return emitError() << "a block pointer cannot point to a tensor of "
                            "pointers";
    return success();
  }
  if (isa<ShapedType>(pointeeType))
    return emitError() << "a pointer points to a scalar or a ranked tensor, "
                          "not "
                       << pointeeType;
  return success();
}

LogicalResult
TensorDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                       RankedTensorType blockType) {
  if (blockType.getRank() == 0)
    return emitError() << "tensor descriptor block must have rank >= 1";
  if (isa<PointerType>(blockType.getElementType()))
    return emitError() << "tensor descriptor block cannot hold pointers";
  return success();
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

bool mlir::triton::isScalarPointer(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && !isa<RankedTensorType>(ptr.getPointeeType());
}

bool mlir::triton::isTensorPointer(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && isa<RankedTensorType>(ptr.getPointeeType());
}

Type mlir::triton::getPointeeType(Type ptrLike) {
  if (auto tensor = dyn_cast<RankedTensorType>(ptrLike)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return ptrLike;
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(ptrLike))
    return ptr.getPointeeType();
  return ptrLike;
}

Type mlir::triton::getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

Type mlir::triton::getPointerTypeSameShape(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(
        tensor.getShape(),
        PointerType::get(tensor.getElementType(), kGlobalAddressSpace),
        tensor.getEncoding());
  return PointerType::get(type, kGlobalAddressSpace);
}

Type mlir::triton::getTensorPointerBaseType(Type tensorPtr) {
  auto ptr = dyn_cast<PointerType>(tensorPtr);
  if (!ptr)
    return tensorPtr;
  auto tensor = dyn_cast<RankedTensorType>(ptr.getPointeeType());
  if (!tensor)
    return tensorPtr;
  return PointerType::get(tensor.getElementType(), ptr.getAddressSpace());
}

unsigned mlir::triton::getScalarBitWidth(Type type) {
  if (isa<PointerType>(type))
    return 64;
  return type.getIntOrFloatBitWidth();
}
