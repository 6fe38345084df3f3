// RUN: triton-opt %s -split-input-file --allocate-shared-memory --convert-triton-gpu-to-llvm -verify-diagnostics

// ttg.warp_specialize the lowering refuses, each with a located error.


#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func public @tensor_capture(%t: tensor<128xi32, #blocked>) {
    // expected-error @+1 {{a partition cannot capture 'tensor<128xi32}}
    ttg.warp_specialize(%t)
    default {
      ttg.warp_yield
    }
    partition0(%a: tensor<128xi32, #blocked>) num_warps(4) {
      ttg.warp_return
    } : (tensor<128xi32, #blocked>) -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func private @device_fn(%n: i32) {
    // expected-error @+1 {{ttg.warp_specialize is only supported in kernels}}
    ttg.warp_specialize(%n)
    default {
      ttg.warp_yield
    }
    partition0(%a: i32) num_warps(1) {
      ttg.warp_return
    } : (i32) -> ()
    tt.return
  }
  tt.func public @kernel(%n: i32) {
    tt.call @device_fn(%n) : (i32) -> ()
    tt.return
  }
}
