// Verifier rules of !tt.ptr and !tt.tensordesc.
// RUN: triton-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{pointer address space must be non-negative, got -1}}
tt.func @f(%p: !tt.ptr<f32, -1>)

// -----

// expected-error @+1 {{a block pointer cannot point to a tensor of pointers}}
tt.func @f(%p: !tt.ptr<tensor<4x!tt.ptr<f32>>>)

// -----

// expected-error @+1 {{a pointer points to a scalar or a ranked tensor, not 'memref<4xf32>'}}
tt.func @f(%p: !tt.ptr<memref<4xf32>>)

// -----

// expected-error @+1 {{tensor descriptor block must have rank >= 1}}
tt.func @f(%d: !tt.tensordesc<tensor<f32>>)

// -----

// expected-error @+1 {{tensor descriptor block cannot hold pointers}}
tt.func @f(%d: !tt.tensordesc<tensor<4x!tt.ptr<f32>>>)

// -----

// expected-error @+1 {{expected '>'}}
tt.func @f(%p: !tt.ptr<f32 3>)
