package dialect

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The linalg named ops of SPEC 3e, in MLIR 19's custom forms (without
// their implicit region, as mlir-opt prints them) and generic form:
//
//	%0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
//	%transposed = linalg.transpose ins(%a : tensor<4x8xf32>) outs(%e : tensor<8x4xf32>) permutation = [1, 0]
//	%broadcasted = linalg.broadcast ins(%v : tensor<8xf32>) outs(%e : tensor<8x5xf32>) dimensions = [1]
//	%1 = linalg.fill ins(%cst : f32) outs(%e : tensor<4x16xf32>) -> tensor<4x16xf32>
//	%2 = linalg.elemwise_binary {fun = #linalg.binary_fn<mul>} ins(%a, %b : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
//
// Each row's loop description (namedLoops) is linalg's: iterator types
// and one map per operand, `ins` then `outs`; the verifier checks the
// operands against it with MLIR's messages. The ops compute by
// expansion into rows that have kernels (linalg_named_expand.go): the
// contractions become tir.matmul, accumulating into `outs` as linalg
// defines (C + A·B; nothing to add when `outs` is a tensor.empty, the
// fill value when it is a linalg.fill), the others tir's transposes,
// broadcasts and arith/math elementwise ops.

// Attributes of the named ops.
const (
	linalgPermutationAttr = "permutation"
	linalgDimensionsAttr  = "dimensions"
	linalgFunAttr         = "fun"
	linalgCastAttr        = "cast"
	operandSegmentsAttr   = "operandSegmentSizes"
)

// linalgUnaryFns and linalgBinaryFns are MLIR 19's UnaryFn and BinaryFn
// enums, in case order; the defaults are exp and add.
var (
	linalgUnaryFns  = []string{"exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round", "sqrt", "rsqrt", "square", "tanh", "erf"}
	linalgBinaryFns = []string{"add", "sub", "mul", "div", "div_unsigned", "max_signed", "min_signed", "max_unsigned", "min_unsigned", "powf"}
	linalgTypeFns   = []string{"cast_signed", "cast_unsigned"}
)

// namedSpec is what distinguishes one named op: its number of `ins`
// (one `outs` always), its loops, an op-specific verifier run before the
// structured checks, and the trailing attribute of its custom form.
type namedSpec struct {
	name, summary string
	ins           int
	iters         func(rank int) []ir.IterKind
	maps          func(op *ir.Op) [][]ir.DimMap // one per operand; nil when the types do not fit
	verify        func(op *ir.Op) *ir.Diagnostic
	trailing      string // "permutation" or "dimensions": printed after outs, no result types
	segments      bool   // operandSegmentSizes in the generic form
	cast          bool   // reads `cast` (#linalg.type_fn); the others cast signed
	fn            []string
	fixed         string // the elementwise function of linalg.add, linalg.exp, ...
	sig           string // a contraction's dims, einsum-like ("mk,kn->mn")
	resultName    string
}

// LinalgNamedOps is the table of linalg named ops.
var LinalgNamedOps = []*Op{
	contraction("linalg.matmul", "C + A·B: outs initialises the sum (2-d)", "mk,kn->mn", true),
	contraction("linalg.batch_matmul", "C + A·B per batch (3-d, batch first)", "bmk,bkn->bmn", false),
	contraction("linalg.matvec", "x + A·y: matrix times vector", "mk,k->m", false),
	contraction("linalg.vecmat", "y + x·A: vector times matrix", "k,kn->n", false),
	contraction("linalg.dot", "s + x·y: the inner product (0-d init)", "k,k->", false),
	contraction("linalg.batch_matvec", "x + A·y per batch", "bmk,bk->bm", false),
	contraction("linalg.matmul_transpose_a", "C + Aᵀ·B", "km,kn->mn", true),
	contraction("linalg.matmul_transpose_b", "C + A·Bᵀ", "mk,nk->mn", true),
	contraction("linalg.batch_matmul_transpose_a", "C + Aᵀ·B per batch", "bkm,bkn->bmn", false),
	contraction("linalg.batch_matmul_transpose_b", "C + A·Bᵀ per batch", "bmk,bnk->bmn", false),
	contraction("linalg.batch_reduce_matmul", "C + the sum over the batch of A·B", "bmk,bkn->mn", false),
	namedRow(namedSpec{name: "linalg.fill", summary: "every element of outs is the scalar (cast to its element type)", ins: 1, maps: elementwiseMaps, verify: verifyFillScalar, segments: true}),
	namedRow(namedSpec{name: "linalg.copy", summary: "outs = cast(ins)", ins: 1, maps: elementwiseMaps, segments: true, cast: true}),
	namedRow(namedSpec{name: "linalg.elemwise_unary", summary: "fun(cast(x)) per element (fun: #linalg.unary_fn, default exp)", ins: 1, maps: elementwiseMaps, segments: true, cast: true, fn: linalgUnaryFns, verify: verifyElemwiseFn}),
	namedRow(namedSpec{name: "linalg.elemwise_binary", summary: "fun(cast(x), cast(y)) per element (fun: #linalg.binary_fn, default add)", ins: 2, maps: elementwiseMaps, segments: true, cast: true, fn: linalgBinaryFns, verify: verifyElemwiseFn}),
	elementwise("linalg.add", "lhs + rhs", "add"), elementwise("linalg.sub", "lhs - rhs", "sub"),
	elementwise("linalg.mul", "lhs * rhs", "mul"), elementwise("linalg.div", "lhs / rhs (signed)", "div"),
	elementwise("linalg.div_unsigned", "lhs / rhs (unsigned)", "div_unsigned"), elementwise("linalg.max", "maximum (signed; NaN propagates)", "max_signed"),
	elementwise("linalg.min", "minimum (signed; NaN propagates)", "min_signed"), elementwise("linalg.powf", "lhs ** rhs", "powf"),
	elementwise("linalg.exp", "e^x", "exp"), elementwise("linalg.log", "natural log", "log"), elementwise("linalg.abs", "|x|", "abs"),
	elementwise("linalg.ceil", "x rounded up", "ceil"), elementwise("linalg.floor", "x rounded down", "floor"),
	elementwise("linalg.negf", "-x", "negf"), elementwise("linalg.reciprocal", "1 / x", "reciprocal"),
	elementwise("linalg.round", "x rounded, ties away from 0", "round"), elementwise("linalg.sqrt", "square root", "sqrt"),
	elementwise("linalg.rsqrt", "1 / sqrt(x)", "rsqrt"), elementwise("linalg.square", "x * x", "square"),
	elementwise("linalg.tanh", "hyperbolic tangent", "tanh"), elementwise("linalg.erf", "error function", "erf"),
	namedRow(namedSpec{name: "linalg.transpose", summary: "init dim i is input dim permutation[i]", ins: 1, maps: transposeMaps, verify: verifyLinalgTranspose, trailing: linalgPermutationAttr, resultName: "transposed"}),
	namedRow(namedSpec{name: "linalg.broadcast", summary: "input copied along the added init dims `dimensions`", ins: 1, maps: broadcastMaps, verify: verifyLinalgBroadcast, trailing: linalgDimensionsAttr, resultName: "broadcasted"}),
}

// contraction is the row of a contraction with the given dims; cast:
// whether it reads `cast` (MLIR 19's matmul family does).
func contraction(name, summary, sig string, cast bool) *Op {
	return namedRow(namedSpec{name: name, summary: summary, ins: 2, maps: contractMaps(sig), sig: sig, segments: true, cast: cast})
}

// elementwise is the row of one of MLIR 19's elementwise named ops,
// fun's function on two inputs or one.
func elementwise(name, summary, fun string) *Op {
	ins := 1
	if slices.Contains(linalgBinaryFns, fun) {
		ins = 2
	}
	return namedRow(namedSpec{name: name, summary: summary, ins: ins, maps: elementwiseMaps, segments: true, fixed: fun, verify: verifyElemwiseFn})
}

// namedOutputs constrains a named op's outs as MLIR's
// Variadic<AnyShaped>:$outputs does (the row's count is fixed, the words
// are ODS's).
var namedOutputs = Constraint{"variadic of " + AnyShaped.Desc, AnyShaped.Match}

// namedSpecs maps each row's name to its spec.
var namedSpecs = map[string]namedSpec{}

func namedRow(s namedSpec) *Op {
	namedSpecs[s.name] = s
	r := &Op{
		OpDef: ir.OpDef{
			Name: s.name, Summary: s.summary,
			Format:  namedForm(s),
			Regions: -1, // the implicit body: absent in the custom form, present in MLIR's generic one
			Loops:   namedLoops,
			Infer:   inferFromInit,
			Verify:  verifyNamed,
			// On tensors the ops have no side effects (they are
			// not lowered on memrefs).
			Traits: []*ir.Trait{traits.Pure},
		},
		Results: []Arg{{"result_tensors", rankedTensor, true}},
	}
	linalgFixedIns[s.name] = s.ins
	for i := range s.ins {
		r.Operands = append(r.Operands, Arg{fmt.Sprintf("input%d", i), AnyType, false})
	}
	r.Operands = append(r.Operands, Arg{"init", namedOutputs, false})
	if s.resultName != "" {
		name := s.resultName
		r.ResultName = func(*ir.Op) string { return name }
	}
	switch {
	case s.trailing != "":
		r.Inherent = []string{s.trailing}
		r.Attrs = []AttrSpec{{Name: s.trailing, Desc: "i64 dense array attribute", Check: I64ArrayAttr}}
	case s.segments:
		r.Inherent = []string{operandSegmentsAttr}
		if s.cast {
			r.Inherent = append(r.Inherent, linalgCastAttr)
		}
		if s.fn != nil {
			r.Inherent = append(r.Inherent, linalgFunAttr)
		}
		r.Defaults = []ir.NamedAttr{{Name: operandSegmentsAttr, Value: &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{int64(s.ins), 1}}}}
	}
	if s.fn != nil {
		r.Attrs = append(r.Attrs, enumAttr(linalgFunAttr, s.fn, "linalg."+strings.TrimPrefix(s.name, "linalg.elemwise_")+"_fn"))
	}
	if s.cast {
		r.Attrs = append(r.Attrs, enumAttr(linalgCastAttr, linalgTypeFns, "linalg.type_fn"))
	}
	return r
}

// enumAttr is an optional `#dialect.kind<case>` attribute, with MLIR's
// message for an enum attribute that is not one of the cases.
func enumAttr(name string, cases []string, kind string) AttrSpec {
	nums := make([]string, len(cases))
	for i := range cases {
		nums[i] = fmt.Sprint(i)
	}
	return AttrSpec{
		Name: name, Optional: true,
		Desc:  "allowed 32-bit signless integer cases: " + strings.Join(nums, ", "),
		Check: func(a ir.Attr) bool { return enumCase(a, kind, cases) >= 0 },
	}
}

// enumCase is the case of `#kind<case>` among cases, or -1.
func enumCase(a ir.Attr, kind string, cases []string) int {
	o, ok := a.(*ir.OpaqueAttr)
	if !ok {
		return -1
	}
	c, ok := strings.CutPrefix(o.Text, "#"+kind+"<")
	if !ok {
		return -1
	}
	c, ok = strings.CutSuffix(c, ">")
	if !ok {
		return -1
	}
	return slices.Index(cases, strings.TrimSpace(c))
}

// linalgFun is the op's fun case (its default when absent), or its
// fixed function.
func linalgFun(op *ir.Op) string {
	s := namedSpecs[op.Name]
	if s.fixed != "" {
		return s.fixed
	}
	kind := "linalg." + strings.TrimPrefix(op.Name, "linalg.elemwise_") + "_fn"
	if i := enumCase(op.Attr(linalgFunAttr), kind, s.fn); i >= 0 {
		return s.fn[i]
	}
	return s.fn[0]
}

// linalgCastUnsigned reports whether the op reads a `cast` and it is
// cast_unsigned.
func linalgCastUnsigned(op *ir.Op) bool {
	return namedSpecs[op.Name].cast && enumCase(op.Attr(linalgCastAttr), "linalg.type_fn", linalgTypeFns) == 1
}

// ---- loops ----

// contractMaps gives a contraction's maps from its einsum-like
// signature: output letters are the parallel loops in order, the other
// letters reduction loops.
func contractMaps(sig string) func(op *ir.Op) [][]ir.DimMap {
	lhs, out, _ := strings.Cut(sig, "->")
	letters := out
	for _, c := range lhs {
		if c != ',' && !strings.ContainsRune(letters, c) {
			letters += string(c)
		}
	}
	var maps [][]ir.DimMap
	for _, s := range append(strings.Split(lhs, ","), out) {
		var m []ir.DimMap
		for _, c := range s {
			m = append(m, ir.Dim(strings.IndexRune(letters, c)))
		}
		maps = append(maps, m)
	}
	return func(*ir.Op) [][]ir.DimMap { return maps }
}

// identityMaps maps rank dims to loops 0..rank-1.
func identityMaps(rank int) []ir.DimMap {
	m := make([]ir.DimMap, rank)
	for i := range m {
		m[i] = ir.Dim(i)
	}
	return m
}

// initRank is the rank of the op's init (its last operand), or -1.
func initRank(op *ir.Op) int {
	s, ranked := ir.MemRefOrShape(op.Operand(op.NumOperands() - 1).Type())
	if !ranked || !ir.IsShapedOrMemRef(op.Operand(op.NumOperands()-1).Type()) {
		return -1
	}
	return len(s)
}

// elementwiseMaps: identity maps of the init's rank for shaped operands,
// scalar (no dims) for the others (fill's value, a scalar operand of
// elemwise_binary).
func elementwiseMaps(op *ir.Op) [][]ir.DimMap {
	n := initRank(op)
	if n < 0 {
		return nil
	}
	maps := make([][]ir.DimMap, op.NumOperands())
	for i, v := range op.Operands() {
		maps[i] = []ir.DimMap{}
		if ir.IsShapedOrMemRef(v.Type()) {
			maps[i] = identityMaps(n)
		}
	}
	return maps
}

// transposeMaps: the input's dim permutation[i] is loop i.
func transposeMaps(op *ir.Op) [][]ir.DimMap {
	p, ok := op.Attr(linalgPermutationAttr).(*ir.DenseArrayAttr)
	n := initRank(op)
	if !ok || n < 0 || !isPermutation(p.Ints) || len(p.Ints) != n {
		return nil
	}
	in := make([]ir.DimMap, n)
	for i, d := range p.Ints {
		in[d] = ir.Dim(i)
	}
	return [][]ir.DimMap{in, identityMaps(n)}
}

// broadcastMaps: the input's dims are the init's dims not in dimensions,
// in order.
func broadcastMaps(op *ir.Op) [][]ir.DimMap {
	d, ok := op.Attr(linalgDimensionsAttr).(*ir.DenseArrayAttr)
	n := initRank(op)
	if !ok || n < 0 {
		return nil
	}
	var in []ir.DimMap
	for i := range n {
		if !slices.Contains(d.Ints, int64(i)) {
			in = append(in, ir.Dim(i))
		}
	}
	return [][]ir.DimMap{in, identityMaps(n)}
}

// namedLoops is the op's loop description, linalg's: one map per
// operand (ins, then outs) and one for the result, which is the init's.
// Loops not in the result's map are reductions.
func namedLoops(op *ir.Op) *ir.Loops {
	s, ok := namedSpecs[op.Name]
	if !ok || op.NumOperands() != s.ins+1 {
		return nil
	}
	maps := s.maps(op)
	if maps == nil {
		return nil
	}
	out := maps[len(maps)-1]
	n := len(out)
	for _, m := range maps {
		for _, d := range m {
			n = max(n, d.Loop+1)
		}
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, n), Operands: maps}
	for i := range l.Iter {
		if !slices.ContainsFunc(out, func(d ir.DimMap) bool { return d.Loop == i }) {
			l.Iter[i] = ir.Reduction
		}
	}
	for range op.NumResults() {
		l.Results = append(l.Results, out)
	}
	return l
}

// ---- verification ----

// inferFromInit: the result is the init's type.
func inferFromInit(op *ir.Op) []ir.Type {
	init := op.Operand(op.NumOperands() - 1).Type()
	if op.NumResults() != 1 || !isTensor(init) {
		return nil
	}
	return []ir.Type{init}
}

// verifyNamed checks, in MLIR's order, destination-passing style (one
// tensor result per tensor init, of its type), the op's own rules, then
// the operands' ranks and static sizes against the loops.
func verifyNamed(op *ir.Op) *ir.Diagnostic {
	s := namedSpecs[op.Name]
	if op.NumOperands() != s.ins+1 {
		return nil
	}
	initIdx := op.NumOperands() - 1
	init := op.Operand(initIdx).Type()
	tensors := 0
	if isTensor(init) {
		tensors = 1
	}
	if op.NumResults() != tensors {
		return op.Errorf("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)", op.NumResults(), tensors)
	}
	if tensors == 1 && !ir.TypeEqual(init, op.Result(0).Type()) {
		return op.Errorf("expected type of operand #%d ('%s') to match type of corresponding result ('%s')", initIdx, ir.TypeString(init), ir.TypeString(op.Result(0).Type()))
	}
	if d := verifyPureSemantics(op); d != nil {
		return d
	}
	for _, v := range op.Operands() {
		if _, ranked := ir.MemRefOrShape(v.Type()); !ranked && ir.IsShapedOrMemRef(v.Type()) {
			return nil // unranked: nothing to check against the maps
		}
	}
	if s.verify != nil {
		if d := s.verify(op); d != nil {
			return d
		}
	}
	return verifyNamedStructured(op, s)
}

// verifyNamedStructured is MLIR's verifyStructuredOpInterface: each operand's
// rank is its map's, and where every loop's extent is static (the first
// operand dim over the loop fixes it) each static operand size equals
// its loop's extent.
func verifyNamedStructured(op *ir.Op, s namedSpec) *ir.Diagnostic {
	maps := s.maps(op)
	if maps == nil {
		return nil
	}
	shapes := make([][]int64, op.NumOperands())
	for i, v := range op.Operands() {
		shapes[i], _ = ir.MemRefOrShape(v.Type())
		if !ir.IsShapedOrMemRef(v.Type()) {
			shapes[i] = nil
		}
		if len(shapes[i]) != len(maps[i]) {
			return op.Errorf("expected operand rank (%d) to match the result rank of indexing_map #%d (%d)", len(shapes[i]), i, len(maps[i]))
		}
	}
	l := namedLoops(op)
	ext := make([]int64, len(l.Iter))
	for i := range ext {
		ext[i] = ir.Dynamic
	}
	for i := len(ext) - 1; i >= 0; i-- {
	found:
		for k, m := range maps {
			for j, d := range m {
				if d.Loop == i {
					ext[i] = shapes[k][j]
					break found
				}
			}
		}
	}
	if slices.Contains(ext, ir.Dynamic) {
		return nil
	}
	for k, m := range maps {
		for j, d := range m {
			if sz := shapes[k][j]; sz > 0 && ext[d.Loop] != sz {
				return op.Errorf("inferred input/output operand #%d has shape's dimension #%d to be %d, but found %d", k, j, ext[d.Loop], sz)
			}
		}
	}
	return nil
}

// mlirDim prints a size as MLIR's verifiers do: a dynamic one is
// ShapedType::kDynamic, INT64_MIN.
func mlirDim(d int64) string {
	if d < 0 {
		return "-9223372036854775808"
	}
	return fmt.Sprint(d)
}

// sameElementAsInit: the body yields the input element unchanged, so
// the element types must agree (MLIR reports it at the implicit
// linalg.yield, in linalg.generic's words).
func sameElementAsInit(op *ir.Op) *ir.Diagnostic {
	in, out := shapedElem(op.Operand(0).Type()), shapedElem(op.Operand(1).Type())
	if !ir.TypeEqual(in, out) {
		return op.Errorf("type of yield operand 1 ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", ir.TypeString(in), ir.TypeString(out))
	}
	return nil
}

// verifyFillScalar: fill's value is a scalar (MLIR's FillOpInterface).
func verifyFillScalar(op *ir.Op) *ir.Diagnostic {
	if ir.IsShapedOrMemRef(op.Operand(0).Type()) {
		return ir.Errorf(op.Pos, "expected op with scalar input") // MLIR emits it without the op prefix
	}
	return nil
}

func verifyLinalgTranspose(op *ir.Op) *ir.Diagnostic {
	p, _ := op.Attr(linalgPermutationAttr).(*ir.DenseArrayAttr)
	if p == nil {
		return nil
	}
	// MLIR's isPermutationVector only refuses repeated values; values
	// out of range are refused below, with the same message.
	seen := map[int64]bool{}
	for _, x := range p.Ints {
		if seen[x] {
			return op.Errorf("permutation is not valid")
		}
		seen[x] = true
	}
	in, _ := ir.MemRefOrShape(op.Operand(0).Type())
	out, _ := ir.MemRefOrShape(op.Operand(1).Type())
	if len(in) != len(out) {
		return op.Errorf("input rank %d does not match init rank %d", len(in), len(out))
	}
	if len(in) != len(p.Ints) {
		return op.Errorf("size of permutation %d does not match the argument rank %d", len(p.Ints), len(in))
	}
	if !isPermutation(p.Ints) {
		return op.Errorf("permutation is not valid")
	}
	for i, d := range p.Ints {
		if in[d] != out[i] {
			return op.Errorf("dim(result, %d) = %s doesn't match dim(input, permutation[%d]) = %s", i, mlirDim(out[i]), i, mlirDim(in[d]))
		}
	}
	return sameElementAsInit(op)
}

func verifyLinalgBroadcast(op *ir.Op) *ir.Diagnostic {
	d, _ := op.Attr(linalgDimensionsAttr).(*ir.DenseArrayAttr)
	if d == nil {
		return nil
	}
	in, _ := ir.MemRefOrShape(op.Operand(0).Type())
	out, _ := ir.MemRefOrShape(op.Operand(1).Type())
	if len(in)+len(d.Ints) != len(out) {
		return op.Errorf("input rank plus added dimensions does not match init rank. input rank: %d, dimensions size: %d, init rank: %d", len(in), len(d.Ints), len(out))
	}
	for i, x := range d.Ints {
		if x < 0 || x >= int64(len(out)) {
			return op.Errorf("dimension %d is out of range. expected range: [0, %d], got: %d", i, len(out)-1, x)
		}
	}
	j := 0
	for i := range out {
		if slices.Contains(d.Ints, int64(i)) {
			continue
		}
		if in[j] != out[i] {
			return op.Errorf("input dim %d should match init dim %d. input: %s, init: %s", j, i, mlirDim(in[j]), mlirDim(out[i]))
		}
		j++
	}
	return sameElementAsInit(op)
}

// ---- custom form ----

// namedForm is the named ops' custom form:
//
//	[{attrs}] ins(%a, %b : A, B) outs(%c : C) [-> R]
//	ins(%a : A) outs(%c : C) permutation = [1, 0] [{attrs}]
//
// the second for the ops with a trailing attribute (transpose,
// broadcast), whose results are the tensor inits' types.
func namedForm(s namedSpec) *ir.Format {
	return &ir.Format{
		Name: "ins(%a : A) outs(%c : C)",
		Parse: func(p ir.OpParser) *ir.Op {
			if s.trailing == "" && !p.ParseOptionalAttrDict() {
				return nil
			}
			// Both clauses may be absent, as in MLIR: the operand count
			// check reports it, or for an op with a body (no trailing
			// attribute) the body's arguments once the types are read.
			ins, insOK := parseOperandClause(p, "ins", true)
			outs, outsOK := parseOperandClause(p, "outs", true)
			if !insOK || !outsOK {
				return nil
			}
			var results []ir.Type
			if s.trailing != "" {
				if !p.ParseOptionalKeyword(s.trailing) {
					p.ErrorExpected("expected '%s'", s.trailing)
					return nil
				}
				if !p.Parse("=", "expected '='") {
					return nil
				}
				ints, ok := parseIntArray(p)
				if !ok || !p.ParseOptionalAttrDict() {
					return nil
				}
				p.SetAttr(s.trailing, ir.I64Array(ints...))
				for _, t := range outs {
					if isTensor(t) {
						results = append(results, t)
					}
				}
			} else if p.ParseOptional("->") {
				if results = parseArrowTypes(p); results == nil {
					return nil
				}
			}
			if got := len(ins) + len(outs); got != s.ins+1 && s.trailing == "" {
				p.Errorf("[parseNamedStructuredOpRegion] ods-gen generated region expects %d args, got %d", s.ins+1, got)
				return nil
			}
			op := p.Build(append(ins, outs...), results)
			if op != nil {
				if body := namedBody(op); body != nil {
					op.AttachRegion(body)
				}
			}
			return op
		},
		Print: func(p ir.OpPrinter, op *ir.Op) bool {
			if op.NumOperands() != s.ins+1 || op.NumRegions() > 1 {
				return false
			}
			var trailing *ir.DenseArrayAttr
			if s.trailing != "" {
				d, ok := op.Attr(s.trailing).(*ir.DenseArrayAttr)
				if !ok || d.Elem != ir.I64 || op.NumResults() != boolInt(isTensor(op.Operand(s.ins).Type())) {
					return false
				}
				trailing = d
			} else {
				p.OptionalAttrDict(op.Attrs, operandSegmentsAttr, "linalg.memoized_indexing_maps")
			}
			printOperandClause(p, "ins", op.Operands()[:s.ins])
			printOperandClause(p, "outs", op.Operands()[s.ins:])
			if trailing != nil {
				p.Str(" " + s.trailing + " = [")
				for i, x := range trailing.Ints {
					if i > 0 {
						p.Str(", ")
					}
					p.Str(fmt.Sprint(x))
				}
				p.Str("] ")
				p.OptionalAttrDict(op.Attrs, s.trailing)
			} else if op.NumResults() > 0 {
				p.Str(" -> ")
				p.Types(op.ResultTypes())
			}
			return true
		},
	}
}

// parseArrowTypes reads the types after `->`: a list, or a list in
// parentheses (MLIR's parseOptionalArrowTypeList).
func parseArrowTypes(p ir.OpParser) []ir.Type {
	if !p.ParseOptional("(") {
		return p.ParseTypeList()
	}
	ts := p.ParseTypeList()
	if ts == nil || !p.Parse(")", "expected ')'") {
		return nil
	}
	return ts
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseOperandClause parses `kw(%a, %b : A, B)` and returns the types
// (nil after an error).
func parseOperandClause(p ir.OpParser, kw string, optional bool) ([]ir.Type, bool) {
	if !p.ParseOptionalKeyword(kw) {
		if optional {
			return nil, true
		}
		p.ErrorExpected("expected '%s'", kw)
		return nil, false
	}
	n := p.NumOperands()
	if !p.Parse("(", "expected '('") || !p.ParseOperands() || !p.Parse(":", "expected ':'") {
		return nil, false
	}
	at := p.Pos()
	ts := p.ParseTypeList()
	if ts == nil || !p.Parse(")", "expected ')'") {
		return nil, false
	}
	if got := p.NumOperands() - n; got != len(ts) {
		p.ErrorAt(at, "expected %d types, but got %d", got, len(ts))
		return nil, false
	}
	return ts, true
}

func printOperandClause(p ir.OpPrinter, kw string, vs []*ir.Value) {
	p.Str(" " + kw + "(")
	p.Operands(vs)
	p.Str(" : ")
	ts := make([]ir.Type, len(vs))
	for i, v := range vs {
		ts[i] = v.Type()
	}
	p.Types(ts)
	p.Str(")")
}

// parseIntArray parses `[1, 0]` (possibly empty).
func parseIntArray(p ir.OpParser) ([]int64, bool) {
	at := p.Pos()
	a, ok := p.ParseAttr().(ir.ArrayAttr)
	if !ok {
		if !p.Failed() {
			p.ErrorAt(at, "expected '[' and a list of integers")
		}
		return nil, false
	}
	out := []int64{}
	for _, x := range a {
		i, ok := x.(*ir.IntAttr)
		if !ok {
			p.ErrorAt(at, "expected integer value")
			return nil, false
		}
		out = append(out, i.Value)
	}
	return out, true
}
