// compute-sanitizer racecheck and the dispatch protocol of our warp
// specialization (WarpSpecializeToLLVM.cpp), reduced to 384 threads and one
// shared word. The default warps (threads 0-255) write a dispatch word, all
// threads meet at the unaligned `barrier.sync 1`, the partition warps
// (256-383) read it; "-1" releases them. Every access is ordered by
// barrier 1, and racecheck agrees (`noPartial`) until the default warps
// first synchronise among themselves with a counted barrier
// (`bar.sync 15, 256`, which Membar emits for them, or `bar.sync 0, 256`):
// then it reports RAW hazards on the word for every form of access tried,
// plain, volatile, relaxed or atomic.
//
//   nvcc -gencode arch=compute_90a,code=sm_90a -lineinfo \
//     -o /tmp/rc bench/sanitizer/racecheck_partial_barrier.cu
//   compute-sanitizer --tool racecheck /tmp/rc
//
// H200, CUDA 12 toolkit of the GPU machine (session 30): noPartial clean;
// every other kernel reported 2 hazards (write at the dispatch or exit,
// read at the loop head). The kernels' outputs are always right.
#include <cstdio>

#define BLOCK_BARRIER asm volatile("barrier.sync 1;" ::: "memory")

enum Access { Plain, Volatile, Relaxed, Atomic };
enum Among { None, Barrier15, Barrier0 };

template <Access A> __device__ void put(int *p, int v) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p);
  if (A == Plain)
    *(volatile int *)p = v;
  if (A == Volatile)
    asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
  if (A == Relaxed)
    asm volatile("st.relaxed.cta.shared.b32 [%0], %1;" ::"r"(a), "r"(v) : "memory");
  if (A == Atomic)
    asm volatile("atom.shared.exch.b32 _, [%0], %1;" ::"r"(a), "r"(v) : "memory");
}

template <Access A> __device__ int get(int *p) {
  unsigned a = (unsigned)__cvta_generic_to_shared(p);
  int v = 0;
  if (A == Plain)
    v = *(volatile int *)p;
  if (A == Volatile)
    asm volatile("ld.volatile.shared.b32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
  if (A == Relaxed)
    asm volatile("ld.relaxed.cta.shared.b32 %0, [%1];" : "=r"(v) : "r"(a) : "memory");
  if (A == Atomic)
    asm volatile("atom.shared.or.b32 %0, [%1], 0;" : "=r"(v) : "r"(a) : "memory");
  return v;
}

template <Among B, Access A> __global__ void dispatch(int *out) {
  __shared__ int state;
  if (threadIdx.x >= 256) {
    // The partition warps' loop: wait, read the word, run, join.
    for (int round = 0;; ++round) {
      BLOCK_BARRIER;
      int k = get<A>(&state);
      if (k < 0)
        return;
      out[threadIdx.x] = k + round;
      BLOCK_BARRIER;
    }
  }
  if (B == Barrier15)
    asm volatile("bar.sync 15, 256;" ::: "memory");
  if (B == Barrier0)
    asm volatile("bar.sync 0, 256;" ::: "memory");
  if (threadIdx.x == 0)
    put<A>(&state, 7);
  BLOCK_BARRIER; // dispatch
  out[threadIdx.x] = 7;
  BLOCK_BARRIER; // join
  if (threadIdx.x == 0)
    put<A>(&state, -1);
  BLOCK_BARRIER; // exit
}

template <Among B, Access A> bool run(const char *name, int *out) {
  int host[384];
  cudaMemset(out, 0, sizeof(host));
  dispatch<B, A><<<1, 384>>>(out);
  cudaError_t err = cudaDeviceSynchronize();
  cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
  bool right = err == cudaSuccess;
  for (int t = 0; t < 384; ++t)
    right = right && host[t] == 7;
  printf("%-22s %s\n", name, right ? "right" : "WRONG");
  return right;
}

int main() {
  int *out;
  cudaMalloc(&out, 384 * sizeof(int));
  bool right = run<None, Plain>("noPartial", out);
  right &= run<Barrier15, Plain>("bar15/plain", out);
  right &= run<Barrier0, Plain>("bar0_256/plain", out);
  right &= run<Barrier15, Volatile>("bar15/volatile", out);
  right &= run<Barrier15, Relaxed>("bar15/relaxed", out);
  right &= run<Barrier15, Atomic>("bar15/atomic", out);
  return right ? 0 : 1;
}
