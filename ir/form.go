package ir

// This file is what the IR core knows of the text format (package
// ir/asm): the custom assembly form an op declares, the abstract parser
// and printer such a form is written with (MLIR's OpAsmParser and
// OpAsmPrinter, abstract in MLIR's IR library and implemented by its
// AsmParser), and the printer the core's String methods and diagnostics
// call, which package asm installs when it is linked. Types and attributes
// print themselves (types.go, attrs.go); printing ops needs value names,
// regions and locations, which are the text format's.

// Format is an op's custom assembly form. The forms live with the ops
// (package dialect), so a new dialect brings its own syntax without
// touching ir or ir/asm.
type Format struct {
	// Name describes the form in one line, e.g. "%a, %b : T".
	Name string
	// Parse reads the op after its name (the parser has consumed the
	// name) and returns it built with OpParser.Build, or nil after an
	// error.
	Parse func(p OpParser) *Op
	// Print writes the op after its name, each piece with its leading
	// space, and reports whether the op fits the form; when it does not
	// (broken or unusual IR), the op is printed in generic form and
	// whatever Print wrote is discarded.
	Print func(p OpPrinter, op *Op) bool
}

// Argument is an entry block argument a custom form parses before its
// region, like scf.for's induction variable (MLIR's OpAsmParser::Argument).
type Argument struct {
	Type Type
	Pos  Pos
	// Name is the SSA name as written ("%i").
	Name string
}

// OpParser is what a Format's Parse reads an op with (implemented by
// package ir/asm). It collects the op's operands (as names, resolved
// against their types by Build) and attributes; every Parse method reports
// failure by its result and records the first error, after which the
// others do nothing. In messages, {op} stands for the op's name.
type OpParser interface {
	// Name is the full name of the op being parsed ("arith.addf").
	Name() string
	// Def is the definition of the op being parsed.
	Def() *OpDef
	// Failed reports whether an error has been recorded.
	Failed() bool
	// OpPos is the position of the op's name, where errors about the
	// whole op point.
	OpPos() Pos
	// Pos is the position of the current token.
	Pos() Pos
	// Errorf records an error at the current token.
	Errorf(format string, args ...any)
	// ErrorExpected records an error about a missing token where
	// mlir-opt reports it: just after the text before the current token.
	ErrorExpected(format string, args ...any)
	// ErrorAt records an error at pos.
	ErrorAt(pos Pos, format string, args ...any)

	// Attrs are the op's attributes so far, filled by
	// ParseOptionalAttrDict and SetAttr.
	Attrs() Attrs
	// SetAttr sets the attribute name of the op being built.
	SetAttr(name string, v Attr)
	// SetAttrs replaces all the attributes of the op being built (a
	// form that parses a nested op's dictionary saves and restores them).
	SetAttrs(attrs Attrs)

	// PermuteOperands reorders the operands parsed so far: operand i
	// becomes the one parsed as order[i] (forms whose clauses may come in
	// any order, MLIR's oilist, parse operands in text order but build
	// them in the op's).
	PermuteOperands(order []int)
	// NumOperands is the number of operands parsed so far.
	NumOperands() int
	// ParseOperand parses one SSA value use (%x or %x#1) as the next
	// operand.
	ParseOperand() bool
	// ParseOperands parses a comma-separated list of one or more
	// operands.
	ParseOperands() bool
	// ParseOptionalOperands parses a comma-separated list of operands if
	// the current token is an SSA value, and nothing otherwise.
	ParseOptionalOperands() bool

	// ParseType parses a type.
	ParseType() Type
	// ParseColonType parses `: T`; what names the type in the error
	// message ("the type of '{op}'").
	ParseColonType(what string) Type
	// ParseTypeList parses a comma-separated list of one or more types.
	ParseTypeList() []Type
	// ParseFunctionalType parses `(T, ...) -> R` or `(T, ...) -> (R,
	// ...)` and checks that there is one operand type per operand parsed.
	ParseFunctionalType() (ins, outs []Type, ok bool)
	// SameTypes returns n copies of t in a buffer reused from op to op
	// (Build copies the types it is given).
	SameTypes(t Type, n int) []Type

	// ParseAttr parses an attribute value.
	ParseAttr() Attr
	// ParseOptionalAttrDict parses `{name = value, ...}` if present into
	// the op's attributes.
	ParseOptionalAttrDict() bool
	// ParseOptionalKeyword consumes the bare word kw if it is next.
	ParseOptionalKeyword(kw string) bool
	// ParseKeywordOrString parses a bare word or a string literal and
	// returns its text ("lt" for both lt and "lt"); ok is false when
	// neither is next (no error is recorded, so the caller can say what
	// it expected).
	ParseKeywordOrString() (s string, ok bool)
	// ParseOptionalAngleKeyword parses `kw<...>` (such as arith's
	// `fastmath<nnan, ninf>`) if the bare word kw is next, and returns
	// its text with the angle group as written.
	ParseOptionalAngleKeyword(kw string) (text string, ok bool)
	// ParseSymbol parses a symbol reference `@name` and returns the
	// name; msg is the error otherwise.
	ParseSymbol(msg string) (string, bool)
	// Parse consumes the punctuation s (one of ( ) [ ] { } < > , : = ->
	// * ?) or records msg as the error.
	Parse(s, msg string) bool
	// ParseOptional consumes the punctuation s if it is next.
	ParseOptional(s string) bool
	// At reports whether the punctuation s is next, without consuming
	// it.
	At(s string) bool

	// ParseArgument parses a region argument `%name : T` (or `%name`
	// alone when withType is false: the caller sets Type).
	ParseArgument(withType bool) (Argument, bool)
	// ParseRegion parses a region `{ ... }` whose entry block takes args
	// (named by the form before the region, so the region must not name
	// its entry block again) and adds it to the op being built.
	ParseRegion(args []Argument) *Region
	// ParseIsolatedRegion is ParseRegion for a region that starts a
	// fresh name scope (MLIR's enableNameShadowing): names from outside
	// are undeclared there and may be defined again.
	ParseIsolatedRegion(args []Argument) *Region
	// ParseOptionalRegion parses a region if a '{' is next; present
	// reports whether there was one.
	ParseOptionalRegion(args []Argument) (r *Region, present bool)
	// AddRegion adds a region the form built itself (an empty optional
	// region) to the op being built, after those parsed so far.
	AddRegion(r *Region)
	// ParseSuccessor parses a successor `^name` of the op being built.
	ParseSuccessor() bool

	// Build creates the op from the operands parsed, resolved against
	// operandTypes (one per operand), with result types resultTypes and
	// the attributes set. It returns nil after an error.
	Build(operandTypes, resultTypes []Type) *Op
	// AtOperand reports whether an SSA value use (%x) is next, so a form
	// can read either an operand or an integer (`[%o, 4]`).
	AtOperand() bool
}

// OpPrinter is what a Format's Print writes an op with (implemented by
// package ir/asm).
type OpPrinter interface {
	// Str writes s as is.
	Str(s string)
	// Operand writes a use of v (%3, %arg0, %cst).
	Operand(v *Value)
	// Operands writes a comma-separated list of uses.
	Operands(vs []*Value)
	// Type writes a type.
	Type(t Type)
	// Types writes a comma-separated list of types.
	Types(ts []Type)
	// OperandTypes writes the types of op's operands, comma-separated.
	OperandTypes(op *Op)
	// FunctionalType writes `(operand types) -> result types` of op.
	FunctionalType(op *Op)
	// Attr writes an attribute value.
	Attr(a Attr)
	// OptionalAttrDict writes ` {name = value, ...}` with the attributes
	// of attrs not named in elided, or nothing when none is left.
	OptionalAttrDict(attrs Attrs, elided ...string)
	// Region writes a region as MLIR's printRegion does: the entry
	// block's label only when it has arguments and printEntryArgs is set,
	// and each block's terminator only when printTerminators is set
	// (forms whose terminator is implicit leave it out).
	Region(r *Region, printEntryArgs, printTerminators bool)
	// Argument writes a region argument `%name: T`.
	Argument(v *Value)
	// Successor writes a successor `^bbN`.
	Successor(b *Block)
	// Newline starts a new line at the current indentation (MLIR's
	// printNewline), for custom forms that span lines.
	Newline()
	// Indent and Dedent change the indentation of the lines that follow
	// (MLIR's increaseIndent and decreaseIndent).
	Indent()
	// Dedent undoes Indent.
	Dedent()
}

// Printer prints modules and ops for the core: Module.String, OpString
// and the source line of a diagnostic about an op built in Go.
type Printer struct {
	// Module prints a module with default options.
	Module func(m *Module) string
	// Op prints one op in generic form with its function's value names.
	Op func(op *Op) string
}

// printer is the one SetPrinter installed.
var printer Printer

// SetPrinter installs the text format's printer; package ir/asm does in
// its init, so that every program that parses or prints IR has it.
func SetPrinter(p Printer) { printer = p }

// String prints the module with default options (package ir/asm's
// Print); without ir/asm linked it returns a placeholder.
func (m *Module) String() string {
	if printer.Module == nil {
		return "<module: ir/asm is not linked>"
	}
	return printer.Module(m)
}

// OpString prints one op in generic form with its function's value names,
// as MLIR's "see current operation" note does; without ir/asm linked it
// returns the op's quoted name.
func OpString(op *Op) string {
	if printer.Op == nil {
		return `"` + op.Name + `"(...)`
	}
	return printer.Op(op)
}
