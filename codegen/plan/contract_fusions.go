package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
)

// The fusions of a contraction's consumers (SPEC 7, "Contractions"),
// chosen by ChooseContract: the epilogue on its output tiles (codegen's
// contract_epilogue.go) and the row blocks of attention
// (contract_rows.go).

// epilogue is the epilogue of contraction c (of element type elem), or
// nil: the ops reached from the product through operands read at the
// element they compute (ReadsInPlace), of the product's shape and
// element type, whose other operands are lowered (a view or a constant);
// their values but one, the epilogue's result, are used only by each
// other.
func (f ContractFacts) epilogue(c *ir.Op, elem *ir.Scalar) *Epilogue {
	res := c.Result(0)
	shape, ok := ir.Shape(res.Type())
	if (elem != ir.F32 && elem != ir.F64) || !ok {
		return nil
	}
	inS := map[*ir.Op]bool{}
	inV := map[*ir.Value]bool{res: true}
	n := 0
	for work := []*ir.Value{res}; len(work) > 0; {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, u := range v.Uses() {
			if op := u.Op; op != nil && !inS[op] && f.epilogueOp(c, op, shape, elem, inV) {
				inS[op] = true
				n++
				inV[op.Result(0)] = true
				work = append(work, op.Result(0))
			}
		}
	}
	var out *ir.Value
	for v := range inV {
		for _, u := range v.Uses() {
			if u.Op == nil || !inS[u.Op] {
				if out != nil && out != v {
					return nil
				}
				out = v
			}
		}
	}
	if out == nil || out == res {
		return nil
	}
	// In program order (the consumers follow the contraction).
	e := &Epilogue{Res: res, Out: out}
	for op := c.Next(); op != nil; op = op.Next() {
		if inS[op] {
			e.Ops = append(e.Ops, op)
		}
	}
	if len(e.Ops) != n || !f.epilogueChecks(e, shape) {
		return nil
	}
	return e
}

// epilogueChecks finds e's run-time checks: each view leaf's dims against
// the product's (of static shape shape) at the loops they read. It
// reports false when static sizes rule the epilogue out.
func (f ContractFacts) epilogueChecks(e *Epilogue, shape []int64) bool {
	for _, op := range e.Ops {
		l := f.loopsOf(op)
		dimOf := func(loop int) int {
			for d, m := range l.Results[0] {
				if m.Loop == loop {
					return d
				}
			}
			return -1
		}
		for k, a := range op.Operands() {
			if a == e.Res || slices.Contains(e.Ops, a.Def()) || f.Leaf(a) != LeafView {
				continue
			}
			leaf, _ := ir.Shape(a.Type())
			checks, ok := LeafChecks(fmt.Sprintf("operand %d of %s at %s", k, op.Name, pos(op.Pos)), leaf, shape, l.Operands[k], dimOf)
			if !ok {
				return false
			}
			for _, ch := range checks {
				ch.Leaf = a
				e.Checks = append(e.Checks, ch)
			}
		}
	}
	return true
}

// epilogueOp reports whether op can join the epilogue of contraction c
// whose values so far are inV: a single-result parallel op of the
// product's shape and element type, reading the epilogue's values in
// place and lowered values of that element type otherwise.
func (f ContractFacts) epilogueOp(c, op *ir.Op, shape []int64, elem *ir.Scalar, inV map[*ir.Value]bool) bool {
	l := f.loopsOf(op)
	if op.NumResults() != 1 || (op.Def != nil && op.Def.Reduce.Info().Accumulate) || l == nil || !l.Parallel() || len(l.Indices) != 0 ||
		op.Def == nil || op.Def.Kernel == ir.KernelNone || op.Func() != c.Func() || op.ParentOp() != nil {
		return false
	}
	if s, ok := ir.Shape(op.Result(0).Type()); !ok || !slices.Equal(s, shape) || ir.ElementType(op.Result(0).Type()) != elem {
		return false
	}
	if info := op.Def.KernelOn(0, elem).Info(); info.Domain&ir.DomainOf(elem) == 0 ||
		(op.Def.KernelArgs == nil && info.Arity != op.NumOperands()) {
		return false
	}
	for k, a := range op.Operands() {
		if ir.ElementType(a.Type()) != elem {
			return false
		}
		if inV[a] {
			if !ReadsInPlace(l, k) {
				return false
			}
			continue
		}
		switch f.Leaf(a) {
		case LeafConst:
			continue
		case LeafView:
		default:
			return false
		}
		for _, m := range l.Operands[k] {
			if m.Kind == ir.Window {
				return false
			}
		}
	}
	return true
}

// rowFusion is the row-block fusion of contraction c (its loops l, plan
// cp), or nil: c (small or packed, no size known to be 0) is followed by
// its elementwise consumers, then max over the last dim (keepdims), x -
// max, exp, the sum over the last dim, the division, each used once,
// and, when its only use is one, a two-operand contraction reading the
// quotient as its lhs with its last dim contracted (C2; else the
// quotients are stored, row block by row block).
func (f ContractFacts) rowFusion(c *ir.Op, l *ir.Loops, elem *ir.Scalar, cp Contract) *RowFusion {
	res := c.Result(0)
	shape, _ := ir.Shape(res.Type())
	r := len(shape)
	if cp.Path == PathGeneric || r < 2 || slices.Contains(shape, 0) || !identityResult(l) {
		return nil
	}
	_, _, _, k, _ := GEMMLoops(l)
	K := f.Ext[k]
	if K == 0 {
		return nil
	}
	rf := &RowFusion{C1: c, Epi: f.epilogue(c, elem), K: K, M: shape[r-2], N: shape[r-1]}
	if rf.Epi == nil {
		rf.Epi = &Epilogue{Res: res, Out: res}
	}
	if !rf.softmax(elem) {
		return nil
	}
	for _, op := range []*ir.Op{rf.Sub, rf.Exp, rf.Div} {
		if !ir.TypeEqual(op.Result(0).Type(), res.Type()) || op.Func() != c.Func() || op.ParentOp() != nil {
			return nil
		}
	}
	rf.Dynamic = !StaticShape(shape) || K < 0 || len(rf.Epi.Checks) > 0
	if rf.C2 = onlyUse(rf.Div.Result(0), 0); rf.C2 != nil {
		f.secondContraction(rf, shape, elem)
	}
	if !rf.Dynamic {
		rf.Rows = min(rowBlock(cp, shape[r-1], elem), int(roundTo(shape[r-2], int64(cp.MR))))
	}
	return rf
}

// softmax finds rf's row softmax of its epilogue's value: max, sub, exp,
// sum and div, each used once as the pattern needs.
func (rf *RowFusion) softmax(elem *ir.Scalar) bool {
	uses := rf.Epi.Out.Uses()
	if len(uses) != 2 {
		return false
	}
	for _, u := range uses {
		switch op := u.Op; {
		case op != nil && u.Index == 0 && lastDimReduce(op, ir.ReduceMax):
			rf.Max = op
		case op != nil && u.Index == 0 && kernelOf(op, elem) == ir.KernelSub:
			rf.Sub = op
		}
	}
	if rf.Max == nil || rf.Sub == nil || rf.Sub.Operand(1) != rf.Max.Result(0) {
		return false
	}
	if rf.Exp = onlyUse(rf.Sub.Result(0), 0); rf.Exp == nil || kernelOf(rf.Exp, elem) != ir.KernelExp {
		return false
	}
	e := rf.Exp.Result(0)
	if len(e.Uses()) != 2 {
		return false
	}
	for _, u := range e.Uses() {
		switch op := u.Op; {
		case op != nil && u.Index == 0 && lastDimReduce(op, ir.ReduceSum):
			rf.Sum = op
		case op != nil && u.Index == 0 && kernelOf(op, elem) == ir.KernelDiv:
			rf.Div = op
		}
	}
	if rf.Sum == nil || rf.Div == nil || rf.Div.Operand(1) != rf.Sum.Result(0) {
		return false
	}
	return onlyUse(rf.Max.Result(0), 1) != nil && onlyUse(rf.Sum.Result(0), 1) != nil
}

// secondContraction keeps rf.C2 when it can take the row blocks
// (rowConsumer), with its result's columns and v's checks; a guarded
// fusion does not take a C2 whose result another op computes in place
// (ContractSink: both paths would own that buffer).
func (f ContractFacts) secondContraction(rf *RowFusion, shape []int64, elem *ir.Scalar) {
	checks, ok := f.rowConsumer(rf.C2, shape, elem)
	if !ok {
		rf.C2 = nil
		return
	}
	out, _ := ir.Shape(rf.C2.Result(0).Type())
	dynamic := rf.Dynamic || len(checks) > 0 || !StaticShape(out)
	if dynamic && ContractSink(rf.C2.Result(0), f.Fusion) != nil {
		rf.C2 = nil
		return
	}
	rf.Dynamic, rf.VChecks, rf.N2 = dynamic, checks, out[len(out)-1]
}

// rowConsumer reports whether c2 can take the row blocks: a two-operand
// GEMM contraction of elem over the quotient's last dim, its rows the
// quotient's rows, batch dims the quotient's, its rhs lowered; with the
// run-time checks of its rhs (its contracted size the scores' columns,
// its batch sizes the scores' or 1) where sizes are dynamic.
func (f ContractFacts) rowConsumer(c2 *ir.Op, shape []int64, elem *ir.Scalar) ([]FuseCheck, bool) {
	l := ir.LoopsOf(c2)
	if c2.Def == nil || !c2.Def.Reduce.Info().Accumulate || l == nil || c2.NumOperands() != 2 || !identityResult(l) {
		return nil, false
	}
	_, m, n, k, _ := GEMMLoops(l)
	out, ok := ir.Shape(c2.Result(0).Type())
	r := len(shape)
	if !ok || len(out) != r || !slices.Equal(out[:r-1], shape[:r-1]) || slices.Contains(out, 0) ||
		ir.ElementType(c2.Result(0).Type()) != elem {
		return nil, false
	}
	pm := l.Operands[0]
	if len(pm) != r || pm[r-1].Loop != k || pm[r-2].Loop != m {
		return nil, false
	}
	for d, dm := range pm {
		if (d < r-2 && dm.Loop != d) || dm.Stride != 1 || dm.Offset != 0 || dm.Kind == ir.Window {
			return nil, false
		}
	}
	v := c2.Operand(1)
	if f.Leaf(v) != LeafView || ir.ElementType(v.Type()) != elem {
		return nil, false
	}
	dimOf := func(loop int) int {
		switch {
		case loop == k:
			return r - 1
		case loop == n:
			return FreeDim
		case loop < r-2:
			return loop
		}
		return -1
	}
	leaf, _ := ir.Shape(v.Type())
	checks, ok := LeafChecks(fmt.Sprintf("operand 1 of %s at %s", c2.Name, pos(c2.Pos)), leaf, shape, l.Operands[1], dimOf)
	for i := range checks {
		checks[i].Leaf = v
	}
	return checks, ok
}

// onlyUse is the op of v's only use, when that use is operand k.
func onlyUse(v *ir.Value, k int) *ir.Op {
	uses := v.Uses()
	if len(uses) != 1 || uses[0].Op == nil || uses[0].Index != k {
		return nil
	}
	return uses[0].Op
}

// kernelOf is the kernel of an elementwise op on elem, or KernelNone.
func kernelOf(op *ir.Op, elem *ir.Scalar) ir.Kernel {
	l := ir.LoopsOf(op)
	if op.Def == nil || op.NumResults() != 1 || l == nil || !l.Parallel() || op.Def.KernelArgs != nil ||
		op.Def.Reduce.Info().Accumulate || ir.ElementType(op.Result(0).Type()) != elem {
		return ir.KernelNone
	}
	return op.Def.KernelOn(0, elem)
}

// lastDimReduce reports whether op reduces its one operand over its last
// dim only, keeping it (size 1), with reduction kind kind.
func lastDimReduce(op *ir.Op, kind ir.Reduce) bool {
	l := ir.LoopsOf(op)
	if op.Def == nil || op.Def.Reduce != kind || op.NumOperands() != 1 || op.NumResults() != 1 || l == nil {
		return false
	}
	in, _ := ir.Shape(op.Operand(0).Type())
	out, ok := ir.Shape(op.Result(0).Type())
	r := len(in)
	if !ok || len(out) != r || out[r-1] != 1 || !slices.Equal(in[:r-1], out[:r-1]) || len(l.Iter) != r {
		return false
	}
	for d, m := range l.Operands[0] {
		if m.Loop != d || m.Stride != 1 || m.Offset != 0 || m.Kind == ir.Window ||
			(l.Iter[d] == ir.Reduction) != (d == r-1) {
			return false
		}
	}
	return true
}

// identityResult reports whether a contraction's result dim d is its loop
// d, and its last two loops are M and N (GEMMLoops).
func identityResult(l *ir.Loops) bool {
	_, m, n, _, ok := GEMMLoops(l)
	rm := l.Results[0]
	r := len(rm)
	if !ok || r < 2 || m < 0 || n < 0 || rm[r-2].Loop != m || rm[r-1].Loop != n {
		return false
	}
	for d, dm := range rm {
		if dm.Loop != d || dm.Stride != 1 || dm.Offset != 0 {
			return false
		}
	}
	return true
}

// rowBlock is R: the scores block (R rows of n, padded) fills a quarter
// of L2, in whole MR-high strips, at most MC rows.
func rowBlock(cp Contract, n int64, elem *ir.Scalar) int {
	ld := int(roundTo(n, int64(cp.NR)) + int64(cp.Lanes))
	r := RowScratch(cp, elem) / (ld * elem.Bits() / 8) / cp.MR * cp.MR
	return max(cp.MR, min(r, cp.MC))
}

// RowScratch is the bytes of L2 a block of scores may fill: a quarter.
// (The scratch's row stride is n rounded up to whole NR strips, plus one
// vector: rows 2^k apart would share cache sets.)
func RowScratch(cp Contract, elem *ir.Scalar) int {
	t := TargetAVX2
	if cp.Lanes*elem.Bits()/8 == TargetAVX512.VectorBytes {
		t = TargetAVX512
	}
	return t.L2 / 4
}

func roundTo(x, m int64) int64 { return (x + m - 1) / m * m }

// Ops are the ops rf fuses between its contractions, in program order.
func (rf *RowFusion) Ops() []*ir.Op {
	in := map[*ir.Op]bool{rf.Max: true, rf.Sub: true, rf.Exp: true, rf.Sum: true, rf.Div: true}
	for _, op := range rf.Epi.Ops {
		in[op] = true
	}
	var out []*ir.Op
	for op := rf.C1.Next(); op != nil && len(out) < len(in); op = op.Next() {
		if in[op] {
			out = append(out, op)
		}
	}
	return out
}

// describe is the plan's line for rf.
func (rf *RowFusion) describe() string {
	ops := opNames(append(slices.Clone(rf.Epi.Ops), rf.Max, rf.Sub, rf.Exp, rf.Sum, rf.Div))
	rows := "?"
	if rf.Rows > 0 {
		rows = fmt.Sprint(rf.Rows)
	}
	if rf.C2 == nil {
		return fmt.Sprintf("blocks of %s rows, each computed in the result and finished there: %s", rows, strings.Join(ops, ", "))
	}
	return fmt.Sprintf("blocks of %s rows in a per-thread scratch (the product is never stored): %s; then %s at %s on each block",
		rows, strings.Join(ops, ", "), rf.C2.Name, pos(rf.C2.Pos))
}

// when is the text of a dynamic rf's run-time condition: the epilogue's
// and v's checks, every size at least 1, and MR rows of the scores in
// the scratch.
func (rf *RowFusion) when(cp Contract, elem *ir.Scalar) string {
	return Guard(append(slices.Clone(rf.Epi.Checks), rf.VChecks...), "every size >= 1",
		fmt.Sprintf("%d rows of the scores in %d KiB", cp.MR, RowScratch(cp, elem)>>10))
}
