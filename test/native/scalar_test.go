package native_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Scalar programs: arith ops on scalar arguments (passed by value) with
// scalar results (returned through pointers), and sometimes an
// arith.select choosing a whole tensor by a scalar i1 condition.

// newScalarArg adds a scalar argument of element type e.
func (g *gen) newScalarArg(e *ir.Scalar, nonzero bool) *value {
	v := &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: &ir.TensorType{Elem: e}, scalar: true, nonzero: nonzero}
	g.args = append(g.args, &argSpec{v: v, nonzero: nonzero, zeroStrideDim: -1})
	g.spool = append(g.spool, v)
	return v
}

func (g *gen) scalarOf(e *ir.Scalar, not *value) *value {
	var cands []*value
	for _, v := range g.spool {
		if v.elem() == e && v != not {
			cands = append(cands, v)
		}
	}
	if len(cands) == 0 || g.chance(5) {
		if g.chance(3) {
			return g.scalarConst(e)
		}
		return g.newScalarArg(e, false)
	}
	return cands[g.rng.IntN(len(cands))]
}

// scalarConst adds an arith.constant scalar.
func (g *gen) scalarConst(e *ir.Scalar) *value {
	t := randomData(g.rng, e, nil, false)
	var lit string
	switch {
	case e == ir.I1:
		lit = map[int64]string{0: "false", 1: "true"}[t.Ints[0]]
	case e.IsInt():
		lit = fmt.Sprintf("%d : %s", t.Ints[0], e)
	default:
		f := t.Floats[0]
		if math.IsNaN(f) || math.IsInf(f, 0) {
			f = 0.5
		}
		lit = fmt.Sprintf("%s : %s", floatLit(f), e)
	}
	v := g.emitShort("arith.constant "+lit, "arith.constant", &ir.TensorType{Elem: e}, nil)
	v.scalar = true
	g.pool = g.pool[:len(g.pool)-1]
	g.spool = append(g.spool, v)
	return v
}

func floatLit(f float64) string {
	s := fmt.Sprintf("%g", f)
	if !strings.ContainsAny(s, ".en") {
		s += ".0"
	}
	return s
}

// scalarOp adds one op of arith's table (elementwise, comparison,
// select, cast, two results) on scalars of element type e, drawn least so
// far among those that take e.
func (g *gen) scalarOp(e *ir.Scalar) {
	x := g.scalarOf(e, nil)
	if g.chance(2) {
		for i := len(g.spool) - 1; i >= 0; i-- {
			if g.spool[i].elem() == e {
				x = g.spool[i]
				break
			}
		}
	}
	ops := opsWhere(func(op *genOp) bool {
		return op.family == "arith" && op.style == sameStyle && op.kind >= kindElementwise && op.kind <= kindPair && op.accepts(e)
	})
	g.drawOp(leastDrawnOp(g.rng, ops), x)
}

// generateScalar makes a scalar program (see above).
func generateScalar(rng *rand.Rand, name string) *program {
	g := &gen{rng: rng, ops: map[string]int{}}
	e := signlessElems[rng.IntN(len(signlessElems))]
	g.newScalarArg(e, false)
	g.newScalarArg(e, false)
	g.scalars = true
	for range 1 + rng.IntN(5) {
		g.scalarOp(e)
	}
	g.scalars = false
	rets := []*value{g.spool[len(g.spool)-1]}
	if g.chance(2) {
		rets = append(rets, g.spool[rng.IntN(len(g.spool))])
	}
	if g.chance(2) {
		// a tensor chosen whole by a scalar condition
		te := allElems[rng.IntN(len(allElems))]
		a := g.newArg(te, g.randomShape(rng.IntN(4)), false)
		b := a
		if g.chance(2) {
			b = &value{name: fmt.Sprintf("%%a%d", len(g.args)), typ: a.typ, shape: a.shape}
			g.args = append(g.args, &argSpec{v: b, zeroStrideDim: -1})
		}
		c := g.scalarOf(ir.I1, nil)
		v := g.emitShort(fmt.Sprintf("arith.select %s, %s, %s : %s", c.name, a.name, b.name, tstr(a.typ)), "arith.select", a.typ, a.shape, c, a, b)
		rets = append(rets, v)
	}
	var names, types, params []string
	for _, v := range rets {
		names = append(names, v.name)
		types = append(types, tstr(v.decl()))
	}
	for _, a := range g.args {
		params = append(params, fmt.Sprintf("%s: %s", a.v.name, tstr(a.v.decl())))
	}
	resType := types[0]
	if len(types) > 1 {
		resType = "(" + strings.Join(types, ", ") + ")"
	}
	text := fmt.Sprintf("func.func @%s(%s) -> %s {\n%s    return %s : %s\n}\n", name, strings.Join(params, ", "), resType,
		g.body.String(), strings.Join(names, ", "), strings.Join(types, ", "))
	p := &program{name: name, text: text, args: g.args, ops: g.ops}
	for _, v := range rets {
		p.results = append(p.results, v.typ)
		p.resScalar = append(p.resScalar, v.scalar)
	}
	return p
}
