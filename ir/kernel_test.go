package ir

import (
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Every kernel has a name, an arity, and names are unique.
func TestKernelInfo(t *testing.T) {
	seen := map[string]Kernel{}
	for k := KernelNone + 1; k < numKernels; k++ {
		info := k.Info()
		if info.Name == "" || (info.Arity < 1 || info.Arity > 3) && !(info.Arity == -1 && k == KernelProduct) {
			t.Errorf("kernel %d: info %+v", k, info)
		}
		if prev, dup := seen[info.Name]; dup {
			t.Errorf("kernels %d and %d are both named %q", prev, k, info.Name)
		}
		seen[info.Name] = k
	}
}

// Every kernel row is complete and its fields agree with one another.
func TestKernelRowsConsistent(t *testing.T) {
	for _, k := range Kernels() {
		info := k.Info()
		check := func(ok bool, what string) {
			if !ok {
				t.Errorf("kernel %v: %s (row %+v)", k, what, info)
			}
		}
		check(info.Domain != 0 && info.Domain&^DomainAll == 0, "its domain is empty or unknown")
		check(info.Domain&DomainInt == 0 || info.Domain&DomainBool != 0, "on integers but not on i1")
		check(info.Cost > 0 || k == KernelIdentity, "costs nothing")
		check(info.Libm == "" || info.Domain&DomainFloat != 0, "names a libm function but is not on floats")
		check(info.Intrinsic == "" || info.Domain&DomainFloat != 0, "names a float intrinsic but is not on floats")
		check(info.IntIntrinsic == "" || info.Domain&DomainInt != 0, "names an integer intrinsic but is not on integers")
		check(!info.IntDivision || (info.Arity == 2 && info.Domain&DomainInt != 0), "divides but is not binary on integers")
		check(info.Identity == StartNone || info.Start == info.Identity, "starts a reduction away from its identity")
		check(info.Start == StartNone || info.Arity == 2, "has a start value but does not combine two values")
	}
}

// Every reduction kind's identity is its combining kernel's row's.
func TestReduceIdentityFromKernelRow(t *testing.T) {
	type id struct {
		Has bool
		Val int64
	}
	want := map[Reduce]id{
		ReduceSum: {true, 0}, ReduceProd: {true, 1}, ReduceMax: {}, ReduceMin: {}, ReduceMean: {true, 0},
		ReduceAny: {true, 0}, ReduceAll: {true, 1}, ReduceArgMax: {}, ReduceArgMin: {}, ReduceContract: {true, 0},
	}
	got := map[Reduce]id{}
	for r := ReduceSum; r <= ReduceContract; r++ {
		info := r.Info()
		got[r] = id{info.HasIdentity, info.Identity}
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("reduction identities (-want +got):\n%s", d)
	}
}

// A reduction's accumulator starts at its kernel row's Start, in each
// element type: max from the lowest value, min from the highest.
func TestStartValues(t *testing.T) {
	type ints struct{ I1, I8, I32, I64, UI8, UI64 int64 }
	in := func(s Start) ints {
		return ints{s.Int(I1), s.Int(I8), s.Int(I32), s.Int(I64), s.Int(UI8), s.Int(UI64)}
	}
	got := map[string]any{
		"add": []any{in(KernelAdd.Info().Start), KernelAdd.Info().Start.Float()},
		"mul": []any{in(KernelMul.Info().Start), KernelMul.Info().Start.Float()},
		"max": []any{in(KernelMax.Info().Start), KernelMax.Info().Start.Float()},
		"min": []any{in(KernelMin.Info().Start), KernelMin.Info().Start.Float()},
		"and": []any{in(KernelAnd.Info().Start), KernelAnd.Info().Start.Float()},
		"or":  []any{in(KernelOr.Info().Start), KernelOr.Info().Start.Float()},
	}
	want := map[string]any{
		"add": []any{ints{}, 0.0},
		"mul": []any{ints{1, 1, 1, 1, 1, 1}, 1.0},
		"max": []any{ints{0, math.MinInt8, math.MinInt32, math.MinInt64, 0, 0}, math.Inf(-1)},
		"min": []any{ints{1, math.MaxInt8, math.MaxInt32, math.MaxInt64, 255, -1}, math.Inf(1)},
		"and": []any{ints{1, 1, 1, 1, 1, 1}, 1.0},
		"or":  []any{ints{}, 0.0},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("start values (-want +got):\n%s", d)
	}
}

// KernelDomainError refuses exactly the element kinds outside the row's
// domain.
func TestKernelDomainError(t *testing.T) {
	for _, k := range Kernels() {
		for _, e := range []*Scalar{F32, I32, I1} {
			d := k.Info().Domain&DomainOf(e) != 0
			if got := domainError(k, e); (got == "") != d {
				t.Errorf("kernel %v on %v: domain says %v, KernelDomainError says %q", k, e, d, got)
			}
		}
	}
}

// domainError is KernelDomainError of a one-op function applying k to
// elements of type e.
func domainError(k Kernel, e *Scalar) string {
	tt := &TensorType{Shape: []int64{4}, Elem: e}
	f := NewFunc("f", []Type{tt}, []Type{tt})
	op := NewOp("test.kernel", f.Args(), []Type{tt}, nil)
	op.Def = &OpDef{Name: "test.kernel", Kernel: k}
	return KernelDomainError(op)
}
