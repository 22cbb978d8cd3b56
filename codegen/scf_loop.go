package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// loopVals are the values an scf loop carries: per iter_arg, a tensor's
// phi view and owner slot, or a scalar's phi.
type loopVals struct {
	types  []ir.Type
	views  []*view
	phis   [][]*llvm.InstPhi
	slots  []value.Value
	scalar []*llvm.InstPhi
}

// ownInits gives each tensor init of op (operands from first on) an owner
// slot holding its buffer: the init's own or a copy, as the plan says.
func (se *scfEmitter) ownInits(op *ir.Op, inits []*ir.Value) ([]*view, []value.Value, error) {
	views, slots := make([]*view, len(inits)), make([]value.Value, len(inits))
	taken := map[value.Value]bool{}
	for k, v := range inits {
		if _, ok := v.Type().(*ir.TensorType); !ok {
			continue
		}
		vw, slot, err := se.own(v, op, 0, taken, se.fc.plan.CarryOf(op, fmt.Sprintf("init #%d", k)))
		if err != nil {
			return nil, nil, err
		}
		slots[k] = se.ownerSlot()
		moveOwner(se.fc.bl, slot, slots[k])
		views[k] = vw
	}
	return views, slots, nil
}

// carry makes the header phis of the carried values, entered from pre
// with the inits (views for tensors, else se.fc's scalars).
func (se *scfEmitter) carry(header, pre *llvm.Block, inits []*ir.Value, views []*view, slots []value.Value) *loopVals {
	lv := &loopVals{types: make([]ir.Type, len(inits)), views: make([]*view, len(inits)), phis: make([][]*llvm.InstPhi, len(inits)), slots: slots, scalar: make([]*llvm.InstPhi, len(inits))}
	for k, v := range inits {
		lv.types[k] = v.Type()
		if tt, ok := v.Type().(*ir.TensorType); ok {
			lv.views[k], lv.phis[k] = phiView(header, tt)
			addIncoming(lv.phis[k], tt, views[k], pre)
			continue
		}
		lv.scalar[k] = scalarPhi(header, se.fc.vals[v.ID()].scalar, pre)
	}
	return lv
}

// finishViews computes the carried views' strides where the insertion
// point is (after every phi of the header).
func finishViews(bl *builder, views []*view) {
	for _, vw := range views {
		if vw != nil {
			vw.strides = bl.contig(vw.sizes)
		}
	}
}

// lowered returns the lowered value of carried value k.
func (lv *loopVals) lowered(k int) *lowered {
	if lv.views[k] != nil {
		return &lowered{view: lv.views[k]}
	}
	return &lowered{scalar: lv.scalar[k]}
}

// next closes one iteration: the values yielded (ys, by a block whose
// arguments from argBase on are the carried values) become the next
// iteration's, their buffers owned as the package comment says; the
// block's temporaries (temps[from:]) are freed. It returns the block the
// back edge leaves from.
func (se *scfEmitter) next(lv *loopVals, ys []*ir.Value, args []*ir.Value, from int, where *ir.Op, sp []*spare) (*llvm.Block, error) {
	bl := se.fc.bl
	n := len(ys)
	olds := make([]value.Value, n)
	for k := range n {
		if lv.views[k] != nil {
			olds[k] = bl.b.NewLoad(i8p, lv.slots[k])
		}
	}
	fromArg := make([]int, n)
	argTaken := map[int]bool{}
	taken := map[value.Value]bool{}
	views, srcs := make([]*view, n), make([]value.Value, n)
	swapped := make([]bool, n)
	for k, y := range ys {
		fromArg[k] = -1
		if lv.views[k] == nil {
			continue
		}
		c := se.fc.plan.CarryOf(where, fmt.Sprintf("yield #%d", k))
		if k < len(sp) && se.wrote(sp[k], y) {
			swapped[k], views[k] = true, se.fc.vals[y.ID()].view
			continue
		}
		j := argIndex(y, args)
		passes := j >= 0 && lv.views[j] != nil && !argTaken[j]
		if c.How == plan.TwoBuffers {
			return nil, where.Errorf("internal error: %s: the plan says two buffers, but its nest did not write the spare one", c.What)
		}
		if (c.How == plan.PassedOn) != passes && (c.How == plan.PassedOn || checkPlan) {
			return nil, where.Errorf("internal error: %s is handed on as the plan says: %s (%s), the views say: passes on %v", c.What, c.How, c.Why, passes)
		}
		if c.How == plan.PassedOn {
			argTaken[j], fromArg[k], views[k] = true, j, lv.views[j]
			continue
		}
		vw, slot, err := se.own(y, where, from, taken, c)
		if err != nil {
			return nil, err
		}
		views[k], srcs[k] = vw, slot
	}
	// No failure path from here on: every buffer has one owner.
	for k := range n {
		if lv.views[k] != nil && !argTaken[k] && !swapped[k] {
			bl.b.NewCall(se.fc.mod.free(), olds[k])
		}
	}
	for k := range n {
		switch {
		case lv.views[k] == nil:
		case swapped[k]:
			swapSpare(bl, sp[k], lv, k, olds[k], argTaken[k])
		case fromArg[k] >= 0:
			store(bl.b, olds[fromArg[k]], lv.slots[k])
		default:
			moveOwner(bl, srcs[k], lv.slots[k])
		}
	}
	se.endScope(from)
	latch := bl.b
	for k, y := range ys {
		if lv.views[k] != nil {
			addIncoming(lv.phis[k], lv.types[k].(*ir.TensorType), views[k], latch)
		} else {
			lv.scalar[k].Incs = append(lv.scalar[k].Incs, llvm.NewIncoming(se.fc.vals[y.ID()].scalar, latch))
		}
	}
	return latch, nil
}

// argIndex returns i when v is args[i], else -1.
func argIndex(v *ir.Value, args []*ir.Value) int {
	for i, a := range args {
		if a == v {
			return i
		}
	}
	return -1
}

// forLoop lowers scf.for: a header with phis for the induction variable
// and the carried values, the body's nests, and a latch.
func (se *scfEmitter) forLoop(op *ir.Op) error {
	bl := se.fc.bl
	body := op.Region(0).Front()
	lb, ub, step := se.fc.vals[op.Operand(0).ID()].scalar, se.fc.vals[op.Operand(1).ID()].scalar, se.fc.vals[op.Operand(2).ID()].scalar
	inits := op.Operands()[3:]
	if se.fc.mod.opts.Checks {
		// A step that is not positive would loop forever (eval reports
		// it too).
		s64 := step
		if t, ok := step.Type().(*types.IntType); ok && t.BitSize < 64 {
			s64 = bl.b.NewSExt(step, types.I64)
		}
		se.fc.fail(bl.icmp(enum.IPredSLE, s64, i64c(0)), StatusShape, where(op)+": step %lld is not positive", s64)
	}
	views, slots, err := se.ownInits(op, inits)
	if err != nil {
		return err
	}
	pre := bl.b
	header, bodyB, exit := bl.block("scf.for.header"), bl.block("scf.for.body"), bl.block("scf.for.exit")
	pre.NewBr(header)
	iv := header.NewPhi(llvm.NewIncoming(lb, pre))
	lv := se.carry(header, pre, inits, views, slots)
	bl.b = header
	finishViews(bl, lv.views)
	header.NewCondBr(cmpLT(bl, iv, ub), bodyB, exit)
	bl.b = bodyB
	bl.depth++
	se.fc.vals[body.Arg(0).ID()] = &lowered{scalar: iv}
	for k := range inits {
		se.fc.vals[body.Arg(k+1).ID()] = lv.lowered(k)
	}
	sp := se.spares(lv, body, op)
	from := len(se.fc.temps)
	se.useSpares(sp, lv, op)
	yield, err := se.lowerBlock(body)
	if err != nil {
		return err
	}
	latch, err := se.next(lv, yield.Operands(), body.Args()[1:], from, op, sp)
	if err != nil {
		return err
	}
	nextIV := latch.NewAdd(iv, step)
	iv.Incs = append(iv.Incs, llvm.NewIncoming(nextIV, latch))
	latch.NewBr(header)
	bl.depth--
	bl.b = exit
	se.freeSpares(sp)
	se.loopResults(op, lv)
	return nil
}

// loopResults makes the carried values after the loop op's results; a
// tensor's owner slot may pass its buffer on (own).
func (se *scfEmitter) loopResults(op *ir.Op, lv *loopVals) {
	for k, r := range op.Results() {
		se.fc.vals[r.ID()] = lv.lowered(k)
		if lv.views[k] != nil {
			se.slotOf[lv.views[k].base] = lv.slots[k]
		}
	}
}
