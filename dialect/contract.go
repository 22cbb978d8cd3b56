package dialect

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The contractions of SPEC section 3d. Each is a row like any other op:
// its loop description has parallel loops for the result (batch, M, N,
// ...) and reduction loops for the contracted dims (K), one map per
// operand; its kernel multiplies the operands' elements at each
// iteration point and its Reduce kind, ir.ReduceContract, sums the
// products in the accumulator type in index order (integers wrap in the
// result type, f16/bf16 accumulate in f32). Eval, folding and infer-shapes
// read the row alone.
//
//	%c = tir.matmul %a, %b : (tensor<8x?x64xf32>, tensor<64x32xf32>) -> tensor<8x?x32xf32>
//	%d = tir.dot_general %a, %b {lhs_batching_dimensions = array<i64: 0>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 2>, rhs_contracting_dimensions = array<i64: 1>} : (tensor<8x4x64xi8>, tensor<8x64x32xi8>) -> tensor<8x4x32xi32>
//	%s = tir.einsum %q, %k {equation = "bhqd,bhkd->bhqk"} : (tensor<2x4x16x8xf32>, tensor<2x4x16x8xf32>) -> tensor<2x4x16x16xf32>
//	%t = tosa.matmul %a, %b {quantization_info = #tosa.matmul_quant<a_zp = 1, b_zp = -2>} : (tensor<1x3x4xi8>, tensor<1x4x5xi8>) -> tensor<1x3x5xi32>

// The contraction rows' attributes.
const (
	LhsBatchingAttr    = "lhs_batching_dimensions"
	RhsBatchingAttr    = "rhs_batching_dimensions"
	LhsContractingAttr = "lhs_contracting_dimensions"
	RhsContractingAttr = "rhs_contracting_dimensions"
	EquationAttr       = "equation"
	QuantInfoAttr      = "quantization_info"
)

// matmulSignature is NumPy's gufunc signature of matmul, in its messages.
const matmulSignature = "(n?,k),(k,m?)->(n?,m?)"

var (
	stringAttr = func(a ir.Attr) bool { _, ok := a.(ir.StringAttr); return ok }
	// tosa3D is MLIR 19's Tosa_Tensor3D: a 3-d (or unranked) tensor of
	// TOSA numbers.
	tosa3D = Constraint{"3-d tensor", func(t ir.Type) bool {
		s, ranked := ir.Shape(t)
		return isTensor(t) && (!ranked || len(s) == 3) && elemIs(t, tosaNumber)
	}}
	tosaQuant = AttrSpec{Name: QuantInfoAttr, Desc: "Attribute for MatMulOp quantization information.", Optional: true, Check: func(a ir.Attr) bool {
		_, _, ok := parseMatMulQuant(a)
		return ok
	}}
)

// ContractOps is the table of contractions.
var ContractOps = []*Op{
	aka(&Op{
		OpDef: ir.OpDef{
			Name: "tir.matmul", Summary: "NumPy matmul: ...xMxK @ ...xKxN -> ...xMxN, batch dims broadcast, rank-1 operands promoted",
			Format: FunctionalForm, Kernel: ir.KernelMul, Reduce: ir.ReduceContract,
			Traits:       []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Pure},
			Verify:       verifyMatmul,
			Infer:        traits.InferFromLoops,
			Loops:        matmulLoops,
			Canonicalize: unitContraction,
		},
		Operands: []Arg{{"lhs", intOrFloatTensor, false}, {"rhs", intOrFloatTensor, false}},
		Results:  []Arg{{"result", intOrFloatTensor, false}},
	}, "dot", "matrix_multiply"),
	{
		OpDef: ir.OpDef{
			Name: "tir.dot_general", Summary: "StableHLO dot_general: batch, then lhs free, then rhs free dims; the contracting dims summed",
			Format: FunctionalForm, Kernel: ir.KernelMul, Reduce: ir.ReduceContract,
			Traits:       []*ir.Trait{traits.SameOperandsElementType, traits.Pure},
			Verify:       verifyDotGeneral,
			Infer:        traits.InferFromLoops,
			Loops:        dotGeneralLoops,
			Canonicalize: firstOf(foldTransposedDotOperand, unitContraction),
		},
		Operands: []Arg{{"lhs", intOrFloatTensor, false}, {"rhs", intOrFloatTensor, false}},
		Results:  []Arg{{"result", intOrFloatTensor, false}},
		Attrs: []AttrSpec{
			{Name: LhsBatchingAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr, Optional: true},
			{Name: RhsBatchingAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr, Optional: true},
			{Name: LhsContractingAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr, Optional: true},
			{Name: RhsContractingAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr, Optional: true},
		},
	},
	{
		OpDef: ir.OpDef{
			Name: "tir.einsum", Summary: "NumPy einsum (explicit '->', no ellipsis): output indices parallel, the others summed",
			Format: FunctionalForm, Kernel: ir.KernelProduct, Reduce: ir.ReduceContract,
			Traits:       []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Pure},
			Verify:       verifyEinsum,
			Infer:        traits.InferFromLoops,
			Loops:        einsumLoops,
			Canonicalize: firstOf(foldTransposedEinsumOperand, unitContraction),
		},
		Operands: []Arg{{"inputs", intOrFloatTensor, true}},
		Results:  []Arg{{"result", intOrFloatTensor, false}},
		Attrs:    []AttrSpec{{Name: EquationAttr, Desc: "string attribute", Check: stringAttr}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tosa.matmul", Summary: "TOSA batch matmul [N,H,C] x [N,C,W] -> [N,H,W]; integers (a - a_zp) * (b - b_zp)",
			Format: FunctionalTypeForm, Kernel: ir.KernelProduct, Reduce: ir.ReduceContract, KernelArgs: tosaMatMulZeroPoints,
			Inherent:     []string{QuantInfoAttr},
			Traits:       []*ir.Trait{traits.Pure},
			Verify:       verifyTosaMatMul,
			Infer:        traits.InferFromLoops,
			Loops:        tosaMatMulLoops,
			Canonicalize: unitContraction,
		},
		Operands: []Arg{{"a", tosa3D, false}, {"b", tosa3D, false}},
		Results:  []Arg{{"c", tosa3D, false}},
		Attrs:    []AttrSpec{tosaQuant},
	},
}

// matmulLoops: the batch loops (the longer batch of the two, operands'
// batch dims right-aligned and broadcast), then M (unless the lhs has
// rank 1), then N (unless the rhs has rank 1), then the reduction K.
func matmulLoops(op *ir.Op) *ir.Loops {
	a, aok := tensorShape(op.Operand(0).Type())
	b, bok := tensorShape(op.Operand(1).Type())
	if !aok || !bok || len(a) == 0 || len(b) == 0 {
		return nil
	}
	ba, bb := max(len(a)-2, 0), max(len(b)-2, 0)
	nb := max(ba, bb)
	loop, m, n := nb, -1, -1
	if len(a) >= 2 {
		m, loop = loop, loop+1
	}
	if len(b) >= 2 {
		n, loop = loop, loop+1
	}
	k := loop
	l := &ir.Loops{Iter: make([]ir.IterKind, k+1), Operands: [][]ir.DimMap{{}, {}}, Results: [][]ir.DimMap{{}}}
	l.Iter[k] = ir.Reduction
	for j := range ba {
		l.Operands[0] = append(l.Operands[0], ir.BroadcastDim(nb-ba+j))
	}
	for j := range bb {
		l.Operands[1] = append(l.Operands[1], ir.BroadcastDim(nb-bb+j))
	}
	for j := range nb {
		l.Results[0] = append(l.Results[0], ir.Dim(j))
	}
	if m >= 0 {
		l.Operands[0] = append(l.Operands[0], ir.Dim(m))
		l.Results[0] = append(l.Results[0], ir.Dim(m))
	}
	l.Operands[0] = append(l.Operands[0], ir.Dim(k))
	l.Operands[1] = append(l.Operands[1], ir.Dim(k))
	if n >= 0 {
		l.Operands[1] = append(l.Operands[1], ir.Dim(n))
		l.Results[0] = append(l.Results[0], ir.Dim(n))
	}
	return l
}

// tensorShape is a ranked tensor type's shape.
func tensorShape(t ir.Type) ([]int64, bool) {
	s, ranked := ir.Shape(t)
	return s, ranked && isTensor(t)
}

func verifyMatmul(op *ir.Op) *ir.Diagnostic {
	for i := range 2 {
		if s, ok := tensorShape(op.Operand(i).Type()); ok && len(s) == 0 {
			return op.Errorf("matmul: Input operand %d does not have enough dimensions (has 0, gufunc core with signature %s requires 1)", i, matmulSignature)
		}
	}
	return verifyContractionShapes(op, matmulLoops(op))
}

// verifyContractionShapes checks the operands' and the result's static
// sizes against the op's loops: contracted sizes equal (NumPy's matmul
// message), batch sizes equal or broadcast, the result the inferred
// shape.
func verifyContractionShapes(op *ir.Op, l *ir.Loops) *ir.Diagnostic {
	if l == nil {
		return nil
	}
	shapes := make([][]int64, op.NumOperands())
	for i, v := range op.Operands() {
		shapes[i], _ = tensorShape(v.Type())
	}
	ext, err := l.Extents(shapes, nil)
	if err != nil {
		return op.Errorf("%s", contractionExtentMessage(l, err, shapes))
	}
	want := ir.ShapeOf(l.Results[0], ext)
	res := op.Result(0).Type()
	if got, ok := tensorShape(res); ok && !ir.CompatibleShapes(got, want) {
		return op.Errorf("inferred type(s) '%s' are incompatible with return type(s) of operation '%s'",
			ir.TypeString(ir.WithShape(res, want)), ir.TypeString(res))
	}
	return nil
}

// contractionExtentMessage explains two operand sizes that disagree on a
// loop: a contracted one in NumPy's matmul wording, a batch one as NumPy
// reports shapes that do not broadcast.
func contractionExtentMessage(l *ir.Loops, e *ir.ExtentError, shapes [][]int64) string {
	if l.Iter[e.Loop] == ir.Reduction && len(shapes) == 2 {
		return fmt.Sprintf("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature %s (size %d is different from %d)", matmulSignature, e.SizeB, e.SizeA)
	}
	var list []string
	for _, s := range shapes {
		list = append(list, ir.TupleShape(s))
	}
	return fmt.Sprintf("operands could not be broadcast together with shapes %s (%s has size %d, %s has size %d)", strings.Join(list, " "), e.A, e.SizeA, e.B, e.SizeB)
}

// DotDims are dot_general's four dimension lists.
type DotDims struct{ LhsBatch, RhsBatch, LhsContract, RhsContract []int64 }

// DotGeneralDims returns op's dimension lists (missing attributes: none).
func DotGeneralDims(op *ir.Op) DotDims {
	get := func(name string) []int64 {
		if d, ok := op.Attr(name).(*ir.DenseArrayAttr); ok && d.Elem == ir.I64 {
			return d.Ints
		}
		return nil
	}
	return DotDims{get(LhsBatchingAttr), get(RhsBatchingAttr), get(LhsContractingAttr), get(RhsContractingAttr)}
}

// dotDimsError checks the lists against the ranks with StableHLO's
// messages ("" when they hold).
func dotDimsError(d DotDims, lr, rr int) string {
	if len(d.LhsBatch) != len(d.RhsBatch) {
		return "lhs and rhs should have the same number of batching dimensions"
	}
	if len(d.LhsContract) != len(d.RhsContract) {
		return "lhs and rhs should have the same number of contracting dimensions"
	}
	check := func(side string, rank int, batch, contract []int64) string {
		seen := map[int64]bool{}
		for _, list := range []struct {
			name string
			dims []int64
		}{{side + "_batching_dimensions", batch}, {side + "_contracting_dimensions", contract}} {
			for _, x := range list.dims {
				if seen[x] {
					return fmt.Sprintf("has duplicated dimension from %s_batching_dimensions and %s_contracting_dimensions: %d", side, side, x)
				}
				seen[x] = true
				if x < 0 || x >= int64(rank) {
					return fmt.Sprintf("%s value: %d is out of range: [0, %d)", list.name, x, rank)
				}
			}
		}
		return ""
	}
	if msg := check("lhs", lr, d.LhsBatch, d.LhsContract); msg != "" {
		return msg
	}
	return check("rhs", rr, d.RhsBatch, d.RhsContract)
}

// dotGeneralLoops: the batch loops, the lhs's free dims in order, the
// rhs's, then one reduction loop per contracting pair.
func dotGeneralLoops(op *ir.Op) *ir.Loops {
	a, aok := tensorShape(op.Operand(0).Type())
	b, bok := tensorShape(op.Operand(1).Type())
	d := DotGeneralDims(op)
	if !aok || !bok || dotDimsError(d, len(a), len(b)) != "" {
		return nil
	}
	nb, nc := len(d.LhsBatch), len(d.LhsContract)
	la, lb := len(a)-nb-nc, len(b)-nb-nc
	n := nb + la + lb + nc
	l := &ir.Loops{Iter: make([]ir.IterKind, n), Operands: [][]ir.DimMap{make([]ir.DimMap, len(a)), make([]ir.DimMap, len(b))}}
	res := make([]ir.DimMap, nb+la+lb)
	for i := range res {
		res[i] = ir.Dim(i)
	}
	l.Results = [][]ir.DimMap{res}
	for i := nb + la + lb; i < n; i++ {
		l.Iter[i] = ir.Reduction
	}
	side := func(maps []ir.DimMap, batch, contract []int64, free int) {
		for j := range maps {
			switch bi, ci := slices.Index(batch, int64(j)), slices.Index(contract, int64(j)); {
			case bi >= 0:
				maps[j] = ir.Dim(bi)
			case ci >= 0:
				maps[j] = ir.Dim(nb + la + lb + ci)
			default:
				maps[j] = ir.Dim(free)
				free++
			}
		}
	}
	side(l.Operands[0], d.LhsBatch, d.LhsContract, nb)
	side(l.Operands[1], d.RhsBatch, d.RhsContract, nb+la)
	return l
}

func verifyDotGeneral(op *ir.Op) *ir.Diagnostic {
	in, out := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Result(0).Type())
	if in != nil && out != nil && (in.IsFloat() != out.IsFloat() || (!in.IsFloat() && (out.Bits() < in.Bits() || out.Signedness() != in.Signedness() || (in == ir.I1) != (out == ir.I1)))) {
		return op.Errorf("result element type '%s' cannot hold the products of '%s' elements (it may only widen)", ir.TypeString(out), ir.TypeString(in))
	}
	a, aok := tensorShape(op.Operand(0).Type())
	b, bok := tensorShape(op.Operand(1).Type())
	if !aok || !bok {
		return nil
	}
	d := DotGeneralDims(op)
	if msg := dotDimsError(d, len(a), len(b)); msg != "" {
		return op.Errorf("%s", msg)
	}
	for i := range d.LhsBatch {
		if x, y := a[d.LhsBatch[i]], b[d.RhsBatch[i]]; x >= 0 && y >= 0 && x != y {
			return op.Errorf("batching dimension sizes must match for lhs/rhs")
		}
	}
	for i := range d.LhsContract {
		if x, y := a[d.LhsContract[i]], b[d.RhsContract[i]]; x >= 0 && y >= 0 && x != y {
			return op.Errorf("contracting dimension sizes must match for lhs/rhs")
		}
	}
	return verifyContractionShapes(op, dotGeneralLoops(op))
}

// Einsum is a parsed einsum equation: each input's subscripts and the
// output's.
type Einsum struct {
	Inputs []string
	Output string
}

// ParseEinsum parses an explicit einsum equation for n operands of the
// given ranks (nil: unknown) with NumPy's messages.
func ParseEinsum(eq string, ranks []int) (Einsum, string) {
	eq = strings.ReplaceAll(eq, " ", "")
	if strings.Contains(eq, ".") {
		return Einsum{}, fmt.Sprintf("einsum equation '%s' uses an ellipsis, which is not supported", eq)
	}
	lhs, out, explicit := strings.Cut(eq, "->")
	if !explicit {
		return Einsum{}, fmt.Sprintf("einsum equation '%s' must give the output explicitly after '->'", eq)
	}
	for _, c := range strings.ReplaceAll(lhs, ",", "") + out {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			return Einsum{}, fmt.Sprintf("invalid subscript '%c' in einstein sum subscripts string, subscripts must be letters", c)
		}
	}
	e := Einsum{Inputs: strings.Split(lhs, ","), Output: out}
	switch {
	case len(e.Inputs) < len(ranks):
		return Einsum{}, "more operands provided to einstein sum function than specified in the subscripts string"
	case len(e.Inputs) > len(ranks):
		return Einsum{}, "fewer operands provided to einstein sum function than specified in the subscripts string"
	}
	for i, s := range e.Inputs {
		if ranks[i] >= 0 && len(s) != ranks[i] {
			return Einsum{}, fmt.Sprintf("einstein sum subscripts string contains %d subscripts for operand %d of rank %d", len(s), i, ranks[i])
		}
	}
	for i, c := range out {
		if strings.ContainsRune(out[i+1:], c) {
			return Einsum{}, fmt.Sprintf("einstein sum subscripts string includes output subscript '%c' multiple times", c)
		}
		if !strings.ContainsRune(lhs, c) {
			return Einsum{}, fmt.Sprintf("einstein sum subscripts string included output subscript '%c' which never appeared in an input", c)
		}
	}
	return e, ""
}

// einsumOf parses op's equation against its operands' ranks.
func einsumOf(op *ir.Op) (Einsum, string, bool) {
	eq, ok := op.Attr(EquationAttr).(ir.StringAttr)
	if !ok {
		return Einsum{}, "", false
	}
	ranks := make([]int, op.NumOperands())
	known := true
	for i, v := range op.Operands() {
		s, ok := tensorShape(v.Type())
		ranks[i] = len(s)
		if !ok {
			ranks[i], known = -1, false
		}
	}
	e, msg := ParseEinsum(string(eq), ranks)
	return e, msg, known
}

// einsumLoops: a parallel loop per output subscript in output order,
// then a reduction loop per other subscript in order of first
// appearance; every operand dim reads its subscript's loop and
// broadcasts when its size is 1 (NumPy's einsum), except the dims of a
// subscript repeated within one operand (a diagonal), which NumPy
// requires to be equal.
func einsumLoops(op *ir.Op) *ir.Loops {
	e, msg, known := einsumOf(op)
	if msg != "" || !known {
		return nil
	}
	letters := []rune(e.Output)
	for _, s := range e.Inputs {
		for _, c := range s {
			if !slices.Contains(letters, c) {
				letters = append(letters, c)
			}
		}
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, len(letters)), Results: [][]ir.DimMap{{}}}
	for i := len(e.Output); i < len(letters); i++ {
		l.Iter[i] = ir.Reduction
	}
	for _, s := range e.Inputs {
		maps := []ir.DimMap{}
		for _, c := range s {
			m := ir.BroadcastDim(slices.Index(letters, c))
			if strings.Count(s, string(c)) > 1 {
				m.Kind = ir.Exact // a diagonal: NumPy requires equal sizes
			}
			maps = append(maps, m)
		}
		l.Operands = append(l.Operands, maps)
	}
	for i := range e.Output {
		l.Results[0] = append(l.Results[0], ir.Dim(i))
	}
	return l
}

func verifyEinsum(op *ir.Op) *ir.Diagnostic {
	if n := op.NumOperands(); n < 1 || n > 4 {
		return op.Errorf("requires 1 to 4 operands, but got %d", n)
	}
	if _, msg, _ := einsumOf(op); msg != "" {
		return op.Errorf("%s", msg)
	}
	l := einsumLoops(op)
	if l == nil {
		return nil
	}
	shapes := make([][]int64, op.NumOperands())
	for i, v := range op.Operands() {
		shapes[i], _ = tensorShape(v.Type())
	}
	if _, err := l.Extents(shapes, nil); err != nil {
		return op.Errorf("operands could not be broadcast together with remapped shapes: %v", err)
	}
	return verifyContractionShapes(op, l)
}

// tosaMatMulLoops: N, H, W parallel, C the reduction; no broadcasting.
func tosaMatMulLoops(op *ir.Op) *ir.Loops {
	a, aok := tensorShape(op.Operand(0).Type())
	b, bok := tensorShape(op.Operand(1).Type())
	if !aok || !bok || len(a) != 3 || len(b) != 3 {
		return nil
	}
	d := ir.Dim
	return &ir.Loops{
		Iter:     []ir.IterKind{ir.Parallel, ir.Parallel, ir.Parallel, ir.Reduction},
		Operands: [][]ir.DimMap{{d(0), d(1), d(3)}, {d(0), d(3), d(2)}},
		Results:  [][]ir.DimMap{{d(0), d(1), d(2)}},
	}
}

var matmulQuantRE = regexp.MustCompile(`^#tosa\.matmul_quant<a_zp = (-?\d+), b_zp = (-?\d+)>$`)

// parseMatMulQuant reads `#tosa.matmul_quant<a_zp = 1, b_zp = -2>`.
func parseMatMulQuant(a ir.Attr) (azp, bzp int64, ok bool) {
	o, isOpaque := a.(*ir.OpaqueAttr)
	if !isOpaque {
		return 0, 0, false
	}
	m := matmulQuantRE.FindStringSubmatch(o.Text)
	if m == nil {
		return 0, 0, false
	}
	x, err1 := strconv.ParseInt(m[1], 10, 32)
	y, err2 := strconv.ParseInt(m[2], 10, 32)
	return x, y, err1 == nil && err2 == nil
}

// tosaMatMulZeroPoints are the kernel's zero points (0 without
// quantization_info).
func tosaMatMulZeroPoints(op *ir.Op) []ir.Attr {
	azp, bzp, _ := parseMatMulQuant(op.Attr(QuantInfoAttr))
	return []ir.Attr{&ir.IntAttr{Value: azp, Type: ir.I32}, &ir.IntAttr{Value: bzp, Type: ir.I32}}
}

// verifyTosaMatMul is MLIR 19's verifier (the 3-d constraints) plus what
// tirc needs to compute the op, which mlir-opt-19 does not check (SPEC
// 3d; test/dialect/contract-tosa-beyond-mlir.mlir): equal operand element
// types, TOSA's result element types (f32 -> f32, f16/bf16 -> itself or
// f32, i8 -> i32, i16 -> i48 refused), zero points on integers only, and
// the shapes of a batch matmul.
func verifyTosaMatMul(op *ir.Op) *ir.Diagnostic {
	a, b, c := ir.ElementType(op.Operand(0).Type()), ir.ElementType(op.Operand(1).Type()), ir.ElementType(op.Result(0).Type())
	if a != b {
		return op.Errorf("requires the same element type for both operands, but got '%s' and '%s'", ir.TypeString(a), ir.TypeString(b))
	}
	ok := false
	switch a.Kind {
	case ir.KindF32, ir.KindF64:
		ok = c == a
	case ir.KindF16, ir.KindBF16:
		ok = c == a || c == ir.F32
	default:
		ok = a.IsInt() && a != ir.I1 && c.IsInt() && c != ir.I1 && c.Bits() >= max(a.Bits(), 32) && c.Bits() <= 64 && c != ir.Index && a != ir.Index
	}
	if !ok {
		return op.Errorf("cannot accumulate '%s' elements in a '%s' result", ir.TypeString(a), ir.TypeString(c))
	}
	if op.Attr(QuantInfoAttr) != nil && a.IsFloat() {
		return op.Errorf("quantization_info requires integer operands, but got '%s'", ir.TypeString(a))
	}
	l := tosaMatMulLoops(op)
	if l == nil {
		return nil
	}
	shapes := [][]int64{nil, nil}
	shapes[0], _ = tensorShape(op.Operand(0).Type())
	shapes[1], _ = tensorShape(op.Operand(1).Type())
	if _, err := l.Extents(shapes, nil); err != nil && l.Iter[err.Loop] == ir.Parallel {
		return op.Errorf("batch sizes differ: %v", err)
	}
	return verifyContractionShapes(op, l)
}

// foldTransposedDotOperand folds a tir.transpose feeding dot_general
// into its dimension numbers, when the transpose keeps the operand's free
// dims in order (they order the result).
func foldTransposedDotOperand(op *ir.Op) bool {
	if dotGeneralLoops(op) == nil {
		return false
	}
	d := DotGeneralDims(op)
	for i, names := range [][2]string{{LhsBatchingAttr, LhsContractingAttr}, {RhsBatchingAttr, RhsContractingAttr}} {
		t := op.Operand(i).Def()
		if t == nil || t.Name != "tir.transpose" || transposeLoops(t) == nil {
			continue
		}
		p := Permutation(t)
		batch, contract := d.LhsBatch, d.LhsContract
		if i == 1 {
			batch, contract = d.RhsBatch, d.RhsContract
		}
		prev := int64(-1)
		inOrder := true
		for j, src := range p {
			if !slices.Contains(batch, int64(j)) && !slices.Contains(contract, int64(j)) {
				inOrder = inOrder && src > prev
				prev = src
			}
		}
		if !inOrder {
			continue
		}
		through := func(dims []int64) []int64 {
			out := make([]int64, len(dims))
			for k, x := range dims {
				out[k] = p[x]
			}
			return out
		}
		op.SetOperand(i, t.Operand(0))
		for k, dims := range [][]int64{batch, contract} {
			if len(dims) > 0 || op.Attr(names[k]) != nil {
				op.Attrs.Set(names[k], ir.I64Array(through(dims)...))
			}
		}
		return true
	}
	return false
}

// foldTransposedEinsumOperand folds a tir.transpose feeding an einsum
// into the operand's subscripts.
func foldTransposedEinsumOperand(op *ir.Op) bool {
	e, msg, known := einsumOf(op)
	if msg != "" || !known {
		return false
	}
	for i, v := range op.Operands() {
		t := v.Def()
		if t == nil || t.Name != "tir.transpose" || transposeLoops(t) == nil {
			continue
		}
		p := Permutation(t)
		sub := []rune(e.Inputs[i])
		src := make([]rune, len(sub))
		for j, d := range p {
			src[d] = sub[j]
		}
		e.Inputs[i] = string(src)
		op.SetOperand(i, t.Operand(0))
		op.Attrs.Set(EquationAttr, ir.StringAttr(strings.Join(e.Inputs, ",")+"->"+e.Output))
		return true
	}
	return false
}

// firstOf is the first of the rewrites that applies.
func firstOf(rewrites ...func(*ir.Op) bool) func(*ir.Op) bool {
	return func(op *ir.Op) bool {
		for _, r := range rewrites {
			if r(op) {
				return true
			}
		}
		return false
	}
}

// unitContraction rewrites a contraction of two operands whose reduction
// loops all have extent 1 (K == 1: a single term per result element)
// into the broadcast multiply it is: each operand reshaped to drop its
// unit contracted dims, broadcast (tir.broadcast_in_dim) to the result's
// shape, then tir.mul. It reads the op's loop description only, so every
// contraction row shares it; it applies to static shapes, operands of the
// result's element type (no widening) and zero zero points, and not to
// diagonals (a loop read twice by one operand).
func unitContraction(op *ir.Op) bool {
	l := ir.LoopsOf(op)
	f := op.Func()
	rs, ok := tensorShape(op.Result(0).Type())
	if l == nil || f == nil || op.NumOperands() != 2 || len(l.Results) != 1 || !ok || !ir.IsStatic(rs) {
		return false
	}
	if op.Def.KernelArgs != nil {
		for _, a := range op.Def.KernelArgs(op) {
			if z, ok := a.(*ir.IntAttr); !ok || z.Value != 0 {
				return false
			}
		}
	}
	elem := ir.ElementType(op.Result(0).Type())
	shapes := make([][]int64, 2)
	for k, v := range op.Operands() {
		s, ok := tensorShape(v.Type())
		if !ok || !ir.IsStatic(s) || ir.ElementType(v.Type()) != elem {
			return false
		}
		shapes[k] = s
	}
	ext, err := l.Extents(shapes, [][]int64{rs})
	if err != nil {
		return false
	}
	for i, k := range l.Iter {
		if k == ir.Reduction && ext[i] != 1 {
			return false
		}
	}
	kept := make([][]int64, 2)  // the operands' shapes without unit contracted dims
	bdims := make([][]int64, 2) // their result dims
	for k, maps := range l.Operands {
		for j, m := range maps {
			if m.Loop < 0 || l.Iter[m.Loop] == ir.Reduction {
				continue
			}
			d := int64(l.ResultDimOf(0, m.Loop))
			if d < 0 || slices.Contains(bdims[k], d) {
				return false
			}
			kept[k], bdims[k] = append(kept[k], shapes[k][j]), append(bdims[k], d)
		}
	}
	res := op.Result(0).Type()
	var bs []*ir.Value
	for k, v := range op.Operands() {
		if len(kept[k]) != len(shapes[k]) {
			r := ir.NewOp("tir.reshape", []*ir.Value{v}, []ir.Type{ir.Tensor(elem, kept[k]...)}, nil)
			f.InsertBefore(op, r)
			v = r.Result(0)
		}
		var attrs ir.Attrs
		attrs.Set(traits.BroadcastDimsAttr, ir.I64Array(bdims[k]...))
		b := ir.NewOp("tir.broadcast_in_dim", []*ir.Value{v}, []ir.Type{res}, attrs)
		f.InsertBefore(op, b)
		bs = append(bs, b.Result(0))
	}
	mul := ir.NewOp("tir.mul", bs, []ir.Type{res}, nil)
	f.InsertBefore(op, mul)
	op.Result(0).ReplaceAllUsesWith(mul.Result(0))
	return true
}
