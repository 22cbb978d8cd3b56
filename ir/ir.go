package ir

import (
	"fmt"
	"iter"
	"sync"
)

// Value is an SSA value: a function argument or an op result. It has one
// type, one definition and a use-list kept up to date by Op.SetOperand and
// friends. Its ID is dense within its function, for per-value slices.
type Value struct {
	typ   Type
	def   *Op    // defining op; nil for a function argument
	fn    *Func  // owning function, for arguments (results use def.fn)
	block *Block // owning block, for block arguments
	uses  []Use
	id    int32
	index int32 // result number, or argument number

	// Pos is where the value was named in the source (function arguments),
	// for notes such as "prior use here".
	Pos Pos
}

// Use is one operand slot that refers to a value.
type Use struct {
	Op    *Op
	Index int
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type in place (shape refinement does this).
func (v *Value) SetType(t Type) { v.typ = t }

// ID is the value's number, unique and dense within its function
// (0 <= ID < Func.NumValues()).
func (v *Value) ID() int { return int(v.id) }

// Def returns the op that defines v, or nil for a function argument.
func (v *Value) Def() *Op { return v.def }

// IsArg reports whether v is a function argument (not a block argument
// of a region).
func (v *Value) IsArg() bool { return v.def == nil && v.block == nil }

// Index is the result number within the defining op, or the argument
// number.
func (v *Value) Index() int { return int(v.index) }

// Func returns the function v belongs to (nil if its op is detached).
func (v *Value) Func() *Func {
	switch {
	case v.def != nil:
		return v.def.fn
	case v.block != nil:
		return v.block.Func()
	}
	return v.fn
}

// Uses returns the operand slots that use v. The slice must not be changed.
func (v *Value) Uses() []Use { return v.uses }

// HasUses reports whether anything uses v.
func (v *Value) HasUses() bool { return len(v.uses) > 0 }

// ReplaceAllUsesWith makes every user of v use w instead.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for _, u := range v.uses {
		u.Op.operands[u.Index] = w
		w.uses = append(w.uses, u)
	}
	v.uses = nil
}

func (v *Value) removeUse(op *Op, index int) {
	for i := len(v.uses) - 1; i >= 0; i-- {
		if u := v.uses[i]; u.Op == op && u.Index == index {
			last := len(v.uses) - 1
			v.uses[i] = v.uses[last]
			v.uses = v.uses[:last]
			return
		}
	}
}

// Op is an operation: a name, operands, typed results, attributes and the
// source position of its name. Registered ops have a Def with their traits.
type Op struct {
	Name  string
	Def   *OpDef // nil for an unregistered op
	Attrs Attrs
	Pos   Pos    // position of the op name in the source
	Loc   string // contents of a trailing loc(...), printed back verbatim

	operands []*Value
	results  []*Value
	regions  []*Region
	succs    []*Block // successor blocks of a branch (successor.go)
	fn       *Func
	block    *Block // nil for an op of the function body
	prev     *Op
	next     *Op
}

// NewOp builds a detached op; it looks name up in the registry. Results get
// IDs when the op is inserted into a function, and an op without a source
// position gets one then: "@f op #k" (its index in @f), with its printed
// text as the line messages show.
//
// A name the registry does not know is kept, as MLIR's OperationState
// does, so that modules of unregistered dialects can be built
// (VerifyOptions.AllowUnregistered); the op then has a nil Def and fails
// verification with MLIR's message ("unregistered operation 'tir.sum'
// found in dialect ('tir') that does not allow unknown operations") and a
// did-you-mean hint. Check op.Def != nil to catch a typo at once.
func NewOp(name string, operands []*Value, resultTypes []Type, attrs Attrs) *Op {
	op := &Op{Name: name, Def: LookupOp(name), Attrs: attrs}
	if op.Def != nil && len(op.Def.Defaults) > 0 {
		op.Attrs = op.Def.WithDefaults(append(Attrs(nil), attrs...))
	}
	op.SetOperands(operands)
	op.results = make([]*Value, len(resultTypes))
	for i, t := range resultTypes {
		op.results[i] = &Value{typ: t, def: op, index: int32(i), id: -1}
	}
	return op
}

// Operands returns the operand list; use SetOperand to change it.
func (op *Op) Operands() []*Value { return op.operands }

// Operand returns operand i.
func (op *Op) Operand(i int) *Value { return op.operands[i] }

// NumOperands is the number of operands.
func (op *Op) NumOperands() int { return len(op.operands) }

// SetOperand replaces operand i, updating both use-lists.
func (op *Op) SetOperand(i int, v *Value) {
	if old := op.operands[i]; old != nil {
		old.removeUse(op, i)
	}
	op.operands[i] = v
	if v != nil {
		v.uses = append(v.uses, Use{op, i})
	}
}

// SetOperands replaces the whole operand list.
func (op *Op) SetOperands(vs []*Value) {
	op.dropUses()
	op.operands = append(make([]*Value, 0, len(vs)), vs...)
	for i, v := range op.operands {
		if v != nil {
			v.uses = append(v.uses, Use{op, i})
		}
	}
}

func (op *Op) dropUses() {
	for i, v := range op.operands {
		if v != nil {
			v.removeUse(op, i)
		}
	}
}

// Results returns the result values.
func (op *Op) Results() []*Value { return op.results }

// Result returns result i.
func (op *Op) Result(i int) *Value { return op.results[i] }

// NumResults is the number of results.
func (op *Op) NumResults() int { return len(op.results) }

// OperandTypes returns the operand types.
func (op *Op) OperandTypes() []Type {
	ts := make([]Type, len(op.operands))
	for i, v := range op.operands {
		if v != nil {
			ts[i] = v.typ
		}
	}
	return ts
}

// ResultTypes returns the result types.
func (op *Op) ResultTypes() []Type {
	ts := make([]Type, len(op.results))
	for i, v := range op.results {
		ts[i] = v.typ
	}
	return ts
}

// Has reports whether the op's definition carries trait t.
func (op *Op) Has(t *Trait) bool { return op.Def != nil && op.Def.Has(t) }

// Attr returns the attribute called name, or nil.
func (op *Op) Attr(name string) Attr { return op.Attrs.Get(name) }

// Func returns the function containing op, or nil if detached.
func (op *Op) Func() *Func { return op.fn }

// Next returns the op after op in its function, or nil.
func (op *Op) Next() *Op { return op.next }

// Prev returns the op before op in its function, or nil.
func (op *Op) Prev() *Op { return op.prev }

// Erase removes op from its function or block and drops its operand
// uses, and those of the ops in its regions. Its results must be unused
// by then.
func (op *Op) Erase() {
	op.dropUses()
	op.operands = nil
	op.Walk(func(o *Op) { o.dropUses() })
	op.detach()
}

// Errorf returns an error at op with MLIR's op prefix: "'tir.add' op msg".
func (op *Op) Errorf(format string, args ...any) *Diagnostic {
	d := Errorf(op.Pos, format, args...)
	d.Msg = "'" + op.Name + "' op " + d.Msg
	return d
}

// EmitErrorf returns an error at op without the op prefix (MLIR's
// emitError).
func (op *Op) EmitErrorf(format string, args ...any) *Diagnostic {
	return Errorf(op.Pos, format, args...)
}

// Func is a function: a name, typed arguments, result types and a single
// block of ops ending with a terminator. External functions have no body.
type Func struct {
	Name        string
	Visibility  string // "" (public), "private" or "nested"
	ResultTypes []Type
	Attrs       Attrs
	Pos         Pos
	Loc         string
	ArgLocs     []string // the arguments' locations, when given ("" for none)
	External    bool     // a declaration: no body
	Module      *Module

	args   []*Value
	first  *Op
	last   *Op
	numOps int
	nextID int32
}

// NewFunc returns an empty function with arguments of the given types.
func NewFunc(name string, argTypes, resultTypes []Type) *Func {
	f := &Func{Name: name, ResultTypes: resultTypes}
	for _, t := range argTypes {
		f.AddArg(t)
	}
	return f
}

// AddArg appends an argument of type t and returns it.
func (f *Func) AddArg(t Type) *Value {
	v := &Value{typ: t, fn: f, index: int32(len(f.args)), id: f.nextID}
	f.nextID++
	f.args = append(f.args, v)
	return v
}

// Args returns the arguments.
func (f *Func) Args() []*Value { return f.args }

// Arg returns argument i.
func (f *Func) Arg(i int) *Value { return f.args[i] }

// Type returns the signature built from the argument and result types.
func (f *Func) Type() *FuncType {
	in := make([]Type, len(f.args))
	for i, a := range f.args {
		in[i] = a.typ
	}
	return &FuncType{Inputs: in, Results: f.ResultTypes}
}

// NumValues bounds the value IDs of f: every value has ID < NumValues.
func (f *Func) NumValues() int { return int(f.nextID) }

// NumOps is the number of ops in the body.
func (f *Func) NumOps() int { return f.numOps }

// First returns the first op of the body, or nil.
func (f *Func) First() *Op { return f.first }

// Last returns the last op of the body, or nil.
func (f *Func) Last() *Op { return f.last }

// Ops iterates over the body in order. The op being visited may be erased,
// and ops may be inserted after it, during the walk; other ops must not be
// erased until the walk has passed them.
func (f *Func) Ops() iter.Seq[*Op] {
	return func(yield func(*Op) bool) {
		for op := f.first; op != nil; {
			next := op.next
			if !yield(op) {
				return
			}
			if op.fn == f {
				next = op.next
			}
			op = next
		}
	}
}

// OpList returns the body as a slice (a snapshot).
func (f *Func) OpList() []*Op {
	ops := make([]*Op, 0, f.numOps)
	for op := f.first; op != nil; op = op.next {
		ops = append(ops, op)
	}
	return ops
}

// Append adds op at the end of the body.
func (f *Func) Append(op *Op) { f.insert(op, f.last, nil) }

// InsertBefore adds op just before anchor (which must be in f, in its
// body or in a block of a region).
func (f *Func) InsertBefore(anchor, op *Op) {
	if anchor.block != nil {
		anchor.block.insert(op, anchor.prev, anchor)
		return
	}
	f.insert(op, anchor.prev, anchor)
}

// InsertAfter adds op just after anchor (which must be in f, in its body
// or in a block of a region).
func (f *Func) InsertAfter(anchor, op *Op) {
	if anchor.block != nil {
		anchor.block.insert(op, anchor, anchor.next)
		return
	}
	f.insert(op, anchor, anchor.next)
}

func (f *Func) insert(op, prev, next *Op) {
	op.detach()
	if !op.Pos.IsValid() || op.Pos.File != nil && op.Pos.File.built && op.Pos.File.builtOp != op {
		op.Pos = builtPos(f, op, prev, next)
	}
	op.fn, op.prev, op.next = f, prev, next
	if prev != nil {
		prev.next = op
	} else {
		f.first = op
	}
	if next != nil {
		next.prev = op
	} else {
		f.last = op
	}
	f.numOps++
	f.adopt(op)
}

// builtPos is the position of an op built in Go (or a rewrite of one),
// which has no source text: "@f op #k", k its index in f when inserted
// (from 0), with the op's printed text as the line diagnostics show, so
// that messages never say "<unknown>".
func builtPos(f *Func, op, prev, next *Op) Pos {
	k := f.numOps
	if next != nil {
		k = 0
		for p := prev; p != nil; p = p.prev {
			k++
		}
	}
	src := &Source{Name: fmt.Sprintf("@%s op #%d", f.Name, k), built: true, builtOp: op}
	return Pos{File: src, Line: int32(k + 1), Col: 1}
}

func (f *Func) unlink(op *Op) {
	if op.prev != nil {
		op.prev.next = op.next
	} else {
		f.first = op.next
	}
	if op.next != nil {
		op.next.prev = op.prev
	} else {
		f.last = op.prev
	}
	op.prev, op.next, op.fn = nil, nil, nil
	f.numOps--
}

// Renumber gives the arguments and results of f consecutive IDs again
// (after many erasures left holes).
func (f *Func) Renumber() {
	f.nextID = 0
	for _, a := range f.args {
		a.id = f.nextID
		f.nextID++
	}
	f.Walk(func(op *Op) {
		for _, r := range op.results {
			r.id = f.nextID
			f.nextID++
		}
		for _, rg := range op.regions {
			for _, b := range rg.blocks {
				for _, a := range b.args {
					a.id = f.nextID
					f.nextID++
				}
			}
		}
	})
}

// SetArgType changes the type of argument i (the signature follows, since
// it is derived from the arguments).
func (f *Func) SetArgType(i int, t Type) { f.args[i].typ = t }

// Terminator returns the last op if it is a terminator, or nil.
func (f *Func) Terminator() *Op {
	if f.last != nil && f.last.Has(TraitTerminator) {
		return f.last
	}
	return nil
}

// Errorf returns an error at the function with MLIR's op prefix
// ("'func.func' op msg").
func (f *Func) Errorf(format string, args ...any) *Diagnostic {
	d := Errorf(f.Pos, format, args...)
	d.Msg = "'func.func' op " + d.Msg
	return d
}

// Module is a list of functions, optionally wrapped in `module { }` in the
// source.
type Module struct {
	Funcs    []*Func
	Name     string // module @name, or ""
	Attrs    Attrs
	Pos      Pos
	Loc      string
	Src      *Source
	Explicit bool // written with an explicit module { } wrapper
	// Ops are the top-level ops other than functions (toplevel.go).
	Ops []TopOp

	symMu   sync.Mutex
	symbols map[string]*Func
	// symFuncs is Funcs when symbols was built (its length and first
	// element's address tell whether Funcs changed since).
	symFuncs []*Func
}

// NewModule returns an empty module.
func NewModule() *Module { return &Module{} }

// AddFunc appends f to the module.
func (m *Module) AddFunc(f *Func) {
	if !f.Pos.IsValid() {
		// Built in Go: messages about f say "@f" (no source line).
		f.Pos = Pos{File: &Source{Name: "@" + f.Name, built: true}, Line: 1}
	}
	f.Module = m
	m.Funcs = append(m.Funcs, f)
}

// Lookup returns the function called name (the first one, if the name is
// defined twice), or nil. It keeps a symbol table that follows changes to
// Funcs and to function names: the table is rebuilt when a function found
// in it no longer has its name or belongs to another module, and, on a
// miss, when Funcs has changed length or moved since the table was built
// (AddFunc, append, a new slice). A miss on an unchanged Funcs does not
// rebuild it: codegen looks up f_bare for every f, nearly always absent,
// which was quadratic in the functions. (Assigning a function into
// Funcs[i], or renaming one to a name absent before, is seen at the next
// change of Funcs' length.)
func (m *Module) Lookup(name string) *Func {
	m.symMu.Lock()
	defer m.symMu.Unlock()
	f, ok := m.symbols[name]
	if ok && f.Name == name && f.Module == m {
		return f
	}
	if !ok && m.symbols != nil && sameSlice(m.symFuncs, m.Funcs) {
		return nil
	}
	m.buildSymbolsLocked()
	return m.symbols[name]
}

// sameSlice reports whether a and b are the same slice of functions: the
// same length and first element.
func sameSlice(a, b []*Func) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

func (m *Module) buildSymbols() {
	m.symMu.Lock()
	m.buildSymbolsLocked()
	m.symMu.Unlock()
}

func (m *Module) buildSymbolsLocked() {
	m.symbols = make(map[string]*Func, len(m.Funcs))
	for _, f := range m.Funcs {
		if f != nil && m.symbols[f.Name] == nil {
			m.symbols[f.Name] = f
		}
	}
	m.symFuncs = m.Funcs
}

// NumOps counts the ops of every function body.
func (m *Module) NumOps() int {
	n := 0
	for _, f := range m.Funcs {
		n += f.numOps
	}
	return n
}
