package eval

import (
	"fmt"
	"iter"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// RuntimeError is a failure of the program itself on its inputs, the
// errors compiled code reports at run time when checks are on: integer
// division by zero or MIN / -1, run-time sizes that do not broadcast or do
// not match a static type, call recursion too deep.
type RuntimeError struct {
	Pos ir.Pos // the failing op (or function)
	Op  string // its name ("tir.div")
	Msg string
	Err error // the scalar fault (ErrDivByZero, ...), if that was the cause
}

func (e *RuntimeError) Error() string { return fmt.Sprintf("%s: '%s' op %s", e.Pos, e.Op, e.Msg) }

// Unwrap returns the scalar fault, so errors.Is(err, ErrDivByZero) works.
func (e *RuntimeError) Unwrap() error { return e.Err }

// Diagnostic returns the error as a diagnostic at the op.
func (e *RuntimeError) Diagnostic() *ir.Diagnostic {
	return ir.Errorf(e.Pos, "'%s' op %s", e.Op, e.Msg)
}

func runtimeErr(op *ir.Op, format string, args ...any) *RuntimeError {
	return &RuntimeError{Pos: op.Pos, Op: op.Name, Msg: fmt.Sprintf(format, args...)}
}

// MaxCallDepth bounds func.call nesting; deeper recursion is a
// RuntimeError rather than a crash.
var MaxCallDepth = 200

// Op evaluates one op on concrete operand values and returns its results.
// It supports every Computable op (one with a loop description and a
// kernel: elementwise ops with NumPy's or XLA's broadcasting,
// broadcast_in_dim, transposes, slices, iota, reductions; see run), the
// Reshape, Concatenate and ShapedDim ops (move.go), constants
// (ConstantLike ops), tensor.cast and func.call (through the op's module). Failures of the
// program are *RuntimeError; an op that cannot be evaluated, or operand
// values that do not fit the operand types, give a plain error.
func Op(op *ir.Op, args []*Tensor) ([]*Tensor, error) {
	return (&machine{}).op(op, args)
}

// Func evaluates a function on argument values (checked against the
// argument types, as compiled entry points check descriptors) and returns
// the values it returns.
func Func(f *ir.Func, args []*Tensor) ([]*Tensor, error) {
	return (&machine{}).call(f, args, nil)
}

type machine struct {
	depth int
}

func (m *machine) call(f *ir.Func, args []*Tensor, site *ir.Op) ([]*Tensor, error) {
	if f.External {
		return nil, fmt.Errorf("function @%s has no body to evaluate", f.Name)
	}
	if len(args) != len(f.Args()) {
		return nil, fmt.Errorf("function @%s takes %d arguments, got %d", f.Name, len(f.Args()), len(args))
	}
	if m.depth >= MaxCallDepth {
		return nil, runtimeErr(site, "call depth exceeds %d (unbounded recursion?) calling @%s", MaxCallDepth, f.Name)
	}
	m.depth++
	defer func() { m.depth-- }()
	if d := ir.Expand(f); d != nil { // ops defined as other ops (linalg's named ops)
		return nil, d
	}
	for i, a := range args {
		if msg := fits(a, f.Arg(i).Type()); msg != "" {
			return nil, &RuntimeError{Pos: f.Pos, Op: "func.func", Msg: fmt.Sprintf("argument #%d of @%s: %s", i, f.Name, msg)}
		}
	}
	fr := &frame{vals: make([]*Tensor, f.NumValues())}
	for i, a := range f.Args() {
		fr.vals[a.ID()] = args[i]
	}
	out, term, err := m.run(f.Ops(), fr)
	if err == nil && term == nil {
		err = fmt.Errorf("function @%s has no terminator", f.Name)
	}
	return out, err
}

// frame holds the values of one function call, by value ID (the ops of
// its regions included).
type frame struct {
	vals []*Tensor
}

func (fr *frame) get(v *ir.Value) *Tensor {
	if id := v.ID(); id >= 0 && id < len(fr.vals) {
		return fr.vals[id]
	}
	return nil
}

func (fr *frame) set(v *ir.Value, t *Tensor) {
	if v.ID() >= len(fr.vals) {
		fr.vals = append(fr.vals, make([]*Tensor, v.ID()-len(fr.vals)+1)...)
	}
	fr.vals[v.ID()] = t
}

// run evaluates ops up to their terminator and returns its operands and
// the terminator (nil if there was none).
func (m *machine) run(ops iter.Seq[*ir.Op], fr *frame) ([]*Tensor, *ir.Op, error) {
	for op := range ops {
		in := make([]*Tensor, op.NumOperands())
		for i, v := range op.Operands() {
			if in[i] = fr.get(v); in[i] == nil {
				return nil, nil, fmt.Errorf("%s: '%s' op operand #%d is not defined before use", op.Pos, op.Name, i)
			}
		}
		if op.Has(ir.TraitTerminator) {
			return in, op, nil
		}
		var out []*Tensor
		var err error
		switch {
		case op.Def != nil && op.Def.Kernel == ir.KernelRegion:
			out, err = runRegion(op, in, fr.get)
		case op.NumRegions() > 0:
			out, err = m.control(op, in, fr)
		default:
			out, err = m.op(op, in)
		}
		if err != nil {
			return nil, nil, err
		}
		for i, r := range op.Results() {
			fr.set(r, out[i])
		}
	}
	return nil, nil, nil
}

// fits checks a value against a type: element type, rank, static sizes.
func fits(t *Tensor, typ ir.Type) string {
	if t == nil {
		return "no value"
	}
	if e := ir.ElementType(typ); e != t.Elem {
		return fmt.Sprintf("element type %s, but the type is '%s'", t.Elem, ir.TypeString(typ))
	}
	if !ir.IsShaped(typ) {
		if len(t.Shape) != 0 {
			return fmt.Sprintf("shape %s, but the type is the scalar '%s'", ir.ShapeString(t.Shape), ir.TypeString(typ))
		}
		return ""
	}
	shape, ranked := ir.Shape(typ)
	if !ranked {
		return ""
	}
	if len(shape) != len(t.Shape) {
		return fmt.Sprintf("rank %d (shape %s), but the type '%s' has rank %d", len(t.Shape), shapeText(t.Shape), ir.TypeString(typ), len(shape))
	}
	for i, d := range shape {
		if d >= 0 && d != t.Shape[i] {
			return fmt.Sprintf("size %d in dimension %d, but the type '%s' says %d", t.Shape[i], i, ir.TypeString(typ), d)
		}
	}
	return ""
}

func shapeText(s []int64) string {
	if len(s) == 0 {
		return "()"
	}
	return ir.ShapeString(s)
}

func (m *machine) op(op *ir.Op, args []*Tensor) ([]*Tensor, error) {
	if len(args) != op.NumOperands() {
		return nil, fmt.Errorf("%s: '%s' op has %d operands, got %d values", op.Pos, op.Name, op.NumOperands(), len(args))
	}
	if t := unlowerableType(op); t != nil {
		return nil, fmt.Errorf("%s: '%s' op: eval does not compute with the type '%s'", op.Pos, op.Name, ir.TypeString(t))
	}
	for i, a := range args {
		if a == nil || a.Elem != ir.ElementType(op.Operand(i).Type()) {
			return nil, fmt.Errorf("%s: '%s' op operand #%d: value does not have the operand's element type", op.Pos, op.Name, i)
		}
		if ir.IsShaped(op.Operand(i).Type()) {
			if msg := fits(a, op.Operand(i).Type()); msg != "" {
				return nil, runtimeErr(op, "operand #%d has %s", i, msg)
			}
		}
	}
	if !op.Has(traits.Call) && op.NumResults() != 1 && !ir.Computable(op) {
		return nil, fmt.Errorf("%s: '%s' op has %d results; only func.call may have other than one", op.Pos, op.Name, op.NumResults())
	}
	switch {
	case op.Def.Kernel == ir.KernelRegion:
		return runRegion(op, args, nil)
	case op.Has(traits.Call):
		return m.callOp(op, args)
	case op.Has(traits.Cast):
		if msg := fits(args[0], op.Result(0).Type()); msg != "" {
			return nil, runtimeErr(op, "cast of a value with %s", msg)
		}
		return []*Tensor{args[0]}, nil
	case op.Has(traits.ConstantLike):
		t, err := FromAttr(op.Attr("value"))
		if err != nil {
			return nil, fmt.Errorf("%s: '%s' op %v", op.Pos, op.Name, err)
		}
		return []*Tensor{t}, nil
	case ir.Computable(op):
		l := ir.LoopsOf(op)
		out := make([]*Tensor, op.NumResults())
		for r := range out { // each result by its kernel, over the same loops
			t, err := run(op, r, l, args)
			if err != nil {
				return nil, err
			}
			out[r] = t
		}
		return out, nil
	case op.Has(traits.Reshape):
		return one(reshape(op, args[0]))
	case op.Has(traits.Concatenate):
		return one(concat(op, args))
	case op.Has(traits.ShapedDim):
		return one(shapedDim(op, args[0], args[1]))
	case tensorOps[op.Name] != nil:
		return one(tensorOps[op.Name](op, args))
	}
	return nil, fmt.Errorf("%s: '%s' op cannot be evaluated", op.Pos, op.Name)
}

func one(t *Tensor, err error) ([]*Tensor, error) {
	if err != nil {
		return nil, err
	}
	return []*Tensor{t}, nil
}

func (m *machine) callOp(op *ir.Op, args []*Tensor) ([]*Tensor, error) {
	name := traits.Callee(op)
	var callee *ir.Func
	if f := op.Func(); f != nil && f.Module != nil {
		callee = f.Module.Lookup(name)
	}
	if callee == nil {
		return nil, fmt.Errorf("%s: 'func.call' op callee '%s' not found", op.Pos, name)
	}
	out, err := m.call(callee, args, op)
	if err != nil {
		return nil, err
	}
	if len(out) != op.NumResults() {
		return nil, fmt.Errorf("%s: 'func.call' op @%s returned %d values for %d results", op.Pos, callee.Name, len(out), op.NumResults())
	}
	return out, nil
}

// ParamsOf returns the kernel parameters of an elementwise op: operand and
// result element types, and the comparison predicate by name.
func ParamsOf(op *ir.Op) (Params, error) { return paramsOf(op, 0) }

// paramsOf returns the kernel parameters computing result r.
func paramsOf(op *ir.Op, r int) (Params, error) {
	if op.NumOperands() == 0 || r >= op.NumResults() || op.Def == nil {
		return Params{}, fmt.Errorf("'%s' op is not an elementwise op", op.Name)
	}
	p := Params{Elem: ir.ElementType(op.Operand(op.NumOperands() - 1).Type()), Result: ir.ElementType(op.Result(r).Type()), Sign: op.Def.Sign}
	if op.Def.Kernel != ir.KernelSelect {
		p.Elem = ir.ElementType(op.Operand(0).Type())
	}
	if p.Elem == nil || p.Result == nil {
		return Params{}, fmt.Errorf("'%s' op has no element types", op.Name)
	}
	if msg := ir.KernelDomainError(op); msg != "" {
		return Params{}, fmt.Errorf("'%s' op %s", op.Name, msg)
	}
	if op.Def.Kernel == ir.KernelCmp {
		pred, ok := ir.CmpPredicate(op)
		if !ok {
			return Params{}, fmt.Errorf("'%s' op has no valid predicate", op.Name)
		}
		p.Pred = pred
	}
	consts, err := kernelConsts(op)
	p.Consts = consts
	return p, err
}

// kernelConsts are the values of the row's KernelArgs (nil without).
func kernelConsts(op *ir.Op) ([]Num, error) {
	if op.Def.KernelArgs == nil {
		return nil, nil
	}
	var out []Num
	for _, a := range op.Def.KernelArgs(op) {
		t, err := FromAttr(a)
		if err != nil || t.Len() != 1 {
			return nil, fmt.Errorf("'%s' op has an invalid kernel argument %v", op.Name, a)
		}
		out = append(out, t.At(0))
	}
	return out, nil
}

func joinInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// unlowerableType is the first operand or result type of op that eval
// does not compute with (ir.Lowerable: wide integers, complex, scalable
// vectors, memrefs), or nil.
func unlowerableType(op *ir.Op) ir.Type {
	for _, v := range op.Operands() {
		if !ir.Lowerable(v.Type()) {
			return v.Type()
		}
	}
	for _, v := range op.Results() {
		if !ir.Lowerable(v.Type()) {
			return v.Type()
		}
	}
	return nil
}
