// RUN: triton-opt %s -split-input-file --tritongpu-automatic-warp-specialization="remarks=true num-stages=3" -verify-diagnostics | FileCheck %s

// Which loops marked tt.warp_specialize become producer/consumer warp
// groups, and why the others do not.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 8], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: @specialized
  // CHECK: ttg.warp_specialize
  // A 4-warp partition next to 8 default warps: 384 threads, setmaxnreg.
  // CHECK-SAME: actualRegisters = array<i32: 232, 40>
  // The producer computes the A coordinate in the loop, as the body did.
  // CHECK: partition0
  // CHECK: scf.for %[[K:[^ ]*]] =
  // CHECK: %[[KA:.*]] = arith.addi %[[K]], %c8_i32
  // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %[[KA]]]
  tt.func public @specialized(%a: !tt.tensordesc<tensor<128x64xf16>>, %b: !tt.tensordesc<tensor<64x256xf16>>, %K: i32, %om: i32, %on: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c8_i32 = arith.constant 8 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+1 {{warp-specialized: a TMA producer warp group and 3-slot rings}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %ka = arith.addi %k, %c8_i32 : i32
      %7 = tt.descriptor_load %a[%om, %ka] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %8 = tt.descriptor_load %b[%k, %on] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16, #blocked1>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %10 = ttg.local_alloc %8 : (tensor<64x256xf16, #blocked1>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      ttng.fence_async_shared {bCluster = false}
      %11 = ttng.warp_group_dot %9, %10, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  // CHECK-LABEL: @pointer_loads
  // CHECK-NOT: ttg.warp_specialize
  tt.func public @pointer_loads(%p: tensor<128x64x!tt.ptr<f16>, #blocked>, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %K: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+1 {{not warp-specialized: a load into shared memory cannot become cp.async copies (4 bytes or more, zero where masked)}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.load %p : tensor<128x64x!tt.ptr<f16>, #blocked>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %9, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize = true}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  // The accumulator is read in the loop: no wgmma to keep in flight. The
  // wgmma stays synchronous and the iteration releases its own slot at its
  // end (attention's loops are like this).
  // CHECK-LABEL: @accumulator_read
  // CHECK: ttg.warp_specialize
  // CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %cst, %[[N:[^ ]*]] = %c0_i32{{.*}})
  // CHECK: %[[SLOT:.*]] = arith.remui %[[N]], %c3_i32
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: isAsync
  // CHECK-NOT: warp_group_dot_wait
  // CHECK: %[[EB:.*]] = ttg.memdesc_index %{{.*}}[%[[SLOT]]]
  // CHECK-NEXT: ttng.arrive_barrier %[[EB]], 1, %true
  // CHECK-NEXT: scf.yield
  tt.func public @accumulator_read(%a: !tt.tensordesc<tensor<128x64xf16>>, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %K: i32, %out: tensor<128x256x!tt.ptr<f32>, #mma>) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+1 {{warp-specialized: a TMA producer warp group and 3-slot rings}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%k, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %9, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      tt.store %out, %11 : tensor<128x256x!tt.ptr<f32>, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }
}

// -----

// A descriptor viewed from a pointer (a tensor map the producer could not
// make again itself).
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @device_descriptor(%p: !tt.ptr<i8>, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %K: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %a = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16>>
    // expected-remark @+1 {{not warp-specialized: its tensor descriptors are neither kernel arguments nor made by tt.make_tensor_descriptor before the loop}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %7 = tt.descriptor_load %a[%k, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
      %9 = ttg.local_alloc %7 : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %9, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 2], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @sm80(%a: !tt.tensordesc<tensor<128x64xf16>>, %K: i32) {
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+1 {{not warp-specialized: TMA and wgmma need sm_90}}
    scf.for %k = %c0_i32 to %K step %c64_i32 : i32 {
      %7 = tt.descriptor_load %a[%k, %k] : !tt.tensordesc<tensor<128x64xf16>> -> tensor<128x64xf16, #blocked>
    } {tt.warp_specialize}
    tt.return
  }
}

// -----

// Loops through pointers: the producer computes the pointers itself, so
// they must come from arithmetic on blocked tensors (not through a layout
// conversion, which takes shared memory), and
// the loop's tiles arrive all by pointers or all by descriptors.
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [8, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [8, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [8, 1], instrShape = [16, 256, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 8 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @nothing_to_produce(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %K: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    // expected-remark @+1 {{not warp-specialized: no tensor-descriptor loads, or pointer loads into shared memory, to produce}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %11 = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  tt.func public @mixed(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %d: !tt.tensordesc<tensor<64x256xf16>>, %K: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %row = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x64xi32, #blocked>
    %offs = tt.broadcast %row : tensor<1x64xi32, #blocked> -> tensor<128x64xi32, #blocked>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked>
    %ptrs = tt.addptr %base, %offs : tensor<128x64x!tt.ptr<f16>, #blocked>, tensor<128x64xi32, #blocked>
    // expected-remark @+1 {{not warp-specialized: it loads tiles both by descriptors and by pointers}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %x = tt.load %ptrs : tensor<128x64x!tt.ptr<f16>, #blocked>
      %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %y = tt.descriptor_load %d[%k, %c0_i32] : !tt.tensordesc<tensor<64x256xf16>> -> tensor<64x256xf16, #blocked>
      %b = ttg.local_alloc %y : (tensor<64x256xf16, #blocked>) -> !ttg.memdesc<64x256xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }

  tt.func public @converted(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %b: !ttg.memdesc<64x256xf16, #shared, #smem>, %K: i32) -> tensor<128x256xf32, #mma> {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x256xf32, #mma>
    %c0_i32 = arith.constant 0 : i32
    %c64_i32 = arith.constant 64 : i32
    %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>>
    %row = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #blocked1}>> -> tensor<1x64xi32, #blocked1>
    %offs = tt.broadcast %row : tensor<1x64xi32, #blocked1> -> tensor<128x64xi32, #blocked1>
    %base = tt.splat %p : !tt.ptr<f16> -> tensor<128x64x!tt.ptr<f16>, #blocked1>
    %ptrs = tt.addptr %base, %offs : tensor<128x64x!tt.ptr<f16>, #blocked1>, tensor<128x64xi32, #blocked1>
    // expected-remark @+1 {{not warp-specialized: the loads' pointers depend on work other than arithmetic on blocked tensors}}
    %r = scf.for %k = %c0_i32 to %K step %c64_i32 iter_args(%acc = %cst) -> (tensor<128x256xf32, #mma>)  : i32 {
      %q = ttg.convert_layout %ptrs : tensor<128x64x!tt.ptr<f16>, #blocked1> -> tensor<128x64x!tt.ptr<f16>, #blocked>
      %x = tt.load %q : tensor<128x64x!tt.ptr<f16>, #blocked>
      %a = ttg.local_alloc %x : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
      %11 = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x256xf16, #shared, #smem> -> tensor<128x256xf32, #mma>
      scf.yield %11 : tensor<128x256xf32, #mma>
    } {tt.warp_specialize}
    tt.return %r : tensor<128x256xf32, #mma>
  }
}
