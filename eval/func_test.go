package eval

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// parseFunc parses and verifies src and returns its function @f.
func parseFunc(t *testing.T, src string) *ir.Func {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		var sb strings.Builder
		ds.Render(&sb)
		t.Fatalf("verify:\n%s", sb.String())
	}
	f := m.Lookup("f")
	if f == nil {
		t.Fatal("no @f")
	}
	return f
}

func i32s(shape []int64, v ...int64) *Tensor   { return Ints(ir.I32, shape, v...) }
func f32s(shape []int64, v ...float64) *Tensor { return Floats(ir.F32, shape, v...) }
func sh(d ...int64) []int64                    { return d }

// TestFunc checks whole functions against hand-computed results.
func TestFunc(t *testing.T) {
	tests := []struct {
		name string
		src  string
		args []*Tensor
		want string // the results' String(), ";"-separated
	}{
		{
			name: "implicit broadcast row",
			src: `func.func @f(%a: tensor<2x3xi32>, %b: tensor<3xi32>) -> tensor<2x3xi32> {
  %r = "tir.add"(%a, %b) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}`,
			args: []*Tensor{i32s(sh(2, 3), 1, 2, 3, 4, 5, 6), i32s(sh(3), 7, 8, 9)},
			want: "[[8, 10, 12], [11, 13, 15]]",
		},
		{
			name: "outer product (2,1)x(1,3)",
			src: `func.func @f(%a: tensor<2x1xi32>, %b: tensor<1x3xi32>) -> tensor<2x3xi32> {
  %r = "tir.mul"(%a, %b) : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}`,
			args: []*Tensor{i32s(sh(2, 1), 1, 2), i32s(sh(1, 3), 3, 4, 5)},
			want: "[[3, 4, 5], [6, 8, 10]]",
		},
		{
			name: "dynamic dims take run-time sizes",
			src: `func.func @f(%a: tensor<?x1xi32>, %b: tensor<?xi32>) -> tensor<?x?xi32> {
  %r = "tir.sub"(%a, %b) : (tensor<?x1xi32>, tensor<?xi32>) -> tensor<?x?xi32>
  return %r : tensor<?x?xi32>
}`,
			args: []*Tensor{i32s(sh(2, 1), 10, 20), i32s(sh(3), 1, 2, 3)},
			want: "[[9, 8, 7], [19, 18, 17]]",
		},
		{
			name: "splat constant, cmp and select",
			src: `func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %z = "tir.constant"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %c = "tir.cmp"(%a, %z) {predicate = "lt"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %n = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %r = "tir.select"(%c, %n, %a) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}`,
			args: []*Tensor{f32s(sh(4), -1.5, 2, -0.25, 0)},
			want: "[1.5, 2, 0.25, 0]",
		},
		{
			name: "dense constant and convert",
			src: `func.func @f(%a: tensor<2xf32>) -> tensor<2x2xi8> {
  %k = "tir.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %m = "tir.mul"(%k, %a) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
  %r = "tir.convert"(%m) : (tensor<2x2xf32>) -> tensor<2x2xi8>
  return %r : tensor<2x2xi8>
}`,
			args: []*Tensor{f32s(sh(2), 100, -0.5)},
			// 100, -1 -> 100, -1 ; 300 saturates at 127; -2
			want: "[[100, -1], [127, -2]]",
		},
		{
			name: "arith on scalars and tensors",
			src: `func.func @f(%a: i32, %b: tensor<3xf32>) -> (i32, tensor<3xf32>) {
  %c = arith.constant 7 : i32
  %s = arith.divsi %a, %c : i32
  %x = arith.addf %b, %b : tensor<3xf32>
  return %s, %x : i32, tensor<3xf32>
}`,
			args: []*Tensor{Ints(ir.I32, nil, -20), f32s(sh(3), 0.5, 1, 1.5)},
			want: "-2;[1, 2, 3]",
		},
		{
			name: "arith.select with a scalar condition",
			src: `func.func @f(%c: i1, %a: tensor<2xi64>, %b: tensor<2xi64>) -> tensor<2xi64> {
  %r = arith.select %c, %a, %b : tensor<2xi64>
  return %r : tensor<2xi64>
}`,
			args: []*Tensor{Ints(ir.I1, nil, 0), Ints(ir.I64, sh(2), 1, 2), Ints(ir.I64, sh(2), 3, 4)},
			want: "[3, 4]",
		},
		{
			name: "broadcast_in_dim",
			src: `func.func @f(%a: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<3x2xi32>, tensor<3x?xi32>) {
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<3xi32>) -> tensor<2x3xi32>
  %c = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 0>} : (tensor<3xi32>) -> tensor<3x2xi32>
  %d = "tir.broadcast_in_dim"(%c) {broadcast_dimensions = array<i64: 0, 1>} : (tensor<3x2xi32>) -> tensor<3x?xi32>
  return %r, %c, %d : tensor<2x3xi32>, tensor<3x2xi32>, tensor<3x?xi32>
}`,
			args: []*Tensor{i32s(sh(3), 7, 8, 9)},
			want: "[[7, 8, 9], [7, 8, 9]];[[7, 7], [8, 8], [9, 9]];[[7, 7], [8, 8], [9, 9]]",
		},
		{
			name: "calls and casts",
			src: `func.func @sq(%x: tensor<?xf64>) -> tensor<?xf64> {
  %r = "tir.mul"(%x, %x) : (tensor<?xf64>, tensor<?xf64>) -> tensor<?xf64>
  return %r : tensor<?xf64>
}
func.func @f(%a: tensor<2xf64>) -> tensor<2xf64> {
  %d = tensor.cast %a : tensor<2xf64> to tensor<?xf64>
  %s = func.call @sq(%d) : (tensor<?xf64>) -> tensor<?xf64>
  %r = tensor.cast %s : tensor<?xf64> to tensor<2xf64>
  return %r : tensor<2xf64>
}`,
			args: []*Tensor{Floats(ir.F64, sh(2), 1.5, -3)},
			want: "[2.25, 9]",
		},
		{
			name: "f16 arithmetic rounds per op",
			src: `func.func @f(%a: tensor<2xf16>, %b: tensor<2xf16>) -> tensor<2xf16> {
  %r = "tir.add"(%a, %b) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  %s = "tir.sub"(%r, %a) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16>
  return %s : tensor<2xf16>
}`,
			// 2048 + 1 = 2049 rounds to 2048 in f16, minus 2048 is 0.
			args: []*Tensor{Floats(ir.F16, sh(2), 2048, 1), Floats(ir.F16, sh(2), 1, 1)},
			want: "[0, 1]",
		},
		{
			name: "a static result size is the broadcast target",
			src: `func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<4xi32> {
  %r = "tir.add"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}`,
			args: []*Tensor{i32s(sh(1), 1), i32s(sh(1), 2)},
			want: "[3, 3, 3, 3]",
		},
		{
			name: "empty tensors",
			src: `func.func @f(%a: tensor<0x3xi32>, %b: tensor<3xi32>) -> tensor<0x3xi32> {
  %r = "tir.div"(%a, %b) : (tensor<0x3xi32>, tensor<3xi32>) -> tensor<0x3xi32>
  return %r : tensor<0x3xi32>
}`,
			args: []*Tensor{New(ir.I32, 0, 3), i32s(sh(3), 0, 0, 0)},
			want: "[]",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseFunc(t, tc.src)
			out, err := Func(f, tc.args)
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

// TestRuntimeErrors checks that program failures are RuntimeErrors that
// name the op, the dimensions and the sizes.
func TestRuntimeErrors(t *testing.T) {
	tests := []struct {
		name string
		src  string
		args []*Tensor
		want string // substring of the message
	}{
		{
			name: "division by zero",
			src: `func.func @f(%a: tensor<2xi32>, %b: tensor<2xi32>) -> tensor<2xi32> {
  %r = "tir.div"(%a, %b) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %r : tensor<2xi32>
}`,
			args: []*Tensor{i32s(sh(2), 1, 2), i32s(sh(2), 1, 0)},
			want: "'tir.div' op integer division by zero at result index [1]",
		},
		{
			name: "MIN / -1",
			src: `func.func @f(%a: tensor<i8>, %b: tensor<i8>) -> tensor<i8> {
  %r = "tir.div"(%a, %b) : (tensor<i8>, tensor<i8>) -> tensor<i8>
  return %r : tensor<i8>
}`,
			args: []*Tensor{Ints(ir.I8, nil, -128), Ints(ir.I8, nil, -1)},
			want: "'tir.div' op integer division overflow (MIN / -1) at result index []",
		},
		{
			name: "incompatible dynamic sizes",
			src: `func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = "tir.add"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<?xi32>
  return %r : tensor<?xi32>
}`,
			args: []*Tensor{i32s(sh(3), 1, 2, 3), i32s(sh(4), 1, 2, 3, 4)},
			want: "'tir.add' op operands could not be broadcast together with shapes (3,) (4,) (dimension 0 of operand #0 has size 3, dimension 0 of operand #1 has size 4)",
		},
		{
			name: "InDim incompatible dynamic sizes",
			src: `func.func @f(%a: tensor<?xi32>, %b: tensor<2x?xi32>) -> tensor<2x?xi32> {
  %r = "tir.add"(%a, %b) {broadcast_dimensions = array<i64: 1>} : (tensor<?xi32>, tensor<2x?xi32>) -> tensor<2x?xi32>
  return %r : tensor<2x?xi32>
}`,
			args: []*Tensor{i32s(sh(3), 1, 2, 3), i32s(sh(2, 2), 1, 2, 3, 4)},
			want: "dimension 0 of operand #0 has size 3, dimension 1 of operand #1 has size 2",
		},
		{
			name: "operand size against a static result size",
			src: `func.func @f(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<4xi32> {
  %r = "tir.add"(%a, %b) : (tensor<?xi32>, tensor<?xi32>) -> tensor<4xi32>
  return %r : tensor<4xi32>
}`,
			args: []*Tensor{i32s(sh(1), 1), i32s(sh(2), 2, 3)},
			want: "'tir.add' op operand #1 of shape (2,) does not fit the result type's static shape (4,): dimension 0 of operand #1 has size 2, dimension 0 of result #0 has size 4",
		},
		{
			name: "elementwise arith needs equal sizes",
			src: `func.func @f(%a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.addf %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}`,
			args: []*Tensor{f32s(sh(1), 1), f32s(sh(2), 1, 2)},
			want: "'arith.addf' op operands must have the same shape, but have shapes (1,) (2,) at run time (no broadcasting)",
		},
		{
			name: "tensor.cast checks static dims",
			src: `func.func @f(%a: tensor<?xf32>) -> tensor<4xf32> {
  %r = tensor.cast %a : tensor<?xf32> to tensor<4xf32>
  return %r : tensor<4xf32>
}`,
			args: []*Tensor{f32s(sh(3), 1, 2, 3)},
			want: "'tensor.cast' op cast of a value with size 3 in dimension 0, but the type 'tensor<4xf32>' says 4",
		},
		{
			name: "broadcast_in_dim run-time size",
			src: `func.func @f(%a: tensor<?xi32>) -> tensor<2x3xi32> {
  %r = "tir.broadcast_in_dim"(%a) {broadcast_dimensions = array<i64: 1>} : (tensor<?xi32>) -> tensor<2x3xi32>
  return %r : tensor<2x3xi32>
}`,
			args: []*Tensor{i32s(sh(2), 1, 2)},
			want: "'tir.broadcast_in_dim' op operand #0 of shape (2,) does not fit the result type's static shape (2,3): dimension 0 of operand #0 has size 2, dimension 1 of result #0 has size 3",
		},
		{
			name: "argument checked at entry",
			src: `func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}`,
			args: []*Tensor{f32s(sh(3), 1, 2, 3)},
			want: "argument #0 of @f: size 3 in dimension 0, but the type 'tensor<4xf32>' says 4",
		},
		{
			name: "unbounded recursion",
			src: `func.func @f(%a: tensor<f32>) -> tensor<f32> {
  %r = func.call @f(%a) : (tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}`,
			args: []*Tensor{f32s(nil, 1)},
			want: "'func.call' op call depth exceeds 200",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := parseFunc(t, tc.src)
			_, err := Func(f, tc.args)
			var re *RuntimeError
			if !errors.As(err, &re) {
				t.Fatalf("error = %v, want a RuntimeError", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %q\nwant it to contain %q", err.Error(), tc.want)
			}
		})
	}
}
