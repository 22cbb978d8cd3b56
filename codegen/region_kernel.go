package codegen

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/codegen/scalar"
	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// Ops whose kernel is their body (ir.KernelRegion: linalg.generic,
// linalg.map, linalg.reduce). Where the op's loops are all parallel and
// its results index every loop, it is a row like any other: the nest
// builder calls its kernel per element (or per vector of elements), and
// regionKernel emits the body's scalar ops there, so that it fuses with
// its producers and consumers. An op with reduction loops updates its
// results in place in index order, as linalg defines it: its outs'
// values are copied into the results, then plain loops run the body on
// every point, reading and writing the result element (regionLowering.reduce).

// RegionKernel emits op's body on args (one element per operand, then
// the loop indices its Loops.Indices name; compute types, scalars or
// vectors alike) and returns the element yielded for result res.
func (bl *builder) RegionKernel(op *ir.Op, res int, args []value.Value) (scalar.Result, error) {
	return bl.regionKernelWith(op, res, args, nil)
}

// regionKernelWith is regionKernel where the body may use scalars defined
// around the op: outer gives their values (nil: constants only, as in a
// nest, which is a function of its own).
func (bl *builder) regionKernelWith(op *ir.Op, res int, args []value.Value, outer func(*ir.Value) value.Value) (scalar.Result, error) {
	if op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return scalar.Result{}, fmt.Errorf("body must be one block")
	}
	b := op.Region(0).Front()
	vals := make(map[*ir.Value]value.Value, len(b.Args())+b.NumOps())
	for i, a := range b.Args() {
		vals[a] = args[i]
	}
	n := int64(0)
	if len(args) > 0 {
		n = lanes(args[0].Type())
	}
	var out scalar.Result
	get := func(v *ir.Value) (value.Value, error) {
		if x, ok := vals[v]; ok {
			return x, nil
		}
		if c := bodyConst(v, n); c != nil { // a constant defined around the op
			return c, nil
		}
		if outer != nil {
			if x := outer(v); x != nil {
				return x, nil
			}
		}
		return nil, fmt.Errorf("body uses %s defined outside the op, which codegen supports for constants only; pass the value as an ins operand", valueName(v))
	}
	for o := range b.Ops() {
		if o.Has(ir.TraitTerminator) {
			v, err := get(o.Operand(res))
			out.V = v
			return out, err
		}
		if err := bl.bodyOp(o, op, args, vals, get, n, &out); err != nil {
			return scalar.Result{}, err
		}
	}
	return scalar.Result{}, fmt.Errorf("body has no terminator")
}

// bodyOp emits one op of a body into vals, recording integer faults in
// out.
func (bl *builder) bodyOp(o, op *ir.Op, args []value.Value, vals map[*ir.Value]value.Value, get func(*ir.Value) (value.Value, error), n int64, out *scalar.Result) error {
	switch {
	case o.Name == "linalg.index":
		k := indexArg(op, o)
		if k < 0 {
			return fmt.Errorf("'linalg.index' reads a loop the op does not have")
		}
		vals[o.Result(0)] = args[op.NumOperands()+k]
		return nil
	case o.Has(traits.ConstantLike):
		c := bodyConst(o.Result(0), n)
		if c == nil {
			return fmt.Errorf("'%s' in the body has no scalar value", o.Name)
		}
		vals[o.Result(0)] = c
		return nil
	case o.Def == nil || o.Def.Kernel == ir.KernelNone || o.Def.Kernel == ir.KernelRegion || o.NumRegions() > 0:
		return fmt.Errorf("'%s' cannot run in a linalg body: it is not a scalar arith, math or tir op", o.Name)
	}
	oargs := make([]value.Value, o.NumOperands())
	ins := make([]*ir.Scalar, o.NumOperands())
	for i, v := range o.Operands() {
		x, err := get(v)
		if err != nil {
			return err
		}
		oargs[i], ins[i] = x, ir.ElementType(v.Type())
	}
	for r, v := range o.Results() {
		kr, err := bl.EmitKernelFor(o, r, ins, ir.ElementType(v.Type()), oargs)
		if err != nil {
			return fmt.Errorf("'%s' in the body: %v", o.Name, err)
		}
		vals[v] = kr.V
		out.DivZero = orFault(bl, out.DivZero, kr.DivZero)
		out.Ovf = orFault(bl, out.Ovf, kr.Ovf)
	}
	return nil
}

func orFault(bl *builder, a, b value.Value) value.Value {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return bl.or(a, b)
}

// indexArg is the position in op's Loops.Indices of the loop a
// linalg.index op reads, or -1.
func indexArg(op, idx *ir.Op) int {
	d, _ := idx.Attr("dim").(*ir.IntAttr)
	l := ir.LoopsOf(op)
	if d == nil || l == nil {
		return -1
	}
	for k, i := range l.Indices {
		if int64(i) == d.Value {
			return k
		}
	}
	return -1
}

// bodyConst is the value of a scalar constant (splat to n lanes when n >
// 0), or nil when v is not one.
func bodyConst(v *ir.Value, n int64) value.Value {
	def := v.Def()
	if def == nil || !def.Has(traits.ConstantLike) {
		return nil
	}
	e, ok := v.Type().(*ir.Scalar)
	if !ok {
		return nil
	}
	var c constant.Constant
	switch a := def.Attr("value").(type) {
	case *ir.IntAttr:
		c = intConst(computeType(e), ir.WrapInt(a.Value, e))
	case *ir.FloatAttr:
		c = floatConst(computeType(e), ir.RoundFloat(a.Value, e))
	default:
		return nil
	}
	if n > 0 {
		c = splat(c, n)
	}
	return c
}

func valueName(v *ir.Value) string {
	if d := v.Def(); d != nil {
		return fmt.Sprintf("the result of '%s' at %s", d.Name, d.Pos)
	}
	if v.IsBlockArg() {
		return "a block argument"
	}
	return "a function argument"
}

// regionLowering lowers the KernelRegion ops that do not run in a nest
// (func.go calls reduce), as tensorLowering does for the tensor ops.
type regionLowering struct{ fc *funcCtx }

// outerScalar is the lowered value of a scalar defined around a linalg
// op, or nil.
func (rl regionLowering) outerScalar(v *ir.Value) value.Value {
	if _, ok := v.Type().(*ir.Scalar); !ok || v.ID() < 0 || v.ID() >= len(rl.fc.vals) || rl.fc.vals[v.ID()] == nil {
		return nil
	}
	return rl.fc.vals[v.ID()].scalar
}

// usesOuter reports whether op's body uses a value defined around it
// other than a scalar constant: such an op runs in the function's own
// loops (regionLowering.reduce), where those values are at hand, not in
// a nest (plan.UsesOuter).
func usesOuter(op *ir.Op) bool { return plan.UsesOuter(op) }

// regionParallel reports whether a KernelRegion op's loops are a row:
// every loop parallel, and each result indexing every loop once.
func regionParallel(l *ir.Loops) bool {
	if !l.Parallel() {
		return false
	}
	for _, maps := range l.Results {
		seen := make([]bool, l.NumLoops())
		for _, m := range maps {
			if m.Loop < 0 || m.Kind == ir.Window || seen[m.Loop] {
				return false
			}
			seen[m.Loop] = true
		}
		for _, s := range seen {
			if !s {
				return false
			}
		}
	}
	return true
}

// reduce lowers a KernelRegion op whose loops are not a row (a
// reduction), whose maps index an operand by a sum of loops (a
// convolution's window, ir.LinearLoops), or whose body uses scalars from
// around it: each result starts as a copy of its outs operand (none when
// that is a tensor.empty, whose elements are unspecified), then loops
// over the whole iteration space, in index order, run the body on the
// operands' elements and the result's current element and store what it
// yields -- or fold the innermost loop into the element, as the plan
// says (plan.Region, region_reduce.go).
func (rl regionLowering) reduce(op *ir.Op) error {
	l := dialect.LinalgLinearLoopsOf(op)
	if l == nil {
		return op.Errorf("has indexing maps that codegen does not lower (sums of dims times constants, and constants, only)")
	}
	rp := rl.fc.plan.Region(op)
	if rp == nil {
		return op.Errorf("internal error: the plan has no strategy for its loops")
	}
	nIns := op.NumOperands() - len(l.Results)
	srcs := make([]*lowered, op.NumOperands())
	for i, v := range op.Operands() {
		lv := rl.fc.vals[v.ID()]
		if lv == nil {
			return op.Errorf("operand #%d has no lowered value", i)
		}
		srcs[i] = lv
	}
	ext, err := rl.extents(op, l, srcs)
	if err != nil {
		return err
	}
	dsts := make([]*view, len(l.Results))
	for r := range dsts {
		v, init := op.Result(r), op.Operand(nIns+r)
		sizes := rl.sizesOf(init, srcs[nIns+r])
		shape, _ := ir.Shape(v.Type())
		if k := rl.fc.returnedOnce(v); k >= 0 {
			dsts[r] = rl.fc.resultView(k, sizes)
			rl.fc.results[k].filled = true
		} else {
			dsts[r] = rl.fc.temp(ir.ElementType(v.Type()), shape, sizes, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
		}
		if d := init.Def(); d == nil || d.Name != "tensor.empty" {
			if err := rl.fc.copyInto(dsts[r], init); err != nil {
				return err
			}
		}
		srcs[nIns+r] = &lowered{view: dsts[r]}
	}
	if checkPlan {
		if d := regionDiff(rp, l, srcs, dsts); d != "" {
			return op.Errorf("internal error: the plan of its loops differs from its views: %s", d)
		}
	}
	if rp.Strategy != plan.RegionPoints {
		err = rl.accumulate(op, l, srcs, dsts[0], ext, rp)
	} else {
		err = rl.points(op, l, srcs, dsts, ext)
	}
	if err != nil {
		return err
	}
	for r, d := range dsts {
		rl.fc.vals[op.Result(r).ID()] = &lowered{view: d}
	}
	return nil
}

// points runs the body at every point of the loops in index order.
func (rl regionLowering) points(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dsts []*view, ext []value.Value) error {
	bl := rl.fc.bl
	idx := make([]value.Value, len(ext))
	var loopErr error
	var body func(d int)
	body = func(d int) {
		if d < len(ext) {
			bl.loop(ext[d], fmt.Sprintf("linalg.%d", d), func(i value.Value) {
				idx[d] = i
				body(d + 1)
			})
			return
		}
		loopErr = rl.point(op, l, srcs, dsts, idx)
	}
	body(0)
	return loopErr
}

// point emits one iteration: load each operand's element, run the
// body, store the yielded elements.
func (rl regionLowering) point(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dsts []*view, idx []value.Value) error {
	bl := rl.fc.bl
	args := make([]value.Value, 0, len(srcs)+len(l.Indices))
	for k, lv := range srcs {
		if lv.view == nil {
			args = append(args, lv.scalar)
			continue
		}
		e := lv.view.elem
		args = append(args, bl.FromStorage(bl.b.NewLoad(storageType(e), rl.elemPtr(lv.view, l.Operands[k], idx)), e))
	}
	for _, i := range l.Indices {
		args = append(args, idx[i])
	}
	ptrs := make([]value.Value, len(dsts))
	ys := make([]value.Value, len(dsts))
	for r, d := range dsts {
		y, err := rl.yield(op, r, args)
		if err != nil {
			return err
		}
		ptrs[r], ys[r] = rl.elemPtr(d, l.Results[r], idx), y
	}
	for r, d := range dsts {
		store(bl.b, bl.ToStorage(ys[r], d.elem), ptrs[r])
	}
	return nil
}

// yield runs op's body on args and returns the element it yields for
// result r; the body's integer faults are checked once, with result 0.
func (rl regionLowering) yield(op *ir.Op, r int, args []value.Value) (value.Value, error) {
	kr, err := rl.fc.bl.regionKernelWith(op, r, args, rl.outerScalar)
	if err != nil {
		return nil, op.Errorf("%v", err)
	}
	if rl.fc.mod.opts.Checks && r == 0 {
		if kr.DivZero != nil {
			rl.fc.fail(kr.DivZero, StatusDivZero, where(op)+": integer division by zero")
		}
		if kr.Ovf != nil {
			rl.fc.fail(kr.Ovf, StatusOverflow, where(op)+": integer overflow (minimum value divided by -1)")
		}
	}
	return kr.V, nil
}

// elemPtr is the address of the element maps reads from v at iteration
// idx.
func (rl regionLowering) elemPtr(v *view, maps []ir.Linear, idx []value.Value) value.Value {
	bl := rl.fc.bl
	var off value.Value = i64c(0)
	for d, m := range maps {
		var i value.Value = i64c(m.Const)
		for k, c := range m.Coef {
			if c != 0 {
				i = bl.add(i, bl.mul(i64c(c), idx[k]))
			}
		}
		off = bl.add(off, bl.mul(i, v.strides[d]))
	}
	return bl.gep(storageType(v.elem), v.base, off)
}

// sizesOf is the run-time sizes of tensor value v (a view's, or a
// splat's).
func (rl regionLowering) sizesOf(v *ir.Value, lv *lowered) []value.Value {
	if lv.view != nil {
		return lv.view.sizes
	}
	if lv.sizes != nil {
		return lv.sizes
	}
	shape, _ := ir.Shape(v.Type())
	out := make([]value.Value, len(shape))
	for d, s := range shape {
		out[d] = i64c(s)
	}
	return out
}

// extents is each loop's extent: the size of the first operand
// dimension that reads the loop alone; with run-time checks, every other
// dimension reading a loop alone must have that size, each constant
// index must be in range, and (when every loop runs) so must the indices
// of every other map (ir.LinearLoops.Extents, eval's checks).
func (rl regionLowering) extents(op *ir.Op, l *ir.LinearLoops, srcs []*lowered) ([]value.Value, error) {
	bl := rl.fc.bl
	ext := make([]value.Value, len(l.Iter))
	for k, maps := range l.Operands {
		if maps == nil {
			continue
		}
		sizes := rl.sizesOf(op.Operand(k), srcs[k])
		for d, m := range maps {
			switch i := m.Loop(); {
			case m.IsConst():
				var bad value.Value = constant.True
				if m.Const >= 0 {
					bad = bl.icmp(enum.IPredSLT, sizes[d], i64c(m.Const+1))
				}
				rl.fc.fail(bad, StatusShape, where(op)+" "+ir.LinearRangeMessage(k, d, "%lld", "", fmt.Sprint(m.Const)), sizes[d])
			case i < 0:
			case ext[i] == nil:
				ext[i] = sizes[d]
			default:
				rl.fc.fail(bl.icmp(enum.IPredNE, sizes[d], ext[i]), StatusShape, where(op)+" "+ir.LinearSizeMessage(k, d, i, "%lld", "%lld"), sizes[d], ext[i])
			}
		}
	}
	for i, e := range ext {
		if e == nil {
			return nil, op.Errorf("has loop d%d that no operand dimension sizes", i)
		}
	}
	rl.rangeChecks(op, l, srcs, ext)
	return ext, nil
}

// rangeChecks checks, when every loop runs, that the indices a map of
// sums reads, lo to hi, lie in the operand's dimension.
func (rl regionLowering) rangeChecks(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, ext []value.Value) {
	bl := rl.fc.bl
	var runs value.Value = constant.True
	for _, e := range ext {
		runs = bl.and(runs, bl.icmp(enum.IPredNE, e, i64c(0)))
	}
	for k, maps := range l.Operands {
		for d, m := range maps {
			if m.Loop() >= 0 || m.IsConst() {
				continue
			}
			size := rl.sizesOf(op.Operand(k), srcs[k])[d]
			var lo, hi value.Value = i64c(m.Const), i64c(m.Const)
			for i, c := range m.Coef {
				t := bl.mul(i64c(c), bl.add(ext[i], i64c(-1)))
				if c < 0 {
					lo = bl.add(lo, t)
				} else if c > 0 {
					hi = bl.add(hi, t)
				}
			}
			out := bl.or(bl.icmp(enum.IPredSLT, lo, i64c(0)), bl.icmp(enum.IPredSLT, size, bl.add(hi, i64c(1))))
			rl.fc.fail(bl.and(runs, out), StatusShape,
				where(op)+" "+ir.LinearRangeMessage(k, d, "%lld", "%lld", "%lld"), size, lo, hi)
		}
	}
}

// isRegionKernel reports whether op's kernel is its body.
func isRegionKernel(op *ir.Op) bool { return op.Def != nil && op.Def.Kernel == ir.KernelRegion }
