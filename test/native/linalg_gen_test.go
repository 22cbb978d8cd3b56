package native_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// The linalg ops with a body (linalg.generic, linalg.map, linalg.reduce),
// drawn as bespoke ops: random indexing maps (permutations of the loops,
// projections, broadcasts of a second input over loops it leaves out, a
// constant index 0 into a dimension of size 1), random iterator types
// (reduction loops left out of the outs' map, whose values start the
// reduction), and random bodies of arith ops on the elements, a constant
// and the outs' element. Their operands have static types (a dynamic x is
// cast to the static shape of the base call first, a check eval and
// native code make alike).

// bodyOps are the arith ops a body draws from, by element kind: binary
// ops whose kernels are exact (so that an approximate operand only
// perturbs, never decides, the result); integer divisions fault on a
// zero divisor as eval does.
func bodyOps(e *ir.Scalar) []string {
	switch {
	case e.IsFloat():
		return []string{"arith.addf", "arith.subf", "arith.mulf", "arith.maximumf", "arith.minimumf"}
	case e == ir.I1:
		return []string{"arith.andi", "arith.ori", "arith.xori"}
	}
	return []string{"arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minui", "arith.divsi", "arith.remui"}
}

// combiners are the ops a reduction body combines with: associative and
// commutative ones, as linalg's reductions are meant.
func combiners(e *ir.Scalar) []string {
	switch {
	case e.IsFloat():
		return []string{"arith.addf", "arith.maximumf", "arith.minimumf"}
	case e == ir.I1:
		return []string{"arith.ori", "arith.andi"}
	}
	return []string{"arith.addi", "arith.maxsi", "arith.minui", "arith.muli"}
}

// bodyConst is a constant of element type e exact in every float type.
func (g *gen) bodyConst(e *ir.Scalar) string {
	switch {
	case e.IsFloat():
		return fmt.Sprintf("%d.5 : %s", g.rng.IntN(9)-4, e)
	case e == ir.I1:
		return fmt.Sprintf("%t", g.chance(2))
	}
	return fmt.Sprintf("%d : %s", g.rng.IntN(9)-4, e)
}

// staticOperand is x with a static signless type: cast to its base-call
// shape when its type has '?' dims, or a new argument of its shape when
// arith does not take its element type (ui/si types).
func (g *gen) staticOperand(x *value) *value {
	if !x.elem().IsSignless() {
		return g.newArgOfType(&ir.TensorType{Shape: slices.Clone(x.shape), Elem: signlessElems[g.rng.IntN(len(signlessElems))]}, x.shape, false)
	}
	if !slices.Contains(x.typ.Shape, ir.Dynamic) {
		return x
	}
	ct := &ir.TensorType{Shape: slices.Clone(x.shape), Elem: x.elem()}
	return g.emitShort(fmt.Sprintf("tensor.cast %s : %s to %s", x.name, tstr(x.typ), tstr(ct)), "tensor.cast", ct, x.shape, x)
}

// affine is `affine_map<(d0, ..., dn-1) -> (exprs)>`.
func affine(n int, exprs []string) string {
	dims := make([]string, n)
	for i := range dims {
		dims[i] = fmt.Sprintf("d%d", i)
	}
	return fmt.Sprintf("affine_map<(%s) -> (%s)>", strings.Join(dims, ", "), strings.Join(exprs, ", "))
}

// linalgGeneric adds a linalg.generic reading x through a permuted map.
func (g *gen) linalgGeneric(x *value) {
	if g.scalars {
		g.binary(x)
		return
	}
	x = g.staticOperand(x)
	e, n := x.elem(), len(x.shape)
	perm := g.rng.Perm(n) // x's dimension d is loop perm[d]
	ext := make([]int64, n)
	xm := make([]string, n)
	for d, l := range perm {
		ext[l], xm[d] = x.shape[d], fmt.Sprintf("d%d", l)
	}
	iters := make([]string, n)
	var par []int
	for l := range n {
		iters[l] = `"parallel"`
		if g.chance(3) {
			iters[l] = `"reduction"`
			continue
		}
		par = append(par, l)
	}
	g.rng.Shuffle(len(par), func(a, b int) { par[a], par[b] = par[b], par[a] })
	outShape, om := make([]int64, len(par)), make([]string, len(par))
	for i, l := range par {
		outShape[i], om[i] = ext[l], fmt.Sprintf("d%d", l)
	}
	reduces := len(par) < n
	ins := []*value{x}
	maps := []string{affine(n, xm)}
	if g.chance(2) { // a second input over some loops, maybe a constant index
		var ym []string
		var ys []int64
		for l := range n {
			switch {
			case g.chance(2):
				ym, ys = append(ym, fmt.Sprintf("d%d", l)), append(ys, ext[l])
			case g.chance(4):
				ym, ys = append(ym, "0"), append(ys, 1)
			}
		}
		ins = append(ins, g.newArgOfType(&ir.TensorType{Shape: ys, Elem: e}, ys, false))
		maps = append(maps, affine(n, ym))
	}
	ot := &ir.TensorType{Shape: outShape, Elem: e}
	var out string
	readOut := reduces || n == 0 || g.chance(3) // (a rank-0 tensor.empty has no loops to inline into)
	if readOut {
		out = g.newArgOfType(ot, outShape, false).name
	} else {
		out = g.fresh()
		fmt.Fprintf(&g.body, "    %s = tensor.empty() : %s\n", out, tstr(ot))
		g.ops["tensor.empty"]++
	}
	maps = append(maps, affine(n, om))
	v := &value{name: g.fresh(), typ: ot, shape: outShape}
	var names, types, args []string
	for i, in := range ins {
		names, types = append(names, in.name), append(types, tstr(in.typ))
		args = append(args, fmt.Sprintf("%%in%d: %s", i, e))
		v.approx = v.approx || in.approx
	}
	args = append(args, fmt.Sprintf("%%out: %s", e))
	fmt.Fprintf(&g.body, "    %s = linalg.generic {indexing_maps = [%s], iterator_types = [%s]} ins(%s : %s) outs(%s : %s) {\n    ^bb0(%s):\n",
		v.name, strings.Join(maps, ", "), strings.Join(iters, ", "), strings.Join(names, ", "), strings.Join(types, ", "), out, tstr(ot), strings.Join(args, ", "))
	r := g.linalgBody(e, len(ins), n, reduces, readOut)
	fmt.Fprintf(&g.body, "      linalg.yield %s : %s\n    } -> %s\n", r, e, tstr(ot))
	g.pool = append(g.pool, v)
	g.ops["linalg.generic"]++
}

// linalgBody writes a body's ops on %in0.. and %out and returns the
// value it yields: ops combining the inputs (and a loop index, a
// constant), then, for a reduction, the combination with %out.
func (g *gen) linalgBody(e *ir.Scalar, nIns, loops int, reduces, readOut bool) string {
	ops := bodyOps(e)
	cur := "%in0"
	step := 0
	emit := func(op, a, b string) string {
		step++
		r := fmt.Sprintf("%%b%d", step)
		fmt.Fprintf(&g.body, "      %s = %s %s, %s : %s\n", r, op, a, b, e)
		return r
	}
	if loops > 0 && (drawn["linalg.index"] == 0 || g.chance(4)) { // a loop index, converted to e (the first body always)
		drawn["linalg.index"]++
		step++
		i := fmt.Sprintf("%%i%d", step)
		fmt.Fprintf(&g.body, "      %s = linalg.index %d : index\n", i, g.rng.IntN(loops))
		g.ops["linalg.index"]++
		switch {
		case e.IsFloat():
			fmt.Fprintf(&g.body, "      %s_i = arith.index_cast %s : index to i32\n      %s_f = arith.sitofp %s_i : i32 to %s\n", i, i, i, i, e)
			i += "_f"
		case e != ir.Index:
			fmt.Fprintf(&g.body, "      %s_c = arith.index_cast %s : index to %s\n", i, i, e)
			i += "_c"
		}
		cur = emit(ops[g.rng.IntN(len(ops))], cur, i)
	}
	if nIns > 1 {
		cur = emit(ops[g.rng.IntN(len(ops))], cur, "%in1")
	}
	if g.chance(2) {
		step++
		c := fmt.Sprintf("%%c%d", step)
		fmt.Fprintf(&g.body, "      %s = arith.constant %s\n", c, g.bodyConst(e))
		cur = emit(ops[g.rng.IntN(len(ops))], cur, c)
	}
	switch {
	case reduces:
		cs := combiners(e)
		cur = emit(cs[g.rng.IntN(len(cs))], "%out", cur)
	case readOut:
		cur = emit(ops[g.rng.IntN(len(ops))], cur, "%out")
	}
	return cur
}

// linalgMap adds a linalg.map on x (and another input of its shape), in
// the short or the long form, into a tensor.empty.
func (g *gen) linalgMap(x *value) {
	if g.scalars || len(x.shape) == 0 {
		g.linalgGeneric(x)
		return
	}
	x = g.staticOperand(x)
	e := x.elem()
	y := g.newArgOfType(x.typ, x.shape, false)
	empty := g.fresh()
	fmt.Fprintf(&g.body, "    %s = tensor.empty() : %s\n", empty, tstr(x.typ))
	g.ops["tensor.empty"]++
	v := &value{name: g.fresh(), typ: x.typ, shape: x.shape, approx: x.approx}
	ops := bodyOps(e)
	op := ops[g.rng.IntN(len(ops))]
	t := tstr(x.typ)
	if g.chance(2) {
		fmt.Fprintf(&g.body, "    %s = linalg.map { %s } ins(%s, %s : %s, %s) outs(%s : %s)\n", v.name, op, x.name, y.name, t, t, empty, t)
	} else {
		fmt.Fprintf(&g.body, "    %s = linalg.map ins(%s, %s : %s, %s) outs(%s : %s)\n      (%%in0: %s, %%in1: %s) {\n", v.name, x.name, y.name, t, t, empty, t, e, e)
		r := g.linalgBody(e, 2, len(x.shape), false, false)
		fmt.Fprintf(&g.body, "        linalg.yield %s : %s\n      }\n", r, e)
	}
	g.pool = append(g.pool, v)
	g.ops["linalg.map"]++
}

// linalgReduce adds a linalg.reduce of x over some of its dimensions,
// from an init argument, in the short or the long form.
func (g *gen) linalgReduce(x *value) {
	if g.scalars || len(x.shape) == 0 {
		g.linalgGeneric(x)
		return
	}
	x = g.staticOperand(x)
	e := x.elem()
	var dims []string
	var kept []int64
	for d, s := range x.shape {
		if g.chance(2) || (len(dims) == 0 && d == len(x.shape)-1) {
			dims = append(dims, fmt.Sprint(d))
			continue
		}
		kept = append(kept, s)
	}
	it := &ir.TensorType{Shape: kept, Elem: e}
	init := g.newArgOfType(it, kept, false)
	v := &value{name: g.fresh(), typ: it, shape: kept, approx: x.approx}
	cs := combiners(e)
	op := cs[g.rng.IntN(len(cs))]
	short := ""
	if g.chance(2) {
		short = " { " + op + " }"
	}
	fmt.Fprintf(&g.body, "    %s = linalg.reduce%s ins(%s : %s) outs(%s : %s) dimensions = [%s]\n", v.name, short, x.name, tstr(x.typ), init.name, tstr(it), strings.Join(dims, ", "))
	if short == "" {
		fmt.Fprintf(&g.body, "      (%%in0: %s, %%out: %s) {\n", e, e)
		r := g.linalgBody(e, 1, len(x.shape), true, true)
		fmt.Fprintf(&g.body, "        linalg.yield %s : %s\n      }\n", r, e)
	}
	g.pool = append(g.pool, v)
	g.ops["linalg.reduce"]++
}

// generateLinalg makes a program of 1-4 ops, mostly linalg ones (and a
// tir op now and then, which fuses with them), on an argument of rank
// 0-3 of a signless element type, sometimes with long rows.
func generateLinalg(rng *rand.Rand, name string) *program {
	g := &gen{rng: rng, ops: map[string]int{}}
	rank := rng.IntN(4)
	shape := g.randomShape(rank)
	if rank > 0 && rng.IntN(3) == 0 {
		shape[rank-1] = int64(20 + rng.IntN(60))
	}
	g.newArg(signlessElems[rng.IntN(len(signlessElems))], shape, false)
	for range 1 + rng.IntN(4) {
		x := g.pick()
		switch rng.IntN(7) {
		case 0:
			g.linalgMap(x)
		case 1, 2:
			g.linalgReduce(x)
		case 3:
			g.binary(x)
		default:
			g.linalgGeneric(x)
		}
	}
	return g.program(name, false)
}

// TestRandomLinalgNative runs random programs of linalg ops (random maps,
// iterators and bodies) natively, in the builds of
// TestRandomProgramsNative, and compares every element with eval, which
// runs the bodies op by op in index order.
func TestRandomLinalgNative(t *testing.T) {
	if !requireTool(t, "clang") {
		t.Skip("clang is needed")
	}
	t.Setenv("TIRC_NATIVE_PROGRAMS", "24") // a short run: no quotas of fast entries and non-temporal stores
	rng := rand.New(rand.NewPCG(37, 2026))
	data := rand.New(rand.NewPCG(37, 17))
	var progs []*program
	var src strings.Builder
	for len(progs) < 24 {
		p := generateLinalg(rng, fmt.Sprintf("f%d", len(progs)))
		m, d := asm.ParseString(p.text, asm.ParseOptions{})
		if d != nil {
			t.Fatalf("%v\n%s", d, p.text)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
			t.Fatalf("%v\n%s", ds, p.text)
		}
		progs = append(progs, p)
		src.WriteString(p.text)
	}
	m, d := asm.ParseString(src.String(), asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	for _, p := range progs {
		if err := makeCalls(data, p, m.Lookup(p.name)); err != nil {
			t.Fatalf("%s: %v\n%s", p.name, err, p.text)
		}
	}
	logCoverage(t, progs)
	dir := t.TempDir()
	if os.Getenv("TIRC_NATIVE_KEEP") != "" {
		dir = os.Getenv("TIRC_NATIVE_KEEP")
		os.MkdirAll(dir, 0o755)
	}
	asanProgs := emitModules(t, dir, m, src.String(), progs)
	runBuilds(t, dir, progs, asanProgs)
}
