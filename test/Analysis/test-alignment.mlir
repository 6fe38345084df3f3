// AxisInfo: contiguity, divisibility and constancy per dimension.
// RUN: triton-opt %s -split-input-file --test-print-alignment -verify-diagnostics -o /dev/null

tt.func @vector_add(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = 1024}}
  %c1024 = arith.constant 1024 : i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %pid = tt.get_program_id x : i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %start = arith.muli %pid, %c1024 : i32
  // expected-remark @+1 {{contiguity = [1024], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [1024], constancy = [1024], constant_value = <none>}}
  %s = tt.splat %start : i32 -> tensor<1024xi32>
  // expected-remark @+1 {{contiguity = [1024], divisibility = [1024], constancy = [1], constant_value = <none>}}
  %offs = arith.addi %s, %r : tensor<1024xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  // A mask comparing aligned runs against a multiple of 16 is uniform over 16.
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %m = arith.cmpi slt, %offs, %ns : tensor<1024xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // Pointers: contiguity in elements, divisibility in bytes.
  // expected-remark @+1 {{contiguity = [1024], divisibility = [16], constancy = [1], constant_value = <none>}}
  %a = tt.addptr %ps, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.return
}

// -----

tt.func @arith(%x: i32 {tt.divisibility = 8 : i32}) {
  // expected-remark @+1 {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [4], constancy = [128], constant_value = 4}}
  %c4 = arith.constant dense<4> : tensor<128xi32>
  // Dividing a run by 4 gives runs of 4 equal values, which step by one
  // (0, 0, 0, 0, 1, ...): no divisibility.
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>}}
  %d = arith.divsi %r, %c4 : tensor<128xi32>
  // x % 4 stays consecutive within runs of 4.
  // expected-remark @+1 {{contiguity = [4], divisibility = [4], constancy = [1], constant_value = <none>}}
  %m = arith.remsi %r, %c4 : tensor<128xi32>
  // Multiplying by 4 keeps no contiguity, and every element starts a run:
  // 0, 4, 8, ... divide by 4 (the run's divisibility held for its first
  // element only).
  // expected-remark @+1 {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = <none>}}
  %p = arith.muli %r, %c4 : tensor<128xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [8], constancy = [128], constant_value = <none>}}
  %xs = tt.splat %x : i32 -> tensor<128xi32>
  // Subtracting a constant keeps contiguity.
  // expected-remark @+1 {{contiguity = [128], divisibility = [8], constancy = [1], constant_value = <none>}}
  %s = arith.subi %r, %xs : tensor<128xi32>
  // A frontend hint (tl.multiple_of / tl.max_contiguous) raises the facts.
  // expected-remark @+1 {{contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>}}
  %h = arith.addi %r, %xs {tt.divisibility = dense<16> : tensor<1xi32>} : tensor<128xi32>
  tt.return
}

// -----

tt.func @shapes(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %stride: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // The new dimension holds single elements: its divisibility is what every
  // element shares (1, since the run holds odd values).
  // expected-remark @+1 {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %col = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %row = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [64, 1], constant_value = <none>}}
  %st = tt.splat %stride : i32 -> tensor<64x1xi32>
  // Row i starts at i * stride: the stride's divisibility.
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 1], constant_value = <none>}}
  %rows = arith.muli %col, %st : tensor<64x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [1, 64], constant_value = <none>}}
  %rb = tt.broadcast %rows : tensor<64x1xi32> -> tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [64, 1], constant_value = <none>}}
  %cb = tt.broadcast %row : tensor<1x64xi32> -> tensor<64x64xi32>
  // Runs of 64 along the rows, each starting at a multiple of 16.
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 16], constancy = [1, 1], constant_value = <none>}}
  %o = arith.addi %rb, %cb : tensor<64x64xi32>
  // expected-remark @+1 {{contiguity = [64, 1], divisibility = [16, 1], constancy = [1, 1], constant_value = <none>}}
  %t = tt.trans %o {order = array<i32: 1, 0>} : tensor<64x64xi32> -> tensor<64x64xi32>
  tt.return
}

// -----

// Loops: the induction variable is lb + k * step; iteration arguments join
// their initial and yielded values.
tt.func @loop(%n: i32) {
  // expected-remark @+1 {{constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @+1 {{constant_value = 64}}
  %c64 = arith.constant 64 : i32
  // expected-remark @+1 {{contiguity = [64], divisibility = [1073741824], constancy = [1]}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
  %res = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %r) -> (tensor<64xi32>) : i32 {
    // expected-remark @+1 {{contiguity = [1], divisibility = [64], constancy = [64], constant_value = <none>}}
    %s = tt.splat %i : i32 -> tensor<64xi32>
    // expected-remark @+1 {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
    %next = arith.addi %acc, %s : tensor<64xi32>
    scf.yield %next : tensor<64xi32>
  }
  tt.return
}

// -----

// Calls: a private function's arguments join what its callers pass.
tt.func private @callee(%x: tensor<32xi32>) -> tensor<32xi32> attributes {noinline = true} {
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [32], constant_value = 1}}
  %one = arith.constant dense<1> : tensor<32xi32>
  // expected-remark @+1 {{contiguity = [32], divisibility = [1], constancy = [1], constant_value = <none>}}
  %y = arith.addi %x, %one : tensor<32xi32>
  tt.return %y : tensor<32xi32>
}
tt.func public @caller() {
  // expected-remark @+1 {{contiguity = [32], divisibility = [1073741824], constancy = [1]}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @+1 {{contiguity = [32], divisibility = [1], constancy = [1]}}
  %c = tt.call @callee(%r) : (tensor<32xi32>) -> tensor<32xi32>
  tt.return
}

// -----

// Integers made from floats (tt.bitcast, fptosi) are unknown, not a crash.
tt.func @from_float(%x: f32, %p: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %i = tt.bitcast %x : f32 -> i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %j = arith.fptosi %x : f32 to i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %q = tt.bitcast %p : !tt.ptr<f32> -> !tt.ptr<i32>
  tt.return
}

// -----

// Inductor's ragged matmul (bf16, 777x1000 @ 1000x333, B's row stride 333
// elements): the k rows of B start at (32 i + r) * 333, odd for odd r, so
// however contiguous its columns are (a hinted run of 64), a copy of B may
// not be wider than one element. The runs' divisibility promised 64 and
// 32 for their first elements only; multiplied, every element counts.
tt.func @ragged_rows(%b: !tt.ptr<bf16> {tt.divisibility = 16 : i32}, %i: i32, %n: tensor<64xi32>) {
  // expected-remark @+1 {{contiguity = [32], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  // expected-remark @+1 {{contiguity = [1], divisibility = [32], constancy = [1], constant_value = 32}}
  %c32 = arith.constant 32 : i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [32], constancy = [1], constant_value = <none>}}
  %k = arith.muli %i, %c32 : i32
  // expected-remark @+1 {{contiguity = [1], divisibility = [32], constancy = [32], constant_value = <none>}}
  %ks = tt.splat %k : i32 -> tensor<32xi32>
  // expected-remark @+1 {{contiguity = [32], divisibility = [32], constancy = [1], constant_value = <none>}}
  %rk = arith.addi %r, %ks : tensor<32xi32>
  // expected-remark @+1 {{contiguity = [32, 1], divisibility = [32, 1], constancy = [1, 1], constant_value = <none>}}
  %col = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 1], constant_value = 333}}
  %c333 = arith.constant dense<333> : tensor<32x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %rows = arith.muli %col, %c333 : tensor<32x1xi32>
  // x << 3 of the same rows: 8 times each, not 8 times the first.
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [1, 1], constancy = [32, 1], constant_value = 3}}
  %c3 = arith.constant dense<3> : tensor<32x1xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [8, 8], constancy = [1, 1], constant_value = <none>}}
  %shl = arith.shli %col, %c3 : tensor<32x1xi32>
  // expected-remark @+1 {{contiguity = [64], divisibility = [64], constancy = [1], constant_value = <none>}}
  %nh = arith.addi %n, %n {tt.contiguity = dense<64> : tensor<1xi32>, tt.divisibility = dense<64> : tensor<1xi32>} : tensor<64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 64], constancy = [1, 1], constant_value = <none>}}
  %row = tt.expand_dims %nh {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [1, 1], constancy = [1, 64], constant_value = <none>}}
  %rb = tt.broadcast %rows : tensor<32x1xi32> -> tensor<32x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 64], constancy = [32, 1], constant_value = <none>}}
  %cb = tt.broadcast %row : tensor<1x64xi32> -> tensor<32x64xi32>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [1, 1], constancy = [1, 1], constant_value = <none>}}
  %o = arith.addi %rb, %cb : tensor<32x64xi32>
  // expected-remark @+1 {{contiguity = [1, 1], divisibility = [16, 16], constancy = [32, 64], constant_value = <none>}}
  %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  // expected-remark @+1 {{contiguity = [1, 64], divisibility = [2, 2], constancy = [1, 1], constant_value = <none>}}
  %p = tt.addptr %bs, %o : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  tt.return
}
