package asm_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// Large but legitimate inputs work in bounded work and memory (issue 8):
// 1M ops in one function, 10k operands on one op, 1 MB identifiers. The
// bounds are on bytes allocated and held, about 8x what the code needs
// today: they catch quadratic behaviour and runaway memory, not small
// regressions (make bench times them).

// parseVerifyPrint runs the whole front end on text and returns the
// printed module, failing the test on any diagnostic.
func parseVerifyPrint(t *testing.T, text []byte, allowUnregistered bool) string {
	t.Helper()
	src := ir.NewSource("big.mlir", text)
	m, d := asm.Parse(src, asm.ParseOptions{AllowUnregistered: allowUnregistered})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: allowUnregistered}); len(ds) > 0 {
		t.Fatalf("verify: %v", ds)
	}
	return printModule(t, m, false)
}

// within runs f and fails when it allocates more than perUnit bytes for
// each of units (ops, operands, identifier bytes): a quadratic algorithm
// allocates quadratically, and unlike a wall-time bound the count does not
// depend on the machine or its load. The time is logged (make bench
// measures speed).
func within(t *testing.T, what string, units, perUnit int64, f func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	got := int64(after.TotalAlloc - before.TotalAlloc)
	if got > units*perUnit {
		t.Errorf("%s allocated %d bytes, %d per unit, more than %d", what, got, got/units, perUnit)
	} else {
		t.Logf("%s: %v, %d bytes allocated (%d per unit)", what, d, got, got/units)
	}
}

func TestMillionOpsInOneFunction(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the 1M-op module")
	}
	const n = 1_000_000
	var b bytes.Buffer
	b.Grow(n * 70)
	b.WriteString("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n")
	prev := writeChain(&b, n, "%a", "%%%d", "  %s = \"tir.neg\"(%s) : (tensor<4xf32>) -> tensor<4xf32>\n")
	fmt.Fprintf(&b, "  return %s : tensor<4xf32>\n}\n", prev)
	text := b.Bytes()

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var m *ir.Module
	within(t, "parse+verify of 1M ops", n, 4096, func() {
		var d *ir.Diagnostic
		if m, d = asm.Parse(ir.NewSource("big.mlir", text), asm.ParseOptions{}); d != nil {
			t.Fatalf("parse: %v", d)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
			t.Fatalf("verify: %v", ds[0])
		}
	})
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	// The IR of one op (value, use, op, operand slices) is a few hundred
	// bytes; 2 KB per op means something is badly wrong.
	if live := int64(after.HeapAlloc) - int64(before.HeapAlloc); live > 2048*n {
		t.Errorf("the parsed module holds %d MB, more than 2 KB per op", live>>20)
	} else {
		t.Logf("live heap of the parsed module: %d MB", live>>20)
	}
	if got := m.Funcs[0].NumOps(); got != n+1 {
		t.Errorf("NumOps = %d, want %d", got, n+1)
	}
	within(t, "print of 1M ops", n, 1024, func() {
		var out bytes.Buffer
		if err := asm.Print(&out, m, asm.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if c := bytes.Count(out.Bytes(), []byte(" = tir.neg %")); c != n {
			t.Errorf("printed %d tir.neg ops, want %d", c, n)
		}
	})
}

func TestTenThousandOperands(t *testing.T) {
	const n = 10_000
	names := make([]string, n)
	types := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("%%a%d", i%3)
		types[i] = "tensor<4xf32>"
	}
	text := fmt.Sprintf("func.func @f(%%a0: tensor<4xf32>, %%a1: tensor<4xf32>, %%a2: tensor<4xf32>) {\n"+
		"  %%0 = \"t.wide\"(%s) : (%s) -> tensor<4xf32>\n"+
		"  %%1:%d = \"t.many\"() : () -> (%s)\n"+
		"  return\n}\n", strings.Join(names, ", "), strings.Join(types, ", "), n, strings.Join(types, ", "))
	within(t, "10k operands and 10k results", n, 8192, func() {
		src := ir.NewSource("wide.mlir", []byte(text))
		m, d := asm.Parse(src, asm.ParseOptions{AllowUnregistered: true})
		if d != nil {
			t.Fatalf("parse: %v", d)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: true}); len(ds) > 0 {
			t.Fatalf("verify: %v", ds[0])
		}
		wide := m.Funcs[0].First()
		if wide.NumOperands() != n || len(m.Funcs[0].Arg(0).Uses()) != (n+2)/3 {
			t.Errorf("operands = %d, uses of %%a0 = %d; want %d and %d", wide.NumOperands(), len(m.Funcs[0].Arg(0).Uses()), n, (n+2)/3)
		}
		if got := wide.Next().NumResults(); got != n {
			t.Errorf("results = %d, want %d", got, n)
		}
		printed := printModule(t, m, false)
		m2, d := asm.ParseString(printed, asm.ParseOptions{AllowUnregistered: true})
		if d != nil {
			t.Fatalf("reparse: %v", d)
		}
		if again := printModule(t, m2, false); again != printed {
			t.Error("10k-operand module does not round-trip")
		}
		// Erasing uses one by one stays linear enough.
		wide.SetOperands(nil)
		if m.Funcs[0].Arg(0).HasUses() {
			t.Error("uses left after SetOperands(nil)")
		}
	})
}

func TestMegabyteIdentifiers(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	tests := []struct {
		name, text string
		want       string // must appear in the printed module
	}{
		{"value name", "func.func @f(%" + long + ": i32) -> i32 {\n  return %" + long + " : i32\n}\n", "return %arg0 : i32"},
		{"function name", "func.func @" + long + "() {\n  return\n}\nfunc.func @g() {\n  func.call @" + long + "() : () -> ()\n  return\n}\n", "call @" + long + "()"},
		{"op name", "func.func @f() {\n  \"t." + long + "\"() : () -> ()\n  return\n}\n", "\"t." + long + "\"()"},
		{"attribute name", "func.func @f() {\n  \"t.x\"() {" + long + " = 1 : i32} : () -> ()\n  return\n}\n", "{" + long + " = 1 : i32}"},
		{"string", "func.func @f() {\n  \"t.x\"() {s = \"" + long + "\"} : () -> ()\n  return\n}\n", "s = \"" + long + "\""},
		{"location", "func.func @f() {\n  return loc(\"" + long + "\":1:2)\n}\n", ""},
		{"comment", "// " + long + "\nfunc.func @f() {\n  return\n}\n", "func.func @f()"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			within(t, tt.name, int64(len(long)), 64, func() {
				printed := parseVerifyPrint(t, []byte(tt.text), true)
				if !strings.Contains(printed, tt.want) {
					t.Errorf("printed module does not contain %.60q...", tt.want)
				}
				if again := parseVerifyPrint(t, []byte(printed), true); again != printed {
					t.Error("does not round-trip")
				}
			})
		})
	}
}

// TestShapeError: the one limit check every shape goes through (parser,
// verifier, -arg-shapes), row by row (issue 19 items 3 and 4).
func TestShapeError(t *testing.T) {
	const big = ir.MaxElements
	tests := []struct {
		shape  []int64
		vector bool
		want   string
	}{
		{[]int64{4, ir.Dynamic, 0}, false, ""},
		{[]int64{}, false, ""},
		{[]int64{big}, false, ""},
		{[]int64{big, 1, 0, ir.Dynamic}, false, ""},
		{[]int64{big + 1}, false, "dimension size is too large (the maximum is 576460752303423488)"},
		{[]int64{big, 2}, false, "tensor type is too large: the product of its dimensions exceeds 576460752303423488"},
		{[]int64{0, 1 << 32, 1 << 32}, false, "tensor type is too large: the product of its dimensions exceeds 576460752303423488"},
		{[]int64{ir.Dynamic, 1 << 30, 1 << 30}, false, "tensor type is too large: the product of its dimensions exceeds 576460752303423488"},
		{[]int64{-5}, false, "invalid dimension size: sizes are non-negative integers or '?'"},
		{make([]int64, ir.MaxRank+1), false, "rank is larger than the maximum rank 64"},
		{[]int64{4}, true, ""},
		{[]int64{ir.MaxVectorElements}, true, ""},
		{[]int64{2, ir.MaxVectorElements / 2}, true, ""},
		{[]int64{ir.MaxVectorElements + 1}, true, "vector type is too large: 1025 elements, more than the maximum 1024"},
		{[]int64{1 << 16}, true, "vector type is too large: 65536 elements, more than the maximum 1024"},
		{[]int64{1 << 32}, true, "vector type is too large: 4294967296 elements, more than the maximum 1024"},
		{[]int64{0}, true, "vector types must have positive constant sizes"},
		{[]int64{4, 0}, true, "vector types must have positive constant sizes"},
		{[]int64{ir.Dynamic}, true, "vector dimensions must be static: '?' is not allowed in a vector type"},
		{[]int64{}, true, ""},
	}
	for _, tt := range tests {
		if got := ir.ShapeError(tt.shape, tt.vector); got != tt.want {
			t.Errorf("ShapeError(%v, vector=%v) = %q, want %q", tt.shape, tt.vector, got, tt.want)
		}
	}
}

// TestVerifyTypeLimits: types built in Go, which the parser never saw, meet
// the same limits in the verifier: at the function for its signature, at
// the op for its results.
func TestVerifyTypeLimits(t *testing.T) {
	huge := ir.Tensor(ir.F32, 1<<40, 1<<40)
	ok := ir.Tensor(ir.F32, 4)
	f := ir.NewFunc("f", []ir.Type{huge, &ir.VectorType{Shape: []int64{0}, Elem: ir.F32}}, []ir.Type{ok})
	neg := ir.NewOp("tir.neg", []*ir.Value{f.Arg(0)}, []ir.Type{huge}, nil)
	f.Append(neg)
	c := ir.NewOp("tir.constant", nil, []ir.Type{ok}, ir.Attrs{{Name: "value", Value: &ir.DenseAttr{Type: ok, Splat: true, Floats: []float64{0}}}})
	f.Append(c)
	f.Append(ir.NewOp("func.return", []*ir.Value{c.Result(0)}, nil, nil))
	m := ir.NewModule()
	m.AddFunc(f)
	var got []string
	for _, d := range ir.Verify(m, ir.VerifyOptions{}) {
		got = append(got, d.Msg)
	}
	want := []string{
		"'func.func' op argument #0 has the type 'tensor<1099511627776x1099511627776xf32>': tensor type is too large: the product of its dimensions exceeds 576460752303423488",
		"'func.func' op argument #1 has the type 'vector<0xf32>': vector types must have positive constant sizes",
		"'tir.neg' op result #0 has the type 'tensor<1099511627776x1099511627776xf32>': tensor type is too large: the product of its dimensions exceeds 576460752303423488",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}
