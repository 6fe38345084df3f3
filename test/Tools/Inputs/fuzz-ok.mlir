// The built-in example of `make demo`: z = x + y over blocks of 1024, in the
// TTIR form upstream Triton's frontend emits. It carries the redundancy a
// frontend leaves behind (a pointer offset by zero, a mask that is always
// true, a splatted constant, a duplicated splat) so that canonicalize and cse
// have something to show.
module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                             %y_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                             %z_ptr: !tt.ptr<f32> {tt.divisibility = 16 : i32},
                             %n: i32 {tt.divisibility = 16 : i32}) attributes {noinline = false} {
    %c0_i32 = arith.constant 0 : i32
    %c1024_i32 = arith.constant 1024 : i32
    %true = arith.constant true
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024_i32 : i32
    %range = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %start_t = tt.splat %start : i32 -> tensor<1024xi32>
    %offs = arith.addi %start_t, %range : tensor<1024xi32>
    %n_t = tt.splat %n : i32 -> tensor<1024xi32>
    %mask = arith.cmpi slt, %offs, %n_t : tensor<1024xi32>
    %x0 = tt.addptr %x_ptr, %c0_i32 : !tt.ptr<f32>, i32
    %xs = tt.splat %x0 : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xp = tt.addptr %xs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x = tt.load %xp, %mask : tensor<1024x!tt.ptr<f32>>
    %ys = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %yp = tt.addptr %ys, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %all = tt.splat %true : i1 -> tensor<1024xi1>
    %y = tt.load %yp, %mask cacheModifier = cg : tensor<1024x!tt.ptr<f32>>
    %z = arith.addf %x, %y : tensor<1024xf32>
    %n_t2 = tt.splat %n : i32 -> tensor<1024xi32>
    %mask2 = arith.cmpi slt, %offs, %n_t2 : tensor<1024xi32>
    %zs = tt.splat %z_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %zp = tt.addptr %zs, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %m = arith.andi %mask2, %all : tensor<1024xi1>
    tt.store %zp, %z, %m : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
