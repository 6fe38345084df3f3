module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  llvm.func @k(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    %e = llvm.intr.sin(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr<1>
    llvm.return
  }
}
