package eval

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestSCF runs scf.for, scf.if and scf.while against the same recurrences
// computed in Go.
func TestSCF(t *testing.T) {
	const src = `func.func @f(%x: tensor<3xf64>, %y: tensor<3xf64>, %n: index) -> (tensor<3xf64>, f64, tensor<3xf64>, i64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %h = arith.constant dense<0.5> : tensor<3xf64>
  %z = arith.constant 0.0 : f64
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %x, %s = %z) -> (tensor<3xf64>, f64) {
    %m = tir.mul %a, %h : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    %p = tir.add %m, %y : (tensor<3xf64>, tensor<3xf64>) -> tensor<3xf64>
    %fi = arith.index_cast %i : index to i64
    %ff = arith.sitofp %fi : i64 to f64
    %t = arith.addf %s, %ff : f64
    scf.yield %p, %t : tensor<3xf64>, f64
  }
  %c2 = arith.constant 2 : index
  %odd = arith.remui %n, %c2 : index
  %isodd = arith.cmpi eq, %odd, %c1 : index
  %sel = scf.if %isodd -> (tensor<3xf64>) {
    %e = tir.exp %y : (tensor<3xf64>) -> tensor<3xf64>
    scf.yield %e : tensor<3xf64>
  } else {
    %e = tir.neg %y : (tensor<3xf64>) -> tensor<3xf64>
    scf.yield %e : tensor<3xf64>
  }
  %one = arith.constant 1 : i64
  %k = arith.constant 1000 : i64
  %w = scf.while (%v = %one) : (i64) -> i64 {
    %c = arith.cmpi slt, %v, %k : i64
    scf.condition(%c) %v : i64
  } do {
  ^bb0(%v: i64):
    %d = arith.addi %v, %v : i64
    scf.yield %d : i64
  }
  return %r#0, %r#1, %sel, %w : tensor<3xf64>, f64, tensor<3xf64>, i64
}`
	f := parseFunc(t, src)
	x, y := []float64{1, -2, 8}, []float64{0.25, 3, -1}
	for _, n := range []int64{0, 1, 5} {
		out, err := Func(f, []*Tensor{Floats(ir.F64, sh(3), x...), Floats(ir.F64, sh(3), y...), Ints(ir.Index, nil, n)})
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		a := append([]float64(nil), x...)
		s := 0.0
		for i := int64(0); i < n; i++ {
			for j := range a {
				a[j] = a[j]*0.5 + y[j]
			}
			s += float64(i)
		}
		sel := make([]float64, 3)
		for j, v := range y {
			if n%2 == 1 {
				sel[j] = math.Exp(v)
			} else {
				sel[j] = -v
			}
		}
		w := int64(1)
		for w < 1000 {
			w += w
		}
		got := [][]float64{out[0].Floats, out[1].Floats, out[2].Floats, {float64(out[3].Ints[0])}}
		want := [][]float64{a, {s}, sel, {float64(w)}}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("n=%d: (-want +got)\n%s", n, d)
		}
	}
}
