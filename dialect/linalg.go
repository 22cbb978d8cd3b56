package dialect

import (
	"fmt"
	"slices"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// The linalg dialect's structured ops on tensors (SPEC 3e). Each is a row
// on the loop description: its indexing maps and iterator types are its
// ir.Loops (linalgLoops), its body region is its kernel (ir.KernelRegion:
// eval and codegen run the body's scalar ops at every iteration). The
// operands are the ins, then the outs (destination-passing style): result
// i is outs operand i with every element the body yields written, so an
// outs operand's values start a reduction.

// LinalgOps is the linalg dialect's op table (the structured ops with a
// body; the named ops add theirs).
var LinalgOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "linalg.generic", Summary: "run the body at every point of the iteration space the indexing maps and iterator types define",
			Format: genericForm, Regions: 1, Kernel: ir.KernelRegion,
			Traits:        []*ir.Trait{traits.AttrSizedOperandSegments(2), traits.SingleBlock, traits.Pure, linalgStructured},
			Inherent:      []string{"doc", "indexing_maps", "iterator_types", "library_call", "operandSegmentSizes"},
			Loops:         linalgLoops,
			BlockArgNames: linalgArgNames("out"),
		},
		Operands: []Arg{{"operands", AnyType, true}},
		Results:  []Arg{{"result_tensors", rankedTensors, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "linalg.yield", Summary: "end a linalg op's body, handing it the elements of the outs", Format: yieldForm,
			Traits: []*ir.Trait{traits.Terminator},
			Verify: verifyLinalgYield,
		},
		Operands: []Arg{{"values", AnyType, true}},
	},
	{
		OpDef: ir.OpDef{
			Name: "linalg.index", Summary: "the index of loop `dim` at the current iteration of the enclosing linalg op",
			Format: indexForm, Inherent: []string{"dim"}, Traits: []*ir.Trait{traits.Pure},
			Verify: verifyLinalgIndex,
		},
		Results: []Arg{{"result", indexType, false}},
	},
}

// linalgArgNames names a linalg body's arguments as mlir-opt-19 prints
// them: %in for each ins operand, outs for each of the outs ("out";
// linalg.reduce's "init"; "" for linalg.map, whose body reads no init).
func linalgArgNames(outs string) func(op *ir.Op, r int) []string {
	return func(op *ir.Op, r int) []string {
		b := op.Regions()[r].Front()
		if b == nil {
			return nil
		}
		names := make([]string, len(b.Args()))
		ins := LinalgNumIns(op)
		for i := range names {
			if i < ins {
				names[i] = "in"
			} else {
				names[i] = outs
			}
		}
		return names
	}
}

var rankedTensors = Constraint{"variadic of ranked tensor of any type values", ir.IsRankedTensor}

// LinalgNumIns is the number of ins operands of a linalg op: the first
// of its operandSegmentSizes (ins, outs), or all operands but the
// results' count when the attribute is missing.
func LinalgNumIns(op *ir.Op) int {
	if n, ok := linalgFixedIns[op.Name]; ok {
		return n
	}
	if a, ok := op.Attr("operandSegmentSizes").(*ir.DenseArrayAttr); ok && len(a.Ints) == 2 {
		return int(a.Ints[0])
	}
	if op.NumResults() == 0 {
		// On memrefs there are no results to count the outs by.
		if ins, ok := linalgMemRefIns[op.Name]; ok {
			return ins(op.NumOperands())
		}
	}
	return max(op.NumOperands()-op.NumResults(), 0)
}

// linalgMemRefIns gives the number of ins of the linalg ops with
// variadic ins on memrefs, from their number of operands: linalg.map has
// one init, linalg.reduce one per input.
var linalgMemRefIns = map[string]func(n int) int{
	"linalg.map":    func(n int) int { return max(n-1, 0) },
	"linalg.reduce": func(n int) int { return n / 2 },
}

// linalgFixedIns holds the number of ins of the linalg ops whose
// operands are fixed (the named ops: so many ins, one init).
var linalgFixedIns = map[string]int{}

// linalgSegments is the operandSegmentSizes attribute of ins ins and outs
// outs operands.
func linalgSegments(ins, outs int) ir.Attr {
	return &ir.DenseArrayAttr{Elem: ir.I32, Ints: []int64{int64(ins), int64(outs)}}
}

// LinalgIterAttr is the iterator type k as the generic form holds it,
// `#linalg.iterator_type<parallel>`.
func LinalgIterAttr(k ir.IterKind) ir.Attr {
	return &ir.OpaqueAttr{Text: "#linalg.iterator_type<" + k.String() + ">"}
}

// linalgIters reads iterator_types (the attributes LinalgIterAttr makes,
// or strings); ok is false for a missing or malformed one.
func linalgIters(op *ir.Op) ([]ir.IterKind, bool) {
	arr, ok := op.Attr("iterator_types").(ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([]ir.IterKind, len(arr))
	for i, a := range arr {
		k, ok := iterKindOf(a)
		if !ok {
			return nil, false
		}
		out[i] = k
	}
	return out, true
}

func iterKindOf(a ir.Attr) (ir.IterKind, bool) {
	var s string
	switch a := a.(type) {
	case *ir.OpaqueAttr:
		s = a.Text
	case ir.StringAttr:
		s = string(a)
	}
	switch s {
	case "#linalg.iterator_type<parallel>", "parallel":
		return ir.Parallel, true
	case "#linalg.iterator_type<reduction>", "reduction":
		return ir.Reduction, true
	}
	return 0, false
}

// linalgMaps reads indexing_maps; ok is false when it is missing or an
// element is not an affine map.
func linalgMaps(op *ir.Op) ([]*ir.AffineMap, bool) {
	arr, ok := op.Attr("indexing_maps").(ir.ArrayAttr)
	if !ok {
		return nil, false
	}
	out := make([]*ir.AffineMap, len(arr))
	for i, a := range arr {
		m, err := ir.AffineMapOf(a)
		if err != nil {
			return nil, false
		}
		out[i] = m
	}
	return out, true
}

// linalgLoops is the loop description of linalg.generic (and of the ops
// whose maps and iterators come from their attributes the same way).
func linalgLoops(op *ir.Op) *ir.Loops {
	iters, ok1 := linalgIters(op)
	maps, ok2 := linalgMaps(op)
	if !ok1 || !ok2 || len(maps) != op.NumOperands() {
		return nil
	}
	return LinalgLoopsOf(op, iters, maps)
}

// LinalgLoopsOf is the loop description of a linalg op over the given
// iterators and one map per operand (ins, then outs): ir.LinalgLoops,
// with a scalar (unshaped) operand read as the same value everywhere. It
// is nil when a map has an expression the loop description does not
// model, or an operand or result is unranked.
func LinalgLoopsOf(op *ir.Op, iters []ir.IterKind, maps []*ir.AffineMap) *ir.Loops {
	if !operandsRanked(op) {
		return nil
	}
	l := ir.LinalgLoops(iters, maps, LinalgNumIns(op))
	if l == nil {
		return nil
	}
	l.Results = fitMaps(op, l.Operands, l.Results)
	l.Indices = bodyIndices(op, len(iters))
	return l
}

// bodyIndices are the loops the linalg.index ops of op's body read, in
// order of first use (the kernel's arguments after the operands').
func bodyIndices(op *ir.Op, loops int) []int {
	if op.NumRegions() != 1 || op.Region(0).Empty() {
		return nil
	}
	var out []int
	for o := range op.Region(0).Front().Ops() {
		if d, ok := o.Attr("dim").(*ir.IntAttr); ok && o.Name == "linalg.index" && d.Value >= 0 && d.Value < int64(loops) && !slices.Contains(out, int(d.Value)) {
			out = append(out, int(d.Value))
		}
	}
	return out
}

// verifyLinalgIndex checks that dim names a loop of the enclosing op.
func verifyLinalgIndex(op *ir.Op) *ir.Diagnostic {
	d, ok := op.Attr("dim").(*ir.IntAttr)
	if !ok {
		return op.Errorf("requires attribute 'dim'")
	}
	if d.Value < 0 {
		return op.Errorf("attribute 'dim' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0")
	}
	parent := op.ParentOp()
	if parent == nil || ir.DialectOf(parent.Name) != "linalg" {
		return op.Errorf("expected parent op with LinalgOp interface")
	}
	if l := ir.LoopsOf(parent); l != nil && d.Value >= int64(l.NumLoops()) {
		return op.Errorf("expected dim (%d) to be lower than the number of loops (%d) of the enclosing LinalgOp", d.Value, l.NumLoops())
	}
	return nil
}

// indexForm is `linalg.index <dim> : index`.
var indexForm = &ir.Format{
	Name: "dim : index",
	Parse: func(p ir.OpParser) *ir.Op {
		d, ok := p.ParseAttr().(*ir.IntAttr)
		if !ok {
			p.Errorf("expected integer value")
			return nil
		}
		p.SetAttr("dim", ir.Int(d.Value))
		if d.Type != ir.Index { // `0 : index` reads as one typed integer
			p.ParseOptionalAttrDict()
			if t := p.ParseColonType("type"); t == nil {
				return nil
			}
		}
		return p.Build(nil, []ir.Type{ir.Index})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		d, ok := op.Attr("dim").(*ir.IntAttr)
		if !ok {
			return false
		}
		p.Str(fmt.Sprintf(" %d", d.Value))
		p.OptionalAttrDict(op.Attrs, "dim")
		p.Str(" : index")
		return true
	},
}

// linalgStructured is MLIR's LinalgStructuredInterface, which verifies an
// op after the ops of its body (verifyWithRegions): a body's yield or
// index reports its error before the op's own rules.
var linalgStructured = &ir.Trait{
	Name:         "LinalgStructuredInterface",
	Doc:          "The indexing maps, iterator types, operands and body agree (checked after the body's ops).",
	VerifyRegion: verifyGeneric,
}

// verifyGeneric checks linalg.generic with mlir-opt-19's messages: the
// attributes, then the structured-op rules (verifyStructuredOp), then the
// body's arguments.
func verifyGeneric(op *ir.Op) *ir.Diagnostic {
	if _, ok := op.Attr("indexing_maps").(ir.ArrayAttr); !ok {
		return op.Errorf("requires attribute 'indexing_maps'")
	}
	iters, ok := linalgIters(op)
	if !ok {
		return op.Errorf("requires attribute 'iterator_types'")
	}
	maps, ok := linalgMaps(op)
	if !ok {
		return op.Errorf("attribute 'indexing_maps' failed to satisfy constraint: AffineMap array attribute")
	}
	return verifyStructured(op, iters, maps)
}

// verifyStructured is MLIR's verifyStructuredOpInterface and
// verifyDestinationStyleOpInterface for an op with the given iterators
// and maps, then the body's block arguments against the operands.
func verifyStructured(op *ir.Op, iters []ir.IterKind, maps []*ir.AffineMap) *ir.Diagnostic {
	if len(maps) != op.NumOperands() {
		return op.Errorf("expected the number of indexing_map (%d) to be equal to the number of input/output operands (%d)", len(maps), op.NumOperands())
	}
	nIns := LinalgNumIns(op)
	if d := verifyOutsResults(op, nIns); d != nil {
		return d
	}
	if d := verifyPureSemantics(op); d != nil {
		return d
	}
	for i, m := range maps {
		if m.NumSyms != 0 {
			return op.Errorf("unexpected symbols in indexing_map #%d", i)
		}
		if m.NumDims != len(iters) {
			return op.Errorf("expected indexing_map #%d to have %d dim(s) to match the number of loops", i, len(iters))
		}
		shape, _ := ir.MemRefOrShape(op.Operand(i).Type())
		if len(shape) != len(m.Results) {
			return op.Errorf("expected operand rank (%d) to match the result rank of indexing_map #%d (%d)", len(shape), i, len(m.Results))
		}
	}
	if d := verifyStaticSizes(op, iters, maps); d != nil {
		return d
	}
	if op.NumRegions() == 1 && op.Region(0).Empty() {
		return op.Errorf("expects to have 1 region with 1 block")
	}
	return verifyBodyArgs(op, nIns)
}

// verifyOutsResults is DestinationStyleOpInterface's rule: on tensors,
// one result per outs operand, of its type.
func verifyOutsResults(op *ir.Op, nIns int) *ir.Diagnostic {
	outs := op.NumOperands() - nIns
	tensorOuts := 0
	for i := nIns; i < op.NumOperands(); i++ {
		if isTensor(op.Operand(i).Type()) {
			tensorOuts++
		}
	}
	if tensorOuts != op.NumResults() {
		return op.Errorf("expected the number of tensor results (%d) to be equal to the number of output tensors (%d)", op.NumResults(), tensorOuts)
	}
	for r := range min(outs, op.NumResults()) {
		o := op.Operand(nIns + r)
		if !ir.TypeEqual(o.Type(), op.Result(r).Type()) {
			return op.Errorf("expected type of operand #%d ('%s') to match type of corresponding result ('%s')", nIns+r, ir.TypeString(o.Type()), ir.TypeString(op.Result(r).Type()))
		}
	}
	return nil
}

// verifyPureSemantics is LinalgStructuredInterface's first rule (after
// DestinationStyleOpInterface's): the operands are not a mix of tensors
// and memrefs.
func verifyPureSemantics(op *ir.Op) *ir.Diagnostic {
	tensor, memref := false, false
	for _, v := range op.Operands() {
		_, m := v.Type().(*ir.MemRefType)
		memref = memref || m
		tensor = tensor || isTensor(v.Type())
	}
	if tensor && memref {
		return op.Errorf("expected to have pure tensor or buffer semantics")
	}
	return nil
}

// verifyStaticSizes checks the static sizes against the loop extents the
// first operand defining each loop gives (MLIR's "inferred input/output
// operand" check).
func verifyStaticSizes(op *ir.Op, iters []ir.IterKind, maps []*ir.AffineMap) *ir.Diagnostic {
	ext := make([]int64, len(iters))
	for i := range ext {
		ext[i] = ir.Dynamic
	}
	for i, m := range maps {
		shape, _ := ir.MemRefOrShape(op.Operand(i).Type())
		for d, r := range m.Results {
			if r.IsDim() && ext[r.Dim] < 0 && shape[d] >= 0 {
				ext[r.Dim] = shape[d]
			}
		}
	}
	for i, m := range maps {
		shape, _ := ir.MemRefOrShape(op.Operand(i).Type())
		for d, r := range m.Results {
			size := shape[d]
			if size < 0 {
				continue
			}
			switch {
			case r.IsDim():
				if e := ext[r.Dim]; e >= 0 && e != size {
					return op.Errorf("inferred input/output operand #%d has shape's dimension #%d to be %d, but found %d", i, d, e, size)
				}
			default:
				if d := verifyExprRange(op, i, d, m, ext, size); d != nil {
					return d
				}
			}
		}
	}
	return nil
}

// verifyExprRange checks result d of operand i's map, an expression
// other than a dim, at the first and the last point of the loops as MLIR
// does when every loop is static: it must not be negative, and the
// dimension (if not 0) must hold its largest value.
func verifyExprRange(op *ir.Op, i, d int, m *ir.AffineMap, ext []int64, size int64) *ir.Diagnostic {
	if size == 0 || slices.ContainsFunc(ext, func(e int64) bool { return e < 0 }) {
		return nil
	}
	r := m.Results[d]
	first, last := make([]int64, len(ext)), make([]int64, len(ext))
	for l, e := range ext {
		last[l] = e - 1
	}
	v0, ok0 := r.Eval(first)
	v1, ok1 := r.Eval(last)
	if !ok0 || !ok1 {
		return nil
	}
	if min(v0, v1) < 0 {
		return op.Errorf("unexpected result less than 0 at expression #%d in %s", d, m)
	}
	if hi := max(v0, v1); size < hi+1 {
		return op.Errorf("inferred input/output operand #%d has shape's dimension #%d to be greater than or equal to %d, but found %d", i, d, hi+1, size)
	}
	return nil
}

// verifyBodyArgs checks the body's entry block: one argument per operand,
// of its element type (a scalar operand: its own type).
func verifyBodyArgs(op *ir.Op, nIns int) *ir.Diagnostic {
	if op.NumRegions() == 0 || op.Region(0).Empty() {
		return nil
	}
	b := op.Region(0).Front()
	if len(b.Args()) != op.NumOperands() {
		return op.Errorf("expected as many non-induction variable region arguments as the number of input/output operands")
	}
	for i, v := range op.Operands() {
		want := shapedElem(v.Type())
		if got := b.Arg(i).Type(); !ir.TypeEqual(got, want) {
			return op.Errorf("expected type of bb argument #%d ('%s') to match element or self type of the corresponding operand ('%s')", i, ir.TypeString(got), ir.TypeString(want))
		}
	}
	return nil
}

// shapedElem is linalg's "element or self type": the element type of a
// tensor, vector or memref, and t itself otherwise.
func shapedElem(t ir.Type) ir.Type {
	if m, ok := t.(*ir.MemRefType); ok {
		return m.Elem
	}
	if e := ir.ElementType(t); ir.IsShaped(t) && e != nil {
		return e
	}
	return t
}

// verifyLinalgYield checks a linalg.yield against its op's outs.
func verifyLinalgYield(op *ir.Op) *ir.Diagnostic {
	parent := op.ParentOp()
	if parent == nil || ir.DialectOf(parent.Name) != "linalg" {
		return op.Errorf("expected parent op with LinalgOp interface")
	}
	outs := parent.NumOperands() - LinalgNumIns(parent)
	if op.NumOperands() != outs {
		return op.Errorf("expected number of yield values (%d) to match the number of inits / outs operands of the enclosing LinalgOp (%d)", op.NumOperands(), outs)
	}
	for i, v := range op.Operands() {
		o := parent.Operand(parent.NumOperands() - outs + i).Type()
		want := shapedElem(o)
		if !ir.TypeEqual(v.Type(), want) {
			return op.Errorf("type of yield operand %d ('%s') doesn't match the element type of the enclosing linalg.generic op ('%s')", i+1, ir.TypeString(v.Type()), ir.TypeString(want))
		}
	}
	return nil
}

// parseInsOuts parses `[ins(%a, ... : T, ...)] [outs(%b, ... : T, ...)]`
// and returns the operands' types and the number of ins.
func parseInsOuts(p ir.OpParser) (types []ir.Type, nIns int, ok bool) {
	for _, kw := range []string{"ins", "outs"} {
		if kw == "outs" {
			nIns = len(types)
		}
		if !p.ParseOptionalKeyword(kw) {
			continue
		}
		if !p.Parse("(", "expected '('") {
			return nil, 0, false
		}
		before := p.NumOperands()
		if !p.ParseOptionalOperands() {
			return nil, 0, false
		}
		if p.NumOperands() > before {
			if !p.Parse(":", "expected ':'") {
				return nil, 0, false
			}
			types = append(types, p.ParseTypeList()...)
		}
		if !p.Parse(")", "expected ')'") {
			return nil, 0, false
		}
	}
	return types, nIns, !p.Failed()
}

// printInsOuts writes ` ins(%a : T) outs(%b : T)`, each group only when it
// has operands.
func printInsOuts(p ir.OpPrinter, op *ir.Op, nIns int) {
	groups := [][]*ir.Value{op.Operands()[:nIns], op.Operands()[nIns:]}
	for g, kw := range []string{" ins(", " outs("} {
		vs := groups[g]
		if len(vs) == 0 {
			continue
		}
		p.Str(kw)
		p.Operands(vs)
		p.Str(" : ")
		for i, v := range vs {
			if i > 0 {
				p.Str(", ")
			}
			p.Type(v.Type())
		}
		p.Str(")")
	}
}

// parseOptionalArrowTypes parses `-> T` or `-> (T, ...)` if present.
func parseOptionalArrowTypes(p ir.OpParser) ([]ir.Type, bool) {
	if !p.ParseOptional("->") {
		return nil, true
	}
	if p.ParseOptional("(") {
		var ts []ir.Type
		if !p.At(")") {
			ts = p.ParseTypeList()
		}
		return ts, p.Parse(")", "expected ')'")
	}
	t := p.ParseType()
	return []ir.Type{t}, t != nil
}

// genericForm is MLIR 19's custom form of linalg.generic:
//
//	linalg.generic {indexing_maps = [...], iterator_types = ["parallel"]}
//	    ins(%a : T) outs(%b : T) [attrs = {...}] { ^bb0(...): ... } [-> T]
//
// The leading dictionary holds the structured attributes (iterator types
// written as strings), `attrs =` the others.
var genericForm = &ir.Format{
	Name: "{indexing_maps, iterator_types} ins(...) outs(...) [attrs = {...}] { body } [-> (T, ...)]",
	Parse: func(p ir.OpParser) *ir.Op {
		dictPos := p.Pos()
		if p.At("{") {
			p.ParseOptionalAttrDict()
		} else if d, ok := p.ParseAttr().(ir.DictAttr); ok {
			// an alias of the dictionary (`linalg.generic #trait`)
			for _, a := range d {
				p.SetAttr(a.Name, a.Value)
			}
		} else if !p.Failed() {
			p.ErrorAt(dictPos, "expected '{'")
			return nil
		}
		if p.Failed() {
			return nil
		}
		arr, ok := p.Attrs().Get("iterator_types").(ir.ArrayAttr)
		if !ok {
			p.ErrorAt(dictPos, `custom op '{op}' expected "iterator_types" array attribute`)
			return nil
		}
		iters := make(ir.ArrayAttr, len(arr))
		for i, a := range arr {
			k, ok := iterKindOf(a)
			if !ok {
				p.Errorf("custom op '{op}' unexpected iterator_type (%s)", iterText(a))
				return nil
			}
			iters[i] = LinalgIterAttr(k)
		}
		p.SetAttr("iterator_types", iters)
		normalizeMaps(p)
		types, nIns, ok := parseInsOuts(p)
		if !ok {
			return nil
		}
		if p.ParseOptionalKeyword("attrs") {
			if !p.Parse("=", "expected '='") || !p.ParseOptionalAttrDict() {
				return nil
			}
		}
		p.SetAttr("operandSegmentSizes", linalgSegments(nIns, len(types)-nIns))
		if p.ParseRegion(nil) == nil {
			return nil
		}
		results, ok := parseOptionalArrowTypes(p)
		if !ok {
			return nil
		}
		return p.Build(types, results)
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		if op.NumRegions() != 1 {
			return false
		}
		structured := []string{"doc", "indexing_maps", "iterator_types", "library_call"}
		var dict ir.Attrs
		for _, name := range structured {
			a := op.Attr(name)
			if name == "iterator_types" {
				iters, ok := linalgIters(op)
				if !ok {
					return false
				}
				strs := make(ir.ArrayAttr, len(iters))
				for i, k := range iters {
					strs[i] = ir.StringAttr(k.String())
				}
				a = strs
			}
			if a != nil {
				dict.Set(name, a)
			}
		}
		p.OptionalAttrDict(dict)
		printInsOuts(p, op, LinalgNumIns(op))
		var rest ir.Attrs
		for _, na := range op.Attrs {
			if na.Name != "operandSegmentSizes" && op.Attrs.Get(na.Name) != nil && dict.Get(na.Name) == nil {
				rest.Set(na.Name, na.Value)
			}
		}
		if len(rest) > 0 {
			p.Str(" attrs = ")
			p.OptionalAttrDict(rest)
		}
		p.Str(" ")
		p.Region(op.Region(0), true, true)
		printArrowTypes(p, op)
		return true
	},
}

// printArrowTypes writes ` -> T` or ` -> (T, U)` for the results, nothing
// without results.
func printArrowTypes(p ir.OpPrinter, op *ir.Op) {
	switch op.NumResults() {
	case 0:
	case 1:
		p.Str(" -> ")
		p.Type(op.Result(0).Type())
	default:
		p.Str(" -> (")
		p.Types(op.ResultTypes())
		p.Str(")")
	}
}

// normalizeMaps rewrites the indexing_maps attribute's maps as mlir-opt
// prints them (whatever spacing the text had).
func normalizeMaps(p ir.OpParser) {
	arr, ok := p.Attrs().Get("indexing_maps").(ir.ArrayAttr)
	if !ok {
		return
	}
	out := make(ir.ArrayAttr, len(arr))
	for i, a := range arr {
		out[i] = a
		if m, err := ir.AffineMapOf(a); err == nil {
			out[i] = m.Attr()
		}
	}
	p.SetAttr("indexing_maps", out)
}

func iterText(a ir.Attr) string {
	if s, ok := a.(ir.StringAttr); ok {
		return string(s)
	}
	return fmt.Sprint(a)
}
