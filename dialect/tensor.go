package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// TensorOps is the tensor dialect subset, with MLIR's forms and messages:
// tensor.cast, tensor.dim and tensor.splat here, the
// ops that build, reshape, slice and pad tensors in tensor_ops.go.
var TensorOps = append(tensorBaseOps, tensorMoreOps...)

var tensorBaseOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "tensor.dim", Summary: "the size of dimension `index` of `source`, as an index",
			Format:     DimForm,
			ResultName: func(*ir.Op) string { return "dim" },
			Traits:     []*ir.Trait{traits.ShapedDim, traits.Pure},
		},
		Operands: []Arg{{"source", nonZeroRankTensor, false}, {"index", indexType, false}},
		Results:  []Arg{{"result", indexType, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.splat", Summary: "a tensor whose every element is `input` (its dynamic sizes the other operands)",
			Format:     SplatForm,
			Kernel:     ir.KernelIdentity,
			ResultName: func(*ir.Op) string { return "splat" },
			Traits:     []*ir.Trait{traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if ir.ElementType(op.Result(0).Type()) != op.Operand(0).Type() {
					return op.Errorf("failed to verify that operand type matches element type of result")
				}
				s, _ := ir.Shape(op.Result(0).Type())
				if n, has := dynamicDims(s), op.NumOperands()-1; has != n {
					return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", has, n)
				}
				return nil
			},
			Loops: splatLoops,
		},
		Operands: []Arg{{"input", scalarValue, false}, {"dynamicSizes", indexType, true}},
		Results:  []Arg{{"aggregate", rankedTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.cast", Summary: "view a tensor with a more or less static type of the same element type",
			Format:     CastForm,
			ResultName: func(*ir.Op) string { return "cast" },
			Traits:     []*ir.Trait{traits.Cast, traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				from, to := op.Operand(0).Type(), op.Result(0).Type()
				if !CastCompatible(from, to) {
					return op.Errorf("operand type '%s' and result type '%s' are cast incompatible", ir.TypeString(from), ir.TypeString(to))
				}
				return nil
			},
			Infer: func(op *ir.Op) []ir.Type {
				// The cast's result is at least as static as its source.
				from, fr := ir.Shape(op.Operand(0).Type())
				to, tr := ir.Shape(op.Result(0).Type())
				if !fr {
					return nil
				}
				if !tr {
					return []ir.Type{ir.WithShape(op.Result(0).Type(), from)}
				}
				if j, ok := traits.JoinShapes(from, to); ok {
					return []ir.Type{ir.WithShape(op.Result(0).Type(), j)}
				}
				return nil
			},
		},
		Operands: []Arg{{"source", AnyTensor, false}},
		Results:  []Arg{{"dest", AnyTensor, false}},
	},
}

// CastCompatible is tensor.cast's rule: same element type and compatible
// shapes (unranked is compatible with any rank).
func CastCompatible(from, to ir.Type) bool {
	return ir.ElementType(from) == ir.ElementType(to) && ir.CompatibleShapeOf(from, to)
}

// Type constraints of the tensor ops, with MLIR's descriptions.
var (
	nonZeroRankTensor = Constraint{"non-0-ranked or unranked tensor", func(t ir.Type) bool {
		x, ok := t.(*ir.TensorType)
		return ok && (x.Unranked || len(x.Shape) > 0)
	}}
	indexType    = Constraint{"index", func(t ir.Type) bool { return t == ir.Index }}
	scalarValue  = Constraint{"integer/index/float type", func(t ir.Type) bool { _, ok := t.(*ir.Scalar); return ok }}
	rankedTensor = Constraint{"ranked tensor of any type values", ir.IsRankedTensor}
)

func dynamicDims(s []int64) int {
	n := 0
	for _, d := range s {
		if d < 0 {
			n++
		}
	}
	return n
}

// splatLoops: one loop per result dimension; the operand is a scalar,
// the same value at every iteration.
func splatLoops(op *ir.Op) *ir.Loops {
	s, ranked := ir.Shape(op.Result(0).Type())
	if !ranked || !isTensor(op.Result(0).Type()) || dynamicDims(s) > 0 || ir.IsShaped(op.Operand(0).Type()) {
		return nil
	}
	l := &ir.Loops{Iter: make([]ir.IterKind, len(s)), Operands: [][]ir.DimMap{nil}, Results: [][]ir.DimMap{make([]ir.DimMap, len(s))}}
	for d := range s {
		l.Results[0][d] = ir.Dim(d)
	}
	return l
}

// DimForm is tensor.dim's `[{attrs}] %source, %index : T`, the result an
// index.
var DimForm = &ir.Format{
	Name: "%source, %index : T",
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOptionalAttrDict()
		if !p.ParseOperand() || !p.Parse(",", "expected ','") || !p.ParseOperand() {
			return nil
		}
		t := p.ParseColonType("the source type of '{op}'")
		if t == nil {
			return nil
		}
		return p.Build([]ir.Type{t, ir.Index}, []ir.Type{ir.Index})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() != 2 || op.NumResults() != 1 || op.Operand(1).Type() != ir.Index || op.Result(0).Type() != ir.Index {
			return false
		}
		if len(op.Attrs) > 0 {
			p.OptionalAttrDict(op.Attrs)
		}
		p.Str(" ")
		p.Operands(op.Operands())
		p.Str(" : ")
		p.Type(op.Operand(0).Type())
		return true
	},
}

// SplatForm is tensor.splat's `%input[%sizes] [{attrs}] : T`, the operand
// of T's element type, one size per dynamic dimension of T.
var SplatForm = &ir.Format{
	Name: "%input[%sizes] : T",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseOperand() {
			return nil
		}
		sizes := p.NumOperands()
		if p.ParseOptional("[") {
			if !p.ParseOptionalOperands() || !p.Parse("]", "expected ']'") {
				return nil
			}
		}
		sizes = p.NumOperands() - sizes
		p.ParseOptionalAttrDict()
		if !p.Parse(":", "expected ':' and the result type of '"+p.Name()+"'") {
			return nil
		}
		at := p.Pos()
		t := p.ParseType()
		if t == nil {
			return nil
		}
		if !ir.IsRankedTensor(t) {
			p.ErrorAt(at, "invalid kind of type specified")
			return nil
		}
		types := []ir.Type{ir.ElementType(t)}
		for range sizes {
			types = append(types, ir.Index)
		}
		return p.Build(types, []ir.Type{t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() < 1 || op.NumResults() != 1 || !ir.IsRankedTensor(op.Result(0).Type()) || ir.ElementType(op.Result(0).Type()) != op.Operand(0).Type() {
			return false // the generic form: the custom one reads only ranked tensors
		}
		p.Str(" ")
		p.Operand(op.Operand(0))
		if sizes := op.Operands()[1:]; len(sizes) > 0 {
			p.Str("[")
			p.Operands(sizes)
			p.Str("]")
		}
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Type(op.Result(0).Type())
		return true
	},
}
