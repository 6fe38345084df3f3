// RUN: triton-opt %s --convert-triton-gpu-to-llvm -verify-diagnostics | FileCheck %s
// RUN: %if ptxas %{ triton-opt %s --convert-triton-gpu-to-llvm 2>/dev/null | triton-translate --triton-to-ptx -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
// Cache modifiers and eviction policies become PTX qualifiers where PTX
// accepts them; the rest are dropped with a warning. Volatile loads take
// neither. The state space comes first, as PTX writes it (ld.global.cg;
// ld.volatile.global). (Cache modifiers of the wrong direction are
// verifier errors.)
#b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @hints
  // CHECK: createpolicy.fractional.L2::evict_last.b64 $0, 1.0;
  // CHECK: ld.global.L1::evict_last.L2::cache_hint.v4.b32 {$0, $1, $2, $3}, [$4], $5;
  // CHECK: ld.global.cg.v4.b32
  // CHECK: ld.volatile.global.v4.b32
  // CHECK: ld.global.cs.v4.b32
  // CHECK: st.global.wt.v4.b32
  // CHECK: st.global.L1::evict_first.v4.b32
  // CHECK: st.global.v4.b32
  // CHECK: ld.global.cg.b32
  tt.func public @hints(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %q: !tt.ptr<f32> {tt.divisibility = 16 : i32}) {
    %r = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #b>
    %ps = tt.splat %p : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #b>
    %pp = tt.addptr %ps, %r : tensor<512x!tt.ptr<f32>, #b>, tensor<512xi32, #b>
    %a = tt.load %pp evictionPolicy = evict_last : tensor<512x!tt.ptr<f32>, #b>
    // expected-warning @+1 {{eviction policy evict_last ignored: ptxas rejects it together with the cache operator .cg}}
    %b = tt.load %pp cacheModifier = cg evictionPolicy = evict_last : tensor<512x!tt.ptr<f32>, #b>
    // expected-warning @+1 {{cache and eviction hints ignored on a volatile access}}
    %c = tt.load %pp cacheModifier = ca {isVolatile = true} : tensor<512x!tt.ptr<f32>, #b>
    // expected-warning @+1 {{eviction policy evict_first ignored: ptxas rejects it together with the cache operator .cs}}
    %d = tt.load %pp cacheModifier = cs evictionPolicy = evict_first : tensor<512x!tt.ptr<f32>, #b>
    tt.store %pp, %a cacheModifier = wt : tensor<512x!tt.ptr<f32>, #b>
    tt.store %pp, %b evictionPolicy = evict_first : tensor<512x!tt.ptr<f32>, #b>
    tt.store %pp, %c : tensor<512x!tt.ptr<f32>, #b>
    %e = tt.load %q cacheModifier = cg : !tt.ptr<f32>
    tt.store %q, %e : !tt.ptr<f32>
    tt.return
  }
}
