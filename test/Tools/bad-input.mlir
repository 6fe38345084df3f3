// Malformed or invalid IR: an error with file:line:col, exit code 1, never a
// crash. The file holds several independent bad inputs.
// RUN: bash -c 'triton-opt %s -split-input-file 2>&1; test $? -eq 1' | FileCheck %s

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: expected ':'
tt.func @syntax(%x: i32) {
  %0 = tt.splat %x i32 -> tensor<4xi32>
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: custom op 'tt.nonexistent' is unknown
tt.func @unknown_op() {
  tt.nonexistent
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: use of undeclared SSA value name
tt.func @undefined_value() {
  tt.store %p, %v : !tt.ptr<f32>
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+2]]:{{[0-9]+}}: error: 'tt.make_range' op end (0) must be greater than start (16)
tt.func @verifier() {
  %0 = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32>
  tt.return
}

// -----

// CHECK: bad-input.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unbalanced '{' character in pretty dialect name
tt.func @truncated(%p: !tt.ptr<f32 {
