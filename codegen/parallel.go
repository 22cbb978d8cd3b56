package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Multi-threading uses libgomp's GOMP_parallel, the runtime gcc's OpenMP
// code calls (no home-made scheduler): a nest with at least
// Options.ParallelMin elements is run by every thread of the team, each
// taking a contiguous share of its outermost loop. GOMP_parallel and
// omp_get_thread_num/omp_get_num_threads are declared extern_weak, so a
// program linked without -lgomp still links and runs single-threaded;
// with -lgomp the thread count is libgomp's (OMP_NUM_THREADS, or
// omp_set_num_threads at run time).

// DefaultParallelMin is the element count from which a loop nest runs on
// several threads: below about a million elements (4 MB of f32) the
// team's start-up (a few microseconds) outweighs the gain.
const DefaultParallelMin = 1 << 20

func (mc *moduleCtx) weak(name string, ret types.Type, params ...types.Type) *llvm.Func {
	return mc.declareExtern(name, func(f *llvm.Func) { f.Linkage = enum.LinkageExternWeak }, ret, params...)
}

// runNest calls a nest function on the whole iteration space and
// returns its fault bits: directly as thread 0 of 1 unless its plan says
// it may run on threads (may: plan.Threads), otherwise through the nest's
// runner (runner), which starts GOMP's team when libgomp is linked and
// the nest has at least Options.ParallelMin elements. A packed function's
// captures are stored into its struct first.
func (fc *funcCtx) runNest(fn *llvm.Func, args []value.Value, total value.Value, may bool) value.Value {
	bl, mc := fc.bl, fc.mod
	if o := mc.ompOf(fn); o.packed {
		data := bl.alloca(o.st)
		for i, a := range args {
			store(bl.b, a, bl.fieldPtr(o.st, data, i, -1))
		}
		args = []value.Value{bl.b.NewBitCast(data, i8p)}
	}
	call := append(make([]value.Value, 0, len(args)+2), args...)
	if !may {
		return bl.b.NewCall(fn, append(call, i64c(0), i64c(1))...)
	}
	return bl.b.NewCall(mc.runner(fn), append(call, total)...)
}

// runner defines, once per nest function, `i64 fn.run(captures..., i64
// total)` (`i64 fn.run(i8* data, i64 total)` for a packed one): if
// libgomp is linked and total is at least Options.ParallelMin, run fn on
// GOMP's team through its wrapper, which unpacks the captures (stored
// into fn.args) on every thread and ORs the threads' fault bits into the
// struct's last field; otherwise call fn as thread 0 of 1. It is inlined
// at each call, where a constant total folds the test; every function
// calling the nest shares it, so a call site is one line.
func (mc *moduleCtx) runner(fn *llvm.Func) *llvm.Func {
	var o ompEntry
	if mc.have(func() bool { o = mc.omp[fn]; return o.run != nil }) {
		return o.run
	}
	nargs := len(fn.Params) - 2 // without thread and threads
	params := make([]*llvm.Param, 0, nargs+1)
	for _, p := range fn.Params[:nargs] {
		params = append(params, llvm.NewParam(p.LocalName, p.Typ))
	}
	total := llvm.NewParam("total", types.I64)
	run := mc.m.NewFunc(mc.symbol(fn.Name()+".run"), types.I64, append(params, total)...)
	run.Linkage = enum.LinkageInternal
	run.FuncAttrs = append(run.FuncAttrs, enum.FuncAttrAlwaysInline)
	mc.funcAttrs(run)
	entry := run.NewBlock("entry")
	team, alone := run.NewBlock("team"), run.NewBlock("alone")
	var data, faults value.Value
	if o.packed {
		data = params[0]
		faults = fieldAt(team, o.st, team.NewBitCast(data, types.NewPointer(o.st)), len(o.st.Fields)-1)
	} else {
		// Named: a literal struct is printed in full at every use,
		// which is quadratic in the captures of a large nest.
		fields := make([]types.Type, 0, nargs+1)
		for _, p := range params {
			fields = append(fields, p.Typ)
		}
		o.st = types.NewStruct(append(fields, types.I64)...)
		o.st.SetName(fn.Name() + ".args")
		mc.defineType(o.st)
		slot := entry.NewAlloca(o.st)
		for i, p := range params {
			store(team, p, fieldAt(team, o.st, slot, i))
		}
		data, faults = team.NewBitCast(slot, i8p), fieldAt(team, o.st, slot, nargs)
	}
	wrapperT := types.NewPointer(types.NewFunc(types.Void, i8p))
	gomp := mc.weak("GOMP_parallel", types.Void, wrapperT, i8p, types.I32, types.I32)
	linked := entry.NewICmp(enum.IPredNE, gomp, constant.NewNull(gomp.Typ))
	big := entry.NewICmp(enum.IPredSGE, total, i64c(mc.opts.ParallelMin))
	entry.NewCondBr(entry.NewAnd(linked, big), team, alone)

	direct := make([]value.Value, 0, nargs+2)
	for _, p := range params {
		direct = append(direct, p)
	}
	alone.NewRet(alone.NewCall(fn, append(direct, i64c(0), i64c(1))...))

	if o.fn == nil {
		o.fn = mc.ompWrapper(fn, o)
	}
	store(team, i64c(0), faults)
	team.NewCall(gomp, o.fn, data, i32c(0), i32c(0))
	team.NewRet(team.NewLoad(types.I64, faults))
	mc.finish(run)
	o.run = run
	mc.publish(func() { mc.omp[fn] = o })
	return run
}

// ompOf is the argument struct, wrapper and runner of nest function fn,
// as far as they are made.
func (mc *moduleCtx) ompOf(fn *llvm.Func) ompEntry {
	var o ompEntry
	mc.read(func() bool { o = mc.omp[fn]; return true })
	return o
}

// fieldAt is the address of field i of the struct st at p, built in b.
func fieldAt(b *llvm.Block, st *types.StructType, p value.Value, i int) value.Value {
	g := b.NewGetElementPtr(st, p, i32c(0), i32c(int64(i)))
	g.InBounds = true
	return g
}

// ompEntry is a nest function's argument struct (its captures, then the
// fault bits GOMP's threads OR theirs into), its wrapper for
// GOMP_parallel and its runner; packed when the function itself takes
// the struct.
type ompEntry struct {
	st     *types.StructType
	fn     *llvm.Func
	run    *llvm.Func
	packed bool
}

// packedArgs are the captures of a function that takes them in one
// struct, `i64 fn(i8* data, i64 thread, i64 threads)`: a row group's
// function passes its members' arguments, dozens of them, and a wrapper
// for GOMP_parallel unpacking each and a direct call listing each were
// most of its text. The last field, added when the function is complete,
// receives the fault bits of GOMP's threads.
type packedArgs struct {
	st *types.StructType
	p  value.Value // data as a pointer to st
}

func newPacked(ns *nest) *packedArgs {
	data := llvm.NewParam("data", i8p)
	ns.fn.Params = append(ns.fn.Params, data)
	ns.fn.Sig.Params = append(ns.fn.Sig.Params, i8p)
	st := types.NewStruct()
	st.SetName(ns.fn.Name() + ".args")
	return &packedArgs{st: st, p: ns.bl.entry.NewBitCast(data, types.NewPointer(st))}
}

// field adds v's field and loads it at the function's entry.
func (pk *packedArgs) field(bl *builder, v value.Value) value.Value {
	pk.st.Fields = append(pk.st.Fields, v.Type())
	return bl.entry.NewLoad(v.Type(), fieldAt(bl.entry, pk.st, pk.p, len(pk.st.Fields)-1))
}

// ompWrapper defines `void fn.omp(i8* data)`: run this thread's share of
// the nest (unpacking its captures from o.st unless fn takes the struct)
// and OR its fault bits into the struct's last field atomically.
func (mc *moduleCtx) ompWrapper(fn *llvm.Func, o ompEntry) *llvm.Func {
	d := llvm.NewParam("data", i8p)
	w := mc.m.NewFunc(mc.symbol(fn.Name()+".omp"), types.Void, d)
	w.Linkage = enum.LinkageInternal
	mc.funcAttrs(w)
	b := w.NewBlock("entry")
	p := b.NewBitCast(d, types.NewPointer(o.st))
	last := len(o.st.Fields) - 1
	var args []value.Value
	if o.packed {
		args = []value.Value{d}
	} else {
		for i := 0; i < last; i++ {
			args = append(args, b.NewLoad(o.st.Fields[i], fieldAt(b, o.st, p, i)))
		}
	}
	tid := b.NewCall(mc.weak("omp_get_thread_num", types.I32))
	cnt := b.NewCall(mc.weak("omp_get_num_threads", types.I32))
	r := b.NewCall(fn, append(args, b.NewSExt(tid, types.I64), b.NewSExt(cnt, types.I64))...)
	b.NewAtomicRMW(enum.AtomicOpOr, fieldAt(b, o.st, p, last), r, enum.AtomicOrderingMonotonic)
	b.NewRet(nil)
	mc.finish(w)
	return w
}
