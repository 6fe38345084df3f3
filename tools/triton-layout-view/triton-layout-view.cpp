//===- triton-layout-view.cpp - Show which thread holds each element ------===//
//
// Given a tensor type with a distributed encoding, prints which (warp, lane,
// register) holds each element; given a !ttg.memdesc with a shared
// encoding, prints the shared-memory offset of each element. Optionally
// writes an SVG picture: one color per warp with each cell labelled by lane
// and register, or, for shared memory, cells labelled by offset and colored
// by the 16-byte vector they fall in after swizzling.
//
//   triton-layout-view 'tensor<16x16xf32, #ttg.blocked<{...}>>' [--svg out.svg]
//
// Both come from the encoding's linear layout, so they show exactly what
// the compiler uses.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/InitAllDialects.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

static llvm::cl::opt<std::string>
    typeArg(llvm::cl::Positional, llvm::cl::Required,
            llvm::cl::desc("<tensor or !ttg.memdesc type with an encoding>"));
static llvm::cl::opt<std::string>
    svgPath("svg", llvm::cl::desc("Write an SVG picture to this file"),
            llvm::cl::value_desc("file"));

namespace {
/// What holds one element: (warp, lane, register) for a distributed layout,
/// the offset for a shared one. `copies` counts further holders.
struct Holder {
  int32_t warp = 0, lane = 0, reg = 0, offset = -1;
  int32_t copies = 0;
};

std::string hslColor(int index, int count, int lightness) {
  int hue = count <= 1 ? 210 : (index * 360 / count + 20) % 360;
  return "hsl(" + std::to_string(hue) + ",70%," + std::to_string(lightness) +
         "%)";
}

std::string escape(StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else if (c == '"')
      out += "&quot;";
    else
      out += c;
  }
  return out;
}
/// A layout, and which hardware index holds each of its elements.
struct LayoutView {
  Type type;
  ArrayRef<int64_t> shape;
  Type elementType;
  bool shared = false;
  std::vector<Holder> holders;
  std::vector<bool> held;
  int32_t numWarps = 1;
  int64_t rows = 0, cols = 0;
};

/// Every element's holders, by brute force over the hardware indices.
void findHolders(LayoutView &view, const LinearLayout &layout) {
  ArrayRef<int64_t> shape = view.shape;
  bool shared = view.shared;
  int64_t numElements = 1;
  for (int64_t d : shape)
    numElements *= d;
  auto flatIndex = [&](const LinearLayout::Point &p) {
    int64_t flat = 0;
    for (size_t d = 0; d < shape.size(); ++d)
      flat = flat * shape[d] + p[d].second;
    return flat;
  };
  std::vector<Holder> &holders = view.holders;
  std::vector<bool> &held = view.held;
  holders.assign(numElements, Holder());
  held.assign(numElements, false);
  int32_t &numWarps = view.numWarps;
  if (shared) {
    for (int32_t off = 0; off < layout.getInDimSize(layout_dims::kOffset);
         ++off) {
      int64_t e = flatIndex(layout.apply(
          {{layout_dims::kOffset, off}, {layout_dims::kBlock, 0}}));
      if (held[e]) {
        ++holders[e].copies;
        continue;
      }
      held[e] = true;
      holders[e].offset = off;
    }
  } else {
    numWarps = layout.getInDimSize(layout_dims::kWarp);
    for (int32_t w = 0; w < numWarps; ++w)
      for (int32_t l = 0; l < layout.getInDimSize(layout_dims::kLane); ++l)
        for (int32_t r = 0; r < layout.getInDimSize(layout_dims::kRegister);
             ++r) {
          int64_t e = flatIndex(layout.apply({{layout_dims::kRegister, r},
                                              {layout_dims::kLane, l},
                                              {layout_dims::kWarp, w},
                                              {layout_dims::kBlock, 0}}));
          if (held[e]) {
            ++holders[e].copies;
            continue;
          }
          held[e] = true;
          holders[e] = {w, l, r, -1, 0};
        }
  }

  view.cols = shape.back();
  view.rows = numElements / view.cols;
}

/// The table: rows are the second-to-last dimension, columns the last.
void printTable(const LayoutView &view) {
  ArrayRef<int64_t> shape = view.shape;
  bool shared = view.shared;
  const std::vector<Holder> &holders = view.holders;
  const std::vector<bool> &held = view.held;
  Type type = view.type;
  int64_t cols = view.cols, rows = view.rows;
  llvm::outs() << type << "\n";
  llvm::outs() << (shared ? "offset of each element"
                          : "warp:lane:register holding each element "
                            "(+N: N more copies)")
               << "\n";
  for (int64_t row = 0; row < rows; ++row) {
    if (shape.size() > 2 && row % shape[shape.size() - 2] == 0) {
      llvm::outs() << "[";
      int64_t rest = row / shape[shape.size() - 2];
      SmallVector<int64_t> lead(shape.size() - 2);
      for (size_t d = lead.size(); d-- > 0;) {
        lead[d] = rest % shape[d];
        rest /= shape[d];
      }
      llvm::interleaveComma(lead, llvm::outs());
      llvm::outs() << ", :, :]\n";
    }
    for (int64_t col = 0; col < cols; ++col) {
      const Holder &h = holders[row * cols + col];
      std::string cell;
      if (!held[row * cols + col])
        cell = "-";
      else if (shared)
        cell = std::to_string(h.offset);
      else
        cell = "w" + std::to_string(h.warp) + ":l" + std::to_string(h.lane) +
               ":r" + std::to_string(h.reg);
      if (h.copies)
        cell += "+" + std::to_string(h.copies);
      llvm::outs() << llvm::left_justify(cell, shared ? 6 : 13);
    }
    llvm::outs() << "\n";
  }
}

/// The same as an SVG picture at `path`; false (after an error) if it
/// cannot be written.
bool writeSvg(const LayoutView &view, StringRef path) {
  bool shared = view.shared;
  const std::vector<Holder> &holders = view.holders;
  const std::vector<bool> &held = view.held;
  Type type = view.type, elementType = view.elementType;
  int64_t cols = view.cols, rows = view.rows;
  int32_t numWarps = view.numWarps;
  std::error_code ec;
  llvm::raw_fd_ostream svg(path, ec, llvm::sys::fs::OF_Text);
  if (ec) {
    llvm::errs() << "error: cannot write " << path << ": " << ec.message()
                 << "\n";
    return false;
  }
  const int cw = shared ? 40 : 46, ch = 30, top = 40, left = 10;
  std::string title;
  llvm::raw_string_ostream(title) << type;
  int64_t width = std::max<int64_t>(left * 2 + cols * cw,
                                    left * 2 + int64_t(title.size()) * 7);
  svg << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width
      << "\" height=\"" << top + rows * ch + 10
      << "\" font-family=\"monospace\">\n";
  svg << "<text x=\"" << left << "\" y=\"16\" font-size=\"11\">"
      << escape(title) << "</text>\n";
  svg << "<text x=\"" << left << "\" y=\"32\" font-size=\"11\">"
      << (shared ? "offset of each element; color: 16-byte vector within its "
                   "row after swizzling"
                 : "color: warp; label: lane / register")
      << "</text>\n";
  int64_t bytes = std::max<int64_t>(1, elementType.getIntOrFloatBitWidth() / 8);
  int64_t perVector = std::max<int64_t>(1, 16 / bytes);
  for (int64_t row = 0; row < rows; ++row)
    for (int64_t col = 0; col < cols; ++col) {
      const Holder &h = holders[row * cols + col];
      int64_t x = left + col * cw, y = top + row * ch;
      std::string fill = "#eee", label1, label2;
      if (held[row * cols + col]) {
        if (shared) {
          int64_t vector = (h.offset / perVector) % 8;
          fill = hslColor(vector, 8, 80);
          label1 = std::to_string(h.offset);
          label2 = "v" + std::to_string(vector);
        } else {
          fill = hslColor(h.warp, numWarps, 78);
          label1 = "L" + std::to_string(h.lane);
          label2 = "R" + std::to_string(h.reg) +
                   (h.copies ? "+" + std::to_string(h.copies) : "");
        }
      }
      svg << "<rect x=\"" << x << "\" y=\"" << y << "\" width=\"" << cw
          << "\" height=\"" << ch << "\" fill=\"" << fill
          << "\" stroke=\"#666\" stroke-width=\"0.5\"/>\n";
      svg << "<text x=\"" << x + 3 << "\" y=\"" << y + 12
          << "\" font-size=\"10\">" << label1 << "</text>\n";
      svg << "<text x=\"" << x + 3 << "\" y=\"" << y + 25
          << "\" font-size=\"10\">" << label2 << "</text>\n";
    }
  svg << "</svg>\n";
  return true;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "Show which (warp, lane, register) holds each element of a tensor, or "
      "where each element of a shared-memory buffer lives\n");

  DialectRegistry registry;
  registerTritonDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  size_t consumed = 0;
  Type type = parseType(typeArg, &context, &consumed);
  if (!type)
    return 1;

  LayoutView view;
  view.type = type;
  Attribute encoding;
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    view.shape = tensor.getShape();
    encoding = tensor.getEncoding();
    view.elementType = tensor.getElementType();
  } else if (auto memdesc = dyn_cast<MemDescType>(type)) {
    view.shape = memdesc.getShape();
    encoding = memdesc.getEncoding();
    view.elementType = memdesc.getElementType();
    view.shared = true;
  }
  if (!encoding) {
    llvm::errs() << "error: expected a tensor type with an encoding or a "
                    "!ttg.memdesc, got "
                 << type << "\n";
    return 1;
  }
  std::string error;
  std::optional<LinearLayout> layout =
      toLinearLayout(view.shape, encoding, &error);
  if (!layout) {
    llvm::errs() << "error: " << error << "\n";
    return 1;
  }

  findHolders(view, *layout);
  printTable(view);
  if (svgPath.empty())
    return 0;
  return writeSvg(view, svgPath) ? 0 : 1;
}
