package eval

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// Every kernel computes on each element kind its row (ir/kernel.go)
// claims: Scalar gives a value, not ErrBadKernel, for operands of f32,
// f64, i32, ui8 and i1 alike. The kernels the table leaves out of a kind
// are exactly those outside the row's domain, plus integer pow, which the
// evaluator defines although no op verifies it.
func TestKernelFuncsCoverRows(t *testing.T) {
	elems := []*ir.Scalar{ir.F32, ir.F64, ir.I32, ir.UI8, ir.I1}
	var missing, extra []string
	for _, k := range ir.Kernels() {
		info := k.Info()
		for _, e := range elems {
			claimed := info.Domain&ir.DomainOf(e) != 0
			_, err := Scalar(k, kernelParams(e), kernelArgs(k)...)
			switch computed := !errors.Is(err, ErrBadKernel); {
			case claimed && !computed:
				missing = append(missing, k.String()+" on "+e.String())
			case !claimed && computed:
				extra = append(extra, k.String()+" on "+e.String())
			}
			if err != nil && !errors.Is(err, ErrBadKernel) {
				t.Errorf("%v on %v: %v", k, e, err)
			}
		}
	}
	if d := cmp.Diff([]string(nil), missing); d != "" {
		t.Errorf("kernels without a function for a kind their row claims (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"pow on i32", "pow on ui8", "pow on i1"}, extra); d != "" {
		t.Errorf("kernels computed outside their row's domain (-want +got):\n%s", d)
	}
}

// kernelParams are Params for operands of type e: comparisons by lt,
// conversions to a type of the same width (bitcast needs one).
func kernelParams(e *ir.Scalar) Params {
	res := map[*ir.Scalar]*ir.Scalar{ir.F32: ir.I32, ir.F64: ir.I64, ir.I32: ir.F32, ir.UI8: ir.I8, ir.I1: ir.I1}[e]
	return Params{Elem: e, Result: res, Pred: "lt"}
}

// kernelArgs are operands that fault in no kernel: 1 (true), but 0 for
// the third operand of mul_shift and shr_round (no shift, no rounding).
func kernelArgs(k ir.Kernel) []Num {
	n := max(k.Arity(), 1)
	args := make([]Num, n)
	for i := range args {
		args[i] = Num{Int: 1, Float: 1}
		if i == 2 && (k == ir.KernelMulShift || k == ir.KernelShrRound) {
			args[i] = Num{}
		}
	}
	return args
}
