package dialect

import (
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The tensor ops that build tensors (empty, from_elements, generate),
// reshape them by reassociation (expand_shape, collapse_shape, no copy),
// read and write one element (extract, insert), and slice and pad them
// (tensor_slice.go), with MLIR 19's custom forms and verifier messages:
//
//	%0 = tensor.empty(%n) : tensor<?x8xf32>
//	%collapsed = tensor.collapse_shape %t [[0, 1]] : tensor<8x16xf32> into tensor<128xf32>
//	%expanded = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 4, 16] : tensor<8x16xf32> into tensor<2x4x16xf32>
//	%extracted = tensor.extract %t[%i, %j] : tensor<8x16xf32>
//	%inserted = tensor.insert %x into %t[%i, %j] : tensor<8x16xf32>
//	%from_elements = tensor.from_elements %a, %b : tensor<2xf32>

// The attributes of the tensor ops' generic forms.
const (
	ReassociationAttr     = "reassociation"
	StaticOutputShapeAttr = "static_output_shape"
	StaticOffsetsAttr     = "static_offsets"
	StaticSizesAttr       = "static_sizes"
	StaticStridesAttr     = "static_strides"
	StaticLowAttr         = "static_low"
	StaticHighAttr        = "static_high"
)

var (
	reassociationSpec = AttrSpec{Name: ReassociationAttr, Desc: "Array of 64-bit integer array attributes", Check: reassociationAttr}
	denseI64Spec      = func(name string) AttrSpec {
		return AttrSpec{Name: name, Desc: "i64 dense array attribute", Check: I64ArrayAttr}
	}
	tensorElem = Constraint{"any type", nil}
)

var tensorMoreOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "tensor.empty", Summary: "an uninitialised tensor (a destination for outs): no memory traffic",
			Format: emptyForm,
			Kernel: ir.KernelCast, Sign: ir.Signed,
			Loops:        emptyLoops,
			Traits:       []*ir.Trait{traits.Pure},
			Canonicalize: canonEmpty,
			Verify: func(op *ir.Op) *ir.Diagnostic {
				s, _ := ir.Shape(op.Result(0).Type())
				if n := dynamicDims(s); n != op.NumOperands() {
					return op.Errorf("incorrect number of dynamic sizes, has %d, expected %d", op.NumOperands(), n)
				}
				return nil
			},
		},
		Operands: []Arg{{"dynamicSizes", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.collapse_shape", Summary: "the operand with each reassociation group of dims merged into one (row-major, no copy)",
			Format:     reshapeForm(false),
			ResultName: func(*ir.Op) string { return "collapsed" },
			Traits:     []*ir.Trait{traits.Pure},
			Inherent:   []string{ReassociationAttr},
			Verify:     verifyCollapse,
			Infer:      inferCollapse,
		},
		Operands: []Arg{{"src", rankedTensor, false}},
		Results:  []Arg{{"result", rankedTensor, false}},
		Attrs:    []AttrSpec{reassociationSpec},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.expand_shape", Summary: "the operand with each dim split into its reassociation group of dims, sizes output_shape (row-major, no copy)",
			Format:     reshapeForm(true),
			ResultName: func(*ir.Op) string { return "expanded" },
			Traits:     []*ir.Trait{traits.Pure},
			Inherent:   []string{ReassociationAttr, StaticOutputShapeAttr},
			Verify:     verifyExpand,
			Infer:      inferExpand,
		},
		Operands: []Arg{{"src", rankedTensor, false}, {"output_shape", indexType, true}},
		Results:  []Arg{{"result", rankedTensor, false}},
		Attrs:    []AttrSpec{reassociationSpec, denseI64Spec(StaticOutputShapeAttr)},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.extract", Summary: "the element of `tensor` at `indices`",
			Format:     extractForm,
			ResultName: func(*ir.Op) string { return "extracted" },
			Traits:     []*ir.Trait{traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if ir.ElementType(op.Operand(0).Type()) != op.Result(0).Type() {
					return op.Errorf("failed to verify that result type matches element type of tensor")
				}
				if s, r := ir.Shape(op.Operand(0).Type()); r && len(s) != op.NumOperands()-1 {
					return op.Errorf("incorrect number of indices for extract_element")
				}
				return nil
			},
		},
		Operands: []Arg{{"tensor", AnyTensor, false}, {"indices", indexType, true}},
		Results:  []Arg{{"result", AnyType, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.insert", Summary: "`dest` with the element at `indices` replaced by `scalar`",
			Format:     insertForm,
			ResultName: func(*ir.Op) string { return "inserted" },
			Traits:     []*ir.Trait{traits.Pure},
			Infer:      inferDest(1),
			Verify: func(op *ir.Op) *ir.Diagnostic {
				if !ir.TypeEqual(op.Operand(1).Type(), op.Result(0).Type()) {
					return op.Errorf("failed to verify that result type matches type of dest")
				}
				if ir.ElementType(op.Operand(1).Type()) != op.Operand(0).Type() {
					return op.Errorf("failed to verify that scalar type matches element type of dest")
				}
				if s, r := ir.Shape(op.Operand(1).Type()); r && len(s) != op.NumOperands()-2 {
					return op.Errorf("incorrect number of indices")
				}
				return nil
			},
		},
		Operands: []Arg{{"scalar", AnyType, false}, {"dest", AnyTensor, false}, {"indices", indexType, true}},
		Results:  []Arg{{"result", AnyTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.from_elements", Summary: "a static tensor of the operands in row-major order",
			Format:     fromElementsForm,
			ResultName: func(*ir.Op) string { return "from_elements" },
			Traits:     []*ir.Trait{traits.Pure},
			Verify: func(op *ir.Op) *ir.Diagnostic {
				s, _ := ir.Shape(op.Result(0).Type())
				n, _ := ir.NumElements(s)
				if int64(op.NumOperands()) != n {
					return op.Errorf("number of operands and types do not match: got %d operands and %d types", op.NumOperands(), n)
				}
				e := ir.ElementType(op.Result(0).Type())
				for _, v := range op.Operands() {
					if v.Type() != e {
						return op.Errorf("failed to verify that operand types match result element type")
					}
				}
				return nil
			},
		},
		Operands: []Arg{{"elements", tensorElem, true}},
		Results:  []Arg{{"result", staticTensor, false}},
	},
	{
		OpDef: ir.OpDef{
			Name: "tensor.yield", Summary: "end the body of tensor.generate or tensor.pad with the element value",
			Format: yieldForm,
			Traits: []*ir.Trait{traits.HasParent("tensor.generate", "tensor.pad"), traits.Terminator, traits.Pure},
		},
		Operands: []Arg{{"value", AnyType, false}},
	},
	generateOp, padOp, extractSliceOp, insertSliceOp,
}

// emptyForm is `(%n, ...) [attrs] : T`.
var emptyForm = &ir.Format{
	Name: "(%n, ...) : T",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.Parse("(", "expected '('") {
			return nil
		}
		if !p.ParseOptional(")") {
			if !p.ParseOperands() || !p.Parse(")", "expected ')'") {
				return nil
			}
		}
		return buildFromSizes(p)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || !allIndex(op.Operands()) {
			return false
		}
		p.Str("(")
		p.Operands(op.Operands())
		p.Str(")")
		printAttrsAndType(p, op, op.Result(0).Type())
		return true
	},
}

// reshapeForm is `%src [[0, 1], [2]] [output_shape [...]] [attrs] : S
// into R` (output_shape for expand_shape).
func reshapeForm(expand bool) *ir.Format {
	elided := []string{ReassociationAttr, StaticOutputShapeAttr}
	return &ir.Format{
		Name: "%src [[0, 1], ...] : S into R",
		Parse: func(p ir.OpParser) *ir.Op {
			if !p.ParseOperand() {
				return nil
			}
			at := p.Pos()
			a := p.ParseAttr()
			if a == nil {
				return nil
			}
			if !reassociationAttr(a) {
				p.ErrorAt(at, "expected a reassociation list of integer lists")
				return nil
			}
			p.SetAttr(ReassociationAttr, a)
			if expand {
				if !p.ParseOptionalKeyword("output_shape") {
					p.ErrorExpected("expected 'output_shape'")
					return nil
				}
				static, ok := parseMixedList(p)
				if !ok {
					return nil
				}
				p.SetAttr(StaticOutputShapeAttr, ir.I64Array(static...))
			}
			src, res, ok := parseTypePair(p, "into")
			if !ok {
				return nil
			}
			types := append([]ir.Type{src}, p.SameTypes(ir.Index, p.NumOperands()-1)...)
			return p.Build(types, []ir.Type{res})
		},
		Print: func(p ir.OpPrinter, op *ir.Op) bool {
			groups, ok := Reassociation(op)
			if !ok || op.NumResults() != 1 || op.NumOperands() < 1 {
				return false
			}
			static := staticArray(op, StaticOutputShapeAttr)
			if expand && (static == nil || numDynamic(static) != op.NumOperands()-1) || !allIndex(op.Operands()[1:]) {
				return false
			}
			p.Str(" ")
			p.Operand(op.Operand(0))
			printReassociation(p, groups)
			if expand {
				p.Str(" output_shape ")
				printMixedList(p, static, op.Operands()[1:])
			}
			p.OptionalAttrDict(op.Attrs, elided...)
			p.Str(" : ")
			p.Type(op.Operand(0).Type())
			p.Str(" into ")
			p.Type(op.Result(0).Type())
			return true
		},
	}
}

// verifyReshape is MLIR's verifyReshapeLikeTypes and the collapsed type
// check (verifyTensorReshapeOp) for an op that collapses expanded into
// collapsed.
func verifyReshape(op *ir.Op, expanded, collapsed ir.Type) *ir.Diagnostic {
	groups, _ := Reassociation(op)
	es, _ := ir.Shape(expanded)
	cs, _ := ir.Shape(collapsed)
	if len(es) < len(cs) {
		return op.Errorf("expected the expanded type, '%s' to have a higher (or same) rank than the collapsed type, '%s'.", ir.TypeString(expanded), ir.TypeString(collapsed))
	}
	if len(cs) != len(groups) {
		return op.Errorf("expected collapsed rank (%d) to equal the number of reassociation maps (%d).", len(cs), len(groups))
	}
	// MLIR makes every group an affine map over max index + 1 dims.
	dims := int64(0)
	for _, g := range groups {
		for _, d := range g {
			dims = max(dims, d+1)
		}
	}
	if len(groups) > 0 && dims != int64(len(es)) {
		return op.Errorf("expected reassociation map #0 to have size equal to the expanded rank (%d), but it is  %d.", len(es), dims)
	}
	next := int64(0)
	for i, g := range groups {
		for _, d := range g {
			if d != next {
				return op.Errorf("expected reassociation map #%d to be valid and contiguous.", i)
			}
			next++
		}
	}
	if len(groups) > 0 && len(groups[len(groups)-1]) == 0 || next != int64(len(es)) && len(groups) > 0 {
		return op.Errorf("expected reassociation map #%d to be valid and contiguous.", len(groups)-1)
	}
	at := 0
	for i, g := range groups {
		dyn, prod := false, int64(1)
		for _, d := range es[at : at+len(g)] {
			if d < 0 {
				dyn = true
			} else {
				prod *= d
			}
		}
		at += len(g)
		switch {
		case dyn && cs[i] >= 0:
			return op.Errorf("expected dimension %d of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic", i)
		case !dyn && cs[i] != prod:
			return op.Errorf("expected dimension %d of collapsed type to be static value of %d", i, prod)
		}
	}
	want := ir.Tensor(ir.ElementType(expanded), collapsedShape(es, groups)...)
	if !ir.TypeEqual(want, collapsed) {
		return op.Errorf("expected collapsed type to be '%s', but got '%s'", ir.TypeString(want), ir.TypeString(collapsed))
	}
	return nil
}

// collapsedShape is the shape of expanded with each group merged: the
// product of the group's sizes, '?' if one of them is.
func collapsedShape(expanded []int64, groups [][]int64) []int64 {
	out := make([]int64, len(groups))
	at := 0
	for i, g := range groups {
		out[i] = 1
		for _, d := range expanded[at : at+len(g)] {
			if d < 0 || out[i] < 0 {
				out[i] = ir.Dynamic
				continue
			}
			out[i] *= d
		}
		at += len(g)
	}
	return out
}

func verifyCollapse(op *ir.Op) *ir.Diagnostic {
	src, res := op.Operand(0).Type(), op.Result(0).Type()
	ss, _ := ir.Shape(src)
	rs, _ := ir.Shape(res)
	if len(ss) < len(rs) {
		return op.Errorf("expected rank reduction, but found source rank %d < result rank %d", len(ss), len(rs))
	}
	return verifyReshape(op, src, res)
}

func verifyExpand(op *ir.Op) *ir.Diagnostic {
	src, res := op.Operand(0).Type(), op.Result(0).Type()
	ss, _ := ir.Shape(src)
	rs, _ := ir.Shape(res)
	if len(ss) > len(rs) {
		return op.Errorf("expected rank expansion, but found source rank %d > result rank %d", len(ss), len(rs))
	}
	if d := verifyReshape(op, res, src); d != nil {
		return d
	}
	static := staticArray(op, StaticOutputShapeAttr)
	if len(static) != len(rs) {
		return op.Errorf("expected number of static shape dims to be equal to the output rank (%d) but found %d inputs instead", len(rs), len(static))
	}
	if n := numDynamic(static); n != op.NumOperands()-1 {
		return op.Errorf("mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has %d dynamic dims while output_shape has %d values", n, op.NumOperands()-1)
	}
	return nil
}

// inferCollapse refines a collapse's result from its source.
func inferCollapse(op *ir.Op) []ir.Type {
	groups, ok := Reassociation(op)
	ss, r := ir.Shape(op.Operand(0).Type())
	rs, rr := ir.Shape(op.Result(0).Type())
	if !ok || !r || !rr || len(rs) != len(groups) || groupsRank(groups) != len(ss) {
		return nil
	}
	if j, ok := traits.JoinShapes(collapsedShape(ss, groups), rs); ok {
		return []ir.Type{ir.WithShape(op.Result(0).Type(), j)}
	}
	return nil
}

// groupsRank is the number of dims the groups cover.
func groupsRank(groups [][]int64) int {
	n := 0
	for _, g := range groups {
		n += len(g)
	}
	return n
}

// inferExpand refines an expand's result from its static output_shape
// entries, and a group's one '?' from its source dim where that is
// static (after infer-shapes refined the source).
func inferExpand(op *ir.Op) []ir.Type {
	groups, ok := Reassociation(op)
	static := staticArray(op, StaticOutputShapeAttr)
	ss, r := ir.Shape(op.Operand(0).Type())
	rs, rr := ir.Shape(op.Result(0).Type())
	if !ok || !r || !rr || len(static) != len(rs) || len(groups) != len(ss) || groupsRank(groups) != len(rs) {
		return nil
	}
	s := make([]int64, len(rs))
	for i, x := range static {
		s[i] = ir.Dynamic
		if x != KDynamic && x >= 0 {
			s[i] = x
		}
	}
	j, ok := traits.JoinShapes(s, rs)
	if !ok {
		return nil
	}
	at := 0
	for i, g := range groups {
		part := j[at : at+len(g)]
		at += len(g)
		if ss[i] < 0 || dynamicDims(part) != 1 {
			continue
		}
		prod := int64(1)
		for _, d := range part {
			if d >= 0 {
				prod *= d
			}
		}
		if prod > 0 && ss[i]%prod == 0 {
			part[slices.Index(part, ir.Dynamic)] = ss[i] / prod
		}
	}
	return []ir.Type{ir.WithShape(op.Result(0).Type(), j)}
}

// inferDest refines the result of an op writing into its destination
// operand #k: the destination's type.
func inferDest(k int) func(op *ir.Op) []ir.Type {
	return func(op *ir.Op) []ir.Type {
		if op.NumOperands() <= k || !ir.CompatibleShapeOf(op.Operand(k).Type(), op.Result(0).Type()) {
			return nil
		}
		return []ir.Type{op.Operand(k).Type()}
	}
}

// ReshapeGroups returns a collapse_shape's or expand_shape's groups and
// which side is expanded: the groups index the expanded type's dims.
func ReshapeGroups(op *ir.Op) (groups [][]int64, expand bool, ok bool) {
	switch op.Name {
	case "tensor.collapse_shape":
		expand = false
	case "tensor.expand_shape":
		expand = true
	default:
		return nil, false, false
	}
	groups, ok = Reassociation(op)
	return groups, expand, ok
}

// OutputShape returns an expand_shape's output_shape list.
func OutputShape(op *ir.Op) MixedList {
	return MixedList{Static: staticArray(op, StaticOutputShapeAttr), Values: op.Operands()[1:]}
}

// parseIndices parses `[%i, ...]` into operands and returns their count.
func parseIndices(p ir.OpParser) (int, bool) {
	n := p.NumOperands()
	if !p.Parse("[", "expected '['") {
		return 0, false
	}
	if !p.ParseOptional("]") {
		if !p.ParseOperands() || !p.Parse("]", "expected ']'") {
			return 0, false
		}
	}
	return p.NumOperands() - n, true
}

// parseIndexedTensor parses what follows the tensor operand of
// tensor.extract and tensor.insert, `[%i, ...] [attrs] : T`, T a tensor
// type (what names it in the message when missing): T, its element type
// and the number of indices.
func parseIndexedTensor(p ir.OpParser, what string) (t ir.Type, e *ir.Scalar, n int, ok bool) {
	if n, ok = parseIndices(p); !ok {
		return nil, nil, 0, false
	}
	p.ParseOptionalAttrDict()
	if t = p.ParseColonType(what); t == nil {
		return nil, nil, 0, false
	}
	if e = ir.ElementType(t); e == nil || !isTensor(t) {
		p.Errorf("'{op}' expected a tensor type")
		return nil, nil, 0, false
	}
	return t, e, n, true
}

// buildFromSizes ends the forms whose operands are a result's sizes:
// ` [attrs] : T`, then the op, its operands indices.
func buildFromSizes(p ir.OpParser) *ir.Op {
	p.ParseOptionalAttrDict()
	t := p.ParseColonType("the result type of '{op}'")
	if t == nil {
		return nil
	}
	return p.Build(p.SameTypes(ir.Index, p.NumOperands()), []ir.Type{t})
}

// parseTypePair parses ` [attrs] : S kw R`, the tail of the tensor forms
// from a source type to a result type (kw "to" or "into").
func parseTypePair(p ir.OpParser, kw string) (src, res ir.Type, ok bool) {
	p.ParseOptionalAttrDict()
	if src = p.ParseColonType("the source type of '{op}'"); src == nil {
		return nil, nil, false
	}
	if !p.ParseOptionalKeyword(kw) {
		p.ErrorExpected("expected '%s'", kw)
		return nil, nil, false
	}
	if res = p.ParseType(); res == nil {
		return nil, nil, false
	}
	return src, res, true
}

// printIndexed writes `%t[%i, ...] [attrs] : T`, operand i the tensor
// and the operands after it the indices.
func printIndexed(p ir.OpPrinter, op *ir.Op, i int, t ir.Type) {
	p.Operand(op.Operand(i))
	p.Str("[")
	p.Operands(op.Operands()[i+1:])
	p.Str("]")
	printAttrsAndType(p, op, t)
}

// printAttrsAndType writes ` [attrs] : T`, the tail of the tensor forms.
func printAttrsAndType(p ir.OpPrinter, op *ir.Op, t ir.Type) {
	p.OptionalAttrDict(op.Attrs)
	p.Str(" : ")
	p.Type(t)
}

// extractForm is `%t[%i, ...] [attrs] : T`.
var extractForm = &ir.Format{
	Name: "%t[%i, ...] : T",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseOperand() {
			return nil
		}
		t, e, n, ok := parseIndexedTensor(p, "the tensor type of '{op}'")
		if !ok {
			return nil
		}
		return p.Build(append([]ir.Type{t}, p.SameTypes(ir.Index, n)...), []ir.Type{e})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || op.NumOperands() < 1 || op.Result(0).Type() != ir.ElementType(op.Operand(0).Type()) || !allIndex(op.Operands()[1:]) {
			return false
		}
		p.Str(" ")
		printIndexed(p, op, 0, op.Operand(0).Type())
		return true
	},
}

// insertForm is `%x into %t[%i, ...] [attrs] : T`.
var insertForm = &ir.Format{
	Name: "%x into %t[%i, ...] : T",
	Parse: func(p ir.OpParser) *ir.Op {
		if !p.ParseOperand() {
			return nil
		}
		if !p.ParseOptionalKeyword("into") {
			p.ErrorExpected("expected 'into'")
			return nil
		}
		if !p.ParseOperand() {
			return nil
		}
		t, e, n, ok := parseIndexedTensor(p, "the destination type of '{op}'")
		if !ok {
			return nil
		}
		return p.Build(append([]ir.Type{e, t}, p.SameTypes(ir.Index, n)...), []ir.Type{t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || op.NumOperands() < 2 || !ir.TypeEqual(op.Operand(1).Type(), op.Result(0).Type()) ||
			op.Operand(0).Type() != ir.ElementType(op.Result(0).Type()) || !allIndex(op.Operands()[2:]) {
			return false
		}
		p.Str(" ")
		p.Operand(op.Operand(0))
		p.Str(" into ")
		printIndexed(p, op, 1, op.Result(0).Type())
		return true
	},
}

// fromElementsForm is `%a, ... [attrs] : T`, one operand per element.
var fromElementsForm = &ir.Format{
	Name: "%a, ... : T",
	Parse: func(p ir.OpParser) *ir.Op {
		first := p.Pos()
		if !p.ParseOptionalOperands() {
			return nil
		}
		p.ParseOptionalAttrDict()
		at := p.Pos()
		t := p.ParseColonType("the result type of '{op}'")
		if t == nil {
			return nil
		}
		s, ranked := ir.Shape(t)
		if !isTensor(t) || !ranked {
			p.ErrorAt(at, "'{op}' invalid kind of type specified")
			return nil
		}
		n, _ := ir.NumElements(s)
		if n != int64(p.NumOperands()) {
			p.ErrorAt(first, "custom op '{op}' %d operands present, but expected %d", p.NumOperands(), n)
			return nil
		}
		return p.Build(p.SameTypes(ir.ElementType(t), p.NumOperands()), []ir.Type{t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumResults() != 1 || !isTensor(op.Result(0).Type()) {
			return false
		}
		for _, v := range op.Operands() {
			if v.Type() != ir.ElementType(op.Result(0).Type()) {
				return false
			}
		}
		p.Str(" ") // mlir-opt-19 prints it without operands too
		p.Operands(op.Operands())
		p.OptionalAttrDict(op.Attrs)
		p.Str(" : ")
		p.Type(op.Result(0).Type())
		return true
	},
}

// emptyLoops gives a static tensor.empty a loop description: one
// parallel loop per dimension, the kernel converting loop 0's index (its
// elements are unspecified, so any value is right). Codegen inlines it
// into its consumer's nest, and LLVM deletes it when the consumer never
// reads it (a linalg op's outs): no memory, no traffic. Rank 0 and
// dynamic sizes have none, and are allocated (codegen/tensor_ops.go).
func emptyLoops(op *ir.Op) *ir.Loops {
	shape, ranked := ir.Shape(op.Result(0).Type())
	if !ranked || len(shape) == 0 || op.NumOperands() > 0 {
		return nil
	}
	m := make([]ir.DimMap, len(shape))
	for i := range m {
		m[i] = ir.Dim(i)
	}
	return &ir.Loops{Iter: make([]ir.IterKind, len(shape)), Operands: [][]ir.DimMap{}, Results: [][]ir.DimMap{m}, Indices: []int{0}}
}
