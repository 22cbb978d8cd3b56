package native_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/traits"
)

// The ops the generator draws come from the op registry (every row of
// every dialect table) and the kernel table, not from lists of names
// here: each registered op is sorted into a kind by its traits, kernel and
// reduction (elementwise, comparison, select, cast, two results,
// reduction, constant, reshape, concatenation, ...), and the element
// types it computes on are asked of its verifier and ir.KernelDomainError
// with a probe instance per element type. A new row of an existing kind is
// then drawn without editing this file; a row of a new kind has no
// emitter, and the coverage check (checkOpCoverage) names it.

// genOp is one registered op as the generator draws it.
type genOp struct {
	def  *ir.OpDef
	name string
	kind opKind
	// family is the op's dialect ("tir", "arith", "math", "tosa", ...):
	// step gives each family its share of the draws.
	family string
	// style is how the operands of an elementwise op relate: bcastStyle
	// (NumPy broadcasting), rankStyle (broadcasting between equal
	// ranks) or sameStyle (one shape, or one type).
	style opStyle
	nIn   int // operands (elementwise kinds)
	// to maps each operand element type the op accepts to the result
	// element types it accepts with it.
	to map[*ir.Scalar][]*ir.Scalar
	// shapeAttr: a reshape that takes its result shape as new_shape.
	shapeAttr bool
}

type opKind int

const (
	kindNone        opKind = iota
	kindElementwise        // n operands of one element type, one result
	kindCmp                // elementwise, i1 result, a predicate
	kindSelect             // i1 condition, two values
	kindCast               // one operand, another result element type
	kindPair               // elementwise with two results
	kindReduce             // reduction over dimensions (or one axis)
	kindConst              // a dense constant
	kindReshape
	kindConcat
	kindDim         // tensor.dim, with tensor.splat (dimSplat)
	kindTensorCast  // a cast of the shape only, at the results
	kindBespoke     // data movement with attributes of its own (move_gen_test.go)
	kindTerminator  // func.return: in every program
	kindCall        // func.call: the entry point of a private function
	kindContraction // matmul, dot_general, einsum (contract_gen_test.go)
	kindTest        // MLIR's test dialect: verifier tests, no semantics
	kindControl     // regions and branches (scf, cf): codegen lowers scf's (test/scf/native.test runs them against NumPy), refuses the others; the generator draws single ops, not regions
	kindExpanded    // defined by expansion into other ops (ir.Expand), not drawn itself
)

var kindNames = map[opKind]string{kindElementwise: "elementwise", kindCmp: "comparison", kindSelect: "select", kindCast: "cast",
	kindPair: "two-result", kindReduce: "reduction", kindConst: "constant", kindReshape: "reshape", kindConcat: "concatenation",
	kindDim: "tensor.dim", kindTensorCast: "tensor cast", kindBespoke: "data movement", kindTerminator: "terminator",
	kindCall: "call", kindContraction: "contraction", kindTest: "test dialect", kindControl: "regions or their terminators, run by test/scf, test/tensor and test/linalg",
	kindExpanded: "expanded into other ops",
	kindNone:     "unknown"}

type opStyle int

const (
	sameStyle opStyle = iota
	bcastStyle
	rankStyle
)

// bespoke are the data-movement ops with attributes or shapes of their
// own, and the emitter that draws each (move_gen_test.go).
var bespoke map[string]func(g *gen, x *value)

func init() {
	bespoke = map[string]func(g *gen, x *value){
		"tir.transpose":        (*gen).transpose,
		"tir.slice":            (*gen).slice,
		"tir.iota":             (*gen).iota,
		"tir.broadcast_in_dim": (*gen).broadcastInDim,
		"tensor.splat":         (*gen).dimSplat,
		"linalg.generic":       (*gen).linalgGeneric, // linalg_gen_test.go
		"linalg.map":           (*gen).linalgMap,
		"linalg.reduce":        (*gen).linalgReduce,
		// tensor_gen_test.go: on tensors of rank 1 or more (2 to collapse)
		"tensor.extract_slice":  onRanked(1, (*gen).extractSlice),
		"tensor.insert_slice":   onRanked(1, (*gen).insertSlice),
		"tensor.empty":          onRanked(1, (*gen).fillEmpty),
		"tensor.collapse_shape": onRanked(2, (*gen).collapse),
		"tensor.expand_shape":   onRanked(1, (*gen).expand),
		"tensor.extract":        onRanked(1, (*gen).elements),
		"tensor.insert":         onRanked(1, (*gen).elements),
		"tensor.from_elements":  onRanked(1, (*gen).elements),
	}
	opTable = buildOpTable()
}

// exactKernels are computed exactly, or correctly rounded, by both libm
// or LLVM and Go's math (eval): their float results are compared exactly.
// The others (exp, log, tanh, pow, ...) may differ by an ulp; a kernel not
// listed counts as one of those.
var exactKernels = []ir.Kernel{ir.KernelAdd, ir.KernelSub, ir.KernelMul, ir.KernelDiv, ir.KernelRem, ir.KernelMax, ir.KernelMin,
	ir.KernelAnd, ir.KernelOr, ir.KernelXor, ir.KernelCmp, ir.KernelSelect, ir.KernelNeg, ir.KernelAbs, ir.KernelSqrt,
	ir.KernelConvert, ir.KernelIdentity, ir.KernelFloorDiv, ir.KernelFloorRem, ir.KernelCeilDiv, ir.KernelShl, ir.KernelShr,
	ir.KernelAddCarry, ir.KernelMulHigh, ir.KernelMaxNum, ir.KernelMinNum, ir.KernelCast, ir.KernelBitcast, ir.KernelCeil,
	ir.KernelFloor, ir.KernelRound, ir.KernelRoundEven, ir.KernelTrunc, ir.KernelCopySign, ir.KernelCtlz, ir.KernelCttz,
	ir.KernelCtpop, ir.KernelRecip, ir.KernelNot, ir.KernelClamp, ir.KernelMulShift, ir.KernelShrRound, ir.KernelCastRound}

// castKernels give another element type than their operand's.
var castKernels = []ir.Kernel{ir.KernelConvert, ir.KernelCast, ir.KernelBitcast, ir.KernelCastRound}

// discreteKernels jump for an ulp of a float operand (a comparison, a
// rounding, a remainder): they only take exact operands, so that an
// approximate value never decides a whole result.
var discreteKernels = []ir.Kernel{ir.KernelCmp, ir.KernelRem, ir.KernelFloorDiv, ir.KernelFloorRem, ir.KernelCeilDiv,
	ir.KernelCeil, ir.KernelFloor, ir.KernelRound, ir.KernelRoundEven, ir.KernelTrunc, ir.KernelBitcast}

func approxKernel(k ir.Kernel) bool   { return !slices.Contains(exactKernels, k) }
func discreteKernel(k ir.Kernel) bool { return slices.Contains(discreteKernels, k) }

// kernelAttrs are the attributes an elementwise op of a kernel needs
// beyond its operands (TOSA's clamp bounds, mul's shift, the rounding of
// arithmetic_right_shift).
var kernelAttrs = map[ir.Kernel]func(g *gen, e *ir.Scalar) string{
	ir.KernelClamp: func(g *gen, e *ir.Scalar) string {
		lo, hi := -g.rng.IntN(50), g.rng.IntN(100) // k.5 is exact in every float type
		ft := "f32"
		if e.IsFloat() {
			ft = e.String()
		}
		return fmt.Sprintf("min_int = %d : i64, max_int = %d : i64, min_fp = %d.5 : %s, max_fp = %d.5 : %s", lo, hi, lo, ft, hi, ft)
	},
	ir.KernelMulShift: func(g *gen, e *ir.Scalar) string {
		shift := 0
		if e == ir.I32 && g.chance(2) {
			shift = g.rng.IntN(8)
		}
		return fmt.Sprintf("shift = %d : i8", shift)
	},
	ir.KernelShrRound: func(g *gen, e *ir.Scalar) string { return fmt.Sprintf("round = %t", g.chance(2)) },
}

// tirPreds are the values of a string `predicate` attribute (tir.cmp);
// ops with an enum predicate (arith) list theirs in their row.
var tirPreds = []string{"eq", "ne", "lt", "le", "gt", "ge"}

// opTable is every registered op, sorted into kinds, with its element
// types.
var opTable []*genOp

func buildOpTable() []*genOp {
	var ops []*genOp
	for _, d := range ir.RegisteredOps() {
		op := &genOp{def: d, name: d.Name, family: d.Dialect(), to: map[*ir.Scalar][]*ir.Scalar{}}
		op.kind = kindOf(d)
		switch {
		case d.Has(traits.Broadcastable) && d.Has(traits.SameOperandsAndResultRank):
			op.style = rankStyle
		case d.Has(traits.Broadcastable):
			op.style = bcastStyle
		}
		op.probeElems()
		ops = append(ops, op)
	}
	return ops
}

// kindOf sorts a registered op by its traits, kernels and reduction.
func kindOf(d *ir.OpDef) opKind {
	k := d.KernelOf(0)
	switch {
	case d.Dialect() == "test":
		return kindTest
	case d.Regions != 0 && bespoke[d.Name] != nil:
		return kindBespoke // linalg's ops with a body
	case ir.HasExpansion(d.Name) && k == ir.KernelNone:
		return kindExpanded // linalg's named ops (test/linalg/named-native.test)
	case d.Regions != 0 || d.Has(traits.Terminator) && !d.Has(traits.HasParentFunc):
		// an op with regions, or the terminator of a region's block:
		// scf's are lowered and tested in test/scf, the others refused
		// (test/codegen/regions-refused.mlir)
		return kindControl
	case d.Reduce.Info().Accumulate:
		return kindContraction
	case d.Has(traits.Terminator):
		return kindTerminator
	case d.Has(traits.Call):
		return kindCall
	case d.Has(traits.ConstantLike):
		return kindConst
	case d.Reduce != ir.ReduceNone:
		return kindReduce
	case d.Has(traits.Reshape):
		return kindReshape
	case d.Has(traits.Concatenate):
		return kindConcat
	case d.Has(traits.ShapedDim):
		return kindDim
	case bespoke[d.Name] != nil:
		return kindBespoke
	case d.Has(traits.Cast) && k == ir.KernelNone:
		return kindTensorCast
	case len(d.Kernels) == 2:
		return kindPair
	case k == ir.KernelCmp:
		return kindCmp
	case k == ir.KernelSelect:
		return kindSelect
	case slices.Contains(castKernels, k):
		return kindCast
	case k != ir.KernelNone && k.Arity() > 0:
		return kindElementwise
	}
	return kindNone
}

// probe parses and verifies one instance of op name on arguments of types
// ins with results outs, and returns it when it verifies and its kernels
// compute on its element type (the checks codegen relies on).
func probe(name, attrs string, ins, outs []ir.Type) *ir.Op {
	if m := probeModule(name, attrs, ins, outs); m != nil {
		return m.Funcs[0].First()
	}
	return nil
}

// probeModule is probe's instance, in a module of its own.
func probeModule(name, attrs string, ins, outs []ir.Type) *ir.Module {
	var params, args, its, ots []string
	for i, t := range ins {
		params = append(params, fmt.Sprintf("%%a%d: %s", i, tstr(t)))
		args = append(args, fmt.Sprintf("%%a%d", i))
		its = append(its, tstr(t))
	}
	for _, t := range outs {
		ots = append(ots, tstr(t))
	}
	res, rets := "%r", "%r"
	if len(outs) > 1 {
		res, rets = fmt.Sprintf("%%r:%d", len(outs)), "%r#0, %r#1"
	}
	if attrs != "" {
		attrs = " {" + attrs + "}"
	}
	text := fmt.Sprintf("func.func @p(%s) -> (%s) {\n  %s = \"%s\"(%s)%s : (%s) -> (%s)\n  return %s : %s\n}\n",
		strings.Join(params, ", "), strings.Join(ots, ", "), res, name, strings.Join(args, ", "), attrs,
		strings.Join(its, ", "), strings.Join(ots, ", "), rets, strings.Join(ots, ", "))
	m, d := asm.ParseString(text, asm.ParseOptions{})
	if d != nil || ir.Verify(m, ir.VerifyOptions{}).HasErrors() {
		return nil
	}
	if ir.KernelDomainError(m.Funcs[0].First()) != "" {
		return nil
	}
	return m
}

func repeat(t ir.Type, n int) []ir.Type {
	ts := make([]ir.Type, n)
	for i := range ts {
		ts[i] = t
	}
	return ts
}

// probeElems fills op.to (and nIn) by probing each element type.
func (op *genOp) probeElems() {
	d := op.def
	for _, e := range allElems {
		t := ir.Tensor(e, 2)
		var outs []*ir.Scalar
		switch op.kind {
		case kindElementwise, kindCmp:
			r := e
			attrs := ""
			if op.kind == kindCmp {
				r = ir.I1
				attrs = op.predicate(nil)
			}
			if f := kernelAttrs[d.Kernel]; f != nil {
				attrs = f(&gen{rng: rand.New(rand.NewPCG(1, 1))}, e)
			}
			for n := max(d.KernelOf(0).Arity(), 1); n >= 1 && op.nIn == 0; n-- {
				if probe(op.name, attrs, repeat(t, n), []ir.Type{ir.Tensor(r, 2)}) != nil {
					op.nIn = n
				}
			}
			if op.nIn > 0 && probe(op.name, attrs, repeat(t, op.nIn), []ir.Type{ir.Tensor(r, 2)}) != nil {
				outs = []*ir.Scalar{r}
			}
		case kindSelect:
			if probe(op.name, "", []ir.Type{ir.Tensor(ir.I1, 2), t, t}, []ir.Type{t}) != nil {
				outs = []*ir.Scalar{e}
			}
		case kindCast:
			for _, r := range allElems {
				if r != e && probe(op.name, "", []ir.Type{t}, []ir.Type{ir.Tensor(r, 2)}) != nil {
					outs = append(outs, r)
				}
			}
		case kindPair:
			for _, r := range []*ir.Scalar{e, ir.I1} {
				if probe(op.name, "", []ir.Type{t, t}, []ir.Type{t, ir.Tensor(r, 2)}) != nil {
					outs = []*ir.Scalar{r}
					break
				}
			}
		case kindReduce:
			if d.Dialect() == "tosa" {
				if probe(op.name, "axis = 0 : i32", []ir.Type{t}, []ir.Type{ir.Tensor(e, 1)}) != nil {
					outs = []*ir.Scalar{e}
				}
				break
			}
			r := e
			if d.Reduce.Info().Index {
				r = ir.I64
			}
			if probe(op.name, "dims = array<i64: 0>", []ir.Type{t}, []ir.Type{ir.Tensor(r)}) != nil {
				outs = []*ir.Scalar{r}
			}
		case kindConst:
			rt := ir.Tensor(e, 2)
			dense := eval.New(e, 2).ToDense(rt).String()
			if probe(op.name, "value = "+dense, nil, []ir.Type{rt}) != nil {
				outs = []*ir.Scalar{e}
			}
		case kindReshape:
			out := []ir.Type{ir.Tensor(e, 2, 1)}
			switch {
			case probe(op.name, "", []ir.Type{t}, out) != nil:
				outs = []*ir.Scalar{e}
			case probe(op.name, "new_shape = array<i64: 2, 1>", []ir.Type{t}, out) != nil:
				outs, op.shapeAttr = []*ir.Scalar{e}, true
			}
		case kindContraction:
			outs = contractElems(op.name, e)
		default:
			outs = []*ir.Scalar{e} // drawn on any element type; the emitter knows
		}
		if len(outs) > 0 {
			op.to[e] = outs
		}
	}
}

// predicate is the `predicate` attribute of a comparison: one of the
// row's enum values, one of tir's names, or none (tosa.greater).
func (op *genOp) predicate(rng *rand.Rand) string {
	pick := func(n int) int {
		if rng == nil {
			return 0
		}
		return rng.IntN(n)
	}
	switch {
	case len(op.def.Predicates) > 0:
		return fmt.Sprintf("predicate = %d : i64", pick(len(op.def.Predicates)))
	case op.def.Has(traits.Broadcastable) && !op.def.Has(traits.SameOperandsAndResultRank):
		return fmt.Sprintf("predicate = %q", tirPreds[pick(len(tirPreds))])
	}
	return ""
}

// drawable reports whether the generator draws op: every op codegen
// lowers, on at least one element type.
func (op *genOp) drawable() bool {
	switch op.kind {
	case kindTest, kindControl, kindExpanded, kindNone:
		return false
	}
	return len(op.to) > 0
}

// accepts reports whether op computes on operands of element type e.
func (op *genOp) accepts(e *ir.Scalar) bool { return len(op.to[e]) > 0 }

func (op *genOp) kernel() ir.Kernel { return op.def.KernelOf(0) }

// opsWhere returns the drawable ops for which keep is true.
func opsWhere(keep func(op *genOp) bool) []*genOp {
	var out []*genOp
	for _, op := range opTable {
		if op.drawable() && keep(op) {
			out = append(out, op)
		}
	}
	return out
}

// drawn counts the ops the generator chose, over all the programs of the
// test, so that each choice goes to an op drawn least so far: every op of
// the table then runs natively (checkOpCoverage).
var drawn = map[string]int{}

// leastDrawnOp picks one of ops drawn least so far, at random among ties,
// and counts it.
func leastDrawnOp(rng *rand.Rand, ops []*genOp) *genOp {
	var best []*genOp
	for _, op := range ops {
		switch {
		case len(best) == 0 || drawn[op.name] < drawn[best[0].name]:
			best = []*genOp{op}
		case drawn[op.name] == drawn[best[0].name]:
			best = append(best, op)
		}
	}
	if len(best) == 0 {
		return nil
	}
	op := best[rng.IntN(len(best))]
	drawn[op.name]++
	return op
}

// undrawn reports whether a drawable op has not been drawn yet.
func undrawn() bool {
	return slices.ContainsFunc(opTable, func(op *genOp) bool { return op.drawable() && drawn[op.name] == 0 })
}

// drawOp adds op on x, or on a value of x's shape whose element type op
// takes.
func (g *gen) drawOp(op *genOp, x *value) {
	switch op.kind {
	case kindElementwise, kindCmp:
		g.elementwise(op, x)
	case kindSelect:
		g.selectOp(op, x)
	case kindCast:
		g.cast(op, x)
	case kindPair:
		g.pair(op, x)
	case kindReduce:
		g.reduce(op, x)
	case kindConst:
		g.newConstOf(op, g.fit(op, x.elem()), g.subShape(x.shape), false)
	case kindReshape:
		g.reshape(op, x)
	case kindConcat:
		g.concat(x)
	case kindDim:
		g.dimSplat(x)
	case kindTensorCast:
		g.tensorCast(x)
	case kindBespoke:
		bespoke[op.name](g, x)
	case kindContraction:
		g.contract(op, x)
	case kindTerminator, kindCall:
		g.binary(x) // drawn by every program (generate)
	}
}

// fit is e when op takes it, else an element type op takes, at random
// (of the same kind of number when there is one).
func (g *gen) fit(op *genOp, e *ir.Scalar) *ir.Scalar {
	if op.accepts(e) {
		return e
	}
	var same, any []*ir.Scalar
	for _, t := range allElems {
		if op.accepts(t) {
			any = append(any, t)
			if t.IsFloat() == e.IsFloat() {
				same = append(same, t)
			}
		}
	}
	if len(same) > 0 {
		return same[g.rng.IntN(len(same))]
	}
	return any[g.rng.IntN(len(any))]
}

// operandFor is x when op takes its element type (and x is exact when
// exact), else a new argument of x's shape that op takes.
func (g *gen) operandFor(op *genOp, x *value, exact bool) *value {
	if op.accepts(x.elem()) && !(exact && x.approx) {
		return x
	}
	return g.newArg(g.fit(op, x.elem()), slices.Clone(x.shape), false)
}

// peer is another operand of element type e for op alongside x: of a
// shape broadcasting with x's as the op's style allows.
func (g *gen) peer(op *genOp, x *value, e *ir.Scalar, exact, nonzero bool) *value {
	switch op.style {
	case bcastStyle:
		if nonzero && e.IsInt() {
			return g.divisor(e, x.shape, x.typ.Shape)
		}
		return g.operand(e, x.shape, x.typ.Shape, exact)
	case rankStyle:
		return g.rankPeer(x, e, exact, nonzero)
	}
	if e != x.elem() {
		return g.newArg(e, slices.Clone(x.shape), nonzero)
	}
	return g.sameAs(x, exact, nonzero)
}

// resultOf is the declared result type of op on operands, of element type
// e, and its shape in the base call.
func (g *gen) resultOf(op *genOp, e *ir.Scalar, operands ...*value) (*ir.TensorType, []int64) {
	switch op.style {
	case bcastStyle, rankStyle:
		return g.bcastResult(e, operands...)
	}
	x := operands[len(operands)-1]
	return ir.WithElem(x.typ, e).(*ir.TensorType), slices.Clone(x.shape)
}

// elementwise adds an elementwise op (or comparison) on x and operands
// of its style.
func (g *gen) elementwise(op *genOp, x *value) {
	k := op.kernel()
	divides := k.IntDivision()
	exact := discreteKernel(k) || divides
	a := g.operandFor(op, x, exact)
	e := a.elem()
	operands := []*value{a}
	for i := 1; i < op.nIn; i++ {
		operands = append(operands, g.peer(op, a, e, exact, divides && i == 1))
	}
	if op.nIn == 2 && !divides && !approxKernel(k) && op.style != sameStyle && g.chance(2) {
		operands[0], operands[1] = operands[1], operands[0]
	}
	attrs := ""
	if op.kind == kindCmp {
		attrs = op.predicate(g.rng)
	} else if f := kernelAttrs[op.def.Kernel]; f != nil {
		attrs = f(g, e)
	}
	rt, act := g.resultOf(op, op.to[e][0], operands...)
	v := g.emit(op.name, operands, attrs, rt, act)
	if approxKernel(k) {
		v.approx, g.trans = true, true
	}
	if k == ir.KernelNeg || k == ir.KernelAbs {
		v.nonzero = a.nonzero
	}
}

// selectOp adds a select between x and a peer, by a condition of the
// op's style.
func (g *gen) selectOp(op *genOp, x *value) {
	a := g.operandFor(op, x, false)
	e := a.elem()
	b := g.peer(op, a, e, false, false)
	if g.chance(2) {
		a, b = b, a
	}
	var c *value
	switch op.style {
	case sameStyle:
		if a.scalar {
			c = g.scalarOf(ir.I1, nil)
			if !ir.TypeEqual(a.typ, b.typ) {
				b = g.sameAs(a, false, false)
			}
			break
		}
		ct := ir.WithElem(a.typ, ir.I1).(*ir.TensorType)
		for _, v := range g.pool {
			if ir.TypeEqual(v.typ, ct) && slices.Equal(v.shape, a.shape) {
				c = v
			}
		}
		if c == nil {
			c = g.newArgOfType(ct, a.shape, false)
		}
		if !ir.TypeEqual(a.typ, b.typ) {
			b = g.sameAs(a, false, false)
		}
	case rankStyle:
		c = g.rankPeer(a, ir.I1, true, false)
	default:
		c = g.condition(a, b)
	}
	rt, act := g.resultOf(op, e, c, a, b)
	if op.style == bcastStyle {
		if _, _, ok := traits.InferResultShape([]ir.Type{c.typ, a.typ, b.typ}); !ok {
			return
		}
	}
	g.emit(op.name, []*value{c, a, b}, "", rt, act)
}

// condition is an i1 value broadcasting with x and y: one in the pool, a
// comparison of them, or a new argument.
func (g *gen) condition(x, y *value) *value {
	act := bcast(x.shape, y.shape)
	decl := bcast(x.typ.Shape, y.typ.Shape)
	for _, v := range g.pool {
		if v.elem() == ir.I1 && v != x && v != y {
			if _, ok := traits.InferShape(v.shape, act); !ok {
				continue
			}
			if _, ok := traits.InferShape(v.typ.Shape, decl); ok && g.chance(2) {
				return v
			}
		}
	}
	if !x.approx && !y.approx && g.chance(2) {
		cmps := opsWhere(func(op *genOp) bool { return op.kind == kindCmp && op.style == bcastStyle && op.accepts(x.elem()) })
		if len(cmps) > 0 {
			op := cmps[g.rng.IntN(len(cmps))]
			return g.emit(op.name, []*value{x, y}, op.predicate(g.rng), g.resultType(ir.I1, decl, act), act)
		}
	}
	return g.newArg(ir.I1, g.subShape(act), false)
}

// cast adds a cast of x (or of a value op takes) to an element type op
// gives: not to an integer (or a bitcast) from an approximate float,
// whose value an ulp could change wholly.
func (g *gen) cast(op *genOp, x *value) {
	a := g.operandFor(op, x, false)
	var to []*ir.Scalar
	for _, r := range op.to[a.elem()] {
		if !a.approx || r.IsFloat() && !discreteKernel(op.kernel()) {
			to = append(to, r)
		}
	}
	if len(to) == 0 {
		a = g.operandFor(op, g.newArg(a.elem(), slices.Clone(a.shape), false), false)
		to = op.to[a.elem()]
	}
	g.castTo(op, a, to[g.rng.IntN(len(to))])
}

func (g *gen) castTo(op *genOp, a *value, r *ir.Scalar) *value {
	v := g.emit(op.name, []*value{a}, "", ir.WithElem(a.typ, r).(*ir.TensorType), slices.Clone(a.shape))
	v.approx = a.approx
	return v
}

// convert is x converted to element type e by a cast of x's family
// drawn least so far.
func (g *gen) convert(x *value, e *ir.Scalar) *value {
	ops := opsWhere(func(op *genOp) bool {
		return op.kind == kindCast && op.family == "tir" && slices.Contains(op.to[x.elem()], e)
	})
	if op := leastDrawnOp(g.rng, ops); op != nil {
		return g.castTo(op, x, e)
	}
	return g.newArg(e, slices.Clone(x.shape), false)
}

// pair adds an op with two results on x and a value of its type.
func (g *gen) pair(op *genOp, x *value) {
	a := g.operandFor(op, x, false)
	b := g.sameAs(a, false, false)
	t1 := ir.WithElem(a.typ, op.to[a.elem()][0]).(*ir.TensorType)
	text := fmt.Sprintf("\"%s\"(%s, %s) : (%s, %s) -> (%s, %s)", op.name, a.name, b.name, tstr(a.decl()), tstr(b.decl()), tstr(a.decl()), tstr(declOf(t1, a.scalar)))
	g.emitPair(text, op.name, a.typ, t1, a.shape, a.scalar, a, b)
}

func declOf(t *ir.TensorType, scalar bool) ir.Type {
	if scalar {
		return t.Elem
	}
	return t
}

// tensorCast casts x's declared type to another compatible one.
func (g *gen) tensorCast(x *value) *value {
	ct := g.declare(x.elem(), x.shape, 2)
	return g.emitShort(fmt.Sprintf("tensor.cast %s : %s to %s", x.name, tstr(x.typ), tstr(ct)), "tensor.cast", ct, x.shape, x)
}

// checkOpCoverage returns the registered ops codegen lowers that no
// program drew, each with its kind, and the ops left out with why.
func checkOpCoverage(ops map[string]int) (missing, left []string) {
	for _, op := range opTable {
		switch {
		case op.kind == kindTest || op.kind == kindControl || op.kind == kindExpanded:
			left = append(left, fmt.Sprintf("%s (%s)", op.name, kindNames[op.kind]))
		case ops[op.name] == 0:
			why := kindNames[op.kind]
			if len(op.to) == 0 {
				why += ", no element type verifies"
			}
			missing = append(missing, fmt.Sprintf("%s (%s)", op.name, why))
		}
	}
	sort.Strings(missing)
	return missing, left
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

// rankPeer is a value of element type e and x's rank broadcasting with x
// (TOSA's operands broadcast between equal ranks, SPEC 3c)
// (its dims or 1): one in the pool, or a new argument or constant.
func (g *gen) rankPeer(x *value, e *ir.Scalar, exact, nonzero bool) *value {
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

// bcastResult is the declared result of a broadcasting op on
// operands, and its shape in the base call.
func (g *gen) bcastResult(e *ir.Scalar, operands ...*value) (*ir.TensorType, []int64) {
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

// checkUnlowered fails when codegen lowers an op the generator leaves out
// (one it does not draw, test dialect aside): the generator must then
// draw it.
func checkUnlowered(t *testing.T) {
	for _, op := range opTable {
		if op.drawable() || op.kind == kindTest || op.kind == kindControl || op.kind == kindExpanded {
			continue
		}
		// a matrix product of 2x3 and 3x4, where the op takes that form
		a, b, r := ir.Tensor(ir.F32, 2, 3), ir.Tensor(ir.F32, 3, 4), ir.Tensor(ir.F32, 2, 4)
		m := probeModule(op.name, contractProbes[op.name].attrs, []ir.Type{a, b}, []ir.Type{r})
		if m == nil {
			continue
		}
		if _, ds := codegen.Emit(m, codegen.DefaultOptions()); !ds.HasErrors() {
			t.Errorf("codegen lowers %s now: the generator must draw it (optable_test.go)", op.name)
		}
	}
}

// TestOpTableDrawsNewRow: a row added to a dialect's table is drawn, run
// through eval and lowered without editing the generator (here arith's
// maxnumf under another name), and the coverage check names the rows no
// program drew.
func TestOpTableDrawsNewRow(t *testing.T) {
	if ir.LookupOp("testgen.maxnumf") == nil {
		d := *ir.LookupOp("arith.maxnumf")
		d.Name = "testgen.maxnumf"
		ir.RegisterDialect("testgen", false)
		if err := ir.Register(&d); err != nil {
			t.Fatal(err)
		}
	}
	savedTable, savedDrawn := opTable, drawn
	defer func() { opTable, drawn = savedTable, savedDrawn }()
	opTable, drawn = buildOpTable(), map[string]int{}

	missing, _ := checkOpCoverage(nil)
	if !slices.Contains(missing, "testgen.maxnumf (elementwise)") || !slices.Contains(missing, "tosa.reshape (reshape)") {
		t.Errorf("with no program, the coverage check names %v", missing)
	}
	// every other row drawn once: the new one is the least drawn
	for _, op := range opTable {
		drawn[op.name] = 1
	}
	drawn["testgen.maxnumf"] = 0
	rng := rand.New(rand.NewPCG(1, 2))
	var src strings.Builder
	var p *program
	for i := 0; p == nil; i++ {
		if i == 50 {
			t.Fatal("testgen.maxnumf was not drawn in 50 programs")
		}
		q := generate(rng, fmt.Sprintf("f%d", i), false)
		src.WriteString(q.text)
		if q.ops["testgen.maxnumf"] > 0 {
			p = q
		}
	}
	m, pd := asm.ParseString(src.String(), asm.ParseOptions{})
	if pd != nil {
		t.Fatal(pd)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatal(ds)
	}
	if err := makeCalls(rng, p, m.Lookup(p.name)); err != nil {
		t.Errorf("eval: %v\n%s", err, p.text)
	}
	if _, ds := codegen.Emit(m, codegen.DefaultOptions()); ds.HasErrors() {
		t.Errorf("codegen: %v\n%s", ds, p.text)
	}
}
