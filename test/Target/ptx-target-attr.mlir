// The chip comes from the module's ttg.target: cuda:1 is no chip LLVM
// knows, and a non-CUDA target is refused, both at the module's location.
// RUN: triton-translate --mlir-to-ptx --split-input-file --verify-diagnostics %s -o /dev/null

// expected-error @+1 {{unknown NVIDIA target 'sm_1'}}
module attributes {ttg.target = "cuda:1"} {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}

// -----

// expected-error @+1 {{ttg.target 'hip:gfx942' is not an NVIDIA target: PTX is made for 'cuda:<capability>'}}
module attributes {ttg.target = "hip:gfx942"} {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}
