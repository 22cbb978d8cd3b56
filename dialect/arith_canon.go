package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// arith's own canonicalization patterns (MLIR's folders and patterns of
// these ops), run by the canonicalize pass beside its generic rewrites
// (constant folding, identities, commutative order). Each rewrites one op
// and reports whether it did; an op left without uses is erased by the
// pass.

// canon sets the row's own canonicalization pattern.
func (r *Op) canon(f func(op *ir.Op) bool) *Op { r.Canonicalize = f; return r }

// constValue is the value of v's defining constant op, or nil.
func constValue(v *ir.Value) ir.Attr {
	if d := v.Def(); d != nil && d.Has(traits.ConstantLike) {
		return d.Attr("value")
	}
	return nil
}

// splatBool reports whether a is an i1 constant whose elements are all b.
func splatBool(a ir.Attr, b bool) bool {
	want := int64(0)
	if b {
		want = 1
	}
	switch x := a.(type) {
	case *ir.IntAttr:
		return x.Type == ir.I1 && x.Value == want
	case *ir.DenseAttr:
		if ir.ElementType(x.Type) != ir.I1 || x.Len() == 0 {
			return false
		}
		for i := range x.Len() {
			if x.IntAt(int64(i)) != want {
				return false
			}
		}
		return true
	}
	return false
}

// replace makes every use of op's result use v and reports true.
func replace(op *ir.Op, v *ir.Value) bool {
	op.Result(0).ReplaceAllUsesWith(v)
	return true
}

// foldSelect: select(true, a, b) = a, select(false, a, b) = b,
// select(c, a, a) = a.
func foldSelect(op *ir.Op) bool {
	c, a, b := op.Operand(0), op.Operand(1), op.Operand(2)
	switch cv := constValue(c); {
	case a == b:
		return replace(op, a)
	case splatBool(cv, true):
		return replace(op, a)
	case splatBool(cv, false):
		return replace(op, b)
	}
	return false
}

// sameOpOf returns the op defining op's operand when it is the same op
// (negf(negf x)), else nil.
func sameOpOf(op *ir.Op) *ir.Op {
	if d := op.Operand(0).Def(); d != nil && d.Name == op.Name && d.NumOperands() == 1 {
		return d
	}
	return nil
}

// foldInvolution: f(f(x)) = x (negf).
func foldInvolution(op *ir.Op) bool {
	if d := sameOpOf(op); d != nil && ir.TypeEqual(d.Operand(0).Type(), op.Result(0).Type()) {
		return replace(op, d.Operand(0))
	}
	return false
}

// foldExtChain: ext(ext(x)) = ext(x) for the same extension.
func foldExtChain(op *ir.Op) bool {
	if d := sameOpOf(op); d != nil {
		op.SetOperand(0, d.Operand(0))
		return true
	}
	return false
}

// foldTruncChain: trunc(trunc(x)) = trunc(x); trunci(extsi/extui(x)) = x
// when the types are equal, else the narrower extension or truncation.
func foldTruncChain(op *ir.Op) bool {
	if d := sameOpOf(op); d != nil {
		op.SetOperand(0, d.Operand(0))
		return true
	}
	d := op.Operand(0).Def()
	if op.Name != "arith.trunci" || d == nil || (d.Name != "arith.extsi" && d.Name != "arith.extui") {
		return false
	}
	x := d.Operand(0)
	if ir.TypeEqual(x.Type(), op.Result(0).Type()) {
		return replace(op, x)
	}
	return false
}

// foldRoundTrip: a cast of a cast back to the original type is the
// original value (index_cast(index_cast(x)), bitcast(bitcast(x))).
func foldRoundTrip(op *ir.Op) bool {
	if d := sameOpOf(op); d != nil && ir.TypeEqual(d.Operand(0).Type(), op.Result(0).Type()) {
		return replace(op, d.Operand(0))
	}
	return false
}

// foldCmpSame: cmpi of a value with itself is known: true for eq, sle,
// sge, ule, uge; false for the others (a static result type only).
func foldCmpSame(op *ir.Op) bool {
	if op.Operand(0) != op.Operand(1) {
		return false
	}
	p, ok := op.Attr("predicate").(*ir.IntAttr)
	if !ok || p.Value < 0 || int(p.Value) >= len(CmpIPredicates) {
		return false
	}
	var val bool
	switch CmpIPredicates[p.Value] {
	case "eq", "sle", "sge", "ule", "uge":
		val = true
	}
	rt := op.Result(0).Type()
	var a ir.Attr
	switch t := rt.(type) {
	case *ir.Scalar:
		a = ir.Bool(val)
	case *ir.TensorType, *ir.VectorType:
		if s, ranked := ir.Shape(t); !ranked || !ir.IsStatic(s) {
			return false
		}
		n := int64(0)
		if val {
			n = 1
		}
		a = &ir.DenseAttr{Type: t, Splat: true, Ints: []int64{n}}
	default:
		return false
	}
	var attrs ir.Attrs
	attrs.Set("value", a)
	k := ir.NewOp("arith.constant", nil, []ir.Type{rt}, attrs)
	k.Pos, k.Loc = op.Pos, op.Loc
	op.Func().InsertBefore(op, k)
	return replace(op, k.Result(0))
}
