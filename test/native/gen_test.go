package native_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The generator: one random function per call of generate. Values carry
// their declared type and the shape they have in the first (base) call, so
// operands are only combined when they broadcast in that call; other calls
// change dynamic sizes and let the evaluator say whether they still do.

var allElems = []*ir.Scalar{ir.I1, ir.I8, ir.I16, ir.I32, ir.I64, ir.Index, ir.F16, ir.BF16, ir.F32, ir.F64,
	ir.UI8, ir.UI16, ir.UI32, ir.UI64, ir.SI8, ir.SI16, ir.SI32, ir.SI64}

// signlessElems are the element types arith accepts (signless integers,
// index, floats).
var signlessElems = slices.DeleteFunc(slices.Clone(allElems), func(e *ir.Scalar) bool { return e.IsInt() && !e.IsSignless() })

// value is an SSA value of the function being generated.
type value struct {
	name  string
	typ   *ir.TensorType // declared
	shape []int64        // in the base call
	// approx: a float computed through a transcendental function (exp,
	// log, tanh, pow), which libm and Go's math may round differently by
	// an ulp; such values never feed a discontinuous op (cmp, convert to
	// an integer, rem, a divisor) whose result could then differ wholly.
	approx bool
	// nonzero: every element is non-zero (an integer divisor).
	nonzero bool
	// scalar: the value is a scalar of typ's element type (typ has rank 0)
	scalar bool
}

func (v *value) elem() *ir.Scalar { return v.typ.Elem }

// decl is the declared type: the tensor type, or the scalar.
func (v *value) decl() ir.Type {
	if v.scalar {
		return v.typ.Elem
	}
	return v.typ
}

// argSpec is one function argument.
type argSpec struct {
	v       *value
	nonzero bool // its data avoids 0 (a divisor)
	// zeroStrideDim is a dimension whose data is constant, passed with
	// stride 0 in the base call, or -1.
	zeroStrideDim int
}

type gen struct {
	rng   *rand.Rand
	pool  []*value // tensors
	spool []*value // scalars
	args  []*argSpec
	body  strings.Builder
	n     int  // next value number
	trans bool // some transcendental op was used
	ops   map[string]int
}

// program is one generated function and its calls.
type program struct {
	name    string
	text    string
	args    []*argSpec
	results []*ir.TensorType // scalars as rank 0, with resScalar set
	// resScalar: result k is a scalar (returned through a pointer)
	resScalar []bool
	trans     bool
	calls     []*call
	ops       map[string]int
}

func (g *gen) fresh() string {
	g.n++
	return fmt.Sprintf("%%v%d", g.n)
}

func (g *gen) chance(n int) bool { return g.rng.IntN(n) == 0 }

func tstr(t ir.Type) string { return ir.TypeString(t) }

// emit writes one op in generic form and adds its result to the pool.
func (g *gen) emit(op string, operands []*value, attrs string, rt *ir.TensorType, shape []int64) *value {
	v := &value{name: g.fresh(), typ: rt, shape: shape}
	var names, types []string
	for _, o := range operands {
		names = append(names, o.name)
		types = append(types, tstr(o.typ))
		v.approx = v.approx || o.approx
	}
	if attrs != "" {
		attrs = " {" + attrs + "}"
	}
	fmt.Fprintf(&g.body, "    %s = \"%s\"(%s)%s : (%s) -> %s\n", v.name, op, strings.Join(names, ", "), attrs, strings.Join(types, ", "), tstr(rt))
	g.pool = append(g.pool, v)
	g.ops[op]++
	return v
}

// emitShort writes an arith op in its short form (operands and result of
// one type, or a cmp).
func (g *gen) emitShort(text string, op string, rt *ir.TensorType, shape []int64, operands ...*value) *value {
	v := &value{name: g.fresh(), typ: rt, shape: shape}
	for _, o := range operands {
		v.approx = v.approx || o.approx
	}
	fmt.Fprintf(&g.body, "    %s = %s\n", v.name, text)
	g.pool = append(g.pool, v)
	g.ops[op]++
	return v
}

// randomShape returns a shape of rank r with sizes 1-4 (1-2 above rank 4).
func (g *gen) randomShape(r int) []int64 {
	s := make([]int64, r)
	for i := range s {
		if r > 4 {
			s[i] = int64(1 + g.rng.IntN(2))
		} else {
			s[i] = int64(1 + g.rng.IntN(4))
		}
	}
	return s
}

// declare makes a declared type for an actual shape: some dims become '?'.
func (g *gen) declare(e *ir.Scalar, shape []int64, dynChance int) *ir.TensorType {
	decl := slices.Clone(shape)
	for i := range decl {
		if dynChance > 0 && g.chance(dynChance) {
			decl[i] = ir.Dynamic
		}
	}
	return &ir.TensorType{Shape: decl, Elem: e}
}

// subShape is a shape broadcasting to s: a suffix of it with some dims 1.
func (g *gen) subShape(s []int64) []int64 {
	r := len(s) - g.rng.IntN(len(s)+1)
	if g.chance(2) {
		r = len(s)
	}
	out := slices.Clone(s[len(s)-r:])
	for i := range out {
		if g.chance(4) {
			out[i] = 1
		}
	}
	return out
}

// newArg adds a function argument of element type e and actual shape.
func (g *gen) newArg(e *ir.Scalar, shape []int64, nonzero bool) *value {
	v := &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: g.declare(e, shape, 3), shape: shape, nonzero: nonzero}
	a := &argSpec{v: v, nonzero: nonzero, zeroStrideDim: -1}
	var big []int
	for d, s := range shape {
		if s > 1 {
			big = append(big, d)
		}
	}
	if len(big) > 0 && g.chance(4) {
		a.zeroStrideDim = big[g.rng.IntN(len(big))]
	}
	g.args = append(g.args, a)
	g.pool = append(g.pool, v)
	return v
}

// newConst adds a constant (tir.constant or arith.constant) of a static
// shape.
func (g *gen) newConst(e *ir.Scalar, shape []int64, nonzero bool) *value {
	var t *eval.Tensor
	if g.chance(3) {
		one := randomData(g.rng, e, nil, nonzero)
		t = eval.New(e, shape...)
		for i := range t.Len() {
			t.Set(i, one.At(0))
		}
	} else {
		t = randomData(g.rng, e, shape, nonzero)
	}
	rt := &ir.TensorType{Shape: slices.Clone(shape), Elem: e}
	dense := t.ToDense(rt).String()
	var v *value
	if slices.Contains(tosaElems, e) && g.chance(4) {
		v = g.emit("tosa.const", nil, "value = "+dense, rt, shape)
	} else if g.chance(2) || (e.IsInt() && !e.IsSignless()) { // arith takes signless integers only
		v = g.emit("tir.constant", nil, "value = "+dense, rt, shape)
	} else {
		v = g.emitShort("arith.constant "+dense, "arith.constant", rt, shape)
	}
	v.nonzero = nonzero
	return v
}

// operand returns a value of element type e broadcasting with shape s in
// the base call (existing, a new argument, a constant, or a conversion).
func (g *gen) operand(e *ir.Scalar, s []int64, decl []int64, exact bool) *value {
	var cands []*value
	for _, v := range g.pool {
		if v.elem() != e || (exact && v.approx) {
			continue
		}
		if _, ok := traits.InferShape(v.shape, s); !ok {
			continue
		}
		if _, ok := traits.InferShape(v.typ.Shape, decl); !ok {
			continue
		}
		if max(len(v.shape), len(s)) > 8 {
			continue
		}
		cands = append(cands, v)
	}
	if len(cands) > 0 && !g.chance(3) {
		return cands[g.rng.IntN(len(cands))]
	}
	switch g.rng.IntN(4) {
	case 0:
		return g.newConst(e, g.subShape(s), false)
	case 1:
		// a conversion of some other value of a compatible shape
		for _, v := range g.pool {
			if v.elem() == e || (exact && v.approx) {
				continue
			}
			if _, ok := traits.InferShape(v.shape, s); !ok {
				continue
			}
			if _, ok := traits.InferShape(v.typ.Shape, decl); !ok {
				continue
			}
			return g.convert(v, e)
		}
	}
	return g.newArg(e, g.subShape(s), false)
}

func (g *gen) convert(v *value, e *ir.Scalar) *value {
	rt := &ir.TensorType{Shape: slices.Clone(v.typ.Shape), Elem: e}
	return g.emit("tir.convert", []*value{v}, "", rt, slices.Clone(v.shape))
}

// divisor returns a non-zero integer value of element type e broadcasting
// with s (so integer division mostly succeeds; MIN / -1 stays possible).
func (g *gen) divisor(e *ir.Scalar, s []int64, decl []int64) *value {
	var cands []*value
	for _, v := range g.pool {
		if v.nonzero && v.elem() == e {
			if _, ok := traits.InferShape(v.shape, s); !ok {
				continue
			}
			if _, ok := traits.InferShape(v.typ.Shape, decl); ok {
				cands = append(cands, v)
			}
		}
	}
	if len(cands) > 0 && g.chance(2) {
		return cands[g.rng.IntN(len(cands))]
	}
	if g.chance(3) {
		return g.newConst(e, g.subShape(s), true)
	}
	return g.newArg(e, g.subShape(s), true)
}

// resultType is the declared result of a broadcasting op: the inferred
// shape, sometimes with a '?' made static (checked at run time).
func (g *gen) resultType(e *ir.Scalar, inferred, actual []int64) *ir.TensorType {
	s := slices.Clone(inferred)
	for i := range s {
		if s[i] < 0 && g.chance(4) {
			s[i] = actual[i]
		}
	}
	return &ir.TensorType{Shape: s, Elem: e}
}

func bcast(a, b []int64) []int64 {
	s, _ := traits.InferShape(a, b)
	return s
}

func (g *gen) pick() *value {
	if g.chance(2) {
		return g.pool[len(g.pool)-1]
	}
	return g.pool[g.rng.IntN(len(g.pool))]
}

var (
	intBinary   = []string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min", "tir.and", "tir.or", "tir.xor", "tir.div", "tir.rem", "tir.floor_div", "tir.floor_rem"}
	floatBinary = []string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min", "tir.div", "tir.rem", "tir.pow", "tir.floor_div", "tir.floor_rem"}
	floatUnary  = []string{"tir.neg", "tir.abs", "tir.exp", "tir.log", "tir.sqrt", "tir.tanh"}
	preds       = []string{"eq", "ne", "lt", "le", "gt", "ge"}
)

// step adds one op (and maybe the operands it needs).
func (g *gen) step() {
	x := g.pick()
	e := x.elem()
	if g.chance(8) {
		g.move(x)
		return
	}
	// TOSA: a quarter of the steps until every TOSA op has run, then 1/16
	if (tosaUndrawn() && g.chance(4)) || g.chance(16) {
		g.tosa(x)
		return
	}
	switch k := g.rng.IntN(100); {
	case dialectOpsUndrawn() && !(e.IsInt() && !e.IsSignless()) && g.chance(4):
		// until every arith and math op has been drawn (arith and math
		// take signless integers and floats; most math ops take floats)
		if mathUndrawn(e) {
			g.math(x)
		} else {
			g.arith(x)
		}
	case k < 30:
		g.binary(x, "")
	case k < 38:
		g.binaryInDim(x)
	case k < 46:
		if x.approx {
			g.binary(x, "")
			return
		}
		y := g.operand(e, x.shape, x.typ.Shape, true)
		inf := bcast(x.typ.Shape, y.typ.Shape)
		act := bcast(x.shape, y.shape)
		pred := preds[g.rng.IntN(len(preds))]
		g.emit("tir.cmp", []*value{x, y}, fmt.Sprintf("predicate = %q", pred), g.resultType(ir.I1, inf, act), act)
	case k < 54:
		g.selectOp(x)
	case k < 66:
		g.unary(x)
	case k < 74:
		if x.approx {
			g.unary(x)
			return
		}
		g.convert(x, allElems[g.rng.IntN(len(allElems))])
	case k < 82:
		g.broadcastInDim(x)
	case k < 91:
		g.reduce(x)
	case e.IsInt() && !e.IsSignless(): // arith and math take signless integers only
		g.binary(x, "")
	case k < 96:
		g.arith(x)
	default:
		g.math(x)
	}
}

// reduce adds a reduction of x over random dims (argmax/argmin over one),
// keeping them as size-1 dims or not; later ops broadcast the result back
// against x or its relatives.
func (g *gen) reduce(x *value) {
	e := x.elem()
	if e != ir.I1 && !x.approx && g.chance(6) {
		// reduce_any/all take booleans, a small share of the element
		// types: reduce x != 0 too
		x, e = g.convert(x, ir.I1), ir.I1
	}
	r := len(x.shape)
	var kinds []string
	switch {
	case e == ir.I1:
		kinds = []string{"tir.reduce_any", "tir.reduce_all", "tir.reduce_any", "tir.reduce_all", "tir.reduce_max", "tir.reduce_min", "tir.reduce_sum", "tir.argmax"}
	case e.IsFloat():
		kinds = []string{"tir.reduce_sum", "tir.reduce_mean", "tir.reduce_max", "tir.reduce_min", "tir.reduce_prod", "tir.argmax", "tir.argmin"}
	default:
		kinds = []string{"tir.reduce_sum", "tir.reduce_prod", "tir.reduce_max", "tir.reduce_min", "tir.argmax", "tir.argmin"}
	}
	op := leastDrawn(g.rng, "", kinds) // every kind runs (TestRandomProgramsNative)
	index := op == "tir.argmax" || op == "tir.argmin"
	if index && (r == 0 || x.approx) {
		op, index = "tir.reduce_max", false // an ulp must not move an index
	}
	var dims []int64
	if index {
		dims = []int64{int64(g.rng.IntN(r))}
	} else {
		for d := range r {
			if g.chance(2) {
				dims = append(dims, int64(d))
			}
		}
	}
	reduced := int64(1)
	for _, d := range dims {
		reduced *= x.shape[d]
	}
	if op == "tir.reduce_prod" && e.IsFloat() && reduced > 4 {
		op = "tir.reduce_sum" // long float products overflow in an order-dependent way
	}
	keep := g.chance(2)
	actual := dialect.ReducedShape(x.shape, dims, keep)
	decl := dialect.ReducedShape(x.typ.Shape, dims, keep)
	for i := range decl {
		switch {
		case decl[i] < 0 && g.chance(4):
			decl[i] = actual[i] // checked at run time
		case decl[i] >= 0 && g.chance(6):
			decl[i] = ir.Dynamic
		}
	}
	re := e
	if index {
		re = ir.I64
	}
	var ds []string
	for _, d := range dims {
		ds = append(ds, fmt.Sprint(d))
	}
	attrs := "dims = array<i64>"
	if len(ds) > 0 {
		attrs = "dims = array<i64: " + strings.Join(ds, ", ") + ">"
	}
	if keep {
		attrs += ", keepdims"
	}
	v := g.emit(op, []*value{x}, attrs, &ir.TensorType{Shape: decl, Elem: re}, actual)
	if e.IsFloat() && (op == "tir.reduce_sum" || op == "tir.reduce_mean" || op == "tir.reduce_prod") {
		// Sums are exact or correctly rounded in both, products are
		// not: tolerate, and keep them away from discontinuous ops.
		v.approx = true
		g.trans = true
	}
}

func (g *gen) binary(x *value, forced string) {
	e := x.elem()
	var op string
	switch {
	case forced != "":
		op = forced
	case e.IsFloat():
		op = floatBinary[g.rng.IntN(len(floatBinary))]
	default:
		op = onBool(intBinary[g.rng.IntN(len(intBinary))], e)
	}
	divides := op == "tir.div" || op == "tir.rem" || op == "tir.floor_div" || op == "tir.floor_rem"
	if x.approx && divides && op != "tir.div" {
		op, divides = "tir.add", false // a remainder or a floor turns an ulp into a jump
	}
	var y *value
	switch {
	case e.IsInt() && divides && !g.chance(8):
		y = g.divisor(e, x.shape, x.typ.Shape)
	default:
		y = g.operand(e, x.shape, x.typ.Shape, divides)
	}
	lhs, rhs := x, y
	if !divides && op != "tir.pow" && g.chance(2) {
		lhs, rhs = y, x
	}
	if op == "tir.pow" {
		g.trans = true
	}
	inf := bcast(lhs.typ.Shape, rhs.typ.Shape)
	act := bcast(lhs.shape, rhs.shape)
	v := g.emit(op, []*value{lhs, rhs}, "", g.resultType(e, inf, act), act)
	if op == "tir.pow" {
		v.approx = true
	}
}

// binaryInDim: a binary op with broadcast_dimensions (XLA): a lower-rank
// operand whose dims map to chosen dims of x.
func (g *gen) binaryInDim(x *value) {
	e := x.elem()
	r := len(x.shape)
	var op string
	if e.IsFloat() {
		op = []string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min", "tir.div"}[g.rng.IntN(6)]
	} else {
		op = onBool([]string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min", "tir.xor"}[g.rng.IntN(6)], e)
	}
	var dims []int64
	var y *value
	if r == 0 || g.chance(6) {
		// same rank, identity dims
		y = g.operand(e, x.shape, x.typ.Shape, op == "tir.div")
		if len(y.shape) != r {
			g.binary(x, op)
			return
		}
		for i := range r {
			dims = append(dims, int64(i))
		}
	} else {
		lr := g.rng.IntN(r) // lower rank 0..r-1
		perm := g.rng.Perm(r)[:lr]
		slices.Sort(perm)
		shape := make([]int64, lr)
		for i, d := range perm {
			dims = append(dims, int64(d))
			shape[i] = x.shape[d]
			if g.chance(4) {
				shape[i] = 1
			}
		}
		if g.chance(3) {
			y = g.newConst(e, shape, false)
		} else {
			y = g.newArg(e, shape, false)
		}
	}
	lhs, rhs := x, y
	if op != "tir.div" && op != "tir.sub" && g.chance(2) || op == "tir.sub" && g.chance(2) {
		lhs, rhs = y, x
	}
	if op == "tir.div" && rhs.approx {
		lhs, rhs = y, x
	}
	inf, err := traits.InDimShape(lhs.typ.Shape, rhs.typ.Shape, dims)
	act, err2 := traits.InDimShape(lhs.shape, rhs.shape, dims)
	if err != nil || err2 != nil {
		g.binary(x, op)
		return
	}
	var ds []string
	for _, d := range dims {
		ds = append(ds, fmt.Sprint(d))
	}
	g.emit(op, []*value{lhs, rhs}, dimsAttr(ds), g.resultType(e, inf, act), act)
}

func (g *gen) selectOp(x *value) {
	e := x.elem()
	y := g.operand(e, x.shape, x.typ.Shape, false)
	act := bcast(x.shape, y.shape)
	decl := bcast(x.typ.Shape, y.typ.Shape)
	var c *value
	for _, v := range g.pool {
		if v.elem() == ir.I1 && v != x && v != y {
			if _, ok := traits.InferShape(v.shape, act); !ok {
				continue
			}
			if _, ok := traits.InferShape(v.typ.Shape, decl); ok && g.chance(2) {
				c = v
			}
		}
	}
	if c == nil {
		if !x.approx && !y.approx && g.chance(2) {
			inf := bcast(x.typ.Shape, y.typ.Shape)
			c = g.emit("tir.cmp", []*value{x, y}, fmt.Sprintf("predicate = %q", preds[g.rng.IntN(len(preds))]), g.resultType(ir.I1, inf, act), act)
		} else {
			c = g.newArg(ir.I1, g.subShape(act), false)
		}
	}
	ops := []*value{c, x, y}
	if g.chance(2) {
		ops = []*value{c, y, x}
	}
	inf, _, ok := traits.InferResultShape([]ir.Type{c.typ, x.typ, y.typ})
	if !ok {
		return
	}
	acts := bcast(bcast(c.shape, x.shape), y.shape)
	g.emit("tir.select", ops, "", g.resultType(e, inf, acts), acts)
}

// onBool replaces an op NumPy refuses on booleans (tir.sub, a verifier
// error on i1) by the one NumPy suggests (xor).
func onBool(op string, e *ir.Scalar) string {
	if e == ir.I1 && op == "tir.sub" {
		return "tir.xor"
	}
	return op
}

func (g *gen) unary(x *value) {
	e := x.elem()
	op := "tir.neg"
	if e.IsFloat() {
		op = floatUnary[g.rng.IntN(len(floatUnary))]
	} else if g.chance(2) || e == ir.I1 {
		op = "tir.abs" // tir.neg of booleans is a verifier error, as NumPy's
	}
	v := g.emit(op, []*value{x}, "", &ir.TensorType{Shape: slices.Clone(x.typ.Shape), Elem: e}, slices.Clone(x.shape))
	switch op {
	case "tir.exp", "tir.log", "tir.tanh":
		v.approx = true
		g.trans = true
	case "tir.neg", "tir.abs":
		v.nonzero = x.nonzero
	}
}

// broadcastInDim maps x's dims injectively (any order: transposes too)
// into a result of rank >= x's.
func (g *gen) broadcastInDim(x *value) {
	r := len(x.shape)
	rr := r + g.rng.IntN(3)
	if rr > 5 {
		rr = r
	}
	pos := g.rng.Perm(rr)[:r]
	if g.chance(2) {
		slices.Sort(pos)
	}
	shape := make([]int64, rr)
	decl := make([]int64, rr)
	mapped := make([]bool, rr)
	for i, d := range pos {
		mapped[d] = true
		switch {
		case g.chance(4) && x.typ.Shape[i] != 1:
			// (codegen rejects a '?' result dimension mapped from a
			// static 1: its size would be a guess)
			decl[d], shape[d] = ir.Dynamic, x.shape[i]
		case x.shape[i] == 1:
			shape[d] = int64(1 + g.rng.IntN(3))
			decl[d] = shape[d]
		default:
			shape[d], decl[d] = x.shape[i], x.shape[i]
		}
	}
	for d := range rr {
		if !mapped[d] {
			shape[d] = int64(1 + g.rng.IntN(3))
			decl[d] = shape[d]
		}
	}
	var ds []string
	for _, d := range pos {
		ds = append(ds, fmt.Sprint(d))
	}
	g.emit("tir.broadcast_in_dim", []*value{x}, dimsAttr(ds),
		&ir.TensorType{Shape: decl, Elem: x.elem()}, shape)
}

// arith ops: operands and result of one type.
// sameAs returns a value of exactly x's type and base shape (not an
// approximate one when exact): one in the pool or a new argument.
func (g *gen) sameAs(x *value, exact bool) *value {
	var cands []*value
	for _, v := range g.pool {
		if ir.TypeEqual(v.typ, x.typ) && slices.Equal(v.shape, x.shape) && !(exact && v.approx) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 || g.chance(4) {
		// a new argument of exactly x's type
		v := &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: x.typ, shape: x.shape}
		g.args = append(g.args, &argSpec{v: v, zeroStrideDim: -1})
		g.pool = append(g.pool, v)
		return v
	}
	return cands[g.rng.IntN(len(cands))]
}

func (g *gen) arith(x *value) {
	e := x.elem()
	ts := tstr(x.typ)
	same := func(exact bool) *value { return g.sameAs(x, exact) }
	divisor := func() *value {
		var y *value
		for _, v := range g.pool {
			if v.nonzero && ir.TypeEqual(v.typ, x.typ) && slices.Equal(v.shape, x.shape) {
				y = v
			}
		}
		if y == nil {
			y = &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: x.typ, shape: x.shape, nonzero: true}
			g.args = append(g.args, &argSpec{v: y, nonzero: true, zeroStrideDim: -1})
			g.pool = append(g.pool, y)
		}
		return y
	}
	kind := leastDrawn(g.rng, "kind.", []string{"binary", "cmp", "select", "cast", "special"})
	if kind == "cast" {
		if op, to, ok := arithCast(g.rng, e, x.approx); ok {
			rt := ir.WithElem(x.typ, to).(*ir.TensorType)
			g.emitShort(fmt.Sprintf("arith.%s %s : %s to %s", op, x.name, ts, tstr(rt)), "arith."+op, rt, x.shape, x)
			return
		}
		kind = "binary"
	}
	if e.IsFloat() {
		if x.approx && (kind == "cmp" || kind == "select") {
			kind = "binary"
		}
		switch kind {
		case "special":
			g.emitShort("arith.negf "+x.name+" : "+ts, "arith.negf", x.typ, x.shape, x)
		case "cmp":
			y := same(true)
			pred := cmpfPreds[g.rng.IntN(len(cmpfPreds))]
			g.emitShort(fmt.Sprintf("arith.cmpf %s, %s, %s : %s", pred, x.name, y.name, ts), "arith.cmpf", ir.WithElem(x.typ, ir.I1).(*ir.TensorType), x.shape, x, y)
		case "select":
			g.arithSelect(x, same)
		default:
			op := leastDrawn(g.rng, "arith.", arithFloatBinary)
			if x.approx && op == "remf" {
				op = "addf"
			}
			y := same(op == "divf" || op == "remf")
			g.emitShort(fmt.Sprintf("arith.%s %s, %s : %s", op, x.name, y.name, ts), "arith."+op, x.typ, x.shape, x, y)
		}
		return
	}
	switch kind {
	case "cmp":
		y := same(false)
		pred := cmpiPreds[g.rng.IntN(len(cmpiPreds))]
		g.emitShort(fmt.Sprintf("arith.cmpi %s, %s, %s : %s", pred, x.name, y.name, ts), "arith.cmpi", ir.WithElem(x.typ, ir.I1).(*ir.TensorType), x.shape, x, y)
	case "select":
		g.arithSelect(x, same)
	case "special": // two results, or a division
		if g.chance(2) {
			op := leastDrawn(g.rng, "arith.", arithIntExtended)
			y := same(false)
			text, e1 := extendedText(op, x, y, x.typ)
			g.emitPair(text, "arith."+op, x.typ, ir.WithElem(x.typ, e1).(*ir.TensorType), x.shape, false, x, y)
			return
		}
		op := leastDrawn(g.rng, "arith.", arithIntDivision)
		y := divisor()
		g.emitShort(fmt.Sprintf("arith.%s %s, %s : %s", op, x.name, y.name, ts), "arith."+op, x.typ, x.shape, x, y)
	default:
		op := leastDrawn(g.rng, "arith.", arithIntBinary)
		y := same(false)
		g.emitShort(fmt.Sprintf("arith.%s %s, %s : %s", op, x.name, y.name, ts), "arith."+op, x.typ, x.shape, x, y)
	}
}

// arithSelect: arith.select with an i1 tensor condition of x's shape.
func (g *gen) arithSelect(x *value, same func(bool) *value) {
	ct := ir.WithElem(x.typ, ir.I1).(*ir.TensorType)
	var c *value
	for _, v := range g.pool {
		if ir.TypeEqual(v.typ, ct) && slices.Equal(v.shape, x.shape) {
			c = v
		}
	}
	if c == nil {
		c = &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: ct, shape: x.shape}
		g.args = append(g.args, &argSpec{v: c, zeroStrideDim: -1})
		g.pool = append(g.pool, c)
	}
	y := same(false)
	g.emitShort(fmt.Sprintf("arith.select %s, %s, %s : %s, %s", c.name, x.name, y.name, tstr(ct), tstr(x.typ)), "arith.select", x.typ, x.shape, c, x, y)
}

// generate makes program name: 1-6 ops (plus the operands they need) on
// arguments broadcasting to a random shape.
func generate(rng *rand.Rand, name string) *program {
	g := &gen{rng: rng, ops: map[string]int{}}
	rank := rng.IntN(5)
	if rng.IntN(25) == 0 {
		rank = 8
	}
	shape := g.randomShape(rank)
	e := allElems[rng.IntN(len(allElems))]
	g.newArg(e, shape, false)
	if g.chance(2) {
		g.newArg(e, g.subShape(shape), false)
	}
	nops := 1 + rng.IntN(6)
	for len(g.ops) == 0 || sum(g.ops) < nops {
		g.step()
	}
	// Results: the last value, sometimes one more (maybe an argument).
	rets := []*value{g.pool[len(g.pool)-1]}
	if g.chance(3) {
		if v := g.pool[rng.IntN(len(g.pool))]; v != rets[0] {
			rets = append(rets, v)
		}
	}
	var names, types []string
	for i, v := range rets {
		switch {
		case g.chance(4) && slices.Contains(v.typ.Shape, ir.Dynamic):
			// cast to the static shape of the base call (checked)
			ct := &ir.TensorType{Shape: slices.Clone(v.shape), Elem: v.elem()}
			c := g.emitShort(fmt.Sprintf("tensor.cast %s : %s to %s", v.name, tstr(v.typ), tstr(ct)), "tensor.cast", ct, v.shape, v)
			rets[i] = c
		case g.chance(6) && len(v.shape) > 0:
			ct := g.declare(v.elem(), v.typ.Shape, 2)
			c := g.emitShort(fmt.Sprintf("tensor.cast %s : %s to %s", v.name, tstr(v.typ), tstr(ct)), "tensor.cast", ct, v.shape, v)
			rets[i] = c
		}
		names = append(names, rets[i].name)
		types = append(types, tstr(rets[i].typ))
	}
	// Sometimes the body is a private function that the entry point
	// calls (func.call, status propagation from the callee).
	call := g.chance(8)
	var params, argNames, argTypes []string
	for _, a := range g.args {
		params = append(params, fmt.Sprintf("%s: %s", a.v.name, tstr(a.v.typ)))
		argNames = append(argNames, a.v.name)
		argTypes = append(argTypes, tstr(a.v.typ))
	}
	resType := types[0]
	if len(types) > 1 {
		resType = "(" + strings.Join(types, ", ") + ")"
	}
	var b strings.Builder
	if call {
		fmt.Fprintf(&b, "func.func private @%s_impl(", name)
	} else {
		fmt.Fprintf(&b, "func.func @%s(", name)
	}
	fmt.Fprintf(&b, "%s) -> %s {\n", strings.Join(params, ", "), resType)
	b.WriteString(g.body.String())
	fmt.Fprintf(&b, "    return %s : %s\n}\n", strings.Join(names, ", "), strings.Join(types, ", "))
	if call {
		g.ops["func.call"]++
		fmt.Fprintf(&b, "func.func @%s(%s) -> %s {\n", name, strings.Join(params, ", "), resType)
		if len(types) == 1 {
			fmt.Fprintf(&b, "    %%r = func.call @%s_impl(%s) : (%s) -> %s\n    return %%r : %s\n}\n",
				name, strings.Join(argNames, ", "), strings.Join(argTypes, ", "), resType, types[0])
		} else {
			fmt.Fprintf(&b, "    %%r:%d = func.call @%s_impl(%s) : (%s) -> %s\n    return %%r#0, %%r#1 : %s\n}\n",
				len(types), name, strings.Join(argNames, ", "), strings.Join(argTypes, ", "), resType, strings.Join(types, ", "))
		}
	}
	p := &program{name: name, text: b.String(), args: g.args, trans: g.trans, ops: g.ops}
	for _, v := range rets {
		p.results = append(p.results, v.typ)
		p.resScalar = append(p.resScalar, false)
	}
	return p
}

func sum(m map[string]int) int {
	n := 0
	for _, c := range m {
		n += c
	}
	return n
}

// randomData returns a tensor of random elements: small integers with
// some extremes (MIN, MAX, wrapping values), floats k/64 with some NaN,
// infinities, -0 and large values. nonzero data avoids 0.
func randomData(rng *rand.Rand, e *ir.Scalar, shape []int64, nonzero bool) *eval.Tensor {
	t := eval.New(e, shape...)
	for i := range t.Len() {
		if e.IsFloat() {
			v := float64(rng.IntN(513)-256) / 64
			switch rng.IntN(40) {
			case 0:
				v = math.NaN()
			case 1:
				v = math.Inf(1 - 2*rng.IntN(2))
			case 2:
				v = math.Copysign(0, -1)
			case 3:
				v = float64(rng.IntN(2001)-1000) * 64
			}
			t.Floats[i] = ir.RoundFloat(v, e)
			continue
		}
		var v int64
		switch {
		case e == ir.I1:
			v = int64(rng.IntN(2))
		case rng.IntN(25) == 0:
			v = []int64{math.MinInt64, math.MaxInt64, -1 << (e.Bits() - 1), 1<<(e.Bits()-1) - 1}[rng.IntN(4)]
		case rng.IntN(10) == 0:
			v = rng.Int64()
		default:
			v = int64(rng.IntN(41) - 20)
		}
		v = ir.WrapInt(v, e)
		if nonzero && v == 0 {
			v = int64(1 + rng.IntN(7))
			if e == ir.I1 {
				v = 1
			}
		}
		t.Ints[i] = v
	}
	return t
}

// zeroStrideData makes the data constant along dimension d.
func zeroStrideData(t *eval.Tensor, d int) {
	if d < 0 || d >= len(t.Shape) {
		return
	}
	inner := 1
	for _, s := range t.Shape[d+1:] {
		inner *= int(s)
	}
	size := int(t.Shape[d])
	for i := range t.Len() {
		k := (i / inner) % size
		if k != 0 {
			t.Set(i, t.At(i-k*inner))
		}
	}
}

func dimsAttr(ds []string) string {
	if len(ds) == 0 {
		return "broadcast_dimensions = array<i64>"
	}
	return "broadcast_dimensions = array<i64: " + strings.Join(ds, ", ") + ">"
}
