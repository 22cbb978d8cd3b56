package codegen

import (
	"fmt"

	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// carryFacts are what plan.PlanCarries asks of fc's function.
func carryFacts(fc *funcCtx) plan.CarryFacts {
	return plan.CarryFacts{Fusible: fc.fusible, Inlined: func(v *ir.Value) bool { return fc.inlined[v.ID()] },
		Contraction: isContraction, SinkOf: contractLowering{fc}.contractSink}
}

// Double buffering of a loop-carried tensor of static shape whose
// yielded value is the result of one of the body's nests: the nest
// writes into the loop's spare buffer (allocated on the first iteration),
// and at the latch the buffers change roles: the one written becomes the
// carried value, the one it replaces the spare. A loop of n iterations
// allocates two buffers, not n.

// spare is the second buffer of a double-buffered carried tensor.
type spare struct {
	raw     value.Value // slot of the allocation (what frees it)
	aligned value.Value // slot of its aligned base
	def     *ir.Op      // the nest root writing into it
	base    value.Value // the base the body's nest writes to
}

// spares gives the carried tensors the plan carries in two buffers
// (plan.PlanCarries) their spare buffers and makes their yielded values'
// nests write into them (se.fc.sinks). Made before the body's scope
// starts: a spare lives as long as the loop.
func (se *scfEmitter) spares(lv *loopVals, body *ir.Block, where *ir.Op) []*spare {
	ys := body.Last().Operands()
	sp := make([]*spare, len(ys))
	for k, y := range ys {
		if lv.views[k] == nil || se.fc.plan.CarryOf(where, fmt.Sprintf("yield #%d", k)).How != plan.TwoBuffers {
			continue
		}
		def := y.Def()
		ptr := types.NewPointer(storageType(lv.views[k].elem))
		s := &spare{raw: se.ownerSlot(), aligned: se.fc.bl.alloca(ptr), def: def}
		store(se.fc.bl.entry, constant.NewNull(ptr), s.aligned)
		sp[k] = s
	}
	return sp
}

// useSpares, at the start of an iteration, allocates the spares not
// allocated yet and hands them to their nests.
func (se *scfEmitter) useSpares(sp []*spare, lv *loopVals, where *ir.Op) {
	bl := se.fc.bl
	for k, s := range sp {
		if s == nil {
			continue
		}
		vw := lv.views[k]
		ptr := types.NewPointer(storageType(vw.elem))
		cur := bl.b.NewLoad(ptr, s.aligned)
		bl.ifThen(bl.b.NewICmp(enum.IPredEQ, cur, constant.NewNull(ptr)), "scf.spare", func() {
			store(bl.b, se.fc.alloc(vw.elem, vw.sizes, s.raw, what(where)), s.aligned)
		})
		s.base = bl.b.NewLoad(ptr, s.aligned)
		if se.fc.sinks == nil {
			se.fc.sinks = map[*ir.Op]*view{}
		}
		se.fc.sinks[s.def] = &view{elem: vw.elem, shape: vw.shape, base: s.base, sizes: vw.sizes, strides: vw.strides, contiguous: true}
	}
}

// swapSpare, at the latch, makes carried tensor k's new buffer the spare
// the body wrote (its allocation moves to the owner slot) and the
// replaced buffer (old, unless passed on) the spare.
func swapSpare(bl *builder, s *spare, lv *loopVals, k int, old value.Value, passedOn bool) {
	fresh := bl.b.NewLoad(i8p, s.raw)
	ptr := types.NewPointer(storageType(lv.views[k].elem))
	if passedOn {
		store(bl.b, constant.NewNull(i8p), s.raw)
		store(bl.b, constant.NewNull(ptr), s.aligned)
	} else {
		store(bl.b, old, s.raw)
		store(bl.b, lv.views[k].base, s.aligned)
	}
	store(bl.b, fresh, lv.slots[k])
}

// freeSpares frees the spares once the loop is done.
func (se *scfEmitter) freeSpares(sp []*spare) {
	bl := se.fc.bl
	for _, s := range sp {
		if s == nil {
			continue
		}
		bl.b.NewCall(se.fc.mod.free(), bl.b.NewLoad(i8p, s.raw))
		store(bl.b, constant.NewNull(i8p), s.raw)
		store(bl.b, constant.NewNull(s.aligned.Type().(*types.PointerType).ElemType.(*types.PointerType)), s.aligned)
	}
}

// wrote reports whether the body's nest wrote carried tensor k's yielded
// value y into its spare.
func (se *scfEmitter) wrote(s *spare, y *ir.Value) bool {
	if s == nil {
		return false
	}
	delete(se.fc.sinks, s.def)
	lv := se.fc.vals[y.ID()]
	return lv != nil && lv.view != nil && lv.view.base == s.base
}
