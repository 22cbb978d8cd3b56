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
	f := mc.intrinsic(name, ret, params...)
	f.Linkage = enum.LinkageExternWeak
	return f
}

// runNest calls a nest function on the whole iteration space: directly,
// or through GOMP_parallel when the nest is large and libgomp is linked.
// It returns the fault bits.
func (fc *funcCtx) runNest(fn *llvm.Func, args []value.Value, total value.Value) value.Value {
	mc := fc.mod
	if o := mc.omp[fn]; o.packed {
		return fc.runPacked(fn, o, args, total)
	}
	bl := fc.bl
	direct := func() value.Value {
		return bl.b.NewCall(fn, append(append([]value.Value{}, args...), i64c(0), i64c(1))...)
	}
	return fc.threaded(total, direct, func(gomp *llvm.Func) value.Value {
		// Pack the captures and a fault word into one struct the
		// wrapper unpacks on every thread: one struct type and one
		// wrapper per nest function, however many calls share it.
		o, ok := mc.omp[fn]
		if !ok {
			fields := make([]types.Type, 0, len(args)+1)
			for _, a := range args {
				fields = append(fields, a.Type())
			}
			fields = append(fields, types.I64)
			// Named: a literal struct is printed in full at every use,
			// which is quadratic in the captures of a large nest.
			o.st = types.NewStruct(fields...)
			o.st.SetName(fn.Name() + ".args")
			mc.m.TypeDefs = append(mc.m.TypeDefs, o.st)
			o.fn = fc.ompWrapper(fn, o.st, len(args))
			mc.omp[fn] = o
		}
		st := o.st
		data := bl.alloca(st)
		for i, a := range args {
			bl.b.NewStore(a, bl.fieldPtr(st, data, i, -1))
		}
		return fc.startTeam(gomp, o, bl.b.NewBitCast(data, i8p), bl.fieldPtr(st, data, len(args), -1))
	})
}

// threaded returns what parallel leaves (it calls GOMP_parallel) when
// libgomp is linked and the nest has at least Options.ParallelMin
// elements, and what direct leaves otherwise: the fault bits.
func (fc *funcCtx) threaded(total value.Value, direct func() value.Value, parallel func(gomp *llvm.Func) value.Value) value.Value {
	min := fc.mod.opts.ParallelMin
	if min <= 0 {
		return direct()
	}
	if n, ok := constVal(total); ok && n < min {
		return direct()
	}
	bl := fc.bl
	wrapperT := types.NewPointer(types.NewFunc(types.Void, i8p))
	gomp := fc.mod.weak("GOMP_parallel", types.Void, wrapperT, i8p, types.I32, types.I32)
	var cond value.Value = bl.b.NewICmp(enum.IPredNE, gomp, constant.NewNull(gomp.Typ))
	if _, static := constVal(total); !static {
		cond = bl.and(cond, bl.icmp(enum.IPredSGE, total, i64c(min)))
	}
	slot := bl.alloca(types.I64)
	bl.ifElse(cond, "parallel", func() {
		bl.b.NewStore(parallel(gomp), slot)
	}, func() {
		bl.b.NewStore(direct(), slot)
	})
	return bl.b.NewLoad(types.I64, slot)
}

// startTeam runs o's wrapper on GOMP's threads with data, whose faults
// field the threads OR their fault bits into, and returns those bits.
func (fc *funcCtx) startTeam(gomp *llvm.Func, o ompEntry, data, faults value.Value) value.Value {
	bl := fc.bl
	bl.b.NewStore(i64c(0), faults)
	bl.b.NewCall(gomp, o.fn, data, constant.NewInt(types.I32, 0), constant.NewInt(types.I32, 0))
	return bl.b.NewLoad(types.I64, faults)
}

// ompEntry is a nest function's argument struct and GOMP_parallel
// wrapper; packed when the function itself takes the struct.
type ompEntry struct {
	st     *types.StructType
	fn     *llvm.Func
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
	i := len(pk.st.Fields)
	pk.st.Fields = append(pk.st.Fields, v.Type())
	g := bl.entry.NewGetElementPtr(pk.st, pk.p, i32c(0), i32c(int64(i)))
	g.InBounds = true
	return bl.entry.NewLoad(v.Type(), g)
}

// runPacked calls a packed function: its arguments stored once, then on
// GOMP's threads through a small wrapper, or directly as thread 0 of 1.
func (fc *funcCtx) runPacked(fn *llvm.Func, o ompEntry, args []value.Value, total value.Value) value.Value {
	bl, mc := fc.bl, fc.mod
	data := bl.alloca(o.st)
	for i, a := range args {
		bl.b.NewStore(a, bl.fieldPtr(o.st, data, i, -1))
	}
	raw := bl.b.NewBitCast(data, i8p)
	direct := func() value.Value { return bl.b.NewCall(fn, raw, i64c(0), i64c(1)) }
	return fc.threaded(total, direct, func(gomp *llvm.Func) value.Value {
		if o.fn == nil {
			o.fn = fc.packedWrapper(fn, o.st)
			mc.omp[fn] = o
		}
		return fc.startTeam(gomp, o, raw, bl.fieldPtr(o.st, data, len(o.st.Fields)-1, -1))
	})
}

// packedWrapper defines `void fn.omp(i8* data)`: run this thread's share
// and OR its fault bits into the struct's last field atomically.
func (fc *funcCtx) packedWrapper(fn *llvm.Func, st *types.StructType) *llvm.Func {
	w, b, d := fc.mod.wrapperShell(fn)
	tid, cnt := threadOf(fc.mod, b)
	r := b.NewCall(fn, d, tid, cnt)
	g := b.NewGetElementPtr(st, b.NewBitCast(d, types.NewPointer(st)), i32c(0), i32c(int64(len(st.Fields)-1)))
	g.InBounds = true
	return fc.mod.endWrapper(w, b, g, r)
}

// wrapperShell starts `void fn.omp(i8* data)`.
func (mc *moduleCtx) wrapperShell(fn *llvm.Func) (*llvm.Func, *llvm.Block, *llvm.Param) {
	d := llvm.NewParam("data", i8p)
	w := mc.m.NewFunc(mc.symbol(fn.Name()+".omp"), types.Void, d)
	w.Linkage = enum.LinkageInternal
	mc.funcAttrs(w)
	return w, w.NewBlock("entry"), d
}

// threadOf is this thread's number and the team's size, as i64.
func threadOf(mc *moduleCtx, b *llvm.Block) (tid, cnt value.Value) {
	t := b.NewCall(mc.weak("omp_get_thread_num", types.I32))
	n := b.NewCall(mc.weak("omp_get_num_threads", types.I32))
	return b.NewSExt(t, types.I64), b.NewSExt(n, types.I64)
}

// endWrapper ORs the fault bits r into *faults and completes w.
func (mc *moduleCtx) endWrapper(w *llvm.Func, b *llvm.Block, faults, r value.Value) *llvm.Func {
	b.NewAtomicRMW(enum.AtomicOpOr, faults, r, enum.AtomicOrderingMonotonic)
	b.NewRet(nil)
	mc.finish(w)
	return w
}

// ompWrapper defines `void fn.omp(i8* data)`: unpack the captures, run
// this thread's share of the nest, and OR its fault bits into the shared
// word atomically.
func (fc *funcCtx) ompWrapper(fn *llvm.Func, st *types.StructType, n int) *llvm.Func {
	w, b, d := fc.mod.wrapperShell(fn)
	p := b.NewBitCast(d, types.NewPointer(st))
	field := func(i int) value.Value {
		g := b.NewGetElementPtr(st, p, i32c(0), i32c(int64(i)))
		g.InBounds = true
		return g
	}
	args := make([]value.Value, 0, n+2)
	for i := 0; i < n; i++ {
		args = append(args, b.NewLoad(st.Fields[i], field(i)))
	}
	tid, cnt := threadOf(fc.mod, b)
	r := b.NewCall(fn, append(args, tid, cnt)...)
	return fc.mod.endWrapper(w, b, field(n), r)
}
