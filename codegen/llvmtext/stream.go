package llvmtext

import (
	"fmt"
	"io"
	"os"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// Streamer prints a function while it is built. A tirc function's body
// becomes one LLVM function with a few instructions per op, so a module of
// a million ops in one function would hold millions of llir objects until
// its end. Instead, between two ops, the blocks that are complete (those
// with a terminator) are numbered and printed into the function's own
// text, then emptied and dropped from the function. What is printed at
// the end: the header, the entry block (its allocas are named, not
// numbered: the builder adds to it until the end), the text printed so
// far, and the blocks that were still open (the exit block, which frees
// the buffers, and the last ones). LLVM numbers unnamed values in text
// order, which is the order they are numbered here.
//
// Under LLIROnly (the oracle of the printer's test) the complete blocks
// are set aside instead, and llir prints the function at the end with
// its blocks in the same order: the text must be the same.
//
// Nothing printed is held: the function's memory does not grow with the
// ops lowered so far (a heap growing by kilobytes per op would meet
// tirc's memory limit on a large input, and the collector would then run
// without pause). A printed instruction lets go of its operands
// (dropOperands), as only its name is printed again, so a chain of values (each op's size selected from the
// sizes before it) is not held through them; the printed blocks are
// checked once more at the next printing and then dropped.
type Streamer struct {
	mid    Text          // the blocks printed so far, in order
	spill  *os.File      // where mid's text goes beyond SpillAt (unlinked)
	next   int64         // the next local ID
	last   []*llvm.Block // the blocks printed last, emptied (the printer's)
	blocks []*llvm.Block // LLIROnly: the complete blocks, in order
}

// NewStreamer is a Streamer whose text takes its chunks from pool (nil:
// its own).
func NewStreamer(pool *ChunkPool) *Streamer { return &Streamer{mid: Text{pool: pool}} }

// Text is the text printed so far (before any spilling), for a caller
// that prints into it itself.
func (s *Streamer) Text() *Text { return &s.mid }

// Reuse makes c, a chunk another text has written out, the chunk to fill.
func (s *Streamer) Reuse(c []byte) { s.mid.Reuse(c) }

// printedTerm stands in for the terminator of a printed block: a block
// whose terminator or instructions change after it was printed is an
// internal error, found when the next blocks are printed or at the end
// (checkPrinted).
var printedTerm = llvm.NewUnreachable()

// checkPrinted panics when a block printed last changed after it was
// printed (its text would be missing from the output).
func (s *Streamer) checkPrinted(f *llvm.Func) {
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

// Batch is complete blocks cut from a function, to be printed.
type Batch struct {
	fn     *llvm.Func
	blocks []*llvm.Block
	terms  []llvm.Terminator
}

// Cut takes the complete blocks of fn (those with a terminator, but the
// entry block) out of it and numbers them, and returns them to be
// printed (Print) and how many they are; nil and 0 when there are none,
// or while a phi of a complete block has an incoming block that is still
// open (that value may not exist yet). All of them are numbered before
// any is printed, as a phi names the value of a later block. Under
// LLIROnly the blocks are set aside for Finish instead (a nil Batch).
func (s *Streamer) Cut(fn *llvm.Func) (*Batch, int) {
	blocks := fn.Blocks
	n := 0
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
					return nil, 0
				}
			}
		}
	}
	if n == 0 {
		return nil, 0
	}
	kept := 1 // the entry block stays
	done := make([]*llvm.Block, 0, n)
	for _, b := range blocks[1:] {
		if b.Term == nil {
			blocks[kept] = b
			kept++
			continue
		}
		if LLIROnly {
			s.blocks = append(s.blocks, b)
			continue
		}
		s.next = numberBlock(b, s.next)
		done = append(done, b)
	}
	clear(blocks[kept:])
	fn.Blocks = blocks[:kept]
	if LLIROnly {
		return nil, n
	}
	terms := make([]llvm.Terminator, n)
	for i, b := range done {
		terms[i], b.Term = b.Term, printedTerm
	}
	return &Batch{fn: fn, blocks: done, terms: terms}, n
}

// Print prints the blocks of b into s's text with p (on the printing
// goroutine), lets their instructions go of their operands and hands
// each block to recycle; the text goes to a temporary file once it
// reaches SpillAt.
func (s *Streamer) Print(p *Printer, b *Batch, recycle func(*llvm.Block)) {
	s.checkPrinted(b.fn)
	w := p.w
	p.w = &s.mid
	for i, blk := range b.blocks {
		p.w.WriteByte('\n')
		p.blockWith(blk, b.terms[i])
		for _, inst := range blk.Insts {
			dropOperands(inst)
		}
		recycle(blk)
	}
	p.w = w
	s.last = b.blocks
	s.MaybeSpill()
}

// MaybeSpill sends the text to a temporary file once it reaches SpillAt.
func (s *Streamer) MaybeSpill() {
	if s.mid.Len() >= SpillAt && s.spill == nil {
		s.startSpill()
	}
}

// SpillAt is how much of a function's text is held in memory: beyond it,
// the text goes to a temporary file, unlinked at once so that it
// disappears with the process however that ends (a 1M-op function has
// ~0.4 GB of it; without a usable temporary directory it stays in
// memory).
var SpillAt = 32 << 20

func (s *Streamer) startSpill() {
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
	s.mid.Each(func(c []byte) {
		if werr == nil {
			_, werr = f.Write(c)
		}
	})
	if werr != nil {
		f.Close()
		return
	}
	s.spill = f
	s.mid = Text{sink: f, done: s.mid.Len()}
}

// writeMid copies the function's text printed so far into out.
func (s *Streamer) writeMid(out *Text) error {
	if s.spill == nil {
		s.mid.Each(out.Write)
		s.mid = Text{}
		return nil
	}
	defer s.spill.Close()
	if err := s.mid.Flush(); err != nil {
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

// MoveTo appends the text printed so far to out: its chunks, or the
// temporary file's text.
func (s *Streamer) MoveTo(out *Text) error {
	if s.spill == nil {
		out.Absorb(&s.mid)
		return nil
	}
	return s.writeMid(out)
}

// Close closes the temporary file of a function whose printing was
// abandoned (Finish closes it otherwise).
func (s *Streamer) Close() {
	if s.spill != nil {
		s.spill.Close()
	}
}

// FirstChunk is the first chunk of the text printed so far, for another
// text to reuse once Finish has written it out; nil once spilled.
func (s *Streamer) FirstChunk() []byte {
	if s.spill != nil {
		return nil
	}
	return s.mid.First()
}

// Finish prints f, whose complete blocks s printed while it was built:
// the header, the entry block, the text printed so far, the blocks still
// in f; recycle gets each block printed. The error is a temporary
// file's.
func (s *Streamer) Finish(p *Printer, f *llvm.Func, recycle func(*llvm.Block)) error {
	if LLIROnly {
		f.Blocks = append(append([]*llvm.Block{f.Blocks[0]}, s.blocks...), f.Blocks[1:]...)
		p.Function(f)
		return nil
	}
	clear(p.types)
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
	p.header(f)
	p.block(entry)
	err := s.writeMid(p.w)
	recycle(entry)
	for _, b := range rest {
		p.w.WriteByte('\n')
		p.block(b)
		recycle(b)
	}
	p.w.WriteString("}")
	s.checkPrinted(f)
	return err
}

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
