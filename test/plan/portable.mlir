// The portable target in the plan: every function is compiled for
// x86-64, x86-64-v3 and x86-64-v4, chosen at the first call; the nests'
// decisions are the same as for one target.
// RUN: tirc -print-plan -target-cpu=portable %s | FileCheck %s
// RUN: tirc -print-plan -target-cpu=skylake %s | FileCheck %s --check-prefix=ONE

// CHECK-LABEL: plan @scale
// CHECK-NEXT: target: portable (x86-64, x86-64-v3, x86-64-v4 chosen at the first call)
// CHECK-NEXT: entry: fast and general (static, every result one nest)
// CHECK-NEXT: nest 0: tir.mul
// ONE-LABEL: plan @scale
// ONE-NEXT: target: cpu skylake{{$}}
func.func @scale(%a: tensor<64xf32>, %s: tensor<64xf32>) -> tensor<64xf32> {
  %r = tir.mul %a, %s : tensor<64xf32>
  return %r : tensor<64xf32>
}
