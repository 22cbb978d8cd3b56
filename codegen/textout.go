package codegen

import (
	"fmt"
	"sync"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"

	"github.com/tirc/tirc/codegen/llvmtext"
)

// textOut is the LLVM text a context writes (module.go) and what writing
// it reuses: the printer and its queue, the named types waiting to be
// defined, the functions printed while they are built (stream.go), and
// the instruction lists and text chunks of printed functions kept for
// the next ones.
type textOut struct {
	// out receives the text of each function definition as soon as it is
	// complete, and then its blocks are dropped, so memory stays
	// proportional to the function being built, not the module; the
	// module-level entities follow at the end (writeModule).
	out *llvmtext.Text
	pr  *llvmtext.Printer // writes into out
	// typeDefs are the named types made since the last function was
	// printed: they are written before it (writeTypeDefs).
	typeDefs []types.Type
	// streams are the functions printed while they are built (stream.go).
	streams map[*llvm.Func]*llvmtext.Streamer
	ioErr   error // the first failure of a temporary file (stream.go)
	// spareChunk is the first chunk of the text of the last function
	// streamed, for the next one (stream.go).
	spareChunk []byte
	// spareInsts are the emptied instruction lists of printed blocks,
	// for new blocks (recycle; under spareMu: the printer's goroutine
	// returns them).
	spareInsts [][]llvm.Instruction
	spareMu    sync.Mutex
	// async, when set, prints on a goroutine of its own (later).
	async *llvmtext.Queue
}

// later runs job after the printing jobs queued before it: on the
// printing goroutine when there is one, at once otherwise.
func (mc *textOut) later(job func()) { mc.async.Later(job) }

// printAsync starts a goroutine that runs mc's printing jobs; wait runs
// the jobs still queued, stops it, and panics with a job's panic (an
// internal error, as when printing at once).
func (mc *textOut) printAsync() (wait func()) {
	q := llvmtext.StartQueue()
	mc.async = q
	return func() {
		mc.async = nil
		q.Wait()
	}
}

// write appends s to the output, after what is queued (later).
func (mc *textOut) write(s string) {
	mc.later(func() { mc.out.WriteString(s) })
}

// writeTypeDefs prints the type definitions made since the last call and
// drops them: LLVM's parser wants a named type defined before an
// instruction needs its size, so each goes before the first function
// that uses it.
func (mc *textOut) writeTypeDefs() {
	for _, t := range mc.typeDefs {
		mc.write("\n" + t.String() + " = type " + t.LLString() + "\n")
	}
	mc.typeDefs = mc.typeDefs[:0]
}

// recycle keeps the instruction list of printed block b, emptied, for a
// new block: a block's list grows by doubling, and a module of many small
// functions spent a tenth of its allocations growing them again.
func (mc *textOut) recycle(b *llvm.Block) {
	if llvmtext.LLIROnly || cap(b.Insts) > 256 {
		b.Insts = nil
		return
	}
	clear(b.Insts)
	mc.spareMu.Lock()
	if len(mc.spareInsts) < 256 {
		mc.spareInsts = append(mc.spareInsts, b.Insts[:0])
	}
	mc.spareMu.Unlock()
	b.Insts = nil
}

// spareList is an emptied instruction list for a new block, or nil.
func (mc *textOut) spareList() []llvm.Instruction {
	mc.spareMu.Lock()
	defer mc.spareMu.Unlock()
	n := len(mc.spareInsts)
	if n == 0 {
		return nil
	}
	l := mc.spareInsts[n-1]
	mc.spareInsts = mc.spareInsts[:n-1]
	return l
}

// closeStreams closes the temporary files of functions whose lowering
// failed (finishStreamed closes the others).
func (mc *textOut) closeStreams() {
	for fn, s := range mc.streams {
		s.Close()
		delete(mc.streams, fn)
	}
}

// finishStreamed prints a function whose complete blocks were printed
// while it was built; the first chunk of its text serves the next one.
func (mc *textOut) finishStreamed(f *llvm.Func, s *llvmtext.Streamer) {
	if c := s.FirstChunk(); c != nil && !llvmtext.LLIROnly {
		mc.spareChunk = c // written out by Finish, then reused
	}
	if err := s.Finish(mc.pr, f, mc.recycle); err != nil && mc.ioErr == nil {
		mc.ioErr = fmt.Errorf("the body of @%s: %v", f.Name(), err)
	}
}
