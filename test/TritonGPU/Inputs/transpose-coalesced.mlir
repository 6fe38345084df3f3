// The corpus transpose_f32 after tritongpu-coalesce (input of
// remove-layout-conversions-transpose.test).
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked3 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @transpose(%arg0: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg1: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %arg2: i32, %arg3: i32) attributes {noinline = false} {
    %c32_i32 = arith.constant 32 : i32
    %c64_i32 = arith.constant 64 : i32
    %0 = tt.get_program_id x : i32
    %1 = arith.muli %0, %c64_i32 : i32
    %2 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %3 = tt.splat %1 : i32 -> tensor<64xi32, #blocked>
    %4 = arith.addi %3, %2 : tensor<64xi32, #blocked>
    %5 = tt.get_program_id y : i32
    %6 = arith.muli %5, %c32_i32 : i32
    %7 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %8 = tt.splat %6 : i32 -> tensor<32xi32, #blocked>
    %9 = arith.addi %8, %7 : tensor<32xi32, #blocked>
    %10 = ttg.convert_layout %4 : tensor<64xi32, #blocked> -> tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %11 = tt.expand_dims %10 {axis = 1 : i32} : tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xi32, #blocked1>
    %12 = tt.splat %arg2 : i32 -> tensor<64x1xi32, #blocked1>
    %13 = arith.cmpi slt, %11, %12 : tensor<64x1xi32, #blocked1>
    %14 = ttg.convert_layout %9 : tensor<32xi32, #blocked> -> tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked2}>>
    %15 = tt.expand_dims %14 {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked2}>> -> tensor<1x32xi32, #blocked2>
    %16 = tt.splat %arg3 : i32 -> tensor<1x32xi32, #blocked2>
    %17 = arith.cmpi slt, %15, %16 : tensor<1x32xi32, #blocked2>
    %18 = tt.broadcast %13 : tensor<64x1xi1, #blocked1> -> tensor<64x32xi1, #blocked1>
    %19 = ttg.convert_layout %18 : tensor<64x32xi1, #blocked1> -> tensor<64x32xi1, #blocked2>
    %20 = tt.broadcast %17 : tensor<1x32xi1, #blocked2> -> tensor<64x32xi1, #blocked2>
    %21 = arith.andi %19, %20 : tensor<64x32xi1, #blocked2>
    %22 = tt.splat %arg3 : i32 -> tensor<64x1xi32, #blocked1>
    %23 = arith.muli %11, %22 : tensor<64x1xi32, #blocked1>
    %24 = tt.splat %arg0 : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>, #blocked1>
    %25 = tt.addptr %24, %23 : tensor<64x1x!tt.ptr<f32>, #blocked1>, tensor<64x1xi32, #blocked1>
    %26 = tt.broadcast %25 : tensor<64x1x!tt.ptr<f32>, #blocked1> -> tensor<64x32x!tt.ptr<f32>, #blocked1>
    %27 = ttg.convert_layout %26 : tensor<64x32x!tt.ptr<f32>, #blocked1> -> tensor<64x32x!tt.ptr<f32>, #blocked2>
    %28 = tt.broadcast %15 : tensor<1x32xi32, #blocked2> -> tensor<64x32xi32, #blocked2>
    %29 = tt.addptr %27, %28 : tensor<64x32x!tt.ptr<f32>, #blocked2>, tensor<64x32xi32, #blocked2>
    %30 = tt.load %29, %21 : tensor<64x32x!tt.ptr<f32>, #blocked2>
    %31 = tt.splat %arg2 : i32 -> tensor<1x32xi32, #blocked2>
    %32 = arith.muli %15, %31 : tensor<1x32xi32, #blocked2>
    %33 = tt.splat %arg1 : !tt.ptr<f32> -> tensor<1x32x!tt.ptr<f32>, #blocked2>
    %34 = tt.addptr %33, %32 : tensor<1x32x!tt.ptr<f32>, #blocked2>, tensor<1x32xi32, #blocked2>
    %35 = tt.broadcast %34 : tensor<1x32x!tt.ptr<f32>, #blocked2> -> tensor<64x32x!tt.ptr<f32>, #blocked2>
    %36 = tt.broadcast %11 : tensor<64x1xi32, #blocked1> -> tensor<64x32xi32, #blocked1>
    %37 = ttg.convert_layout %36 : tensor<64x32xi32, #blocked1> -> tensor<64x32xi32, #blocked2>
    %38 = tt.addptr %35, %37 : tensor<64x32x!tt.ptr<f32>, #blocked2>, tensor<64x32xi32, #blocked2>
    %39 = ttg.convert_layout %38 : tensor<64x32x!tt.ptr<f32>, #blocked2> -> tensor<64x32x!tt.ptr<f32>, #blocked3>
    %40 = ttg.convert_layout %30 : tensor<64x32xf32, #blocked2> -> tensor<64x32xf32, #blocked3>
    %41 = ttg.convert_layout %21 : tensor<64x32xi1, #blocked2> -> tensor<64x32xi1, #blocked3>
    tt.store %39, %40, %41 : tensor<64x32x!tt.ptr<f32>, #blocked3>
    tt.return
  }
}


