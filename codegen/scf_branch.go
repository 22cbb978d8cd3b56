package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// armName names an scf.if's regions in its plan's carries.
var armName = [2]string{"then", "else"}

// ifOp lowers scf.if: a branch per region, each giving the if's tensor
// results their own buffers (owner slots), and phis at the join.
func (se *scfEmitter) ifOp(op *ir.Op) error {
	bl := se.fc.bl
	slots := make([]value.Value, op.NumResults())
	for k, r := range op.Results() {
		if _, ok := r.Type().(*ir.TensorType); ok {
			slots[k] = se.ownerSlot()
		}
	}
	thenB, elseB, end := bl.block("scf.if.then"), bl.block("scf.if.else"), bl.block("scf.if.end")
	bl.b.NewCondBr(se.fc.vals[op.Operand(0).ID()].scalar, thenB, elseB)
	type arm struct {
		from  *llvm.Block
		views []*view
		vals  []value.Value
	}
	var arms []arm
	bl.depth++
	for i, start := range []*llvm.Block{thenB, elseB} {
		bl.b = start
		a := arm{views: make([]*view, op.NumResults()), vals: make([]value.Value, op.NumResults())}
		if r := op.Region(i); !r.Empty() {
			from := len(se.fc.temps)
			yield, err := se.lowerBlock(r.Front())
			if err != nil {
				return err
			}
			taken := map[value.Value]bool{}
			for k, y := range yield.Operands() {
				if slots[k] == nil {
					a.vals[k] = se.fc.vals[y.ID()].scalar
					continue
				}
				vw, slot, err := se.own(y, op, from, taken, se.fc.plan.CarryOf(op, fmt.Sprintf("%s #%d", armName[i], k)))
				if err != nil {
					return err
				}
				moveOwner(bl, slot, slots[k])
				a.views[k] = vw
			}
			se.endScope(from)
		}
		a.from = bl.b
		bl.b.NewBr(end)
		arms = append(arms, a)
	}
	bl.depth--
	bl.b = end
	var views []*view
	for k, r := range op.Results() {
		if slots[k] == nil {
			p := end.NewPhi(llvm.NewIncoming(arms[0].vals[k], arms[0].from), llvm.NewIncoming(arms[1].vals[k], arms[1].from))
			se.fc.vals[r.ID()] = &lowered{scalar: p}
			continue
		}
		tt := r.Type().(*ir.TensorType)
		vw, phis := phiView(end, tt)
		for _, a := range arms {
			addIncoming(phis, tt, a.views[k], a.from)
		}
		views = append(views, vw)
		se.fc.vals[r.ID()] = &lowered{view: vw}
		se.slotOf[vw.base] = slots[k]
	}
	finishViews(bl, views)
	return nil
}

// whileLoop lowers scf.while: the before block in the loop header,
// ending with the branch on the condition, the after block as the body.
// The values the condition passes on are the after block's arguments or
// the results: a tensor among them is copied into a buffer of its own
// (unless the before block allocated it), and the before block's
// arguments are freed once it is done.
func (se *scfEmitter) whileLoop(op *ir.Op) error {
	bl := se.fc.bl
	before, after := op.Region(0).Front(), op.Region(1).Front()
	inits := op.Operands()
	views, slots, err := se.ownInits(op, inits)
	if err != nil {
		return err
	}
	mids := make([]value.Value, op.NumResults())
	for k, r := range op.Results() {
		if _, ok := r.Type().(*ir.TensorType); ok {
			mids[k] = se.ownerSlot()
		}
	}
	pre := bl.b
	header, afterB, exit := bl.block("scf.while.before"), bl.block("scf.while.after"), bl.block("scf.while.exit")
	pre.NewBr(header)
	lv := se.carry(header, pre, inits, views, slots)
	bl.b = header
	finishViews(bl, lv.views)
	bl.depth++
	for k, a := range before.Args() {
		se.fc.vals[a.ID()] = lv.lowered(k)
	}
	from := len(se.fc.temps)
	cond, err := se.lowerBlock(before)
	if err != nil {
		return err
	}
	passed, err := se.passOn(op, cond.Operands()[1:], mids, from, lv)
	if err != nil {
		return err
	}
	for _, slot := range lv.slots {
		if slot != nil {
			bl.b.NewCall(se.fc.mod.free(), bl.b.NewLoad(i8p, slot))
			store(bl.b, constant.NewNull(i8p), slot)
		}
	}
	se.endScope(from)
	bl.b.NewCondBr(se.fc.vals[cond.Operand(0).ID()].scalar, afterB, exit)
	bl.b = afterB
	for k, a := range after.Args() {
		se.fc.vals[a.ID()] = passed[k]
	}
	from = len(se.fc.temps)
	yield, err := se.lowerBlock(after)
	if err != nil {
		return err
	}
	latch, err := se.next(lv, yield.Operands(), nil, from, op, nil)
	if err != nil {
		return err
	}
	for _, slot := range mids {
		if slot != nil {
			latch.NewCall(se.fc.mod.free(), latch.NewLoad(i8p, slot))
			store(latch, constant.NewNull(i8p), slot)
		}
	}
	latch.NewBr(header)
	bl.depth--
	bl.b = exit
	for k, r := range op.Results() {
		se.fc.vals[r.ID()] = passed[k]
		if mids[k] != nil {
			se.slotOf[passed[k].view.base] = mids[k]
		}
	}
	return nil
}

// passOn gives the tensors among the values a condition passes on
// buffers owned by their slots (mids) and returns the lowered values: a
// carried value (lv's) the plan passes on moves its buffer, others are
// owned as own says.
func (se *scfEmitter) passOn(op *ir.Op, args []*ir.Value, mids []value.Value, from int, lv *loopVals) ([]*lowered, error) {
	out := make([]*lowered, len(args))
	taken := map[value.Value]bool{}
	for k, a := range args {
		if mids[k] == nil {
			out[k] = se.fc.vals[a.ID()]
			continue
		}
		c := se.fc.plan.CarryOf(op, fmt.Sprintf("condition #%d", k))
		if c.How == plan.PassedOn {
			j := a.Index()
			moveOwner(se.fc.bl, lv.slots[j], mids[k])
			out[k] = lv.lowered(j)
			continue
		}
		vw, slot, err := se.own(a, op, from, taken, c)
		if err != nil {
			return nil, err
		}
		moveOwner(se.fc.bl, slot, mids[k])
		out[k] = &lowered{view: vw}
	}
	return out, nil
}
