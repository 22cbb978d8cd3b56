package llvmtext

import (
	"bytes"
	"fmt"
	"strings"

	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Printer is a faster printer of function definitions. llir/llvm prints every
// instruction through fmt with a fresh string per operand type, which was
// half of -emit-llvm's time. Printer writes the instructions codegen emits
// most (their plain forms: no metadata, atomics or fast-math flags)
// straight into one buffer, with each type's text computed once, and hands
// anything else to llir; the result is byte for byte llir's (checked by
// codegen's TestPrinterMatchesLLIR over every test module).
type Printer struct {
	w     *Text
	types map[types.Type]string
	ptrs  map[types.Type]string // the text of a pointer to the key (ptr)
}

// NewPrinter is a printer writing into w.
func NewPrinter(w *Text) *Printer {
	return &Printer{w: w, types: map[types.Type]string{}, ptrs: map[types.Type]string{}}
}

func (p *Printer) typ(t types.Type) string {
	switch t := t.(type) {
	case *types.IntType:
		if t.TypeName == "" {
			switch t.BitSize {
			case 1:
				return "i1"
			case 8:
				return "i8"
			case 16:
				return "i16"
			case 32:
				return "i32"
			case 64:
				return "i64"
			}
		}
	case *types.PointerType:
		// A fresh object for most instructions: looked up by element.
		if t.TypeName == "" && t.AddrSpace == 0 {
			return p.ptr(t.ElemType)
		}
	}
	s, ok := p.types[t]
	if !ok {
		s = t.String()
		p.types[t] = s
	}
	return s
}

// ptr is the text of a pointer to elem. Codegen makes a fresh pointer
// type for most instructions, and elem is most often one of a few
// types, so the text is kept by elem for longer than one function.
func (p *Printer) ptr(elem types.Type) string {
	s, ok := p.ptrs[elem]
	if !ok {
		if len(p.ptrs) >= 1024 {
			clear(p.ptrs)
		}
		s = p.typ(elem) + "*"
		p.ptrs[elem] = s
	}
	return s
}

// tv writes "type ident", what llir's values print for %s.
func (p *Printer) tv(v value.Value) {
	p.w.WriteString(p.typ(v.Type()))
	p.w.WriteByte(' ')
	p.ident(v)
}

// ident writes v.Ident() without making a string for the identifiers
// codegen makes most: numbered locals, and plain names of parameters,
// blocks and functions (llir's Ident also tries each name as a number,
// which allocates an error).
func (p *Printer) ident(v identer) {
	var prefix byte
	var name string
	switch x := v.(type) {
	case *llvm.Param:
		prefix, name = '%', x.LocalName
	case *llvm.Block:
		prefix, name = '%', x.LocalName
	case *llvm.Func:
		prefix, name = '@', x.GlobalName
	case *llvm.Global:
		prefix, name = '@', x.GlobalName
	case *llvm.InstAlloca:
		// Slots are named (slot.N): llir's Name tries each as a number,
		// which allocates an error.
		if x.LocalName != "" {
			prefix, name = '%', x.LocalName
			break
		}
		p.w.WriteByte('%')
		p.w.Int(x.LocalID)
		return
	case numbered:
		if x.IsUnnamed() {
			p.w.WriteByte('%')
			p.w.Int(x.ID())
			return
		}
		prefix, name = '%', x.Name()
	case *constant.Int:
		// llir writes i1 as true/false and may write a value from
		// 0x1000 up in hex; below that it is the decimal number.
		if x.Typ.BitSize != 1 && x.X.IsInt64() && x.X.Int64() < 0x1000 {
			p.w.Int(x.X.Int64())
			return
		}
	}
	if !PlainName(name) {
		p.w.WriteString(v.Ident())
		return
	}
	p.w.WriteByte(prefix)
	p.w.WriteString(name)
}

// numbered is a local value that may be unnamed (an instruction).
type numbered interface {
	IsUnnamed() bool
	ID() int64
	Name() string
}

// PlainName reports whether llir prints name unquoted: letters, digits
// and "$-._", not all digits (and not empty).
func PlainName(name string) bool {
	digits := true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= '0' && c <= '9':
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '$', c == '-', c == '.', c == '_':
			digits = false
		default:
			return false
		}
	}
	return !digits
}

// def writes "%x = op".
func (p *Printer) def(v identer, op string) {
	p.ident(v)
	p.w.WriteString(" = ")
	p.w.WriteString(op)
}

// binary writes "%x = op flags X, Y".
func (p *Printer) binary(v identer, op string, flags []enum.OverflowFlag, x, y value.Value) {
	p.def(v, op)
	for _, f := range flags {
		p.w.WriteByte(' ')
		p.w.WriteString(f.String())
	}
	p.w.WriteByte(' ')
	p.tv(x)
	p.w.WriteString(", ")
	p.ident(y)
}

// compare writes "%x = op pred X, Y".
func (p *Printer) compare(v identer, op, pred string, x, y value.Value) {
	p.def(v, op)
	p.w.WriteString(pred)
	p.w.WriteByte(' ')
	p.tv(x)
	p.w.WriteString(", ")
	p.ident(y)
}

// conv writes "%x = op From to To".
func (p *Printer) conv(v identer, op string, from value.Value, to types.Type) {
	p.def(v, op)
	p.w.WriteByte(' ')
	p.tv(from)
	p.w.WriteString(" to ")
	p.w.WriteString(p.typ(to))
}

func (p *Printer) align(a llvm.Align) {
	if a != 0 {
		p.w.WriteString(", ")
		p.w.WriteString(a.String())
	}
}

// inst writes one instruction or terminator (without indentation): the
// forms codegen makes most directly, anything else through llir.
func (p *Printer) inst(i llvm.LLStringer) {
	if !p.arith(i) && !p.values(i) && !p.control(i) {
		p.w.WriteString(i.LLString())
	}
}

// arith writes a plain binary operation, compare or conversion, and
// reports whether i was one.
func (p *Printer) arith(i llvm.LLStringer) bool {
	switch x := i.(type) {
	case *llvm.InstICmp:
		if len(x.Metadata) == 0 {
			p.compare(x, "icmp ", x.Pred.String(), x.X, x.Y)
			return true
		}
	case *llvm.InstFCmp:
		if len(x.Metadata) == 0 && len(x.FastMathFlags) == 0 {
			p.compare(x, "fcmp ", x.Pred.String(), x.X, x.Y)
			return true
		}
	case *llvm.InstAdd:
		return p.binaryIf(len(x.Metadata) == 0, x, "add", x.OverflowFlags, x.X, x.Y)
	case *llvm.InstSub:
		return p.binaryIf(len(x.Metadata) == 0, x, "sub", x.OverflowFlags, x.X, x.Y)
	case *llvm.InstMul:
		return p.binaryIf(len(x.Metadata) == 0, x, "mul", x.OverflowFlags, x.X, x.Y)
	case *llvm.InstAnd:
		return p.binaryIf(len(x.Metadata) == 0, x, "and", nil, x.X, x.Y)
	case *llvm.InstOr:
		return p.binaryIf(len(x.Metadata) == 0, x, "or", nil, x.X, x.Y)
	case *llvm.InstUDiv:
		return p.binaryIf(len(x.Metadata) == 0 && !x.Exact, x, "udiv", nil, x.X, x.Y)
	case *llvm.InstFAdd:
		return p.binaryIf(len(x.Metadata) == 0 && len(x.FastMathFlags) == 0, x, "fadd", nil, x.X, x.Y)
	case *llvm.InstFSub:
		return p.binaryIf(len(x.Metadata) == 0 && len(x.FastMathFlags) == 0, x, "fsub", nil, x.X, x.Y)
	case *llvm.InstFMul:
		return p.binaryIf(len(x.Metadata) == 0 && len(x.FastMathFlags) == 0, x, "fmul", nil, x.X, x.Y)
	case *llvm.InstBitCast:
		return p.convIf(len(x.Metadata) == 0, x, "bitcast", x.From, x.To)
	case *llvm.InstPtrToInt:
		return p.convIf(len(x.Metadata) == 0, x, "ptrtoint", x.From, x.To)
	case *llvm.InstIntToPtr:
		return p.convIf(len(x.Metadata) == 0, x, "inttoptr", x.From, x.To)
	}
	return false
}

// binaryIf writes the binary operation when plain (see binary) and
// reports whether it did.
func (p *Printer) binaryIf(plain bool, v identer, op string, flags []enum.OverflowFlag, x, y value.Value) bool {
	if plain {
		p.binary(v, op, flags, x, y)
	}
	return plain
}

// convIf writes the conversion when plain (see conv) and reports whether
// it did.
func (p *Printer) convIf(plain bool, v identer, op string, from value.Value, to types.Type) bool {
	if plain {
		p.conv(v, op, from, to)
	}
	return plain
}

// values writes a plain getelementptr, select, load, extractvalue,
// store, alloca or phi, and reports whether i was one.
func (p *Printer) values(i llvm.LLStringer) bool {
	w := p.w
	switch x := i.(type) {
	case *llvm.InstGetElementPtr:
		if len(x.Metadata) > 0 {
			return false
		}
		p.def(x, "getelementptr")
		if x.InBounds {
			w.WriteString(" inbounds")
		}
		w.WriteByte(' ')
		w.WriteString(p.typ(x.ElemType))
		w.WriteString(", ")
		p.tv(x.Src)
		for _, ix := range x.Indices {
			w.WriteString(", ")
			p.tv(ix)
		}
	case *llvm.InstSelect:
		if len(x.Metadata) > 0 || len(x.FastMathFlags) > 0 {
			return false
		}
		p.def(x, "select ")
		p.tv(x.Cond)
		w.WriteString(", ")
		p.tv(x.ValueTrue)
		w.WriteString(", ")
		p.tv(x.ValueFalse)
	case *llvm.InstLoad:
		if len(x.Metadata) > 0 || x.Atomic || x.Volatile || x.SyncScope != "" || x.Ordering != enum.AtomicOrderingNone {
			return false
		}
		p.def(x, "load ")
		w.WriteString(p.typ(x.ElemType))
		w.WriteString(", ")
		p.tv(x.Src)
		p.align(x.Align)
	case *llvm.InstExtractValue:
		if len(x.Metadata) > 0 {
			return false
		}
		p.def(x, "extractvalue ")
		p.tv(x.X)
		for _, i := range x.Indices {
			w.WriteString(", ")
			w.Uint(i)
		}
	case *llvm.InstStore:
		if len(x.Metadata) > 0 || x.Atomic || x.Volatile || x.SyncScope != "" || x.Ordering != enum.AtomicOrderingNone {
			return false
		}
		w.WriteString("store ")
		p.tv(x.Src)
		w.WriteString(", ")
		p.tv(x.Dst)
		p.align(x.Align)
	case *llvm.InstAlloca:
		if len(x.Metadata) > 0 || x.InAlloca || x.SwiftError || x.NElems != nil || x.AddrSpace != 0 {
			return false
		}
		p.def(x, "alloca ")
		w.WriteString(p.typ(x.ElemType))
		p.align(x.Align)
	case *llvm.InstPhi:
		if len(x.Metadata) > 0 || len(x.FastMathFlags) > 0 {
			return false
		}
		p.phi(x)
	default:
		return false
	}
	return true
}

// phi writes "%x = phi T [ X, %pred ], ...".
func (p *Printer) phi(x *llvm.InstPhi) {
	w := p.w
	p.def(x, "phi ")
	w.WriteString(p.typ(x.Typ))
	w.WriteByte(' ')
	for k, inc := range x.Incs {
		if k > 0 {
			w.WriteString(", ")
		}
		w.WriteString("[ ")
		p.ident(inc.X)
		w.WriteString(", ")
		p.ident(inc.Pred)
		w.WriteString(" ]")
	}
}

// control writes a plain call or terminator (br, conditional br, ret),
// and reports whether i was one.
func (p *Printer) control(i llvm.LLStringer) bool {
	w := p.w
	switch x := i.(type) {
	case *llvm.InstCall:
		if len(x.Metadata) > 0 || x.Tail != enum.TailNone || len(x.FastMathFlags) > 0 || x.CallingConv != enum.CallingConvNone ||
			len(x.ReturnAttrs) > 0 || x.AddrSpace != 0 || len(x.FuncAttrs) > 0 || len(x.OperandBundles) > 0 {
			return false
		}
		p.call(x)
	case *llvm.TermBr:
		if len(x.Metadata) > 0 {
			return false
		}
		w.WriteString("br ")
		p.tv(x.Target)
	case *llvm.TermCondBr:
		if len(x.Metadata) > 0 {
			return false
		}
		w.WriteString("br ")
		p.tv(x.Cond)
		w.WriteString(", ")
		p.tv(x.TargetTrue)
		w.WriteString(", ")
		p.tv(x.TargetFalse)
	case *llvm.TermRet:
		if len(x.Metadata) > 0 {
			return false
		}
		if x.X == nil {
			w.WriteString("ret void")
		} else {
			w.WriteString("ret ")
			p.tv(x.X)
		}
	default:
		return false
	}
	return true
}

// call writes "%x = call T @f(args)" ("call" alone for void).
func (p *Printer) call(x *llvm.InstCall) {
	w := p.w
	if !x.Type().Equal(types.Void) {
		p.ident(x)
		w.WriteString(" = ")
	}
	w.WriteString("call ")
	if sig := x.Sig(); sig.Variadic {
		w.WriteString(p.typ(sig))
	} else {
		w.WriteString(p.typ(x.Type()))
	}
	w.WriteByte(' ')
	p.ident(x.Callee)
	w.WriteByte('(')
	for k, a := range x.Args {
		if k > 0 {
			w.WriteString(", ")
		}
		if _, ok := a.(*llvm.Arg); ok {
			w.WriteString(a.String())
		} else {
			p.tv(a)
		}
	}
	w.WriteByte(')')
}

// Function writes the definition of f as llir's f.LLString() would.
// The type cache lives for one function: codegen makes fresh type objects
// for every nest, and a module-long cache would keep them all alive.
func (p *Printer) Function(f *llvm.Func) {
	clear(p.types)
	if err := assignIDs(f); err != nil {
		panic(err) // as llir's own Printer: codegen built malformed IR
	}
	if LLIROnly || len(f.Blocks) == 0 || len(f.Metadata) > 0 || len(f.UseListOrders) > 0 {
		p.w.WriteString(f.LLString())
		return
	}
	p.header(f)
	for k, b := range f.Blocks {
		if k > 0 {
			p.w.WriteByte('\n')
		}
		p.block(b)
	}
	p.w.WriteString("}")
}

// header writes "define ... {" and a newline, as llir prints the header
// of a definition. The header of codegen's functions (a linkage, named
// parameters with attributes, function attributes) is written directly;
// anything else goes through llir: "declare" + linkage + header for a
// body-less copy.
func (p *Printer) header(f *llvm.Func) {
	if !plainHeader(f) {
		blocks := f.Blocks
		f.Blocks = nil
		head := f.LLString()
		f.Blocks = blocks
		p.w.WriteString("define")
		p.w.WriteString(strings.TrimPrefix(head, "declare"))
		p.w.WriteString(" {\n")
		return
	}
	w := p.w
	w.WriteString("define")
	if f.Linkage != enum.LinkageNone {
		w.WriteByte(' ')
		w.WriteString(f.Linkage.String())
	}
	w.WriteByte(' ')
	w.WriteString(p.typ(f.Sig.RetType))
	w.WriteByte(' ')
	p.ident(f)
	w.WriteByte('(')
	for i, param := range f.Params {
		if i != 0 {
			w.WriteString(", ")
		}
		w.WriteString(p.typ(param.Typ))
		for _, a := range param.Attrs {
			w.WriteByte(' ')
			w.WriteString(a.String())
		}
		w.WriteByte(' ')
		p.ident(param)
	}
	w.WriteByte(')')
	for _, a := range f.FuncAttrs {
		w.WriteByte(' ')
		w.WriteString(a.String())
	}
	w.WriteString(" {\n")
}

// plainHeader reports whether f's header has only what codegen sets: a
// linkage, named parameters with attributes, function attributes.
func plainHeader(f *llvm.Func) bool {
	if f.Preemption != enum.PreemptionNone || f.Visibility != enum.VisibilityNone ||
		f.DLLStorageClass != enum.DLLStorageClassNone || f.CallingConv != enum.CallingConvNone ||
		len(f.ReturnAttrs) > 0 || f.Sig.Variadic || f.UnnamedAddr != enum.UnnamedAddrNone ||
		f.AddrSpace != 0 || f.Section != "" || f.Partition != "" || f.Comdat != nil || f.Align != 0 ||
		f.GC != "" || f.Prefix != nil || f.Prologue != nil || f.Personality != nil || len(f.Metadata) > 0 {
		return false
	}
	for _, param := range f.Params {
		if !PlainName(param.LocalName) {
			return false
		}
	}
	return true
}

// block writes one basic block: its label, instructions and terminator.
func (p *Printer) block(b *llvm.Block) { p.blockWith(b, b.Term) }

// blockWith writes b with terminator term (stream replaces the
// terminator of a block queued for printing).
func (p *Printer) blockWith(b *llvm.Block, term llvm.Terminator) {
	if PlainName(b.LocalName) {
		p.w.WriteString(b.LocalName)
	} else {
		p.w.WriteString(strings.TrimPrefix(b.Ident(), "%"))
	}
	p.w.WriteString(":\n")
	for _, i := range b.Insts {
		p.w.WriteByte('\t')
		p.inst(i)
		p.w.WriteByte('\n')
	}
	if term == nil {
		panic("missing terminator in basic block " + b.Ident()) // as llir's Printer
	}
	p.w.WriteByte('\t')
	p.inst(term)
	p.w.WriteByte('\n')
}

// identer is a named value: an instruction's result.
type identer interface{ Ident() string }

// LLIROnly makes every function print through llir: the oracle of the
// tests comparing this printer's text with llir's. A user that writes
// text of its own for llir objects (globals, recycled instruction lists)
// does as llir would while it is set.
var LLIROnly = false

// Head writes what llir writes first for m: its source file name and
// target triple, quoted as llir quotes them.
func (p *Printer) Head(m *llvm.Module) {
	h := llvm.NewModule()
	h.SourceFilename, h.TargetTriple = m.SourceFilename, m.TargetTriple
	var b bytes.Buffer
	h.WriteTo(&b)
	p.w.WriteString(b.String())
}

// Module writes the module-level entities of m after the function
// definitions (the caller printed those, and Head before them: Module
// clears m's source file name and triple, so that they are not written
// twice): llir writes the type definitions, globals and declarations as
// its Module.WriteTo would, then the functions still in the module (the
// declarations, and those the caller left) follow in this printer, then
// the metadata definitions.
func (p *Printer) Module(m *llvm.Module) error {
	t := p.w
	m.SourceFilename, m.TargetTriple = "", ""
	var head bytes.Buffer
	if LLIROnly || len(m.AttrGroupDefs) > 0 || len(m.NamedMetadataDefs) > 0 || len(m.UseListOrders) > 0 || len(m.UseListOrderBBs) > 0 {
		_, err := m.WriteTo(&head) // what codegen never makes keeps llir's order
		t.WriteString("\n")
		t.WriteString(head.String())
		return err
	}
	if err := m.AssignMetadataIDs(); err != nil {
		return err
	}
	funcs, mds := m.Funcs, m.MetadataDefs
	m.Funcs, m.MetadataDefs = nil, nil
	_, err := m.WriteTo(&head)
	m.Funcs, m.MetadataDefs = funcs, mds
	if err != nil {
		return err
	}
	t.WriteString("\n")
	t.WriteString(head.String())
	if len(funcs) > 0 && head.Len() > 0 {
		t.WriteString("\n")
	}
	for i, f := range funcs {
		if i != 0 {
			t.WriteString("\n")
		}
		p.Function(f)
		t.WriteString("\n")
	}
	if len(mds) > 0 {
		t.WriteString("\n")
	}
	for _, md := range mds {
		t.WriteString(md.Ident())
		t.WriteString(" = ")
		t.WriteString(md.LLString())
		t.WriteString("\n")
	}
	return nil
}

// FunctionText is the text of f's definition alone.
func FunctionText(f *llvm.Func) string {
	t := &Text{}
	NewPrinter(t).Function(f)
	return string(t.AppendTo(nil))
}

// assignIDs numbers f's unnamed parameters, blocks and values as llir's
// AssignIDs does, telling void from the rest by type switch: llir
// compares each value's type with void by printing it, which for a
// pointer allocates (2% of a module's allocations).
func assignIDs(f *llvm.Func) error {
	id := int64(0)
	set := func(n numberedVar) error {
		if !n.IsUnnamed() {
			return nil
		}
		if n.ID() != 0 && n.ID() != id {
			return fmt.Errorf("invalid local ID in function %s, expected %%%d, got %%%d", f.Ident(), id, n.ID())
		}
		n.SetID(id)
		id++
		return nil
	}
	for _, p := range f.Params {
		if err := set(p); err != nil {
			return err
		}
	}
	for _, b := range f.Blocks {
		if err := set(b); err != nil {
			return err
		}
		for _, inst := range b.Insts {
			if n, ok := inst.(numberedVar); ok && !isVoid(n.Type()) {
				if err := set(n); err != nil {
					return err
				}
			}
		}
		if n, ok := b.Term.(numberedVar); ok && !isVoid(n.Type()) {
			if err := set(n); err != nil {
				return err
			}
		}
	}
	return nil
}
