package codegen

import (
	"runtime"
	"sync"

	llvm "github.com/llir/llvm/ir"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/ir"
)

// Lowering functions in parallel. A module of many functions is cut into
// shards, runs of consecutive functions, lowered by as many goroutines as
// there are cores, each shard into a text of its own; the texts are
// written in order. The output is the same, byte for byte, as lowering
// the functions one after the other: shards share the module (its
// strings, helpers, descriptor types, nests), and what one shard finds
// there, another lowering in order would have found too, because the
// module only ever grows in the order of the functions:
//
//   - A shard reads the module's maps freely (under module.mu).
//   - It changes the module only on its turn: once every shard before it
//     has finished (turns). A shard that needs something the module lacks
//     (a nest not built yet, a new message format) waits for its turn,
//     then looks again -- an earlier shard may have made it meanwhile --
//     and makes it if it is still missing, with the names and in the
//     place (its own text) that lowering in order gives.
//   - A function's own globals are named after it (ownSymbol), so
//     making them needs no turn; nor does making the llir function of
//     another function it calls (entry).
//
// Most functions of a large module find everything they need made by the
// functions before them, so shards rarely wait (of 100k one-op
// functions, the first shard's make what all the others need). A module
// of one function, or of a few, is lowered in order, as is everything
// with one core; its printing then goes to another goroutine (output.go).

// turns says which shard may change the module: the first one not
// finished.
type turns struct {
	mu   sync.Mutex
	cond sync.Cond
	next int    // the shard holding the turn
	done []bool // by shard
	// failed is set when a shard panicked (an internal error): the
	// others stop at their next function.
	failed bool
}

func newTurns(n int) *turns {
	t := &turns{done: make([]bool, n)}
	t.cond.L = &t.mu
	return t
}

// wait returns when shard k holds the turn.
func (t *turns) wait(k int) {
	t.mu.Lock()
	for t.next != k {
		t.cond.Wait()
	}
	t.mu.Unlock()
}

// finish marks shard k finished and passes the turn on.
func (t *turns) finish(k int, failed bool) {
	t.mu.Lock()
	t.done[k] = true
	t.failed = t.failed || failed
	for t.next < len(t.done) && t.done[t.next] {
		t.next++
	}
	t.cond.Broadcast()
	t.mu.Unlock()
}

func (t *turns) hasFailed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}

// await returns once this context may change the module (at once
// without shards).
func (mc *moduleCtx) await() {
	if mc.turn {
		return
	}
	mc.turns.wait(mc.shard)
	mc.turn = true
}

// mustTurn panics unless this context may change the module: a change
// off the turn would make the output depend on timing.
func (mc *moduleCtx) mustTurn() {
	if !mc.turn {
		panic("internal error: a shard changed the module before its turn")
	}
}

// have reports whether look finds what it looks for in the module. When
// it does not, the caller may make it: have has waited for this
// context's turn and looked again first.
func (mc *moduleCtx) have(look func() bool) bool {
	if mc.read(look) {
		return true
	}
	if mc.turn {
		return false
	}
	mc.await()
	return look()
}

// read runs look, which reads the module's maps: under the read lock
// unless this context holds the turn (then nothing else changes them).
func (mc *moduleCtx) read(look func() bool) bool {
	if mc.turn {
		return look()
	}
	mc.mu.RLock()
	defer mc.mu.RUnlock()
	return look()
}

// publish makes a change to the module's maps, on this context's turn.
func (mc *moduleCtx) publish(change func()) {
	mc.mustTurn()
	mc.mu.Lock()
	change()
	mc.mu.Unlock()
}

// lowerOne lowers f and prints its LLVM functions.
func (mc *moduleCtx) lowerOne(f *ir.Func) (diags ir.Diagnostics) {
	if err := lowerGuarded(mc, f); err != nil {
		return ir.Diagnostics{asDiag(err, f.Pos)}
	}
	if g := mc.general(f.Name); g != nil {
		if err := mc.lowerFastEntry(f, g); err != nil {
			diags = append(diags, asDiag(err, f.Pos))
		}
	}
	var bare *llvm.Func
	if name := mc.decls[f.Name].bare; name != "" {
		bare = mc.emitBare(f, name, mc.entry(f.Name))
	}
	mc.finishEntries(f, bare)
	mc.writeTypeDefs() // made after f was printed: before the next function
	return diags
}

// minShardOps is the fewest ops a shard is given: below it, the cost of a
// shard (its own text, a goroutine, waiting for its turn) is not paid
// back. Tests set it to 1, and shardCores, when not 0, instead of the
// number of cores, to cut even small modules into many shards.
var (
	minShardOps = 1024
	shardCores  = 0
)

// bodies are m's functions with a body.
func bodies(m *ir.Module) []*ir.Func {
	var fs []*ir.Func
	for _, f := range m.Funcs {
		if !f.External {
			fs = append(fs, f)
		}
	}
	return fs
}

func cores() int {
	if shardCores > 0 {
		return shardCores
	}
	return runtime.GOMAXPROCS(0)
}

// lowerAll lowers the functions with a body, in shards when the module is
// large enough and there is more than one core.
func (mc *moduleCtx) lowerAll(fs []*ir.Func) ir.Diagnostics {
	cores := cores()
	shards := cutShards(fs, cores)
	if len(shards) < 2 {
		if cores > 1 { // printing on another core (output.go)
			defer mc.printAsync()()
		}
		var diags ir.Diagnostics
		for _, f := range fs {
			diags = append(diags, mc.lowerOne(f)...)
		}
		return diags
	}
	diags := mc.lowerShards(shards, cores)
	clear(mc.plans) // declare's, which the shards read
	return diags
}

// cutShards cuts fs into runs of consecutive functions of about equal
// op counts, many per core: the cores stay busy to the end, a shard
// waiting for the one before it to finish waits little, and few shards'
// texts wait to be written. It returns nil when one core or a module too
// small makes shards not worth it.
func cutShards(fs []*ir.Func, cores int) [][]*ir.Func {
	if cores < 2 || len(fs) < 2 {
		return nil
	}
	total := 0
	for _, f := range fs {
		total += f.NumOps()
	}
	per := max(total/(64*cores), minShardOps)
	if total < 2*per {
		return nil
	}
	var shards [][]*ir.Func
	start, ops := 0, 0
	for i, f := range fs {
		ops += f.NumOps()
		if ops >= per || i == len(fs)-1 {
			shards = append(shards, fs[start:i+1])
			start, ops = i+1, 0
		}
	}
	return shards
}

// shardResult is what lowering a shard gave: its text (in memory, or in
// a temporary file beyond llvmtext.SpillAt), diagnostics, and a panic.
type shardResult struct {
	text     *llvmtext.Streamer
	diags    ir.Diagnostics
	ioErr    error
	panicked any
}

// lowerShards lowers the shards on goroutines (two per core: one waiting
// for its turn leaves the core to another), writing each shard's text
// into mc.out once it and every shard before it are done. A shard starts
// only a few shards ahead of the first one not written, so memory holds
// a few shards' texts at most (a shard is about a 64th of a core's share
// of the module).
func (mc *moduleCtx) lowerShards(shards [][]*ir.Func, cores int) ir.Diagnostics {
	n := len(shards)
	mc.turns, mc.turn = newTurns(n), false
	results := make([]shardResult, n)
	workers := min(2*cores, n)
	ahead := workers + cores
	var (
		mu      sync.Mutex
		cond    = sync.Cond{L: &mu}
		next    int // the next shard to start
		written int // the shards written so far
		done    = make([]bool, n)
		wg      sync.WaitGroup
		pool    llvmtext.ChunkPool // the chunks of the shards' texts
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				for next < n && next >= written+ahead {
					cond.Wait()
				}
				if next >= n {
					mu.Unlock()
					return
				}
				k := next
				next++
				mu.Unlock()
				results[k] = mc.lowerShard(k, shards[k], &pool)
				mc.turns.finish(k, results[k].panicked != nil)
				mu.Lock()
				done[k] = true
				for written < n && done[written] {
					r := &results[written]
					if err := r.text.MoveTo(mc.out); err != nil && r.ioErr == nil {
						r.ioErr = err
					}
					r.text = nil
					written++
				}
				cond.Broadcast()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	mc.turns, mc.turn = nil, true
	var diags ir.Diagnostics
	for _, r := range results {
		if r.panicked != nil {
			panic(r.panicked)
		}
		diags = append(diags, r.diags...)
		if r.ioErr != nil && mc.ioErr == nil {
			mc.ioErr = r.ioErr
		}
	}
	return diags
}

// lowerShard lowers the functions of shard k into a text of its own.
func (mc *moduleCtx) lowerShard(k int, fs []*ir.Func, pool *llvmtext.ChunkPool) (r shardResult) {
	r.text = llvmtext.NewStreamer(pool)
	sc := newCtx(mc.module, r.text.Text(), mc)
	sc.shard = k
	defer func() {
		sc.closeStreams()
		r.ioErr = sc.ioErr
		if p := recover(); p != nil {
			r.panicked = p
		}
	}()
	for _, f := range fs {
		if mc.turns.hasFailed() {
			break // another shard panicked: the output is lost anyway
		}
		r.diags = append(r.diags, sc.lowerOne(f)...)
		r.text.MaybeSpill()
	}
	return r
}
