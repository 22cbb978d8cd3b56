package dialect

import (
	"fmt"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The data-movement ops of SPEC section 3b (StableHLO's transpose, slice,
// reshape, concatenate and iota). Transpose, slice and iota are loop
// descriptions (ir.Loops) with the identity or convert kernel: a
// transpose permutes its operand's map, a slice reads a window with an
// offset and a stride, iota converts a loop index. So a consumer reads a
// transposed or sliced operand in its own loop nest, with no copy, as it
// reads a broadcast one. Reshape and concatenate are not such maps: they
// carry the Reshape and Concatenate traits, which eval and codegen
// implement once (a view of the same buffer when the strides allow, each
// operand copied into its window of the result).
//
//	%t = tir.transpose %x {permutation = array<i64: 1, 0>} : (tensor<4x8xf32>) -> tensor<8x4xf32>
//	%s = tir.slice %x {limit_indices = array<i64: 4, 8>, start_indices = array<i64: 1, 0>, strides = array<i64: 1, 2>} : (tensor<4x8xf32>) -> tensor<3x4xf32>
//	%r = tir.reshape %x : (tensor<4x8xf32>) -> tensor<2x16xf32>
//	%c = tir.concat %x, %y {dimension = 0 : i64} : (tensor<4x8xf32>, tensor<?x8xf32>) -> tensor<?x8xf32>
//	%i = tir.iota {iota_dimension = 1 : i64} : () -> tensor<2x3xi32>

// The attributes of the data-movement rows.
const (
	PermutationAttr   = "permutation"
	StartIndicesAttr  = "start_indices"
	LimitIndicesAttr  = "limit_indices"
	StridesAttr       = "strides"
	IotaDimensionAttr = "iota_dimension"
)

var (
	i64Attr      = func(a ir.Attr) bool { x, ok := a.(*ir.IntAttr); return ok && x.Type == ir.I64 }
	staticTensor = Constraint{"statically shaped tensor of any type values", func(t ir.Type) bool { s, r := ir.Shape(t); return isTensor(t) && r && ir.IsStatic(s) }}
	i64ArrayAttr = func(name string) AttrSpec {
		return AttrSpec{Name: name, Desc: "i64 dense array attribute", Check: I64ArrayAttr}
	}
)

// MoveOps is the table of data-movement ops.
var MoveOps = []*Op{
	aka(&Op{
		OpDef: ir.OpDef{
			Name: "tir.transpose", Summary: "result dim i is operand dim permutation[i] (StableHLO transpose)",
			Format: FunctionalForm, Kernel: ir.KernelIdentity,
			Traits:       []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Pure},
			Verify:       verifyTranspose,
			Infer:        traits.InferFromLoops,
			Loops:        transposeLoops,
			Canonicalize: foldTransposeChain,
		},
		Operands: []Arg{{"operand", AnyTensor, false}},
		Results:  []Arg{{"result", AnyTensor, false}},
		Attrs:    []AttrSpec{i64ArrayAttr(PermutationAttr)},
	}, "permute", "permute_dims"),
	aka(&Op{
		OpDef: ir.OpDef{
			Name: "tir.slice", Summary: "operand[start:limit:stride] per dim (StableHLO slice)",
			Format: FunctionalForm, Kernel: ir.KernelIdentity,
			Traits: []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Pure},
			Verify: verifySlice,
			Infer:  traits.InferFromLoops,
			Loops:  sliceLoops,
		},
		Operands: []Arg{{"operand", AnyTensor, false}},
		Results:  []Arg{{"result", AnyTensor, false}},
		Attrs:    []AttrSpec{i64ArrayAttr(StartIndicesAttr), i64ArrayAttr(LimitIndicesAttr), i64ArrayAttr(StridesAttr)},
	}, "extract_slice", "strided_slice"),
	{
		OpDef: ir.OpDef{
			Name: "tir.reshape", Summary: "the operand's elements in row-major order in the result's shape; a '?' is decided by the element count (StableHLO reshape)",
			Format: FunctionalForm,
			Traits: []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Reshape, traits.Pure},
		},
		Operands: []Arg{{"operand", AnyTensor, false}},
		Results:  []Arg{{"result", AnyTensor, false}},
	},
	aka(&Op{
		OpDef: ir.OpDef{
			Name: "tir.concat", Summary: "the operands joined along `dimension` (StableHLO concatenate)",
			Format: FunctionalForm,
			Traits: []*ir.Trait{traits.SameOperandsAndResultElementType, traits.Concatenate, traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if op.NumOperands() == 0 {
					return op.Errorf("expected 1 or more operands, but found 0")
				}
				return nil
			},
		},
		Operands: []Arg{{"inputs", AnyTensor, true}},
		Results:  []Arg{{"result", AnyTensor, false}},
		Attrs:    []AttrSpec{{Name: traits.ConcatDimAttr, Desc: "64-bit signless integer attribute", Check: i64Attr}},
	}, "concatenate", "cat", "stack"),
	aka(&Op{
		OpDef: ir.OpDef{
			Name: "tir.iota", Summary: "each element is its index along iota_dimension, converted (StableHLO iota)",
			Format: FunctionalForm,
			Kernel: ir.KernelConvert,
			Traits: []*ir.Trait{traits.Pure},
			Verify: verifyIota,
			Loops:  iotaLoops,
		},
		Results: []Arg{{"result", staticTensor, false}},
		Attrs:   []AttrSpec{{Name: IotaDimensionAttr, Desc: "64-bit signless integer attribute", Check: i64Attr}},
	}, "arange"),
}

// Permutation returns a transpose's permutation attribute.
func Permutation(op *ir.Op) []int64 {
	if d, ok := op.Attr(PermutationAttr).(*ir.DenseArrayAttr); ok && d.Elem == ir.I64 {
		return d.Ints
	}
	return nil
}

// isPermutation reports whether p is a permutation of 0..len(p)-1.
func isPermutation(p []int64) bool {
	seen := make([]bool, len(p))
	for _, d := range p {
		if d < 0 || d >= int64(len(p)) || seen[d] {
			return false
		}
		seen[d] = true
	}
	return true
}

// verifyTranspose: StableHLO's inference (the permutation's size and
// values), then the result against the inferred type.
func verifyTranspose(op *ir.Op) *ir.Diagnostic {
	perm := Permutation(op)
	in, ranked := ir.Shape(op.Operand(0).Type())
	if !ranked {
		if out, r := ir.Shape(op.Result(0).Type()); r && len(out) != len(perm) {
			return op.Errorf("result rank %d does not match permutation size %d", len(out), len(perm))
		}
		return nil
	}
	if len(perm) != len(in) {
		return op.Errorf("TransposeOp operand rank %d does not match permutation size %d", len(in), len(perm))
	}
	if !isPermutation(perm) {
		iota := make([]int64, len(in))
		for i := range iota {
			iota[i] = int64(i)
		}
		return op.Errorf("attribute permutation must be a permutation of [%s] but got %s", joinInt64s(iota), joinInt64s(perm))
	}
	want := make([]int64, len(in))
	for i, d := range perm {
		want[i] = in[d]
	}
	return traits.VerifyInferredShape(op, want)
}

// transposeLoops: one loop per result dimension; operand dimension
// permutation[i] is read by loop i.
func transposeLoops(op *ir.Op) *ir.Loops {
	perm := Permutation(op)
	in, ranked := ir.Shape(op.Operand(0).Type())
	if !ranked || len(perm) != len(in) || !isPermutation(perm) {
		return nil
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, len(in)), Operands: [][]ir.DimMap{make([]ir.DimMap, len(in))}, Results: [][]ir.DimMap{make([]ir.DimMap, len(in))}}
	for i, d := range perm {
		l.Operands[0][d] = ir.Dim(i)
		l.Results[0][i] = ir.Dim(i)
	}
	return l
}

// foldTransposeChain is transpose's canonicalization: a transpose of a
// transpose reads the inner operand with the composed permutation (an
// identity one is then folded away as a no-op).
func foldTransposeChain(op *ir.Op) bool {
	inner := op.Operand(0).Def()
	if inner == nil || inner.Def != op.Def || transposeLoops(inner) == nil || transposeLoops(op) == nil {
		return false
	}
	p, q := Permutation(op), Permutation(inner)
	composed := make([]int64, len(p))
	for i, d := range p {
		composed[i] = q[d]
	}
	op.SetOperand(0, inner.Operand(0))
	op.Attrs.Set(PermutationAttr, ir.I64Array(composed...))
	return true
}

// sliceAttrs returns a slice's start, limit and strides attributes.
func sliceAttrs(op *ir.Op) (start, limit, strides []int64) {
	get := func(name string) []int64 {
		if d, ok := op.Attr(name).(*ir.DenseArrayAttr); ok && d.Elem == ir.I64 {
			return d.Ints
		}
		return nil
	}
	return get(StartIndicesAttr), get(LimitIndicesAttr), get(StridesAttr)
}

// sliceShape checks a slice's attributes against the operand's shape (nil
// when unranked) with StableHLO's messages and returns the result shape.
func sliceShape(op *ir.Op, in []int64, ranked bool) ([]int64, string) {
	start, limit, strides := sliceAttrs(op)
	if len(start) != len(limit) || len(start) != len(strides) {
		return nil, "all of {start_indices, limit_indices, strides} must have the same size"
	}
	if ranked && len(start) != len(in) {
		return nil, fmt.Sprintf("the number of elements in start_indices (%d) does not match the rank of the operand (%d)", len(start), len(in))
	}
	out := make([]int64, len(start))
	for i := range start {
		switch {
		case start[i] < 0:
			return nil, fmt.Sprintf("negative start index %d in dimension %d", start[i], i)
		case ranked && in[i] >= 0 && limit[i] > in[i]:
			return nil, ir.WindowLimitMessage(limit[i], fmt.Sprint(in[i]), i)
		case start[i] > limit[i]:
			return nil, fmt.Sprintf("start index %d is larger than limit index %d in dimension %d", start[i], limit[i], i)
		case strides[i] <= 0:
			return nil, fmt.Sprintf("stride must be positive but got %d in dimension %d", strides[i], i)
		}
		out[i] = (limit[i] - start[i] + strides[i] - 1) / strides[i]
	}
	return out, ""
}

func verifySlice(op *ir.Op) *ir.Diagnostic {
	in, ranked := ir.Shape(op.Operand(0).Type())
	out, msg := sliceShape(op, in, ranked)
	if msg != "" {
		return op.Errorf("%s", msg)
	}
	return traits.VerifyInferredShape(op, out)
}

// sliceLoops: one loop per result dimension, its extent fixed by the
// attributes; operand dimension j is a window read at start + stride*i.
func sliceLoops(op *ir.Op) *ir.Loops {
	in, ranked := ir.Shape(op.Operand(0).Type())
	out, msg := sliceShape(op, in, ranked)
	if msg != "" {
		return nil
	}
	start, limit, strides := sliceAttrs(op)
	l := &ir.Loops{Iter: make([]ir.IterKind, len(out)), Operands: [][]ir.DimMap{make([]ir.DimMap, len(out))}, Results: [][]ir.DimMap{make([]ir.DimMap, len(out))}, Sizes: out}
	for j := range out {
		l.Operands[0][j] = ir.DimMap{Loop: j, Stride: strides[j], Offset: start[j], Kind: ir.Window, Limit: limit[j]}
		l.Results[0][j] = ir.Dim(j)
	}
	return l
}

// IotaDimension returns iota's dimension attribute.
func IotaDimension(op *ir.Op) (int64, bool) {
	a, ok := op.Attr(IotaDimensionAttr).(*ir.IntAttr)
	if !ok {
		return 0, false
	}
	return a.Value, true
}

func verifyIota(op *ir.Op) *ir.Diagnostic {
	out, _ := ir.Shape(op.Result(0).Type())
	if len(out) == 0 {
		return op.Errorf("does not support scalars.")
	}
	if d, _ := IotaDimension(op); d < 0 || d >= int64(len(out)) {
		return op.Errorf("iota dimension cannot go beyond the output rank or be negative.")
	}
	return nil
}

// iotaLoops: one loop per result dimension; the kernel converts the index
// of the iota dimension's loop (no operands).
func iotaLoops(op *ir.Op) *ir.Loops {
	out, ranked := ir.Shape(op.Result(0).Type())
	d, ok := IotaDimension(op)
	if !ranked || !ok || d < 0 || d >= int64(len(out)) || op.NumOperands() != 0 {
		return nil
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, len(out)), Operands: [][]ir.DimMap{}, Results: [][]ir.DimMap{make([]ir.DimMap, len(out))}, Indices: []int{int(d)}}
	for j := range out {
		l.Results[0][j] = ir.Dim(j)
	}
	return l
}
