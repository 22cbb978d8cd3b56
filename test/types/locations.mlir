// Locations as MLIR 19 writes them: file:line:col, names, callsite, fused
// (with metadata), unknown, and #loc aliases defined before or after their
// use. Printed inline, aliases expanded and fused locations flattened as
// MLIR's FusedLoc::get does. mlir-opt-19 agrees and its
// -mlir-print-debuginfo output reads back: locations-mlir-opt-19.test.
// RUN: tirc %s | FileCheck %s
// RUN: tirc %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-op-generic %s | tirc | FileCheck %s
// RUN: tirc -mlir-print-debuginfo -mlir-print-local-scope %s | FileCheck --check-prefix=DEBUG %s
// RUN: tirc -mlir-print-debuginfo %s | FileCheck --check-prefix=ALIAS %s

#before = loc("before.py":1:2)

// CHECK-LABEL: func.func @f
// CHECK-SAME: (%arg0: tensor<4xf32> loc("args.py":7:8), %arg1: tensor<4xf32>)
// CHECK-NEXT: arith.addf {{.*}} loc("after.py":5:6)
// CHECK-NEXT: arith.mulf {{.*}} loc(fused["a.py":1:2, "b.py":3:4])
// CHECK-NEXT: arith.subf {{.*}} loc(fused<"myfusion">["a.py":1:2, "before.py":1:2])
// CHECK-NEXT: arith.addf {{.*}} loc(callsite("foo"("f.py":1:1) at "g.py":2:2))
// CHECK-NEXT: arith.addf {{.*}} loc("name")
// CHECK-NEXT: arith.addf {{.*}} loc(unknown)
// CHECK-NEXT: arith.addf {{.*}} loc("a.py":1:2)
// CHECK-NEXT: arith.addf {{.*}} loc(fused["a.py":1:2, "b.py":3:4, "c.py":5:6])
// CHECK-NEXT: return {{.*}} loc("before.py":1:2)
// CHECK-NEXT: } loc("after.py":5:6)

// Without a loc(...), -mlir-print-debuginfo prints where the op is.
// DEBUG-LABEL: func.func @f
// DEBUG-SAME: (%arg0: tensor<4xf32> loc("args.py":7:8), %arg1: tensor<4xf32> loc("{{.*}}locations.mlir":[[@LINE+1]]:52))
func.func @f(%a: tensor<4xf32> loc("args.py":7:8), %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32> loc(#after)
  %1 = arith.mulf %0, %b : tensor<4xf32> loc(fused["a.py":1:2, "b.py":3:4])
  %2 = arith.subf %1, %b : tensor<4xf32> loc(fused<"myfusion">["a.py":1:2, #before])
  %3 = arith.addf %2, %b : tensor<4xf32> loc(callsite("foo"("f.py":1:1) at "g.py":2:2))
  %4 = arith.addf %3, %b : tensor<4xf32> loc("name"(unknown))
  %5 = arith.addf %4, %b : tensor<4xf32> loc(unknown)
  // A fused location of one known location is that location; nested
  // fused ones without metadata flatten, duplicates and unknown drop.
  %6 = arith.addf %5, %b : tensor<4xf32> loc(fused[unknown, "a.py":1:2])
  %7 = arith.addf %6, %b : tensor<4xf32> loc(fused["a.py":1:2, fused["b.py":3:4, "a.py":1:2], unknown, "c.py":5:6])
  return %7 : tensor<4xf32> loc(#before)
} loc(#after)

// DEBUG-LABEL: func.func @g
// DEBUG-NEXT: "test.op"() : () -> () loc("{{.*}}locations.mlir":[[@LINE+2]]:3)
func.func @g() {
  "test.op"() : () -> ()
  return
}
// DEBUG: } loc("{{.*}}locations.mlir":0:0)

// Without -mlir-print-local-scope, the locations are #loc aliases: those
// of arguments before the module, the others after it, by depth.
// ALIAS: #loc2 = loc("args.py":7:8)
// ALIAS-NEXT: #loc3 = loc("{{.*}}locations.mlir":{{[0-9]+}}:52)
// ALIAS-NEXT: module {
// ALIAS-NEXT: func.func @f(%arg0: tensor<4xf32> loc("args.py":7:8), %arg1: tensor<4xf32> loc("{{.*}}locations.mlir":{{[0-9]+}}:52))
// ALIAS-NEXT: arith.addf {{.*}} loc(#loc1)
// ALIAS: } loc(#loc)
// ALIAS-NEXT: #loc = loc("{{.*}}locations.mlir":0:0)
// ALIAS-NEXT: #loc1 = loc("after.py":5:6)
// ALIAS: loc(fused<"myfusion">[#loc{{[0-9]+}}, #loc{{[0-9]+}}])

#after = loc("after.py":5:6)
