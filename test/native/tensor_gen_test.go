package native_test

import (
	"fmt"
	"slices"
	"strings"

	"github.com/tirc/tirc/ir"
)

// The tensor dialect's ops in random programs (dialect/tensor_ops.go):
// extract_slice with static and dynamic (index constant) offsets, sizes
// and strides, rank-reducing too; insert_slice into a value of the pool
// or into a tensor.empty it fills; collapse_shape and expand_shape;
// extract and insert of one element and from_elements; pad with a
// constant. Their windows are valid in the base call; a call that
// resizes a dynamic operand may put them out of bounds, a run-time error
// in eval and in native code alike.

// ranked returns x when it is a tensor of rank min or more without
// empty dims, else a new argument of x's element type and rank 1-3 (nil
// in a scalar program, whose new arguments are scalars): each op is then
// emitted when the generator draws it.
func (g *gen) ranked(x *value, min int) *value {
	if !x.scalar && len(x.shape) >= min && !slices.Contains(x.shape, 0) {
		return x
	}
	if g.scalars {
		return nil
	}
	return g.newArg(x.elem(), g.randomShape(max(min, 1+g.rng.IntN(3))), x.nonzero)
}

// onRanked makes the emitter of an op that takes a tensor of rank min or
// more without empty dims: it emits the op on x or, when x is none, on a
// new argument (ranked); in a scalar program it draws a transpose
// instead.
func onRanked(min int, emit func(g *gen, x *value)) func(g *gen, x *value) {
	return func(g *gen, x *value) {
		if y := g.ranked(x, min); y != nil {
			emit(g, y)
			return
		}
		g.transpose(x)
	}
}

// index writes an index constant and returns its name.
func (g *gen) index(v int64) string {
	c := g.fresh()
	fmt.Fprintf(&g.body, "    %s = arith.constant %d : index\n", c, v)
	return c
}

// mixed writes a mixed static/dynamic list, each entry dynamic (an index
// constant) at random; dyn reports which are.
func (g *gen) mixed(vals []int64) (text string, dyn []bool) {
	s := make([]string, len(vals))
	dyn = make([]bool, len(vals))
	for i, v := range vals {
		if g.chance(3) {
			s[i], dyn[i] = g.index(v), true
			continue
		}
		s[i] = fmt.Sprint(v)
	}
	return "[" + strings.Join(s, ", ") + "]", dyn
}

// tensorEmit writes text as the op making a new tensor value of declared
// type rt and base shape, and adds it to the pool.
func (g *gen) tensorEmit(op, text string, x *value, rt *ir.TensorType, shape []int64) *value {
	v := &value{name: g.fresh(), typ: rt, shape: shape, approx: x.approx, nonzero: x.nonzero}
	fmt.Fprintf(&g.body, "    %s = %s\n", v.name, text)
	g.pool = append(g.pool, v)
	g.ops[op]++
	return v
}

// window draws a window of x's base shape: offsets, sizes, strides.
func (g *gen) window(shape []int64) (off, size, stride []int64) {
	r := len(shape)
	off, size, stride = make([]int64, r), make([]int64, r), make([]int64, r)
	for i, s := range shape {
		stride[i] = int64(1 + g.rng.IntN(3))
		if g.chance(3) || s == 0 {
			stride[i], size[i] = 1, s
			continue
		}
		off[i] = int64(g.rng.IntN(int(s)))
		size[i] = 1 + (s-1-off[i])/stride[i] // as many as fit
		size[i] = 1 + int64(g.rng.IntN(int(size[i])))
	}
	return off, size, stride
}

// sliceDecl is the declared type of a window: static sizes, '?' for the
// dynamic ones, the unit dims in drop left out.
func sliceDecl(e *ir.Scalar, size []int64, dyn, drop []bool) (decl, shape []int64) {
	decl, shape = []int64{}, []int64{}
	for i, s := range size {
		if drop[i] {
			continue
		}
		d := s
		if dyn[i] {
			d = ir.Dynamic
		}
		decl, shape = append(decl, d), append(shape, s)
	}
	return decl, shape
}

// unitDrops picks some static unit sizes to drop (rank reduction).
func (g *gen) unitDrops(size []int64, dyn []bool) []bool {
	drop := make([]bool, len(size))
	for i, s := range size {
		drop[i] = s == 1 && !dyn[i] && g.chance(2)
	}
	return drop
}

// extractSlice takes a window of x, or pads x. Like the other emitters
// of this file it takes a tensor of rank 1 or more without empty dims
// (onRanked).
func (g *gen) extractSlice(x *value) {
	if g.chance(3) {
		g.pad(x) // an op with a region: not in the table's draws
		return
	}
	off, size, stride := g.window(x.shape)
	ot, _ := g.mixed(off)
	st, sdyn := g.mixed(size)
	tt, _ := g.mixed(stride)
	decl, shape := sliceDecl(x.elem(), size, sdyn, g.unitDrops(size, sdyn))
	rt := &ir.TensorType{Shape: decl, Elem: x.elem()}
	text := fmt.Sprintf("tensor.extract_slice %s%s %s %s : %s to %s", x.name, ot, st, tt, tstr(x.typ), tstr(rt))
	g.tensorEmit("tensor.extract_slice", text, x, rt, shape)
}

// insertSlice writes a new value (an argument or a slice of the pool)
// into a window of x, or x into a tensor.empty of a larger shape made
// whole by a second insert_slice.
func (g *gen) insertSlice(x *value) {
	if g.chance(3) {
		g.fillEmpty(x)
		return
	}
	off, size, stride := g.window(x.shape)
	ot, _ := g.mixed(off)
	tt, _ := g.mixed(stride)
	st, sdyn := g.mixed(size)
	drop := g.unitDrops(size, sdyn)
	decl, shape := sliceDecl(x.elem(), size, sdyn, drop)
	src := g.newArgOfType(&ir.TensorType{Shape: decl, Elem: x.elem()}, shape, x.nonzero)
	text := fmt.Sprintf("tensor.insert_slice %s into %s%s %s %s : %s into %s", src.name, x.name, ot, st, tt, tstr(src.typ), tstr(x.typ))
	v := g.tensorEmit("tensor.insert_slice", text, x, x.typ, x.shape)
	v.approx = x.approx || src.approx
}

// fillEmpty writes x and a new argument side by side along dim 0 of a
// tensor.empty: two insert_slices in place.
func (g *gen) fillEmpty(x *value) {
	e := x.elem()
	more := int64(1 + g.rng.IntN(3))
	rest := slices.Clone(x.shape[1:])
	y := g.newArg(e, append([]int64{more}, rest...), x.nonzero)
	full := append([]int64{x.shape[0] + more}, rest...)
	var dynSizes []string
	decl := slices.Clone(full)
	for i := range decl {
		if g.chance(4) {
			decl[i] = ir.Dynamic
			dynSizes = append(dynSizes, g.index(full[i]))
		}
	}
	et := &ir.TensorType{Shape: decl, Elem: e}
	empty := g.fresh()
	fmt.Fprintf(&g.body, "    %s = tensor.empty(%s) : %s\n", empty, strings.Join(dynSizes, ", "), tstr(et))
	g.ops["tensor.empty"]++
	step := func(src *value, dest string, at int64) string {
		offs := make([]string, len(full))
		sizes := make([]string, len(full))
		ones := make([]string, len(full))
		for i := range full {
			offs[i], ones[i] = "0", "1"
			sizes[i] = fmt.Sprint(src.shape[i])
			if src.typ.Shape[i] < 0 {
				sizes[i] = g.index(src.shape[i])
			}
		}
		offs[0] = g.index(at)
		v := g.fresh()
		fmt.Fprintf(&g.body, "    %s = tensor.insert_slice %s into %s[%s] [%s] [%s] : %s into %s\n", v, src.name, dest,
			strings.Join(offs, ", "), strings.Join(sizes, ", "), strings.Join(ones, ", "), tstr(src.typ), tstr(et))
		g.ops["tensor.insert_slice"]++
		return v
	}
	first := step(x, empty, 0)
	last := step(y, first, x.shape[0])
	v := &value{name: last, typ: et, shape: full, approx: x.approx || y.approx, nonzero: x.nonzero && y.nonzero}
	g.pool = append(g.pool, v)
}

// reassoc splits 0..n-1 into contiguous groups, m of them (m >= 1).
func (g *gen) reassoc(n int) [][]int64 {
	var groups [][]int64
	for i := 0; i < n; i++ {
		if len(groups) == 0 || g.chance(2) {
			groups = append(groups, nil)
		}
		groups[len(groups)-1] = append(groups[len(groups)-1], int64(i))
	}
	return groups
}

func groupsText(groups [][]int64) string {
	s := make([]string, len(groups))
	for i, gr := range groups {
		s[i] = "[" + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(gr)), ", "), "[]") + "]"
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// collapse merges groups of x's dims (a view, or a copy of a strided x).
func (g *gen) collapse(x *value) {
	groups := g.reassoc(len(x.shape))
	var decl, shape []int64
	at := 0
	for _, gr := range groups {
		d, s := int64(1), int64(1)
		for k := range gr {
			if x.typ.Shape[at+k] < 0 || d < 0 {
				d = ir.Dynamic
			} else {
				d *= x.typ.Shape[at+k]
			}
			s *= x.shape[at+k]
		}
		at += len(gr)
		decl, shape = append(decl, d), append(shape, s)
	}
	rt := &ir.TensorType{Shape: decl, Elem: x.elem()}
	text := fmt.Sprintf("tensor.collapse_shape %s %s : %s into %s", x.name, groupsText(groups), tstr(x.typ), tstr(rt))
	g.tensorEmit("tensor.collapse_shape", text, x, rt, shape)
}

// expand splits each dim of x into itself and a unit dim, or a dim of
// even size into two, with output_shape's dynamic entries index
// constants.
func (g *gen) expand(x *value) {
	var groups [][]int64
	var decl, shape []int64
	var out []string
	for i, s := range x.shape {
		var parts []int64
		switch {
		case s%2 == 0 && s > 0 && g.chance(2):
			parts = []int64{2, s / 2}
		case g.chance(3):
			parts = []int64{1, s}
		default:
			parts = []int64{s}
		}
		k := g.rng.IntN(len(parts)) // the part declared '?' when x's dim is
		var gr []int64
		for j, p := range parts {
			gr = append(gr, int64(len(shape)))
			shape = append(shape, p)
			if x.typ.Shape[i] < 0 && j == k {
				decl = append(decl, ir.Dynamic)
				out = append(out, g.index(p))
				continue
			}
			decl = append(decl, p)
			out = append(out, fmt.Sprint(p))
		}
		groups = append(groups, gr)
	}
	rt := &ir.TensorType{Shape: decl, Elem: x.elem()}
	text := fmt.Sprintf("tensor.expand_shape %s %s output_shape [%s] : %s into %s", x.name, groupsText(groups), strings.Join(out, ", "), tstr(x.typ), tstr(rt))
	g.tensorEmit("tensor.expand_shape", text, x, rt, shape)
}

// elements extracts two elements of x, puts one into x at another index
// (tensor.insert) and makes a 2-element tensor of both
// (tensor.from_elements) broadcast back against x.
func (g *gen) elements(x *value) {
	at := func() string {
		idx := make([]string, len(x.shape))
		for i, s := range x.shape {
			idx[i] = g.index(int64(g.rng.IntN(int(s))))
		}
		return "[" + strings.Join(idx, ", ") + "]"
	}
	var scalars []string
	for range 2 {
		s := g.fresh()
		fmt.Fprintf(&g.body, "    %s = tensor.extract %s%s : %s\n", s, x.name, at(), tstr(x.typ))
		g.ops["tensor.extract"]++
		scalars = append(scalars, s)
	}
	text := fmt.Sprintf("tensor.insert %s into %s%s : %s", scalars[0], x.name, at(), tstr(x.typ))
	g.tensorEmit("tensor.insert", text, x, x.typ, x.shape)
	ft := &ir.TensorType{Shape: []int64{2}, Elem: x.elem()}
	text = fmt.Sprintf("tensor.from_elements %s, %s : %s", scalars[0], scalars[1], tstr(ft))
	g.tensorEmit("tensor.from_elements", text, x, ft, []int64{2})
}

// pad pads x with a constant of its element type (an arith.constant in
// the body, or one defined before it); x of another element type gets a
// window instead.
func (g *gen) pad(x *value) {
	e := x.elem()
	if len(x.shape) == 0 || x.scalar || !(e.IsFloat() || e.IsSignless() && e != ir.Index) {
		g.extractSlice(x)
		return
	}
	lit := "3"
	if e.IsFloat() {
		lit = "-1.5"
	} else if e == ir.I1 {
		lit = "true"
	}
	r := len(x.shape)
	low, high := make([]int64, r), make([]int64, r)
	var decl, shape []int64
	for i := range x.shape {
		low[i], high[i] = int64(g.rng.IntN(3)), int64(g.rng.IntN(3))
		shape = append(shape, x.shape[i]+low[i]+high[i])
	}
	lt, ldyn := g.mixed(low)
	ht, hdyn := g.mixed(high)
	for i := range x.shape {
		d := shape[i]
		if x.typ.Shape[i] < 0 || ldyn[i] || hdyn[i] {
			d = ir.Dynamic
		}
		decl = append(decl, d)
	}
	rt := &ir.TensorType{Shape: decl, Elem: e}
	args := make([]string, r)
	for i := range args {
		args[i] = fmt.Sprintf("%%i%d: index", i)
	}
	c := g.fresh()
	body := fmt.Sprintf("^bb0(%s):\n      %s = arith.constant %s : %s\n      tensor.yield %s : %s\n", strings.Join(args, ", "), c, lit, tstr(e), c, tstr(e))
	if g.chance(2) {
		fmt.Fprintf(&g.body, "    %s = arith.constant %s : %s\n", c, lit, tstr(e))
		body = fmt.Sprintf("^bb0(%s):\n      tensor.yield %s : %s\n", strings.Join(args, ", "), c, tstr(e))
	}
	text := fmt.Sprintf("tensor.pad %s low%s high%s {\n    %s    } : %s to %s", x.name, lt, ht, body, tstr(x.typ), tstr(rt))
	g.tensorEmit("tensor.pad", text, x, rt, shape)
}
