// -infer-shapes through scf.for and scf.if: a loop's iter_args take the
// shape of their init when the body keeps it (a cast before the yield is
// refined too), an if's result the shape both branches yield; a body
// that changes the shape (concat doubles it) keeps the declared '?'
// type, its init cast back to it, and nothing the attempt inserted
// stays; the output parses and verifies again.
// RUN: tirc -infer-shapes '-arg-shapes=@f:0=4;@g:0=4' %s | FileCheck %s
// RUN: tirc -infer-shapes '-arg-shapes=@f:0=4;@g:0=4' %s | tirc - -o /dev/null

// CHECK-LABEL: func.func @f(%arg0: tensor<4xf32>, %arg1: index) -> tensor<4xf32> {
// CHECK:         %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %arg0) -> (tensor<4xf32>) {
// CHECK-NEXT:      %4 = tir.add %arg3, %arg3 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:      %cast = tensor.cast %4 : tensor<4xf32> to tensor<4xf32>
// CHECK-NEXT:      scf.yield %cast : tensor<4xf32>
// CHECK:         %2 = scf.if %1 -> (tensor<4xf32>) {
// CHECK-NEXT:      %4 = tir.exp %0 : tensor<4xf32>
// CHECK-NEXT:      scf.yield %4 : tensor<4xf32>
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %0 : tensor<4xf32>
// CHECK:         %3 = tir.add %2, %2 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: tensor<?xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<?xf32>) {
    %m = tir.add %a, %a : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
    %c = tensor.cast %m : tensor<*xf32> to tensor<?xf32>
    scf.yield %c : tensor<?xf32>
  }
  %p = arith.cmpi eq, %n, %c0 : index
  %s = scf.if %p -> (tensor<?xf32>) {
    %e = tir.exp %r : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %e : tensor<?xf32>
  } else {
    scf.yield %r : tensor<?xf32>
  }
  %e = tir.add %s, %s : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
  return %e : tensor<*xf32>
}

// CHECK-LABEL: func.func @g(%arg0: tensor<4xf32>, %arg1: index) -> tensor<?xf32> {
// CHECK:         %cast = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT:    %0 = scf.for %arg2 = %c0 to %arg1 step %c1 iter_args(%arg3 = %cast) -> (tensor<?xf32>) {
// CHECK-NEXT:      %2 = tir.concat %arg3, %arg3 {dimension = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:      scf.yield %2 : tensor<?xf32>
// CHECK-NEXT:    }
func.func @g(%x: tensor<?xf32>, %n: index) -> tensor<*xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x) -> (tensor<?xf32>) {
    %m = tir.concat %a, %a {dimension = 0 : i64} : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    scf.yield %m : tensor<?xf32>
  }
  %e = tir.add %r, %r : (tensor<?xf32>, tensor<?xf32>) -> tensor<*xf32>
  return %e : tensor<*xf32>
}
