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
	bl := fc.bl
	direct := func() value.Value {
		return bl.b.NewCall(fn, append(append([]value.Value{}, args...), i64c(0), i64c(1))...)
	}
	min := fc.mod.opts.ParallelMin
	if min <= 0 {
		return direct()
	}
	if n, ok := constVal(total); ok && n < min {
		return direct()
	}
	mc := fc.mod
	wrapperT := types.NewPointer(types.NewFunc(types.Void, i8p))
	gomp := mc.weak("GOMP_parallel", types.Void, wrapperT, i8p, types.I32, types.I32)
	var cond value.Value = bl.b.NewICmp(enum.IPredNE, gomp, constant.NewNull(gomp.Typ))
	if _, static := constVal(total); !static {
		cond = bl.and(cond, bl.icmp(enum.IPredSGE, total, i64c(min)))
	}
	slot := bl.alloca(types.I64)
	bl.ifElse(cond, "parallel", func() {
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
		faults := bl.fieldPtr(st, data, len(args), -1)
		bl.b.NewStore(i64c(0), faults)
		bl.b.NewCall(gomp, o.fn, bl.b.NewBitCast(data, i8p), constant.NewInt(types.I32, 0), constant.NewInt(types.I32, 0))
		bl.b.NewStore(bl.b.NewLoad(types.I64, faults), slot)
	}, func() {
		bl.b.NewStore(direct(), slot)
	})
	return bl.b.NewLoad(types.I64, slot)
}

// ompEntry is a nest function's argument struct and GOMP_parallel
// wrapper.
type ompEntry struct {
	st *types.StructType
	fn *llvm.Func
}

// ompWrapper defines `void fn.omp(i8* data)`: unpack the captures, run
// this thread's share of the nest, and OR its fault bits into the shared
// word atomically.
func (fc *funcCtx) ompWrapper(fn *llvm.Func, st *types.StructType, n int) *llvm.Func {
	mc := fc.mod
	d := llvm.NewParam("data", i8p)
	w := mc.m.NewFunc(mc.symbol(fn.Name()+".omp"), types.Void, d)
	w.Linkage = enum.LinkageInternal
	mc.funcAttrs(w)
	b := w.NewBlock("entry")
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
	tid := b.NewCall(mc.weak("omp_get_thread_num", types.I32))
	cnt := b.NewCall(mc.weak("omp_get_num_threads", types.I32))
	args = append(args, b.NewSExt(tid, types.I64), b.NewSExt(cnt, types.I64))
	r := b.NewCall(fn, args...)
	b.NewAtomicRMW(enum.AtomicOpOr, field(n), r, enum.AtomicOrderingMonotonic)
	b.NewRet(nil)
	mc.finish(w)
	return w
}
