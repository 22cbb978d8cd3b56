package native_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
)

// regressions are hand-reduced programs from failures of the random test
// (see /work/notes/codegen-bugs.md), and the control-flow programs of
// scf_test.go (appended by its init), called with the inputs that showed
// them, in the same module and driver as the random programs. @NAME is
// replaced by the program's name.
var regressions = []struct {
	text   string
	inputs func() []*eval.Tensor
}{
	{ // arith ops do not broadcast: run-time sizes 4 and 1 are an error
		`func.func @NAME(%a: tensor<?xi32>, %b: tensor<?xi32>) -> tensor<?xi32> {
  %r = arith.addi %a, %b : tensor<?xi32>
  return %r : tensor<?xi32>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Ints(ir.I32, []int64{4}, 1, 2, 3, 4), eval.Ints(ir.I32, []int64{1}, 10)}
		},
	},
	{ // arith.select likewise, with a condition of size 1
		`func.func @NAME(%c: tensor<?x2xi1>, %a: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %r = arith.select %c, %a, %a : tensor<?x2xi1>, tensor<?x2xf32>
  return %r : tensor<?x2xf32>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Ints(ir.I1, []int64{1, 2}, 1, 0), eval.Floats(ir.F32, []int64{3, 2}, 1, 2, 3, 4, 5, 6)}
		},
	},
	{ // NaN in f16 and bf16 dense constants
		`func.func @NAME() -> (tensor<3xbf16>, tensor<3xf16>) {
  %c = "tir.constant"() {value = dense<[0x7FC0, 1.5, 0x7F80]> : tensor<3xbf16>} : () -> tensor<3xbf16>
  %h = "tir.constant"() {value = dense<[0x7E00, -2.5, 0xFC00]> : tensor<3xf16>} : () -> tensor<3xf16>
  return %c, %h : tensor<3xbf16>, tensor<3xf16>
}
`, func() []*eval.Tensor { return nil },
	},
	{ // MIN rem -1 is 0 (NumPy), not the fault of MIN / -1
		`func.func @NAME(%a: tensor<2xi16>, %b: tensor<2xi16>) -> tensor<2xi16> {
  %r = "tir.rem"(%a, %b) : (tensor<2xi16>, tensor<2xi16>) -> tensor<2xi16>
  return %r : tensor<2xi16>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Ints(ir.I16, []int64{2}, -32768, 7), eval.Ints(ir.I16, []int64{2}, -1, -1)}
		},
	},
	{ // max/min propagate NaN, also against infinities (eval: Go's math.Min)
		`func.func @NAME(%a: tensor<4xf64>, %b: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %lo = "tir.min"(%a, %b) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xf64>
  %hi = arith.maximumf %a, %b : tensor<4xf64>
  return %lo, %hi : tensor<4xf64>, tensor<4xf64>
}
`, func() []*eval.Tensor {
			nan, inf := math.NaN(), math.Inf(1)
			return []*eval.Tensor{eval.Floats(ir.F64, []int64{4}, nan, nan, -inf, 1), eval.Floats(ir.F64, []int64{4}, -inf, inf, nan, nan)}
		},
	},
	{ // issue 34: a size-1 slice broadcast by its consumer reads b[2] everywhere
		`func.func @NAME(%a: tensor<5xf64>, %b: tensor<5xf64>) -> tensor<5xf64> {
  %s = tir.slice %b {start_indices = array<i64: 2>, limit_indices = array<i64: 3>, strides = array<i64: 1>} : (tensor<5xf64>) -> tensor<1xf64>
  %r = tir.add %a, %s : (tensor<5xf64>, tensor<1xf64>) -> tensor<5xf64>
  return %r : tensor<5xf64>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Floats(ir.F64, []int64{5}, 0, 0, 0, 0, 0), eval.Floats(ir.F64, []int64{5}, 100, 101, 102, 103, 104)}
		},
	},
	{ // issue 34: x - x[:, 2:3] and x * |x[:, 4:5]| on a '?' operand
		`func.func @NAME(%x: tensor<?x5xf64>) -> (tensor<?x5xf64>, tensor<?x5xf64>) {
  %s = tir.slice %x {start_indices = array<i64: 0, 2>, limit_indices = array<i64: 2, 3>, strides = array<i64: 1, 1>} : (tensor<?x5xf64>) -> tensor<2x1xf64>
  %d = tir.sub %x, %s : (tensor<?x5xf64>, tensor<2x1xf64>) -> tensor<?x5xf64>
  %t = tir.slice %x {start_indices = array<i64: 0, 4>, limit_indices = array<i64: 2, 5>, strides = array<i64: 1, 1>} : (tensor<?x5xf64>) -> tensor<?x1xf64>
  %e = tir.abs %t : (tensor<?x1xf64>) -> tensor<?x1xf64>
  %m = tir.mul %x, %e : (tensor<?x5xf64>, tensor<?x1xf64>) -> tensor<?x5xf64>
  return %d, %m : tensor<?x5xf64>, tensor<?x5xf64>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Floats(ir.F64, []int64{2, 5}, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)}
		},
	},
	{ // issue 34: a limit beyond a dynamic size is an error, even when the
		// indices read are in bounds (0, 3, 6 of 8)
		`func.func @NAME(%x: tensor<?xi32>) -> tensor<3xi32> {
  %s = tir.slice %x {start_indices = array<i64: 0>, limit_indices = array<i64: 9>, strides = array<i64: 3>} : (tensor<?xi32>) -> tensor<3xi32>
  return %s : tensor<3xi32>
}
`, func() []*eval.Tensor {
			return []*eval.Tensor{eval.Ints(ir.I32, []int64{8}, 0, 1, 2, 3, 4, 5, 6, 7)}
		},
	},
}

// regression returns regression i, function f of the module, with one
// call on its inputs (arguments and results laid out at random).
func regression(rng *rand.Rand, i int, f *ir.Func) (*program, error) {
	r := regressions[i]
	in := r.inputs()
	p := &program{name: f.Name, text: strings.ReplaceAll(r.text, "@NAME", "@"+f.Name), ops: map[string]int{}}
	for k := range f.Args() {
		t := f.Arg(k).Type().(*ir.TensorType)
		p.args = append(p.args, &argSpec{v: &value{name: fmt.Sprintf("%%a%d", k), typ: t, shape: in[k].Shape}, zeroStrideDim: -1})
	}
	for _, t := range f.ResultTypes {
		p.results = append(p.results, t.(*ir.TensorType))
		p.resScalar = append(p.resScalar, false)
	}
	want, err := eval.Func(f, in)
	st, where, bad := evalStatus(err)
	if bad != nil {
		return nil, bad
	}
	cl := &call{in: in, want: want, status: st, where: where, what: "regression"}
	for k := range in {
		cl.layouts = append(cl.layouts, randomLayout(rng, len(in[k].Shape)))
	}
	cl.results = make([]resAlloc, len(p.results))
	p.calls = []*call{cl}
	return p, nil
}
