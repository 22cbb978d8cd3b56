package passes

import (
	"fmt"
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// Boundary modes of infer-shapes: what happens where a refined value meets
// a function's declared result type.
const (
	BoundarySignature = "signature" // the function's result types are refined
	BoundaryCast      = "cast"      // a tensor.cast back to the declared type is inserted
)

// ShapeStats counts what infer-shapes did.
type ShapeStats struct {
	Values     int // values whose type became more static
	Dims       int // dimensions that became static ('?' or unranked -> size)
	Casts      int // tensor.cast ops inserted
	Signatures int // functions whose signature changed
}

// InferShapes is the infer-shapes pass (see doc.go): argument shapes from
// arg-shapes first, then every function, callees before callers, forward
// through its body. Functions of one call-graph level run in parallel.
func InferShapes(m *ir.Module, c *Context) (changed bool, diags ir.Diagnostics) {
	boundary := c.Option("boundary")
	if boundary == "" {
		boundary = BoundarySignature
	}
	var st ShapeStats
	if spec := c.Option("arg-shapes"); spec != "" {
		as, err := ParseArgShapes(spec)
		if err != nil {
			return false, ir.Diagnostics{ir.Errorf(m.Pos, "invalid -arg-shapes: %v", err)}
		}
		fs, ds := as.Apply(m)
		if ds.HasErrors() {
			return false, ds
		}
		st.Signatures += len(fs)
		changed = len(fs) > 0
	}
	levels, recursive := callLevels(m)
	for _, level := range levels {
		stats := make([]ShapeStats, len(level))
		fdiags := make([]ir.Diagnostics, len(level))
		ir.ParallelFor(len(level), func(i int) {
			f := level[i]
			fc := &Context{Pass: c.Pass, options: c.options, stats: c.stats, AllowUnregistered: c.AllowUnregistered}
			defer recoverIn(fc, f)
			r := &refiner{f: f, c: fc, boundary: boundary, recursive: recursive[f]}
			r.run()
			stats[i] = r.st
			if r.st != (ShapeStats{}) {
				// A static mismatch exposed by refinement is the verifier's
				// error at the op (and stops the pipeline here).
				fdiags[i] = ir.VerifyFunc(f, ir.VerifyOptions{AllowUnregistered: c.AllowUnregistered})
			}
		})
		for i := range level {
			st.Values += stats[i].Values
			st.Dims += stats[i].Dims
			st.Casts += stats[i].Casts
			st.Signatures += stats[i].Signatures
			changed = changed || stats[i] != (ShapeStats{})
			diags = append(diags, fdiags[i]...)
		}
		if diags.HasErrors() {
			break
		}
	}
	c.Count("num-values-refined", st.Values)
	c.Count("num-dims-refined", st.Dims)
	c.Count("num-casts-inserted", st.Casts)
	c.Count("num-signatures-updated", st.Signatures)
	return changed, diags
}

// callLevels orders the function bodies of m for refinement: level 0 calls
// nothing not yet refined, level n only calls functions of lower levels
// (or functions of its own call cycle, which are recursive and keep their
// result types so that calls inside the cycle stay consistent).
func callLevels(m *ir.Module) ([][]*ir.Func, map[*ir.Func]bool) {
	const (
		unseen = iota
		visiting
		done
	)
	state := map[*ir.Func]int{}
	level := map[*ir.Func]int{}
	recursive := map[*ir.Func]bool{}
	var stack []*ir.Func
	var visit func(f *ir.Func)
	visit = func(f *ir.Func) {
		state[f] = visiting
		stack = append(stack, f)
		lv := 0
		for _, op := range f.AllOps() {
			if !op.Has(traits.Call) {
				continue
			}
			g := callee(op)
			if g == nil {
				continue
			}
			switch state[g] {
			case unseen:
				visit(g)
			case visiting:
				for i := len(stack) - 1; i >= 0; i-- {
					recursive[stack[i]] = true
					if stack[i] == g {
						break
					}
				}
				continue
			}
			if state[g] == done {
				lv = max(lv, level[g]+1)
			}
		}
		stack = stack[:len(stack)-1]
		state[f] = done
		level[f] = lv
	}
	var levels [][]*ir.Func
	for _, f := range m.Funcs {
		if f == nil || f.External {
			continue
		}
		if state[f] == unseen {
			visit(f)
		}
	}
	for _, f := range m.Funcs {
		if f == nil || f.External {
			continue
		}
		lv := level[f]
		for len(levels) <= lv {
			levels = append(levels, nil)
		}
		levels[lv] = append(levels[lv], f)
	}
	return levels, recursive
}

func callee(op *ir.Op) *ir.Func {
	name := traits.Callee(op)
	f := op.Func()
	if name == "" || f == nil || f.Module == nil {
		return nil
	}
	return f.Module.Lookup(name)
}

// refiner refines one function body.
type refiner struct {
	f         *ir.Func
	c         *Context
	boundary  string
	recursive bool
	st        ShapeStats
	orig      []ir.Type // each value's type before the run, by ID
	casts     map[castKey]*ir.Value
	// handled are the ops of regions already refined with their op
	// (refineControl); trail, while not nil, records the casts inserted
	// by a refinement that may be undone.
	handled map[*ir.Op]bool
	trail   *[]*ir.Op
}

// castKey names a cast already inserted: one per value and target type
// (the first one precedes every later user in the block).
type castKey struct {
	v   *ir.Value
	typ string
	blk *ir.Block // the block of the users (nil: the body): a cast inside a region serves that block only
}

func (r *refiner) run() {
	r.orig = make([]ir.Type, r.f.NumValues())
	for _, a := range r.f.Args() {
		r.orig[a.ID()] = a.Type()
	}
	record := func(v *ir.Value) {
		if v.ID() >= 0 && v.ID() < len(r.orig) {
			r.orig[v.ID()] = v.Type()
		}
	}
	ops := r.f.AllOps()
	for _, op := range ops {
		for _, v := range op.Results() {
			record(v)
		}
		for _, rg := range op.Regions() {
			for _, b := range rg.Blocks() {
				for _, a := range b.Args() {
					record(a)
				}
			}
		}
	}
	for _, op := range ops {
		if !r.handled[op] {
			r.refine(op)
		}
	}
}

// refine refines one op from its operands' types.
func (r *refiner) refine(op *ir.Op) {
	r.c.At(op)
	switch {
	case refinesControl(op):
		r.refineControl(op) // infershapes_scf.go
	case op.Has(ir.TraitTerminator) && op.Block() == nil:
		r.refineReturn(op)
	case op.Has(traits.Call):
		r.refineCall(op)
	case op.Def != nil && op.Def.Infer != nil && elementRegions(op):
		// Regions over elements only (linalg's named ops): no block
		// argument's type depends on a shape, so the op's Infer
		// hook decides as for any op.
		r.refineOp(op)
	case op.Def == nil || op.NumRegions() > 0 || op.Has(ir.TraitTerminator):
		// Unregistered, an op with regions (whose block arguments
		// and terminators tie types together) or a region's
		// terminator: its operands keep their declared types.
		r.castOperandsBack(op)
	case op.Has(traits.ElementwiseMappable):
		r.refineElementwise(op)
	case op.Has(traits.Cast) && onlyBoundaryUses(op.Result(0)):
		// A cast feeding only returns, calls and unregistered ops
		// states the boundary type (this pass inserts such casts):
		// keep it.
	default:
		r.refineOp(op)
	}
}

// refineOp meets each result type with what the traits' and the op's Infer
// hooks prove.
func (r *refiner) refineOp(op *ir.Op) {
	var proposals [][]ir.Type
	for _, t := range op.Def.Traits {
		if t.Infer != nil {
			if p := t.Infer(op); p != nil {
				proposals = append(proposals, p)
			}
		}
	}
	if op.Def.Infer != nil {
		if p := op.Def.Infer(op); p != nil {
			proposals = append(proposals, p)
		}
	}
	for i, res := range op.Results() {
		t := res.Type()
		for _, p := range proposals {
			if i < len(p) && p[i] != nil {
				if m, ok := meet(t, p[i]); ok {
					t = m
				}
			}
		}
		r.setType(res, t)
	}
}

// setType refines v to t (more static or equal by construction) and counts.
func (r *refiner) setType(v *ir.Value, t ir.Type) {
	old := v.Type()
	if ir.TypeEqual(old, t) {
		return
	}
	v.SetType(t)
	r.st.Values++
	r.st.Dims += staticDims(t) - staticDims(old)
}

func staticDims(t ir.Type) int {
	s, ranked := ir.Shape(t)
	if !ranked {
		return 0
	}
	n := 0
	for _, d := range s {
		if d >= 0 {
			n++
		}
	}
	return n
}

// meet returns cur refined by the proposal p: an unranked tensor takes p's
// rank, a '?' takes p's size, a static size stays. ok is false when p
// contradicts cur (the verifier reports that) or the result would be
// larger than a type may be.
func meet(cur, p ir.Type) (ir.Type, bool) {
	if ir.ElementType(cur) != ir.ElementType(p) {
		return nil, false
	}
	ps, pr := ir.Shape(p)
	if !pr {
		return cur, true
	}
	if _, isTensor := cur.(*ir.TensorType); isTensor != ir.IsRankedTensor(p) {
		return nil, false
	}
	cs, cr := ir.Shape(cur)
	var out []int64
	if !cr {
		out = slices.Clone(ps)
	} else {
		j, ok := traits.JoinShapes(cs, ps)
		if !ok {
			return nil, false
		}
		out = j
	}
	if ir.TypeError(ir.WithShape(cur, out)) != "" {
		return nil, false
	}
	return ir.WithShape(cur, out), true
}

// onlyBoundaryUses reports whether every use of v is a return or a call
// (whose operand types are fixed by a signature) or an unregistered op
// (whose operand types are kept); the yield of an scf.for or scf.if is
// not a boundary (the op settles its types from what is yielded).
func onlyBoundaryUses(v *ir.Value) bool {
	for _, u := range v.Uses() {
		if !u.Op.Has(ir.TraitTerminator) && !u.Op.Has(traits.Call) && u.Op.Def != nil || settledYield(u.Op) {
			return false
		}
	}
	return v.HasUses()
}

// castTo makes operand i of op have type t, through a tensor.cast
// inserted before op.
func (r *refiner) castTo(op *ir.Op, i int, t ir.Type) {
	v := op.Operand(i)
	key := castKey{v, ir.TypeString(t), op.Block()}
	if c := r.casts[key]; c != nil {
		op.SetOperand(i, c)
		return
	}
	cast := ir.NewOp("tensor.cast", []*ir.Value{v}, []ir.Type{t}, nil)
	cast.Pos, cast.Loc = op.Pos, op.Loc
	r.f.InsertBefore(op, cast)
	op.SetOperand(i, cast.Result(0))
	if r.casts == nil {
		r.casts = map[castKey]*ir.Value{}
	}
	r.casts[key] = cast.Result(0)
	r.st.Casts++
	if r.trail != nil {
		*r.trail = append(*r.trail, cast)
	}
}

func castable(from, to ir.Type) bool {
	_, a := from.(*ir.TensorType)
	_, b := to.(*ir.TensorType)
	return a && b && ir.ElementType(from) == ir.ElementType(to) && ir.CompatibleShapeOf(from, to)
}

// castOperandsBack gives each refined operand of an unregistered op its
// type from before the run again: nothing is known about what such an op
// accepts.
func (r *refiner) castOperandsBack(op *ir.Op) {
	for i, v := range op.Operands() {
		if v.ID() >= len(r.orig) {
			continue
		}
		want := r.orig[v.ID()]
		if want != nil && !ir.TypeEqual(v.Type(), want) && castable(v.Type(), want) {
			r.castTo(op, i, want)
		}
	}
}

// refineCall keeps a call consistent with its (already refined) callee:
// operands are cast to the callee's argument types, results take the
// callee's result types.
func (r *refiner) refineCall(op *ir.Op) {
	g := callee(op)
	if g == nil || len(g.Args()) != op.NumOperands() || len(g.ResultTypes) != op.NumResults() {
		return
	}
	for i, v := range op.Operands() {
		if want := g.Arg(i).Type(); !ir.TypeEqual(v.Type(), want) && castable(v.Type(), want) {
			r.castTo(op, i, want)
		}
	}
	for i, res := range op.Results() {
		if m, ok := meet(res.Type(), g.ResultTypes[i]); ok && ir.TypeEqual(m, g.ResultTypes[i]) {
			r.setType(res, m)
		}
	}
}

// refineReturn applies the boundary mode: refined return operands either
// become the function's result types, or are cast back to them.
func (r *refiner) refineReturn(op *ir.Op) {
	f := r.f
	if op.NumOperands() != len(f.ResultTypes) {
		return
	}
	updated := false
	for i, v := range op.Operands() {
		want := f.ResultTypes[i]
		if ir.TypeEqual(v.Type(), want) {
			continue
		}
		if r.boundary == BoundarySignature && !r.recursive {
			if m, ok := meet(want, v.Type()); ok && ir.TypeEqual(m, v.Type()) {
				if !updated {
					f.ResultTypes = slices.Clone(f.ResultTypes)
					updated = true
				}
				f.ResultTypes[i] = v.Type()
				continue
			}
		}
		if castable(v.Type(), want) {
			r.castTo(op, i, want)
		}
	}
	if updated {
		r.st.Signatures++
	}
}

// refineElementwise refines an ElementwiseMappable op, whose tensor
// operands and results have one shape (arith's and math's ops also require
// exactly equal types: MLIR's SameOperandsAndResultType with inferred
// result types, SameTypeOperands, AllTypesMatch): the shapes of the tensor
// operands are joined, operands less static than the join are cast to it
// (the op's semantics already require those sizes), and every tensor
// result takes the joined shape. mlir-opt-19 accepts the result, since the
// types are equal again. Scalar operands apply everywhere; an op on vectors
// is already exact.
func (r *refiner) refineElementwise(op *ir.Op) {
	var group []int
	var shape []int64
	ranked := false
	for i, v := range op.Operands() {
		switch v.Type().(type) {
		case *ir.TensorType:
		case *ir.VectorType:
			return
		default:
			continue
		}
		group = append(group, i)
		s, ok := ir.Shape(v.Type())
		if !ok {
			continue
		}
		if !ranked {
			shape, ranked = slices.Clone(s), true
			continue
		}
		j, ok := traits.JoinShapes(shape, s)
		if !ok {
			return // a static mismatch: the verifier reports it
		}
		shape = j
	}
	if !ranked || ir.ShapeError(shape, false) != "" {
		return
	}
	for _, i := range group {
		v := op.Operand(i)
		if want := ir.WithShape(v.Type(), shape); !ir.TypeEqual(v.Type(), want) {
			r.castTo(op, i, want)
		}
	}
	for _, res := range op.Results() {
		if _, isTensor := res.Type().(*ir.TensorType); !isTensor {
			continue
		}
		if m, ok := meet(res.Type(), ir.WithShape(res.Type(), shape)); ok {
			r.setType(res, m)
		}
	}
}

// String describes s for messages and tests.
func (s ShapeStats) String() string {
	return fmt.Sprintf("%d values, %d dims refined; %d casts, %d signatures", s.Values, s.Dims, s.Casts, s.Signatures)
}

var _ = traits.Broadcastable // infer-shapes runs the traits' Infer hooks

// elementRegions reports whether op has regions whose block arguments
// are all scalars.
func elementRegions(op *ir.Op) bool {
	for _, rg := range op.Regions() {
		for _, b := range rg.Blocks() {
			for _, a := range b.Args() {
				if _, ok := a.Type().(*ir.Scalar); !ok {
					return false
				}
			}
		}
	}
	return op.NumRegions() > 0
}
