package asm

import (
	"bytes"
	"io"
	"runtime"
	"strconv"

	"github.com/tirc/tirc/ir"
)

// PrintOptions configures the printer.
type PrintOptions struct {
	// Generic prints every op, functions and the module in MLIR's generic
	// form (mlir-opt's -mlir-print-op-generic).
	Generic bool
	// DebugInfo prints a location on every op, function, function
	// argument and the module, as mlir-opt's -mlir-print-debuginfo: its
	// loc(...) when it has one, else its place in the source as
	// "file":line:col; with #loc aliases (print_locs.go) unless
	// LocalScope.
	DebugInfo bool
	// LocalScope prints as mlir-opt -mlir-print-local-scope: locations
	// and affine maps inline, no alias section, so no empty line at the
	// end. Without it affine maps print as #map aliases
	// (print_aliases.go).
	LocalScope bool
}

// Print writes m in MLIR's textual syntax, as mlir-opt prints it: an
// explicit module, custom forms for the MLIR ops tirc knows and the generic
// form for the rest, values renamed %arg0.., %0.. per function. The output
// is deterministic, parses back to the same module, and printing never
// fails on broken IR (null types or values print as <<NULL ...>>).
func Print(w io.Writer, m *ir.Module, opts PrintOptions) error {
	if opts.LocalScope || m == nil || !hasAffineMaps(m) {
		pr := &printer{w: w, opts: opts}
		pr.module(m)
		return pr.flush()
	}
	// The aliases of affine maps come before the module: print it into
	// memory first (print_aliases.go).
	var text bytes.Buffer
	pr := &printer{w: &text, opts: opts}
	pr.module(m)
	if err := pr.flush(); err != nil {
		return err
	}
	var order []string
	if opts.Generic {
		order = genericMapOrder(m)
	}
	return aliasMaps(w, text.Bytes(), order)
}

// The core's String methods and diagnostics print with this package.
func init() { ir.SetPrinter(ir.Printer{Module: moduleString, Op: opString}) }

// moduleString prints the module with default options (Module.String).
func moduleString(m *ir.Module) string {
	var sb stringWriter
	Print(&sb, m, PrintOptions{})
	return string(sb)
}

// opString prints one op in generic form with its function's value names,
// as MLIR's "see current operation" note does (ir.OpString).
func opString(op *ir.Op) string {
	pr := &printer{opts: PrintOptions{Generic: true}}
	if op.Func() != nil {
		pr.nameValues(op.Func())
	}
	pr.op(op)
	return string(pr.buf)
}

type stringWriter []byte

func (s *stringWriter) Write(b []byte) (int, error) { *s = append(*s, b...); return len(b), nil }

type printer struct {
	w      io.Writer
	opts   PrintOptions
	buf    []byte
	err    error
	indent int
	asm    opPrinter // what custom forms print with

	locs *locAliases // with DebugInfo and not LocalScope

	// Value names of the current function, by value ID
	// (print_region.go).
	fn      *ir.Func
	names   []valueName
	scope   *usedNames
	counter int
}

// valueName is how a value prints: a number (%3), a number with a result
// index (%3#1) or a suggested name (%cst_0).
type valueName struct {
	name  string
	num   int32
	set   bool
	group bool // part of a multi-result group: print #index
} // 24 bytes, in this order

// flush writes the buffered text; without a writer the text stays in buf.
func (pr *printer) flush() error {
	if pr.w == nil {
		return nil
	}
	if pr.err == nil && len(pr.buf) > 0 {
		_, pr.err = pr.w.Write(pr.buf)
	}
	pr.buf = pr.buf[:0]
	return pr.err
}

func (pr *printer) str(s string) { pr.buf = append(pr.buf, s...) }

func (pr *printer) newline() {
	pr.buf = append(pr.buf, '\n')
	if len(pr.buf) > 1<<16 {
		pr.flush()
	}
	for i := 0; i < pr.indent; i++ {
		pr.buf = append(pr.buf, ' ', ' ')
	}
}

func (pr *printer) typ(t ir.Type)           { pr.buf = ir.AppendType(pr.buf, t) }
func (pr *printer) attr(a ir.Attr)          { pr.buf = ir.AppendAttr(pr.buf, a) }
func (pr *printer) loc(l string)            { pr.appendLoc(l) }
func (pr *printer) types(ts []ir.Type)      { pr.typeList(ts) }
func (pr *printer) results(ts []ir.Type)    { pr.buf = ir.AppendResultTypes(pr.buf, ts) }
func (pr *printer) attrs(as []ir.NamedAttr) { pr.buf = ir.AppendNamedAttrs(pr.buf, as) }

// locAt prints the location l, or with DebugInfo the source position at
// when l is empty.
func (pr *printer) locAt(l string, at ir.Pos) {
	if pr.opts.DebugInfo {
		l = locText(l, at)
	}
	if pr.locs != nil && l != "" {
		pr.buf = pr.locs.appendRef(pr.buf, l)
		return
	}
	pr.appendLoc(l)
}

// argLoc prints the location of f's argument i.
func (pr *printer) argLoc(f *ir.Func, i int) {
	l := argLocText(f, i)
	if pr.opts.DebugInfo {
		l = locText(l, f.Args()[i].Pos)
	}
	if pr.locs != nil && l != "" {
		pr.buf = pr.locs.appendInline(pr.buf, l)
		return
	}
	pr.appendLoc(l)
}

func (pr *printer) appendLoc(l string) {
	if l != "" {
		pr.str(" loc(")
		pr.str(l)
		pr.str(")")
	}
}

func (pr *printer) typeList(ts []ir.Type) {
	for i, t := range ts {
		if i > 0 {
			pr.str(", ")
		}
		pr.typ(t)
	}
}

func (pr *printer) module(m *ir.Module) {
	if m == nil {
		pr.str("<<NULL MODULE>>\n")
		return
	}
	if pr.opts.DebugInfo && !pr.opts.LocalScope {
		pr.locs = newLocAliases(m)
		pr.buf = pr.locs.appendDefs(pr.buf, true)
	}
	if pr.opts.Generic {
		pr.str(`"builtin.module"() (`)
		pr.str("{")
		if len(m.Funcs) == 0 && len(m.Ops) == 0 {
			pr.str("\n^bb0:") // an empty region still has its one block
		}
	} else {
		pr.str("module ")
		if m.Name != "" {
			pr.buf = ir.AppendAttr(pr.buf, ir.SymbolRefAttr(m.Name))
			pr.str(" ")
		}
		if len(m.Attrs) > 0 {
			pr.str("attributes {")
			pr.attrs(m.Attrs)
			pr.str("} ")
		}
		pr.str("{")
	}
	pr.indent++
	if len(m.Ops) > 0 || !pr.functionsInParallel(m) {
		for i, f := range m.Funcs {
			pr.topOps(m, i)
			pr.newline()
			pr.function(f)
		}
		pr.topOps(m, len(m.Funcs))
	}
	pr.indent--
	pr.newline()
	if pr.opts.Generic {
		pr.str("})")
		var as ir.Attrs
		if m.Name != "" {
			as.Set("sym_name", ir.StringAttr(m.Name))
		}
		for _, na := range m.Attrs {
			as.Set(na.Name, na.Value)
		}
		if len(as) > 0 {
			pr.str(" {")
			pr.attrs(as)
			pr.str("}")
		}
		pr.str(" : () -> ()")
	} else {
		pr.str("}")
	}
	pr.locAt(m.Loc, moduleLocPos(m))
	if pr.locs != nil {
		pr.str("\n")
		pr.buf = pr.locs.appendDefs(pr.buf, false)
		pr.str("\n")
	} else if pr.opts.LocalScope {
		pr.str("\n") // mlir-opt's empty line ends its (empty) alias section
	} else {
		pr.str("\n\n") // mlir-opt ends its output with an empty line
	}
}

// printWindow is how many functions are printed in parallel at a time:
// their text is held in memory, then written in order, and the buffers are
// reused for the next window.
const printWindow = 64

// functionsInParallel prints the functions of a large module with many
// functions on all cores, each into its own buffer (value names are per
// function, so the text is the same as printing them in order); false for
// modules where that does not pay.
func (pr *printer) functionsInParallel(m *ir.Module) bool {
	if len(m.Funcs) < 8 || pr.w == nil || m.NumOps() < 20000 {
		return false
	}
	pr.inParallel(len(m.Funcs), printWindow, func(fp *printer, i int) {
		fp.newline()
		fp.function(m.Funcs[i])
	})
	return true
}

// opsPerPiece is how many ops of a large function one piece of parallel
// printing has (about 100 KB of text); a window has two per core, so that
// the buffers stay few and warm.
const opsPerPiece = 1024

// bodyInParallel prints the ops of a large function on all cores, runs of
// opsPerPiece ops at a time, with the value names nameValues gave (only
// read by the op printer, so the text is the same as printing the ops in
// order); false for functions where that does not pay.
func (pr *printer) bodyInParallel(f *ir.Func) bool {
	if f.NumOps() < 4*opsPerPiece || pr.w == nil {
		return false
	}
	var starts []*ir.Op
	i := 0
	for op := f.First(); op != nil; op = op.Next() {
		if i%opsPerPiece == 0 {
			starts = append(starts, op)
		}
		i++
	}
	pr.inParallel(len(starts), 2*runtime.GOMAXPROCS(0), func(fp *printer, i int) {
		fp.fn, fp.names = pr.fn, pr.names
		for op, n := starts[i], 0; op != nil && n < opsPerPiece; op, n = op.Next(), n+1 {
			fp.newline()
			fp.op(op)
		}
	})
	return true
}

// inParallel prints n pieces on all cores, window pieces at a time: piece(fp, i)
// prints piece i into the buffer of fp, a printer with pr's options and
// indentation that is reused from window to window, and the window's
// texts are then written in order.
func (pr *printer) inParallel(n, window int, piece func(fp *printer, i int)) {
	fps := make([]printer, min(window, n))
	for lo := 0; lo < n; lo += len(fps) {
		k := min(len(fps), n-lo)
		ir.ParallelFor(k, func(i int) {
			fp := &fps[i]
			fp.opts, fp.indent, fp.buf, fp.locs = pr.opts, pr.indent, fp.buf[:0], pr.locs
			piece(fp, lo+i)
		})
		for i := range k {
			pr.write(fps[i].buf)
		}
	}
}

// write appends text to the output, writing a large text directly.
func (pr *printer) write(text []byte) {
	if len(pr.buf)+len(text) <= 1<<16 {
		pr.buf = append(pr.buf, text...)
		return
	}
	pr.flush()
	if pr.err == nil {
		_, pr.err = pr.w.Write(text)
	}
}

// value prints a use of v.
func (pr *printer) value(v *ir.Value) {
	if v == nil {
		pr.str("<<NULL VALUE>>")
		return
	}
	if v.Func() != pr.fn || v.ID() < 0 || v.ID() >= len(pr.names) || !pr.names[v.ID()].set {
		pr.str("<<UNKNOWN SSA VALUE>>")
		return
	}
	nm := pr.names[v.ID()]
	pr.str("%")
	if nm.name != "" {
		pr.str(nm.name)
	} else {
		pr.buf = strconv.AppendInt(pr.buf, int64(nm.num), 10)
	}
	if nm.group {
		pr.str("#")
		pr.buf = strconv.AppendInt(pr.buf, int64(v.Index()), 10)
	}
}

func (pr *printer) valueList(vs []*ir.Value) {
	for i, v := range vs {
		if i > 0 {
			pr.str(", ")
		}
		pr.value(v)
	}
}

func (pr *printer) function(f *ir.Func) {
	if f == nil {
		pr.str("<<NULL FUNCTION>>")
		return
	}
	pr.nameValues(f)
	if pr.opts.Generic {
		pr.genericFunction(f)
		return
	}
	pr.str("func.func ")
	if f.Visibility != "" {
		pr.str(f.Visibility)
		pr.str(" ")
	}
	pr.buf = ir.AppendAttr(pr.buf, ir.SymbolRefAttr(f.Name))
	pr.str("(")
	for i, a := range f.Args() {
		if i > 0 {
			pr.str(", ")
		}
		if !f.External {
			pr.value(a)
			pr.str(": ")
		}
		pr.typ(a.Type())
		if !f.External {
			pr.argLoc(f, i)
		}
	}
	pr.str(")")
	if len(f.ResultTypes) > 0 {
		pr.str(" -> ")
		pr.results(f.ResultTypes)
	}
	if len(f.Attrs) > 0 {
		pr.str(" attributes {")
		pr.attrs(f.Attrs)
		pr.str("}")
	}
	if !f.External {
		pr.str(" {")
		pr.body(f)
		pr.newline()
		pr.str("}")
	}
	pr.locAt(f.Loc, f.Pos)
}

func (pr *printer) body(f *ir.Func) {
	pr.indent++
	if !pr.bodyInParallel(f) {
		for op := f.First(); op != nil; op = op.Next() {
			pr.newline()
			pr.op(op)
		}
	}
	pr.indent--
}

func (pr *printer) genericFunction(f *ir.Func) {
	pr.str(`"func.func"() <{`)
	var props ir.Attrs
	props.Set("function_type", &ir.TypeAttr{Type: f.Type()})
	props.Set("sym_name", ir.StringAttr(f.Name))
	if f.Visibility != "" {
		props.Set("sym_visibility", ir.StringAttr(f.Visibility))
	}
	pr.attrs(props)
	pr.str("}> ({")
	if !f.External {
		if len(f.Args()) > 0 {
			pr.newline()
			pr.str("^bb0(")
			for i, a := range f.Args() {
				if i > 0 {
					pr.str(", ")
				}
				pr.value(a)
				pr.str(": ")
				pr.typ(a.Type())
				pr.argLoc(f, i)
			}
			pr.str("):")
		}
		pr.body(f)
	}
	pr.newline()
	pr.str("})")
	if len(f.Attrs) > 0 {
		pr.str(" {")
		pr.attrs(f.Attrs)
		pr.str("}")
	}
	pr.str(" : () -> ()")
	pr.locAt(f.Loc, f.Pos)
}

// op prints one op: result names, then the custom form when the op has
// one and fits it, else the generic form.
func (pr *printer) op(op *ir.Op) {
	if len(op.Results()) > 0 {
		first := op.Results()[0]
		if len(op.Results()) > 1 && pr.fn != nil && first.ID() >= 0 && first.ID() < len(pr.names) && pr.names[first.ID()].set && pr.names[first.ID()].group {
			pr.str("%")
			if nm := pr.names[first.ID()]; nm.name != "" {
				pr.str(nm.name)
			} else {
				pr.buf = strconv.AppendInt(pr.buf, int64(nm.num), 10)
			}
			pr.str(":")
			pr.buf = strconv.AppendInt(pr.buf, int64(len(op.Results())), 10)
		} else {
			pr.value(first)
			for _, r := range op.Results()[1:] {
				pr.str(", ")
				pr.value(r)
			}
		}
		pr.str(" = ")
	}
	if pr.opts.Generic || !pr.custom(op) {
		pr.generic(op)
	}
	pr.locAt(op.Loc, op.Pos)
}

func (pr *printer) generic(op *ir.Op) {
	pr.buf = ir.AppendQuoted(pr.buf, op.Name)
	pr.str("(")
	pr.valueList(op.Operands())
	pr.str(")")
	if len(op.Successors()) > 0 {
		pr.str("[")
		for i, b := range op.Successors() {
			if i > 0 {
				pr.str(", ")
			}
			pr.blockName(b)
		}
		pr.str("]")
	}
	var props, rest []ir.NamedAttr
	for _, na := range op.Attrs {
		if op.Def != nil && contains(op.Def.Inherent, na.Name) {
			props = append(props, na)
		} else {
			rest = append(rest, na)
		}
	}
	if len(props) > 0 {
		pr.str(" <{")
		pr.attrs(props)
		pr.str("}>")
	}
	if len(op.Regions()) > 0 {
		pr.str(" (")
		for i, r := range op.Regions() {
			if i > 0 {
				pr.str(", ")
			}
			pr.region(r, true, true, true)
		}
		pr.str(")")
	}
	if len(rest) > 0 {
		pr.str(" {")
		pr.attrs(rest)
		pr.str("}")
	}
	pr.str(" : (")
	for i, v := range op.Operands() {
		if i > 0 {
			pr.str(", ")
		}
		if v == nil {
			pr.str("<<NULL TYPE>>")
		} else {
			pr.typ(v.Type())
		}
	}
	pr.str(") -> ")
	pr.results(op.ResultTypes())
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
