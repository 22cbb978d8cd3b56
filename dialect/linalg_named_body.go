package dialect

import "github.com/tirc/tirc/ir"

// namedBody builds a named op's implicit body as MLIR 19's region
// builder does, so that the generic form prints it (and mlir-opt-19
// reads tirc's generic output): one block argument per operand (its
// element type), the inputs cast to the init's element type, the
// function, and linalg.yield. It returns nil where the op's types admit
// no body (the verifier says why).
//
//	^bb0(%in: f32, %in_0: f32, %out: f32):
//	  %0 = arith.mulf %in, %in_0 : f32
//	  %1 = arith.addf %out, %0 : f32
//	  linalg.yield %1 : f32
func namedBody(op *ir.Op) *ir.Region {
	s, ok := namedSpecs[op.Name]
	if !ok || op.NumOperands() != s.ins+1 {
		return nil
	}
	elems := make([]*ir.Scalar, op.NumOperands())
	for i, v := range op.Operands() {
		if elems[i] = scalarOf(v.Type()); elems[i] == nil {
			return nil
		}
	}
	out := elems[s.ins]
	r := ir.NewRegion()
	b := r.AddBlock()
	args := make([]*ir.Value, len(elems))
	for i, e := range elems {
		args[i] = b.AddArg(e)
	}
	emit := func(name string, operands ...*ir.Value) *ir.Value {
		o := ir.NewOp(name, operands, []ir.Type{out}, nil)
		b.Append(o)
		return o.Result(0)
	}
	unsigned := linalgCastUnsigned(op)
	cast := func(v *ir.Value) *ir.Value {
		if v.Type() == out {
			return v
		}
		return emit(castOpName(v.Type().(*ir.Scalar), out, unsigned), v)
	}
	var y *ir.Value
	switch {
	case op.Name == "linalg.fill" || op.Name == "linalg.copy":
		y = cast(args[0])
	case s.trailing != "":
		y = args[0]
	case s.fn != nil || s.fixed != "":
		y = elemwiseBody(op, b, out, args, cast, emit)
	default: // the contractions
		mul, add := "arith.muli", "arith.addi"
		switch {
		case out.IsFloat():
			mul, add = "arith.mulf", "arith.addf"
		case out == ir.I1:
			mul, add = "arith.andi", "arith.ori"
		}
		y = emit(add, args[s.ins], emit(mul, cast(args[0]), cast(args[1])))
	}
	if y == nil {
		return nil
	}
	b.Append(ir.NewOp("linalg.yield", []*ir.Value{y}, nil, nil))
	return r
}

// elemwiseBody is fun of the cast inputs (nil when fun has no op on the
// element type).
func elemwiseBody(op *ir.Op, b *ir.Block, out *ir.Scalar, args []*ir.Value, cast func(*ir.Value) *ir.Value, emit func(string, ...*ir.Value) *ir.Value) *ir.Value {
	fun := linalgFun(op)
	fn := linalgFns[fun]
	name := fn.float
	if !out.IsFloat() {
		name = fn.int
	}
	if name == "" {
		return nil
	}
	var xs []*ir.Value
	for _, a := range args[:len(args)-1] {
		xs = append(xs, cast(a))
	}
	switch fun {
	case "square":
		xs = append(xs, xs[0])
	case "reciprocal": // MLIR's 1 / x
		one := ir.NewOp("arith.constant", nil, []ir.Type{out}, nil)
		one.Attrs.Set("value", &ir.FloatAttr{Value: 1, Type: out})
		b.Append(one)
		name, xs = "arith.divf", []*ir.Value{one.Result(0), xs[0]}
	}
	return emit(name, xs...)
}

// scalarOf is a type's element type, or the scalar type itself.
func scalarOf(t ir.Type) *ir.Scalar {
	switch x := t.(type) {
	case *ir.Scalar:
		return x
	case *ir.MemRefType:
		e, _ := x.Elem.(*ir.Scalar)
		return e
	}
	return ir.ElementType(t)
}
