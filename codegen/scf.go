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

// Lowering of scf.for, scf.if and scf.while: LLVM control flow around the
// fused nests of their blocks (each block is lowered op by op like the
// function body, its nests fused within it), scalars carried as phis and
// tensors as buffers.
//
// Buffers: every tensor an scf op carries or returns is a contiguous
// buffer the op owns, held in an owner slot (freed at exit like any
// temporary, so a failure path leaks nothing). A loop-carried tensor
// reuses its buffer: the buffer of the value a body yields takes over
// when the body allocated it (no copy), the previous iteration's buffer
// is freed unless the body passes it on, and the body's other
// temporaries are freed at the end of each iteration. A yielded value
// the body did not allocate (an outer value, a view of a carried one) is
// copied. An init takes over its buffer when the loop is its only use.
// Which buffers are taken over is the plan's (plan.PlanCarries).

// scfEmitter lowers a function's ops with regions and keeps their
// bookkeeping; it builds through fc, whose lowerOp dispatches to it
// (fc.regions).
type scfEmitter struct {
	fc *funcCtx
	on bool // the function has ops with regions
	// slotOf maps the aligned base of each temporary buffer to the slot
	// holding its allocation (what frees it).
	slotOf map[value.Value]value.Value
}

// regions returns the function's scfEmitter, made on first use.
func (fc *funcCtx) regions() *scfEmitter {
	if fc.scf == nil {
		fc.scf = &scfEmitter{fc: fc, on: fc.f != nil && fc.f.HasRegions(), slotOf: map[value.Value]value.Value{}}
	}
	return fc.scf
}

// noteTemp records the slot of a temporary buffer, in a function with
// regions.
func (se *scfEmitter) noteTemp(aligned, slot value.Value) {
	if se.on {
		se.slotOf[aligned] = slot
	}
}

// lowersRegions reports whether codegen lowers op's regions.
func lowersRegions(op *ir.Op) bool {
	switch op.Name {
	case "scf.for", "scf.if", "scf.while":
		return true
	}
	return false
}

// control lowers an op with regions.
func (se *scfEmitter) control(op *ir.Op) error {
	if err := se.fc.rows.flush(se.fc); err != nil {
		return err
	}
	for i, v := range op.Operands() {
		if se.fc.vals[v.ID()] == nil {
			return op.Errorf("operand #%d has no lowered value", i)
		}
	}
	for _, r := range op.Results() {
		if tt, ok := r.Type().(*ir.TensorType); ok && tt.Unranked {
			return op.Errorf("has an unranked tensor type '%s'; run -infer-shapes before -emit-llvm", ir.TypeString(tt))
		}
	}
	switch op.Name {
	case "scf.for":
		return se.forLoop(op)
	case "scf.if":
		return se.ifOp(op)
	case "scf.while":
		return se.whileLoop(op)
	}
	return op.Errorf("has %d region(s): codegen has no lowering for ops with regions", op.NumRegions())
}

// lowerBlock lowers the ops of b (its arguments already lowered) and
// returns its terminator.
func (se *scfEmitter) lowerBlock(b *ir.Block) (*ir.Op, error) {
	var term *ir.Op
	for op := range b.Ops() {
		if op.Has(ir.TraitTerminator) {
			term = op
			break
		}
		if err := se.fc.lowerOp(op); err != nil {
			return nil, err
		}
	}
	if term == nil {
		return nil, ir.Errorf(b.ParentOp().Pos, "a block of '%s' has no terminator", b.ParentOp().Name)
	}
	return term, se.fc.rows.flush(se.fc)
}

// ownerSlot returns a new slot owning a buffer, null on entry and freed
// at exit.
func (se *scfEmitter) ownerSlot() value.Value {
	slot := se.fc.bl.alloca(i8p)
	store(se.fc.bl.entry, constant.NewNull(i8p), slot)
	se.fc.temps = append(se.fc.temps, slot)
	return slot
}

// carried is a tensor an scf op owns: its buffer's view and owner slot.
type carried struct {
	view *view
	slot value.Value
}

// own returns a buffer owned by the caller holding tensor v, as c, the
// plan of the hand-on, says (plan.PlanCarries; where it left the choice
// to the view, of a buffer a contraction's lowering chose, the view's):
// the buffer of v itself (taken over), else a copy. Taking over needs
// v's view to be row-major from the base of a temporary whose slot is in
// scope (allocated since temps[from:]: the block being lowered) and not
// taken yet: a plan that says otherwise, or under checkPlan differs from
// what the views say, is an internal error. The slot it came from is
// emptied; the allocation is returned.
func (se *scfEmitter) own(v *ir.Value, op *ir.Op, from int, taken map[value.Value]bool, c *plan.Carry) (*view, value.Value, error) {
	vw, err := se.fc.materialize(v, what(op))
	if err != nil {
		return nil, nil, err
	}
	slot, ok := se.slotOf[vw.base]
	mine := plan.WhyOwnBuffer
	switch {
	case !ok:
		mine = plan.WhyNotOwn
	case !vw.contiguous:
		mine = plan.WhyStrided
	case taken[slot]:
		mine = plan.WhyHandedOn
	case !inScope(se.fc.temps, slot, from):
		mine = plan.WhyOuter
	}
	if !c.Decided || c.How == plan.TakenOver && mine != plan.WhyOwnBuffer || checkPlan && plan.ByBuffer(c.Why) && c.Why != mine {
		return nil, nil, op.Errorf("internal error: %s is handed on as the plan says: %s (%s), the views say: %s", c.What, c.How, c.Why, mine)
	}
	if c.How != plan.TakenOver {
		shape, _ := ir.Shape(v.Type())
		cp := se.fc.temp(vw.elem, shape, vw.sizes, what(op))
		if err := se.fc.copyInto(cp, v); err != nil {
			return nil, nil, err
		}
		vw, slot = cp, se.slotOf[cp.base]
	}
	taken[slot] = true
	return vw, slot, nil
}

// inScope reports whether slot is one of temps[from:].
func inScope(temps []value.Value, slot value.Value, from int) bool {
	for _, s := range temps[from:] {
		if s == slot {
			return true
		}
	}
	return false
}

// endScope frees the temporaries allocated since temps[from:] (a taken
// one's slot is empty) and empties their slots, at the end of a block run
// once per iteration or branch.
func (se *scfEmitter) endScope(from int) {
	bl := se.fc.bl
	for _, slot := range se.fc.temps[from:] {
		bl.b.NewCall(se.fc.mod.free(), bl.b.NewLoad(i8p, slot))
		store(bl.b, constant.NewNull(i8p), slot)
	}
}

// moveOwner moves the allocation in slot from to slot to (to's own is
// freed by the caller first when it had one).
func moveOwner(bl *builder, from, to value.Value) {
	raw := bl.b.NewLoad(i8p, from)
	store(bl.b, constant.NewNull(i8p), from)
	store(bl.b, raw, to)
}

// phiView is a contiguous view whose base and dynamic sizes are phis of
// header (their incoming edges added later by addIncoming).
func phiView(header *llvm.Block, t *ir.TensorType) (*view, []*llvm.InstPhi) {
	var phis []*llvm.InstPhi
	base := emptyPhi(header, types.NewPointer(storageType(t.Elem)))
	phis = append(phis, base)
	sizes := make([]value.Value, len(t.Shape))
	for d, s := range t.Shape {
		if s >= 0 {
			sizes[d] = i64c(s)
			continue
		}
		p := emptyPhi(header, types.I64)
		phis = append(phis, p)
		sizes[d] = p
	}
	return &view{elem: t.Elem, shape: t.Shape, base: base, sizes: sizes, contiguous: true}, phis
}

// emptyPhi appends a phi of type t to b, its incoming edges to come.
func emptyPhi(b *llvm.Block, t types.Type) *llvm.InstPhi {
	p := &llvm.InstPhi{Typ: t}
	b.Insts = append(b.Insts, p)
	return p
}

// addIncoming adds vw's base and dynamic sizes from block b to the phis
// of phiView.
func addIncoming(phis []*llvm.InstPhi, t *ir.TensorType, vw *view, b *llvm.Block) {
	phis[0].Incs = append(phis[0].Incs, llvm.NewIncoming(vw.base, b))
	k := 1
	for d, s := range t.Shape {
		if s < 0 {
			phis[k].Incs = append(phis[k].Incs, llvm.NewIncoming(vw.sizes[d], b))
			k++
		}
	}
}

// scalarPhi is a phi of a scalar (or LLVM vector) value.
func scalarPhi(header *llvm.Block, x value.Value, from *llvm.Block) *llvm.InstPhi {
	return header.NewPhi(llvm.NewIncoming(x, from))
}

func what(op *ir.Op) string { return fmt.Sprintf("%s: '%s' op", op.Pos, op.Name) }

// cmpLT compares induction values (signed, as scf.for's lowering does).
func cmpLT(bl *builder, x, y value.Value) value.Value {
	return bl.b.NewICmp(enum.IPredSLT, x, y)
}
