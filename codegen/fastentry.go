package codegen

import (
	"slices"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// The fast entry. A small static function called in a loop (W4 of
// BENCH.md: an 8x8 add, a few nanoseconds) pays for everything around its
// loop nest: descriptor checks, the caller- or callee-allocation branch,
// failure paths whose calls make the function save registers. So a public
// function whose tensors are all static and whose every result is computed
// by one loop nest straight into it gets two bodies:
//
//	f          checks that every argument and result descriptor has the
//	           static sizes and a row-major layout and that the caller
//	           allocated the results; then runs the nests with constant
//	           strides and returns 0. Anything else — a layout or size that
//	           differs, a callee-allocated result, an integer division
//	           fault — tail-calls f.general.
//	f.general  the full lowering (checks, messages, allocation, strides).
//
// Both compute the same numbers; f.general recomputes a faulting call to
// report it, which is safe because f writes nothing but its results.

// fastEntryOK reports whether f qualifies (plan.NewEntry).
func (mc *moduleCtx) fastEntryOK(f *ir.Func) bool {
	return plan.NewEntry(f, func() *plan.Fusion { return mc.fusion(f) }, mc.opts.ParallelMin, mc.opts.NonTemporalMin).Fast
}

// lowerFastEntry emits f's fast body into the function named f; general
// is the full lowering.
func (mc *moduleCtx) lowerFastEntry(f *ir.Func, general value.Value) error {
	fn := mc.entry(f.Name)
	fu := mc.fusion(f)
	p := &plan.Func{Name: f.Name}
	plan.Prepass(p, f, fu, prepassFacts(mc.opts, true))
	fc := &funcCtx{llfunc: llfunc{mod: mc, f: f, fn: fn}, vals: make([]*lowered, f.NumValues()), inlined: fu.Inlined, fusion: fu, plan: p}
	fc.general = general
	fc.bl = newBuilder(mc, fn)
	bl := fc.bl
	nargs := len(f.Args())
	// The guard: every descriptor has the static sizes and row-major
	// strides, and the results are the caller's.
	var ok value.Value = constant.True
	if fc.mod.opts.Checks {
		// No descriptor is read through a NULL pointer: f.general
		// reports it (desccheck.go).
		var nonNull value.Value = constant.True
		for _, p := range fn.Params {
			if pt, isPtr := p.Type().(*types.PointerType); isPtr {
				nonNull = bl.and(nonNull, bl.b.NewICmp(enum.IPredNE, p, constant.NewNull(pt)))
			}
		}
		fc.fallBackUnless(nonNull)
	}
	check := func(p value.Value, t *ir.TensorType, isResult bool) *view {
		st := mc.descType(t.Elem, len(t.Shape))
		elemPtr := types.NewPointer(storageType(t.Elem))
		aligned := bl.b.NewLoad(elemPtr, bl.fieldPtr(st, p, 1, -1))
		if n, _ := ir.NumElements(t.Shape); isResult || (n > 0 && fc.mod.opts.Checks) {
			// A result's buffer is the caller's; an argument with
			// elements has data (else f.general reports it).
			ok = bl.and(ok, bl.b.NewICmp(enum.IPredNE, aligned, constant.NewNull(elemPtr)))
		}
		off := bl.b.NewLoad(types.I64, bl.fieldPtr(st, p, 2, -1))
		v := &view{elem: t.Elem, shape: t.Shape, base: bl.gep(storageType(t.Elem), aligned, off), contiguous: true}
		acc := int64(1)
		contig := make([]int64, len(t.Shape))
		for d := len(t.Shape) - 1; d >= 0; d-- {
			contig[d] = acc
			acc *= t.Shape[d]
		}
		r := len(t.Shape)
		if r == 0 {
			return v
		}
		// sizes[r] and strides[r] are adjacent: one <2r x i64> load and
		// compare per descriptor (the stride of a size-1 dimension is
		// free), reduced to one i1: a few instructions instead of a
		// scalar compare per field, which would weigh on small calls.
		want := make([]constant.Constant, 2*r)
		free := make([]constant.Constant, 2*r)
		for d, s := range t.Shape {
			v.sizes = append(v.sizes, i64c(s))
			v.strides = append(v.strides, i64c(contig[d]))
			want[d], want[r+d] = i64c(s), i64c(contig[d])
			free[d], free[r+d] = constant.False, constant.NewBool(s == 1)
		}
		vt := types.NewVector(uint64(2*r), types.I64)
		fields := bl.b.NewBitCast(bl.fieldPtr(st, p, 3, 0), types.NewPointer(vt))
		got := bl.b.NewLoad(vt, fields)
		got.Align = 8
		var eq value.Value = bl.b.NewICmp(enum.IPredEQ, got, constant.NewVector(vt, want...))
		if slices.ContainsFunc(t.Shape, func(s int64) bool { return s == 1 }) {
			eq = bl.b.NewOr(eq, constant.NewVector(types.NewVector(uint64(2*r), types.I1), free...))
		}
		mask := types.NewInt(uint64(2 * r))
		all := bl.b.NewICmp(enum.IPredEQ, bl.b.NewBitCast(eq, mask), constant.NewInt(mask, -1))
		ok = bl.and(ok, all)
		return v
	}
	for i, a := range f.Args() {
		p := fn.Params[i]
		switch t := a.Type().(type) {
		case *ir.TensorType:
			p.Attrs = append(p.Attrs, enum.ParamAttrNoCapture)
			fc.vals[a.ID()] = &lowered{view: check(p, t, false)}
		case *ir.Scalar:
			fc.vals[a.ID()] = &lowered{scalar: bl.FromStorage(p, t)}
		}
	}
	for k, rt := range f.ResultTypes {
		t := rt.(*ir.TensorType)
		fc.results = append(fc.results, &result{typ: t, desc: fn.Params[nargs+k], view: check(fn.Params[nargs+k], t, true)})
	}
	fc.fallBackUnless(ok)
	for op := range f.Ops() {
		if op.Has(ir.TraitTerminator) {
			continue
		}
		if err := fc.lowerOp(op); err != nil {
			return err
		}
	}
	if err := fc.allBuilt(); err != nil {
		return err
	}
	bl.b.NewRet(i32c(0))
	bl.finish()
	return nil
}
