package native_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
)

// The arith ops the generator draws from (every elementwise op of MLIR
// 19's arith dialect), by the operands they take.
var (
	arithFloatBinary = []string{"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"}
	arithIntBinary   = []string{"addi", "subi", "muli", "maxsi", "maxui", "minsi", "minui", "andi", "ori", "xori", "shli", "shrsi", "shrui"}
	// arithIntDivision need a non-zero divisor (MIN / -1 stays possible).
	arithIntDivision = []string{"divsi", "divui", "remsi", "remui", "ceildivsi", "ceildivui", "floordivsi"}
	// arithIntExtended have two results.
	arithIntExtended = []string{"addui_extended", "mulsi_extended", "mului_extended"}
	cmpfPreds        = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}
	cmpiPreds        = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
)

// arithCast picks one of arith's casts from element type e, and its
// result element type; ok is false when e has none drawn (index has
// index_cast only; approximate floats are not cast to integers, whose
// value an ulp could change wholly).
func arithCast(rng *rand.Rand, e *ir.Scalar, approx bool) (op string, to *ir.Scalar, ok bool) {
	pick := func(ts ...*ir.Scalar) *ir.Scalar { return ts[rng.IntN(len(ts))] }
	fixed := []*ir.Scalar{ir.I1, ir.I8, ir.I16, ir.I32, ir.I64}
	floats := []*ir.Scalar{ir.F16, ir.BF16, ir.F32, ir.F64}
	var cands []func() (string, *ir.Scalar)
	add := func(op string, ts []*ir.Scalar) {
		if len(ts) > 0 {
			cands = append(cands, func() (string, *ir.Scalar) { return op, pick(ts...) })
		}
	}
	filter := func(ts []*ir.Scalar, keep func(*ir.Scalar) bool) []*ir.Scalar {
		var out []*ir.Scalar
		for _, t := range ts {
			if keep(t) {
				out = append(out, t)
			}
		}
		return out
	}
	sameWidth := func(t *ir.Scalar) bool { return t.Bits() == e.Bits() }
	switch {
	case e == ir.Index:
		add("index_cast", fixed[1:])
		add("index_castui", fixed[1:])
	case e.IsFloat():
		add("extf", filter(floats, func(t *ir.Scalar) bool { return t.Bits() > e.Bits() }))
		add("truncf", filter(floats, func(t *ir.Scalar) bool { return t.Bits() < e.Bits() }))
		if !approx {
			add("fptosi", fixed)
			add("fptoui", fixed)
			add("bitcast", filter(fixed, sameWidth))
		}
	default:
		add("extsi", filter(fixed, func(t *ir.Scalar) bool { return t.Bits() > e.Bits() }))
		add("extui", filter(fixed, func(t *ir.Scalar) bool { return t.Bits() > e.Bits() }))
		add("trunci", filter(fixed, func(t *ir.Scalar) bool { return t.Bits() < e.Bits() }))
		add("sitofp", floats)
		add("uitofp", floats)
		add("index_cast", []*ir.Scalar{ir.Index})
		add("index_castui", []*ir.Scalar{ir.Index})
		add("bitcast", filter(floats, sameWidth))
	}
	if len(cands) == 0 {
		return "", nil, false
	}
	names := make([]string, len(cands))
	for i, c := range cands {
		names[i], _ = c()
	}
	op = leastDrawn(rng, "arith.", names)
	op, to = cands[slices.Index(names, op)]()
	return op, to, true
}

// drawn counts the arith and math ops the generator chose, over all the
// programs of the test, so that each choice goes to an op drawn least so
// far: every op of the two dialects then runs natively in a few hundred
// programs (TestRandomProgramsNative checks it).
var drawn = map[string]int{}

// leastDrawn picks one of ops (names after prefix) drawn least so far,
// at random among ties, and counts it.
func leastDrawn(rng *rand.Rand, prefix string, ops []string) string {
	var best []string
	for _, op := range ops {
		switch n, m := drawn[prefix+op], drawn[prefix+best0(best)]; {
		case len(best) == 0 || n < m:
			best = []string{op}
		case n == m:
			best = append(best, op)
		}
	}
	op := best[rng.IntN(len(best))]
	drawn[prefix+op]++
	return op
}

func best0(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// mathUndrawn reports whether a math op on element type e has not been
// drawn yet.
func mathUndrawn(e *ir.Scalar) bool {
	ops := mathInt
	if e.IsFloat() {
		ops = slices.Concat(mathExact, mathApprox)
	}
	return slices.ContainsFunc(ops, func(op string) bool { return drawn["math."+op] == 0 })
}

// dialectOpsUndrawn reports whether an arith or math op of the native
// tables has not been chosen yet; while one has not, step sends more of
// its choices to them.
func dialectOpsUndrawn() bool {
	for _, r := range slices.Concat(dialect.ArithOps, dialect.MathOps) {
		switch r.Name {
		case "arith.constant", "arith.select", "arith.cmpf", "arith.cmpi", "arith.negf":
			continue // not chosen from a list
		}
		if drawn[r.Name] == 0 {
			return true
		}
	}
	return false
}

// emitPair writes a two-result op `%vN:2 = text` and adds both results
// (%vN#0, %vN#1) to the pool, or to the scalar pool when scalar.
func (g *gen) emitPair(text, op string, t0, t1 *ir.TensorType, shape []int64, scalar bool, operands ...*value) (*value, *value) {
	name := g.fresh()
	fmt.Fprintf(&g.body, "    %s:2 = %s\n", name, text)
	v0 := &value{name: name + "#0", typ: t0, shape: shape, scalar: scalar}
	v1 := &value{name: name + "#1", typ: t1, shape: shape, scalar: scalar}
	for _, o := range operands {
		v0.approx = v0.approx || o.approx
		v1.approx = v0.approx
	}
	if scalar {
		g.spool = append(g.spool, v0, v1)
	} else {
		g.pool = append(g.pool, v0, v1)
	}
	g.ops[op]++
	return v0, v1
}

// extendedText is the text of a two-result op on x and y of type t, and
// its results' element types.
func extendedText(op string, x, y *value, t ir.Type) (string, *ir.Scalar) {
	if op == "addui_extended" {
		return fmt.Sprintf("arith.%s %s, %s : %s, %s", op, x.name, y.name, tstr(t), tstr(ir.WithElem(t, ir.I1))), ir.I1
	}
	return fmt.Sprintf("arith.%s %s, %s : %s", op, x.name, y.name, tstr(t)), ir.ElementType(t)
}

// The math ops the generator draws from: on floats, exact (correctly
// rounded in libm, LLVM and Go alike) or approximate (an ulp apart, so
// never fed to a discontinuous op); on signless integers.
var (
	mathExact  = []string{"absf", "ceil", "floor", "round", "roundeven", "trunc", "sqrt", "copysign"}
	mathApprox = []string{"rsqrt", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "tanh", "atan", "erf", "atan2", "powf", "fma"}
	mathInt    = []string{"absi", "ctlz", "cttz", "ctpop"}
	mathArity  = map[string]int{"copysign": 2, "atan2": 2, "powf": 2, "fma": 3}
)

// math adds a math op on x (same type in and out).
func (g *gen) math(x *value) {
	e := x.elem()
	var op string
	switch {
	case e.IsFloat() && g.chance(2):
		op = leastDrawn(g.rng, "math.", mathExact)
	case e.IsFloat():
		op = leastDrawn(g.rng, "math.", mathApprox)
	default:
		op = leastDrawn(g.rng, "math.", mathInt)
	}
	operands := []*value{x}
	for len(operands) < max(1, mathArity[op]) {
		operands = append(operands, g.sameAs(x, false))
	}
	names := make([]string, len(operands))
	for i, o := range operands {
		names[i] = o.name
	}
	v := g.emitShort(fmt.Sprintf("math.%s %s : %s", op, strings.Join(names, ", "), tstr(x.typ)), "math."+op, x.typ, x.shape, operands...)
	if slices.Contains(mathApprox, op) {
		v.approx, g.trans = true, true
	}
}
