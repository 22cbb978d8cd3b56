// RUN: tirc -cse %s | FileCheck %s --check-prefix=CSE
// RUN: tirc -dce %s | FileCheck %s --check-prefix=DCE
// RUN: tirc -canonicalize -cse %s | FileCheck %s --check-prefix=BOTH
// RUN: tirc -cse -dce %s | tirc -verify

// cse merges add(a, b) with add(b, a) (Commutative), not sub(a, b) with sub(b, a).
// CSE-LABEL: func.func @f
// CSE-NEXT: %[[A:.*]] = tir.add %arg0, %arg1 :
// CSE-NEXT: %[[S:.*]] = tir.sub %arg0, %arg1 :
// CSE-NEXT: %[[T:.*]] = tir.sub %arg1, %arg0 :
// CSE-NEXT: %[[D:.*]] = tir.neg %[[A]] :
// CSE-NEXT: tir.exp %[[D]] :
// CSE-NEXT: %[[M:.*]] = tir.mul %[[A]], %[[A]] :
// CSE-NEXT: return %[[A]], %[[A]], %[[S]], %[[T]], %[[M]]
// dce erases the unused chain %d, %e but keeps the calls.
// DCE-LABEL: func.func @f
// DCE-NOT: tir.neg
// DCE-NOT: tir.exp
// DCE: return
func.func @f(%a: tensor<4xf32>, %b: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %0 = "tir.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tir.add"(%b, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "tir.sub"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "tir.sub"(%b, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %d = "tir.neg"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %e = "tir.exp"(%d) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "tir.mul"(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// Different attributes or result types do not merge; calls never merge or die.
// CSE-LABEL: func.func @g
// CSE-COUNT-2: tir.cmp
// CSE-COUNT-2: call @h
// DCE-LABEL: func.func @g
// DCE-COUNT-2: call @h
// BOTH-LABEL: func.func @g
// BOTH: %[[C:.*]] = tir.constant dense<1.000000e+00>
// BOTH-NEXT: tir.add %arg0, %[[C]] :
// BOTH-NEXT: tir.cmp
// BOTH-NEXT: tir.cmp
func.func @g(%a: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) {
  %c = "tir.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %c2 = "tir.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tir.add"(%c, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "tir.add"(%a, %c2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "tir.cmp"(%0, %1) {predicate = "lt"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %3 = "tir.cmp"(%0, %1) {predicate = "gt"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %4 = func.call @h(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = func.call @h(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = func.call @h(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %2, %3, %4, %5 : tensor<4xi1>, tensor<4xi1>, tensor<4xf32>, tensor<4xf32>
}
func.func private @h(tensor<4xf32>) -> tensor<4xf32>
