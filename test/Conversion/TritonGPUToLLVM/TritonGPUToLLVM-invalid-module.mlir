// RUN: triton-opt %s -split-input-file --convert-triton-gpu-to-llvm -verify-diagnostics

// Layouts made for some warp count, and no ttg.num-warps to say which: the
// lowering refuses instead of guessing the block size.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [8], order = [0]}>
// expected-error @+1 {{the module has no 'ttg.num-warps'}}
module attributes {"ttg.threads-per-warp" = 32 : i32} {
  tt.func public @f(%p: !tt.ptr<f32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32, #blocked>
    %s = tt.splat %p : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>, #blocked>
    %a = tt.addptr %s, %r : tensor<256x!tt.ptr<f32>, #blocked>, tensor<256xi32, #blocked>
    %v = arith.sitofp %r : tensor<256xi32, #blocked> to tensor<256xf32, #blocked>
    tt.store %a, %v : tensor<256x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Warp specialization hands captures and its dispatch word over through
// shared memory: without allocate-shared-memory first, the lowering says so.
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @g(%i: i32) {
    // expected-error @+1 {{shared memory not allocated for ttg.warp_specialize (run allocate-shared-memory)}}
    ttg.warp_specialize(%i)
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(4) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
}
