// The PTX ISA version follows the chip: the oldest LLVM's NVPTX backend
// accepts for it, at least 8.0 (newer chips need newer PTX: sm_100 8.6,
// sm_103 8.8, sm_110 9.0, sm_120 8.7), or --ptx-version when given.
// RUN: triton-translate --mlir-to-ptx --chip=sm_80 %s | FileCheck %s --check-prefix=SM80
// RUN: triton-translate --mlir-to-ptx --chip=sm_90a %s | FileCheck %s --check-prefix=SM90A
// With no chip (and for ttg.target = "cuda:90"), sm_90 is sm_90a, as upstream
// compiles for capability 9.0; --chip=sm_90 asks for the portable form.
// RUN: triton-translate --mlir-to-ptx %s | FileCheck %s --check-prefix=SM90A
// RUN: triton-translate --mlir-to-ptx --chip=sm_90 %s | FileCheck %s --check-prefix=SM90
// RUN: triton-translate --mlir-to-ptx --chip=sm_100 %s | FileCheck %s --check-prefix=SM100
// RUN: triton-translate --mlir-to-ptx --chip=sm_103 %s | FileCheck %s --check-prefix=SM103
// RUN: triton-translate --mlir-to-ptx --chip=sm_110 %s | FileCheck %s --check-prefix=SM110
// RUN: triton-translate --mlir-to-ptx --chip=sm_120 %s -o %t.sm120.ptx
// RUN: FileCheck %s --check-prefix=SM120 < %t.sm120.ptx
// RUN: triton-translate --mlir-to-ptx --chip=sm_121 %s | FileCheck %s --check-prefix=SM121
// RUN: triton-translate --mlir-to-ptx --chip=sm_120 --ptx-version=88 %s | FileCheck %s --check-prefix=ASKED
// RUN: %if ptxas %{ %ptxas -arch=sm_120 %t.sm120.ptx -o %t.sm120.cubin %}
// SM80: .version 8.0
// SM80: .target sm_80
// SM90A: .version 8.0
// SM90A: .target sm_90a
// SM90: .target sm_90{{$}}
// SM100: .version 8.6
// SM103: .version 8.8
// SM110: .version 9.0
// SM120: .version 8.7
// SM120: .target sm_120
// SM121: .version 8.8
// ASKED: .version 8.8
module {
  llvm.func @k() attributes {nvvm.kernel} {
    llvm.return
  }
}
