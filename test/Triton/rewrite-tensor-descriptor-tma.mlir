// RUN: triton-opt %s -split-input-file --triton-rewrite-tensor-descriptor-to-pointer="tma=true" | FileCheck %s

// With `tma` (sm_90), descriptors TMA moves stay descriptors: kernel
// arguments and descriptors made in the kernel (outside innermost loops),
// used by loads and stores of TMA-compatible blocks.
// CHECK-LABEL: tt.func public @kept(%arg0: !tt.tensordesc<tensor<64x64xf16>>
// CHECK: tt.make_tensor_descriptor
// CHECK: scf.for
// CHECK: tt.descriptor_load %arg0
// CHECK: tt.descriptor_load %{{.*}}
module {
  tt.func public @kept(%d: !tt.tensordesc<tensor<64x64xf16>>, %s0: i32, %s1: i32, %t0: i64, %t1: i64, %p: !tt.ptr<f16>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %n64 = arith.extsi %n : i32 to i64
    %one = arith.constant 1 : i64
    %e = tt.make_tensor_descriptor %p, [%n, %n], [%n64, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
    scf.for %k = %c0 to %n step %c64 : i32 {
      %x = tt.descriptor_load %d[%c0, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %y = tt.descriptor_load %e[%c0, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      %z = arith.addf %x, %y : tensor<64x64xf16>
      tt.descriptor_store %e[%c0, %k], %z : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    }
    tt.return
  }
}

// -----

// A map made in an innermost loop would change under the copies the
// pipeliner keeps in flight: the module's descriptors become pointers.
// CHECK-LABEL: tt.func public @in_loop
// CHECK-NOT: tt.make_tensor_descriptor
// CHECK-NOT: tt.descriptor_load
// CHECK: tt.load
module {
  tt.func public @in_loop(%p: !tt.ptr<f16>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %n64 = arith.extsi %n : i32 to i64
    %one = arith.constant 1 : i64
    scf.for %k = %c0 to %n step %c64 : i32 {
      %e = tt.make_tensor_descriptor %p, [%n, %n], [%n64, %one] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16>>
      %y = tt.descriptor_load %e[%c0, %k] : !tt.tensordesc<tensor<64x64xf16>> -> tensor<64x64xf16>
      tt.descriptor_store %e[%k, %c0], %y : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16>
    }
    tt.return
  }
}

// -----

// Rows of 16 bytes: not TMA's here; pointers.
// CHECK-LABEL: tt.func public @narrow(%arg0: !tt.ptr<f16>
// CHECK: tt.load
module {
  tt.func public @narrow(%d: !tt.tensordesc<tensor<64x8xf16>>, %s0: i32, %s1: i32, %t0: i64, %t1: i64, %q: !tt.ptr<f16>) {
    %c0 = arith.constant 0 : i32
    %x = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<64x8xf16>> -> tensor<64x8xf16>
    tt.return
  }
}
