// Store kinds, threads and fences in the plan (codegen/plan: NewStore,
// NewThreads; nontemporal.go, parallel.go), and transposed tiles
// (NewTile; transpose.go).
// RUN: tirc -print-plan %s | FileCheck %s
// RUN: tirc -print-plan -nontemporal-threshold=0 -parallel-threshold=0 %s | FileCheck %s --check-prefix=OFF
// RUN: tirc -print-plan -nontemporal-threshold=1024 -nontemporal-store-bound-only %s | FileCheck %s --check-prefix=BOUND

// A 64 MiB output streams past the cache on the threads, and the nest
// fences after its non-temporal stores.
// CHECK-LABEL: plan @big
// CHECK: nest 0 store: non-temporal x16 (output 64 MiB >= 32 MiB)
// CHECK-NEXT: nest 0 threads: yes (16777216 elements >= 1048576)
// CHECK-NEXT: nest 0 fence: after its non-temporal stores
// OFF-LABEL: plan @big
// OFF: nest 0 store: ordinary (non-temporal stores off)
// OFF-NEXT: nest 0 threads: no (threads off)
// OFF-NOT: fence
// BOUND-LABEL: plan @big
// BOUND: nest 0 store: non-temporal x16 (output 64 MiB >= 1 KiB, store-bound)
func.func @big(%a: tensor<4096x1xf32>, %b: tensor<1x4096xf32>) -> tensor<4096x4096xf32> {
  %r = tir.add %a, %b : (tensor<4096x1xf32>, tensor<1x4096xf32>) -> tensor<4096x4096xf32>
  return %r : tensor<4096x4096xf32>
}

// Dynamic sizes: the tests run at the nest's entry.
// CHECK-LABEL: plan @dyn
// CHECK: nest 0 store: non-temporal x8 if (at run time: output >= 32 MiB)
// CHECK-NEXT: nest 0 threads: yes (at run time: 1048576 elements or more)
// BOUND-LABEL: plan @dyn
// BOUND: nest 0 store: non-temporal x8 if (at run time: output >= 1 KiB and inputs <= output/8)
func.func @dyn(%a: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = tir.exp %a : tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// A copy-like nest reads as much as it writes: not store-bound. Its
// row-major version runs one loop over both dimensions.
// CHECK-LABEL: plan @copy
// CHECK: nest 0 runs: [parallel 262144]
// BOUND-LABEL: plan @copy
// BOUND: nest 0 store: ordinary (inputs more than an eighth of the output (store-bound only))
func.func @copy(%a: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %r = tir.neg %a : tensor<512x512xf32>
  return %r : tensor<512x512xf32>
}

// A transposed read is tiled: 8x8 blocks, the input copied through a
// buffer tile by tile.
// CHECK-LABEL: plan @transposed
// CHECK: nest 0: tir.add at {{[0-9]+}}:8, fused 1, loops [parallel 512, parallel 256]
// CHECK-NEXT: nest 0 runs: [parallel 512, parallel 256]
// CHECK-NEXT: nest 0 tile: loops 0,1 in 8x8 blocks, transposed operands 1
// CHECK-NEXT: nest 0 store: ordinary (output 512 KiB < 32 MiB)
func.func @transposed(%x: tensor<256x512xf32>, %b: tensor<256xf32>) -> tensor<512x256xf32> {
  %t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<256x512xf32>) -> tensor<512x256xf32>
  %r = tir.add %t, %b : (tensor<512x256xf32>, tensor<256xf32>) -> tensor<512x256xf32>
  return %r : tensor<512x256xf32>
}
