package passes

import (
	"math"
	"slices"
	"strconv"

	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// Folding limits: an op is folded when its result has at most
// maxFoldElements elements, and a non-splat result only when it has at
// most maxDenseElements (beyond that the printed constant would dwarf the
// program it replaces).
const (
	maxFoldElements  = 1 << 20
	maxDenseElements = 1 << 12
)

// Canonicalize is the canonicalize pass on one function: it repeats its
// rewrites over the body and the regions in it until none applies (at most max-iterations
// rounds), then erases ops left unused.
func Canonicalize(f *ir.Func, c *Context) (changed bool, diags ir.Diagnostics) {
	maxIter := 10
	if v, err := strconv.Atoi(c.Option("max-iterations")); err == nil && v > 0 {
		maxIter = v
	}
	for iter := 0; iter < maxIter; iter++ {
		round := false
		f.Walk(func(op *ir.Op) {
			c.At(op)
			if canonicalizeOp(f, op, c) {
				round = true
			}
		})
		if erased := eraseDead(f, c); erased > 0 {
			round = true
		}
		if !round {
			break
		}
		changed = true
	}
	return changed, nil
}

func eraseDead(f *ir.Func, c *Context) int {
	n := eraseDeadFrom(f.Last(), c)
	c.Count("num-erased", n)
	return n
}

// canonicalizeOp applies the first rewrite that matches op.
func canonicalizeOp(f *ir.Func, op *ir.Op, c *Context) bool {
	if op.Def == nil || !hasUses(op) {
		return false
	}
	if op.Has(traits.Cast) {
		return foldCast(f, op, c)
	}
	if foldConstant(f, op, c) {
		return true
	}
	if foldNoop(f, op, c) {
		return true
	}
	if foldReshape(f, op, c) || foldDim(f, op, c) {
		return true
	}
	if op.Def.Canonicalize != nil && op.Def.Canonicalize(op) {
		c.Count("num-op-patterns", 1)
		return true
	}
	if foldIdentity(op, c) {
		return true
	}
	return orderCommutative(op, c)
}

// foldNoop replaces an op that hands its operand's elements through
// unchanged by that operand (through a tensor.cast when only the static
// sizes differ): data movement or a reduction whose loops map every
// operand dimension to the same place in the result — a reduction over
// no dims, or over dims of size 1 kept by keepdims; a broadcast, a
// transpose or a slice that moves nothing (a window at offset 0, stride 1,
// as large as the dimension). The loop description decides, not the
// op's name.
func foldNoop(f *ir.Func, op *ir.Op, c *Context) bool {
	if op.Def.Kernel != ir.KernelIdentity || op.NumOperands() != 1 || op.NumResults() != 1 || op.Def.Reduce.Info().Index {
		return false
	}
	l := ir.LoopsOf(op)
	src, res := op.Operand(0), op.Result(0)
	in, inRanked := ir.Shape(src.Type())
	out, outRanked := ir.Shape(res.Type())
	if l == nil || !inRanked || !outRanked || len(in) != len(out) || len(l.Operands[0]) != len(l.Results[0]) || !ir.IsShaped(src.Type()) {
		return false
	}
	ext, err := l.Extents([][]int64{in}, nil)
	if err != nil {
		return false
	}
	for j, om := range l.Operands[0] {
		rm := l.Results[0][j]
		if om.Stride != 1 || om.Offset != 0 || om.Loop < 0 {
			return false
		}
		if om.Kind == ir.Window && (in[j] < 0 || in[j] != ext[om.Loop]) {
			return false // a window smaller than the dimension, or unknown
		}
		switch {
		case rm.Loop < 0: // a unit result dim: only a reduction over size 1 moves nothing
			if !l.Reduced(om.Loop) || ext[om.Loop] != 1 {
				return false
			}
		case rm.Loop != om.Loop || rm.Stride != 1 || rm.Offset != 0:
			return false
		case om.Kind == ir.Broadcast && in[j] == 1 && out[j] != 1:
			return false // a real broadcast (or one decided at run time)
		case om.Kind == ir.Broadcast && in[j] < 0 && out[j] >= 0:
			return false // '?' may be 1 at run time and broadcast
		}
	}
	if !replaceByOperand(f, op, src) {
		return false
	}
	c.Count("num-noops", 1)
	return true
}

// replaceByOperand replaces op's result by src, through a tensor.cast
// when only the static sizes differ; false when the types are not
// compatible.
func replaceByOperand(f *ir.Func, op *ir.Op, src *ir.Value) bool {
	res := op.Result(0)
	switch {
	case ir.TypeEqual(src.Type(), res.Type()):
		res.ReplaceAllUsesWith(src)
	case castable(src.Type(), res.Type()):
		cast := ir.NewOp("tensor.cast", []*ir.Value{src}, []ir.Type{res.Type()}, nil)
		cast.Pos, cast.Loc = op.Pos, op.Loc
		f.InsertBefore(op, cast)
		res.ReplaceAllUsesWith(cast.Result(0))
	default:
		return false
	}
	return true
}

// constantOf returns the value attribute of v's defining constant op
// (ConstantLike), or nil.
func constantOf(v *ir.Value) ir.Attr {
	d := v.Def()
	if d == nil || !d.Has(traits.ConstantLike) {
		return nil
	}
	return d.Attr("value")
}

// foldable reports whether eval computes op from its row alone (its loop
// description and kernel, or the Reshape and Concatenate traits) and op
// is Pure.
func foldable(op *ir.Op) bool {
	return op.NumOperands() > 0 && op.Has(traits.Pure) && (ir.Computable(op) || op.Has(traits.Reshape) || op.Has(traits.Concatenate))
}

// foldReshape simplifies Reshape ops: a reshape of a reshape reshapes
// the first one's operand (row-major order composes), and a reshape to
// the operand's own static shape is the operand.
func foldReshape(f *ir.Func, op *ir.Op, c *Context) bool {
	if !op.Has(traits.Reshape) || op.NumOperands() != 1 {
		return false
	}
	src, res := op.Operand(0), op.Result(0)
	if inner := src.Def(); inner != nil && inner.Has(traits.Reshape) && inner.NumOperands() == 1 {
		op.SetOperand(0, inner.Operand(0))
		c.Count("num-reshapes-folded", 1)
		return true
	}
	in, inRanked := ir.Shape(src.Type())
	out, outRanked := ir.Shape(res.Type())
	if !inRanked || !outRanked || !ir.IsStatic(in) || !ir.CompatibleShapes(in, out) {
		return false
	}
	if !replaceByOperand(f, op, src) {
		return false
	}
	c.Count("num-reshapes-folded", 1)
	return true
}

// foldDim replaces a ShapedDim op (tensor.dim) of a static dimension by
// that size, an index constant (MLIR's DimOp folder).
func foldDim(f *ir.Func, op *ir.Op, c *Context) bool {
	if !op.Has(traits.ShapedDim) || op.NumOperands() != 2 {
		return false
	}
	s, ranked := ir.Shape(op.Operand(0).Type())
	d, known := traits.ConstantInt(op.Operand(1))
	if !ranked || !known || d < 0 || d >= int64(len(s)) || s[d] < 0 {
		return false
	}
	var attrs ir.Attrs
	attrs.Set("value", ir.TypedInt(s[d], ir.Index))
	k := ir.NewOp("arith.constant", nil, []ir.Type{ir.Index}, attrs)
	k.Pos, k.Loc = op.Pos, op.Loc
	f.InsertBefore(op, k)
	op.Result(0).ReplaceAllUsesWith(k.Result(0))
	c.Count("num-folded", 1)
	return true
}

// foldConstant replaces an op whose operands are all constants by a
// constant computed with package eval. Run-time errors (integer division
// by zero, MIN / -1) are not folded: the op stays for the run-time check.
func foldConstant(f *ir.Func, op *ir.Op, c *Context) bool {
	// Constant operands first: deciding foldable builds op's loop
	// description, which would allocate for every op of the function.
	for _, v := range op.Operands() {
		if constantOf(v) == nil {
			return false
		}
	}
	if !foldable(op) {
		return false
	}
	consts := make([]ir.Attr, op.NumOperands())
	for i, v := range op.Operands() {
		consts[i] = constantOf(v)
	}
	rt := op.Result(0).Type()
	if ir.IsShaped(rt) {
		if s, ranked := ir.Shape(rt); ranked {
			if n, ok := ir.NumElements(s); ok && n > maxFoldElements {
				return false
			}
		}
		for _, a := range consts {
			if d, ok := a.(*ir.DenseAttr); ok {
				if s, _ := ir.Shape(d.Type); s != nil {
					if n, ok := ir.NumElements(s); ok && n > maxFoldElements {
						return false
					}
				}
			}
		}
	}
	val, err := eval.Fold(op, consts)
	if err != nil || val == nil {
		return false
	}
	if d, ok := val.(*ir.DenseAttr); ok && !d.Splat && d.Len() > maxDenseElements {
		return false
	}
	ct := ir.ConstantType(val)
	if ct == nil {
		return false
	}
	name := "tir.constant"
	if op.Def.Dialect() == "arith" {
		name = "arith.constant"
	} else if _, isDense := val.(*ir.DenseAttr); !isDense {
		return false
	}
	var attrs ir.Attrs
	attrs.Set("value", val)
	k := ir.NewOp(name, nil, []ir.Type{ct}, attrs)
	k.Pos, k.Loc = op.Pos, op.Loc
	f.InsertBefore(op, k)
	res := k.Result(0)
	if !ir.TypeEqual(ct, rt) {
		// The result type has '?' dims: keep it through a cast.
		if !castable(ct, rt) {
			k.Erase()
			return false
		}
		cast := ir.NewOp("tensor.cast", []*ir.Value{res}, []ir.Type{rt}, nil)
		cast.Pos, cast.Loc = op.Pos, op.Loc
		f.InsertBefore(op, cast)
		res = cast.Result(0)
	}
	op.Result(0).ReplaceAllUsesWith(res)
	c.Count("num-folded", 1)
	return true
}

// foldIdentity replaces x op e by x where e is the operation's identity
// element, when the result type equals x's type (a broadcasting op whose
// result is larger than x is not a no-op), and the idempotent max, min,
// and, or of x with itself (tir and arith alike) by x, through a
// tensor.cast when the result type is x's with sizes relaxed or refined
// (x op x broadcasts to x's own shape, so the two are always compatible).
func foldIdentity(op *ir.Op, c *Context) bool {
	if op.NumOperands() != 2 || op.NumResults() != 1 || op.Def.Kernel == ir.KernelNone {
		return false
	}
	k := op.Def.KernelOn(0, ir.ElementType(op.Operand(0).Type()))
	if k == ir.KernelNone {
		return false
	}
	rt := op.Result(0).Type()
	lhs, rhs := op.Operand(0), op.Operand(1)
	var x *ir.Value
	switch k {
	case ir.KernelMax, ir.KernelMin, ir.KernelMaxNum, ir.KernelMinNum, ir.KernelAnd, ir.KernelOr:
		if lhs == rhs {
			x = lhs
			if !ir.TypeEqual(x.Type(), rt) && castable(x.Type(), rt) && !mayBroadcast(x.Type(), rt) {
				cast := ir.NewOp("tensor.cast", []*ir.Value{x}, []ir.Type{rt}, nil)
				cast.Pos, cast.Loc = op.Pos, op.Loc
				op.Func().InsertBefore(op, cast)
				x = cast.Result(0)
			}
		}
	}
	if x == nil {
		elem := ir.ElementType(rt)
		if elem == nil {
			return false
		}
		commutes := op.Has(traits.Commutative)
		try := func(val, cst *ir.Value) bool {
			a := constantOf(cst)
			return a != nil && isIdentityElement(k, elem, a)
		}
		switch {
		case try(lhs, rhs):
			x = lhs
		case commutes && try(rhs, lhs):
			x = rhs
		}
	}
	if x == nil || !ir.TypeEqual(x.Type(), rt) {
		return false
	}
	op.Result(0).ReplaceAllUsesWith(x)
	c.Count("num-identities", 1)
	return true
}

// mayBroadcast reports whether x op x, of type x, may broadcast to result
// type r at run time: a dimension of x that is unknown ('?' or unranked)
// may be 1 where r says a larger static size, and then the result is not
// a cast of x (it has more elements).
func mayBroadcast(x, r ir.Type) bool {
	xs, xr := ir.Shape(x)
	rs, rr := ir.Shape(r)
	if !rr {
		return false
	}
	if !xr {
		return true
	}
	for i := range min(len(xs), len(rs)) {
		if xs[i] == ir.Dynamic && rs[i] > 1 {
			return true
		}
	}
	return false
}

// isIdentityElement reports whether every element of the constant a is the
// right identity of kernel k: x+0, x-0 (integers; -0.0 / +0.0 for floats,
// so that -0.0 survives), x*1, x/1 (any rounding), x|0, x^0, x&-1, x<<0,
// x>>0.
func isIdentityElement(k ir.Kernel, elem *ir.Scalar, a ir.Attr) bool {
	t, err := eval.FromAttr(a)
	if err != nil || t.Len() == 0 {
		return false
	}
	for i := 0; i < t.Len(); i++ {
		n := t.At(i)
		var ok bool
		if elem.IsFloat() {
			v := n.Float
			switch k {
			case ir.KernelAdd:
				ok = v == 0 && math.Signbit(v)
			case ir.KernelSub:
				ok = v == 0 && !math.Signbit(v)
			case ir.KernelMul, ir.KernelDiv:
				ok = v == 1
			}
		} else {
			v := n.Int
			switch k {
			case ir.KernelAdd, ir.KernelSub, ir.KernelOr, ir.KernelXor, ir.KernelShl, ir.KernelShr:
				ok = v == 0
			case ir.KernelMul, ir.KernelDiv, ir.KernelCeilDiv, ir.KernelFloorDiv:
				ok = v == 1
			case ir.KernelAnd:
				ok = ir.WrapInt(v, elem) == ir.WrapInt(-1, elem)
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// orderCommutative sorts the operands of a Commutative op: non-constants
// first, constants last (as MLIR does), each group by value number, so
// that equal expressions look the same to cse.
func orderCommutative(op *ir.Op, c *Context) bool {
	if !op.Has(traits.Commutative) || op.NumOperands() < 2 {
		return false
	}
	key := func(v *ir.Value) int {
		if constantOf(v) != nil {
			return 1 << 30
		}
		return 0
	}
	order := func(a, b *ir.Value) int {
		if ka, kb := key(a), key(b); ka != kb {
			return ka - kb
		}
		return a.ID() - b.ID()
	}
	if slices.IsSortedFunc(op.Operands(), order) {
		return false // the common case, without a copy of the operands
	}
	ops := slices.Clone(op.Operands())
	slices.SortStableFunc(ops, order)
	if slices.Equal(ops, op.Operands()) {
		return false
	}
	if op.Def.Dialect() == "arith" && !ir.TypeEqual(ops[0].Type(), op.Operand(0).Type()) {
		return false // arith's result type is operand #0's: keep it
	}
	op.SetOperands(ops)
	c.Count("num-reordered", 1)
	return true
}

// foldCast removes a cast to the same type and merges a chain of casts
// when the intermediate type adds nothing (MLIR's rule: joining all three
// types gives the same as joining source and result).
func foldCast(f *ir.Func, op *ir.Op, c *Context) bool {
	src, res := op.Operand(0), op.Result(0)
	if ir.TypeEqual(src.Type(), res.Type()) {
		res.ReplaceAllUsesWith(src)
		c.Count("num-casts-folded", 1)
		return true
	}
	inner := src.Def()
	if inner == nil || !inner.Has(traits.Cast) {
		return false
	}
	a, b := inner.Operand(0).Type(), src.Type()
	if !castable(a, res.Type()) {
		return false
	}
	j1, ok1 := joinTypes(a, b)
	if !ok1 {
		return false
	}
	j3, ok3 := joinTypes(j1, res.Type())
	j2, ok2 := joinTypes(a, res.Type())
	if !ok3 || !ok2 || !ir.TypeEqual(j3, j2) {
		return false
	}
	op.SetOperand(0, inner.Operand(0))
	c.Count("num-casts-folded", 1)
	return true
}

// joinTypes is the most static tensor type compatible with both a and b.
func joinTypes(a, b ir.Type) (ir.Type, bool) {
	sa, ra := ir.Shape(a)
	sb, rb := ir.Shape(b)
	switch {
	case !ra:
		return b, true
	case !rb:
		return a, true
	}
	j, ok := traits.JoinShapes(sa, sb)
	if !ok {
		return nil, false
	}
	return ir.WithShape(a, j), true
}
