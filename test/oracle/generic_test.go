package oracle_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// numGeneric is how many random linalg.generic functions TestRandomGeneric
// puts in its module.
const numGeneric = 40

// genericGen draws one random linalg.generic function: random loops and
// iterator types, indexing maps that are projected permutations of the
// loops (broadcasts included) with a constant 0 here and there (a size-1
// operand dimension), sometimes an input read through a window (a sum of
// two loops, one of them times a constant, as a convolution reads its
// input), and a body of arith and math ops on f32 or i32.
type genericGen struct {
	rng    *rand.Rand
	elem   string
	values []string // the body's values so far
	body   strings.Builder
	n      int // the body's ops so far
}

// Body ops: binary ones take two values, unary ones one.
var (
	floatBinary = []string{"arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf", "arith.minimumf"}
	floatUnary  = []string{"arith.negf", "math.absf", "math.tanh", "math.exp"}
	intBinary   = []string{"arith.addi", "arith.subi", "arith.muli", "arith.maxsi", "arith.minsi", "arith.andi", "arith.ori", "arith.xori"}
	// How a reduction combines the outs' value with the body's value.
	floatCombine = []string{"arith.addf", "arith.maximumf", "arith.minimumf"}
	intCombine   = []string{"arith.addi", "arith.maxsi", "arith.minsi", "arith.xori"}
)

func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }

func (g *genericGen) fresh() string {
	g.n++
	return fmt.Sprintf("%%v%d", g.n)
}

// op appends one random op on the body's values.
func (g *genericGen) op() {
	a, b := pick(g.rng, g.values), pick(g.rng, g.values)
	v := g.fresh()
	float := g.elem == "f32"
	switch r := g.rng.IntN(10); {
	case r == 0: // a constant
		if float {
			fmt.Fprintf(&g.body, "    %s = arith.constant %d.%d : f32\n", v, g.rng.IntN(3), 25*g.rng.IntN(4))
		} else {
			fmt.Fprintf(&g.body, "    %s = arith.constant %d : i32\n", v, g.rng.IntN(9)-4)
		}
	case r == 1: // compare and select
		c := g.fresh()
		if float {
			fmt.Fprintf(&g.body, "    %s = arith.cmpf %s, %s, %s : f32\n", c, pick(g.rng, []string{"olt", "oge", "ueq"}), a, b)
		} else {
			fmt.Fprintf(&g.body, "    %s = arith.cmpi %s, %s, %s : i32\n", c, pick(g.rng, []string{"slt", "sge", "eq"}), a, b)
		}
		fmt.Fprintf(&g.body, "    %s = arith.select %s, %s, %s : %s\n", v, c, pick(g.rng, g.values), pick(g.rng, g.values), g.elem)
	case r <= 4 && float:
		fmt.Fprintf(&g.body, "    %s = %s %s : f32\n", v, pick(g.rng, floatUnary), a)
	case float:
		fmt.Fprintf(&g.body, "    %s = %s %s, %s : f32\n", v, pick(g.rng, floatBinary), a, b)
	default:
		fmt.Fprintf(&g.body, "    %s = %s %s, %s : i32\n", v, pick(g.rng, intBinary), a, b)
	}
	g.values = append(g.values, v)
}

// windowMap is an input dimension read at c*d<a> + d<b> + off.
type windowMap struct {
	a, b   int
	c, off int64
}

func (w *windowMap) String() string {
	s := fmt.Sprintf("d%d * %d + d%d", w.a, w.c, w.b)
	if w.off != 0 {
		s += fmt.Sprintf(" + %d", w.off)
	}
	return s
}

// size is the dimension's size: one past the greatest index read.
func (w *windowMap) size(sizes []int64) int64 {
	return w.c*(sizes[w.a]-1) + sizes[w.b] - 1 + w.off + 1
}

func dimList(n int) string {
	var ds []string
	for d := range n {
		ds = append(ds, fmt.Sprintf("d%d", d))
	}
	return strings.Join(ds, ", ")
}

// affineMap prints a map of n loops to results (loop numbers, -1 for the
// constant 0).
func affineMap(n int, results []int) string {
	var rs []string
	for _, r := range results {
		if r < 0 {
			rs = append(rs, "0")
		} else {
			rs = append(rs, fmt.Sprintf("d%d", r))
		}
	}
	return fmt.Sprintf("affine_map<(%s) -> (%s)>", dimList(n), strings.Join(rs, ", "))
}

func tensorOf(elem string, shape []int64) string {
	var b strings.Builder
	b.WriteString("tensor<")
	for _, d := range shape {
		fmt.Fprintf(&b, "%dx", d)
	}
	return b.String() + elem + ">"
}

// operandShape is the shape an operand read through results has.
func operandShape(sizes []int64, results []int) []int64 {
	shape := []int64{}
	for _, r := range results {
		if r < 0 {
			shape = append(shape, 1)
		} else {
			shape = append(shape, sizes[r])
		}
	}
	return shape
}

// randomGeneric draws function name.
func randomGeneric(rng *rand.Rand, name string) Func {
	g := &genericGen{rng: rng, elem: pick(rng, []string{"f32", "f32", "i32"})}
	n := 1 + rng.IntN(4)
	sizes := make([]int64, n)
	iters := make([]string, n)
	var parallel, reduction []int
	reduce := 1
	for d := range n {
		sizes[d] = int64(1 + rng.IntN(5))
		iters[d] = "parallel"
		if rng.IntN(3) == 0 {
			iters[d] = "reduction"
			reduction = append(reduction, d)
			reduce *= int(sizes[d])
		} else {
			parallel = append(parallel, d)
		}
	}
	// Inputs: each reads a random subset of the loops in random order,
	// sometimes with a constant 0; every reduction loop is read by one.
	ins := make([][]int, 1+rng.IntN(3))
	for i := range ins {
		for _, d := range rng.Perm(n) {
			if rng.IntN(5) < 3 {
				ins[i] = append(ins[i], d)
			}
		}
		if rng.IntN(4) == 0 {
			at := rng.IntN(len(ins[i]) + 1)
			ins[i] = append(ins[i][:at], append([]int{-1}, ins[i][at:]...)...)
		}
	}
	for _, d := range reduction {
		found := false
		for _, in := range ins {
			for _, r := range in {
				found = found || r == d
			}
		}
		if !found {
			i := rng.IntN(len(ins))
			ins[i] = append(ins[i], d)
		}
	}
	// A window input: one dimension read at c*dA + dB (+ 1), the others
	// plain; every loop is sized by a plain dimension of another operand.
	var window *windowMap
	if n >= 2 && rng.IntN(3) == 0 {
		w := &windowMap{a: rng.IntN(n), c: 1 + int64(rng.IntN(2)), off: int64(rng.IntN(2))}
		w.b = (w.a + 1 + rng.IntN(n-1)) % n
		window = w
	}
	out := make([]int, len(parallel))
	for i, p := range rng.Perm(len(parallel)) {
		out[i] = parallel[p]
	}
	outType := tensorOf(g.elem, operandShape(sizes, out))

	f := Func{Name: name, Results: []string{outType}, Reduce: reduce}
	var maps, inNames, inTypes []string
	for i, in := range ins {
		t := tensorOf(g.elem, operandShape(sizes, in))
		f.Args = append(f.Args, t)
		maps = append(maps, affineMap(n, in))
		inNames = append(inNames, fmt.Sprintf("%%arg%d", i))
		inTypes = append(inTypes, t)
		g.values = append(g.values, fmt.Sprintf("%%in%d", i))
	}
	if window != nil {
		t := tensorOf(g.elem, []int64{window.size(sizes)})
		f.Args = append(f.Args, t)
		maps = append(maps, fmt.Sprintf("affine_map<(%s) -> (%s)>", dimList(n), window))
		inNames = append(inNames, fmt.Sprintf("%%arg%d", len(ins)))
		inTypes = append(inTypes, t)
		g.values = append(g.values, fmt.Sprintf("%%in%d", len(ins)))
		ins = append(ins, nil) // one more input: the block argument below
	}
	maps = append(maps, affineMap(n, out))
	// The outs: an argument (its values initialise a reduction, or the
	// body may read them) or, for parallel loops only, a tensor.empty.
	var b strings.Builder
	init := fmt.Sprintf("%%arg%d", len(ins))
	readsOut := len(reduction) > 0 || rng.IntN(2) == 0
	if readsOut {
		f.Args = append(f.Args, outType)
		g.values = append(g.values, "%acc")
	} else {
		init = "%init"
		fmt.Fprintf(&b, "  %%init = tensor.empty() : %s\n", outType)
	}
	for range 1 + rng.IntN(4) {
		g.op()
	}
	last := g.values[len(g.values)-1]
	if len(reduction) > 0 {
		v := g.fresh()
		combine := pick(rng, floatCombine)
		if g.elem == "i32" {
			combine = pick(rng, intCombine)
		}
		fmt.Fprintf(&g.body, "    %s = %s %%acc, %s : %s\n", v, combine, last, g.elem)
		last = v
	}
	var blockArgs []string
	for i := range ins {
		blockArgs = append(blockArgs, fmt.Sprintf("%%in%d: %s", i, g.elem))
	}
	blockArgs = append(blockArgs, "%acc: "+g.elem)
	var quoted []string
	for _, it := range iters {
		quoted = append(quoted, fmt.Sprintf("%q", it))
	}
	fmt.Fprintf(&b, "  %%r = linalg.generic {indexing_maps = [%s], iterator_types = [%s]}\n", strings.Join(maps, ", "), strings.Join(quoted, ", "))
	fmt.Fprintf(&b, "      ins(%s : %s) outs(%s : %s) {\n", strings.Join(inNames, ", "), strings.Join(inTypes, ", "), init, outType)
	fmt.Fprintf(&b, "  ^bb0(%s):\n%s    linalg.yield %s : %s\n", strings.Join(blockArgs, ", "), g.body.String(), last, g.elem)
	fmt.Fprintf(&b, "  } -> %s\n  return %%r : %s", outType, outType)
	f.Body = b.String()
	return f
}

// TestRandomGeneric runs random linalg.generic functions under tirc and
// the oracle.
func TestRandomGeneric(t *testing.T) {
	t.Parallel() // each test is one module per side: the two run side by side
	rng := rand.New(rand.NewPCG(37, 6))
	var fs []Func
	for i := range numGeneric {
		fs = append(fs, randomGeneric(rng, fmt.Sprintf("generic%d", i)))
	}
	check(t, fs)
}
