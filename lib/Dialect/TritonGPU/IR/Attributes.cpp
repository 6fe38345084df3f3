//===- Attributes.cpp - Layout encodings of the `ttg` dialect -------------===//
//
// Parsing, printing and verification of every encoding. Encodings parse as a
// dictionary (`#ttg.blocked<{sizePerThread = [1, 4], ...}>`) whose keys may
// come in any order; they print in upstream's order, with the CTA fields
// only when the layout spans more than one CTA.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Dialect/Triton/IR/Utility.h"
#include "TritonDialect/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/TypeSwitch.h" // generated printer and parser
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

#define GET_ATTRDEF_CLASSES
#include "TritonDialect/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"

llvm::hash_code mlir::triton::hash_value(const LinearLayout &layout) {
  llvm::hash_code h = llvm::hash_value(layout.getInDims().size());
  for (const auto &in : layout.getInDims()) {
    h = llvm::hash_combine(h, in.name);
    for (const auto &basis : in.bases)
      h = llvm::hash_combine(
          h, llvm::hash_combine_range(basis.begin(), basis.end()));
  }
  for (const auto &out : layout.getOutDims())
    h = llvm::hash_combine(h, out.name, out.size);
  return h;
}

void TritonGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "TritonDialect/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Parsing helpers
//===----------------------------------------------------------------------===//

namespace {
/// Reads the entries of an encoding's `{key = value, ...}` dictionary,
/// reporting missing, unknown or ill-typed entries at the encoding.
class EncodingDict {
public:
  EncodingDict(AsmParser &parser, DictionaryAttr dict, StringRef encoding)
      : parser(parser), dict(dict), encoding(encoding),
        loc(parser.getCurrentLocation()) {}

  bool has(StringRef key) const { return bool(dict.get(key)); }

  ParseResult getUnsigned(StringRef key, unsigned &out,
                          std::optional<unsigned> dflt = std::nullopt) {
    used.push_back(key);
    Attribute attr = dict.get(key);
    if (!attr) {
      if (dflt) {
        out = *dflt;
        return success();
      }
      return missing(key);
    }
    auto intAttr = dyn_cast<IntegerAttr>(attr);
    if (!intAttr || intAttr.getValue().isNegative())
      return wrong(key, "a non-negative integer");
    out = intAttr.getValue().getZExtValue();
    return success();
  }

  ParseResult getBool(StringRef key, bool &out, std::optional<bool> dflt) {
    used.push_back(key);
    Attribute attr = dict.get(key);
    if (!attr) {
      if (dflt) {
        out = *dflt;
        return success();
      }
      return missing(key);
    }
    auto boolAttr = dyn_cast<BoolAttr>(attr);
    if (!boolAttr)
      return wrong(key, "true or false");
    out = boolAttr.getValue();
    return success();
  }

  ParseResult getArray(StringRef key, SmallVectorImpl<unsigned> &out,
                       bool optional = false) {
    used.push_back(key);
    Attribute attr = dict.get(key);
    if (!attr)
      return optional ? success() : missing(key);
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array)
      return wrong(key, "a list of non-negative integers");
    for (Attribute element : array) {
      auto intAttr = dyn_cast<IntegerAttr>(element);
      if (!intAttr || intAttr.getValue().isNegative())
        return wrong(key, "a list of non-negative integers");
      out.push_back(intAttr.getValue().getZExtValue());
    }
    return success();
  }

  /// A list of bases (lists of integers), for linear layouts.
  ParseResult getBases(StringRef key, std::vector<LinearLayout::Basis> &out,
                       bool optional = false) {
    used.push_back(key);
    Attribute attr = dict.get(key);
    if (!attr)
      return optional ? success() : missing(key);
    auto array = dyn_cast<ArrayAttr>(attr);
    if (!array)
      return wrong(key, "a list of bases such as [[0, 1], [1, 0]]");
    for (Attribute element : array) {
      auto basisAttr = dyn_cast<ArrayAttr>(element);
      if (!basisAttr)
        return wrong(key, "a list of bases such as [[0, 1], [1, 0]]");
      LinearLayout::Basis basis;
      for (Attribute v : basisAttr) {
        auto intAttr = dyn_cast<IntegerAttr>(v);
        if (!intAttr || intAttr.getValue().isNegative())
          return wrong(key, "a list of bases of non-negative integers");
        basis.push_back(intAttr.getValue().getZExtValue());
      }
      out.push_back(std::move(basis));
    }
    return success();
  }

  ParseResult getAttr(StringRef key, Attribute &out) {
    used.push_back(key);
    out = dict.get(key);
    return out ? success() : missing(key);
  }

  /// Fails on keys no getter asked for.
  ParseResult finish() {
    for (NamedAttribute entry : dict)
      if (!llvm::is_contained(used, entry.getName().getValue()))
        return parser.emitError(loc) << "#ttg." << encoding << " has no field '"
                                     << entry.getName().getValue() << "'";
    return success();
  }

  /// Optional CTA fields: CTAsPerCGA, CTASplitNum, CTAOrder.
  ParseResult getCTALayout(CTALayoutAttr &out) {
    SmallVector<unsigned> perCGA, split, order;
    if (getArray("CTAsPerCGA", perCGA, true) ||
        getArray("CTASplitNum", split, true) ||
        getArray("CTAOrder", order, true))
      return failure();
    out = CTALayoutAttr::getChecked([&] { return parser.emitError(loc); },
                                    parser.getContext(), perCGA, split, order);
    return success(bool(out));
  }

  InFlightDiagnostic emitError() { return parser.emitError(loc); }

private:
  ParseResult missing(StringRef key) {
    return parser.emitError(loc)
           << "#ttg." << encoding << " needs the field '" << key << "'";
  }
  ParseResult wrong(StringRef key, StringRef what) {
    return parser.emitError(loc)
           << "#ttg." << encoding << " field '" << key << "' must be " << what;
  }

  AsmParser &parser;
  DictionaryAttr dict;
  StringRef encoding;
  SMLoc loc;
  SmallVector<StringRef> used;
};

/// Parses `<{...}>` into a dictionary.
ParseResult parseEncodingDict(AsmParser &parser, DictionaryAttr &dict) {
  if (parser.parseLess() || parser.parseAttribute(dict) ||
      parser.parseGreater())
    return failure();
  return success();
}

void printArray(AsmPrinter &printer, ArrayRef<unsigned> values) {
  printer << "[";
  llvm::interleaveComma(values, printer);
  printer << "]";
}

void printCTALayout(AsmPrinter &printer, CTALayoutAttr cta) {
  if (!cta || cta.isTrivial())
    return;
  printer << ", CTAsPerCGA = ";
  printArray(printer, cta.getCTAsPerCGA());
  printer << ", CTASplitNum = ";
  printArray(printer, cta.getCTASplitNum());
  printer << ", CTAOrder = ";
  printArray(printer, cta.getCTAOrder());
}

void printBases(AsmPrinter &printer, ArrayRef<LinearLayout::Basis> bases) {
  printer << "[";
  llvm::interleaveComma(bases, printer, [&](const LinearLayout::Basis &b) {
    printer << "[";
    llvm::interleaveComma(b, printer);
    printer << "]";
  });
  printer << "]";
}

bool allPowersOfTwo(ArrayRef<unsigned> values) {
  return llvm::all_of(
      values, [](unsigned v) { return v > 0 && llvm::isPowerOf2_32(v); });
}

LogicalResult verifyRank(function_ref<InFlightDiagnostic()> emitError,
                         StringRef encoding, size_t encodingRank,
                         ArrayRef<int64_t> shape) {
  if (encodingRank != shape.size())
    return emitError() << "#ttg." << encoding << " has rank " << encodingRank
                       << " but the tensor has rank " << shape.size();
  return success();
}

/// Builds a layout from parsed bases; out sizes are the smallest powers of
/// two holding every basis value.
std::optional<LinearLayout> layoutFromBases(
    std::vector<std::pair<std::string, std::vector<LinearLayout::Basis>>> named,
    std::string *error) {
  size_t rank = 0;
  bool rankKnown = false;
  for (auto &[name, bases] : named)
    for (auto &b : bases) {
      if (!rankKnown) {
        rank = b.size();
        rankKnown = true;
      } else if (b.size() != rank) {
        if (error)
          *error = "all bases must have the same number of coordinates";
        return std::nullopt;
      }
    }
  if (!rankKnown) {
    if (error)
      *error = "needs at least one basis to know the tensor's rank";
    return std::nullopt;
  }
  std::vector<LinearLayout::OutDim> outs;
  for (size_t d = 0; d < rank; ++d) {
    int32_t all = 0;
    for (auto &[name, bases] : named)
      for (auto &b : bases)
        all |= b[d];
    outs.push_back({layout_dims::outDimName(d),
                    all ? int32_t(llvm::NextPowerOf2(uint32_t(all))) : 1});
  }
  std::vector<LinearLayout::InDim> ins;
  for (auto &[name, bases] : named)
    ins.push_back({name, bases});
  return LinearLayout::create(ins, outs, error);
}
} // namespace

//===----------------------------------------------------------------------===//
// CTA layout
//===----------------------------------------------------------------------===//

LogicalResult
CTALayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                      ArrayRef<unsigned> perCGA, ArrayRef<unsigned> split,
                      ArrayRef<unsigned> order) {
  if (perCGA.empty() && split.empty() && order.empty())
    return success();
  if (perCGA.size() != split.size() || perCGA.size() != order.size())
    return emitError() << "CTAsPerCGA, CTASplitNum and CTAOrder must have "
                          "the same length";
  if (!allPowersOfTwo(perCGA) || !allPowersOfTwo(split))
    return emitError() << "CTAsPerCGA and CTASplitNum must hold powers of two";
  for (size_t d = 0; d < perCGA.size(); ++d)
    if (perCGA[d] % split[d] != 0)
      return emitError() << "CTASplitNum " << listStr(split)
                         << " must divide CTAsPerCGA " << listStr(perCGA);
  if (!isPermutation(order, perCGA.size()))
    return emitError() << "CTAOrder " << listStr(order)
                       << " must be a permutation of [0, " << perCGA.size()
                       << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// blocked
//===----------------------------------------------------------------------===//

Attribute BlockedEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "blocked");
  SmallVector<unsigned> spt, tpw, wpc, order;
  CTALayoutAttr cta;
  if (fields.getArray("sizePerThread", spt) ||
      fields.getArray("threadsPerWarp", tpw) ||
      fields.getArray("warpsPerCTA", wpc) || fields.getArray("order", order) ||
      fields.getCTALayout(cta) || fields.finish())
    return {};
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    spt, tpw, wpc, order, cta);
}

void BlockedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{sizePerThread = ";
  printArray(printer, getSizePerThread());
  printer << ", threadsPerWarp = ";
  printArray(printer, getThreadsPerWarp());
  printer << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printer << ", order = ";
  printArray(printer, getOrder());
  printCTALayout(printer, getCTALayout());
  printer << "}>";
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> spt, ArrayRef<unsigned> tpw,
                            ArrayRef<unsigned> wpc, ArrayRef<unsigned> order,
                            CTALayoutAttr cta) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "#ttg.blocked needs at least one dimension";
  if (spt.size() != rank || tpw.size() != rank || wpc.size() != rank)
    return emitError() << "#ttg.blocked fields must have the same length: "
                          "sizePerThread "
                       << listStr(spt) << ", threadsPerWarp " << listStr(tpw)
                       << ", warpsPerCTA " << listStr(wpc) << ", order "
                       << listStr(order);
  if (!allPowersOfTwo(spt))
    return emitError() << "#ttg.blocked sizePerThread " << listStr(spt)
                       << " must hold powers of two";
  if (!allPowersOfTwo(tpw))
    return emitError() << "#ttg.blocked threadsPerWarp " << listStr(tpw)
                       << " must hold powers of two";
  if (!allPowersOfTwo(wpc))
    return emitError() << "#ttg.blocked warpsPerCTA " << listStr(wpc)
                       << " must hold powers of two";
  if (!isPermutation(order, rank))
    return emitError() << "#ttg.blocked order " << listStr(order)
                       << " must be a permutation of [0, " << rank << ")";
  if (cta && !cta.isTrivial() && cta.getCTAOrder().size() != rank)
    return emitError() << "#ttg.blocked CTA fields must have rank " << rank;
  return success();
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "blocked", getOrder().size(), shape);
}

//===----------------------------------------------------------------------===//
// slice
//===----------------------------------------------------------------------===//

Attribute SliceEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "slice");
  unsigned dim;
  Attribute parent;
  if (fields.getUnsigned("dim", dim) || fields.getAttr("parent", parent) ||
      fields.finish())
    return {};
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    dim, parent);
}

void SliceEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{dim = " << getDim() << ", parent = " << getParent() << "}>";
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  auto distributed = dyn_cast<DistributedEncodingTrait>(parent);
  if (!distributed)
    return emitError() << "#ttg.slice parent must be a distributed encoding "
                          "(blocked, slice, dot_op, nvidia_mma or linear), got "
                       << parent;
  if (dim >= distributed.getRank())
    return emitError() << "#ttg.slice dim " << dim
                       << " must be below the parent's rank "
                       << distributed.getRank();
  return success();
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "slice", getRank(), shape);
}

//===----------------------------------------------------------------------===//
// dot_op
//===----------------------------------------------------------------------===//

Attribute DotOperandEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "dot_op");
  unsigned opIdx, kWidth;
  Attribute parent;
  if (fields.getUnsigned("opIdx", opIdx) || fields.getAttr("parent", parent) ||
      fields.getUnsigned("kWidth", kWidth, 0u) || fields.finish())
    return {};
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    opIdx, parent, kWidth);
}

void DotOperandEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{opIdx = " << getOpIdx() << ", parent = " << getParent();
  if (getKWidth())
    printer << ", kWidth = " << getKWidth();
  printer << "}>";
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "#ttg.dot_op opIdx must be 0 (A) or 1 (B), got "
                       << opIdx;
  if (auto mma = dyn_cast<NvidiaMmaEncodingAttr>(parent)) {
    if (kWidth == 0)
      return emitError() << "#ttg.dot_op of a #ttg.nvidia_mma parent needs "
                            "kWidth > 0";
    if (!llvm::isPowerOf2_32(kWidth))
      return emitError() << "#ttg.dot_op kWidth must be a power of two, got "
                         << kWidth;
    if (mma.isHopper() && opIdx != 0)
      return emitError() << "#ttg.dot_op of a version 3 (wgmma) parent must "
                            "be operand A (opIdx 0): B is read from shared "
                            "memory";
    return success();
  }
  if (isa<BlockedEncodingAttr>(parent)) {
    if (kWidth != 0)
      return emitError() << "#ttg.dot_op of a #ttg.blocked parent takes no "
                            "kWidth";
    return success();
  }
  if (isa<LinearEncodingAttr>(parent))
    return success();
  return emitError() << "#ttg.dot_op parent must be #ttg.blocked, "
                        "#ttg.nvidia_mma or #ttg.linear, got "
                     << parent;
}

LogicalResult DotOperandEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "dot_op", getRank(), shape);
}

//===----------------------------------------------------------------------===//
// nvidia_mma
//===----------------------------------------------------------------------===//

Attribute NvidiaMmaEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "nvidia_mma");
  unsigned major, minor;
  SmallVector<unsigned> wpc, instr;
  CTALayoutAttr cta;
  if (fields.getUnsigned("versionMajor", major) ||
      fields.getUnsigned("versionMinor", minor) ||
      fields.getArray("warpsPerCTA", wpc) || fields.getCTALayout(cta) ||
      fields.getArray("instrShape", instr) || fields.finish())
    return {};
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    major, minor, wpc, cta, instr);
}

void NvidiaMmaEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{versionMajor = " << getVersionMajor()
          << ", versionMinor = " << getVersionMinor() << ", warpsPerCTA = ";
  printArray(printer, getWarpsPerCTA());
  printCTALayout(printer, getCTALayout());
  printer << ", instrShape = ";
  printArray(printer, getInstrShape());
  printer << "}>";
}

LogicalResult
NvidiaMmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              unsigned major, unsigned minor,
                              ArrayRef<unsigned> wpc, CTALayoutAttr cta,
                              ArrayRef<unsigned> instr) {
  if (major != 2 && major != 3)
    return emitError() << "#ttg.nvidia_mma versionMajor must be 2 (mma.sync) "
                          "or 3 (wgmma), got "
                       << major;
  if (!allPowersOfTwo(wpc) || wpc.empty())
    return emitError() << "#ttg.nvidia_mma warpsPerCTA " << listStr(wpc)
                       << " must hold powers of two";
  if (major == 2) {
    bool ok = (wpc.size() == 2 && instr == ArrayRef<unsigned>{16, 8}) ||
              (wpc.size() == 3 && instr == ArrayRef<unsigned>{1, 16, 8});
    if (!ok)
      return emitError() << "#ttg.nvidia_mma version 2 has instrShape [16, 8] "
                            "(or [1, 16, 8] with a batch dimension), got "
                         << listStr(instr) << " for warpsPerCTA "
                         << listStr(wpc);
  } else {
    if (wpc.size() != 2)
      return emitError() << "#ttg.nvidia_mma version 3 is 2-D, got "
                            "warpsPerCTA "
                         << listStr(wpc);
    if (instr.size() != 3 || instr[0] != 16 || instr[1] % 8 != 0 ||
        instr[1] < 8 || instr[1] > 256 || !llvm::isPowerOf2_32(instr[1] / 8) ||
        instr[2] == 0)
      return emitError() << "#ttg.nvidia_mma version 3 instrShape must be "
                            "[16, N, K] with N = 8 * 2^k up to 256, got "
                         << listStr(instr);
  }
  if (cta && !cta.isTrivial() && cta.getCTAOrder().size() != wpc.size())
    return emitError() << "#ttg.nvidia_mma CTA fields must have rank "
                       << wpc.size();
  return success();
}

LogicalResult NvidiaMmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "nvidia_mma", getWarpsPerCTA().size(), shape);
}

//===----------------------------------------------------------------------===//
// linear
//===----------------------------------------------------------------------===//

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "linear");
  std::vector<LinearLayout::Basis> reg, lane, warp, block;
  if (fields.getBases("register", reg) || fields.getBases("lane", lane) ||
      fields.getBases("warp", warp) || fields.getBases("block", block, true) ||
      fields.finish())
    return {};
  std::string error;
  std::optional<LinearLayout> layout =
      layoutFromBases({{layout_dims::kRegister, reg},
                       {layout_dims::kLane, lane},
                       {layout_dims::kWarp, warp},
                       {layout_dims::kBlock, block}},
                      &error);
  if (!layout) {
    fields.emitError() << "#ttg.linear " << error;
    return {};
  }
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    *layout);
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  const LinearLayout &layout = getLinearLayout();
  printer << "<{";
  llvm::interleaveComma(layout.getInDims(), printer,
                        [&](const LinearLayout::InDim &in) {
                          printer << in.name << " = ";
                          printBases(printer, in.bases);
                        });
  printer << "}>";
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           LinearLayout layout) {
  for (const auto &in : layout.getInDims())
    if (in.name != layout_dims::kRegister && in.name != layout_dims::kLane &&
        in.name != layout_dims::kWarp && in.name != layout_dims::kBlock)
      return emitError() << "#ttg.linear input dimensions are register, "
                            "lane, warp and block, not "
                         << in.name;
  return success();
}

LogicalResult LinearEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  // Bases may reach past the tensor's shape, or fall short of it, as in
  // upstream: toLinearLayout fits the layout to the shape (coordinates past
  // a dimension are replicas, missing ones more registers).
  const LinearLayout &layout = getLinearLayout();
  return verifyRank(emitError, "linear", layout.getOutDims().size(), shape);
}

//===----------------------------------------------------------------------===//
// swizzled_shared
//===----------------------------------------------------------------------===//

Attribute SwizzledSharedEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "swizzled_shared");
  unsigned vec, perPhase, maxPhase;
  SmallVector<unsigned> order;
  CTALayoutAttr cta;
  if (fields.getUnsigned("vec", vec) ||
      fields.getUnsigned("perPhase", perPhase) ||
      fields.getUnsigned("maxPhase", maxPhase) ||
      fields.getArray("order", order) || fields.getCTALayout(cta) ||
      fields.finish())
    return {};
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    vec, perPhase, maxPhase, order, cta);
}

void SwizzledSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{vec = " << getVec() << ", perPhase = " << getPerPhase()
          << ", maxPhase = " << getMaxPhase() << ", order = ";
  printArray(printer, getOrder());
  printCTALayout(printer, getCTALayout());
  printer << "}>";
}

LogicalResult
SwizzledSharedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   unsigned vec, unsigned perPhase,
                                   unsigned maxPhase, ArrayRef<unsigned> order,
                                   CTALayoutAttr cta) {
  if (!allPowersOfTwo({vec, perPhase, maxPhase}))
    return emitError() << "#ttg.swizzled_shared vec, perPhase and maxPhase "
                          "must be powers of two, got "
                       << vec << ", " << perPhase << ", " << maxPhase;
  if (order.empty() || !isPermutation(order, order.size()))
    return emitError() << "#ttg.swizzled_shared order " << listStr(order)
                       << " must be a permutation of [0, " << order.size()
                       << ")";
  if (cta && !cta.isTrivial() && cta.getCTAOrder().size() != order.size())
    return emitError() << "#ttg.swizzled_shared CTA fields must have rank "
                       << order.size();
  return success();
}

LogicalResult SwizzledSharedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "swizzled_shared", getOrder().size(), shape);
}

//===----------------------------------------------------------------------===//
// nvmma_shared
//===----------------------------------------------------------------------===//

Attribute NVMMASharedEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parseEncodingDict(parser, dict))
    return {};
  EncodingDict fields(parser, dict, "nvmma_shared");
  unsigned swizzle, bits;
  bool transposed = false, fp4Padded = false;
  CTALayoutAttr cta;
  if (fields.getUnsigned("swizzlingByteWidth", swizzle) ||
      fields.getBool("transposed", transposed, std::nullopt) ||
      fields.getUnsigned("elementBitWidth", bits) ||
      fields.getBool("fp4Padded", fp4Padded, false) ||
      fields.getCTALayout(cta) || fields.finish())
    return {};
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    swizzle, transposed, bits, fp4Padded, cta);
}

void NVMMASharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<{swizzlingByteWidth = " << getSwizzlingByteWidth()
          << ", transposed = " << (getTransposed() ? "true" : "false")
          << ", elementBitWidth = " << getElementBitWidth();
  if (getFp4Padded())
    printer << ", fp4Padded = true";
  printCTALayout(printer, getCTALayout());
  printer << "}>";
}

LogicalResult NVMMASharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned swizzle,
    bool transposed, unsigned bits, bool fp4Padded, CTALayoutAttr cta) {
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "#ttg.nvmma_shared swizzlingByteWidth must be 0, "
                          "32, 64 or 128, got "
                       << swizzle;
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64)
    return emitError() << "#ttg.nvmma_shared elementBitWidth must be 8, 16, "
                          "32 or 64, got "
                       << bits;
  if (fp4Padded && bits != 8)
    return emitError() << "#ttg.nvmma_shared fp4Padded needs elementBitWidth "
                          "8 (fp4 pairs stored as bytes)";
  return success();
}

LogicalResult NVMMASharedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape.size() < 2)
    return emitError() << "#ttg.nvmma_shared needs a tensor of rank >= 2";
  if (elementType && elementType.isIntOrFloat() &&
      elementType.getIntOrFloatBitWidth() != getElementBitWidth())
    return emitError() << "#ttg.nvmma_shared elementBitWidth "
                       << getElementBitWidth() << " does not match element "
                       << "type " << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// padded_shared
//===----------------------------------------------------------------------===//

Attribute PaddedSharedEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<unsigned> intervals, paddings;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(
          AsmParser::Delimiter::Square, [&]() -> ParseResult {
            unsigned interval, padding;
            if (parser.parseInteger(interval) || parser.parseColon() ||
                parser.parsePlus() || parser.parseInteger(padding))
              return failure();
            intervals.push_back(interval);
            paddings.push_back(padding);
            return success();
          }))
    return {};
  DictionaryAttr dict;
  if (parser.parseAttribute(dict) || parser.parseGreater())
    return {};
  EncodingDict fields(parser, dict, "padded_shared");
  std::optional<LinearLayout> layout;
  std::string error;
  if (fields.has("order")) {
    SmallVector<unsigned> order, shape;
    if (fields.getArray("order", order) || fields.getArray("shape", shape) ||
        fields.finish())
      return {};
    if (order.size() != shape.size() ||
        !isPermutation(ArrayRef<unsigned>(order), order.size()) ||
        !allPowersOfTwo(shape)) {
      fields.emitError() << "#ttg.padded_shared needs a permutation 'order' "
                            "and a power-of-two 'shape' of the same rank";
      return {};
    }
    // Row-major identity: offset bits walk order[0] first.
    LinearLayout id;
    for (unsigned d : order)
      id *= LinearLayout::identity1D(shape[d], layout_dims::kOffset,
                                     layout_dims::outDimName(d));
    std::vector<std::string> names;
    for (size_t d = 0; d < shape.size(); ++d)
      names.push_back(layout_dims::outDimName(d));
    layout = id.transposeOuts(names) *
             LinearLayout::zeros1D(1, layout_dims::kBlock,
                                   layout_dims::outDimName(0));
  } else {
    std::vector<LinearLayout::Basis> offset, block;
    if (fields.getBases("offset", offset) ||
        fields.getBases("block", block, true) || fields.finish())
      return {};
    layout = layoutFromBases(
        {{layout_dims::kOffset, offset}, {layout_dims::kBlock, block}}, &error);
    if (!layout) {
      fields.emitError() << "#ttg.padded_shared " << error;
      return {};
    }
  }
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    intervals, paddings, *layout);
}

void PaddedSharedEncodingAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  for (size_t i = 0; i < getIntervals().size(); ++i) {
    if (i)
      printer << ", ";
    printer << getIntervals()[i] << ":+" << getPaddings()[i];
  }
  printer << "] {offset = ";
  const LinearLayout &layout = getLinearComponent();
  printBases(printer, layout.getInDims()[0].bases);
  printer << ", block = ";
  printBases(printer,
             layout.getInDims().size() > 1
                 ? ArrayRef<LinearLayout::Basis>(layout.getInDims()[1].bases)
                 : ArrayRef<LinearLayout::Basis>());
  printer << "}>";
}

LogicalResult PaddedSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<unsigned> intervals,
    ArrayRef<unsigned> paddings, LinearLayout layout) {
  if (intervals.empty())
    return emitError() << "#ttg.padded_shared needs at least one "
                          "interval:+padding pair";
  if (!allPowersOfTwo(intervals) || !allPowersOfTwo(paddings))
    return emitError() << "#ttg.padded_shared intervals and paddings must be "
                          "powers of two";
  if (layout.getInDims().empty() ||
      layout.getInDims()[0].name != layout_dims::kOffset)
    return emitError() << "#ttg.padded_shared needs offset bases";
  return success();
}

LogicalResult PaddedSharedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "padded_shared",
                    getLinearComponent().getOutDims().size(), shape);
}

//===----------------------------------------------------------------------===//
// shared_linear
//===----------------------------------------------------------------------===//

Attribute SharedLinearEncodingAttr::parse(AsmParser &parser, Type) {
  DictionaryAttr dict;
  if (parser.parseLess() || parser.parseAttribute(dict))
    return {};
  unsigned alignment = 16;
  if (succeeded(parser.parseOptionalComma()))
    if (parser.parseKeyword("alignment") || parser.parseEqual() ||
        parser.parseInteger(alignment))
      return {};
  if (parser.parseGreater())
    return {};
  EncodingDict fields(parser, dict, "shared_linear");
  std::vector<LinearLayout::Basis> offset, block;
  if (fields.getBases("offset", offset) ||
      fields.getBases("block", block, true) || fields.finish())
    return {};
  std::string error;
  std::optional<LinearLayout> layout = layoutFromBases(
      {{layout_dims::kOffset, offset}, {layout_dims::kBlock, block}}, &error);
  if (!layout) {
    fields.emitError() << "#ttg.shared_linear " << error;
    return {};
  }
  return getChecked([&] { return fields.emitError(); }, parser.getContext(),
                    *layout, alignment);
}

void SharedLinearEncodingAttr::print(AsmPrinter &printer) const {
  const LinearLayout &layout = getLinearLayout();
  printer << "<{offset = ";
  printBases(printer, layout.getInDims()[0].bases);
  printer << ", block = ";
  printBases(printer, layout.getInDims()[1].bases);
  printer << "}";
  if (getLayoutAlignment() != 16)
    printer << ", alignment = " << getLayoutAlignment();
  printer << ">";
}

LogicalResult
SharedLinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 LinearLayout layout, unsigned alignment) {
  if (!llvm::isPowerOf2_32(alignment))
    return emitError() << "#ttg.shared_linear alignment must be a power of "
                          "two, got "
                       << alignment;
  if (layout.getInDims().size() != 2)
    return emitError() << "#ttg.shared_linear needs offset and block bases";
  return success();
}

LogicalResult SharedLinearEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank(emitError, "shared_linear",
                    getLinearLayout().getOutDims().size(), shape);
}

//===----------------------------------------------------------------------===//
// Default layouts
//===----------------------------------------------------------------------===//

BlockedEncodingAttr mlir::triton::gpu::getBlockedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, ArrayRef<unsigned> spt,
    ArrayRef<unsigned> order, unsigned numWarps, unsigned threadsPerWarp) {
  unsigned rank = shape.size();
  SmallVector<unsigned> tpw(rank, 1), wpc(rank, 1);
  unsigned lanesLeft = threadsPerWarp, warpsLeft = numWarps;
  unsigned threadsLeft = numWarps * threadsPerWarp;
  // Fastest dimensions first: as many threads as the dimension has vectors.
  for (unsigned k = 0; k + 1 < rank; ++k) {
    unsigned d = order[k];
    int64_t vectors = std::max<int64_t>(1, shape[d] / spt[d]);
    unsigned threads =
        std::clamp<int64_t>(vectors, 1, std::max(1u, threadsLeft));
    tpw[d] = std::clamp<unsigned>(threads, 1, lanesLeft);
    wpc[d] = std::clamp<unsigned>(threads / tpw[d], 1, warpsLeft);
    lanesLeft /= tpw[d];
    warpsLeft /= wpc[d];
    threadsLeft /= std::max(1u, tpw[d] * wpc[d]);
  }
  // The slowest dimension takes what is left.
  tpw[order[rank - 1]] = lanesLeft;
  wpc[order[rank - 1]] = warpsLeft;
  return BlockedEncodingAttr::get(ctx, spt, tpw, wpc, order,
                                  CTALayoutAttr::getTrivial(ctx));
}

BlockedEncodingAttr mlir::triton::gpu::getDefaultBlockedEncoding(
    MLIRContext *ctx, ArrayRef<int64_t> shape, unsigned numWarps,
    unsigned threadsPerWarp) {
  SmallVector<unsigned> spt(shape.size(), 1), order;
  for (unsigned d = shape.size(); d-- > 0;)
    order.push_back(d);
  return getBlockedEncoding(ctx, shape, spt, order, numWarps, threadsPerWarp);
}
