package codegen

import (
	"runtime"
	"strconv"
	"strings"
	"sync"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Status codes returned by every entry point (the native ABI).
const (
	StatusOK       = 0 // success
	StatusShape    = 1 // run-time sizes are not broadcast-compatible
	StatusDivZero  = 2 // integer division by zero
	StatusOverflow = 2 // integer division MIN / -1 (reported like division by zero)
	StatusOOM      = 3 // out of memory, or a size whose byte count overflows
	StatusDesc     = 4 // a descriptor contradicts the static type
)

// Options controls code generation.
type Options struct {
	// Checks emits the run-time checks: descriptor sizes against static
	// types at entry, broadcast compatibility of dynamic sizes, integer
	// division by zero and MIN / -1. Without them a wrong call is
	// undefined behaviour, as in MLIR.
	Checks bool
	// TargetTriple is the LLVM target triple; empty means the host's.
	TargetTriple string
	// TargetCPU, when set, becomes every function's "target-cpu"
	// attribute (e.g. "skylake"); empty leaves the choice to clang's
	// -march/-mcpu. tirc -emit-llvm sets the host's (internal/target).
	TargetCPU string
	// TargetFeatures, when set, becomes every function's
	// "target-features" attribute ("+avx2,-avx512f,...").
	TargetFeatures string
	// Portable emits every function once for each x86-64 level and
	// makes each entry point dispatch to one of them at run time
	// (portable.go); TargetCPU and TargetFeatures are then unused.
	Portable bool
	// ParallelMin is the element count from which a loop nest runs on
	// the threads of libgomp (see parallel.go); 0 keeps every nest on
	// the calling thread.
	ParallelMin int64
	// NonTemporalMin is the output size in bytes from which a nest
	// uses non-temporal stores (nontemporal.go; decided at run time
	// when sizes are dynamic); 0 never.
	NonTemporalMin int64
	// NonTemporalStoreBoundOnly restricts non-temporal stores to
	// store-bound nests (inputs at most an eighth of the output), for
	// machines where streaming copies are slower than cached ones.
	NonTemporalStoreBoundOnly bool
	// SanitizeAddress gives every generated function the sanitize_address
	// attribute, so that clang -fsanitize=address instruments tirc's code
	// too (it instruments only functions that carry it).
	SanitizeAddress bool
	// plans, when set, collects every function's plan (PrintPlan).
	plans *planLog
}

// DefaultOptions are the options of tirc -emit-llvm without flags, but
// for the target, which tirc resolves to the host's CPU and features
// (internal/target); here none is written.
func DefaultOptions() Options {
	return Options{Checks: true, ParallelMin: DefaultParallelMin, NonTemporalMin: DefaultNonTemporalMin}
}

// HostTriple is the LLVM triple of the machine tirc runs on.
func HostTriple() string {
	arch := map[string]string{"amd64": "x86_64", "arm64": "aarch64", "386": "i686", "riscv64": "riscv64", "ppc64le": "powerpc64le", "s390x": "s390x"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	switch runtime.GOOS {
	case "linux":
		if arch == "x86_64" {
			return arch + "-pc-linux-gnu"
		}
		return arch + "-unknown-linux-gnu"
	case "darwin":
		return arch + "-apple-macosx"
	case "windows":
		return arch + "-pc-windows-msvc"
	}
	return arch + "-unknown-" + runtime.GOOS
}

// module is the LLVM module being built and what its functions share:
// declared runtime functions, intrinsics, message strings, descriptor
// types, the shared nests, and the names taken. The functions of a
// module may be lowered in parallel, in shards (shard.go): each shard has
// its own moduleCtx around the one module, whose maps are then read under
// mu and written only by the shard holding the turn.
type module struct {
	m     *llvm.Module
	opts  Options
	mu    sync.RWMutex          // the maps below, while shards run
	funcs map[string]*llvm.Func // declared external functions by name
	strs  map[string]value.Value
	decls map[string]*decl // tirc function name -> its names (declare)
	// symbols are the LLVM names taken (names.go); declared are those the
	// declare phase took (the functions' and their entries'), which a
	// function's own globals avoid (ownSymbol).
	symbols  map[string]bool
	declared map[string]bool
	descs    map[descKey]*types.StructType
	nests    int
	nstrs    int             // the strings defined so far (newCString)
	ntMD     *metadata.Tuple // !{i32 1} of !nontemporal
	// noUnrollMD is the loop ID of llvm.loop.unroll.disable.
	noUnrollMD *metadata.Tuple
	errFD      *llvm.Global // @tirc_error_fd (errorfd.go)
	// vmathTabs are the math kernels' tables by name (mathglue.go, Table).
	vmathTabs map[string]*llvm.Global
	// shared are the nests built so far by key (nestcache.go), and omp
	// their wrappers for GOMP_parallel (parallel.go).
	shared map[string]*sharedNest // by key (its bytes)
	omp    map[*llvm.Func]ompEntry
	turns  *turns // who may change the module, while shards run (shard.go)
}

// moduleCtx lowers functions of the module: all of them, or a shard's
// (shard.go). What it holds is its own: the text it writes, the llir
// functions of the tirc functions it lowers, buffers it reuses.
type moduleCtx struct {
	*module
	entries map[string]*llvm.Func // tirc function name -> LLVM function, while needed (entry)
	// generals are the full bodies of functions with a fast entry, while
	// needed (general).
	generals map[string]*llvm.Func
	plans    map[*ir.Func]*plan.Fusion // plan.NewFusion's, until f is lowered (fusion)
	textOut
	// key is the last nest's key (nestcache.go), its buffers reused by
	// the next: one per context, not one per function.
	key *nestKey
	// parent is the module's context when this one lowers a shard of its
	// functions (shard.go): read only while shards run.
	parent *moduleCtx
	// turn is set while this context may change the module: always
	// without shards, and from its turn on in a shard (shard.go).
	turn  bool
	shard int // the shard this context lowers
}

func newModuleCtx(opts Options, out *llvmtext.Text) *moduleCtx {
	md := &module{m: llvm.NewModule(), opts: opts, funcs: map[string]*llvm.Func{}, descs: map[descKey]*types.StructType{},
		strs: map[string]value.Value{}, decls: map[string]*decl{}, symbols: map[string]bool{},
		shared: map[string]*sharedNest{}, omp: map[*llvm.Func]ompEntry{}}
	md.m.TargetTriple = opts.TargetTriple
	if md.m.TargetTriple == "" {
		md.m.TargetTriple = HostTriple()
	}
	md.m.SourceFilename = "tirc"
	return newCtx(md, out, nil)
}

// newCtx is a context lowering functions of md into out.
func newCtx(md *module, out *llvmtext.Text, parent *moduleCtx) *moduleCtx {
	return &moduleCtx{module: md, entries: map[string]*llvm.Func{}, generals: map[string]*llvm.Func{},
		plans: map[*ir.Func]*plan.Fusion{}, parent: parent, turn: parent == nil,
		textOut: textOut{out: out, pr: llvmtext.NewPrinter(out), streams: map[*llvm.Func]*llvmtext.Streamer{}}}
}

// intrinsic declares (once) the external function name with the given
// signature: LLVM intrinsics and C library functions alike.
func (mc *moduleCtx) intrinsic(name string, ret types.Type, params ...types.Type) *llvm.Func {
	return mc.declareExtern(name, nil, ret, params...)
}

// declareExtern is intrinsic; set, when not nil, completes the
// declaration before any other function may see it.
func (mc *moduleCtx) declareExtern(name string, set func(*llvm.Func), ret types.Type, params ...types.Type) *llvm.Func {
	if f := mc.helper(name); f != nil {
		return f
	}
	ps := make([]*llvm.Param, len(params))
	for i, p := range params {
		ps[i] = llvm.NewParam("", p)
	}
	f := mc.m.NewFunc(name, ret, ps...)
	if set != nil {
		set(f)
	}
	mc.symbols[name] = true
	mc.publishHelper(name, f)
	return f
}

// helper returns the module's function called name by codegen (a
// declaration, or a helper it defines), or nil, on this context's turn
// then (have).
func (mc *moduleCtx) helper(name string) *llvm.Func {
	var f *llvm.Func
	mc.have(func() bool { f = mc.funcs[name]; return f != nil })
	return f
}

// publishHelper lets the module's functions use f as the function called
// name.
func (mc *moduleCtx) publishHelper(name string, f *llvm.Func) {
	mc.publish(func() { mc.funcs[name] = f })
}

var i8p = types.NewPointer(types.I8)

func (mc *moduleCtx) malloc() *llvm.Func { return mc.intrinsic("malloc", i8p, types.I64) }
func (mc *moduleCtx) free() *llvm.Func   { return mc.intrinsic("free", types.Void, i8p) }

// dprintf is `int dprintf(int fd, const char *fmt, ...)`: messages go to
// fd 2 without touching stdio's buffers.
func (mc *moduleCtx) dprintf() *llvm.Func {
	return mc.declareExtern("dprintf", func(f *llvm.Func) {
		f.Sig.Variadic = true
		// Failure paths are cold: LLVM moves them out of the way of the
		// straight-line success path (W4, a tiny call, pays for the rest).
		f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrCold)
	}, types.I32, types.I32, i8p)
}

// cstring returns an i8* to a private NUL-terminated string constant.
// The global is written to the output at once (LLVM IR allows it
// anywhere) and only its i8* is kept: messages name their op's location,
// so there are several per op, and their llir objects were most of the
// memory of a module of many small functions.
func (mc *moduleCtx) cstring(s string) value.Value {
	var v value.Value
	if mc.have(func() bool { v = mc.strs[s]; return v != nil }) {
		return v
	}
	v = mc.newCString(s)
	mc.publish(func() { mc.strs[s] = v })
	return v
}

// newCString defines the global holding s. Its name, .str<n>, comes from
// a counter no other generated name uses: it is only checked against the
// module's own symbols, not entered among them.
func (mc *moduleCtx) newCString(s string) *stringPtr {
	mc.mustTurn()
	name := ".str" + strconv.Itoa(mc.nstrs)
	mc.nstrs++
	for mc.symbols[name] {
		name = ".str" + strconv.Itoa(mc.nstrs)
		mc.nstrs++
	}
	return mc.defineString(name, s)
}

// defineString writes the definition of the global name holding s and
// returns its i8*.
func (mc *moduleCtx) defineString(name, s string) *stringPtr {
	var def, ident string
	if llvmtext.LLIROnly {
		arr := constant.NewCharArrayFromString(s + "\x00")
		g := llvm.NewGlobalDef(name, arr)
		g.Linkage = enum.LinkagePrivate
		g.UnnamedAddr = enum.UnnamedAddrUnnamedAddr
		g.Immutable = true
		gep := constant.NewGetElementPtr(arr.Typ, g, i64c(0), i64c(0))
		gep.InBounds = true
		def, ident = g.LLString(), gep.Ident()
	} else {
		// What llir prints, without its fmt calls: a long function has a
		// message per check (TestPrinterMatchesLLIR compares).
		arr := "[" + strconv.Itoa(len(s)+1) + " x i8]"
		g := llvmtext.GlobalIdent(name)
		def = g + " = private unnamed_addr constant " + arr + " c\"" + llvmtext.EscapeString(s) + "\\00\""
		ident = "getelementptr inbounds (" + arr + ", " + arr + "* " + g + ", i64 0, i64 0)"
	}
	mc.write("\n" + def + "\n")
	return &stringPtr{ident: ident}
}

// defineGlobal writes the definition of g at once, as strings are.
func (mc *moduleCtx) defineGlobal(g *llvm.Global) {
	mc.write("\n" + g.LLString() + "\n")
}

// ownGlobals are a tirc function's own globals: the strings naming it and
// its ops' locations in its failure messages, and its dense constants.
// No other function has them, so they are named after the function
// (ownSymbol), not from the module's counters, and a function's lowering
// needs nothing of the module's to make them (shard.go).
type ownGlobals struct {
	strs          recentMap[string, value.Value]
	nstrs, nconst int
}

// ownSymbol returns a new name for a global of f's own: <f>.str<k> or
// <f>.const<k> after f's LLVM name, k counting from 0 for each function
// and kind, skipping the names the declare phase took. No other name
// codegen makes ends in .str<digits> or .const<digits> after a
// non-empty prefix (the module's strings are .str<n>), and the function
// name before it is unique, so these are unique too.
func (mc *moduleCtx) ownSymbol(f *ir.Func, kind string) string {
	d := mc.lookupDecl(f.Name)
	o := d.ownGlobals()
	for {
		n := &o.nstrs
		if kind == "const" {
			n = &o.nconst
		}
		name := d.name + "." + kind + strconv.Itoa(*n)
		*n++
		if !mc.declared[name] {
			return name
		}
	}
}

// ownString returns an i8* to a string of f's own holding s, defining it
// on first use.
func (mc *moduleCtx) ownString(f *ir.Func, s string) value.Value {
	o := mc.lookupDecl(f.Name).ownGlobals()
	if v, ok := o.strs.get(s); ok {
		return v
	}
	v := mc.defineString(mc.ownSymbol(f, "str"), s)
	o.strs.put(s, v)
	return v
}

func (d *decl) ownGlobals() *ownGlobals {
	if d.own == nil {
		d.own = &ownGlobals{}
	}
	return d.own
}

// stringPtr is the i8* of a string constant already written (cstring):
// the constant expression's text, without the llir objects behind it.
type stringPtr struct{ ident string }

func (p *stringPtr) Type() types.Type { return i8p }
func (p *stringPtr) Ident() string    { return p.ident }
func (p *stringPtr) String() string   { return "i8* " + p.ident }
func (p *stringPtr) IsConstant()      {}

// funcAttrs sets the attributes every generated function carries.
func (mc *moduleCtx) funcAttrs(f *llvm.Func) {
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrNoUnwind)
	if mc.opts.SanitizeAddress {
		f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrSanitizeAddress)
	}
	if mc.hasTargetAttrs() {
		f.FuncAttrs = append(f.FuncAttrs, targetGroup{})
	}
}

// hasTargetAttrs reports whether functions carry the target attribute
// group #0 (writeHead defines it).
func (mc *moduleCtx) hasTargetAttrs() bool {
	return !mc.opts.Portable && (mc.opts.TargetCPU != "" || mc.opts.TargetFeatures != "")
}

// targetGroup is attribute group #0: the target CPU and features, which
// are long (every feature of the host, + or -), written once instead of
// on each function.
type targetGroup struct{}

func (targetGroup) String() string   { return "#0" }
func (targetGroup) IsFuncAttribute() {}

// targetGroupDef is the definition of attribute group #0.
func targetGroupDef(cpu, features string) string {
	var b strings.Builder
	b.WriteString("attributes #0 = {")
	if cpu != "" {
		b.WriteString(" \"target-cpu\"=\"" + cpu + "\"")
	}
	if features != "" {
		b.WriteString(" \"target-features\"=\"" + features + "\"")
	}
	b.WriteString(" }\n")
	return b.String()
}

// allocFunc defines (once) `i8* tirc.alloc(i64 bytes, i8** slot)`:
// malloc, the pointer stored in *slot (freed at exit), and the first
// 64-byte aligned address in the block returned (NULL when malloc
// failed: (0 + 63) & -64 is 0). Inlined at every buffer, it is written
// once instead of at each. On Linux a buffer of hugeBytes or more is
// aligned to 2 MiB instead and advised to the kernel as huge pages
// (madvise MADV_HUGEPAGE, as NumPy does for its large arrays): a fresh
// buffer is touched page by page, and with 4 KiB pages the faults alone
// can take longer than the loops that fill it (see BENCH.md's History).
func (mc *moduleCtx) allocFunc() *llvm.Func {
	if f := mc.helper("tirc.alloc"); f != nil {
		return f
	}
	bytes, slot := llvm.NewParam("bytes", types.I64), llvm.NewParam("slot", types.NewPointer(i8p))
	f := mc.m.NewFunc(mc.symbol("tirc.alloc"), i8p, bytes, slot)
	f.Linkage = enum.LinkageInternal
	f.FuncAttrs = append(f.FuncAttrs, enum.FuncAttrAlwaysInline)
	mc.funcAttrs(f)
	mc.publishHelper("tirc.alloc", f)
	b := f.NewBlock("entry")
	aligned := func(b *llvm.Block, n value.Value, align int64) {
		raw := b.NewCall(mc.malloc(), n)
		store(b, raw, slot)
		addr := b.NewPtrToInt(raw, types.I64)
		p := b.NewIntToPtr(b.NewAnd(b.NewAdd(addr, i64c(align-1)), i64c(-align)), i8p)
		if align > 64 {
			b.NewCall(mc.intrinsic("madvise", types.I32, i8p, types.I64, types.I32), p, bytes, constant.NewInt(types.I32, madvHugePage))
		}
		b.NewRet(p)
	}
	if !strings.Contains(mc.m.TargetTriple, "linux") {
		aligned(b, bytes, 64)
		mc.finish(f)
		return f
	}
	small, huge := f.NewBlock("small"), f.NewBlock("huge")
	b.NewCondBr(b.NewICmp(enum.IPredUGE, bytes, i64c(hugeBytes)), huge, small)
	aligned(small, bytes, 64)
	aligned(huge, huge.NewAdd(bytes, i64c(hugePage)), hugePage)
	mc.finish(f)
	return f
}

// Huge pages for large buffers (allocFunc): NumPy's threshold, x86-64 and
// AArch64 Linux's huge page size, and Linux's MADV_HUGEPAGE.
const (
	hugeBytes    = 4 << 20
	hugePage     = 2 << 20
	madvHugePage = 14
)

// emitFree defines `void tirc_free(void *desc)`: frees the allocated
// pointer of a callee-allocated result (the descriptor's first field) and
// clears the descriptor's pointers. Weak, so that several tirc modules
// link into one program.
func (mc *moduleCtx) emitFree() {
	d := llvm.NewParam("desc", i8p)
	mc.symbols["tirc_free"] = true
	f := mc.m.NewFunc("tirc_free", types.Void, d)
	f.Linkage = enum.LinkageWeak
	mc.funcAttrs(f)
	b := f.NewBlock("entry")
	isNull := b.NewICmp(enum.IPredEQ, d, constant.NewNull(i8p))
	body, done := f.NewBlock("free"), f.NewBlock("done")
	b.NewCondBr(isNull, done, body)
	pp := body.NewBitCast(d, types.NewPointer(i8p))
	body.NewCall(mc.free(), body.NewLoad(i8p, pp))
	clearDescPointers(body, pp)
	body.NewBr(done)
	done.NewRet(nil)
}

// clearDescPointers sets the first two fields of a descriptor, at pp as
// an i8**, to NULL: the allocated and aligned pointers of every
// descriptor type.
func clearDescPointers(b *llvm.Block, pp value.Value) {
	store(b, constant.NewNull(i8p), pp)
	aligned := b.NewGetElementPtr(i8p, pp, i64c(1))
	aligned.InBounds = true
	store(b, constant.NewNull(i8p), aligned)
}

// finish prints a completed function definition into mc.out and drops
// its body; calls keep referring to it by name. Functions made by
// mc.m.NewFunc leave m.Funcs here (found from the end, where new ones
// are); those made by mc.newFunc were never in it. The printing is queued
// (later): nothing changes f once it is finished.
func (mc *moduleCtx) finish(f *llvm.Func) {
	mc.writeTypeDefs()
	s := mc.streams[f]
	delete(mc.streams, f)
	if f.Parent == mc.m {
		mc.mustTurn()
		unlist(mc.m, f)
	}
	mc.later(func() {
		mc.out.WriteString("\n")
		if s != nil {
			mc.finishStreamed(f, s)
		} else {
			mc.pr.Function(f)
			for _, b := range f.Blocks {
				mc.recycle(b)
			}
		}
		mc.out.WriteString("\n")
		f.Blocks = nil
	})
}

// unlist removes f from the module's functions (searched from the end,
// where the function just built is).
func unlist(m *llvm.Module, f *llvm.Func) {
	for i := len(m.Funcs) - 1; i >= 0; i-- {
		if m.Funcs[i] == f {
			m.Funcs = append(m.Funcs[:i], m.Funcs[i+1:]...)
			return
		}
	}
}

// defineType makes t, a named type, one of the module's: its definition
// is written before the next function printed.
func (mc *moduleCtx) defineType(t types.Type) {
	mc.mustTurn()
	mc.typeDefs = append(mc.typeDefs, t)
}

// newFunc makes an LLVM function that is defined, not declared: it is
// printed by finish and never listed in m.Funcs, which writeModule prints
// as declarations at the end (removing each from a list of every entry
// point would be quadratic in the functions).
func (mc *moduleCtx) newFunc(name string, ret types.Type, params ...*llvm.Param) *llvm.Func {
	return llvm.NewFunc(name, ret, params...)
}

// finishEntries prints the LLVM functions of tirc function f once it is
// lowered (its general body, entry and bare entry) and drops their
// bodies, so that no function's llir objects live until the end of the
// module.
func (mc *moduleCtx) finishEntries(f *ir.Func, bare *llvm.Func) {
	delete(mc.plans, f)
	mc.lookupDecl(f.Name).own = nil
	for _, fn := range []*llvm.Func{mc.generals[f.Name], mc.entries[f.Name], bare} {
		if fn != nil && len(fn.Blocks) > 0 {
			mc.finish(fn)
		}
	}
	delete(mc.generals, f.Name)
	delete(mc.entries, f.Name)
}

// escape makes s safe inside a printf format.
func escape(s string) string { return strings.ReplaceAll(s, "%", "%%") }

// symbol returns an unused LLVM symbol name for a new internal function
// or global: want, else want.1, want.2, ...; the name is then taken.
func (mc *moduleCtx) symbol(want string) string {
	mc.mustTurn()
	name := want
	for i := 1; mc.symbols[name]; i++ {
		name = want + "." + strconv.Itoa(i)
	}
	mc.symbols[name] = true
	return name
}
