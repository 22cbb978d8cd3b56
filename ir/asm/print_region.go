package asm

import (
	"strconv"

	"github.com/tirc/tirc/ir"
)

// Value naming and region printing, as mlir-opt-19 does them (its
// SSANameState and printRegion).

// usedNames is the set of suggested names (%cst, %c0) taken in one region
// and the regions around it: a name may be used again in a sibling region
// but not in a nested one.
type usedNames struct {
	parent *usedNames
	names  map[string]bool
}

func (u *usedNames) has(name string) bool {
	for ; u != nil; u = u.parent {
		if u.names[name] {
			return true
		}
	}
	return false
}

// regionToName is a region waiting to be numbered, with the counters as
// they were when its op was numbered.
type regionToName struct {
	r               *ir.Region
	num, arg, confl int32
	scope           *usedNames
}

// nameValues assigns printed names to every value of f, MLIR's way:
// arguments %argN, results numbered in order unless the op suggests a
// name, suggested names made unique with a counter. The ops of a region
// are numbered after those of the block around it, regions last to
// first; in the custom form each region's numbering starts where its op's
// block ended (sibling regions both start there), in the generic form
// numbers never repeat within a function (MLIR prints unique ids there).
func (pr *printer) nameValues(f *ir.Func) {
	pr.fn = f
	n := f.NumValues()
	if cap(pr.names) >= n {
		pr.names = pr.names[:n]
		clear(pr.names)
	} else {
		pr.names = make([]valueName, n)
	}
	pr.scope = &usedNames{}
	pr.counter = 0
	arg := int32(0)
	for _, a := range f.Args() {
		pr.setName(a, valueName{set: true, name: "arg" + strconv.Itoa(int(arg))})
		arg++
	}
	num := int32(0)
	var stack []regionToName
	for op := f.First(); op != nil; op = op.Next() {
		num = pr.nameResults(op, num)
	}
	stack = pr.pushRegions(stack, f.First(), num, arg)
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !pr.opts.Generic {
			num, arg, pr.counter = c.num, c.arg, int(c.confl)
		}
		pr.scope = &usedNames{parent: c.scope}
		hints := pr.blockArgNames(c.r)
		for i, b := range c.r.Blocks() {
			for j, a := range b.Args() {
				if i == 0 && j < len(hints) && hints[j] != "" {
					pr.setName(a, valueName{set: true, name: pr.uniqueName(hints[j])})
				} else if i == 0 {
					pr.setName(a, valueName{set: true, name: "arg" + strconv.Itoa(int(arg))})
					arg++
				} else {
					pr.setName(a, valueName{set: true, num: num})
					num++
				}
			}
			for op := b.First(); op != nil; op = op.Next() {
				num = pr.nameResults(op, num)
			}
		}
		for _, b := range c.r.Blocks() {
			stack = pr.pushRegions(stack, b.First(), num, arg)
		}
	}
}

// blockArgNames are the names r's parent op suggests for the arguments
// of r's entry block (custom form only, as MLIR asks the op's
// OpAsmOpInterface only then); named arguments do not take an %argN.
func (pr *printer) blockArgNames(r *ir.Region) []string {
	op := r.ParentOp()
	if pr.opts.Generic || op == nil || op.Def == nil || op.Def.BlockArgNames == nil {
		return nil
	}
	for i, x := range op.Regions() {
		if x == r {
			return op.Def.BlockArgNames(op, i)
		}
	}
	return nil
}

// pushRegions queues the regions of the ops from first on.
func (pr *printer) pushRegions(stack []regionToName, first *ir.Op, num, arg int32) []regionToName {
	for op := first; op != nil; op = op.Next() {
		for _, r := range op.Regions() {
			stack = append(stack, regionToName{r: r, num: num, arg: arg, confl: int32(pr.counter), scope: pr.scope})
		}
	}
	return stack
}

func (pr *printer) setName(v *ir.Value, nm valueName) {
	if v != nil && v.ID() >= 0 && v.ID() < len(pr.names) {
		pr.names[v.ID()] = nm
	}
}

// nameResults names op's results and returns the next number.
func (pr *printer) nameResults(op *ir.Op, num int32) int32 {
	// Suggested names (MLIR's OpAsmOpInterface), which the generic form
	// does not use.
	// A name suggested for the first of several results names their
	// group (%reduced:2, %reduced#1), as in MLIR.
	hint := ""
	if len(op.Results()) > 0 && op.Def != nil && op.Def.ResultName != nil && !pr.opts.Generic {
		hint = op.Def.ResultName(op)
	}
	if hint != "" {
		nm := valueName{set: true, name: pr.uniqueName(hint), group: len(op.Results()) > 1}
		for _, r := range op.Results() {
			pr.setName(r, nm)
		}
		return num
	}
	if op.Def != nil && len(op.Def.ResultNames) == len(op.Results()) && len(op.Results()) > 0 && !pr.opts.Generic {
		for i, r := range op.Results() {
			pr.setName(r, valueName{set: true, name: pr.uniqueName(op.Def.ResultNames[i])})
		}
		return num
	}
	if len(op.Results()) == 0 {
		return num
	}
	group := len(op.Results()) > 1
	for _, r := range op.Results() {
		pr.setName(r, valueName{set: true, num: num, group: group})
	}
	return num + 1
}

func (pr *printer) uniqueName(hint string) string {
	name := hint
	for pr.scope.has(name) {
		name = hint + "_" + strconv.Itoa(pr.counter)
		pr.counter++
	}
	if pr.scope.names == nil {
		pr.scope.names = map[string]bool{}
	}
	pr.scope.names[name] = true
	return name
}

// region prints `{ blocks }` as MLIR's printRegion: the entry block's
// label when printEmptyBlock and it is empty, or printEntryArgs and it
// has arguments; the other blocks' always.
func (pr *printer) region(r *ir.Region, printEntryArgs, printTerminators, printEmptyBlock bool) {
	pr.str("{")
	for i, b := range r.Blocks() {
		// (An entry block that is branched to, which the verifier refuses,
		// keeps its label so that the text still parses.)
		header := i > 0 || printEmptyBlock && b.First() == nil || printEntryArgs && len(b.Args()) > 0 || len(b.Predecessors()) > 0
		pr.block(b, i, header, printTerminators || i > 0)
	}
	pr.newline()
	pr.str("}")
}

// block prints one block: its label and arguments if header, then its
// ops one level deeper, the terminator only if printTerminator.
func (pr *printer) block(b *ir.Block, index int, header, printTerminator bool) {
	if header {
		pr.newline()
		pr.str("^bb")
		pr.buf = strconv.AppendInt(pr.buf, int64(index), 10)
		if len(b.Args()) > 0 {
			pr.str("(")
			for i, a := range b.Args() {
				if i > 0 {
					pr.str(", ")
				}
				pr.value(a)
				pr.str(": ")
				pr.typ(a.Type())
			}
			pr.str(")")
		}
		pr.str(":")
		pr.predecessors(b, index)
	}
	last := b.Last()
	if printTerminator || last == nil || !last.Has(ir.TraitTerminator) {
		last = nil
	}
	pr.indent++
	for op := b.First(); op != nil && op != last; op = op.Next() {
		pr.newline()
		pr.op(op)
	}
	pr.indent--
}

// predecessors writes mlir-opt's comment after a block label: "// no
// predecessors" (not for the entry block), "// pred: ^bb0" or
// "// 2 preds: ^bb0, ^bb1".
func (pr *printer) predecessors(b *ir.Block, index int) {
	preds := b.Predecessors()
	switch {
	case len(preds) == 0:
		if index > 0 {
			pr.str("  // no predecessors")
		}
	case len(preds) == 1:
		pr.str("  // pred: ")
		pr.blockName(preds[0])
	default:
		pr.str("  // ")
		pr.buf = strconv.AppendInt(pr.buf, int64(len(preds)), 10)
		pr.str(" preds: ")
		for i, p := range preds {
			if i > 0 {
				pr.str(", ")
			}
			pr.blockName(p)
		}
	}
}
