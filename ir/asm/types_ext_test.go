package asm_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// parseSig parses `func.func private @f(<types>)` and returns its argument
// types, or the error message.
func parseSig(types string) ([]ir.Type, string) {
	m, err := asm.ParseString("func.func private @f("+types+")", asm.ParseOptions{})
	if err != nil {
		return nil, err.Msg
	}
	var out []ir.Type
	for _, a := range m.Funcs[0].Args() {
		out = append(out, a.Type())
	}
	return out, ""
}

// Each of MLIR's builtin types beyond what tirc lowers parses, prints as
// mlir-opt-19 prints it, and parses back to an equal type.
func TestBuiltinTypesRoundTrip(t *testing.T) {
	tests := []struct{ in, want string }{
		{"i0", "i0"}, {"i2", "i2"}, {"i15", "i15"}, {"i128", "i128"}, {"i16777215", "i16777215"},
		{"si1", "si1"}, {"si128", "si128"}, {"ui7", "ui7"}, {"ui1024", "ui1024"}, {"i32", "i32"},
		{"complex<f32>", "complex<f32>"}, {"complex<i8>", "complex<i8>"}, {"complex<si128>", "complex<si128>"},
		{"tensor<4xcomplex<bf16>>", "tensor<4xcomplex<bf16>>"},
		{"vector<[4]xi32>", "vector<[4]xi32>"}, {"vector<2x[4]xf32>", "vector<2x[4]xf32>"},
		{"vector<[2] x [8] x i8>", "vector<[2]x[8]xi8>"}, {"vector<4x[ 1 ]xi128>", "vector<4x[1]xi128>"},
		{"memref<4xf32>", "memref<4xf32>"}, {"memref<4xf32, 0>", "memref<4xf32>"},
		{"memref<4xf32, 1>", "memref<4xf32, 1>"}, {"memref<4xf32, 1 : i32>", "memref<4xf32, 1 : i32>"},
		{`memref<4xf32, "gpu">`, `memref<4xf32, "gpu">`},
		{"memref<4x?xf32, strided<[?, 1], offset: ?>>", "memref<4x?xf32, strided<[?, 1], offset: ?>>"},
		{"memref<4xf32, strided<[1], offset: 0>, 0>", "memref<4xf32, strided<[1]>>"},
		{"memref<4xi32, strided<[2], offset: 3>, 3>", "memref<4xi32, strided<[2], offset: 3>, 3>"},
		{"memref<4x4xf32, affine_map<(d0, d1) -> (d0, d1)>>", "memref<4x4xf32>"},
		{"memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>", "memref<4x4xf32, affine_map<(d0, d1) -> (d1, d0)>>"},
		{"memref<*xf32>", "memref<*xf32>"}, {"memref<*xf32, 2>", "memref<*xf32, 2>"}, {"memref<f32>", "memref<f32>"},
		{"memref<0x?xindex>", "memref<0x?xindex>"}, {"memref<4xvector<[4]xi8>>", "memref<4xvector<[4]xi8>>"},
		{"memref<2xmemref<3xcomplex<f64>>>", "memref<2xmemref<3xcomplex<f64>>>"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ts, msg := parseSig(tt.in)
			if msg != "" {
				t.Fatalf("parse: %s", msg)
			}
			if diff := cmp.Diff(tt.want, ir.TypeString(ts[0])); diff != "" {
				t.Errorf("printed (-want +got):\n%s", diff)
			}
			back, msg := parseSig(ir.TypeString(ts[0]))
			if msg != "" || !ir.TypeEqual(back[0], ts[0]) {
				t.Errorf("printed form %q does not parse back to an equal type (%s)", ir.TypeString(ts[0]), msg)
			}
		})
	}
}

// Types compare by what they mean: scalars are unique (i128 == i128),
// scalability, layouts and memory spaces count.
func TestBuiltinTypesEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"i128", "i128", true}, {"i128", "si128", false}, {"i15", "i16", false},
		{"complex<f32>", "complex<f32>", true}, {"complex<f32>", "complex<f64>", false},
		{"vector<[4]xi32>", "vector<[4]xi32>", true}, {"vector<[4]xi32>", "vector<4xi32>", false},
		{"vector<2x[4]xf32>", "vector<[2]x4xf32>", false},
		{"memref<4xf32, 0>", "memref<4xf32>", true}, {"memref<4xf32, 1>", "memref<4xf32>", false},
		{"memref<4xf32, 1>", "memref<4xf32, 1 : i32>", false},
		{"memref<4xf32, strided<[1], offset: 0>>", "memref<4xf32, strided<[1]>>", true},
		{"memref<4xf32, strided<[1]>>", "memref<4xf32>", false},
		{"memref<2x2xf32, affine_map<(d0, d1) -> (d0, d1)>>", "memref<2x2xf32>", true},
		{"memref<*xf32>", "memref<?xf32>", false}, {"memref<4xf32>", "tensor<4xf32>", false},
	}
	for _, tt := range tests {
		ts, msg := parseSig(tt.a + ", " + tt.b)
		if msg != "" {
			t.Fatalf("%s, %s: %s", tt.a, tt.b, msg)
		}
		if got := ir.TypeEqual(ts[0], ts[1]); got != tt.want {
			t.Errorf("TypeEqual(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

// Invalid types get mlir-opt-19's messages.
func TestBuiltinTypeErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{"i16777216", "integer bitwidth is limited to 16777215 bits"},
		{"complex<index>", "invalid element type for complex"},
		{"complex<complex<f32>>", "invalid element type for complex"},
		{"complex<vector<2xf32>>", "invalid element type for complex"},
		{"vector<4xcomplex<f32>>", "vector elements must be int/index/float type"},
		{"vector<4x[0]xf32>", "vector types must have positive constant sizes"},
		{"vector<[?]xf32>", "invalid dimension"},
		{"memref<4xtensor<4xf32>>", "invalid memref element type"},
		{"memref<4xnone>", "invalid memref element type"},
		{"memref<4xf32, affine_map<(d0, d1) -> (d0)>>", "memref layout mismatch between rank and affine map: 1 != 2"},
		{"memref<4x4xf32, strided<[1]>>", "expected the number of strides to match the rank"},
		{"memref<*xf32, strided<[1]>>", "cannot have affine map for unranked memref type"},
	}
	for _, tt := range tests {
		_, msg := parseSig(tt.in)
		if diff := cmp.Diff(tt.want, msg); diff != "" {
			t.Errorf("%s (-want +got):\n%s", tt.in, diff)
		}
	}
}

// IntType and Complex return the same scalar for the same type, and the
// predefined ones where they exist; Lowerable tells codegen's types apart.
func TestScalarConstructors(t *testing.T) {
	if ir.IntType(32, ir.Signless) != ir.I32 || ir.IntType(8, ir.Unsigned) != ir.UI8 {
		t.Error("IntType does not return the predefined scalars")
	}
	if ir.IntType(128, ir.Signed) != ir.IntType(128, ir.Signed) || ir.Complex(ir.F32) != ir.Complex(ir.F32) {
		t.Error("IntType/Complex do not intern")
	}
	got := map[string]bool{}
	for _, s := range []*ir.Scalar{ir.I1, ir.Index, ir.BF16, ir.IntType(7, ir.Signless), ir.IntType(1, ir.Signed), ir.Complex(ir.F64)} {
		got[s.String()] = s.Lowerable()
	}
	want := map[string]bool{"i1": true, "index": true, "bf16": true, "i7": false, "si1": false, "complex<f64>": false}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Lowerable (-want +got):\n%s", diff)
	}
	i15 := ir.IntType(15, ir.Signless)
	if !i15.IsInt() || !i15.IsSignless() || i15.IsFloat() || ir.Complex(ir.F32).IsFloat() || ir.Complex(ir.F32).IsInt() {
		t.Error("wrong predicates on i15 or complex<f32>")
	}
	if got := ir.WrapInt(20000, i15); got != 20000-32768 {
		t.Errorf("WrapInt(20000, i15) = %d, want %d", got, 20000-32768)
	}
}

// Locations print inline: aliases expanded (also those defined after the
// op), fused locations flattened as MLIR's FusedLoc::get.
func TestLocations(t *testing.T) {
	tests := []struct{ loc, want string }{
		{`"a.py":1:2`, `"a.py":1:2`},
		{`unknown`, `unknown`},
		{`"n"`, `"n"`}, {`"n"(unknown)`, `"n"`}, {`"n"("a":1:2)`, `"n"("a":1:2)`},
		{`callsite("f"("a":1:1) at "b":2:2)`, `callsite("f"("a":1:1) at "b":2:2)`},
		{`fused["a":1:2, "b":3:4]`, `fused["a":1:2, "b":3:4]`},
		{`fused["a":1:2]`, `"a":1:2`}, {`fused[unknown]`, `unknown`}, {`fused<"m">[unknown]`, `fused<"m">[unknown]`},
		{`fused["a":1:2, fused["b":3:4, "a":1:2], unknown]`, `fused["a":1:2, "b":3:4]`},
		{`fused<"m">["a":1:2, fused<"m">["b":3:4]]`, `fused<"m">["a":1:2, "b":3:4]`},
		{`fused<"m">["a":1:2, fused["b":3:4, "c":5:6]]`, `fused<"m">["a":1:2, fused["b":3:4, "c":5:6]]`},
		{`#before`, `"before":1:1`}, {`#after`, `fused["x":1:1, "before":1:1]`},
		{`fused[#before, "z":9:9]`, `fused["before":1:1, "z":9:9]`},
	}
	for _, tt := range tests {
		src := "#before = loc(\"before\":1:1)\nfunc.func @f() {\n  return loc(" + tt.loc + ")\n}\n#after = loc(fused[\"x\":1:1, #before])\n"
		m, err := asm.ParseString(src, asm.ParseOptions{})
		if err != nil {
			t.Errorf("%s: %v", tt.loc, err)
			continue
		}
		var got string
		for op := range m.Funcs[0].Ops() {
			got = op.Loc
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("loc(%s) (-want +got):\n%s", tt.loc, diff)
		}
	}
}

// Aliases share parts, so a few lines could stand for a location of
// gigabytes; such a location is refused, quickly.
func TestLocationTooLarge(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("#l0 = loc(\"a\":1:1)\n")
	for i := 1; i <= 40; i++ {
		fmt.Fprintf(&sb, "#l%d = loc(callsite(#l%d at #l%d))\n", i, i-1, i-1)
	}
	sb.WriteString("func.func @f() {\n  return loc(#l40)\n}\n")
	_, err := asm.ParseString(sb.String(), asm.ParseOptions{})
	if err == nil || !strings.Contains(err.Msg, "location is too large") {
		t.Fatalf("got %v, want 'location is too large'", err)
	}
}
