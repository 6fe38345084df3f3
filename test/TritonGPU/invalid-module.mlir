// The module attributes, and the rule that every layout in a module uses
// the module's threads per warp and warps.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{'ttg.num-warps' must be a positive power-of-two i32, got 3 : i32}}
module attributes {"ttg.num-warps" = 3 : i32} {
}

// -----

// expected-error @+1 {{'ttg.num-warps' must be a positive power-of-two i32, got 4 : i64}}
module attributes {"ttg.num-warps" = 4 : i64} {
}

// -----

// expected-error @+1 {{'ttg.threads-per-warp' must be a positive power-of-two i32, got 0 : i32}}
module attributes {"ttg.threads-per-warp" = 0 : i32} {
}

// -----

// expected-error @+1 {{'ttg.num-ctas' must be a positive power-of-two i32, got 6 : i32}}
module attributes {"ttg.num-ctas" = 6 : i32} {
}

// -----

// expected-error @+1 {{'ttg.max-ctas-per-sm' must be a positive i32, got 0 : i32}}
module attributes {"ttg.max-ctas-per-sm" = 0 : i32} {
}

// -----

// expected-error @+1 {{'ttg.min-ctas-per-sm' must be a positive i32, got 0 : i32}}
module attributes {"ttg.min-ctas-per-sm" = 0 : i32} {
}

// -----

// expected-error @+1 {{'ttg.grid-x-multiple' must be a positive i32, got -2 : i32}}
module attributes {"ttg.grid-x-multiple" = -2 : i32} {
}

// -----

// expected-error @+1 {{'ttg.cluster-dim-y' must be a positive i32, got 0 : i32}}
module attributes {"ttg.cluster-dim-y" = 0 : i32} {
}

// -----

// expected-error @+1 {{a cluster of 16 blocks is over the portable maximum of 8}}
module attributes {"ttg.cluster-dim-x" = 4 : i32, "ttg.cluster-dim-y" = 4 : i32} {
}

// -----

// expected-error @+1 {{'ttg.cluster-dim-*' group one-block programs; this module has 'ttg.num-ctas' = 2}}
module attributes {"ttg.cluster-dim-x" = 2 : i32, "ttg.num-ctas" = 2 : i32} {
}

// -----

module {
  // expected-error @+1 {{'ttg.cluster-dim-z' is a module attribute, not one of 'tt.func'}}
  tt.func @f() attributes {"ttg.cluster-dim-z" = 2 : i32} {
    tt.return
  }
}

// -----

// expected-error @+1 {{'ttg.target' must be a string like "cuda:90" or "hip:gfx942", got "sm_90"}}
module attributes {ttg.target = "sm_90"} {
}

// -----

// expected-error @+1 {{'ttg.target' needs a compute capability after 'cuda:', got "cuda:ninety"}}
module attributes {ttg.target = "cuda:ninety"} {
}

// -----

// expected-error @+1 {{'ttg.shared' must be a non-negative number of bytes, got -4 : i32}}
module attributes {ttg.shared = -4 : i32} {
}

// -----

module {
  // expected-error @+1 {{'ttg.num-warps' is a module attribute, not one of 'tt.func'}}
  tt.func @f() attributes {"ttg.num-warps" = 4 : i32} {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @warps() {
    // expected-error @+1 {{layout #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}> uses 4 warps but the module has 8 (ttg.num-warps)}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @threads() {
    // expected-error @+1 {{uses 16 threads per warp but the module has 32 (ttg.threads-per-warp)}}
    %0 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error @+1 {{uses 8 warps but the module has 4 (ttg.num-warps)}}
  tt.func @mma_arg(%x: tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma}>>) {
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @trans_layout(%x: tensor<16x32xf32, #blocked>) {
    // The transpose of #blocked is blocked<[1, 1], [8, 4], [1, 4], [0, 1]>.
    // expected-error @+1 {{result encoding #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}> should be #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [1, 4], order = [0, 1]}> (or a layout placing every element the same way)}}
    %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<16x32xf32, #blocked> -> tensor<32x16xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @expand_not_slice(%x: tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    // expected-error @+2 {{expand_dims along axis 1 needs a #ttg.slice encoding of dim 1}}
    // expected-error @+1 {{failed to infer returned types}}
    %0 = tt.expand_dims %x {axis = 1 : i32} : tensor<16xf32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<16x1xf32, #blocked>
    tt.return
  }
}
