package native_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// TOSA ops in the random programs: every elementwise, comparison, select,
// cast, clamp, const and reduce op of dialect.TosaOps runs natively
// against eval (TestRandomProgramsNative checks it). Each is drawn as
// the TOSA op drawn least so far (leastDrawn), on x when x's element type
// is one the op computes on, else on a new argument of x's shape and such
// a type; TOSA operands broadcast between equal ranks (SPEC 3c).

// tosaClass is which element types a TOSA op is drawn on, and whether an
// approximate operand may feed it.
type tosaClass struct {
	elems    func(e *ir.Scalar) bool
	discrete bool // a jump in the result for an ulp in the operand: exact operands only
	approx   bool // the result is approximate (a transcendental function)
}

var (
	tosaNumberElem = func(e *ir.Scalar) bool { return e != ir.I1 && e != ir.Index && (e.IsFloat() || !e.IsSigned()) }
	tosaIntElem    = func(e *ir.Scalar) bool { return tosaNumberElem(e) && e.IsInt() }
	tosaFloatElem  = func(e *ir.Scalar) bool { return e.IsFloat() }
	tosaBoolElem   = func(e *ir.Scalar) bool { return e == ir.I1 }
	tosaI32Elem    = func(e *ir.Scalar) bool { return e == ir.I32 }
)

// tosaBinaryOps, tosaUnaryOps and tosaCmpOps are the elementwise ops by
// their element types (the row's kernel: dialect/tosa.go).
var (
	tosaBinaryOps = map[string]tosaClass{
		"add": {elems: tosaNumberElem}, "sub": {elems: tosaNumberElem}, "mul": {elems: tosaNumberElem},
		"maximum": {elems: tosaNumberElem}, "minimum": {elems: tosaNumberElem},
		"pow":         {elems: tosaFloatElem, approx: true},
		"bitwise_and": {elems: tosaIntElem}, "bitwise_or": {elems: tosaIntElem}, "bitwise_xor": {elems: tosaIntElem},
		"logical_left_shift": {elems: tosaIntElem}, "logical_right_shift": {elems: tosaIntElem},
		"arithmetic_right_shift": {elems: tosaIntElem},
		"logical_and":            {elems: tosaBoolElem}, "logical_or": {elems: tosaBoolElem}, "logical_xor": {elems: tosaBoolElem},
		"int_div": {elems: tosaI32Elem},
	}
	tosaCmpOps   = []string{"equal", "greater", "greater_equal"}
	tosaUnaryOps = map[string]tosaClass{
		"abs": {elems: tosaNumberElem}, "negate": {elems: tosaNumberElem},
		"bitwise_not": {elems: tosaIntElem}, "clz": {elems: tosaIntElem},
		"ceil": {elems: tosaFloatElem, discrete: true}, "floor": {elems: tosaFloatElem, discrete: true},
		"reciprocal": {elems: tosaFloatElem},
		"exp":        {elems: tosaFloatElem, approx: true}, "log": {elems: tosaFloatElem, approx: true},
		"rsqrt": {elems: tosaFloatElem, approx: true}, "sigmoid": {elems: tosaFloatElem, approx: true},
		"tanh": {elems: tosaFloatElem, approx: true}, "erf": {elems: tosaFloatElem, approx: true},
		"sin": {elems: tosaFloatElem, approx: true}, "cos": {elems: tosaFloatElem, approx: true},
		"logical_not": {elems: tosaBoolElem},
	}
	tosaReduceOps = []string{"reduce_all", "reduce_any", "reduce_max", "reduce_min", "reduce_prod", "reduce_sum"}
	// tosaElems are the element types TOSA takes (tensor of number values).
	tosaElems = slices.DeleteFunc(slices.Clone(allElems), func(e *ir.Scalar) bool { return e == ir.Index || (e.IsInt() && e.IsSigned()) })
)

// tosaDrawable are the TOSA ops the generator draws (tosa.const comes
// with constants, tosa.reshape with the data movement ops).
func tosaDrawable() []string {
	ops := slices.Concat(tosaCmpOps, tosaReduceOps, []string{"select", "cast", "clamp"})
	for _, m := range []map[string]tosaClass{tosaBinaryOps, tosaUnaryOps} {
		for op := range m {
			ops = append(ops, op)
		}
	}
	slices.Sort(ops)
	return ops
}

// tosaUndrawn reports whether a TOSA op has not been drawn yet.
func tosaUndrawn() bool {
	for _, r := range dialect.TosaOps {
		if r.Name != "tosa.const" && r.Name != "tosa.reshape" && drawn[r.Name] == 0 {
			return true
		}
	}
	return false
}

// tosaOperand is x when e fits, else a new argument of x's shape whose
// element type fits.
func (g *gen) tosaOperand(x *value, fits func(*ir.Scalar) bool, exact bool) *value {
	if fits(x.elem()) && !(exact && x.approx) {
		return x
	}
	var es []*ir.Scalar
	for _, e := range tosaElems {
		if fits(e) {
			es = append(es, e)
		}
	}
	return g.newArg(es[g.rng.IntN(len(es))], slices.Clone(x.shape), false)
}

// tosaPeer is a value of element type e and x's rank broadcasting with x
// (its dims or 1): one in the pool, or a new argument or constant.
func (g *gen) tosaPeer(x *value, e *ir.Scalar, exact, nonzero bool) *value {
	var cands []*value
	for _, v := range g.pool {
		if v.elem() != e || len(v.shape) != len(x.shape) || (exact && v.approx) || (nonzero && !v.nonzero) {
			continue
		}
		if _, ok := traits.InferShape(v.shape, x.shape); !ok {
			continue
		}
		if _, ok := traits.InferShape(v.typ.Shape, x.typ.Shape); ok {
			cands = append(cands, v)
		}
	}
	if len(cands) > 0 && g.chance(2) {
		return cands[g.rng.IntN(len(cands))]
	}
	s := slices.Clone(x.shape)
	for i := range s {
		if g.chance(4) {
			s[i] = 1
		}
	}
	if g.chance(4) {
		return g.newConst(e, s, nonzero)
	}
	return g.newArg(e, s, nonzero)
}

// tosaResult is the declared result of a broadcasting TOSA op on
// operands, and its shape in the base call.
func (g *gen) tosaResult(e *ir.Scalar, operands ...*value) (*ir.TensorType, []int64) {
	var decl, act []int64
	for i, o := range operands {
		if i == 0 {
			decl, act = slices.Clone(o.typ.Shape), slices.Clone(o.shape)
			continue
		}
		decl, act = bcast(decl, o.typ.Shape), bcast(act, o.shape)
	}
	return g.resultType(e, decl, act), act
}

// tosa adds a TOSA op drawn least so far.
func (g *gen) tosa(x *value) {
	op := leastDrawn(g.rng, "tosa.", tosaDrawable())
	name := "tosa." + op
	switch {
	case slices.Contains(tosaCmpOps, op):
		a := g.tosaOperand(x, tosaNumberElem, true)
		b := g.tosaPeer(a, a.elem(), true, false)
		if g.chance(2) {
			a, b = b, a
		}
		rt, act := g.tosaResult(ir.I1, a, b)
		g.emit(name, []*value{a, b}, "", rt, act)
	case op == "select":
		a := g.tosaOperand(x, tosaNumberElem, false)
		b := g.tosaPeer(a, a.elem(), false, false)
		c := g.tosaPeer(a, ir.I1, true, false)
		rt, act := g.tosaResult(a.elem(), c, a, b)
		g.emit(name, []*value{c, a, b}, "", rt, act)
	case op == "cast":
		a := g.tosaOperand(x, tosaNumberElem, false)
		var to []*ir.Scalar
		for _, e := range tosaElems {
			// an ulp of an approximate float must not move an integer
			if e != a.elem() && (!a.approx || e.IsFloat()) {
				to = append(to, e)
			}
		}
		v := g.emit(name, []*value{a}, "", &ir.TensorType{Shape: slices.Clone(a.typ.Shape), Elem: to[g.rng.IntN(len(to))]}, slices.Clone(a.shape))
		v.approx = a.approx
	case op == "clamp":
		a := g.tosaOperand(x, tosaNumberElem, false)
		e := a.elem()
		lo, hi := -g.rng.IntN(50), g.rng.IntN(100) // k.5 is exact in every float type
		ft := "f32"
		if e.IsFloat() {
			ft = e.String()
		}
		attrs := fmt.Sprintf("min_int = %d : i64, max_int = %d : i64, min_fp = %d.5 : %s, max_fp = %d.5 : %s", lo, hi, lo, ft, hi, ft)
		v := g.emit(name, []*value{a}, attrs, &ir.TensorType{Shape: slices.Clone(a.typ.Shape), Elem: e}, slices.Clone(a.shape))
		v.approx = a.approx
	case slices.Contains(tosaReduceOps, op):
		fits := tosaNumberElem
		if op == "reduce_all" || op == "reduce_any" {
			fits = tosaBoolElem
		}
		a := g.tosaOperand(x, fits, false)
		axis := 0
		if len(a.shape) > 0 {
			axis = g.rng.IntN(len(a.shape))
		}
		if op == "reduce_prod" && a.elem().IsFloat() && len(a.shape) > 0 && a.shape[axis] > 4 {
			op, name = "reduce_sum", "tosa.reduce_sum" // long float products overflow in an order-dependent way
		}
		decl, act := slices.Clone(a.typ.Shape), slices.Clone(a.shape)
		if len(act) > 0 {
			decl[axis], act[axis] = 1, 1
		}
		v := g.emit(name, []*value{a}, fmt.Sprintf("axis = %d : i32", axis), &ir.TensorType{Shape: decl, Elem: a.elem()}, act)
		v.approx = a.approx
		if a.elem().IsFloat() && (op == "reduce_sum" || op == "reduce_prod") {
			v.approx, g.trans = true, true // sums are correctly rounded in both, products not
		}
	default:
		if c, ok := tosaUnaryOps[op]; ok {
			a := g.tosaOperand(x, c.elems, c.discrete)
			v := g.emit(name, []*value{a}, "", a.typ, slices.Clone(a.shape))
			v.approx = a.approx || c.approx
			g.trans = g.trans || c.approx
			return
		}
		c := tosaBinaryOps[op]
		exact := op == "int_div"
		a := g.tosaOperand(x, c.elems, exact)
		b := g.tosaPeer(a, a.elem(), exact, op == "int_div")
		if op != "int_div" && op != "pow" && !strings.Contains(op, "shift") && g.chance(2) {
			a, b = b, a
		}
		attrs := ""
		switch op {
		case "mul":
			shift := 0
			if a.elem() == ir.I32 && g.chance(2) {
				shift = g.rng.IntN(8)
			}
			attrs = fmt.Sprintf("shift = %d : i8", shift)
		case "arithmetic_right_shift":
			attrs = fmt.Sprintf("round = %t", g.chance(2))
		}
		rt, act := g.tosaResult(a.elem(), a, b)
		v := g.emit(name, []*value{a, b}, attrs, rt, act)
		v.approx = v.approx || c.approx
		g.trans = g.trans || c.approx
	}
}
