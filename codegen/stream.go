package codegen

import (
	"fmt"
	"io"
	"os"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/tirc/tirc/ir"
)

// Printing a function while it is built. A tirc function's body becomes
// one LLVM function with a few instructions per op, so a module of a
// million ops in one function would hold millions of llir objects until
// its end. Instead, between two ops, the blocks that are complete (those
// with a terminator) are numbered and printed into the function's own
// text, then emptied and dropped from the function. What is printed at
// the end: the header, the entry block (its allocas are named, not
// numbered: the builder adds to it until the end), the text printed so
// far, and the blocks that were still open (the exit block, which frees
// the buffers, and the last ones). LLVM numbers unnamed values in text
// order, which is the order they are numbered here.
//
// Under llirOnly (the oracle of the printer's test) the complete blocks
// are set aside instead, and llir prints the function at the end with
// its blocks in the same order: the text must be the same.
//
// Nothing printed is held: the function's memory does not grow with the
// ops lowered so far (a heap growing by kilobytes per op would meet
// tirc's memory limit on a large input, and the collector would then run
// without pause). A printed
// instruction lets go of its operands (dropOperands), as only its name is
// printed again, so a chain of values (each op's size selected from the
// sizes before it) is not held through them; the printed blocks are
// checked once more at the next printing and then dropped.
type streamer struct {
	mid    text          // the blocks printed so far, in order
	spill  *os.File      // where mid's text goes beyond spillAt (unlinked)
	next   int64         // the next local ID
	last   []*llvm.Block // the blocks printed last, emptied (the printer's)
	blocks []*llvm.Block // llirOnly: the complete blocks, in order
}

// printedTerm stands in for the terminator of a printed block: a block
// whose terminator or instructions change after it was printed is an
// internal error, found when the next blocks are printed or at the end
// (checkPrinted).
var printedTerm = llvm.NewUnreachable()

// checkPrinted panics when a block printed last changed after it was
// printed (its text would be missing from the output).
func (s *streamer) checkPrinted(f *llvm.Func) {
	for _, b := range s.last {
		if len(b.Insts) > 0 || b.Term != printedTerm {
			panic(fmt.Sprintf("internal error: block %%%s of @%s changed after it was printed", b.LocalName, f.Name()))
		}
	}
	s.last = nil
}

// numberedVar is a local value that is numbered when it has no name.
type numberedVar interface {
	numbered
	SetID(id int64)
	Type() types.Type
}

// stream prints the complete blocks of the function being lowered:
// those with a terminator. All of them are numbered before any is
// printed, as a phi names the value of a later block. Nothing is printed
// while a phi of a complete block has an incoming block that is still
// open: that value may not exist yet.
func (fc *funcCtx) stream() {
	s := fc.streamer
	if s == nil {
		return
	}
	fn, mc := fc.fn, fc.mod
	blocks := fn.Blocks
	n := 0
	if onStream != nil {
		defer func() { onStream(len(fn.Blocks), n) }()
	}
	for _, b := range blocks[1:] {
		if b.Term == nil {
			continue
		}
		n++
		for _, inst := range b.Insts {
			phi, ok := inst.(*llvm.InstPhi)
			if !ok {
				break // phis come first
			}
			for _, inc := range phi.Incs {
				if p, ok := inc.Pred.(*llvm.Block); !ok || p.Term == nil {
					n = 0
					return
				}
			}
		}
	}
	if n == 0 {
		return
	}
	kept := 1 // the entry block stays
	done := make([]*llvm.Block, 0, n)
	for _, b := range blocks[1:] {
		if b.Term == nil {
			blocks[kept] = b
			kept++
			continue
		}
		if llirOnly {
			s.blocks = append(s.blocks, b)
			continue
		}
		s.next = numberBlock(b, s.next)
		done = append(done, b)
	}
	clear(blocks[kept:])
	fn.Blocks = blocks[:kept]
	if llirOnly {
		return
	}
	terms := make([]llvm.Terminator, n)
	for i, b := range done {
		terms[i], b.Term = b.Term, printedTerm
	}
	mc.later(func() {
		s.checkPrinted(fn)
		pr := mc.pr
		w := pr.w
		pr.w = &s.mid
		for i, b := range done {
			pr.w.WriteByte('\n')
			pr.blockWith(b, terms[i])
			for _, inst := range b.Insts {
				dropOperands(inst)
			}
			mc.recycle(b)
		}
		pr.w = w
		s.last = done
		if s.mid.Len() >= spillAt && s.spill == nil {
			s.startSpill()
		}
	})
}

// spillAt is how much of a function's text is held in memory: beyond it,
// the text goes to a temporary file, unlinked at once so that it
// disappears with the process however that ends (a 1M-op function has
// ~0.4 GB of it; without a usable temporary directory it stays in
// memory).
var spillAt = 32 << 20

func (s *streamer) startSpill() {
	f, err := os.CreateTemp("", "tirc-*.ll")
	if err != nil {
		return
	}
	if os.Remove(f.Name()) != nil { // a system that keeps open files
		f.Close()
		os.Remove(f.Name())
		return
	}
	var werr error
	s.mid.each(func(c []byte) {
		if werr == nil {
			_, werr = f.Write(c)
		}
	})
	if werr != nil {
		f.Close()
		return
	}
	s.spill = f
	s.mid = text{sink: f, done: s.mid.Len()}
}

// writeMid copies the function's text printed so far into out.
func (s *streamer) writeMid(out *text) error {
	if s.spill == nil {
		s.mid.each(out.Write)
		s.mid = text{}
		return nil
	}
	defer s.spill.Close()
	if err := s.mid.flush(); err != nil {
		return fmt.Errorf("writing a temporary file: %v", err)
	}
	if _, err := s.spill.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("reading a temporary file: %v", err)
	}
	buf := make([]byte, sinkChunk)
	for {
		k, err := s.spill.Read(buf)
		out.Write(buf[:k])
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading a temporary file: %v", err)
		}
	}
}

// closeStreams closes the temporary files of functions whose lowering
// failed (finishStreamed closes the others).
func (mc *moduleCtx) closeStreams() {
	for fn, s := range mc.streams {
		if s.spill != nil {
			s.spill.Close()
		}
		delete(mc.streams, fn)
	}
}

// onStream, when set by a test, learns after each stream how many
// blocks the function holds and how many were printed.
var onStream func(kept, printed int)

// numberBlock numbers the unnamed values of b from next, as llir's
// AssignIDs would, and returns the next ID.
func numberBlock(b *llvm.Block, next int64) int64 {
	if b.IsUnnamed() {
		panic(fmt.Sprintf("internal error: an unnamed block in @%s", b.Parent.Name()))
	}
	for _, inst := range b.Insts {
		if n, ok := inst.(numberedVar); ok && n.IsUnnamed() && !isVoid(n.Type()) {
			n.SetID(next)
			next++
		}
	}
	if n, ok := b.Term.(numberedVar); ok && n.IsUnnamed() && !isVoid(n.Type()) {
		n.SetID(next)
		next++
	}
	return next
}

// finishStreamed prints a function whose complete blocks were printed
// while it was built (see streamer).
func (mc *moduleCtx) finishStreamed(f *llvm.Func, s *streamer) {
	pr := mc.pr
	if llirOnly {
		f.Blocks = append(append([]*llvm.Block{f.Blocks[0]}, s.blocks...), f.Blocks[1:]...)
		pr.function(f)
		return
	}
	clear(pr.types)
	entry, rest := f.Blocks[0], f.Blocks[1:]
	for _, inst := range entry.Insts {
		if n, ok := inst.(numberedVar); ok && n.IsUnnamed() && !isVoid(n.Type()) {
			panic(fmt.Sprintf("internal error: an unnamed value in the entry block of @%s", f.Name()))
		}
	}
	next := s.next
	for _, b := range rest {
		next = numberBlock(b, next)
	}
	pr.header(f)
	pr.block(entry)
	if s.spill == nil {
		mc.spareChunk = s.mid.first() // written out below, then reused
	}
	if err := s.writeMid(mc.out); err != nil && mc.ioErr == nil {
		mc.ioErr = fmt.Errorf("the body of @%s: %v", f.Name(), err)
	}
	mc.recycle(entry)
	for _, b := range rest {
		mc.out.WriteByte('\n')
		pr.block(b)
		mc.recycle(b)
	}
	mc.out.WriteString("}")
	s.checkPrinted(f)
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

// isVoid reports whether t is void. (llir's types.Equal compares a
// pointer type by its text, built anew on each call: numbering every
// value that way was 2% of a module's allocations.)
func isVoid(t types.Type) bool {
	_, ok := t.(*types.VoidType)
	return ok
}

// dropOperands lets a printed instruction go of its operands: once
// printed, only its name and type are read again (as an operand of later
// instructions), and its type is cached. An instruction whose type is not
// cached yet keeps them.
func dropOperands(inst llvm.Instruction) {
	switch x := inst.(type) {
	case *llvm.InstICmp:
		if x.Typ != nil {
			x.X, x.Y = nil, nil
		}
	case *llvm.InstSelect:
		if x.Typ != nil {
			x.Cond, x.ValueTrue, x.ValueFalse = nil, nil, nil
		}
	case *llvm.InstAdd:
		if x.Typ != nil {
			x.X, x.Y = nil, nil
		}
	case *llvm.InstSub:
		if x.Typ != nil {
			x.X, x.Y = nil, nil
		}
	case *llvm.InstMul:
		if x.Typ != nil {
			x.X, x.Y = nil, nil
		}
	case *llvm.InstAnd:
		if x.Typ != nil {
			x.X, x.Y = nil, nil
		}
	case *llvm.InstOr:
		if x.Typ != nil {
			x.X, x.Y = nil, nil
		}
	case *llvm.InstExtractValue:
		if x.Typ != nil {
			x.X = nil
		}
	case *llvm.InstGetElementPtr:
		if x.Typ != nil {
			x.Src, x.Indices = nil, nil
		}
	case *llvm.InstCall:
		if x.Typ != nil {
			x.Callee, x.Args = nil, nil
		}
	case *llvm.InstPhi:
		if x.Typ != nil {
			x.Incs = nil
		}
	case *llvm.InstBitCast:
		x.From = nil
	case *llvm.InstLoad:
		x.Src = nil
	case *llvm.InstStore:
		x.Src, x.Dst = nil, nil
	}
}
