// Package contract_test runs random contractions natively against the
// reference evaluator (package eval): tir.matmul with broadcast batch dims
// and rank-1 operands, dot_general with permuted batch and contracting
// dims, einsum of two and three operands and tosa.matmul with zero points,
// on every element type (i1: an or of ands, NumPy's bool matmul), with C-
// or Fortran-order arguments. The elements
// are small integers, so every sum is exact in every type up to the one
// final rounding (f16, bf16): native code and eval agree bit for bit.
// native.test compares random reals with NumPy within the error bound.
package contract_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tirc/tirc/codegen"
	"github.com/tirc/tirc/codegen/cabi"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// contractCase is one random function: its text and arguments.
type contractCase struct {
	name   string
	text   string
	args   []*eval.Tensor
	result *ir.TensorType
	fort   []bool // argument k in Fortran order
}

var sameElems = []*ir.Scalar{ir.F32, ir.F64, ir.F16, ir.BF16, ir.I1, ir.I8, ir.I16, ir.I32, ir.I64, ir.UI8, ir.UI16}

func shapeText(s []int64, e *ir.Scalar) string { return ir.TypeString(ir.Tensor(e, s...)) }

func randomTensor(rng *rand.Rand, e *ir.Scalar, shape []int64) *eval.Tensor {
	t := eval.New(e, shape...)
	for i := range t.Len() {
		v := int64(rng.IntN(9)) - 4
		if e.IsUnsigned() {
			v = int64(rng.IntN(5))
		}
		if e == ir.I1 {
			v = int64(rng.IntN(2))
		}
		if e.IsFloat() {
			t.Floats[i] = float64(v)
		} else {
			t.Ints[i] = v
		}
	}
	return t
}

// generateCase draws one contraction: sizes up to 70 (the f32/f64 ones
// large enough take the packed path).
func generateCase(rng *rand.Rand, name string) contractCase {
	sizes := []int64{1, 2, 3, 5, 8, 17, 33, 40, 70}
	dim := func() int64 { return sizes[rng.IntN(len(sizes))] }
	m, n, k := dim(), dim(), dim()
	e := sameElems[rng.IntN(len(sameElems))]
	c := contractCase{name: name}
	var ins [][]int64
	var out []int64
	re := e
	switch rng.IntN(5) {
	case 0: // matmul, batch dims broadcast
		b := dim() % 4
		ins = [][]int64{{b, 1, m, k}, {3, k, n}}
		if rng.IntN(2) == 0 {
			ins[0], ins[1] = []int64{m, k}, []int64{b, 3, k, n}
			out = []int64{b, 3, m, n}
		} else {
			out = []int64{b, 3, m, n}
		}
		c.text = "tir.matmul %a0, %a1"
	case 1: // matmul with a rank-1 operand
		if rng.IntN(2) == 0 {
			ins, out = [][]int64{{m, k}, {k}}, []int64{m}
		} else {
			ins, out = [][]int64{{k}, {k, n}}, []int64{n}
		}
		c.text = "tir.matmul %a0, %a1"
	case 2: // dot_general: lhs (k, b, m), rhs (b, n, k)
		b := dim() % 4
		ins, out = [][]int64{{k, b, m}, {b, n, k}}, []int64{b, m, n}
		c.text = "tir.dot_general %a0, %a1 {lhs_batching_dimensions = array<i64: 1>, rhs_batching_dimensions = array<i64: 0>, lhs_contracting_dimensions = array<i64: 0>, rhs_contracting_dimensions = array<i64: 2>}"
		if rng.IntN(3) == 0 {
			e, re = ir.I8, ir.I32
		}
	case 3: // einsum of two or three operands
		if rng.IntN(2) == 0 {
			ins, out = [][]int64{{2, m, k}, {2, n, k}}, []int64{2, m, n}
			c.text = `tir.einsum %a0, %a1 {equation = "bmk,bnk->bmn"}`
		} else {
			ins, out = [][]int64{{m, k}, {k, n}, {n}}, []int64{m}
			c.text = `tir.einsum %a0, %a1, %a2 {equation = "ij,jk,k->i"}`
		}
	default: // tosa.matmul
		ins, out = [][]int64{{2, m, k}, {2, k, n}}, []int64{2, m, n}
		switch rng.IntN(3) {
		case 0:
			e, re = ir.I8, ir.I32
			c.text = "tosa.matmul %a0, %a1 {quantization_info = #tosa.matmul_quant<a_zp = -3, b_zp = 2>}"
		case 1:
			e, re = ir.F16, ir.F32
			c.text = "tosa.matmul %a0, %a1"
		default:
			e, re = ir.F32, ir.F32
			c.text = "tosa.matmul %a0, %a1"
		}
	}
	var params, types []string
	for i, s := range ins {
		params = append(params, fmt.Sprintf("%%a%d: %s", i, shapeText(s, e)))
		types = append(types, shapeText(s, e))
		c.args = append(c.args, randomTensor(rng, e, s))
		c.fort = append(c.fort, rng.IntN(2) == 0)
	}
	c.result = ir.Tensor(re, out...)
	rt := shapeText(out, re)
	op := c.text
	c.text = fmt.Sprintf("func.func @%s(%s) -> %s {\n  %%r = %s : (%s) -> %s\n  return %%r : %s\n}\n",
		name, strings.Join(params, ", "), rt, op, strings.Join(types, ", "), rt, rt)
	return c
}

// cType is the C type an element is stored as.
func cType(e *ir.Scalar) string {
	switch {
	case e == ir.I1:
		return "bool"
	case e == ir.F32:
		return "float"
	case e == ir.F64:
		return "double"
	case e.IsFloat():
		return "uint16_t"
	case e.IsUnsigned():
		return fmt.Sprintf("uint%d_t", e.Bits())
	}
	return fmt.Sprintf("int%d_t", e.Bits())
}

// cLiteral is element i of t as stored (f16/bf16 bits).
func cLiteral(t *eval.Tensor, i int) string {
	switch t.Elem.Kind {
	case ir.KindF16:
		return fmt.Sprint(f16Bits(t.Floats[i]))
	case ir.KindBF16:
		return fmt.Sprint(math.Float32bits(float32(t.Floats[i])) >> 16)
	}
	if t.Elem.IsFloat() {
		return fmt.Sprintf("%g", t.Floats[i])
	}
	return fmt.Sprint(t.Ints[i])
}

// f16Bits encodes a small integer-valued float as IEEE half bits.
func f16Bits(v float64) uint16 {
	if v == 0 {
		return 0
	}
	var sign uint16
	if v < 0 {
		sign, v = 0x8000, -v
	}
	exp := int(math.Floor(math.Log2(v)))
	mant := uint16(math.Round((v/math.Ldexp(1, exp) - 1) * 1024))
	return sign | uint16(exp+15)<<10 | mant
}

// decode turns a printed element back into eval's number.
func decode(e *ir.Scalar, s string) (float64, int64) {
	var u uint64
	var i int64
	switch {
	case e == ir.F32:
		fmt.Sscan(s, &u)
		return float64(math.Float32frombits(uint32(u))), 0
	case e == ir.F64:
		fmt.Sscan(s, &u)
		return math.Float64frombits(u), 0
	case e.Kind == ir.KindBF16:
		fmt.Sscan(s, &u)
		return float64(math.Float32frombits(uint32(u) << 16)), 0
	case e.Kind == ir.KindF16:
		fmt.Sscan(s, &u)
		h := uint16(u)
		v := math.Ldexp(1+float64(h&1023)/1024, int(h>>10&31)-15)
		if h&0x7c00 == 0 {
			v = math.Ldexp(float64(h&1023)/1024, -14)
		}
		if h&0x8000 != 0 {
			v = -v
		}
		return v, 0
	}
	fmt.Sscan(s, &i)
	return 0, i
}

// cMain calls every case once and prints each result's elements in C
// order (floats as their bits).
func cMain(cases []contractCase) string {
	var b strings.Builder
	b.WriteString("#include <stdio.h>\n#include <stdint.h>\n#include <string.h>\n#include \"progs.h\"\nint main(void) {\n")
	for ci, c := range cases {
		fmt.Fprintf(&b, "{\n")
		var args []string
		for k, a := range c.args {
			rank := len(a.Shape)
			// Fortran order: the data is the transpose, strides reversed.
			strides := make([]int64, rank)
			acc := int64(1)
			order := make([]int, rank)
			for d := range order {
				order[d] = rank - 1 - d
				if c.fort[k] {
					order[d] = d
				}
			}
			for _, d := range order {
				strides[d] = acc
				acc *= a.Shape[d]
			}
			data := make([]string, max(a.Len(), 1))
			data[0] = "0"
			for i := range a.Len() {
				off, rem := int64(0), int64(i)
				for d := rank - 1; d >= 0; d-- {
					off += rem % a.Shape[d] * strides[d]
					rem /= a.Shape[d]
				}
				data[off] = cLiteral(a, i)
			}
			fmt.Fprintf(&b, "static %s d%d_%d[] = {%s};\n", cType(a.Elem), ci, k, strings.Join(data, ","))
			sz, st := make([]string, rank), make([]string, rank)
			for d := range rank {
				sz[d], st[d] = fmt.Sprint(a.Shape[d]), fmt.Sprint(strides[d])
			}
			fmt.Fprintf(&b, "tirc_desc_%s_%dd a%d_%d = {d%d_%d, d%d_%d, 0, {%s}, {%s}};\n", a.Elem, rank, ci, k, ci, k, ci, k, strings.Join(sz, ","), strings.Join(st, ","))
			args = append(args, fmt.Sprintf("&a%d_%d", ci, k))
		}
		r := c.result
		fmt.Fprintf(&b, "tirc_desc_%s_%dd r; memset(&r, 0, sizeof r);\n", r.Elem, len(r.Shape))
		fmt.Fprintf(&b, "int st = %s(%s, &r);\nprintf(\"%s %%d\", st);\n", c.name, strings.Join(args, ", "), c.name)
		n := int64(1)
		for _, d := range r.Shape {
			n *= d
		}
		fmt.Fprintf(&b, "if (st == 0) for (long i = 0; i < %d; i++) { long off = 0, rem = i;\n", n)
		for d := len(r.Shape) - 1; d >= 0; d-- {
			fmt.Fprintf(&b, "off += rem %% %d * r.strides[%d]; rem /= %d;\n", r.Shape[d], d, r.Shape[d])
		}
		switch {
		case r.Elem == ir.F32:
			b.WriteString("uint32_t u; memcpy(&u, &r.aligned[r.offset + off], 4); printf(\" %u\", u); }\n")
		case r.Elem == ir.F64:
			b.WriteString("uint64_t u; memcpy(&u, &r.aligned[r.offset + off], 8); printf(\" %llu\", (unsigned long long)u); }\n")
		case r.Elem.IsUnsigned() || r.Elem.IsFloat():
			b.WriteString("printf(\" %llu\", (unsigned long long)r.aligned[r.offset + off]); }\n")
		default:
			b.WriteString("printf(\" %lld\", (long long)r.aligned[r.offset + off]); }\n")
		}
		b.WriteString("printf(\"\\n\"); tirc_free(&r);\n}\n")
	}
	b.WriteString("return 0;\n}\n")
	return b.String()
}

func TestContractionsAgainstEval(t *testing.T) {
	if _, err := exec.LookPath("clang"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("clang is not installed (run `make deps`)")
		}
		t.Skip("clang not found: skipped")
	}
	rng := rand.New(rand.NewPCG(36, 7))
	var cases []contractCase
	var src strings.Builder
	for i := range 60 {
		c := generateCase(rng, fmt.Sprintf("c%d", i))
		cases = append(cases, c)
		src.WriteString(c.text)
	}
	m, d := asm.ParseString(src.String(), asm.ParseOptions{})
	if d != nil {
		t.Fatalf("%v\n%s", d, src.String())
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatalf("%v\n%s", ds, src.String())
	}
	dir := t.TempDir()
	ll, ds := codegen.Emit(m, codegen.DefaultOptions())
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	hdr, ds := cabi.EmitCHeader(m)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	for name, text := range map[string][]byte{"progs.ll": ll, "progs.h": hdr, "main.c": []byte(cMain(cases))} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(dir, "progs")
	if out, err := exec.Command("clang", "-O1", "-w", filepath.Join(dir, "progs.ll"), filepath.Join(dir, "main.c"), "-o", exe, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, out)
	}
	out, err := exec.Command(exe).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", exe, err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("%d result lines for %d cases:\n%s", len(lines), len(cases), out)
	}
	for i, c := range cases {
		want, err := eval.Func(m.Lookup(c.name), c.args)
		if err != nil {
			t.Fatalf("%s: eval: %v\n%s", c.name, err, c.text)
		}
		f := strings.Fields(lines[i])
		if len(f) < 2 || f[0] != c.name || f[1] != "0" {
			t.Errorf("%s: status line %q\n%s", c.name, lines[i], c.text)
			continue
		}
		w := want[0]
		if len(f)-2 != w.Len() {
			t.Errorf("%s: %d elements, want %d\n%s", c.name, len(f)-2, w.Len(), c.text)
			continue
		}
		for j := range w.Len() {
			gf, gi := decode(w.Elem, f[2+j])
			if w.Elem.IsFloat() && gf != w.Floats[j] || !w.Elem.IsFloat() && gi != w.Ints[j] {
				t.Errorf("%s: element %d is %s, eval says %v\n%s", c.name, j, f[2+j], w.At(j), c.text)
				break
			}
		}
	}
}
