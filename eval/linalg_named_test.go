package eval

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLinalgNamed evaluates the linalg named ops (expanded into the rows
// that compute them) against hand-computed results: a contraction adds
// its product to its init (nothing for a tensor.empty, the value of a
// linalg.fill).
func TestLinalgNamed(t *testing.T) {
	a, b := i32s(sh(2, 2), 1, 2, 3, 4), i32s(sh(2, 2), 5, 6, 7, 8) // a·b = [[19, 22], [43, 50]]
	tests := []struct {
		name string
		src  string
		args []*Tensor
		want string
	}{
		{"matmul accumulates into its init", `func.func @f(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>, %c: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x2xi32>, tensor<2x2xi32>) outs(%c : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}`, []*Tensor{a, b, i32s(sh(2, 2), 1, -1, 100, 0)}, "[[20, 21], [143, 50]]"},
		{"matmul into a fill", `func.func @f(%a: tensor<2x2xi32>, %b: tensor<2x2xi32>) -> tensor<2x2xi32> {
  %c = arith.constant 10 : i32
  %e = tensor.empty() : tensor<2x2xi32>
  %f = linalg.fill ins(%c : i32) outs(%e : tensor<2x2xi32>) -> tensor<2x2xi32>
  %r = linalg.matmul ins(%a, %b : tensor<2x2xi32>, tensor<2x2xi32>) outs(%f : tensor<2x2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}`, []*Tensor{a, b}, "[[29, 32], [53, 60]]"},
		{"batch_matmul and matvec into empty tensors", `func.func @f(%a: tensor<1x2x2xi32>, %b: tensor<1x2x2xi32>, %m: tensor<2x2xi32>, %v: tensor<2xi32>) -> (tensor<1x2x2xi32>, tensor<2xi32>) {
  %e = tensor.empty() : tensor<1x2x2xi32>
  %r = linalg.batch_matmul ins(%a, %b : tensor<1x2x2xi32>, tensor<1x2x2xi32>) outs(%e : tensor<1x2x2xi32>) -> tensor<1x2x2xi32>
  %e2 = tensor.empty() : tensor<2xi32>
  %s = linalg.matvec ins(%m, %v : tensor<2x2xi32>, tensor<2xi32>) outs(%e2 : tensor<2xi32>) -> tensor<2xi32>
  return %r, %s : tensor<1x2x2xi32>, tensor<2xi32>
}`, []*Tensor{i32s(sh(1, 2, 2), 1, 2, 3, 4), i32s(sh(1, 2, 2), 5, 6, 7, 8), a, i32s(sh(2), 1, -1)}, "[[[19, 22], [43, 50]]];[-1, -1]"},
		{"transpose, broadcast, copy", `func.func @f(%a: tensor<2x3xi32>, %v: tensor<2xi32>) -> (tensor<3x2xi32>, tensor<2x3xi32>, tensor<2x3xi32>) {
  %e = tensor.empty() : tensor<3x2xi32>
  %t = linalg.transpose ins(%a : tensor<2x3xi32>) outs(%e : tensor<3x2xi32>) permutation = [1, 0]
  %e2 = tensor.empty() : tensor<2x3xi32>
  %b = linalg.broadcast ins(%v : tensor<2xi32>) outs(%e2 : tensor<2x3xi32>) dimensions = [1]
  %c = linalg.copy ins(%a : tensor<2x3xi32>) outs(%b : tensor<2x3xi32>) -> tensor<2x3xi32>
  return %t, %b, %c : tensor<3x2xi32>, tensor<2x3xi32>, tensor<2x3xi32>
}`, []*Tensor{i32s(sh(2, 3), 1, 2, 3, 4, 5, 6), i32s(sh(2), 7, 8)}, "[[1, 4], [2, 5], [3, 6]];[[7, 7, 7], [8, 8, 8]];[[1, 2, 3], [4, 5, 6]]"},
		{"elemwise", `func.func @f(%a: tensor<3xf32>, %s: f32) -> tensor<3xf32> {
  %e = tensor.empty() : tensor<3xf32>
  %0 = linalg.elemwise_binary {fun = #linalg.binary_fn<sub>} ins(%a, %s : tensor<3xf32>, f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  %1 = linalg.elemwise_unary {fun = #linalg.unary_fn<square>} ins(%0 : tensor<3xf32>) outs(%e : tensor<3xf32>) -> tensor<3xf32>
  return %1 : tensor<3xf32>
}`, []*Tensor{f32s(sh(3), 1, 2.5, -1), f32s(nil, 0.5)}, "[0.25, 4, 2.25]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Func(parseFunc(t, tc.src), tc.args)
			if err != nil {
				t.Fatal(err)
			}
			got := make([]string, len(out))
			for i, r := range out {
				got[i] = r.String()
			}
			if diff := cmp.Diff(tc.want, strings.Join(got, ";")); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
