package passes_test

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/passes"
)

// tosaPairs maps each tosa elementwise op to its tir equivalent.
var tosaPairs = [][2]string{
	{"tosa.add", "tir.add"}, {"tosa.sub", "tir.sub"}, {"tosa.mul", "tir.mul"},
	{"tosa.maximum", "tir.max"}, {"tosa.minimum", "tir.min"},
}

// randomPrograms writes n random functions twice, once with tosa ops and
// once with the tir equivalents: same-rank arguments whose dims are the
// program's true size, 1 or '?', and a chain of binary ops with all-'?'
// results (so every op is well defined).
func randomPrograms(n int, seed int64) (tosa, tir string) {
	r := rand.New(rand.NewSource(seed))
	var ts, ms strings.Builder
	for f := 0; f < n; f++ {
		rank := 1 + r.Intn(3)
		truth := make([]int64, rank)
		for i := range truth {
			truth[i] = []int64{2, 3, 5}[r.Intn(3)]
		}
		nargs := 2 + r.Intn(3)
		var types []string
		for a := 0; a < nargs; a++ {
			dims := make([]int64, rank)
			for i := range dims {
				switch r.Intn(3) {
				case 0:
					dims[i] = truth[i]
				case 1:
					dims[i] = 1
				default:
					dims[i] = ir.Dynamic
				}
			}
			types = append(types, ir.Tensor(ir.F32, dims...).String())
		}
		dyn := ir.Tensor(ir.F32, slices(rank)...).String()
		var params []string
		for a, t := range types {
			params = append(params, fmt.Sprintf("%%a%d: %s", a, t))
		}
		head := fmt.Sprintf("func.func @f%d(%s) -> %s {\n", f, strings.Join(params, ", "), dyn)
		ts.WriteString(head)
		ms.WriteString(head)
		vals := make([]string, nargs)
		vtypes := append([]string(nil), types...)
		for a := range vals {
			vals[a] = fmt.Sprintf("%%a%d", a)
		}
		nops := 3 + r.Intn(8)
		for k := 0; k < nops; k++ {
			i, j := r.Intn(len(vals)), r.Intn(len(vals))
			if k == nops-1 {
				i = len(vals) - 1 // the result depends on the chain
			}
			p := tosaPairs[r.Intn(len(tosaPairs))]
			sig := fmt.Sprintf("(%s, %s) -> %s", vtypes[i], vtypes[j], dyn)
			attr := ""
			if p[0] == "tosa.mul" {
				attr = " {shift = 0 : i8}"
			}
			fmt.Fprintf(&ts, "  %%v%d = \"%s\"(%s, %s)%s : %s\n", k, p[0], vals[i], vals[j], attr, sig)
			fmt.Fprintf(&ms, "  %%v%d = \"%s\"(%s, %s) : %s\n", k, p[1], vals[i], vals[j], sig)
			vals = append(vals, fmt.Sprintf("%%v%d", k))
			vtypes = append(vtypes, dyn)
		}
		fmt.Fprintf(&ts, "  return %s : %s\n}\n", vals[len(vals)-1], dyn)
		fmt.Fprintf(&ms, "  return %s : %s\n}\n", vals[len(vals)-1], dyn)
	}
	return ts.String(), ms.String()
}

func slices(rank int) []int64 {
	s := make([]int64, rank)
	for i := range s {
		s[i] = ir.Dynamic
	}
	return s
}

// resultTypes lists the result type of every op named with prefix, in
// order, over the whole module.
func resultTypes(m *ir.Module, prefix string) []ir.Type {
	var ts []ir.Type
	for _, f := range m.Funcs {
		for op := f.First(); op != nil; op = op.Next() {
			if strings.HasPrefix(op.Name, prefix) {
				ts = append(ts, op.Result(0).Type())
			}
		}
	}
	return ts
}

// TestTosaDifferential compares infer-shapes with mlir-opt-19
// --tosa-infer-shapes on random programs: on every op tirc's type must be
// as static as MLIR's or more, and never contradict it. The number of ops
// and dims where tirc is more static is reported. One mlir-opt run.
func TestTosaDifferential(t *testing.T) {
	mlirOpt := needTool(t, "mlir-opt-19")
	tosa, tirText := randomPrograms(300, 1)
	cmd := exec.Command(mlirOpt, "--tosa-infer-shapes", "-mlir-print-op-generic", "-")
	cmd.Stdin = strings.NewReader(tosa)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("mlir-opt-19 --tosa-infer-shapes: %v\n%s", err, out)
	}
	mm, d := asm.ParseString(string(out), asm.ParseOptions{AllowUnregistered: true})
	if d != nil {
		t.Fatalf("parsing mlir-opt's output: %v", d)
	}
	tm := parse(t, tirText)
	res, err := passes.Run(tm, "infer-shapes", passes.RunOptions{Check: true})
	if err != nil || res.Internal != nil || res.Diags.HasErrors() {
		t.Fatalf("infer-shapes: %v %v %v", err, res.Internal, res.Diags)
	}
	want, got := resultTypes(mm, "tosa."), resultTypes(tm, "tir.")
	if len(want) != len(got) || len(want) == 0 {
		t.Fatalf("%d tosa ops vs %d tir ops", len(want), len(got))
	}
	moreOps, moreDims, mlirStatic, tircStatic := 0, 0, 0, 0
	for i := range want {
		ws, wr := ir.Shape(want[i])
		gs, gr := ir.Shape(got[i])
		if !gr || (wr && len(ws) != len(gs)) {
			t.Errorf("op #%d: tirc %s, mlir %s: rank differs", i, ir.TypeString(got[i]), ir.TypeString(want[i]))
			continue
		}
		more := false
		for k := range gs {
			if gs[k] >= 0 {
				tircStatic++
			}
			if !wr || ws[k] < 0 {
				if gs[k] >= 0 {
					more = true
					moreDims++
				}
				continue
			}
			mlirStatic++
			if gs[k] != ws[k] {
				t.Errorf("op #%d: tirc %s contradicts or is less static than mlir %s", i, ir.TypeString(got[i]), ir.TypeString(want[i]))
			}
		}
		if more {
			moreOps++
		}
	}
	t.Logf("%d ops in 300 random functions: mlir-opt-19 --tosa-infer-shapes proved %d static dims, tirc -infer-shapes %d; tirc is more static on %d ops (%.1f%%, %d dims), never less, never contradicting",
		len(want), mlirStatic, tircStatic, moreOps, 100*float64(moreOps)/float64(len(want)), moreDims)
}

// TestFoldAgainstNumPy checks canonicalize's constant folding against
// NumPy (one python3 process for all cases): random dense and splat
// constants with broadcasting, for add/sub/mul/max/min/div/rem/floor_div/
// floor_rem on i8, i32 and f32. Integer division is C's (truncating) and
// rem is fmod; floor_div and floor_rem are NumPy's floor_divide and
// remainder; a zero divisor must not be folded at all.
func TestFoldAgainstNumPy(t *testing.T) {
	python := needTool(t, "/usr/bin/python3")
	if err := exec.Command(python, "-c", "import numpy").Run(); err != nil {
		needTool(t, "numpy-for-/usr/bin/python3")
	}
	type fcase struct {
		Op    string    `json:"op"`
		Dtype string    `json:"dtype"`
		A     []float64 `json:"a"`
		B     []float64 `json:"b"`
		SA    []int64   `json:"sa"`
		SB    []int64   `json:"sb"`
	}
	r := rand.New(rand.NewSource(7))
	ops := map[string]string{"add": "tir.add", "sub": "tir.sub", "mul": "tir.mul", "max": "tir.max", "min": "tir.min", "div": "tir.div", "rem": "tir.rem",
		"floor_div": "tir.floor_div", "floor_rem": "tir.floor_rem"}
	names := []string{"add", "sub", "mul", "max", "min", "div", "rem", "floor_div", "floor_rem"}
	divides := func(op string) bool { return strings.HasSuffix(op, "div") || strings.HasSuffix(op, "rem") }
	elems := map[string]*ir.Scalar{"int8": ir.I8, "int32": ir.I32, "float32": ir.F32}
	dtypes := []string{"int8", "int32", "float32"}
	var cases []fcase
	var src strings.Builder
	for i := 0; i < 300; i++ {
		c := fcase{Op: names[r.Intn(len(names))], Dtype: dtypes[r.Intn(len(dtypes))]}
		shapes := [][2][]int64{{{4}, {4}}, {{2, 3}, {3}}, {{2, 1}, {1, 3}}, {{3}, {}}, {{2, 2}, {2, 2}}}
		sh := shapes[r.Intn(len(shapes))]
		c.SA, c.SB = sh[0], sh[1]
		elem := elems[c.Dtype]
		gen := func(shape []int64, divisor bool) []float64 {
			n, _ := ir.NumElements(shape)
			vs := make([]float64, n)
			for k := range vs {
				if elem.IsFloat() {
					vs[k] = float64(float32((r.Float64() - 0.5) * 200))
				} else {
					vs[k] = float64(r.Intn(255) - 127)
					if elem == ir.I32 {
						vs[k] *= float64(r.Intn(1 << 20))
					}
				}
				if divisor && !elem.IsFloat() && vs[k] == 0 {
					vs[k] = 3
				}
			}
			return vs
		}
		c.A = gen(c.SA, false)
		c.B = gen(c.SB, divides(c.Op))
		if !elem.IsFloat() && divides(c.Op) {
			for k := range c.A {
				if elem == ir.I8 && c.A[k] == -128 {
					c.A[k] = -127
				}
			}
		}
		cases = append(cases, c)
		at, bt := ir.Tensor(elem, c.SA...), ir.Tensor(elem, c.SB...)
		rs, _ := passesInferShape(c.SA, c.SB)
		rt := ir.Tensor(elem, rs...)
		fmt.Fprintf(&src, "func.func @c%d() -> %s {\n", i, rt)
		fmt.Fprintf(&src, "  %%a = \"tir.constant\"() {value = %s} : () -> %s\n", dense(c.A, at), at)
		fmt.Fprintf(&src, "  %%b = \"tir.constant\"() {value = %s} : () -> %s\n", dense(c.B, bt), bt)
		fmt.Fprintf(&src, "  %%0 = \"%s\"(%%a, %%b) : (%s, %s) -> %s\n  return %%0 : %s\n}\n", ops[c.Op], at, bt, rt, rt)
	}
	m := parse(t, src.String())
	res, err := passes.Run(m, "canonicalize", passes.RunOptions{Check: true})
	if err != nil || res.Internal != nil || res.Diags.HasErrors() {
		t.Fatalf("canonicalize: %v %v %v", err, res.Internal, res.Diags)
	}
	in, _ := json.Marshal(cases)
	script := `
import json, sys, warnings
import numpy as np
warnings.simplefilter("ignore")
out = []
for c in json.load(sys.stdin):
    dt = np.dtype(c["dtype"])
    a = np.array(c["a"], dtype=np.float64).astype(dt).reshape(c["sa"])
    b = np.array(c["b"], dtype=np.float64).astype(dt).reshape(c["sb"])
    op = c["op"]
    if op == "add": r = a + b
    elif op == "sub": r = a - b
    elif op == "mul": r = a * b
    elif op == "max": r = np.maximum(a, b)
    elif op == "min": r = np.minimum(a, b)
    elif op == "rem": r = np.fmod(a, b)
    elif op == "floor_div": r = np.floor_divide(a, b)
    elif op == "floor_rem": r = np.remainder(a, b)
    elif op == "div":
        if dt.kind == "f": r = a / b
        else:
            q = np.abs(a.astype(np.int64)) // np.abs(b.astype(np.int64))
            r = (np.sign(a.astype(np.int64)) * np.sign(b.astype(np.int64)) * q).astype(dt)
    r = np.asarray(r, dtype=dt)
    out.append([float(x) for x in r.reshape(-1)])
json.dump(out, sys.stdout)
`
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(string(in))
	pout, err := cmd.Output()
	if err != nil {
		t.Fatalf("numpy: %v", err)
	}
	var want [][]float64
	if err := json.Unmarshal(pout, &want); err != nil {
		t.Fatal(err)
	}
	folded := 0
	for i, f := range m.Funcs {
		ret := f.Terminator()
		k := ret.Operand(0).Def()
		if k == nil || k.Name != "tir.constant" {
			t.Errorf("case %d (%s %s) was not folded: %v %v", i, cases[i].Op, cases[i].Dtype, cases[i].A, cases[i].B)
			continue
		}
		folded++
		got, err := eval.FromAttr(k.Attr("value"))
		if err != nil {
			t.Fatal(err)
		}
		for e := 0; e < got.Len(); e++ {
			var g float64
			if got.Elem.IsFloat() {
				g = got.At(e).Float
			} else {
				g = float64(got.At(e).Int)
			}
			if w := want[i][e]; g != w && !(math.IsNaN(g) && math.IsNaN(w)) {
				t.Errorf("case %d: %s %s %v %v: element %d = %v, NumPy %v", i, cases[i].Op, cases[i].Dtype, cases[i].A, cases[i].B, e, g, w)
				break
			}
		}
	}
	t.Logf("%d of %d random folds equal NumPy's results", folded, len(cases))
}

// passesInferShape is the broadcast shape of two static shapes (NumPy).
func passesInferShape(a, b []int64) ([]int64, bool) {
	n := max(len(a), len(b))
	out := make([]int64, n)
	for i := 0; i < n; i++ {
		x, y := int64(1), int64(1)
		if k := i - (n - len(a)); k >= 0 {
			x = a[k]
		}
		if k := i - (n - len(b)); k >= 0 {
			y = b[k]
		}
		out[i] = max(x, y)
	}
	return out, true
}

func dense(vals []float64, t *ir.TensorType) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		if t.Elem.IsFloat() {
			parts[i] = fmt.Sprintf("%.9e", v)
		} else {
			parts[i] = fmt.Sprintf("%d", int64(v))
		}
	}
	if len(t.Shape) == 0 {
		return fmt.Sprintf("dense<%s> : %s", parts[0], t)
	}
	return fmt.Sprintf("dense<%s> : %s", nest(parts, t.Shape), t)
}

func nest(parts []string, shape []int64) string {
	if len(shape) == 1 {
		return "[" + strings.Join(parts, ", ") + "]"
	}
	step := len(parts) / int(shape[0])
	var rows []string
	for i := 0; i < int(shape[0]); i++ {
		rows = append(rows, nest(parts[i*step:(i+1)*step], shape[1:]))
	}
	return "[" + strings.Join(rows, ", ") + "]"
}
