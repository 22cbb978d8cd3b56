package native_test

import (
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
)

// controlFlow are programs with scf control flow, run natively against
// eval with the regressions (and under ASan, which checks the buffers
// the loops pass on and free).
var controlFlow = []struct {
	text   string
	inputs func() []*eval.Tensor
}{
	{ // x <- x * 0.5 + y on even iterations, x - y on odd ones, and the
		// sum of the iterations' means in a rank-0 iter_arg
		`func.func @NAME(%x: tensor<?x3xf64>, %y: tensor<?x3xf64>) -> (tensor<?x3xf64>, tensor<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %h = arith.constant dense<0.5> : tensor<f64>
  %z = arith.constant dense<0.0> : tensor<f64>
  %r:2 = scf.for %i = %c0 to %c7 step %c1 iter_args(%a = %x, %s = %z) -> (tensor<?x3xf64>, tensor<f64>) {
    %rem = arith.remui %i, %c2 : index
    %even = arith.cmpi eq, %rem, %c0 : index
    %n = scf.if %even -> (tensor<?x3xf64>) {
      %m = tir.mul %a, %h : (tensor<?x3xf64>, tensor<f64>) -> tensor<?x3xf64>
      %p = tir.add %m, %y : (tensor<?x3xf64>, tensor<?x3xf64>) -> tensor<?x3xf64>
      scf.yield %p : tensor<?x3xf64>
    } else {
      %d = tir.sub %a, %y : (tensor<?x3xf64>, tensor<?x3xf64>) -> tensor<?x3xf64>
      scf.yield %d : tensor<?x3xf64>
    }
    %t = tir.reduce_sum %n {dims = array<i64: 0, 1>} : (tensor<?x3xf64>) -> tensor<f64>
    %s1 = tir.add %s, %t : (tensor<f64>, tensor<f64>) -> tensor<f64>
    scf.yield %n, %s1 : tensor<?x3xf64>, tensor<f64>
  }
  return %r#0, %r#1 : tensor<?x3xf64>, tensor<f64>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Floats(ir.F64, []int64{2, 3}, 1, -2, 3, 0.5, 8, -1), eval.Floats(ir.F64, []int64{2, 3}, 0.25, 3, -1, 2, 0, 1)}
		},
	},
	{ // a while loop counting to 5 over i32, its count the trip count of
		// a loop whose carried tensors swap each iteration
		`func.func @NAME(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %one = arith.constant 1 : i32
  %five = arith.constant 5 : i32
  %zero = arith.constant 0 : i32
  %w = scf.while (%v = %zero) : (i32) -> i32 {
    %go = arith.cmpi slt, %v, %five : i32
    scf.condition(%go) %v : i32
  } do {
  ^bb0(%v: i32):
    %v1 = arith.addi %v, %one : i32
    scf.yield %v1 : i32
  }
  %r:2 = scf.for %i = %zero to %w step %one iter_args(%a = %x, %b = %y) -> (tensor<4xf32>, tensor<4xf32>) : i32 {
    %s = tir.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    scf.yield %b, %s : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xf32>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Floats(ir.F32, []int64{4}, 1, 2, 3, 4), eval.Floats(ir.F32, []int64{4}, 0.5, -1, 0, 2)}
		},
	},
}

func init() { regressions = append(regressions, controlFlow...) }
