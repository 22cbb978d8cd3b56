package codegen

import (
	"fmt"
	"math"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/ir"
)

// Region reductions that fold the outs' element once. A linalg
// reduction (linalg.generic with reduction loops, linalg.reduce) whose
// body yields combine(acc, e), where acc is the outs' element, used by
// that op alone, and whose innermost loop is a reduction loop its result
// does not index, keeps the element in a register across that loop
// (accumulate): the element is loaded once, the loop folds into it and
// it is stored once, instead of a load and a store per iteration.
//
// Where combine is exact whatever the order (integer add, mul, and, or,
// xor, max and min; float maximumf and minimumf, whose result does not
// depend on the order, NaN and signed zeros included), the innermost
// loop runs W lanes at a time, as tir's reductions do (W = 64 bytes of
// the element, at least 8): a vector accumulator starts at combine's
// identity, the body runs on vectors of W elements (operands contiguous
// along the loop, or the same element in every lane), the lanes fold
// into the element at the end, then the last n mod W iterations run one
// by one. The result is the index-order result bit for bit. A float add
// or mul keeps linalg's index order (SPEC 3e does not give linalg's
// float reductions tir's reassociation): each element folds one by one,
// in a register, and where the loop outside the innermost is parallel,
// foldRows rows run side by side (independent chains, each in its own
// index order, so still the index-order result bit for bit). Where an operand's layout is not contiguous at run time, the
// loop runs one by one.

// foldInfo is how a region reduction folds: the combining op, and its
// identity (nil: the order matters, one by one only).
type foldInfo struct {
	combine  *ir.Op
	identity constant.Constant
}

// foldOf is op's foldInfo, nil when the body is not combine(acc, e) or
// the innermost loop is not a reduction loop the result leaves out.
func foldOf(op *ir.Op, l *ir.LinearLoops) *foldInfo {
	n := len(l.Iter)
	if len(l.Results) != 1 || op.NumResults() != 1 || n == 0 || l.Iter[n-1] != ir.Reduction || op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return nil
	}
	for _, m := range l.Results[0] {
		if m.Coef[n-1] != 0 {
			return nil
		}
	}
	b := op.Region(0).Front()
	nIns := op.NumOperands() - 1
	if len(b.Args()) != nIns+1 {
		return nil
	}
	acc := b.Args()[nIns]
	var yield *ir.Op
	for o := range b.Ops() {
		if o.Has(ir.TraitTerminator) {
			yield = o
		}
	}
	if yield == nil || yield.NumOperands() != 1 || len(acc.Uses()) != 1 {
		return nil
	}
	c := yield.Operand(0).Def()
	if c == nil || c.Block() != b || c.NumOperands() != 2 || c.NumResults() != 1 || acc.Uses()[0].Op != c {
		return nil
	}
	return &foldInfo{combine: c, identity: foldIdentity(op, l, c)}
}

// foldIdentity is the identity of combine on op's element type in its
// compute type, nil where the fold must keep the index order or the
// body cannot run on vectors.
func foldIdentity(op *ir.Op, l *ir.LinearLoops, c *ir.Op) constant.Constant {
	e := ir.ElementType(op.Result(0).Type())
	if e == nil || e.Kind == ir.KindI1 || usesOuter(op) || len(l.Indices) > 0 || mayFault(op) {
		return nil
	}
	t := computeType(e)
	if e.IsFloat() {
		switch c.Name {
		case "arith.maximumf":
			return floatConst(t, math.Inf(-1))
		case "arith.minimumf":
			return floatConst(t, math.Inf(1))
		}
		return nil
	}
	bits := e.Bits()
	minS, maxS := int64(-1)<<(bits-1), int64(uint64(1)<<(bits-1)-1)
	switch c.Name {
	case "arith.addi", "arith.ori", "arith.xori", "arith.maxui":
		return intConst(t, 0)
	case "arith.muli":
		return intConst(t, 1)
	case "arith.andi", "arith.minui":
		return intConst(t, -1)
	case "arith.maxsi":
		return intConst(t, minS)
	case "arith.minsi":
		return intConst(t, maxS)
	}
	return nil
}

// mayFault reports whether op's body has an integer division or
// remainder (whose fault checks run per element).
func mayFault(op *ir.Op) bool {
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

// accumulate lowers a region reduction that folds (foldOf) into dst: the
// outer loops in index order, then each innermost row in a register.
func (rl regionLowering) accumulate(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dst *view, ext []value.Value, f *foldInfo) error {
	bl := rl.fc.bl
	last := len(ext) - 1
	idx := make([]value.Value, len(ext))
	var err error
	row := func() {
		if e := rl.foldRow(op, l, srcs, dst, ext[last], idx, f); e != nil {
			err = e
		}
	}
	var outer func(d int)
	outer = func(d int) {
		switch {
		case d == last:
			row()
		case d == last-1 && interleaves(op, l, f):
			// foldRows rows at a time, then the rest one by one.
			blocks := bl.b.NewSDiv(ext[d], i64c(foldRows))
			bl.loop(blocks, "linalg.rows", func(b value.Value) {
				if e := rl.foldRows(op, l, srcs, dst, ext, idx, bl.mul(b, i64c(foldRows))); e != nil {
					err = e
				}
			})
			bl.loopFrom(bl.b.NewMul(blocks, i64c(foldRows)), ext[d], fmt.Sprintf("linalg.%d", d), func(i value.Value) {
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

// foldRows is how many rows of a fold that keeps the index order run
// side by side: each is its own chain, in its own order, so the chains
// overlap their latencies.
const foldRows = 8

// interleaves reports whether a fold keeping the index order (no
// identity) runs foldRows rows side by side: the loop outside the
// innermost is parallel and the result moves with it (each row its own
// element), and the body cannot fault (the first fault stays the first).
func interleaves(op *ir.Op, l *ir.LinearLoops, f *foldInfo) bool {
	n := len(l.Iter)
	return f.identity == nil && n >= 2 && l.Iter[n-2] == ir.Parallel && readsLoop(l.Results[0], n-2) && !mayFault(op)
}

// foldRows folds the innermost loop of rows first .. first+foldRows-1
// of the loop outside it, each into its own register, one element of
// each row per iteration.
func (rl regionLowering) foldRows(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dst *view, ext, idx []value.Value, first value.Value) error {
	bl := rl.fc.bl
	last := len(idx) - 1
	ptrs := make([]value.Value, foldRows)
	slots := make([]value.Value, foldRows)
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
func (rl regionLowering) foldRow(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, dst *view, n value.Value, idx []value.Value, f *foldInfo) error {
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
	contiguous := rl.contiguousAlong(l, srcs, last)
	vector := func() {
		if e := rl.foldVector(op, l, srcs, n, idx, slot, f); e != nil {
			err = e
		}
	}
	switch {
	case f.identity == nil || contiguous == nil:
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

// foldWidth is the lanes of a fold's vector accumulator.
func foldWidth(e *ir.Scalar) int64 { return max(8, 64/byteSize(e)) }

// foldVector folds n iterations W at a time into a vector accumulator,
// folds its lanes into slot, then runs the rest one by one.
func (rl regionLowering) foldVector(op *ir.Op, l *ir.LinearLoops, srcs []*lowered, n value.Value, idx []value.Value, slot value.Value, f *foldInfo) error {
	bl := rl.fc.bl
	last := len(idx) - 1
	e := ir.ElementType(op.Result(0).Type())
	w := foldWidth(e)
	vslot := bl.alloca(vecOf(computeType(e), w))
	store(bl.b, splat(f.identity, w), vslot)
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
		if v, err = rl.combine(f.combine, e, a, b); err != nil {
			return err
		}
	}
	h := bl.b.NewExtractElement(v, i64c(0))
	acc, err := rl.combine(f.combine, e, bl.b.NewLoad(computeType(e), slot), h)
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
	if !readsLoop(maps, len(idx)-1) {
		return splatValue(bl, bl.FromStorage(bl.b.NewLoad(storageType(e), p), e), w)
	}
	vt := vecOf(storageType(e), w)
	ld := bl.b.NewLoad(vt, bl.b.NewBitCast(p, types.NewPointer(vt)))
	ld.Align = llvm.Align(byteSize(e))
	return bl.FromStorage(ld, e)
}

// readsLoop reports whether maps move with loop i.
func readsLoop(maps []ir.Linear, i int) bool {
	for _, m := range maps {
		if m.Coef[i] != 0 {
			return true
		}
	}
	return false
}

// contiguousAlong is the run-time condition that every input moving
// with loop i moves by one element per iteration (nil where some input
// cannot: a coefficient other than 1, or two dims moving with it).
func (rl regionLowering) contiguousAlong(l *ir.LinearLoops, srcs []*lowered, i int) value.Value {
	bl := rl.fc.bl
	var ok value.Value = constant.True
	for k, lv := range srcs[:len(srcs)-1] {
		if lv.view == nil || !readsLoop(l.Operands[k], i) {
			continue
		}
		at := -1
		for d, m := range l.Operands[k] {
			if m.Coef[i] != 0 {
				if at >= 0 || m.Coef[i] != 1 {
					return nil
				}
				at = d
			}
		}
		ok = bl.and(ok, bl.icmp(enum.IPredEQ, lv.view.strides[at], i64c(1)))
	}
	return ok
}
