package codegen

import (
	"fmt"

	llvm "github.com/llir/llvm/ir"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/ir"
)

// stream prints the complete blocks of the function being lowered (see
// llvmtext.Streamer): between two ops, so that the function's memory does
// not grow with the ops lowered so far.
func (fc *funcCtx) stream() {
	s := fc.streamer
	if s == nil {
		return
	}
	fn, mc := fc.fn, fc.mod
	batch, n := s.Cut(fn)
	if onStream != nil {
		onStream(len(fn.Blocks), n)
	}
	if batch != nil {
		mc.later(func() { s.Print(mc.pr, batch, mc.recycle) })
	}
}

// closeStreams closes the temporary files of functions whose lowering
// failed (finishStreamed closes the others).
func (mc *moduleCtx) closeStreams() {
	for fn, s := range mc.streams {
		s.Close()
		delete(mc.streams, fn)
	}
}

// onStream, when set by a test, learns after each stream how many
// blocks the function holds and how many were printed.
var onStream func(kept, printed int)

// finishStreamed prints a function whose complete blocks were printed
// while it was built; the first chunk of its text serves the next one.
func (mc *moduleCtx) finishStreamed(f *llvm.Func, s *llvmtext.Streamer) {
	if c := s.FirstChunk(); c != nil && !llvmtext.LLIROnly {
		mc.spareChunk = c // written out by Finish, then reused
	}
	if err := s.Finish(mc.pr, f, mc.recycle); err != nil && mc.ioErr == nil {
		mc.ioErr = fmt.Errorf("the body of @%s: %v", f.Name(), err)
	}
}

// lastReads lists, for the op at each position of a function's body, the
// values read for the last time when that op is lowered: lowerFunc then
// drops their lowered form, and with it the llir values it holds, so
// that printed blocks are freed (stream). A value computed inside its
// user's nest (inlined) is read when that user is lowered; a returned
// value and an argument are never dropped.
type lastReads struct {
	start []int32 // values of position k: ids[start[k]:start[k+1]]
	ids   []int32
}

func (r *lastReads) at(k int) []int32 { return r.ids[r.start[k]:r.start[k+1]] }

func newLastReads(f *ir.Func, inlined []bool) *lastReads {
	var ops []*ir.Op
	for op := range f.Ops() {
		ops = append(ops, op)
	}
	never := int32(len(ops))
	pos := make([]int32, f.NumValues()) // by result ID: its op's position
	for k, op := range ops {
		for r := range op.NumResults() {
			pos[op.Result(r).ID()] = int32(k)
		}
	}
	// when[k]: the position at which the op at k is lowered.
	when := make([]int32, len(ops))
	for k := len(ops) - 1; k >= 0; k-- {
		op := ops[k]
		when[k] = int32(k)
		switch {
		case op.Has(ir.TraitTerminator):
			when[k] = never
		case op.NumResults() == 1 && inlined[op.Result(0).ID()]:
			// Computed inside each user's nest (a value recomputed
			// there has several): lowered with the last of them.
			when[k] = inlinedWhen(op, k, pos, when)
		}
	}
	last := make([]int32, f.NumValues())
	for i := range last {
		last[i] = -1
	}
	for k, op := range ops {
		for r := range op.NumResults() { // an unused result: once its op is lowered
			last[op.Result(r).ID()] = when[k]
		}
		for _, v := range op.Operands() {
			last[v.ID()] = max(last[v.ID()], when[k])
		}
		nestedOperands(op, func(v *ir.Value) { // read by the op's body
			last[v.ID()] = max(last[v.ID()], when[k])
		})
	}
	r := &lastReads{start: make([]int32, len(ops)+2)}
	for _, op := range ops {
		for i := range op.NumResults() {
			if l := last[op.Result(i).ID()]; l >= 0 {
				r.start[l+1]++
			}
		}
	}
	for k := 1; k < len(r.start); k++ {
		r.start[k] += r.start[k-1]
	}
	r.ids = make([]int32, r.start[len(r.start)-1])
	fill := append([]int32(nil), r.start...)
	for _, op := range ops {
		for i := range op.NumResults() {
			v := op.Result(i)
			if l := last[v.ID()]; l >= 0 {
				r.ids[fill[l]] = int32(v.ID())
				fill[l]++
			}
		}
	}
	return r
}

// inlinedWhen is when the inlined op at position k is lowered: when its
// last user is (users come later, so their when is known), or never
// when a user is not an op with results after it.
func inlinedWhen(op *ir.Op, k int, pos, when []int32) int32 {
	never := int32(len(when))
	w := int32(-1)
	for _, u := range op.Result(0).Uses() {
		if u.Op == nil || u.Op.NumResults() == 0 {
			return never
		}
		p := pos[u.Op.Result(0).ID()]
		if int(p) <= k {
			return never
		}
		w = max(w, when[p])
	}
	if w < 0 {
		return never
	}
	return w
}
