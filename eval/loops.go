package eval

import (
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/tirc/tirc/ir"
)

// run evaluates a Computable op from its row alone: it walks the op's
// loop description (ir.Loops) over every iteration, computes the kernel
// from the operand elements the maps name, and either stores it (all
// loops parallel) or combines it into the result element by the row's
// Reduce kind. Elementwise ops, broadcasting (NumPy's and XLA's),
// broadcast_in_dim, transposes, slices (windows read at an offset and a
// stride), iota (the kernel reads a loop index) and reductions all run
// here.
func run(op *ir.Op, res int, l *ir.Loops, args []*Tensor) (*Tensor, error) {
	shapes, ext, err := runExtents(op, res, l, args)
	if err != nil {
		return nil, err
	}
	p, err := loopParams(op, res, l)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", op.Pos, err)
	}
	if op.Def.Reduce.Info().Accumulate {
		args = convertAll(args, p.kernel.Elem)
	}
	out := New(p.Result, ir.ShapeOf(l.Results[res], ext)...)
	red := op.Def.Reduce.Info()
	acc := newAccumulator(op.Def.Reduce, p, out.Len())
	if op.Def.Reduce != ir.ReduceNone {
		for i, k := range l.Iter {
			if k == ir.Reduction && ext[i] == 0 && !red.HasIdentity {
				return nil, runtimeErr(op, "reduces dimension %d of size 0, which has no %s (no identity for an empty set)", reducedOperandDim(l, i), op.Def.Reduce)
			}
		}
	}
	w := walk{op: op, res: res, l: l, p: p, args: args, shapes: shapes, ext: ext, out: out, acc: acc}
	if err := w.run(); err != nil {
		return nil, err
	}
	if acc != nil {
		acc.finish(out, ext, l)
	}
	return out, nil
}

// runExtents checks the operands' ranks against the loops and the result
// type, and returns the operands' shapes and the loops' extents.
func runExtents(op *ir.Op, res int, l *ir.Loops, args []*Tensor) ([][]int64, []int64, error) {
	if len(l.Operands) != len(args) || len(l.Results) != op.NumResults() {
		return nil, nil, fmt.Errorf("%s: '%s' op has a loop description that does not fit its operands", op.Pos, op.Name)
	}
	shapes := make([][]int64, len(args))
	for i, a := range args {
		if l.Operands[i] == nil {
			if len(a.Shape) != 0 && ir.IsShaped(op.Operand(i).Type()) {
				return nil, nil, fmt.Errorf("%s: '%s' op operand #%d is shaped but its loop map is scalar", op.Pos, op.Name, i)
			}
			continue
		}
		if len(a.Shape) != len(l.Operands[i]) {
			return nil, nil, runtimeErr(op, "operand #%d has rank %d at run time, the op's loops need rank %d", i, len(a.Shape), len(l.Operands[i]))
		}
		shapes[i] = a.Shape
	}
	rt := op.Result(res).Type()
	var static []int64 // the result type's sizes ('?' as -1), when ranked
	if s, ranked := ir.Shape(rt); ranked && ir.IsShaped(rt) {
		if len(s) != len(l.Results[res]) {
			return nil, nil, runtimeErr(op, "operands have rank %d at run time, but the result type '%s' has rank %d", len(l.Results[res]), ir.TypeString(rt), len(s))
		}
		static = s
	}
	statics := make([][]int64, res+1)
	statics[res] = static
	ext, eerr := l.Extents(shapes, statics)
	if eerr != nil {
		return nil, nil, runtimeErr(op, "%s", ExtentMessage(op, l, eerr, shapes, static))
	}
	for i, e := range ext {
		if e < 0 {
			d := l.ResultDimOf(res, i)
			return nil, nil, runtimeErr(op, "result dimension %d is dynamic and no operand dimension maps to it: its size is unknown", d)
		}
	}
	if msg := windowMessage(l, shapes); msg != "" {
		return nil, nil, runtimeErr(op, "%s", msg)
	}
	return shapes, ext, nil
}

// walk is one run of an op's loops: every point of the iteration space,
// in row-major order, computing the kernel and storing or accumulating.
type walk struct {
	op     *ir.Op
	res    int
	l      *ir.Loops
	p      params
	args   []*Tensor
	shapes [][]int64
	ext    []int64
	out    *Tensor
	acc    *accumulator
}

// strides gives, per tensor (the operands, then the result) and loop, the
// element stride (0 along a broadcast dimension of size 1, or a loop the
// tensor does not index), and each tensor's base offset.
func (w *walk) strides() ([][]int64, []int) {
	strides := make([][]int64, len(w.args)+1)
	base := make([]int, len(w.args)+1)
	tensorStrides := func(k int, maps []ir.DimMap, shape []int64) {
		s := int64(1)
		for j := len(maps) - 1; j >= 0; j-- {
			m := maps[j]
			switch {
			case m.Loop < 0:
				base[k] += int(m.Offset * s)
			case m.Kind == ir.Broadcast && shape[j] == 1:
			default:
				strides[k][m.Loop] += m.Stride * s
				base[k] += int(m.Offset * s)
			}
			s *= shape[j]
		}
	}
	for k, maps := range w.l.Operands {
		strides[k] = make([]int64, len(w.ext)) // a scalar: the same element everywhere
		if maps != nil {
			tensorStrides(k, maps, w.shapes[k])
		}
	}
	strides[len(w.args)] = make([]int64, len(w.ext))
	tensorStrides(len(w.args), w.l.Results[w.res], w.out.Shape)
	return strides, base
}

func (w *walk) run() error {
	total := int64(1)
	for _, e := range w.ext {
		total *= e
	}
	if total == 0 {
		return nil
	}
	strides, base := w.strides()
	ext, args := w.ext, w.args
	idx := make([]int64, len(ext))
	off := append([]int(nil), base...)
	in := make([]Num, len(args)+len(w.l.Indices))
	kernel := w.op.Def.KernelOn(w.res, w.p.kernel.Elem)
	for range total {
		for k, a := range args {
			in[k] = a.At(off[k])
		}
		for k, i := range w.l.Indices {
			in[len(args)+k] = Num{Int: idx[i]}
		}
		r := off[len(args)]
		if w.acc != nil && w.acc.fused {
			w.acc.fuse(r, in[:len(args)])
			w.next(idx, off, strides)
			continue
		}
		v, err := Scalar(kernel, w.p.kernel, in...)
		if err != nil {
			at := "result index"
			if w.acc != nil {
				at = "iteration"
			}
			re := runtimeErr(w.op, "%v at %s [%s]", err, at, joinInts(idx))
			re.Err = err
			return re
		}
		if w.acc == nil {
			w.out.Set(r, v)
		} else {
			w.acc.add(r, v, idx, w.l)
		}
		w.next(idx, off, strides)
	}
	return nil
}

// next steps the odometer idx over the loops' extents and the tensors'
// offsets with it.
func (w *walk) next(idx []int64, off []int, strides [][]int64) {
	for d := len(w.ext) - 1; d >= 0; d-- {
		idx[d]++
		for k := range off {
			off[k] += int(strides[k][d])
		}
		if idx[d] < w.ext[d] {
			break
		}
		for k := range off {
			off[k] -= int(strides[k][d] * w.ext[d])
		}
		idx[d] = 0
	}
}

// loopParams are the kernel parameters of a Computable op plus its result
// element type (a reduction's element type is its operand's, except the
// i64 index of argmax/argmin).
type params struct {
	kernel Params
	red    Params // the combining kernel's: operand element type in and out
	Result *ir.Scalar
}

func loopParams(op *ir.Op, res int, l *ir.Loops) (params, error) {
	if op.NumOperands() == 0 && len(l.Indices) > 0 {
		// The kernel reads loop indices only (iota): index values in.
		r := ir.ElementType(op.Result(res).Type())
		if r == nil {
			return params{}, fmt.Errorf("'%s' op has no element types", op.Name)
		}
		return params{kernel: Params{Elem: ir.Index, Result: r, Sign: op.Def.Sign}, Result: r}, nil
	}
	if op.Def.Reduce.Info().Accumulate {
		return contractParams(op, res)
	}
	if op.Def.Kernel == ir.KernelIdentity {
		e := ir.ElementType(op.Operand(0).Type())
		r := ir.ElementType(op.Result(0).Type())
		if e == nil || r == nil {
			return params{}, fmt.Errorf("'%s' op has no element types", op.Name)
		}
		return params{kernel: Params{Elem: e, Result: e}, red: accumParams(e), Result: r}, nil
	}
	p, err := paramsOf(op, res)
	if err != nil {
		return params{}, err
	}
	return params{kernel: p, red: accumParams(p.Result), Result: p.Result}, nil
}

// contractParams are a contraction's (ir.ReduceInfo.Accumulate): the
// terms are computed from operands converted to the accumulator type and
// summed in it, from the first term on; float terms are fused into the
// sum (accumulator.fuse), as the generated code's fused multiply-adds.
func contractParams(op *ir.Op, res int) (params, error) {
	r := ir.ElementType(op.Result(res).Type())
	if r == nil {
		return params{}, fmt.Errorf("'%s' op has no element types", op.Name)
	}
	acc := ir.AccumulatorType(r)
	consts, err := kernelConsts(op)
	if err != nil {
		return params{}, err
	}
	return params{kernel: Params{Elem: acc, Result: acc, Sign: op.Def.Sign, Consts: consts}, red: Params{Elem: acc, Result: acc}, Result: r}, nil
}

// convertAll converts each tensor's elements to e (NumPy's astype).
func convertAll(ts []*Tensor, e *ir.Scalar) []*Tensor {
	out := make([]*Tensor, len(ts))
	for k, t := range ts {
		if t.Elem == e {
			out[k] = t
			continue
		}
		c := New(e, t.Shape...)
		for i := range t.Len() {
			c.Set(i, convert(t.At(i), t.Elem, e, ir.Signless))
		}
		out[k] = c
	}
	return out
}

// accumParams are the combining kernel's parameters for elements of type
// e: f16 and bf16 accumulate in f32 and round once at the end.
func accumParams(e *ir.Scalar) Params {
	if e.Kind == ir.KindF16 || e.Kind == ir.KindBF16 {
		e = ir.F32
	}
	return Params{Elem: e, Result: e}
}

// reducedOperandDim is the operand dimension a reduction loop runs over.
func reducedOperandDim(l *ir.Loops, loop int) int {
	for j, m := range l.Operands[0] {
		if m.Loop == loop {
			return j
		}
	}
	return loop
}

// accumulator combines the values of the reduction loops per result
// element (SPEC section 3a): float sums and means exactly (rounded once),
// integer sums and products wrapping, max/min with NaN propagating,
// argmax/argmin as the first index of the extreme value (the first NaN
// wins).
type accumulator struct {
	kind  ir.Reduce
	p     Params
	fused bool // float contraction terms: fuse
	sums  []exactSum
	vals  []Num
	idx   []int64
	seen  []bool
	count int64
}

func newAccumulator(kind ir.Reduce, p params, n int) *accumulator {
	if kind == ir.ReduceNone {
		return nil
	}
	a := &accumulator{kind: kind, p: p.red, vals: make([]Num, n), seen: make([]bool, n)}
	info := kind.On(p.red.Elem)
	if info.Index {
		a.idx = make([]int64, n)
	}
	if info.Combine == ir.KernelAdd && p.red.Elem.IsFloat() && !info.Accumulate {
		a.sums = make([]exactSum, n)
	}
	a.fused = info.Accumulate && p.red.Elem.IsFloat()
	return a
}

// fuse adds a float contraction's term, the product of xs, to result
// element r as the generated code does (SPEC 3d, 7): the factors but the
// last multiplied in the accumulator type, then one fused multiply-add
// (one rounding) with the last.
func (a *accumulator) fuse(r int, xs []Num) {
	e := a.p.Elem
	t := xs[0].Float
	for i := 1; i < len(xs)-1; i++ {
		t = Round(t*xs[i].Float, e)
	}
	sum := &a.vals[r].Float
	if len(xs) == 1 {
		*sum = Round(*sum+t, e)
	} else {
		*sum = fusedMulAdd(t, xs[len(xs)-1].Float, *sum, e)
	}
	a.seen[r] = true
}

// fusedMulAdd is x*y+z rounded once to e (f32 or f64).
func fusedMulAdd(x, y, z float64, e *ir.Scalar) float64 {
	if e != ir.F32 {
		return math.FMA(x, y, z)
	}
	p := x * y // exact: two f32 significands fit in a float64's
	if p == 0 || z == 0 || math.IsInf(p, 0) || math.IsNaN(p) || math.IsInf(z, 0) || math.IsNaN(z) {
		return Round(p+z, e) // one rounding, IEEE's signs of zero and specials
	}
	s := new(big.Float).SetPrec(600).SetFloat64(p)
	f, _ := s.Add(s, new(big.Float).SetFloat64(z)).Float32() // exact sum, rounded once
	return float64(f)
}

func (a *accumulator) add(r int, v Num, idx []int64, l *ir.Loops) {
	info := a.kind.On(a.p.Elem)
	switch {
	case a.sums != nil:
		a.sums[r].add(v.Float)
	case !a.seen[r]:
		a.vals[r] = v
		if a.idx != nil {
			a.idx[r] = reductionIndex(idx, l)
		}
	case a.idx != nil:
		if better(info.Combine, a.p.Elem, v, a.vals[r]) {
			a.vals[r], a.idx[r] = v, reductionIndex(idx, l)
		}
	default:
		c, _ := Scalar(info.Combine, a.p, a.vals[r], v) // add/mul/max/min/and/or never fault
		a.vals[r] = c
	}
	a.seen[r] = true
}

// better reports whether v replaces the current extreme cur of an
// argmax (KernelMax) or argmin: strictly beyond it (i1 orders false <
// true), or the first NaN.
func better(k ir.Kernel, e *ir.Scalar, v, cur Num) bool {
	if e.IsFloat() {
		switch {
		case math.IsNaN(cur.Float):
			return false
		case math.IsNaN(v.Float):
			return true
		case k == ir.KernelMax:
			return v.Float > cur.Float
		}
		return v.Float < cur.Float
	}
	if e.IsUnsigned() { // held zero-extended; a ui64 as its bits
		if k == ir.KernelMax {
			return uint64(v.Int) > uint64(cur.Int)
		}
		return uint64(v.Int) < uint64(cur.Int)
	}
	if k == ir.KernelMax {
		return v.Int > cur.Int
	}
	return v.Int < cur.Int
}

// reductionIndex is the position along the (single) reduction loop.
func reductionIndex(idx []int64, l *ir.Loops) int64 {
	for i, k := range l.Iter {
		if k == ir.Reduction {
			return idx[i]
		}
	}
	return 0
}

func (a *accumulator) finish(out *Tensor, ext []int64, l *ir.Loops) {
	info := a.kind.On(a.p.Elem)
	count := int64(1)
	for i, k := range l.Iter {
		if k == ir.Reduction {
			count *= ext[i]
		}
	}
	for r := range out.Len() {
		var v Num
		switch {
		case a.idx != nil:
			v = Num{Int: a.idx[r]}
		case a.sums != nil:
			s := a.sums[r].value()
			if info.Mean {
				s /= float64(count) // 0/0 is NaN: NumPy's mean of nothing
			}
			v = Num{Float: Round(s, out.Elem)}
		case !a.seen[r]:
			v = Num{Int: ir.WrapInt(info.Identity, out.Elem)} // sum/prod/any/all of nothing
			if out.Elem.IsFloat() {
				v = Num{Float: float64(info.Identity)}
			}
		default:
			v = a.vals[r]
			if !out.Elem.IsFloat() {
				v.Int = ir.WrapInt(v.Int, out.Elem)
			} else {
				v.Float = Round(v.Float, out.Elem)
			}
		}
		out.Set(r, v)
	}
}

// ExtentMessage explains a loop-extent conflict the way NumPy does for
// broadcasting ("operands could not be broadcast together with shapes
// (3,4) (2,4)"), with the result's static shape when it is one side, and
// as a plain shape mismatch for ops that do not broadcast. shapes are
// the operands' sizes (nil for scalars), static the result type's (-1
// for '?'), or nil.
func ExtentMessage(op *ir.Op, l *ir.Loops, e *ir.ExtentError, shapes [][]int64, static []int64) string {
	var list []string
	for k, s := range shapes {
		if l.Operands[k] != nil {
			list = append(list, ir.TupleShape(s))
		}
	}
	all := strings.Join(list, " ")
	kindOf := func(r ir.DimRef) ir.DimKind {
		if r.Result {
			return l.Results[r.Index][r.Dim].Kind
		}
		return l.Operands[r.Index][r.Dim].Kind
	}
	bcast := kindOf(e.A) == ir.Broadcast || kindOf(e.B) == ir.Broadcast
	contracted := op.Def.Reduce.Info().Accumulate && l.Iter[e.Loop] == ir.Reduction
	switch {
	case contracted && !e.A.Result && !e.B.Result && len(shapes) == 2:
		// NumPy's matmul: the rhs's size first.
		return fmt.Sprintf("matmul: Input operand 1 has a mismatch in its core dimension 0, with gufunc signature (n?,k),(k,m?)->(n?,m?) (size %d is different from %d)", e.SizeB, e.SizeA)
	case contracted && !e.A.Result && !e.B.Result:
		return fmt.Sprintf("contracted dimensions differ in size at run time: %s has size %d and %s has size %d", e.A, e.SizeA, e.B, e.SizeB)
	case e.A.Result || e.B.Result:
		op, res := e.B, e.A
		if e.B.Result {
			op, res = e.A, e.B
		}
		return fmt.Sprintf("operand #%d of shape %s does not fit the result type's static shape %s: %s has size %d, %s has size %d",
			op.Index, ir.TupleShape(shapes[op.Index]), ir.TupleShape(static), op, sizeOf(e, op), res, sizeOf(e, res))
	case bcast:
		return fmt.Sprintf("operands could not be broadcast together with shapes %s (%s has size %d, %s has size %d)", all, e.A, e.SizeA, e.B, e.SizeB)
	}
	return fmt.Sprintf("operands must have the same shape, but have shapes %s at run time (no broadcasting): %s has size %d, %s has size %d", all, e.A, e.SizeA, e.B, e.SizeB)
}

func sizeOf(e *ir.ExtentError, r ir.DimRef) int64 {
	if r == e.A {
		return e.SizeA
	}
	return e.SizeB
}

// windowMessage checks that every Window dimension (a slice's) holds its
// Limit, StableHLO's start <= limit <= size, with the verifier's words:
// an error even when the window or another loop is empty.
func windowMessage(l *ir.Loops, shapes [][]int64) string {
	for k, maps := range l.Operands {
		for j, m := range maps {
			if m.Kind == ir.Window && shapes[k][j] < m.Limit {
				return ir.WindowLimitMessage(m.Limit, fmt.Sprint(shapes[k][j]), j)
			}
		}
	}
	return ""
}
