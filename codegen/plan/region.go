package plan

import (
	"fmt"
	"math"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// Region ops lowered by their own loops (codegen's regionLowering.reduce:
// a linalg.generic or linalg.reduce with reduction loops, window maps or
// a body using scalars from around it) run in one of four ways, decided
// here from the IR before emission (NewRegion):
//
//   - RegionPoints: the body at every point in index order, the outs'
//     element loaded and stored at each.
//   - FoldSerial: the body yields combine(acc, e) with acc the outs'
//     element, used once, and the innermost loop is a reduction loop the
//     result does not index: the element stays in a register across
//     that loop, which folds into it one element at a time.
//   - FoldRows: such a fold that keeps the index order (a float add or
//     mul: SPEC 3e does not give linalg's float reductions tir's
//     reassociation), where the loop outside the innermost is parallel
//     and moves the result: FoldRows rows side by side, each its own
//     chain in its own order, then the rest one by one.
//   - FoldVector: a combine exact in any order (integer add, mul, and,
//     or, xor, max, min; float maximumf, minimumf) runs Width lanes at a
//     time from its identity, the lanes fold into the element, the last
//     n mod Width iterations one by one: the index-order result bit for
//     bit. The inputs moving with the innermost loop must move by one
//     element: Strides names the run-time test of their strides, and
//     the fold runs one by one when it fails.

// RegionStrategy is how a region op's loops run.
type RegionStrategy int

const (
	RegionPoints RegionStrategy = iota
	FoldSerial
	FoldRows
	FoldVector
)

// FoldRowsAt is how many rows of a fold keeping the index order run side
// by side.
const FoldRowsAt = 8

// Region is the plan of a region op lowered by its own loops.
type Region struct {
	Op, At   string
	Strategy RegionStrategy
	// Combine is the body's combining op of a fold, Elem the result's
	// element type, Identity combine's identity on it (FoldVector: an
	// integer's in Int, a float's in Float).
	Combine  *ir.Op
	Elem     *ir.Scalar
	Identity Identity
	// Width is a vector fold's lanes, Rows the rows run side by side.
	Width, Rows int64
	// Unit: every input moving with the innermost loop reads one
	// dimension with coefficient 1 there, so a run-time test of Strides
	// (each of those dimensions' strides is 1) can pick the vector fold.
	Unit    bool
	Strides []UnitStride
	Reason  string
}

// Identity is a combine's identity element.
type Identity struct {
	Int   int64
	Float float64
}

// UnitStride is dimension Dim of input Operand, whose stride must be 1.
type UnitStride struct{ Operand, Dim int }

// Region returns the plan of region op op, or nil.
func (p *Func) Region(op *ir.Op) *Region { return p.regions[op] }

// planRegions plans every region op of f the lowering runs in its own
// loops: not a nest (fu), not a contraction; loops is their linear loop
// description (nil: none, the emitter reports it).
func planRegions(p *Func, f *ir.Func, fu *Fusion, facts Facts) {
	if facts.LinearLoops == nil {
		return
	}
	for _, op := range f.AllOps() {
		if op.Def == nil || op.Def.Kernel != ir.KernelRegion || (facts.Contraction != nil && facts.Contraction(op)) {
			continue
		}
		if op.NumResults() > 0 && op.Result(0).ID() < len(fu.Loops) && fu.Loops[op.Result(0).ID()] != nil {
			continue
		}
		if l := facts.LinearLoops(op); l != nil {
			if p.regions == nil {
				p.regions = map[*ir.Op]*Region{}
			}
			r := NewRegion(op, l)
			p.regions[op] = r
			p.Regions = append(p.Regions, r)
		}
	}
}

// NewRegion decides how region op op with loops l runs.
func NewRegion(op *ir.Op, l *ir.LinearLoops) *Region {
	r := &Region{Op: op.Name, At: pos(op.Pos), Strategy: RegionPoints}
	c, why := foldCombine(op, l)
	if c == nil {
		r.Reason = "no fold: " + why
		return r
	}
	r.Combine, r.Elem = c, ir.ElementType(op.Result(0).Type())
	r.Unit, r.Strides = unitStrides(op, l)
	what := fmt.Sprintf("%s on %s", c.Name, r.Elem)
	id, ok, why := foldIdentity(op, l, c)
	if !ok {
		r.Strategy = FoldSerial
		rows, rowsWhy := interleaves(op, l)
		if rows {
			r.Strategy, r.Rows = FoldRows, FoldRowsAt
		}
		r.Reason = what + " " + why
		if !strings.Contains(why, rowsWhy) {
			r.Reason += "; " + rowsWhy
		}
		return r
	}
	if !r.Unit {
		r.Strategy, r.Reason = FoldSerial, fmt.Sprintf("%s is exact in any order, but %s", what, notUnit(op, l))
		return r
	}
	r.Strategy, r.Identity, r.Width = FoldVector, id, FoldWidth(r.Elem)
	r.Reason = what + " is exact in any order"
	return r
}

// FoldWidth is the lanes of a fold's vector accumulator: 64 bytes of the
// element, at least 8.
func FoldWidth(e *ir.Scalar) int64 { return max(8, 64/max(1, int64(e.Bits())/8)) }

// foldCombine is the combining op of a body yielding combine(acc, e)
// (acc the outs' element, used once), where the innermost loop is a
// reduction loop the one result does not index; else nil and why not.
func foldCombine(op *ir.Op, l *ir.LinearLoops) (*ir.Op, string) {
	n := len(l.Iter)
	switch {
	case len(l.Results) != 1 || op.NumResults() != 1:
		return nil, "not one result"
	case n == 0:
		return nil, "no loops"
	case l.Iter[n-1] != ir.Reduction:
		return nil, "the innermost loop is parallel"
	case op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1:
		return nil, "the body is not one block"
	case ReadsLoop(l.Results[0], n-1):
		return nil, "the result indexes the innermost loop"
	}
	b := op.Region(0).Front()
	nIns := op.NumOperands() - 1
	notFold := "the body does not yield combine(outs' element, x)"
	if len(b.Args()) != nIns+1 {
		return nil, notFold
	}
	acc := b.Args()[nIns]
	var yield *ir.Op
	for o := range b.Ops() {
		if o.Has(ir.TraitTerminator) {
			yield = o
		}
	}
	if yield == nil || yield.NumOperands() != 1 || len(acc.Uses()) != 1 {
		return nil, notFold
	}
	c := yield.Operand(0).Def()
	if c == nil || c.Block() != b || c.NumOperands() != 2 || c.NumResults() != 1 || acc.Uses()[0].Op != c {
		return nil, notFold
	}
	return c, ""
}

// foldIdentity is combine's identity on op's element type where the fold
// may run in any order on vectors; else why it keeps the index order.
func foldIdentity(op *ir.Op, l *ir.LinearLoops, c *ir.Op) (Identity, bool, string) {
	e := ir.ElementType(op.Result(0).Type())
	switch {
	case e == nil || e.Kind == ir.KindI1:
		return Identity{}, false, "keeps the index order (i1 elements)"
	case UsesOuter(op):
		return Identity{}, false, "keeps the index order (the body uses values from around the op)"
	case len(l.Indices) > 0:
		return Identity{}, false, "keeps the index order (the body reads loop indices)"
	case MayFault(op):
		return Identity{}, false, "keeps the index order (the body may fault)"
	}
	if e.IsFloat() {
		switch c.Name {
		case "arith.maximumf":
			return Identity{Float: math.Inf(-1)}, true, ""
		case "arith.minimumf":
			return Identity{Float: math.Inf(1)}, true, ""
		}
		return Identity{}, false, "keeps the index order"
	}
	bits := e.Bits()
	minS, maxS := int64(-1)<<(bits-1), int64(uint64(1)<<(bits-1)-1)
	ids := map[string]int64{"arith.addi": 0, "arith.ori": 0, "arith.xori": 0, "arith.maxui": 0,
		"arith.muli": 1, "arith.andi": -1, "arith.minui": -1, "arith.maxsi": minS, "arith.minsi": maxS}
	if v, ok := ids[c.Name]; ok {
		return Identity{Int: v}, true, ""
	}
	return Identity{}, false, "keeps the index order"
}

// interleaves reports whether a fold keeping the index order runs
// FoldRowsAt rows side by side: the loop outside the innermost is
// parallel and the result moves with it (each row its own element), and
// the body cannot fault (the first fault stays the first); with why.
func interleaves(op *ir.Op, l *ir.LinearLoops) (bool, string) {
	n := len(l.Iter)
	switch {
	case n < 2:
		return false, "one loop"
	case l.Iter[n-2] != ir.Parallel:
		return false, "the loop outside the innermost is a reduction"
	case !ReadsLoop(l.Results[0], n-2):
		return false, "the result does not move with the loop outside the innermost"
	case MayFault(op):
		return false, "the body may fault"
	}
	return true, "the loop outside the innermost is parallel, each row its own element"
}

// unitStrides are the dimensions of the inputs moving with the innermost
// loop whose strides must be 1 for a vector fold (inputs the lowering
// keeps as one scalar, Splat, read the same element in every lane), and
// whether each such input reads exactly one dimension with coefficient 1
// there.
func unitStrides(op *ir.Op, l *ir.LinearLoops) (bool, []UnitStride) {
	return UnitStrides(l, op.NumOperands()-1, func(k int) bool { return Splat(op.Operand(k)) })
}

// UnitStrides is unitStrides over the first n operands of l, splat(k)
// reporting an operand kept as one scalar.
func UnitStrides(l *ir.LinearLoops, n int, splat func(k int) bool) (bool, []UnitStride) {
	i := len(l.Iter) - 1
	var out []UnitStride
	for k := range n {
		if splat(k) || !ReadsLoop(l.Operands[k], i) {
			continue
		}
		at := -1
		for d, m := range l.Operands[k] {
			if m.Coef[i] != 0 {
				if at >= 0 || m.Coef[i] != 1 {
					return false, nil
				}
				at = d
			}
		}
		out = append(out, UnitStride{k, at})
	}
	return true, out
}

// notUnit says which input keeps a fold from running on vectors.
func notUnit(op *ir.Op, l *ir.LinearLoops) string {
	i := len(l.Iter) - 1
	for k := range op.NumOperands() - 1 {
		if Splat(op.Operand(k)) || !ReadsLoop(l.Operands[k], i) {
			continue
		}
		for _, m := range l.Operands[k] {
			if m.Coef[i] != 0 && m.Coef[i] != 1 {
				return fmt.Sprintf("operand %d moves by %d elements along the innermost loop", k, m.Coef[i])
			}
		}
		return fmt.Sprintf("operand %d moves with the innermost loop in two dimensions", k)
	}
	return ""
}

// Splat reports whether the lowering keeps tensor v as one scalar: a
// splat constant (or one of one element), or a cast, reshape or slice of
// one.
func Splat(v *ir.Value) bool {
	for {
		d := v.Def()
		switch {
		case d == nil:
			return false
		case d.Has(traits.ConstantLike):
			a, ok := d.Attr("value").(*ir.DenseAttr)
			if !ok {
				return false
			}
			if _, vec := a.Type.(*ir.VectorType); vec {
				return false
			}
			shape, _ := ir.Shape(a.Type)
			n, _ := ir.NumElements(shape)
			return a.Splat || n == 1
		case d.Has(traits.Cast) || d.Has(traits.Reshape) || d.Name == "tensor.expand_shape" || d.Name == "tensor.collapse_shape" || d.Name == "tensor.extract_slice":
			v = d.Operand(0)
		default:
			return false
		}
	}
}

// ReadsLoop reports whether maps move with loop i.
func ReadsLoop(maps []ir.Linear, i int) bool {
	for _, m := range maps {
		if m.Coef[i] != 0 {
			return true
		}
	}
	return false
}

// MayFault reports whether op's body has an integer division or
// remainder (whose fault checks run per element).
func MayFault(op *ir.Op) bool {
	fault := false
	op.Walk(func(o *ir.Op) {
		if o == op || o.Def == nil || o.Def.Kernel == ir.KernelNone || o.Def.Kernel == ir.KernelRegion {
			return
		}
		for r := range o.NumResults() {
			fault = fault || o.Def.KernelOf(r).Info().IntDivision
		}
	})
	return fault
}

// UsesOuter reports whether op's body uses a value defined around it
// other than a scalar constant (an integer or float attribute): such an
// op runs in the function's own loops, where those values are at hand,
// not in a nest.
func UsesOuter(op *ir.Op) bool {
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return false
	}
	outer := false
	op.Walk(func(o *ir.Op) {
		for _, v := range o.Operands() {
			if op.IsProperAncestor(o) && !definedIn(v, op) && !scalarConst(v) {
				outer = true
			}
		}
	})
	return outer
}

// scalarConst reports whether v is a scalar constant a body may use.
func scalarConst(v *ir.Value) bool {
	def := v.Def()
	if def == nil || !def.Has(traits.ConstantLike) {
		return false
	}
	if _, ok := v.Type().(*ir.Scalar); !ok {
		return false
	}
	switch def.Attr("value").(type) {
	case *ir.IntAttr, *ir.FloatAttr:
		return true
	}
	return false
}

// definedIn reports whether v is defined inside op's regions.
func definedIn(v *ir.Value, op *ir.Op) bool {
	if b := v.OwnerBlock(); b != nil {
		return b.ParentOp() == op || op.IsProperAncestor(b.ParentOp())
	}
	d := v.Def()
	return d != nil && op.IsProperAncestor(d)
}

// format writes the region's line of the plan.
func (r *Region) format(b *strings.Builder, i int) {
	fmt.Fprintf(b, "  region %d: %s at %s: ", i, r.Op, r.At)
	switch r.Strategy {
	case RegionPoints:
		b.WriteString("every point in index order")
	case FoldSerial:
		b.WriteString("fold one by one in a register")
	case FoldRows:
		fmt.Fprintf(b, "fold %d rows side by side, one by one in each", r.Rows)
	case FoldVector:
		fmt.Fprintf(b, "vector fold, %d lanes", r.Width)
		if w := r.When(); w != "" {
			fmt.Fprintf(b, " when %s at run time, else one by one", w)
		}
	}
	fmt.Fprintf(b, " (%s)\n", r.Reason)
}

// When is the run-time condition of a vector fold, "" when none.
func (r *Region) When() string {
	var parts []string
	for _, s := range r.Strides {
		parts = append(parts, fmt.Sprintf("operand %d dim %d has stride 1", s.Operand, s.Dim))
	}
	return strings.Join(parts, " and ")
}
