package native_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
)

// The data-movement ops in random programs: transposes (sometimes of a
// new argument large enough for the 8x8 blocks of transposed reads and
// their edges), slices, reshapes (a '?' decided by the element count),
// concatenations (an operand of the chain joined with a new one), iota
// and tensor.dim through tensor.splat. Their results join the pool, so
// later ops broadcast, reduce and compute on them, and fusion reads them
// in their consumers' nests. unitView draws views with dimensions of size
// 1 that are broadcast right away (issue 34: such a view was read with its
// operand's stride instead of stride 0).

// move adds one data-movement op on x (or on what it needs): the
// reshapes and concatenations of the table by their traits, the others by
// their emitters (bespoke).
func (g *gen) move(x *value) {
	switch g.rng.IntN(9) {
	case 0, 1:
		g.transpose(x)
	case 2:
		g.slice(x)
	case 3:
		g.drawFrom(x, func(op *genOp) bool { return op.kind == kindReshape })
	case 4:
		g.drawFrom(x, func(op *genOp) bool { return op.kind == kindConcat })
	case 5:
		g.iota(x)
	case 6, 7:
		g.unitView(x)
	default:
		g.drawFrom(x, func(op *genOp) bool { return op.kind == kindDim })
	}
}

// moved emits a data-movement op whose result keeps x's properties.
func (g *gen) moved(op string, x *value, operands []*value, attrs string, rt *ir.TensorType, shape []int64) *value {
	v := g.emit(op, operands, attrs, rt, shape)
	v.approx, v.nonzero = x.approx, x.nonzero
	for _, o := range operands {
		v.approx = v.approx || o.approx
		v.nonzero = v.nonzero && o.nonzero
	}
	return v
}

func ints(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	if len(s) == 0 {
		return "array<i64>"
	}
	return "array<i64: " + strings.Join(s, ", ") + ">"
}

// relax makes some static sizes of a declared result '?'.
func (g *gen) relax(decl []int64) []int64 {
	out := slices.Clone(decl)
	for i := range out {
		if out[i] >= 0 && g.chance(5) {
			out[i] = ir.Dynamic
		}
	}
	return out
}

func (g *gen) transpose(x *value) {
	var perm []int
	if len(x.shape) < 2 || g.chance(3) {
		// A new operand of rank 2-3 whose last dimension and dimension j
		// have 8-20 elements (or more); the result's last dimension is j, and
		// mostly the operand's last one is next to it: the transposed
		// read that codegen blocks (transpose.go), whole 8x8 blocks and
		// edges.
		r := 2 + g.rng.IntN(2)
		shape := g.randomShape(r)
		j := g.rng.IntN(r - 1)
		shape[j], shape[r-1] = int64(8+g.rng.IntN(13)), int64(8+g.rng.IntN(13))
		if g.chance(4) {
			// Larger: one or two tiles of 256 rows along j (the
			// operand's rows copied into the tile buffer), and one or
			// two chunks of the tile's 64 or 128 columns along the last.
			shape[j], shape[r-1] = int64(250+g.rng.IntN(30)), int64(60+g.rng.IntN(90))
		}
		x = g.newArg(x.elem(), shape, x.nonzero)
		rest := []int{}
		for d := range r - 1 {
			if d != j {
				rest = append(rest, d)
			}
		}
		rest = append(rest, r-1)
		g.rng.Shuffle(len(rest), func(a, b int) { rest[a], rest[b] = rest[b], rest[a] })
		if k := slices.Index(rest, r-1); g.rng.IntN(4) != 0 {
			rest[k], rest[len(rest)-1] = rest[len(rest)-1], rest[k]
		}
		perm = append(rest, j)
	} else {
		perm = g.rng.Perm(len(x.shape))
	}
	r := len(x.shape)
	shape, decl := make([]int64, r), make([]int64, r)
	for i, d := range perm {
		shape[i], decl[i] = x.shape[d], x.typ.Shape[d]
	}
	g.moved("tir.transpose", x, []*value{x}, "permutation = "+ints(int64s(perm)), &ir.TensorType{Shape: g.relax(decl), Elem: x.elem()}, shape)
}

func int64s(xs []int) []int64 {
	out := make([]int64, len(xs))
	for i, x := range xs {
		out[i] = int64(x)
	}
	return out
}

// slice takes a window of x valid in the base call (other calls may
// resize a dynamic operand below it: a run-time error).
func (g *gen) slice(x *value) {
	r := len(x.shape)
	start, limit, strides, shape := make([]int64, r), make([]int64, r), make([]int64, r), make([]int64, r)
	for i, s := range x.shape {
		start[i] = int64(g.rng.IntN(int(s) + 1))
		limit[i] = start[i] + int64(g.rng.IntN(int(s-start[i])+1))
		if g.chance(3) {
			start[i], limit[i] = 0, s // the whole dimension
		}
		strides[i] = int64(1 + g.rng.IntN(3))
		shape[i] = (limit[i] - start[i] + strides[i] - 1) / strides[i]
	}
	attrs := fmt.Sprintf("start_indices = %s, limit_indices = %s, strides = %s", ints(start), ints(limit), ints(strides))
	g.moved("tir.slice", x, []*value{x}, attrs, &ir.TensorType{Shape: g.relax(shape), Elem: x.elem()}, shape)
}

// reshape splits x's elements into a random shape of rank 0-4, with one
// '?' when x has dynamic sizes (the count decides it in every call); or,
// for an op taking new_shape (tosa.reshape), into a static one.
func (g *gen) reshape(op *genOp, x *value) {
	x = g.operandFor(op, x, false)
	n := int64(1)
	for _, s := range x.shape {
		n *= s
	}
	var shape []int64
	for m := n; m > 1; {
		d := m
		for k := int64(2); k < m; k++ {
			if m%k == 0 && g.chance(2) {
				d = k
				break
			}
		}
		shape = append(shape, d)
		m /= d
	}
	if n == 0 {
		shape = append(shape, 0)
	}
	for len(shape) < 4 && g.chance(3) {
		shape = slices.Insert(shape, g.rng.IntN(len(shape)+1), 1)
	}
	decl := slices.Clone(shape)
	if len(shape) > 0 && n > 0 && (slices.Contains(x.typ.Shape, ir.Dynamic) || g.chance(3)) {
		decl[g.rng.IntN(len(decl))] = ir.Dynamic
	}
	attrs := ""
	if op.shapeAttr {
		decl, attrs = slices.Clone(shape), "new_shape = "+ints(shape)
	}
	g.moved(op.name, x, []*value{x}, attrs, &ir.TensorType{Shape: decl, Elem: x.elem()}, shape)
}

// concat joins x with a new operand (an argument or a constant) along a
// random dimension.
func (g *gen) concat(x *value) {
	r := len(x.shape)
	if r == 0 {
		g.transpose(x)
		return
	}
	d := g.rng.IntN(r)
	shape := slices.Clone(x.shape)
	shape[d] = int64(g.rng.IntN(4))
	var y *value
	if g.chance(3) {
		y = g.newConst(x.elem(), shape, x.nonzero)
	} else {
		y = g.newArg(x.elem(), shape, x.nonzero)
	}
	ops := []*value{x, y}
	if g.chance(2) {
		ops = []*value{y, x}
	}
	out := slices.Clone(x.shape)
	out[d] += shape[d]
	decl := make([]int64, r)
	for j := range decl {
		switch a, b := ops[0].typ.Shape[j], ops[1].typ.Shape[j]; {
		case j == d && (a < 0 || b < 0):
			decl[j] = ir.Dynamic
		case j == d:
			decl[j] = a + b
		case a >= 0:
			decl[j] = a
		default:
			decl[j] = b
		}
	}
	g.moved("tir.concat", x, ops, fmt.Sprintf("dimension = %d : i64", d), &ir.TensorType{Shape: g.relax(decl), Elem: x.elem()}, out)
}

// iota adds an iota of x's (base call) shape and element type, combined
// with x so that it is read inside x's consumer's nest.
func (g *gen) iota(x *value) {
	if len(x.shape) == 0 || slices.Contains(x.shape, 0) {
		g.transpose(x)
		return
	}
	e := x.elem()
	shape := slices.Clone(x.shape)
	i := g.emit("tir.iota", nil, fmt.Sprintf("iota_dimension = %d : i64", g.rng.IntN(len(shape))), &ir.TensorType{Shape: shape, Elem: e}, shape)
	op := "tir.add"
	if e == ir.I1 || g.chance(2) {
		op = "tir.max"
	}
	g.emit(op, []*value{x, i}, "", &ir.TensorType{Shape: bcast(x.typ.Shape, shape), Elem: e}, shape)
}

// dimSplat reads one of x's sizes with tensor.dim (a constant or an
// argument index), splats it as a rank-0 index tensor and converts it to
// x's element type: a scalar tensor that later ops broadcast.
func (g *gen) dimSplat(x *value) {
	if len(x.shape) == 0 {
		g.transpose(x)
		return
	}
	k := g.rng.IntN(len(x.shape))
	c := g.fresh()
	fmt.Fprintf(&g.body, "    %s = arith.constant %d : index\n", c, k)
	d := g.fresh()
	fmt.Fprintf(&g.body, "    %s = tensor.dim %s, %s : %s\n", d, x.name, c, tstr(x.typ))
	g.ops["tensor.dim"]++
	s := g.fresh()
	fmt.Fprintf(&g.body, "    %s = tensor.splat %s : tensor<index>\n", s, d)
	g.ops["tensor.splat"]++
	sv := &value{name: s, typ: &ir.TensorType{Elem: ir.Index}, shape: []int64{}}
	g.pool = append(g.pool, sv)
	if e := x.elem(); e != ir.Index {
		g.convert(sv, e)
	}
}

// unitView takes a view of x with dimensions of size 1 (a slice of one
// element along them, at any start and stride, declared static or '?'),
// maybe passes it through an elementwise op, a transpose, a reshape that
// adds a unit dimension or a concatenation with an empty operand, and
// broadcasts the result over a larger shape: in a binary op with x (x -
// x[:, 2:3]) or a new argument, sometimes through tir.broadcast_in_dim
// first. Used once, the view is read inside the broadcasting op's nest.
func (g *gen) unitView(x *value) {
	r := len(x.shape)
	if r == 0 || r > 5 || slices.Contains(x.shape, 0) {
		g.transpose(x)
		return
	}
	e := x.elem()
	start, limit, strides, shape := make([]int64, r), make([]int64, r), make([]int64, r), make([]int64, r)
	unit := g.rng.IntN(r) // at least one dimension of size 1
	for i, s := range x.shape {
		if i == unit || g.chance(2) {
			// one element: start < limit <= start + stride
			strides[i] = int64(1 + g.rng.IntN(3))
			start[i] = int64(g.rng.IntN(int(s)))
			limit[i] = min(s, start[i]+1+int64(g.rng.IntN(int(strides[i]))))
			shape[i] = 1
			continue
		}
		start[i], limit[i], strides[i], shape[i] = 0, s, 1, s
	}
	attrs := fmt.Sprintf("start_indices = %s, limit_indices = %s, strides = %s", ints(start), ints(limit), ints(strides))
	v := g.moved("tir.slice", x, []*value{x}, attrs, &ir.TensorType{Shape: g.relax(shape), Elem: e}, shape)
	// The shape v broadcasts to: x's where x is larger, else 2-4.
	target := slices.Clone(x.shape)
	for i := range target {
		if shape[i] == 1 && target[i] == 1 {
			target[i] = int64(2 + g.rng.IntN(3))
		}
	}
	other := x // x - x[:, 2:3]
	switch g.rng.IntN(5) {
	case 0: // through an elementwise op: x * exp(x[:, 4:5])
		unary := opsWhere(func(op *genOp) bool {
			return op.family == "tir" && op.kind == kindElementwise && op.nIn == 1 && op.accepts(e) && !discreteKernel(op.kernel())
		})
		if len(unary) > 0 {
			op := unary[g.rng.IntN(len(unary))]
			v = g.moved(op.name, v, []*value{v}, "", &ir.TensorType{Shape: slices.Clone(v.typ.Shape), Elem: e}, v.shape)
			if approxKernel(op.kernel()) {
				v.approx, g.trans = true, true
			}
		}
	case 1: // transposed, against an operand of the transposed shape
		perm := g.rng.Perm(r)
		ts, decl := make([]int64, r), make([]int64, r)
		for i, d := range perm {
			ts[i], decl[i], target[i] = v.shape[d], v.typ.Shape[d], x.shape[d]
			if ts[i] == 1 && target[i] == 1 {
				target[i] = int64(2 + g.rng.IntN(3))
			}
		}
		v = g.moved("tir.transpose", v, []*value{v}, "permutation = "+ints(int64s(perm)), &ir.TensorType{Shape: decl, Elem: e}, ts)
		other = nil
	case 2: // a unit dimension more
		if r < 5 {
			k := g.rng.IntN(r + 1)
			rs := slices.Insert(slices.Clone(v.shape), k, 1)
			v = g.moved("tir.reshape", v, []*value{v}, "", &ir.TensorType{Shape: slices.Clone(rs), Elem: e}, rs)
			target = slices.Insert(target, k, int64(2+g.rng.IntN(3)))
			other = nil
		}
	case 3: // joined with an empty operand along a unit dimension
		d := unit
		es := slices.Clone(v.shape)
		es[d] = 0
		y := g.newArg(e, es, x.nonzero)
		ops := []*value{v, y}
		if g.chance(2) {
			ops = []*value{y, v}
		}
		v = g.moved("tir.concat", v, ops, fmt.Sprintf("dimension = %d : i64", d), &ir.TensorType{Shape: slices.Clone(v.shape), Elem: e}, slices.Clone(v.shape))
	}
	if other != nil && !slices.Equal(target, x.shape) {
		other = nil
	}
	if g.chance(3) {
		// explicitly broadcast first (a static result: codegen rejects a
		// '?' mapped from a static 1)
		ds := make([]string, len(target))
		for i := range ds {
			ds[i] = fmt.Sprint(i)
		}
		v = g.moved("tir.broadcast_in_dim", v, []*value{v}, dimsAttr(ds), &ir.TensorType{Shape: slices.Clone(target), Elem: e}, slices.Clone(target))
	}
	if other == nil {
		other = g.newArg(e, target, false)
	}
	ops := opsWhere(func(op *genOp) bool {
		k := op.kernel()
		return op.kind == kindElementwise && op.style == bcastStyle && op.nIn == 2 && op.accepts(e) && !approxKernel(k) && !discreteKernel(k) && !k.IntDivision()
	})
	op := ops[g.rng.IntN(len(ops))].name
	lhs, rhs := other, v
	if g.chance(2) {
		lhs, rhs = v, other
	}
	g.emit(op, []*value{lhs, rhs}, "", g.resultType(e, bcast(lhs.typ.Shape, rhs.typ.Shape), bcast(lhs.shape, rhs.shape)), bcast(lhs.shape, rhs.shape))
}
