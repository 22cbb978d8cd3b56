package eval

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// TestFold folds the last op before the return of @f with the given
// constant operands; expected attributes are written by hand.
func TestFold(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		consts  []string
		want    string // printed attribute, or "" for a RuntimeError
		wantErr error
	}{
		{
			name: "splat plus dense broadcasts",
			src: `func.func @f(%a: tensor<2x2xi32>, %b: tensor<2xi32>) -> tensor<2x2xi32> {
  %r = "tir.add"(%a, %b) : (tensor<2x2xi32>, tensor<2xi32>) -> tensor<2x2xi32>
  return %r : tensor<2x2xi32>
}`,
			consts: []string{"dense<10> : tensor<2x2xi32>", "dense<[1, 2]> : tensor<2xi32>"},
			want:   "dense<[[11, 12], [11, 12]]> : tensor<2x2xi32>",
		},
		{
			name: "equal elements give a splat",
			src: `func.func @f(%a: tensor<3xi8>, %b: tensor<i8>) -> tensor<3xi8> {
  %r = "tir.mul"(%a, %b) : (tensor<3xi8>, tensor<i8>) -> tensor<3xi8>
  return %r : tensor<3xi8>
}`,
			consts: []string{"dense<16> : tensor<3xi8>", "dense<16> : tensor<i8>"},
			want:   "dense<0> : tensor<3xi8>", // 256 wraps to 0
		},
		{
			name: "scalar arith",
			src: `func.func @f(%a: f32, %b: f32) -> f32 {
  %r = arith.divf %a, %b : f32
  return %r : f32
}`,
			consts: []string{"1.0 : f32", "4.0 : f32"},
			want:   "2.500000e-01 : f32",
		},
		{
			name: "dynamic result gets the computed shape",
			src: `func.func @f(%a: tensor<?xi32>, %b: tensor<?x1xi32>) -> tensor<?x?xi32> {
  %r = "tir.sub"(%a, %b) : (tensor<?xi32>, tensor<?x1xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}`,
			consts: []string{"dense<[5, 6]> : tensor<2xi32>", "dense<[[1]]> : tensor<1x1xi32>"},
			want:   "dense<[[4, 5]]> : tensor<1x2xi32>",
		},
		{
			name: "division by zero is not folded",
			src: `func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %r = "tir.div"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}`,
			consts:  []string{"dense<[4, 6]> : tensor<2xi32>", "dense<[2, 0]> : tensor<2xi32>"},
			wantErr: ErrDivByZero,
		},
		{
			name: "MIN / -1 is not folded",
			src: `func.func @f(%a: i32, %b: i32) -> i32 {
  %r = arith.divsi %a, %b : i32
  return %r : i32
}`,
			consts:  []string{"-2147483648 : i32", "-1 : i32"},
			wantErr: ErrDivOverflow,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseFunc(t, tc.src)
			op := f.Terminator().Prev()
			consts := make([]ir.Attr, len(tc.consts))
			for i, c := range tc.consts {
				m, d := asm.ParseString("func.func @c() {\n  %x = \"test.c\"() {v = "+c+"} : () -> i1\n  return\n}", asm.ParseOptions{AllowUnregistered: true})
				if d != nil {
					t.Fatalf("constant %q: %v", c, d)
				}
				consts[i] = m.Funcs[0].First().Attr("v")
			}
			got, err := Fold(op, consts)
			if tc.wantErr != nil {
				var re *RuntimeError
				if !errors.As(err, &re) || !errors.Is(err, tc.wantErr) {
					t.Fatalf("error = %v, want a RuntimeError wrapping %v", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got.String()); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
