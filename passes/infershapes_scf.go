package passes

import (
	"github.com/tirc/tirc/ir"
)

// Shapes through scf.for and scf.if. A loop's region iter_args take the
// refined types of its inits when the body, refined under that
// assumption, yields values at least as static (each iteration then
// keeps them); otherwise the assumption is undone (types and the casts it
// inserted) and the body is refined with the declared types. An if's
// results take the most static type both branches yield. Either op's
// yields, and a loop's inits, are cast where they differ from the types
// the op settled on.

// refineControl refines an scf.for or scf.if with the ops of its regions.
func (r *refiner) refineControl(op *ir.Op) {
	if r.handled == nil {
		r.handled = map[*ir.Op]bool{}
	}
	op.Walk(func(o *ir.Op) { r.handled[o] = true })
	if op.Name == "scf.if" {
		r.refineIf(op)
		return
	}
	body := op.Region(0).Front()
	if body == nil || len(body.Args()) != op.NumOperands()-2 || body.Last() == nil || body.Last().NumOperands() != op.NumOperands()-3 {
		r.castOperandsBack(op)
		return
	}
	args, inits := body.Args()[1:], op.Operands()[3:]
	want := make([]ir.Type, len(args))
	assume := false
	for k, a := range args {
		want[k] = a.Type()
		if m, ok := meet(a.Type(), inits[k].Type()); ok && ir.TypeEqual(m, inits[k].Type()) {
			want[k] = m
		}
		assume = assume || !ir.TypeEqual(want[k], a.Type())
	}
	if assume && r.tryLoop(op, body, args, want) {
		return
	}
	r.refineOps(body, true)
	for k, a := range args {
		want[k] = a.Type()
	}
	r.settle(op, inits, body.Last(), want)
}

// tryLoop refines the body with the region iter_args of types want and
// keeps the result if the body yields values at least as static; else it
// undoes it and reports false.
func (r *refiner) tryLoop(op *ir.Op, body *ir.Block, args []*ir.Value, want []ir.Type) bool {
	saved := map[*ir.Value]ir.Type{}
	save := func(v *ir.Value) { saved[v] = v.Type() }
	for _, rg := range op.Regions() {
		for _, b := range rg.Blocks() {
			for _, a := range b.Args() {
				save(a)
			}
		}
	}
	op.Walk(func(o *ir.Op) {
		for _, v := range o.Results() {
			save(v)
		}
		for _, rg := range o.Regions() {
			for _, b := range rg.Blocks() {
				for _, a := range b.Args() {
					save(a)
				}
			}
		}
	})
	st, outer := r.st, r.trail
	var trail []*ir.Op
	r.trail = &trail
	for k, a := range args {
		r.setType(a, want[k])
	}
	r.refineOps(body, true)
	r.trail = outer
	y := body.Last()
	ok := true
	for k, v := range y.Operands() {
		m, fits := meet(want[k], v.Type())
		ok = ok && fits && ir.TypeEqual(m, v.Type())
	}
	if ok {
		if outer != nil {
			*outer = append(*outer, trail...)
		}
		r.settle(op, op.Operands()[3:], y, want)
		return true
	}
	for i := len(trail) - 1; i >= 0; i-- {
		c := trail[i]
		for key, v := range r.casts {
			if v == c.Result(0) {
				delete(r.casts, key)
			}
		}
		c.Result(0).ReplaceAllUsesWith(c.Operand(0))
		c.Erase()
	}
	for v, t := range saved {
		v.SetType(t)
	}
	r.st = st
	return false
}

// settle gives op's inits (nil for an if), its yield y's operands and its
// results the types ts.
func (r *refiner) settle(op *ir.Op, inits []*ir.Value, y *ir.Op, ts []ir.Type) {
	for k := range inits {
		if v := op.Operand(3 + k); !ir.TypeEqual(v.Type(), ts[k]) && castable(v.Type(), ts[k]) {
			r.castTo(op, 3+k, ts[k])
		}
	}
	if y != nil {
		r.castYield(y, ts)
	}
	for k, res := range op.Results() {
		r.setType(res, ts[k])
	}
}

// castYield casts the operands of a yield to the types ts.
func (r *refiner) castYield(y *ir.Op, ts []ir.Type) {
	for k, v := range y.Operands() {
		if k < len(ts) && !ir.TypeEqual(v.Type(), ts[k]) && castable(v.Type(), ts[k]) {
			r.castTo(y, k, ts[k])
		}
	}
}

// refineIf refines both branches, then the results.
func (r *refiner) refineIf(op *ir.Op) {
	ts := op.ResultTypes()
	var lub []ir.Type
	for i, rg := range op.Regions() {
		if rg.Empty() {
			continue
		}
		b := rg.Front()
		r.refineOps(b, true)
		y := b.Last()
		if y == nil || y.NumOperands() != op.NumResults() {
			return
		}
		if i == 0 {
			lub = y.OperandTypes()
			continue
		}
		for k, t := range y.OperandTypes() {
			lub[k] = commonType(lub[k], t)
		}
	}
	for k := range ts {
		if k < len(lub) && lub[k] != nil {
			if m, ok := meet(ts[k], lub[k]); ok && ir.TypeEqual(m, lub[k]) {
				ts[k] = lub[k]
			}
		}
	}
	for _, rg := range op.Regions() {
		if !rg.Empty() {
			r.castYield(rg.Front().Last(), ts)
		}
	}
	for k, res := range op.Results() {
		r.setType(res, ts[k])
	}
}

// commonType is the most static type both a and b have (nil if none:
// different element types or ranks).
func commonType(a, b ir.Type) ir.Type {
	if a == nil || b == nil {
		return nil
	}
	if ir.TypeEqual(a, b) {
		return a
	}
	sa, ra := ir.Shape(a)
	sb, rb := ir.Shape(b)
	if !ra || !rb || len(sa) != len(sb) || ir.ElementType(a) != ir.ElementType(b) {
		return nil
	}
	if _, ok := a.(*ir.TensorType); !ok {
		return nil
	}
	out := make([]int64, len(sa))
	for d := range sa {
		out[d] = sa[d]
		if sa[d] != sb[d] {
			out[d] = -1
		}
	}
	return ir.WithShape(a, out)
}

// refineOps refines the ops of b in order (the terminator too unless
// skipTerm: its op settles it); the ops of the regions of an op other
// than scf.for and scf.if are refined after it.
func (r *refiner) refineOps(b *ir.Block, skipTerm bool) {
	for o := range b.Ops() {
		if skipTerm && o == b.Last() && o.Has(ir.TraitTerminator) {
			continue
		}
		r.refine(o)
		if o.NumRegions() > 0 && o.Name != "scf.for" && o.Name != "scf.if" {
			for _, rg := range o.Regions() {
				for _, nb := range rg.Blocks() {
					r.refineOps(nb, false)
				}
			}
		}
	}
}

// settledYield reports whether op is the yield of an scf.for or scf.if.
func settledYield(op *ir.Op) bool {
	if op.Name != "scf.yield" {
		return false
	}
	p := op.ParentOp()
	return p != nil && (p.Name == "scf.for" || p.Name == "scf.if")
}

// refinesControl reports whether op is one of the scf ops whose results
// this pass refines through their regions (scf.for and scf.if).
func refinesControl(op *ir.Op) bool { return op.Name == "scf.for" || op.Name == "scf.if" }
