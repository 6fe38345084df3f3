// RUN: triton-opt %s -split-input-file --tritongpu-optimize-thread-locality | FileCheck %s

// Two gathers in a chain (the first one's result, through an add, is the
// second one's source), along dim 0, which spans the four warps: each gets
// a layout with 32 lanes along the axis (4 registers each) and the warps
// along dim 1, conversions around it, and efficient_layout.
// CHECK-DAG: #[[$IN:.*]] = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[$LOCAL:.*]] = #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [32, 1], warpsPerCTA = [1, 4], order = [0, 1]}>
// CHECK-LABEL: @chain
// CHECK: %[[SRC:.*]] = ttg.convert_layout %arg0 : tensor<128x64xf32, #[[$IN]]> -> tensor<128x64xf32, #[[$LOCAL]]>
// CHECK: %[[IDX:.*]] = ttg.convert_layout %arg1 : tensor<128x64xi64, #[[$IN]]> -> tensor<128x64xi64, #[[$LOCAL]]>
// CHECK: %[[G:.*]] = tt.gather %[[SRC]][%[[IDX]]] {axis = 0 : i32, efficient_layout} : (tensor<128x64xf32, #[[$LOCAL]]>, tensor<128x64xi64, #[[$LOCAL]]>) -> tensor<128x64xf32, #[[$LOCAL]]>
// CHECK: %[[R:.*]] = ttg.convert_layout %[[G]] : tensor<128x64xf32, #[[$LOCAL]]> -> tensor<128x64xf32, #[[$IN]]>
// CHECK: %[[S:.*]] = arith.addf %[[R]], %arg0
// CHECK: ttg.convert_layout %[[S]] : tensor<128x64xf32, #[[$IN]]> -> tensor<128x64xf32, #[[$LOCAL]]>
// CHECK: tt.gather {{.*}} {axis = 0 : i32, efficient_layout} : (tensor<128x64xf32, #[[$LOCAL]]>, tensor<128x64xi64, #[[$LOCAL]]>) -> tensor<128x64xf32, #[[$LOCAL]]>
#in = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @chain(%src: tensor<128x64xf32, #in>, %idx: tensor<128x64xi64, #in>) -> tensor<128x64xf32, #in> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x64xf32, #in>, tensor<128x64xi64, #in>) -> tensor<128x64xf32, #in>
    %s = arith.addf %g, %src : tensor<128x64xf32, #in>
    %g2 = tt.gather %s[%idx] {axis = 0 : i32} : (tensor<128x64xf32, #in>, tensor<128x64xi64, #in>) -> tensor<128x64xf32, #in>
    tt.return %g2 : tensor<128x64xf32, #in>
  }
}

// -----

// A lone gather across warps (upstream's test_gather_warp_shuffle kernel
// shape) keeps its layouts, marked.
// CHECK-LABEL: @lone
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout} : (tensor<128x64xf32, #blocked>, tensor<256x64xi64, #blocked>) -> tensor<256x64xf32, #blocked>
#in = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @lone(%src: tensor<128x64xf32, #in>, %idx: tensor<256x64xi64, #in>) -> tensor<256x64xf32, #in> {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<128x64xf32, #in>, tensor<256x64xi64, #in>) -> tensor<256x64xf32, #in>
    tt.return %g : tensor<256x64xf32, #in>
  }
}

// -----

// Along dim 1 (the order's fastest), in a chain of two: 32 lanes and 2
// registers per thread along the axis, the warps along dim 0.
// CHECK-DAG: #[[$LOCAL1:.*]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-LABEL: @along_rows
// CHECK: tt.gather %{{.*}} {axis = 1 : i32, efficient_layout} : (tensor<16x64xf16, #[[$LOCAL1]]>, tensor<16x64xi32, #[[$LOCAL1]]>) -> tensor<16x64xf16, #[[$LOCAL1]]>
#in = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [2, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @along_rows(%src: tensor<16x64xf16, #in>, %idx: tensor<16x64xi32, #in>) -> tensor<16x64xf16, #in> {
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<16x64xf16, #in>, tensor<16x64xi32, #in>) -> tensor<16x64xf16, #in>
    %g2 = tt.gather %g[%idx] {axis = 1 : i32} : (tensor<16x64xf16, #in>, tensor<16x64xi32, #in>) -> tensor<16x64xf16, #in>
    tt.return %g2 : tensor<16x64xf16, #in>
  }
}

// -----

// Already within warps (each warp holds whole rows): only marked.
// CHECK-LABEL: @already_local
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather %arg0[%arg1] {axis = 1 : i32, efficient_layout} : (tensor<4x32xf32, #blocked>, tensor<4x32xi32, #blocked>) -> tensor<4x32xf32, #blocked>
#in = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @already_local(%src: tensor<4x32xf32, #in>, %idx: tensor<4x32xi32, #in>) -> tensor<4x32xf32, #in> {
    %g = tt.gather %src[%idx] {axis = 1 : i32} : (tensor<4x32xf32, #in>, tensor<4x32xi32, #in>) -> tensor<4x32xf32, #in>
    tt.return %g : tensor<4x32xf32, #in>
  }
}

// -----

// Chains left in their layouts: a 1-D gather of 1024 elements would have
// every warp hold the whole axis (32 registers each, four copies), and a
// 2-D one whose rows are 512 long would need 16 registers along the axis;
// both stay in shared memory, marked.
// CHECK-LABEL: @too_long
// CHECK-NOT: ttg.convert_layout
// CHECK-COUNT-4: efficient_layout
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.return
#in = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#in2 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @too_long(%src: tensor<1024xf32, #in>, %idx: tensor<1024xi32, #in>, %src2: tensor<4x512xf32, #in2>, %idx2: tensor<4x512xi32, #in2>) -> (tensor<1024xf32, #in>, tensor<4x512xf32, #in2>) {
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<1024xf32, #in>, tensor<1024xi32, #in>) -> tensor<1024xf32, #in>
    %h = tt.gather %g[%idx] {axis = 0 : i32} : (tensor<1024xf32, #in>, tensor<1024xi32, #in>) -> tensor<1024xf32, #in>
    %g2 = tt.gather %src2[%idx2] {axis = 1 : i32} : (tensor<4x512xf32, #in2>, tensor<4x512xi32, #in2>) -> tensor<4x512xf32, #in2>
    %h2 = tt.gather %g2[%idx2] {axis = 1 : i32} : (tensor<4x512xf32, #in2>, tensor<4x512xi32, #in2>) -> tensor<4x512xf32, #in2>
    tt.return %h, %h2 : tensor<1024xf32, #in>, tensor<4x512xf32, #in2>
  }
}

// -----

// Marked gathers are not touched again.
// CHECK-LABEL: @marked
// CHECK-NOT: ttg.convert_layout
// CHECK: tt.gather %arg0[%arg1] {axis = 0 : i32, efficient_layout}
#in = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @marked(%src: tensor<128x64xf32, #in>, %idx: tensor<128x64xi32, #in>) -> tensor<128x64xf32, #in> {
    %g = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<128x64xf32, #in>, tensor<128x64xi32, #in>) -> tensor<128x64xf32, #in>
    tt.return %g : tensor<128x64xf32, #in>
  }
}
