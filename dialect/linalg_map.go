package dialect

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// linalg.map and linalg.reduce: linalg.generic with the maps and
// iterators implied (identity maps; for reduce, the `dimensions` loops
// reduced and left out of the inits' maps), on the same region kernel.
// Their custom forms as MLIR 19 prints them: the short form
// `{ arith.addf }` when the body is one op on the block arguments
// (reduce: the init first), else the arguments and the body on a line of
// their own.

// LinalgMapOps are linalg.map and linalg.reduce.
var LinalgMapOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "linalg.map", Summary: "apply the body to the elements of the inputs at every index, into the init",
			Format: mapForm, Regions: 1, Kernel: ir.KernelRegion,
			Traits:        []*ir.Trait{traits.AtLeastNOperands(1), traits.SingleBlock, traits.Pure},
			Loops:         mapLoops,
			Verify:        verifyMap,
			BlockArgNames: linalgArgNames(""),
			ResultName:    func(*ir.Op) string { return "mapped" },
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"result", rankedTensors, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "linalg.reduce", Summary: "combine the inputs' elements along `dimensions` into the inits with the body",
			Format: reduceForm, Regions: 1, Kernel: ir.KernelRegion,
			Traits:        []*ir.Trait{traits.SingleBlock, traits.Pure},
			Inherent:      []string{"dimensions"},
			Loops:         reduceLoops,
			Verify:        verifyReduce,
			BlockArgNames: linalgArgNames("init"),
			ResultName:    func(*ir.Op) string { return "reduced" },
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"result", rankedTensors, true}},
	},
}

// mapLoops: identity maps of the init's rank for every operand.
func mapLoops(op *ir.Op) *ir.Loops {
	if op.NumOperands() == 0 {
		return nil
	}
	shape, ranked := ir.MemRefOrShape(op.Operand(op.NumOperands() - 1).Type())
	if !ranked {
		return nil
	}
	maps := make([]*ir.AffineMap, op.NumOperands())
	for i := range maps {
		maps[i] = ir.IdentityMap(len(shape))
	}
	return LinalgLoopsOf(op, make([]ir.IterKind, len(shape)), maps)
}

// reduceDims reads `dimensions`.
func reduceDims(op *ir.Op) ([]int64, bool) {
	a, ok := op.Attr("dimensions").(*ir.DenseArrayAttr)
	if !ok {
		return nil, false
	}
	return a.Ints, true
}

// reduceLoops: one loop per input dimension, those of `dimensions`
// reductions; the inputs read every loop, the inits the others.
func reduceLoops(op *ir.Op) *ir.Loops {
	dims, ok := reduceDims(op)
	if !ok || op.NumOperands() == 0 || op.NumOperands()%2 != 0 {
		return nil
	}
	shape, ranked := ir.MemRefOrShape(op.Operand(0).Type())
	if !ranked {
		return nil
	}
	iters := make([]ir.IterKind, len(shape))
	for _, d := range dims {
		if d < 0 || int(d) >= len(shape) {
			return nil
		}
		iters[d] = ir.Reduction
	}
	in, init := ir.IdentityMap(len(shape)), &ir.AffineMap{NumDims: len(shape)}
	for i, k := range iters {
		if k == ir.Parallel {
			init.Results = append(init.Results, ir.AffineExpr{Dim: i})
		}
	}
	maps := make([]*ir.AffineMap, op.NumOperands())
	for i := range maps {
		maps[i] = in
		if i >= op.NumOperands()/2 {
			maps[i] = init
		}
	}
	return LinalgLoopsOf(op, iters, maps)
}

// verifyMap is MapOp::verify's rules, with its messages.
func verifyMap(op *ir.Op) *ir.Diagnostic {
	if d := verifyOutsResults(op, LinalgNumIns(op)); d != nil {
		return d
	}
	nIns := LinalgNumIns(op)
	b := op.Region(0).Front()
	if b == nil {
		return nil
	}
	if len(b.Args()) != nIns {
		return op.Errorf("expects number of operands to match the arity of mapper, but got: %d and %d", nIns, len(b.Args()))
	}
	init := op.Operand(nIns).Type()
	outShape, _ := ir.MemRefOrShape(init)
	for i := range nIns {
		t := op.Operand(i).Type()
		if e := shapedElem(t); !ir.TypeEqual(e, b.Arg(i).Type()) {
			return op.Errorf("expected element type of input '%s' to match bbArg type '%s'", ir.TypeString(e), ir.TypeString(b.Arg(i).Type()))
		}
		if s, _ := ir.MemRefOrShape(t); !equalShapes(s, outShape) {
			return op.Errorf("expected shape of input (%s) to match shape of output (%s)", shapeList(s), shapeList(outShape))
		}
	}
	return nil
}

// verifyReduce is ReduceOp::verify's rules, with its messages.
func verifyReduce(op *ir.Op) *ir.Diagnostic {
	dims, ok := reduceDims(op)
	if !ok {
		return op.Errorf("requires attribute 'dimensions'")
	}
	if !slices.IsSorted(dims) || len(slices.Compact(slices.Clone(dims))) != len(dims) {
		return op.Errorf("attribute 'dimensions' failed to satisfy constraint: i64 dense array attribute should be in increasing order")
	}
	n := op.NumOperands() / 2
	if n == 0 || op.NumOperands()%2 != 0 {
		return op.Errorf("expects an equal number of inputs and inits")
	}
	if d := verifyOutsResults(op, n); d != nil {
		return d
	}
	if d := verifySameShapes(op, 0, n, "input"); d != nil {
		return d
	}
	if d := verifySameShapes(op, n, op.NumOperands(), "output"); d != nil {
		return d
	}
	in, _ := ir.MemRefOrShape(op.Operand(0).Type())
	reduced := make([]bool, len(in))
	for _, d := range dims {
		if d < 0 || int(d) >= len(in) {
			return op.Errorf("dimensions for reduction should be in the range [0, %d].", len(in)-1)
		}
		reduced[d] = true
	}
	var kept []int64
	for i, s := range in {
		if !reduced[i] {
			kept = append(kept, s)
		}
	}
	for i := n; i < op.NumOperands(); i++ {
		init, _ := ir.MemRefOrShape(op.Operand(i).Type())
		if len(init) != len(kept) {
			return op.Errorf("number of dimensions after reduction %d doesn't match the init rank %d", len(kept), len(init))
		}
		if !equalShapes(init, kept) {
			return op.Errorf("init dimensions [%s] doesn't match input dimensions after reduction [%s]", shapeList(init), shapeList(kept))
		}
	}
	b := op.Region(0).Front()
	if b == nil {
		return nil
	}
	if len(b.Args()) != op.NumOperands() {
		return op.Errorf("mismatching number of operands and block arguments")
	}
	for i, v := range op.Operands() {
		e := shapedElem(v.Type())
		if !ir.TypeEqual(e, b.Arg(i).Type()) {
			what := "input"
			if i >= n {
				what = "output"
			}
			return op.Errorf("%s element type '%s' does not match corresponding block argument type '%s'", what, ir.TypeString(e), ir.TypeString(b.Arg(i).Type()))
		}
	}
	return nil
}

// verifySameShapes is ReduceOp's rule that its inputs (or its inits),
// operands [from, to), all have the first one's shape.
func verifySameShapes(op *ir.Op, from, to int, what string) *ir.Diagnostic {
	first, _ := ir.MemRefOrShape(op.Operand(from).Type())
	for i := from + 1; i < to; i++ {
		if s, _ := ir.MemRefOrShape(op.Operand(i).Type()); !slices.Equal(s, first) {
			return op.Errorf("expects all %ss to have the same shapes. Shape at %s-index %d is not equal to the shape at %s-index 0.", what, what, i-from, what)
		}
	}
	return nil
}

func equalShapes(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] && a[i] >= 0 && b[i] >= 0 {
			return false
		}
	}
	return true
}

func shapeList(s []int64) string {
	parts := make([]string, len(s))
	for i, d := range s {
		if d < 0 {
			parts[i] = "?"
		} else {
			parts[i] = fmt.Sprint(d)
		}
	}
	return strings.Join(parts, ", ")
}

// parseShortBody parses `{ op-name [attr-dict] }` and returns the payload
// op's name and attributes, or ok false when no '{' is next.
func parseShortBody(p ir.OpParser) (name string, attrs ir.Attrs, present, ok bool) {
	if !p.ParseOptional("{") {
		return "", nil, false, true
	}
	name, ok = p.ParseKeywordOrString()
	if !ok {
		p.ErrorExpected("expected an operation name")
		return "", nil, true, false
	}
	saved := p.Attrs()
	p.SetAttrs(nil)
	p.ParseOptionalAttrDict()
	attrs = p.Attrs()
	p.SetAttrs(saved)
	return name, attrs, true, p.Parse("}", "expected '}'")
}

// buildShortBody makes the body of the short form: one block whose
// arguments are the operands' element types, the payload op on them
// (initFirst: the last argument first, as linalg.reduce's combiner reads
// the init, then the inputs), yielded.
func buildShortBody(p ir.OpParser, name string, attrs ir.Attrs, argTypes []ir.Type, initFirst bool, result ir.Type) {
	r := ir.NewRegion()
	b := r.AddBlock()
	for _, t := range argTypes {
		b.AddArg(t)
	}
	args := b.Args()
	if initFirst && len(args) > 1 {
		args = append([]*ir.Value{args[len(args)-1]}, args[:len(args)-1]...)
	}
	payload := ir.NewOp(name, args, []ir.Type{result}, attrs)
	payload.Pos = p.OpPos()
	b.Append(payload)
	y := ir.NewOp("linalg.yield", []*ir.Value{payload.Result(0)}, nil, nil)
	y.Pos = p.OpPos()
	b.Append(y)
	p.AddRegion(r)
}

// shortPayload is the payload op of a body in the short form's shape, or
// nil: two ops, the first with one result on the block arguments in
// order (initFirst: the last one first) and no region, the yield of its
// result.
func shortPayload(op *ir.Op, initFirst bool) *ir.Op {
	if op.NumRegions() != 1 || op.Region(0).NumBlocks() != 1 {
		return nil
	}
	b := op.Region(0).Front()
	payload, y := b.First(), b.Last()
	if b.NumOps() != 2 || payload.NumResults() != 1 || payload.NumRegions() != 0 || payload.Def == nil ||
		y.NumOperands() != 1 || y.Operand(0) != payload.Result(0) || payload.NumOperands() != len(b.Args()) {
		return nil
	}
	args := b.Args()
	if initFirst && len(args) > 1 {
		args = append([]*ir.Value{args[len(args)-1]}, args[:len(args)-1]...)
	}
	for i, v := range payload.Operands() {
		if v != args[i] {
			return nil
		}
	}
	return payload
}

// printShortBody writes ` { name {attrs} }`, leaving out attributes at
// their default value.
func printShortBody(p ir.OpPrinter, payload *ir.Op) {
	p.Str(" { " + payload.Name)
	var elided []string
	for _, na := range payload.Def.Defaults {
		if ir.AttrEqual(payload.Attr(na.Name), na.Value) {
			elided = append(elided, na.Name)
		}
	}
	p.OptionalAttrDict(payload.Attrs, elided...)
	p.Str(" }")
}

// parseLongBody parses `(%a: T, ...) { body }`.
func parseLongBody(p ir.OpParser) bool {
	if !p.Parse("(", "expected '('") {
		return false
	}
	var args []ir.Argument
	for !p.At(")") {
		a, ok := p.ParseArgument(true)
		if !ok {
			return false
		}
		args = append(args, a)
		if !p.ParseOptional(",") {
			break
		}
	}
	if !p.Parse(")", "expected ')'") {
		return false
	}
	return p.ParseRegion(args) != nil
}

// printLongBody writes the body's arguments and the body on a line of
// their own, one level deeper.
func printLongBody(p ir.OpPrinter, op *ir.Op) {
	b := op.Region(0).Front()
	p.Indent()
	p.Newline()
	p.Str("(")
	for i, a := range b.Args() {
		if i > 0 {
			p.Str(", ")
		}
		p.Argument(a)
	}
	p.Str(") ")
	p.Region(op.Region(0), false, true)
	p.Dedent()
}

// elemTypes are the element types of ts.
func elemTypes(ts []ir.Type) []ir.Type {
	out := make([]ir.Type, len(ts))
	for i, t := range ts {
		out[i] = shapedElem(t)
	}
	return out
}

// tensorResults are the types of the tensor operands among outs: the
// results of a linalg op on tensors.
func tensorResults(outs []ir.Type) []ir.Type {
	var out []ir.Type
	for _, t := range outs {
		if isTensor(t) {
			out = append(out, t)
		}
	}
	return out
}

// mapForm is `linalg.map [{ op }] ins(...) outs(...) [attrs] [(%a: T, ...) { body }]`.
var mapForm = &ir.Format{
	Name: "[{ op }] ins(...) outs(...) [{attrs}] [(args) { body }]",
	Parse: func(p ir.OpParser) *ir.Op {
		name, pattrs, short, ok := parseShortBody(p)
		if !ok {
			return nil
		}
		types, nIns, ok := parseInsOuts(p)
		if !ok || !p.ParseOptionalAttrDict() {
			return nil
		}
		if len(types) == 0 && short { // the operand count check reports it
			op := p.Build(nil, nil)
			if op != nil {
				op.AttachRegion(ir.NewRegion())
			}
			return op
		}
		if len(types) == nIns {
			p.Errorf("expected 'outs'")
			return nil
		}
		if short {
			buildShortBody(p, name, pattrs, elemTypes(types[:nIns]), false, shapedElem(types[len(types)-1]))
		} else if !parseLongBody(p) {
			return nil
		}
		return p.Build(types, tensorResults(types[nIns:]))
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumOperands() == 0 || op.NumRegions() != 1 || op.Region(0).Empty() {
			return false
		}
		payload := shortPayload(op, false)
		if payload != nil {
			printShortBody(p, payload)
		}
		printInsOuts(p, op, op.NumOperands()-1)
		p.OptionalAttrDict(op.Attrs)
		if payload == nil {
			printLongBody(p, op)
		}
		return true
	},
}

// reduceForm is `linalg.reduce [{ op }] ins(...) outs(...) dimensions =
// [d, ...] [attrs] [(%a: T, ...) { body }]`.
var reduceForm = &ir.Format{
	Name: "[{ op }] ins(...) outs(...) dimensions = [...] [{attrs}] [(args) { body }]",
	Parse: func(p ir.OpParser) *ir.Op {
		name, pattrs, short, ok := parseShortBody(p)
		if !ok {
			return nil
		}
		types, nIns, ok := parseInsOuts(p)
		if !ok {
			return nil
		}
		if !p.ParseOptionalKeyword("dimensions") {
			p.ErrorExpected("expected 'dimensions'")
			return nil
		}
		dims, ok := parseIntList(p)
		if !ok || !p.ParseOptionalAttrDict() {
			return nil
		}
		p.SetAttr("dimensions", ir.I64Array(dims...))
		if short {
			buildShortBody(p, name, pattrs, elemTypes(types), true, shapedElem(types[len(types)-1]))
		} else if !parseLongBody(p) {
			return nil
		}
		_ = nIns
		return p.Build(types, tensorResults(types[nIns:]))
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		dims, ok := reduceDims(op)
		if !ok || op.NumRegions() != 1 || op.Region(0).Empty() {
			return false
		}
		var payload *ir.Op
		if op.NumOperands() == 2 {
			payload = shortPayload(op, true)
		}
		if payload != nil {
			printShortBody(p, payload)
		}
		printInsOuts(p, op, op.NumOperands()/2)
		p.Str(" dimensions = [")
		for i, d := range dims {
			if i > 0 {
				p.Str(", ")
			}
			p.Str(fmt.Sprint(d))
		}
		p.Str("] ")
		p.OptionalAttrDict(op.Attrs, "dimensions")
		if payload == nil {
			printLongBody(p, op)
		}
		return true
	},
}

// parseIntList parses `= [1, 2]`.
func parseIntList(p ir.OpParser) ([]int64, bool) {
	if !p.Parse("=", "expected '='") || !p.Parse("[", "expected '['") {
		return nil, false
	}
	var out []int64
	for !p.At("]") {
		a, ok := p.ParseAttr().(*ir.IntAttr)
		if !ok {
			p.Errorf("expected an integer")
			return nil, false
		}
		out = append(out, a.Value)
		if !p.ParseOptional(",") {
			break
		}
	}
	return out, p.Parse("]", "expected ']'")
}
