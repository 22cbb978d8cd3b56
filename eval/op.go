package eval

import (
	"fmt"
	"slices"
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
// It supports every op with a Kernel (tir's and arith's elementwise ops,
// with implicit NumPy broadcasting for Broadcastable ops and XLA's InDim
// broadcasting when broadcast_dimensions is present), tir.broadcast_in_dim,
// constants (ConstantLike ops), tensor.cast and func.call (through the
// op's module). Failures of the program are *RuntimeError; an op that
// cannot be evaluated, or operand values that do not fit the operand
// types, give a plain error.
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
	for i, a := range args {
		if msg := fits(a, f.Arg(i).Type()); msg != "" {
			return nil, &RuntimeError{Pos: f.Pos, Op: "func.func", Msg: fmt.Sprintf("argument #%d of @%s: %s", i, f.Name, msg)}
		}
	}
	vals := make([]*Tensor, f.NumValues())
	get := func(v *ir.Value) *Tensor {
		if id := v.ID(); id >= 0 && id < len(vals) {
			return vals[id]
		}
		return nil
	}
	for i, a := range f.Args() {
		vals[a.ID()] = args[i]
	}
	for op := range f.Ops() {
		in := make([]*Tensor, op.NumOperands())
		for i, v := range op.Operands() {
			if in[i] = get(v); in[i] == nil {
				return nil, fmt.Errorf("%s: '%s' op operand #%d is not defined before use", op.Pos, op.Name, i)
			}
		}
		if op.Has(ir.TraitTerminator) {
			return in, nil
		}
		out, err := m.op(op, in)
		if err != nil {
			return nil, err
		}
		for i, r := range op.Results() {
			if r.ID() >= len(vals) {
				vals = append(vals, make([]*Tensor, r.ID()-len(vals)+1)...)
			}
			vals[r.ID()] = out[i]
		}
	}
	return nil, fmt.Errorf("function @%s has no terminator", f.Name)
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
	if op.Name != "func.call" && op.NumResults() != 1 {
		return nil, fmt.Errorf("%s: '%s' op has %d results; only func.call may have other than one", op.Pos, op.Name, op.NumResults())
	}
	switch {
	case op.Name == "func.call":
		return m.callOp(op, args)
	case op.Name == "tir.broadcast_in_dim":
		r, err := broadcastInDim(op, args[0])
		return one(r, err)
	case op.Name == "tensor.cast":
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
	case op.Def != nil && op.Def.Kernel != ir.KernelNone:
		r, err := elementwise(op, args)
		return one(r, err)
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
	name, _ := op.Attr("callee").(ir.SymbolRefAttr)
	var callee *ir.Func
	if f := op.Func(); f != nil && f.Module != nil {
		callee = f.Module.Lookup(string(name))
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
func ParamsOf(op *ir.Op) (Params, error) {
	if op.NumOperands() == 0 || op.NumResults() != 1 || op.Def == nil {
		return Params{}, fmt.Errorf("'%s' op is not an elementwise op", op.Name)
	}
	p := Params{Elem: ir.ElementType(op.Operand(op.NumOperands() - 1).Type()), Result: ir.ElementType(op.Result(0).Type())}
	if op.Def.Kernel != ir.KernelSelect {
		p.Elem = ir.ElementType(op.Operand(0).Type())
	}
	if p.Elem == nil || p.Result == nil {
		return Params{}, fmt.Errorf("'%s' op has no element types", op.Name)
	}
	if op.Def.Kernel == ir.KernelCmp {
		switch a := op.Attr("predicate").(type) {
		case ir.StringAttr:
			p.Pred = string(a)
		case *ir.IntAttr:
			if a.Value >= 0 && a.Value < int64(len(op.Def.Predicates)) {
				p.Pred = op.Def.Predicates[a.Value]
			}
		}
		if p.Pred == "" {
			return Params{}, fmt.Errorf("'%s' op has no valid predicate", op.Name)
		}
	}
	return p, nil
}

// operandMaps returns, for each operand, the result dimension each of its
// dimensions maps to, and the result rank: right-aligned (NumPy) by
// default, XLA's InDim mapping for a binary op with broadcast_dimensions.
func operandMaps(op *ir.Op, args []*Tensor) ([][]int, int, error) {
	rank := 0
	for _, a := range args {
		rank = max(rank, len(a.Shape))
	}
	maps := make([][]int, len(args))
	dims, present, valid := traits.BroadcastDims(op)
	if present && len(args) == 2 && len(args[0].Shape) != len(args[1].Shape) {
		if !valid {
			return nil, 0, fmt.Errorf("%s: '%s' op has an invalid broadcast_dimensions attribute", op.Pos, op.Name)
		}
		low := 0
		if len(args[0].Shape) > len(args[1].Shape) {
			low = 1
		}
		if len(dims) != len(args[low].Shape) {
			return nil, 0, fmt.Errorf("%s: '%s' op broadcast_dimensions has %d entries for an operand of rank %d", op.Pos, op.Name, len(dims), len(args[low].Shape))
		}
		maps[low] = make([]int, len(dims))
		for i, d := range dims {
			if d < 0 || d >= int64(rank) || (i > 0 && d <= dims[i-1]) {
				return nil, 0, fmt.Errorf("%s: '%s' op broadcast_dimensions [%s] is not strictly increasing within rank %d", op.Pos, op.Name, joinInts(dims), rank)
			}
			maps[low][i] = int(d)
		}
		maps[1-low] = identity(rank)
		return maps, rank, nil
	}
	for i, a := range args {
		maps[i] = make([]int, len(a.Shape))
		for j := range maps[i] {
			maps[i][j] = rank - len(a.Shape) + j
		}
	}
	return maps, rank, nil
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func joinInts(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// elementwise applies op's kernel to every element, broadcasting the
// operands to the result shape. Broadcastable ops broadcast (sizes equal
// or 1); other elementwise ops (ElementwiseMappable) need equal shapes,
// except that scalar operands apply to every element.
func elementwise(op *ir.Op, args []*Tensor) (*Tensor, error) {
	p, err := ParamsOf(op)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", op.Pos, err)
	}
	maps, rank, err := operandMaps(op, args)
	if err != nil {
		return nil, err
	}
	broadcast := op.Has(traits.Broadcastable)
	shape := make([]int64, rank)
	from := make([][2]int, rank) // (operand, dim) that decided shape[d]; operand -1: none yet, -2: the result type
	for d := range from {
		shape[d], from[d] = 1, [2]int{-1, -1}
	}
	rt := op.Result(0).Type()
	if want, ranked := ir.Shape(rt); ranked && ir.IsShaped(rt) {
		if len(want) != rank {
			return nil, runtimeErr(op, "operands have rank %d at run time, but the result type '%s' has rank %d", rank, ir.TypeString(rt), len(want))
		}
		// A static result size is the target operands broadcast to.
		for d, w := range want {
			if w >= 0 {
				shape[d], from[d] = w, [2]int{-2, d}
			}
		}
	}
	for i, a := range args {
		if !broadcast && !ir.IsShaped(op.Operand(i).Type()) {
			continue // a scalar operand of an elementwise op applies everywhere
		}
		if !broadcast && len(a.Shape) != rank {
			return nil, runtimeErr(op, "operand #%d has rank %d, the result rank %d", i, len(a.Shape), rank)
		}
		for j, d := range maps[i] {
			s := a.Shape[j]
			prev := from[d]
			switch {
			case prev[0] == -1:
				shape[d], from[d] = s, [2]int{i, j}
			case s == shape[d]:
			case broadcast && s == 1:
			case broadcast && shape[d] == 1 && prev[0] >= 0:
				shape[d], from[d] = s, [2]int{i, j}
			case prev[0] == -2:
				return nil, runtimeErr(op, "dimension %d of operand #%d has size %d at run time, but result dimension %d has static size %d",
					j, i, s, d, shape[d])
			default:
				return nil, runtimeErr(op, "operands have incompatible sizes at run time: dimension %d of operand #%d has size %d, dimension %d of operand #%d has size %d",
					prev[1], prev[0], shape[d], j, i, s)
			}
		}
	}
	out := New(p.Result, shape...)
	if out.Len() == 0 {
		return out, nil
	}
	strides := make([][]int64, len(args)) // per operand, per result dim
	for i, a := range args {
		strides[i] = make([]int64, rank)
		s := int64(1)
		for j := len(a.Shape) - 1; j >= 0; j-- {
			if a.Shape[j] != 1 || shape[maps[i][j]] == 1 {
				strides[i][maps[i][j]] = s
			}
			s *= a.Shape[j]
		}
	}
	idx := make([]int64, rank)
	off := make([]int, len(args))
	in := make([]Num, len(args))
	for n := range out.Len() {
		for i, a := range args {
			in[i] = a.At(off[i])
		}
		v, err := Scalar(op.Def.Kernel, p, in...)
		if err != nil {
			re := runtimeErr(op, "%v at result index [%s]", err, joinInts(idx))
			re.Err = err
			return nil, re
		}
		out.Set(n, v)
		for d := rank - 1; d >= 0; d-- { // odometer
			idx[d]++
			for i := range off {
				off[i] += int(strides[i][d])
			}
			if idx[d] < shape[d] {
				break
			}
			for i := range off {
				off[i] -= int(strides[i][d] * shape[d])
			}
			idx[d] = 0
		}
	}
	return out, nil
}

// broadcastInDim is StableHLO's broadcast_in_dim: operand dimension i goes
// to result dimension broadcast_dimensions[i], whose size it equals or
// else is 1. A dynamic result dimension takes the size of the operand
// dimension mapped to it; an unmapped dynamic result dimension has no
// size and is an error.
func broadcastInDim(op *ir.Op, a *Tensor) (*Tensor, error) {
	dims, _, valid := traits.BroadcastDims(op)
	want, ranked := ir.Shape(op.Result(0).Type())
	if !valid || !ranked || len(dims) != len(a.Shape) {
		return nil, fmt.Errorf("%s: '%s' op needs a ranked result and one broadcast_dimensions entry per operand dimension", op.Pos, op.Name)
	}
	shape := slices.Clone(want)
	for i, d := range dims {
		if d < 0 || d >= int64(len(shape)) {
			return nil, fmt.Errorf("%s: '%s' op broadcast_dimensions[%d] = %d is out of range", op.Pos, op.Name, i, d)
		}
		if shape[d] < 0 {
			shape[d] = a.Shape[i]
		}
	}
	for d, s := range shape {
		if s < 0 {
			return nil, runtimeErr(op, "result dimension %d is dynamic and no operand dimension maps to it: its size is unknown", d)
		}
	}
	strides := make([]int64, len(shape))
	s := int64(1)
	for i := len(a.Shape) - 1; i >= 0; i-- {
		r := shape[dims[i]]
		switch {
		case a.Shape[i] == r:
			strides[dims[i]] += s
		case a.Shape[i] == 1:
		default:
			return nil, runtimeErr(op, "operand dimension %d has size %d at run time, but result dimension %d has size %d: it must be equal or 1",
				i, a.Shape[i], dims[i], r)
		}
		s *= a.Shape[i]
	}
	out := New(a.Elem, shape...)
	idx := make([]int64, len(shape))
	off := 0
	for n := range out.Len() {
		out.Set(n, a.At(off))
		for d := len(shape) - 1; d >= 0; d-- {
			idx[d]++
			off += int(strides[d])
			if idx[d] < shape[d] {
				break
			}
			off -= int(strides[d] * shape[d])
			idx[d] = 0
		}
	}
	return out, nil
}
