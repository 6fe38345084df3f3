//===- Fragments.h - registers of a layout, by instruction tile -*- C++ -*-===//
//
// A tensor-core instruction reads and writes fixed fragments: which element
// of its tile each of a thread's registers is. A tensor in an mma or dot
// operand layout holds many such tiles; grouping its registers by tile (the
// coordinates lane 0 of warp 0 holds, rounded down to the tile) and by
// fragment slot gives each instruction its operands. Other threads hold the
// same registers at coordinates XORed with their lane and warp bits, which
// stay inside the tile for lanes and move whole tiles for warps.
//
//===----------------------------------------------------------------------===//

#ifndef TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_DOTOPTOLLVM_FRAGMENTS_H
#define TRITONDIALECT_LIB_CONVERSION_TRITONGPUTOLLVM_DOTOPTOLLVM_FRAGMENTS_H

#include "../Utility.h"

#include <map>
#include <vector>

namespace mlir::triton::gpu::lowering {

/// Tile origin (coordinates, lane 0 of warp 0) -> register per slot (-1 for
/// slots no register fills).
using FragmentTiles = std::map<std::vector<int32_t>, std::vector<int>>;

/// Groups the registers of `layout` by tiles of `tile` (one size per
/// dimension); `slot` maps coordinates within the tile to a fragment slot
/// below `slots`. Fails when two registers claim one slot.
inline std::optional<FragmentTiles>
fragmentTiles(const LinearLayout &layout, ArrayRef<int32_t> tile,
              unsigned slots,
              llvm::function_ref<unsigned(ArrayRef<int32_t>)> slot) {
  FragmentTiles tiles;
  int32_t regs = layout.getInDimSize(layout_dims::kRegister);
  for (int32_t r = 0; r < regs; ++r) {
    SmallVector<int32_t> c = registerCoords(layout, r);
    std::vector<int32_t> origin(c.size());
    SmallVector<int32_t> within(c.size());
    for (size_t d = 0; d < c.size(); ++d) {
      origin[d] = c[d] - c[d] % tile[d];
      within[d] = c[d] % tile[d];
    }
    auto &entry = tiles[origin];
    if (entry.empty())
      entry.assign(slots, -1);
    unsigned s = slot(within);
    if (s >= slots)
      return std::nullopt;
    if (entry[s] != -1 && entry[s] != r) {
      // The same element twice (a broadcast register): keep the first.
      continue;
    }
    entry[s] = r;
  }
  for (auto &[origin, regsOfTile] : tiles)
    if (llvm::is_contained(regsOfTile, -1))
      return std::nullopt;
  return tiles;
}

} // namespace mlir::triton::gpu::lowering

#endif
