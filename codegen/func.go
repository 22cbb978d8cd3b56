package codegen

import (
	"fmt"
	"math"
	"strconv"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// lowered is what a tirc value became: a tensor in memory (view), or an
// LLVM value — a scalar, an LLVM vector (tirc vector types), or a splat
// constant standing for a whole tensor of the given sizes.
type lowered struct {
	view   *view
	scalar value.Value
	sizes  []value.Value // of a splat tensor
}

// funcCtx lowers one tirc function into the LLVM function of its
// llfunc (failpath.go).
type funcCtx struct {
	llfunc
	vals    []*lowered
	inlined []bool        // by value ID: computed inside its single user's loop nest
	temps   []value.Value // i8* slots of buffers freed at exit
	results []*result
	fusion  *plan.Fusion
	// rows runs the function's row groups (group.go).
	rows rowsEmitter
	// plan is the function's plan, made before it is emitted
	// (plan.PlanCarries, plan.Prepass: planrec.go); the emitter builds
	// what it says.
	plan *plan.Func
	// built counts the plan's nests built so far (nestLayout),
	// contracts its contractions (contractRec).
	built, contracts int
	// sinks are the nest roots that compute in place over a
	// contraction's result, with its buffer (contract_fuse.go).
	sinks map[*ir.Op]*view
	// fused are the ops a contraction's epilogue computes
	// (contract_epilogue.go).
	fused map[*ir.Op]bool
	// streamer prints the blocks of the function as they are completed
	// (stream.go); nil in a fast entry.
	streamer *llvmtext.Streamer
	// scf lowers the ops with regions (scf.go): nil until the first
	// temporary or op with regions (regions).
	scf *scfEmitter
}

// result is one tensor result of the function: its descriptor parameter
// and the slot holding the buffer the callee allocated for it (null when
// the caller provided it or nothing was allocated yet).
type result struct {
	typ    *ir.TensorType
	desc   value.Value
	owned  value.Value
	filled bool  // written directly by the op computing it
	view   *view // the caller's buffer, in a fast entry
}

// signature returns the LLVM parameters of f under the ABI:
// descriptors by pointer, scalars by value, results by pointer.
func (mc *moduleCtx) signature(f *ir.Func) ([]*llvm.Param, error) {
	var ps []*llvm.Param
	for i, a := range f.Args() {
		t, err := mc.abiType(a.Type(), false)
		if err != nil {
			return nil, ir.Errorf(f.Pos, "argument #%d of @%s: %v", i, f.Name, err)
		}
		ps = append(ps, llvm.NewParam(fmt.Sprintf("arg%d", i), t))
	}
	for i, rt := range f.ResultTypes {
		t, err := mc.abiType(rt, true)
		if err != nil {
			return nil, ir.Errorf(f.Pos, "result #%d of @%s: %v", i, f.Name, err)
		}
		p := llvm.NewParam(fmt.Sprintf("res%d", i), t)
		p.Attrs = append(p.Attrs, enum.ParamAttrNoCapture)
		ps = append(ps, p)
	}
	return ps, nil
}

// abiType is the LLVM type a value of type t is passed as.
func (mc *moduleCtx) abiType(t ir.Type, isResult bool) (types.Type, error) {
	switch t := t.(type) {
	case *ir.TensorType:
		if t.Unranked {
			return nil, fmt.Errorf("unranked tensor type '%s' cannot be lowered; run -infer-shapes (and -arg-shapes) to give it a rank", ir.TypeString(t))
		}
		if len(t.Shape) > ir.MaxRank {
			return nil, fmt.Errorf("rank %d is above the maximum %d", len(t.Shape), ir.MaxRank)
		}
		return types.NewPointer(mc.descType(t.Elem, len(t.Shape))), nil
	case *ir.VectorType:
		return types.NewPointer(storageType(t.Elem)), nil
	case *ir.Scalar:
		if isResult {
			return types.NewPointer(storageType(t)), nil
		}
		return storageType(t), nil
	}
	return nil, fmt.Errorf("type '%s' cannot be lowered", ir.TypeString(t))
}

// decl is what the declare phase decides for a tirc function, before
// any is lowered: its LLVM name, its general body's name when it has a
// fast entry (fastentry.go) and its bare entry's name (bare.go). The
// llir functions are made from it when first needed (entry, general)
// and dropped once printed: a module of 100k functions does not hold
// 100k llir functions (and their parameters) from start to end.
type decl struct {
	f       *ir.Func
	name    string
	general string // "" without a fast entry
	bare    string // "" without a bare entry
	// own are the function's own globals (ownString, ownSymbol), made
	// while it is lowered and dropped once it is printed.
	own *ownGlobals
}

// declare decides the names of f's LLVM functions. An external function
// is declared at once (writeModule prints the declaration).
func (mc *moduleCtx) declare(m *ir.Module, f *ir.Func) error {
	for i, a := range f.Args() {
		if _, err := mc.abiType(a.Type(), false); err != nil {
			return ir.Errorf(f.Pos, "argument #%d of @%s: %v", i, f.Name, err)
		}
	}
	for i, rt := range f.ResultTypes {
		if _, err := mc.abiType(rt, true); err != nil {
			return ir.Errorf(f.Pos, "result #%d of @%s: %v", i, f.Name, err)
		}
	}
	d := &decl{f: f, name: f.Name}
	if f.Visibility == "private" && !f.External {
		d.name = mc.symbol(cabi.PrivateSymbol(f.Name))
	}
	mc.decls[f.Name] = d
	if f.External {
		ps, _ := mc.signature(f)
		mc.entries[f.Name] = mc.m.NewFunc(d.name, types.I32, ps...)
		return nil
	}
	if mc.fastEntryOK(f) {
		d.general = mc.symbol(f.Name + ".general")
	}
	if d.bare = cabi.BareName(m, f); d.bare != "" {
		mc.symbols[d.bare] = true
	}
	return nil
}

// lookupDecl returns the decl of tirc function name (nil if none).
func (mc *moduleCtx) lookupDecl(name string) *decl {
	if mc.parent != nil {
		return mc.parent.decls[name]
	}
	return mc.decls[name]
}

// entry returns the LLVM function of tirc function name (nil if there is
// none): f itself, or its fast entry when it has one. It is made on first
// use; finishEntries drops it, and a later call makes another with the
// same name and type, which prints the same.
func (mc *moduleCtx) entry(name string) *llvm.Func {
	if fn := mc.entries[name]; fn != nil {
		return fn
	}
	if mc.parent != nil {
		if fn := mc.parent.entries[name]; fn != nil {
			return fn // an external function, declared by the parent
		}
	}
	d := mc.lookupDecl(name)
	if d == nil {
		return nil
	}
	ps, _ := mc.signature(d.f) // checked by declare
	fn := mc.newFunc(d.name, types.I32, ps...)
	if d.f.Visibility == "private" {
		fn.Linkage = enum.LinkageInternal
	}
	mc.funcAttrs(fn)
	mc.entries[name] = fn
	return fn
}

// general returns the LLVM function of the general body of tirc function
// name, or nil when it has no fast entry; made on first use like entry.
func (mc *moduleCtx) general(name string) *llvm.Func {
	if g := mc.generals[name]; g != nil {
		return g
	}
	d := mc.lookupDecl(name)
	if d == nil || d.general == "" {
		return nil
	}
	ps, _ := mc.signature(d.f)
	g := mc.newFunc(d.general, types.I32, ps...)
	g.Linkage = enum.LinkageInternal
	mc.funcAttrs(g)
	g.FuncAttrs = append(g.FuncAttrs, enum.FuncAttrNoInline)
	mc.generals[name] = g
	return g
}

// lowerFunc emits the body of f (into f.general when f has a fast entry).
func (mc *moduleCtx) lowerFunc(f *ir.Func) error {
	fn := mc.entry(f.Name)
	if g := mc.general(f.Name); g != nil {
		fn = g
	}
	fu := mc.fusion(f)
	fc := &funcCtx{llfunc: llfunc{mod: mc, f: f, fn: fn}, vals: make([]*lowered, f.NumValues()), inlined: fu.Inlined, fusion: fu}
	fc.plan = newFuncPlan(mc.opts, f, fu, carryFacts(fc), false)
	fc.bl = newBuilder(mc, fn)
	fc.streamer = llvmtext.NewStreamer(nil)
	s := fc.streamer
	mc.later(func() {
		if c := mc.spareChunk; c != nil {
			// The first chunk of the last function's text, copied out:
			// a module of many small functions allocates one, not one
			// each.
			s.Reuse(c)
			mc.spareChunk = nil
		}
	})
	fc.bl.nameSlots = true
	mc.streams[fn] = fc.streamer
	fc.exit = fc.bl.block("exit")
	fc.status = fc.bl.alloca(types.I32)
	store(fc.bl.entry, i32c(0), fc.status)
	if err := fc.params(); err != nil {
		return err
	}
	var ret *ir.Op
	reads := newLastReads(f, fc.inlined)
	k := -1
	for op := range f.Ops() {
		k++
		if op.Has(ir.TraitTerminator) {
			ret = op
			continue
		}
		if err := fc.lowerOp(op); err != nil {
			return err
		}
		for _, id := range reads.at(k) {
			fc.vals[id] = nil
		}
		fc.stream()
	}
	if ret == nil {
		return ir.Errorf(f.Pos, "@%s has no return", f.Name)
	}
	if err := fc.lowerReturn(ret); err != nil {
		return err
	}
	if err := fc.allBuilt(); err != nil {
		return err
	}
	fc.bl.b.NewBr(fc.exit)
	fc.emitExit()
	fc.bl.finish()
	return nil
}

// params reads the arguments: descriptors become views (checked against
// the static type), scalars and vectors values.
func (fc *funcCtx) params() error {
	bl := fc.bl
	nargs := len(fc.f.Args())
	// Pointers first: nothing is read through a NULL one (desccheck.go).
	for i, a := range fc.f.Args() {
		switch a.Type().(type) {
		case *ir.TensorType:
			// Checked by the descriptor's checker (readDesc), which
			// reads nothing through a NULL one.
		case *ir.VectorType:
			fc.checkNotNull(fc.fn.Params[i], fmt.Sprintf("argument #%d (a vector)", i))
		}
	}
	for k, rt := range fc.f.ResultTypes {
		what := fmt.Sprintf("result #%d's pointer", k)
		if _, ok := rt.(*ir.TensorType); ok {
			what = fmt.Sprintf("result #%d's descriptor", k)
		}
		fc.checkNotNull(fc.fn.Params[nargs+k], what)
	}
	for i, a := range fc.f.Args() {
		p := fc.fn.Params[i]
		switch t := a.Type().(type) {
		case *ir.TensorType:
			p.Attrs = append(p.Attrs, enum.ParamAttrNoCapture)
			v := fc.readDesc(p, t, fmt.Sprintf("argument #%d", i), true)
			fc.vals[a.ID()] = &lowered{view: v}
		case *ir.VectorType:
			fc.vals[a.ID()] = &lowered{scalar: fc.bl.loadVector(p, t)}
		case *ir.Scalar:
			fc.vals[a.ID()] = &lowered{scalar: bl.FromStorage(p, t)}
		}
	}
	for k, rt := range fc.f.ResultTypes {
		if t, ok := rt.(*ir.TensorType); ok {
			r := &result{typ: t, desc: fc.fn.Params[nargs+k], owned: bl.alloca(i8p)}
			store(bl.entry, constant.NewNull(i8p), r.owned)
			fc.results = append(fc.results, r)
		} else {
			fc.results = append(fc.results, nil)
		}
	}
	return nil
}

// readDesc turns a descriptor into a view. Static dims are constants in
// the view; with check (and checks on), the descriptor's sizes are checked
// against them (status 4), dynamic sizes must not be negative, and its
// pointer, offset and strides must be usable (checkLayout).
func (fc *llfunc) readDesc(p value.Value, t *ir.TensorType, what string, check bool) *view {
	bl := fc.bl
	if check && fc.mod.opts.Checks && fc.f != nil {
		// A module-level checker does it (desccheck.go): a function
		// pays a call per descriptor, not the checks' text. (In the
		// checker itself, f is nil and the checks below are made.)
		fc.failWith(bl.b.NewCall(fc.mod.descChecker(t), p, fc.whoName(), fc.mod.cstring(what)))
		check = false
	}
	// One load of the whole descriptor, its fields taken apart: a third
	// of the text of a load per field through its address (LLVM splits
	// the load into the fields used again).
	desc := bl.b.NewLoad(fc.mod.descType(t.Elem, len(t.Shape)), p)
	aligned := bl.b.NewExtractValue(desc, 1)
	off := bl.b.NewExtractValue(desc, 2)
	v := &view{elem: t.Elem, shape: t.Shape, base: bl.gep(storageType(t.Elem), aligned, off)}
	v.sizes, v.strides = make([]value.Value, 0, len(t.Shape)), make([]value.Value, 0, len(t.Shape))
	checks := check && fc.mod.opts.Checks
	for d, s := range t.Shape {
		if s >= 0 && !checks {
			// The static size: the descriptor's field was checked by
			// the checker, or is trusted; it is not read.
			v.strides = append(v.strides, bl.b.NewExtractValue(desc, 4, uint64(d)))
			v.sizes = append(v.sizes, i64c(s))
			continue
		}
		got := bl.b.NewExtractValue(desc, 3, uint64(d))
		v.strides = append(v.strides, bl.b.NewExtractValue(desc, 4, uint64(d)))
		switch {
		case s >= 0:
			fc.fail(bl.b.NewICmp(enum.IPredNE, got, i64c(s)), StatusDesc,
				fmt.Sprintf("%s: descriptor contradicts the static type %s, dimension %d, sizes %%lld and %d", escape(what), escape(ir.TypeString(t)), d, s), got)
			v.sizes = append(v.sizes, i64c(s))
		case checks:
			fc.fail(bl.b.NewICmp(enum.IPredSLT, got, i64c(0)), StatusDesc,
				fmt.Sprintf("%s: descriptor has a negative size, dimension %d, size %%lld", escape(what), d), got)
			v.sizes = append(v.sizes, got)
		default:
			v.sizes = append(v.sizes, got)
		}
	}
	if check {
		fc.checkLayout(t, aligned, off, v.sizes, v.strides, what, false)
	}
	return v
}

// loadVector loads a vector argument (a pointer to its elements).
func (bl *builder) loadVector(p value.Value, t *ir.VectorType) value.Value {
	n, _ := ir.NumElements(t.Shape)
	vt := types.NewVector(uint64(n), storageType(t.Elem))
	ld := bl.b.NewLoad(vt, bl.b.NewBitCast(p, types.NewPointer(vt)))
	ld.Align = llvm.Align(byteSize(t.Elem))
	return bl.FromStorage(ld, t.Elem)
}

// fusion returns which values of f are computed inside their user's loop
// nest (plan.NewFusion; read only): a fusible op whose result has exactly one
// use, by a fusible op. A value with several uses is computed once into a
// buffer (no recomputation); so is a value returned or passed to a call.
// A tree that would read more than maxFusedLeaves operands computes its
// widest subtrees into buffers. The plan is made once for f's fast entry
// check, its fast entry and its general body; finishEntries drops it.
func (mc *moduleCtx) fusion(f *ir.Func) *plan.Fusion {
	p, ok := mc.plans[f]
	if !ok && mc.parent != nil {
		p, ok = mc.parent.plans[f] // made by declare (fastEntryOK)
	}
	if !ok {
		p = plan.NewFusion(f, fusibleLoops)
		plan.FuseProducers(f, p, isContraction) // contract_prologue.go
		mc.plans[f] = p
	}
	return p
}

// reporter defines, once per count n, `void tirc.report.<n>(i8* msg, i8*
// who, i64 a0, ...)`: unless msg is NULL, print it (a format of who and
// the n values) to tirc_error_fd. Every function's exit calls it instead
// of holding the test and the call.
func (mc *moduleCtx) reporter(n int) *llvm.Func {
	name := "tirc.report." + strconv.Itoa(n)
	if f := mc.helper(name); f != nil {
		return f
	}
	msg, who := llvm.NewParam("msg", i8p), llvm.NewParam("who", i8p)
	params := []*llvm.Param{msg, who}
	for i := 0; i < n; i++ {
		params = append(params, llvm.NewParam("a"+strconv.Itoa(i), types.I64))
	}
	f := mc.coldHelper(name, params...)
	entry, say, done := f.NewBlock("entry"), f.NewBlock("report"), f.NewBlock("done")
	entry.NewCondBr(entry.NewICmp(enum.IPredNE, msg, constant.NewNull(i8p)), say, done)
	args := []value.Value{say.NewLoad(types.I32, mc.errorFD())}
	for _, p := range params {
		args = append(args, p)
	}
	say.NewCall(mc.dprintf(), args...)
	say.NewBr(done)
	done.NewRet(nil)
	mc.finish(f)
	return f
}

// releaser defines `void tirc.release(i8* owned, i8* desc)`: a failed
// call frees the result it allocated (owned, unless NULL) and clears the
// descriptor's two pointers (the first two fields of every descriptor).
func (mc *moduleCtx) releaser() *llvm.Func {
	const name = "tirc.release"
	if f := mc.helper(name); f != nil {
		return f
	}
	owned, desc := llvm.NewParam("owned", i8p), llvm.NewParam("desc", i8p)
	f := mc.coldHelper(name, owned, desc)
	entry, free, done := f.NewBlock("entry"), f.NewBlock("free"), f.NewBlock("done")
	entry.NewCondBr(entry.NewICmp(enum.IPredNE, owned, constant.NewNull(i8p)), free, done)
	free.NewCall(mc.free(), owned)
	clearDescPointers(free, free.NewBitCast(desc, types.NewPointer(i8p)))
	free.NewBr(done)
	done.NewRet(nil)
	mc.finish(f)
	return f
}

// coldHelper starts an internal void function of the module called on
// failure paths only.
func (mc *moduleCtx) coldHelper(name string, params ...*llvm.Param) *llvm.Func {
	f := mc.m.NewFunc(mc.symbol(name), types.Void, params...)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrCold)
	mc.funcAttrs(f)
	mc.publishHelper(name, f)
	return f
}

// where names an op in run-time messages: its location and name.
func where(op *ir.Op) string {
	return escape(fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
}

// emitExit frees the temporaries and, on failure, the results the callee
// allocated, then returns the status.
func (fc *funcCtx) emitExit() {
	bl := fc.bl
	bl.b = fc.exit
	bl.depth++ // the exit joins every failure path: nothing once made dominates it
	for _, slot := range fc.temps {
		bl.b.NewCall(fc.mod.free(), bl.b.NewLoad(i8p, slot))
	}
	st := bl.b.NewLoad(types.I32, fc.status)
	if fc.hasOwnedResults() || fc.failMsg != nil {
		// Only a failed call reads the message (a call that succeeds
		// pays one comparison, as before).
		failed := bl.b.NewICmp(enum.IPredNE, st, i32c(0))
		bl.ifThen(failed, "release", func() {
			fc.reportFailure()
			for _, r := range fc.results {
				if r == nil {
					continue
				}
				bl.b.NewCall(fc.mod.releaser(), bl.b.NewLoad(i8p, r.owned), bl.b.NewBitCast(r.desc, i8p))
			}
		})
	}
	bl.b.NewRet(st)
}

func (fc *funcCtx) hasOwnedResults() bool {
	for _, r := range fc.results {
		if r != nil {
			return true
		}
	}
	return false
}

// alloc allocates a 64-byte aligned buffer for a tensor of the given
// sizes, freed at exit unless it becomes a result (owned = slot): slot
// receives the pointer malloc returned, and the aligned one is returned.
func (fc *funcCtx) alloc(e *ir.Scalar, sizes []value.Value, slot value.Value, what string) (aligned value.Value) {
	bl := fc.bl
	size := func() value.Value {
		var bytes value.Value = i64c(byteSize(e))
		var overflow value.Value = constant.False
		for _, s := range sizes {
			a, aok := constVal(bytes)
			c, cok := constVal(s)
			if aok && cok && (c == 0 || a <= (1<<62)/max(c, 1)) {
				bytes = i64c(a * c)
				continue
			}
			f := fc.mod.intrinsic("llvm.umul.with.overflow.i64", types.NewStruct(types.I64, types.I1), types.I64, types.I64)
			r := bl.b.NewCall(f, bytes, s)
			bytes = bl.b.NewExtractValue(r, 0)
			overflow = bl.or(overflow, bl.b.NewExtractValue(r, 1))
		}
		total := bl.add(bytes, i64c(64))
		overflow = bl.or(overflow, bl.icmp(enum.IPredSLT, total, i64c(64)))
		fc.fail(overflow, StatusOOM, escape(what)+": the tensor's byte size overflows")
		return total
	}
	var total value.Value
	if k, ok := sizesKeyOf(byteSize(e), sizes); ok {
		// The buffers of a long function mostly have a few sizes: each
		// is computed and checked once (a second check could not fail).
		total = bl.once(k, size)
	} else {
		total = size()
	}
	p := bl.b.NewCall(fc.mod.allocFunc(), total, slot)
	fc.fail(bl.b.NewICmp(enum.IPredEQ, p, constant.NewNull(i8p)), StatusOOM,
		escape(what)+": out of memory allocating %lld bytes", total)
	return bl.b.NewBitCast(p, types.NewPointer(storageType(e)))
}

// sizesKey keys what builder.once computes from up to four sizes: their
// product (scale 0), or the byte size of a buffer of scale-byte elements.
type sizesKey struct {
	scale int64
	n     int
	sizes [4]value.Value
}

func sizesKeyOf(scale int64, sizes []value.Value) (sizesKey, bool) {
	k := sizesKey{scale: scale, n: len(sizes)}
	if len(sizes) > len(k.sizes) {
		return k, false
	}
	copy(k.sizes[:], sizes)
	return k, true
}

// temp allocates a temporary buffer freed at exit.
func (fc *funcCtx) temp(e *ir.Scalar, shape []int64, sizes []value.Value, what string) *view {
	slot := fc.bl.alloca(i8p)
	store(fc.bl.entry, constant.NewNull(i8p), slot)
	fc.temps = append(fc.temps, slot)
	aligned := fc.alloc(e, sizes, slot, what)
	fc.regions().noteTemp(aligned, slot)
	return &view{elem: e, shape: shape, base: aligned, sizes: sizes, strides: fc.bl.contig(sizes), contiguous: true, allocatedHere: true}
}

// contig returns the row-major strides of sizes.
func (bl *builder) contig(sizes []value.Value) []value.Value {
	out := make([]value.Value, len(sizes))
	var acc value.Value = i64c(1)
	for j := len(sizes) - 1; j >= 0; j-- {
		out[j] = acc
		if j > 0 {
			acc = bl.mul(acc, sizes[j])
		}
	}
	return out
}

// resultView returns the view result k is written to: the caller's
// buffer when r->aligned != NULL on entry (its sizes checked against
// sizes), else a buffer the callee allocates and describes in *r.
func (fc *funcCtx) resultView(k int, sizes []value.Value) *view {
	bl := fc.bl
	r := fc.results[k]
	if fc.general != nil {
		return r.view
	}
	t := r.typ
	what := fmt.Sprintf("result #%d", k)
	args := append([]value.Value{r.desc, fc.whoName(), fc.mod.cstring(what), r.owned}, sizes...)
	fc.failWith(bl.b.NewCall(fc.mod.resultMaker(t), args...))
	v := fc.readDesc(r.desc, &ir.TensorType{Shape: t.Shape, Elem: t.Elem}, what, false)
	v.sizes = sizes
	return v
}

// lowerOp lowers one op (not the terminator).
func (fc *funcCtx) lowerOp(op *ir.Op) error {
	if lowersRegions(op) {
		return fc.regions().control(op) // scf.go
	}
	if (op.NumResults() == 1 && fc.inlined[op.Result(0).ID()]) || fc.fused[op] {
		return nil
	}
	if isContraction(op) {
		// The generic reduction nest reduces one operand's elements in
		// its own type; contractions get their own lowering (SPEC
		// section 7, contract.go), not more modes of it.
		return contractLowering{fc}.contract(op)
	}
	if !fc.fusible(op) {
		for i, v := range op.Operands() {
			if fc.vals[v.ID()] == nil && !fc.inlined[v.ID()] {
				return op.Errorf("operand #%d has no lowered value", i)
			}
		}
	}
	if plan.EndsRows(op, fc.fusible(op)) {
		if err := fc.rows.flush(fc); err != nil {
			return err
		}
	}
	switch {
	case op.Has(traits.ConstantLike):
		return fc.constant(op)
	case op.Has(traits.Cast):
		return fc.cast(op)
	case op.Has(traits.Call):
		return fc.call(op)
	case fc.fusible(op):
		for r := range op.NumResults() {
			if err := fc.root(op, r); err != nil {
				return err
			}
		}
		return nil
	case op.Has(traits.Reshape):
		return fc.reshape(op)
	case op.Has(traits.Concatenate):
		return fc.concat(op)
	case op.Has(traits.ShapedDim):
		return fc.dim(op)
	case op.Def != nil && op.Def.Kernel == ir.KernelRegion:
		return regionLowering{fc}.reduce(op) // region_kernel.go
	case tensorLowerings[op.Name] != nil:
		return tensorLowerings[op.Name](tensorLowering{fc}, op) // tensor_ops.go
	case op.Def != nil && op.Def.Kernel != ir.KernelNone:
		return fc.direct(op)
	}
	return op.Errorf("cannot be lowered to LLVM IR")
}

// root computes a fusible op's value with one loop nest: into the
// function's result buffer when its only use is the return, else into a
// temporary.
func (fc *funcCtx) root(op *ir.Op, res int) error {
	v := op.Result(res)
	for _, t := range append(op.OperandTypes(), v.Type()) {
		if tt, ok := t.(*ir.TensorType); ok && tt.Unranked {
			return op.Errorf("has an unranked tensor type '%s'; run -infer-shapes (with -arg-shapes for unranked arguments) before -emit-llvm", ir.TypeString(tt))
		}
	}
	tree, err := fc.tree(v, true)
	if err != nil {
		return err
	}
	if err := fc.prepare(tree); err != nil {
		return err
	}
	// A nest over a contraction's result updates it in place
	// (contract_fuse.go).
	dst := contractLowering{fc}.sinkDst(op)
	switch k := fc.returnedOnce(v); {
	case dst != nil:
	case k >= 0:
		dst = fc.resultView(k, tree.sizes)
		fc.results[k].filled = true
	default:
		dst = fc.temp(tree.elem, tree.shape, tree.sizes, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
	}
	if err := fc.emitNest(dst, tree); err != nil {
		return err
	}
	fc.vals[v.ID()] = &lowered{view: dst}
	return nil
}

// returnedOnce returns k when v's only use is operand k of the return,
// result k is a tensor of v's type (plan.ReturnedOnce) and no value is
// computed into it yet, else -1.
func (fc *funcCtx) returnedOnce(v *ir.Value) int {
	k := plan.ReturnedOnce(v)
	if k < 0 || k >= len(fc.results) || fc.results[k] == nil || fc.results[k].filled {
		return -1
	}
	return k
}

// constant lowers tir.constant and arith.constant: splats and scalars are
// LLVM constants, dense tensors private globals.
func (fc *funcCtx) constant(op *ir.Op) error {
	v := op.Result(0)
	a := op.Attr("value")
	switch a := a.(type) {
	case *ir.IntAttr:
		e := ir.ElementType(v.Type())
		fc.vals[v.ID()] = &lowered{scalar: intConst(computeType(e), ir.WrapInt(a.Value, e))}
		return nil
	case *ir.FloatAttr:
		e := ir.ElementType(v.Type())
		fc.vals[v.ID()] = &lowered{scalar: floatConst(computeType(e), ir.RoundFloat(a.Value, e))}
		return nil
	case *ir.DenseAttr:
		e := ir.ElementType(a.Type)
		shape, _ := ir.Shape(a.Type)
		n, _ := ir.NumElements(shape)
		elem := func(i int64) constant.Constant {
			if a.Splat {
				i = 0
			}
			return scalarConst(e, i, a.Ints, a.Floats)
		}
		if _, ok := a.Type.(*ir.VectorType); ok {
			cs := make([]constant.Constant, n)
			for i := range cs {
				cs[i] = elem(int64(i))
			}
			fc.vals[v.ID()] = &lowered{scalar: constant.NewVector(types.NewVector(uint64(n), computeType(e)), cs...)}
			return nil
		}
		sizes := make([]value.Value, len(shape))
		for d, s := range shape {
			sizes[d] = i64c(s)
		}
		if a.Splat || n == 1 {
			fc.vals[v.ID()] = &lowered{scalar: elem(0), sizes: sizes}
			return nil
		}
		cs := make([]constant.Constant, n)
		for i := range cs {
			cs[i] = fc.storageConst(e, elem(int64(i)))
		}
		arr := constant.NewArray(types.NewArray(uint64(n), storageType(e)), cs...)
		g := llvm.NewGlobalDef(fc.mod.ownSymbol(fc.f, "const"), arr)
		g.Linkage = enum.LinkagePrivate
		g.Immutable = true
		g.UnnamedAddr = enum.UnnamedAddrUnnamedAddr
		g.Align = 64
		fc.mod.defineGlobal(g)
		base := constant.NewGetElementPtr(arr.Typ, g, i64c(0), i64c(0))
		base.InBounds = true
		fc.vals[v.ID()] = &lowered{view: &view{elem: e, shape: shape, base: base, sizes: sizes, strides: fc.bl.contig(sizes), contiguous: true}}
		return nil
	}
	return op.Errorf("has a constant value that cannot be lowered")
}

// storageConst converts a compute-type constant to its stored form.
func (fc *funcCtx) storageConst(e *ir.Scalar, c constant.Constant) constant.Constant {
	switch e.Kind {
	case ir.KindI1:
		return constant.NewInt(types.I8, c.(*constant.Int).X.Int64()&1)
	case ir.KindF16:
		return constant.NewInt(types.I16, int64(ir.F32ToF16(float32(floatValue(c)))))
	case ir.KindBF16:
		return constant.NewInt(types.I16, int64(ir.F32ToBF16(float32(floatValue(c)))))
	}
	return c
}

// floatValue is the value of a float constant; llir keeps NaN in a flag
// beside a big.Float, which cannot hold it (and X's sign is NaN's sign).
func floatValue(c constant.Constant) float64 {
	f := c.(*constant.Float)
	if f.NaN {
		return math.Copysign(math.NaN(), float64(f.X.Sign()))
	}
	v, _ := f.X.Float64()
	return v
}

// cast lowers tensor.cast: the same data with a more or less static type;
// a dynamic size becoming static is checked at run time.
func (fc *funcCtx) cast(op *ir.Op) error {
	in := fc.vals[op.Operand(0).ID()]
	rt, ok := op.Result(0).Type().(*ir.TensorType)
	if !ok || rt.Unranked {
		return op.Errorf("casts to '%s', which cannot be lowered; run -infer-shapes first", ir.TypeString(op.Result(0).Type()))
	}
	var sizes []value.Value
	if in.view != nil {
		sizes = in.view.sizes
	} else {
		sizes = in.sizes
	}
	if len(sizes) != len(rt.Shape) {
		return op.Errorf("casts between ranks; run -infer-shapes first")
	}
	out := make([]value.Value, len(sizes))
	for d, s := range rt.Shape {
		out[d] = sizes[d]
		if s < 0 {
			continue
		}
		if fc.mod.opts.Checks {
			fc.fail(fc.bl.icmp(enum.IPredNE, sizes[d], i64c(s)), StatusShape,
				fmt.Sprintf("%s: the operand's size does not match the static result type, dimension %d, sizes %%lld and %d", where(op), d, s), sizes[d])
		}
		out[d] = i64c(s)
	}
	if in.view == nil {
		fc.vals[op.Result(0).ID()] = &lowered{scalar: in.scalar, sizes: out}
		return nil
	}
	v := *in.view
	v.shape, v.sizes = rt.Shape, out
	if v.contiguous {
		v.strides = fc.bl.contig(out)
	}
	fc.vals[op.Result(0).ID()] = &lowered{view: &v}
	return nil
}

// materialize returns a view of a tensor value, filling a temporary for
// a splat.
func (fc *funcCtx) materialize(v *ir.Value, what string) (*view, error) {
	lv := fc.vals[v.ID()]
	if lv.view != nil {
		return lv.view, nil
	}
	shape, _ := ir.Shape(v.Type())
	e := ir.ElementType(v.Type())
	dst := fc.temp(e, shape, lv.sizes, what)
	if err := fc.copyInto(dst, v); err != nil {
		return nil, err
	}
	return dst, nil
}

// copyInto writes tensor value v into dst with a loop nest (a leaf root).
func (fc *funcCtx) copyInto(dst *view, v *ir.Value) error {
	n, err := fc.leaf(v)
	if err != nil {
		return err
	}
	if err := fc.prepare(n); err != nil {
		return err
	}
	return fc.emitNest(dst, n)
}

// call lowers func.call: descriptors for the tensor operands, result
// descriptors the callee fills, and the callee's status propagated.
func (fc *funcCtx) call(op *ir.Op) error {
	bl := fc.bl
	name := traits.Callee(op)
	callee := fc.mod.entry(name)
	if callee == nil {
		return op.Errorf("calls unknown function '@%s'", name)
	}
	var args []value.Value
	for i, a := range op.Operands() {
		lv := fc.vals[a.ID()]
		switch t := a.Type().(type) {
		case *ir.TensorType:
			if t.Unranked {
				return op.Errorf("operand #%d has an unranked type; run -infer-shapes first", i)
			}
			vw, err := fc.materialize(a, fmt.Sprintf("%s: '%s' op", op.Pos, op.Name))
			if err != nil {
				return err
			}
			args = append(args, fc.bl.descOf(vw, t))
		case *ir.VectorType:
			args = append(args, fc.bl.spillVector(lv.scalar, t))
		case *ir.Scalar:
			args = append(args, bl.ToStorage(lv.scalar, t))
		default:
			return op.Errorf("operand #%d cannot be lowered", i)
		}
	}
	type pending struct {
		desc value.Value
		slot value.Value
	}
	outs := make([]value.Value, op.NumResults())
	for k, r := range op.Results() {
		t, err := fc.mod.abiType(r.Type(), true)
		if err != nil {
			return op.Errorf("result #%d: %v", k, err)
		}
		p := bl.alloca(t.(*types.PointerType).ElemType)
		outs[k] = p
		if tt, ok := r.Type().(*ir.TensorType); ok {
			st := fc.mod.descType(tt.Elem, len(tt.Shape))
			store(bl.b, constant.NewNull(types.NewPointer(storageType(tt.Elem))), bl.fieldPtr(st, p, 1, -1))
			store(bl.b, constant.NewNull(types.NewPointer(storageType(tt.Elem))), bl.fieldPtr(st, p, 0, -1))
		}
		args = append(args, p)
	}
	st := bl.b.NewCall(callee, args...)
	external := false
	if m := fc.f.Module; m != nil {
		if g := m.Lookup(string(name)); g != nil {
			external = g.External
		}
	}
	failed := bl.b.NewICmp(enum.IPredNE, st, i32c(0))
	bl.ifThen(failed, "call.fail", func() {
		store(bl.b, st, fc.status)
		bl.b.NewBr(fc.exit)
	})
	for k, r := range op.Results() {
		switch t := r.Type().(type) {
		case *ir.TensorType:
			sd := fc.mod.descType(t.Elem, len(t.Shape))
			slot := bl.alloca(i8p)
			store(bl.entry, constant.NewNull(i8p), slot)
			fc.temps = append(fc.temps, slot)
			raw := bl.b.NewLoad(types.NewPointer(storageType(t.Elem)), bl.fieldPtr(sd, outs[k], 0, -1))
			store(bl.b, bl.b.NewBitCast(raw, i8p), slot)
			// A tirc callee's results match its type; an external
			// function's (defined in C) are checked like arguments.
			v := fc.readDesc(outs[k], t, fmt.Sprintf("result #%d of @%s", k, string(name)), external)
			fc.vals[r.ID()] = &lowered{view: v}
		case *ir.VectorType:
			fc.vals[r.ID()] = &lowered{scalar: fc.bl.loadVector(outs[k], t)}
		case *ir.Scalar:
			fc.vals[r.ID()] = &lowered{scalar: bl.FromStorage(bl.b.NewLoad(storageType(t), outs[k]), t)}
		}
	}
	return nil
}

// descOf builds a descriptor (an alloca) describing view v.
func (bl *builder) descOf(v *view, t *ir.TensorType) value.Value {
	st := bl.mod.descType(t.Elem, len(t.Shape))
	p := bl.alloca(st)
	store(bl.b, v.base, bl.fieldPtr(st, p, 0, -1))
	store(bl.b, v.base, bl.fieldPtr(st, p, 1, -1))
	store(bl.b, i64c(0), bl.fieldPtr(st, p, 2, -1))
	for d := range t.Shape {
		store(bl.b, v.sizes[d], bl.fieldPtr(st, p, 3, d))
		store(bl.b, v.strides[d], bl.fieldPtr(st, p, 4, d))
	}
	return p
}

// spillVector stores a vector value to a stack slot and returns a
// pointer to its elements.
func (bl *builder) spillVector(x value.Value, t *ir.VectorType) value.Value {
	n, _ := ir.NumElements(t.Shape)
	arr := bl.alloca(types.NewArray(uint64(n), storageType(t.Elem)))
	bl.storeVector(x, t, bl.b.NewBitCast(arr, types.NewPointer(storageType(t.Elem))))
	return bl.b.NewBitCast(arr, types.NewPointer(storageType(t.Elem)))
}

func (bl *builder) storeVector(x value.Value, t *ir.VectorType, p value.Value) {
	s := bl.ToStorage(x, t.Elem)
	st := store(bl.b, s, bl.b.NewBitCast(p, types.NewPointer(s.Type())))
	st.Align = llvm.Align(byteSize(t.Elem))
}

// direct lowers an elementwise op on scalars or LLVM vectors (tirc
// vector types): the kernel applies to whole values.
func (fc *funcCtx) direct(op *ir.Op) error {
	for r := range op.NumResults() {
		if err := fc.directResult(op, r); err != nil {
			return err
		}
	}
	return nil
}

// directResult computes result res of an op on scalars or vectors.
func (fc *funcCtx) directResult(op *ir.Op, res int) error {
	v := op.Result(res)
	var shape []int64
	if vt, ok := v.Type().(*ir.VectorType); ok {
		shape = vt.Shape
	}
	args := make([]value.Value, op.NumOperands())
	ins := make([]*ir.Scalar, op.NumOperands())
	for i, a := range op.Operands() {
		switch t := a.Type().(type) {
		case *ir.VectorType:
			if !ir.CompatibleShapes(t.Shape, shape) || len(t.Shape) != len(shape) {
				return op.Errorf("broadcasts between vector types %s and %s, which codegen does not support; use equal vector shapes", ir.TypeString(t), ir.TypeString(v.Type()))
			}
		case *ir.Scalar:
			if shape != nil && (op.Def.Kernel != ir.KernelSelect || i != 0) {
				return op.Errorf("mixes scalars and vectors, which codegen does not support")
			}
		default:
			return op.Errorf("cannot be lowered to LLVM IR (operand #%d has type '%s')", i, ir.TypeString(a.Type()))
		}
		args[i] = fc.vals[a.ID()].scalar
		ins[i] = ir.ElementType(a.Type())
	}
	out := ir.ElementType(v.Type())
	kr, err := fc.bl.EmitKernelFor(op, res, ins, out, args)
	if err != nil {
		return op.Errorf("%v", err)
	}
	if fc.mod.opts.Checks {
		if kr.DivZero != nil {
			fc.fail(kr.DivZero, StatusDivZero, where(op)+": integer division by zero")
		}
		if kr.Ovf != nil {
			fc.fail(kr.Ovf, StatusOverflow, where(op)+": integer overflow (minimum value divided by -1)")
		}
	}
	fc.vals[v.ID()] = &lowered{scalar: kr.V}
	return nil
}

// lowerReturn writes the returned values to the results.
func (fc *funcCtx) lowerReturn(ret *ir.Op) error {
	if err := fc.rows.flush(fc); err != nil {
		return err
	}
	bl := fc.bl
	nargs := len(fc.f.Args())
	for k, a := range ret.Operands() {
		p := fc.fn.Params[nargs+k]
		lv := fc.vals[a.ID()]
		switch t := a.Type().(type) {
		case *ir.TensorType:
			r := fc.results[k]
			if r.filled && lv.view != nil && fc.returnedOnceDone(a, k) {
				continue
			}
			sizes := lv.sizes
			if lv.view != nil {
				sizes = lv.view.sizes
			}
			rt := r.typ
			rs := make([]value.Value, len(sizes))
			copy(rs, sizes)
			for d, s := range rt.Shape {
				if s >= 0 && fc.mod.opts.Checks {
					fc.fail(bl.icmp(enum.IPredNE, sizes[d], i64c(s)), StatusShape,
						fmt.Sprintf("%s: returned value does not match the result type, dimension %d, sizes %%lld and %d", escape(ret.Pos.String()), d, s), sizes[d])
				}
				if s >= 0 {
					rs[d] = i64c(s)
				}
			}
			dst := fc.resultView(k, rs)
			if err := fc.copyInto(dst, a); err != nil {
				return err
			}
		case *ir.VectorType:
			fc.bl.storeVector(lv.scalar, t, p)
		case *ir.Scalar:
			store(bl.b, bl.ToStorage(lv.scalar, t), p)
		}
	}
	return nil
}

// returnedOnceDone reports whether result k was written by a's op.
func (fc *funcCtx) returnedOnceDone(a *ir.Value, k int) bool {
	uses := a.Uses()
	return len(uses) == 1 && uses[0].Index == k && a.Def() != nil && (fc.fusible(a.Def()) || a.Def().Has(traits.Concatenate) || isContraction(a.Def()) || isRegionKernel(a.Def()) ||
		plan.TensorBuffer(a.Def()))
}
