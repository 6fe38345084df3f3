//===- WGMMADescriptorTest.cpp - Descriptors against the hardware's map ---===//
//
// A wgmma descriptor is only right if the address the hardware computes from
// it, for every element an instruction reads, is where the operand's shared
// layout put that element. The hardware's address function is written here
// from the PTX ISA ("Shared Memory Matrix Layout", "Matrix Descriptor
// Format"), independently of the layout algebra the descriptors come from:
//
//   K-major:   start + (mn / 8) SBO + (mn % 8) S + k B
//   M/N-major: start + (mn / T) LBO + (k / 8) SBO + (k % 8) S + (mn % T) B
//
// with S the swizzle width in bytes, B the element size, T = S / B, and the
// swizzle applied to the absolute address: bits [4, 4 + log2(S/16)) XORed
// with the bits from 7 up. Every element of every instruction tile of every
// operand shape, element type, swizzle and major-ness is enumerated.
//
//===----------------------------------------------------------------------===//

#include "TritonDialect/Conversion/TritonGPUToLLVM/WGMMADescriptor.h"
#include "TritonDialect/InitAllDialects.h"

#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::triton;
using namespace mlir::triton::gpu;

namespace {
struct Fields {
  uint64_t start, lbo, sbo;
  unsigned swizzleBytes;
};

Fields decode(uint64_t desc) {
  Fields f;
  f.start = (desc & 0x3FFF) << 4;
  f.lbo = ((desc >> 16) & 0x3FFF) << 4;
  f.sbo = ((desc >> 32) & 0x3FFF) << 4;
  unsigned mode = desc >> 62;
  f.swizzleBytes = mode == 1 ? 128 : mode == 2 ? 64 : mode == 3 ? 32 : 0;
  return f;
}

/// The shared-memory byte address wgmma reads element (mn, k) of the tile
/// described by `desc` from.
uint64_t hardwareAddress(uint64_t desc, bool kMajor, unsigned elemBytes,
                         int32_t mn, int32_t k) {
  Fields f = decode(desc);
  uint64_t s = f.swizzleBytes;
  uint64_t addr;
  if (kMajor) {
    addr = f.start + (mn / 8) * f.sbo + (mn % 8) * s + k * elemBytes;
  } else {
    uint64_t t = s / elemBytes;
    addr = f.start + (mn / t) * f.lbo + (k / 8) * f.sbo + (k % 8) * s +
           (mn % t) * elemBytes;
  }
  uint64_t mask = s / 16 - 1;
  return addr ^ (((addr >> 7) & mask) << 4);
}

class WGMMADescriptorTest : public ::testing::Test {
protected:
  WGMMADescriptorTest() {
    DialectRegistry registry;
    registerTritonDialects(registry);
    ctx.appendDialectRegistry(registry);
    ctx.loadAllAvailableDialects();
  }

  /// Checks every element of every (instrMN x instrK) tile of the operand;
  /// returns the number of elements checked.
  int64_t check(unsigned opIdx, int64_t mnSize, int64_t kSize, unsigned bits,
                unsigned swizzle, bool transposed, int32_t instrMN) {
    auto enc =
        NVMMASharedEncodingAttr::get(&ctx, swizzle, transposed, bits, false,
                                     CTALayoutAttr::getTrivial(&ctx));
    SmallVector<int64_t> shape = opIdx == 0
                                     ? SmallVector<int64_t>{mnSize, kSize}
                                     : SmallVector<int64_t>{kSize, mnSize};
    std::string why;
    FailureOr<WGMMAOperandDescriptor> d =
        describeWGMMAOperand(shape, enc, bits, opIdx, why);
    EXPECT_TRUE(succeeded(d)) << why;
    if (failed(d))
      return 0;
    unsigned elemBytes = bits / 8;
    int32_t instrK = 32 / elemBytes;
    // A base aligned as the allocator aligns it, away from address 0.
    uint64_t base = 3 * enc.getAlignment();
    int64_t checked = 0;
    for (int32_t mn0 = 0; mn0 < mnSize; mn0 += instrMN)
      for (int32_t k0 = 0; k0 < kSize; k0 += instrK) {
        uint64_t desc = d->encode(base, mn0, k0);
        for (int32_t mn = 0; mn < instrMN; ++mn)
          for (int32_t k = 0; k < instrK; ++k) {
            uint64_t want = base + d->offsetOf(mn0 + mn, k0 + k) * elemBytes;
            uint64_t got = hardwareAddress(desc, d->kMajor, elemBytes, mn, k);
            if (got != want) {
              ADD_FAILURE() << "op " << opIdx << " " << mnSize << "x" << kSize
                            << " i" << bits << " swizzle " << swizzle
                            << (transposed ? " transposed" : "")
                            << ": element (" << mn0 + mn << ", " << k0 + k
                            << ") at " << got << ", layout says " << want;
              return checked;
            }
            ++checked;
          }
      }
    return checked;
  }

  MLIRContext ctx;
};

TEST_F(WGMMADescriptorTest, KMajorEveryTypeAndSwizzle) {
  for (unsigned bits : {8u, 16u, 32u})
    for (unsigned swizzle : {32u, 64u, 128u}) {
      int64_t atom = swizzle * 8 / bits;
      // K one atom wide and four atoms wide; A tiles of 64 rows, B tiles
      // of 8 to 256 columns.
      for (int64_t k : {atom, 4 * atom}) {
        if (k * bits < 256)
          continue;
        EXPECT_GT(check(0, 128, k, bits, swizzle, false, 64), 0);
        for (int32_t n : {8, 64, 256})
          EXPECT_GT(check(1, 256, k, bits, swizzle, true, n), 0);
      }
    }
}

TEST_F(WGMMADescriptorTest, MNMajorSixteenBit) {
  for (unsigned swizzle : {32u, 64u, 128u}) {
    int64_t atom = swizzle / 2;
    for (int64_t k : {16, 64}) {
      // M/N one atom wide and several atoms wide (LBO in use).
      EXPECT_GT(check(0, 128, k, 16, swizzle, true, 64), 0);
      EXPECT_GT(check(1, std::max<int64_t>(atom, 64), k, 16, swizzle, false,
                      std::max<int32_t>(atom, 64)),
                0);
      EXPECT_GT(check(1, 256, k, 16, swizzle, false, 256), 0);
    }
  }
}

TEST_F(WGMMADescriptorTest, RejectsWhatWGMMACannotRead) {
  std::string why;
  auto cta = CTALayoutAttr::getTrivial(&ctx);
  // M/N-major 8-bit operands.
  auto mnMajor8 = NVMMASharedEncodingAttr::get(&ctx, 128, false, 8, false, cta);
  EXPECT_TRUE(failed(describeWGMMAOperand({128, 64}, mnMajor8, 8, 1, why)));
  EXPECT_NE(why.find("16-bit"), std::string::npos);
  // No swizzle.
  auto unswizzled =
      NVMMASharedEncodingAttr::get(&ctx, 0, false, 16, false, cta);
  EXPECT_TRUE(failed(describeWGMMAOperand({64, 64}, unswizzled, 16, 0, why)));
  // Not an nvmma_shared layout.
  auto swizzled = SwizzledSharedEncodingAttr::get(&ctx, 8, 1, 8, {1, 0}, cta);
  EXPECT_TRUE(failed(describeWGMMAOperand({64, 64}, swizzled, 16, 0, why)));
}
} // namespace
