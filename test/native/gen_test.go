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
	// fine: float data with full significands (a contraction's operand:
	// products and sums that round, so that the order and fusion of its
	// terms show in the bits)
	fine bool
}

// data is random data for the argument, of the given shape.
func (a *argSpec) data(rng *rand.Rand, shape []int64) *eval.Tensor {
	t := randomData(rng, a.v.elem(), shape, a.nonzero)
	if a.fine && t.Elem.IsFloat() {
		for i := range t.Floats {
			if rng.IntN(8) != 0 {
				t.Floats[i] = ir.RoundFloat(math.Ldexp(rng.Float64()*2-1, rng.IntN(8)-3), t.Elem)
			}
		}
	}
	return t
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
	// scalars: ops make scalars (generateScalar)
	scalars bool
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
	long      bool // rows of 20-170 elements (generate)
}

func (g *gen) fresh() string {
	g.n++
	return fmt.Sprintf("%%v%d", g.n)
}

func (g *gen) chance(n int) bool { return g.rng.IntN(n) == 0 }

func tstr(t ir.Type) string { return ir.TypeString(t) }

// emit writes one op in generic form and adds its result to the pool.
// In scalar programs (g.scalars) the result is a scalar.
func (g *gen) emit(op string, operands []*value, attrs string, rt *ir.TensorType, shape []int64) *value {
	v := &value{name: g.fresh(), typ: rt, shape: shape, scalar: g.scalars}
	var names, types []string
	for _, o := range operands {
		names = append(names, o.name)
		types = append(types, tstr(o.decl()))
		v.approx = v.approx || o.approx
	}
	if attrs != "" {
		attrs = " {" + attrs + "}"
	}
	fmt.Fprintf(&g.body, "    %s = \"%s\"(%s)%s : (%s) -> %s\n", v.name, op, strings.Join(names, ", "), attrs, strings.Join(types, ", "), tstr(v.decl()))
	if v.scalar {
		g.spool = append(g.spool, v)
	} else {
		g.pool = append(g.pool, v)
	}
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
	if g.scalars {
		return g.newScalarArg(e, nonzero)
	}
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

// newConst adds a constant of a static shape, by the constant op of the
// table drawn least so far that takes e.
func (g *gen) newConst(e *ir.Scalar, shape []int64, nonzero bool) *value {
	ops := opsWhere(func(op *genOp) bool { return op.kind == kindConst && op.accepts(e) })
	return g.newConstOf(leastDrawnOp(g.rng, ops), e, shape, nonzero)
}

func (g *gen) newConstOf(op *genOp, e *ir.Scalar, shape []int64, nonzero bool) *value {
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
	scalars := g.scalars
	g.scalars = false
	v := g.emit(op.name, nil, "value = "+t.ToDense(rt).String(), rt, shape)
	g.scalars = scalars
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

// drawFrom adds the op drawn least so far among the table's ops for
// which keep is true, preferring those that take x's element type.
func (g *gen) drawFrom(x *value, keep func(op *genOp) bool) {
	ops := opsWhere(func(op *genOp) bool { return keep(op) && op.accepts(x.elem()) })
	if len(ops) == 0 {
		ops = opsWhere(keep)
	}
	g.drawOp(leastDrawnOp(g.rng, ops), x)
}

// in is a filter of the table: ops of a family and kind.
func in(family string, kind opKind) func(op *genOp) bool {
	return func(op *genOp) bool { return op.family == family && op.kind == kind }
}

// step adds one op (and maybe the operands it needs). Most go to tir's
// broadcasting ops; a share to the op of the table drawn least so far
// (a third of the steps until every op has been drawn), which draws every
// op of every dialect table.
func (g *gen) step() {
	x := g.pick()
	if g.chance(8) {
		g.move(x)
		return
	}
	if (undrawn() && g.chance(3)) || g.chance(12) {
		g.drawOp(leastDrawnOp(g.rng, opsWhere(func(*genOp) bool { return true })), x)
		return
	}
	switch k := g.rng.IntN(100); {
	case k < 10:
		// a contraction, on x where it fits (contract_gen_test.go)
		g.drawFrom(x, func(op *genOp) bool { return op.kind == kindContraction })
	case k < 30:
		g.binary(x)
	case k < 38:
		g.binaryInDim(x)
	case k < 46:
		g.drawFrom(x, in("tir", kindCmp))
	case k < 54:
		g.drawFrom(x, in("tir", kindSelect))
	case k < 66:
		g.drawFrom(x, func(op *genOp) bool { return op.family == "tir" && op.kind == kindElementwise && op.nIn == 1 })
	case k < 74:
		if x.approx {
			g.binary(x)
			return
		}
		g.convert(x, allElems[g.rng.IntN(len(allElems))])
	case k < 82:
		g.broadcastInDim(x)
	case k < 91:
		g.drawFrom(x, in("tir", kindReduce))
	default:
		// the other dialects' elementwise ops, comparisons, selects,
		// casts and two-result ops
		g.drawFrom(x, func(op *genOp) bool { return op.family != "tir" && op.kind >= kindElementwise && op.kind <= kindPair })
	}
}

// binary adds a broadcasting binary op on x.
func (g *gen) binary(x *value) {
	g.drawFrom(x, func(op *genOp) bool { return op.kind == kindElementwise && op.style == bcastStyle && op.nIn == 2 })
}

// reduce adds reduction op over random dims of x (argmax/argmin and TOSA
// over one), keeping them as size-1 dims or not; later ops broadcast the
// result back against x or its relatives. A reduction of booleans (any,
// all) reduces x != 0.
func (g *gen) reduce(op *genOp, x *value) {
	info := op.def.Reduce.Info()
	if !op.accepts(x.elem()) && op.accepts(ir.I1) && !x.approx {
		x = g.convert(x, ir.I1)
	}
	// an ulp must not move an index; argmax needs a dimension
	x = g.operandFor(op, x, info.Index)
	if len(x.shape) == 0 && (info.Index || op.def.Dialect() == "tosa") {
		x = g.newArg(x.elem(), g.randomShape(1+g.rng.IntN(3)), false)
	}
	e, r := x.elem(), len(x.shape)
	var dims []int64
	switch {
	case op.def.Dialect() == "tosa" || info.Index:
		if r > 0 {
			dims = []int64{int64(g.rng.IntN(r))}
		}
	default:
		for d := range r {
			if g.chance(2) {
				dims = append(dims, int64(d))
			}
		}
	}
	// long float products overflow in an order-dependent way: at most 4
	// elements
	if info.Combine == ir.KernelMul && e.IsFloat() {
		n := int64(1)
		dims = slices.DeleteFunc(dims, func(d int64) bool {
			if n*x.shape[d] > 4 {
				return true
			}
			n *= x.shape[d]
			return false
		})
	}
	keep := g.chance(2)
	if op.def.Dialect() == "tosa" {
		g.tosaReduce(op, x, dims)
		return
	}
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
	attrs := "dims = " + ints(dims)
	if keep {
		attrs += ", keepdims"
	}
	v := g.emit(op.name, []*value{x}, attrs, &ir.TensorType{Shape: decl, Elem: op.to[e][0]}, actual)
	g.reduced(v, info, e)
}

// tosaReduce is a TOSA reduction along one axis (dims, or none), kept
// as size 1.
func (g *gen) tosaReduce(op *genOp, x *value, dims []int64) {
	decl, act := slices.Clone(x.typ.Shape), slices.Clone(x.shape)
	axis := int64(0)
	if len(dims) > 0 {
		axis = dims[0]
	} else if len(act) > 0 {
		axis = int64(len(act) - 1)
		if act[axis] > 1 {
			// no axis short enough (a float product): a new argument
			// whose last dimension is
			act[axis] = 1 + int64(g.rng.IntN(4))
			x = g.newArg(x.elem(), slices.Clone(act), false)
			decl = slices.Clone(x.typ.Shape)
		}
	}
	if len(act) > 0 {
		decl[axis], act[axis] = 1, 1
	}
	v := g.emit(op.name, []*value{x}, fmt.Sprintf("axis = %d : i32", axis), &ir.TensorType{Shape: decl, Elem: x.elem()}, act)
	g.reduced(v, op.def.Reduce.Info(), x.elem())
}

// reduced marks float sums and products approximate: sums are exact or
// correctly rounded in both, products are not; mean divides a sum.
func (g *gen) reduced(v *value, info ir.ReduceInfo, e *ir.Scalar) {
	if e.IsFloat() && (info.Combine == ir.KernelAdd || info.Combine == ir.KernelMul || info.Mean) {
		v.approx, g.trans = true, true
	}
}

// binaryInDim: a binary op with broadcast_dimensions (XLA): a lower-rank
// operand whose dims map to chosen dims of x.
func (g *gen) binaryInDim(x *value) {
	e := x.elem()
	ops := opsWhere(func(op *genOp) bool {
		k := op.kernel()
		return op.kind == kindElementwise && op.style == bcastStyle && op.nIn == 2 && op.accepts(e) &&
			!approxKernel(k) && !discreteKernel(k) && !(k.IntDivision() && e.IsInt())
	})
	if len(ops) == 0 || x.approx {
		g.binary(x)
		return
	}
	op := leastDrawnOp(g.rng, ops)
	divides := op.kernel().IntDivision()
	r := len(x.shape)
	var dims []int64
	var y *value
	if r == 0 || g.chance(6) {
		// same rank, identity dims
		y = g.operand(e, x.shape, x.typ.Shape, divides)
		if len(y.shape) != r {
			g.elementwise(op, x)
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
	if !divides && g.chance(2) || divides && rhs.approx {
		lhs, rhs = y, x
	}
	inf, err := traits.InDimShape(lhs.typ.Shape, rhs.typ.Shape, dims)
	act, err2 := traits.InDimShape(lhs.shape, rhs.shape, dims)
	if err != nil || err2 != nil {
		g.elementwise(op, x)
		return
	}
	var ds []string
	for _, d := range dims {
		ds = append(ds, fmt.Sprint(d))
	}
	g.emit(op.name, []*value{lhs, rhs}, dimsAttr(ds), g.resultType(e, inf, act), act)
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

// sameAs returns a value of exactly x's type and base shape (exact: not
// an approximate one; nonzero: a divisor): one in the pool or a new
// argument.
func (g *gen) sameAs(x *value, exact, nonzero bool) *value {
	var cands []*value
	pool := g.pool
	if x.scalar {
		pool = g.spool
	}
	for _, v := range pool {
		if ir.TypeEqual(v.typ, x.typ) && slices.Equal(v.shape, x.shape) && !(exact && v.approx) && (v.nonzero || !nonzero) {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 || g.chance(4) {
		if x.scalar {
			return g.newScalarArg(x.elem(), nonzero)
		}
		return g.newArgOfType(x.typ, x.shape, nonzero)
	}
	return cands[g.rng.IntN(len(cands))]
}

// newArgOfType adds an argument of exactly type t.
func (g *gen) newArgOfType(t *ir.TensorType, shape []int64, nonzero bool) *value {
	v := &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: t, shape: shape, nonzero: nonzero}
	g.args = append(g.args, &argSpec{v: v, nonzero: nonzero, zeroStrideDim: -1})
	g.pool = append(g.pool, v)
	return v
}

// generate makes program name: 1-6 ops (plus the operands they need) on
// arguments broadcasting to a random shape. With long, the shape has rank
// 1-3 and rows of 20-170 elements: long enough for the vector loops'
// prologues and epilogues, threads and non-temporal stores.
func generate(rng *rand.Rand, name string, long bool) *program {
	g := &gen{rng: rng, ops: map[string]int{}}
	rank := rng.IntN(5)
	if rng.IntN(25) == 0 {
		rank = 8
	}
	if long {
		rank = 1 + rng.IntN(3)
	}
	shape := g.randomShape(rank)
	if long {
		shape[rank-1] = int64(20 + rng.IntN(150))
	}
	e := allElems[rng.IntN(len(allElems))]
	g.newArg(e, shape, false)
	if g.chance(2) {
		g.newArg(e, g.subShape(shape), false)
	}
	nops := 1 + rng.IntN(6)
	for len(g.ops) == 0 || sum(g.ops) < nops {
		g.step()
	}
	return g.program(name, long)
}

// program makes the function name of the ops drawn so far, returning
// the last value (sometimes one more), and its calls.
func (g *gen) program(name string, long bool) *program {
	rng := g.rng
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
	g.ops["func.return"]++
	p := &program{name: name, text: b.String(), args: g.args, trans: g.trans, ops: g.ops, long: long}
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
