package dialect

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The reductions of SPEC section 3a: the dual of broadcasting. Each row
// names its ir.Reduce kind (the combining kernel and identity live there,
// implemented once by eval and codegen); the loops are the operand's
// dimensions, the ones in `dims` reduction loops that the result leaves
// out (or keeps as size 1 with `keepdims`, NumPy's keepdims=True and
// TOSA's form, so the result broadcasts back against the operand).
//
//	%m = "tir.reduce_max"(%x) {dims = array<i64: 1>, keepdims} : (tensor<?x128xf32>) -> tensor<?x1xf32>

// ReduceDimsAttr and KeepDimsAttr are the reduction rows' attributes.
const (
	ReduceDimsAttr = "dims"
	KeepDimsAttr   = "keepdims"
)

// Element-type constraints of reductions (tensors only).
var (
	intOrFloatTensor = Constraint{"tensor of integer or floating-point values", func(t ir.Type) bool {
		return isTensor(t) && elemIs(t, func(e *ir.Scalar) bool { return e.IsInt() || e.IsFloat() })
	}}
	floatTensor = Constraint{"tensor of floating-point values", func(t ir.Type) bool { return isTensor(t) && elemIs(t, isFloat) }}
	boolTensor  = Constraint{"tensor of 1-bit signless integer values", func(t ir.Type) bool { return isTensor(t) && elemIs(t, isBool) }}
	i64Tensor   = Constraint{"tensor of 64-bit signless integer values", func(t ir.Type) bool { return isTensor(t) && ir.ElementType(t) == ir.I64 }}
)

var keepDimsSpec = AttrSpec{Name: KeepDimsAttr, Desc: "unit or bool attribute", Optional: true, Check: func(a ir.Attr) bool {
	switch x := a.(type) {
	case ir.UnitAttr:
		return true
	case *ir.IntAttr:
		return x.Type == ir.I1
	}
	return false
}}

// reduction returns the row of a reduction op.
func reduction(name, summary string, kind ir.Reduce, operand, result Constraint) *Op {
	return &Op{
		OpDef: ir.OpDef{
			Name: name, Summary: summary, Kernel: ir.KernelIdentity, Reduce: kind, Format: FunctionalForm,
			Traits:       []*ir.Trait{traits.Pure},
			Verify:       verifyReduction,
			Infer:        traits.InferFromLoops,
			Loops:        reductionLoops,
			Canonicalize: dropUnitReductionDims,
		},
		Operands: []Arg{{"operand", operand, false}},
		Results:  []Arg{{"result", result, false}},
		Attrs: []AttrSpec{
			{Name: ReduceDimsAttr, Desc: "i64 dense array attribute", Check: I64ArrayAttr},
			keepDimsSpec,
		},
	}
}

// ReduceOps is the table of reductions.
var ReduceOps = []*Op{
	reduction("tir.reduce_sum", "sum over dims; integers wrap; the empty sum is 0", ir.ReduceSum, intOrFloatTensor, intOrFloatTensor),
	reduction("tir.reduce_prod", "product over dims; integers wrap; the empty product is 1", ir.ReduceProd, intOrFloatTensor, intOrFloatTensor),
	aka(reduction("tir.reduce_max", "maximum over dims, NaN propagates; no empty maximum", ir.ReduceMax, intOrFloatTensor, intOrFloatTensor), "amax"),
	aka(reduction("tir.reduce_min", "minimum over dims, NaN propagates; no empty minimum", ir.ReduceMin, intOrFloatTensor, intOrFloatTensor), "amin"),
	aka(reduction("tir.reduce_mean", "sum over dims / number of elements; the empty mean is NaN", ir.ReduceMean, floatTensor, floatTensor), "average"),
	reduction("tir.reduce_any", "logical or over dims; the empty any is false", ir.ReduceAny, boolTensor, boolTensor),
	reduction("tir.reduce_all", "logical and over dims; the empty all is true", ir.ReduceAll, boolTensor, boolTensor),
	reduction("tir.argmax", "index (i64) of the first maximum along one dim; the first NaN wins", ir.ReduceArgMax, intOrFloatTensor, i64Tensor),
	reduction("tir.argmin", "index (i64) of the first minimum along one dim; the first NaN wins", ir.ReduceArgMin, intOrFloatTensor, i64Tensor),
}

// ReductionDims returns the reduced dims and keepdims of a reduction op.
func ReductionDims(op *ir.Op) (dims []int64, keep bool) {
	if d, ok := op.Attr(ReduceDimsAttr).(*ir.DenseArrayAttr); ok && d.Elem == ir.I64 {
		dims = d.Ints
	}
	switch a := op.Attr(KeepDimsAttr).(type) {
	case ir.UnitAttr:
		keep = true
	case *ir.IntAttr:
		keep = a.Value != 0
	}
	return dims, keep
}

// reductionDimsError checks dims against the operand rank: strictly
// increasing, each in [0, rank); "" when they hold.
func reductionDimsError(dims []int64, rank int) string {
	for i, d := range dims {
		if d < 0 || d >= int64(rank) {
			return fmt.Sprintf("reduction dim %d is out of range for an operand of rank %d", d, rank)
		}
		if i > 0 && d <= dims[i-1] {
			return fmt.Sprintf("reduction dims must be strictly increasing, but got [%s]", joinInt64s(dims))
		}
	}
	return ""
}

// ReducedShape is the result shape of reducing shape over dims: the
// dims removed, or kept as size 1 with keep.
func ReducedShape(shape []int64, dims []int64, keep bool) []int64 {
	out := make([]int64, 0, len(shape))
	for j, s := range shape {
		reduced := false
		for _, d := range dims {
			reduced = reduced || d == int64(j)
		}
		switch {
		case !reduced:
			out = append(out, s)
		case keep:
			out = append(out, 1)
		}
	}
	return out
}

// reductionLoops: one loop per operand dimension, reduction loops for
// dims; the result indexes the others (and keeps reduced dims as unit
// dimensions with keepdims).
func reductionLoops(op *ir.Op) *ir.Loops {
	dims, keep := ReductionDims(op)
	return reductionLoopsOf(op, dims, keep)
}

// reductionLoopsOf is the loop description of reducing op's operand over
// dims (kept as unit dimensions with keep).
func reductionLoopsOf(op *ir.Op, dims []int64, keep bool) *ir.Loops {
	in, ranked := ir.Shape(op.Operand(0).Type())
	if !ranked || !isTensor(op.Operand(0).Type()) || reductionDimsError(dims, len(in)) != "" {
		return nil
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, len(in)), Operands: [][]ir.DimMap{make([]ir.DimMap, len(in))}, Results: [][]ir.DimMap{{}}}
	for _, d := range dims {
		l.Iter[d] = ir.Reduction
	}
	for j := range in {
		l.Operands[0][j] = ir.Dim(j)
		switch {
		case l.Iter[j] == ir.Parallel:
			l.Results[0] = append(l.Results[0], ir.Dim(j))
		case keep:
			l.Results[0] = append(l.Results[0], ir.UnitDim())
		}
	}
	return l
}

// verifyReduction checks dims, the element types and the result shape,
// and refuses an empty extent for reductions without an identity when
// the sizes are static.
func verifyReduction(op *ir.Op) *ir.Diagnostic {
	dims, keep := ReductionDims(op)
	if op.Def.Reduce.Info().Index && len(dims) != 1 {
		return op.Errorf("requires exactly one reduction dim, but got %d", len(dims))
	}
	in, out := op.Operand(0).Type(), op.Result(0).Type()
	if !op.Def.Reduce.Info().Index {
		if a, b := ir.ElementType(in), ir.ElementType(out); a != b {
			return op.Errorf("result element type '%s' must match the operand element type '%s'", ir.TypeString(b), ir.TypeString(a))
		}
	}
	inShape, inRanked := ir.Shape(in)
	if !inRanked {
		return nil
	}
	if msg := reductionDimsError(dims, len(inShape)); msg != "" {
		return op.Errorf("%s", msg)
	}
	want := ReducedShape(inShape, dims, keep)
	if outShape, outRanked := ir.Shape(out); outRanked {
		ok := len(outShape) == len(want)
		for i := 0; ok && i < len(want); i++ {
			ok = want[i] < 0 || outShape[i] < 0 || want[i] == outShape[i]
		}
		if !ok {
			return op.Errorf("result type '%s' does not match the reduced shape '%s'", ir.TypeString(out), ir.ShapeString(want))
		}
	}
	return emptyReductionError(op, inShape, dims)
}

// emptyReductionError refuses a reduction without an identity (max, min,
// argmax, argmin) over a static extent of 0, even when the result has no
// elements (SPEC section 3a; NumPy raises for np.max(np.zeros((0, 0)), 1)).
func emptyReductionError(op *ir.Op, inShape, dims []int64) *ir.Diagnostic {
	if op.Def.Reduce.Info().HasIdentity {
		return nil
	}
	for _, d := range dims {
		if inShape[d] == 0 {
			return op.Errorf("reduces dimension %d of size 0, which has no %s (no identity for an empty set)", d, op.Def.Reduce)
		}
	}
	return nil
}

// dropUnitReductionDims is the reductions' canonicalization: with
// keepdims, reducing a dimension of static size 1 changes nothing, so it
// leaves dims (a reduction left with no dims is then folded away as a
// no-op). argmax/argmin keep their one dim.
func dropUnitReductionDims(op *ir.Op) bool {
	dims, keep := ReductionDims(op)
	in, ranked := ir.Shape(op.Operand(0).Type())
	if !keep || !ranked || op.Def.Reduce.Info().Index || reductionDimsError(dims, len(in)) != "" {
		return false
	}
	var kept []int64
	for _, d := range dims {
		if in[d] != 1 {
			kept = append(kept, d)
		}
	}
	if len(kept) == len(dims) {
		return false
	}
	op.Attrs.Set(ReduceDimsAttr, ir.I64Array(kept...))
	return true
}

func contains(xs []int64, x int64) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func joinInt64s(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}
