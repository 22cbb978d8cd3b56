package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Region reductions that fold the outs' element once: how each runs
// (plan.Region: one by one in a register, rows side by side, or on
// vectors behind a run-time test of the strides) is decided by the
// planner (plan/region.go) before emission; these functions build it.

// foldIdentity is the plan's identity of a vector fold as a constant of
// the element's compute type.
func foldIdentity(rp *plan.Region) constant.Constant {
	t := computeType(rp.Elem)
	if rp.Elem.IsFloat() {
		return floatConst(t, rp.Identity.Float)
	}
	return intConst(t, rp.Identity.Int)
}

// regionDiff describes how the plan rp of a region op differs from what
// the lowered operands say (checkPlan): which inputs the vector fold's
// stride test reads, and the result's element type; "" when alike.
func regionDiff(rp *plan.Region, l *ir.LinearLoops, srcs []*lowered, dsts []*view) string {
	if rp.Strategy == plan.RegionPoints {
		return ""
	}
	unit, strides := unitStridesOf(l, srcs)
	a := fmt.Sprint(rp.Elem, rp.Unit, rp.Strides)
	b := fmt.Sprint(dsts[0].elem, unit, strides)
	if a != b {
		return "the plan says " + a + ", the views say " + b
	}
	return ""
}

// unitStridesOf is, from the lowered inputs, whether every one with a
// view that moves with the innermost loop reads one dimension with
// coefficient 1 there, and those dimensions (plan.Region's Unit and
// Strides).
func unitStridesOf(l *ir.LinearLoops, srcs []*lowered) (bool, []plan.UnitStride) {
	return plan.UnitStrides(l, len(srcs)-1, func(k int) bool { return srcs[k].view == nil })
}

// accumulate lowers a region reduction that folds (rp) into dst: the
// outer loops in index order, then each innermost row in a register.
func (rl regionLowering) accumulate(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dst *view, ext []value.Value, rp *plan.Region) error {
	bl := rl.fc.bl
	last := len(ext) - 1
	idx := make([]value.Value, len(ext))
	var err error
	row := func() {
		if e := rl.foldRow(op, l, srcs, dst, ext[last], idx, rp); e != nil {
			err = e
		}
	}
	var outer func(d int)
	outer = func(d int) {
		switch {
		case d == last:
			row()
		case d == last-1 && rp.Strategy == plan.FoldRows:
			// rp.Rows rows at a time, then the rest one by one.
			blocks := bl.b.NewSDiv(ext[d], i64c(rp.Rows))
			bl.loop(blocks, "linalg.rows", func(b value.Value) {
				if e := rl.foldRows(op, l, srcs, dst, ext, idx, bl.mul(b, i64c(rp.Rows)), rp.Rows); e != nil {
					err = e
				}
			})
			bl.loopFrom(bl.b.NewMul(blocks, i64c(rp.Rows)), ext[d], fmt.Sprintf("linalg.%d", d), func(i value.Value) {
				idx[d] = i
				row()
			})
		default:
			bl.loop(ext[d], fmt.Sprintf("linalg.%d", d), func(i value.Value) {
				idx[d] = i
				outer(d + 1)
			})
		}
	}
	outer(0)
	return err
}

// foldRows folds the innermost loop of rows first .. first+rows-1 of
// the loop outside it, each into its own register, one element of each
// row per iteration.
func (rl regionLowering) foldRows(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dst *view, ext, idx []value.Value, first value.Value, rows int64) error {
	bl := rl.fc.bl
	last := len(idx) - 1
	ptrs := make([]value.Value, rows)
	slots := make([]value.Value, rows)
	idx[last] = i64c(0)
	for r := range slots {
		idx[last-1] = bl.add(first, i64c(int64(r)))
		ptrs[r] = rl.elemPtr(dst, l.Results[0], idx)
		slots[r] = bl.alloca(computeType(dst.elem))
		store(bl.b, bl.FromStorage(bl.b.NewLoad(storageType(dst.elem), ptrs[r]), dst.elem), slots[r])
	}
	var err error
	bl.loop(ext[last], "linalg.fold", func(j value.Value) {
		idx[last] = j
		for r, slot := range slots {
			idx[last-1] = bl.add(first, i64c(int64(r)))
			if e := rl.foldStep(op, l, srcs, idx, slot, 0); e != nil {
				err = e
			}
		}
	})
	for r, slot := range slots {
		store(bl.b, bl.ToStorage(bl.b.NewLoad(computeType(dst.elem), slot), dst.elem), ptrs[r])
	}
	return err
}

// foldRow folds the innermost loop (n iterations) at the outer indices
// idx into the element of dst there.
func (rl regionLowering) foldRow(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dst *view, n value.Value, idx []value.Value, rp *plan.Region) error {
	bl := rl.fc.bl
	last := len(idx) - 1
	idx[last] = i64c(0)
	ptr := rl.elemPtr(dst, l.Results[0], idx)
	slot := bl.alloca(computeType(dst.elem))
	store(bl.b, bl.FromStorage(bl.b.NewLoad(storageType(dst.elem), ptr), dst.elem), slot)
	var err error
	oneByOne := func(from value.Value) {
		bl.loopFrom(from, n, "linalg.fold", func(j value.Value) {
			idx[last] = j
			if e := rl.foldStep(op, l, srcs, idx, slot, 0); e != nil {
				err = e
			}
		})
	}
	// The stride test is built for every fold whose inputs could run on
	// vectors (rp.Unit), as the emitter always has: only a vector fold
	// uses it.
	contiguous := rl.unitStrides(srcs, rp)
	vector := func() {
		if e := rl.foldVector(op, l, srcs, n, idx, slot, rp); e != nil {
			err = e
		}
	}
	switch {
	case rp.Strategy != plan.FoldVector || contiguous == nil:
		oneByOne(i64c(0))
	case isTrue(contiguous):
		vector()
	default:
		bl.ifElse(contiguous, "linalg.vec", vector, func() { oneByOne(i64c(0)) })
	}
	store(bl.b, bl.ToStorage(bl.b.NewLoad(computeType(dst.elem), slot), dst.elem), ptr)
	return err
}

func isTrue(v value.Value) bool {
	c, ok := v.(*constant.Int)
	return ok && c.X.Sign() != 0
}

// foldVector folds n iterations W at a time into a vector accumulator,
// folds its lanes into slot, then runs the rest one by one.
func (rl regionLowering) foldVector(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, n value.Value, idx []value.Value, slot value.Value, rp *plan.Region) error {
	bl := rl.fc.bl
	last := len(idx) - 1
	e, w := rp.Elem, rp.Width
	vslot := bl.alloca(vecOf(computeType(e), w))
	store(bl.b, splat(foldIdentity(rp), w), vslot)
	full := bl.b.NewMul(bl.b.NewSDiv(n, i64c(w)), i64c(w))
	var err error
	bl.loop(bl.b.NewSDiv(n, i64c(w)), "linalg.vfold", func(k value.Value) {
		idx[last] = bl.mul(k, i64c(w))
		if e := rl.foldStep(op, l, srcs, idx, vslot, w); e != nil {
			err = e
		}
	})
	if err != nil {
		return err
	}
	// The lanes fold in halves, then into the element.
	v := value.Value(bl.b.NewLoad(vecOf(computeType(e), w), vslot))
	for h := w / 2; h >= 1; h /= 2 {
		mask := make([]constant.Constant, h)
		for i := range mask {
			mask[i] = i32c(h + int64(i))
		}
		lo := make([]constant.Constant, h)
		for i := range lo {
			lo[i] = i32c(int64(i))
		}
		a := bl.b.NewShuffleVector(v, v, constant.NewVector(types.NewVector(uint64(h), types.I32), lo...))
		b := bl.b.NewShuffleVector(v, v, constant.NewVector(types.NewVector(uint64(h), types.I32), mask...))
		if v, err = rl.combine(rp.Combine, e, a, b); err != nil {
			return err
		}
	}
	h := bl.b.NewExtractElement(v, i64c(0))
	acc, err := rl.combine(rp.Combine, e, bl.b.NewLoad(computeType(e), slot), h)
	if err != nil {
		return err
	}
	store(bl.b, acc, slot)
	bl.loopFrom(full, n, "linalg.fold", func(j value.Value) {
		idx[last] = j
		if e := rl.foldStep(op, l, srcs, idx, slot, 0); e != nil {
			err = e
		}
	})
	return err
}

// combine applies the body's combining op to x and y (scalars or vectors).
func (rl regionLowering) combine(c *ir.Op, e *ir.Scalar, x, y value.Value) (value.Value, error) {
	kr, err := rl.fc.bl.EmitKernelFor(c, 0, []*ir.Scalar{e, e}, e, []value.Value{x, y})
	if err != nil {
		return nil, c.Errorf("%v", err)
	}
	return kr.V, nil
}

// foldStep runs the body at idx (w lanes from there along the innermost
// loop when w > 0) with the accumulator in slot as the outs' element,
// storing what it yields back into slot.
func (rl regionLowering) foldStep(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, idx []value.Value, slot value.Value, w int64) error {
	bl := rl.fc.bl
	nIns := op.NumOperands() - 1
	args := make([]value.Value, 0, len(srcs)+len(l.Indices))
	for k, lv := range srcs[:nIns] {
		args = append(args, rl.loadArg(lv, l.Operands[k], idx, w))
	}
	args = append(args, bl.b.NewLoad(slot.Type().(*types.PointerType).ElemType, slot))
	for _, i := range l.Indices {
		args = append(args, idx[i])
	}
	y, err := rl.yield(op, 0, args)
	if err != nil {
		return err
	}
	store(bl.b, y, slot)
	return nil
}

// loadArg is an operand's element at idx: w lanes from there along the
// innermost loop when w > 0 (a vector load where the operand moves
// along it, the element in every lane where it does not).
func (rl regionLowering) loadArg(lv *lowered, maps []ir.Linear, idx []value.Value, w int64) value.Value {
	bl := rl.fc.bl
	if lv.view == nil {
		if w == 0 {
			return lv.scalar
		}
		return splatValue(bl, lv.scalar, w)
	}
	e := lv.view.elem
	p := rl.elemPtr(lv.view, maps, idx)
	if w == 0 {
		return bl.FromStorage(bl.b.NewLoad(storageType(e), p), e)
	}
	if !plan.ReadsLoop(maps, len(idx)-1) {
		return splatValue(bl, bl.FromStorage(bl.b.NewLoad(storageType(e), p), e), w)
	}
	vt := vecOf(storageType(e), w)
	ld := bl.b.NewLoad(vt, bl.b.NewBitCast(p, types.NewPointer(vt)))
	ld.Align = llvm.Align(byteSize(e))
	return bl.FromStorage(ld, e)
}

// unitStrides is the run-time test the plan names for a vector fold:
// each of rp.Strides is 1 (nil when the inputs cannot run on vectors).
func (rl regionLowering) unitStrides(srcs []*lowered, rp *plan.Region) value.Value {
	if !rp.Unit {
		return nil
	}
	bl := rl.fc.bl
	var ok value.Value = constant.True
	for _, s := range rp.Strides {
		if srcs[s.Operand].view == nil { // a wrong plan (checkPlan reports it)
			return nil
		}
		ok = bl.and(ok, bl.icmp(enum.IPredEQ, srcs[s.Operand].view.strides[s.Dim], i64c(1)))
	}
	return ok
}
