package cabi_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/codegen/cabi"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

func parseModule(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		t.Fatalf("verify: %v", ds)
	}
	return m
}

// TestEmitCDriver checks, per module, the lines of the generated part that
// state the ABI (prototypes, parameter tables, entry rows) and the
// warnings for functions the driver cannot call.
func TestEmitCDriver(t *testing.T) {
	tests := []struct {
		name     string
		src      string
		want     []string // lines the driver must contain
		warnings []string
		err      string
	}{{
		name: "tensors",
		src: `func.func @f(%x: tensor<?x4xf32>, %b: tensor<4xf32>) -> tensor<?x4xf32> {
  %r = "tir.add"(%x, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}`,
		want: []string{
			"typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[1]; int64_t strides[1]; } tirc_desc_f32_1d;",
			"typedef struct { float *allocated; float *aligned; int64_t offset; int64_t sizes[2]; int64_t strides[2]; } tirc_desc_f32_2d;",
			`int32_t tirc_fn_0(const tirc_desc_f32_2d *, const tirc_desc_f32_1d *, tirc_desc_f32_2d *) TIRC_SYMBOL("f");`,
			"static const int64_t tirc_dims_0_a0[] = {-1, 4};",
			`  {"tensor<?x4xf32>", TIRC_F32, 2, tirc_dims_0_a0, false},`,
			`  {"f", "(tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>", 2, 1, tirc_args_0, tirc_results_0, tirc_call_0, NULL},`,
			"static const int tirc_num_entries = 1;",
		},
	}, {
		name: "scalars and rank 0",
		src: `func.func @s(%a: f64, %n: i1, %z: tensor<index>) -> (i32, tensor<i8>) {
  %c = "arith.constant"() {value = 1 : i32} : () -> i32
  %d = "tir.constant"() {value = dense<1> : tensor<i8>} : () -> tensor<i8>
  return %c, %d : i32, tensor<i8>
}`,
		want: []string{
			"typedef struct { int64_t *allocated; int64_t *aligned; int64_t offset; } tirc_desc_index_0d;",
			`int32_t tirc_fn_0(double, bool, const tirc_desc_index_0d *, int32_t *, tirc_desc_i8_0d *) TIRC_SYMBOL("s");`,
			"  bool a1 = *(const uint8_t *)in[1].data;",
			`  {"f64", TIRC_F64, 0, NULL, true},`,
			`  {"tensor<index>", TIRC_INDEX, 0, NULL, false},`,
			"  tirc_result(out, &tirc_results_0[1], 1, 0, NULL, NULL, r1.aligned ? r1.aligned + r1.offset : NULL);",
		},
	}, {
		name: "unsupported functions are listed, private ones are not",
		src: `func.func @ok(%x: tensor<2xi1>) -> tensor<2xi1> {
  return %x : tensor<2xi1>
}
func.func @bf(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  return %x : tensor<2xbf16>
}
func.func @half(%x: f16) -> f16 {
  return %x : f16
}
func.func private @p(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}`,
		want: []string{
			`  {"bf", "(tensor<2xbf16>) -> tensor<2xbf16>", 1, 1, NULL, NULL, NULL, "argument 0 (tensor<2xbf16>): bf16 has no NumPy dtype"},`,
			"static const int tirc_num_entries = 3;",
		},
		warnings: []string{
			"warning: the C driver cannot call @bf: argument 0 (tensor<2xbf16>): bf16 has no NumPy dtype",
			"warning: the C driver cannot call @half: argument 0 (f16): an f16 scalar is passed by value as LLVM half, which C has no portable type for; use tensor<f16>",
		},
	}, {
		// The names -emit-llvm refuses (names.go): a driver of a module
		// without its .ll is of no use. (It used to accept @"my.fn",
		// which -emit-llvm never compiled, and warn about @main.)
		name: "a name that is not a C identifier",
		src: `func.func @"my.fn"(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}`,
		err: "error: function name '@my.fn' is not a C identifier, which a public function's name must be (the header and C callers use it); rename it, or make the function private",
	}, {
		name: "main",
		src: `func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}`,
		err: "error: function name '@main' clashes with the program's main(); rename it, or make the function private",
	}, {
		name: "a C library function",
		src: `func.func @exit(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}`,
		err: "error: function name '@exit' is a name of the C library (<stdlib.h>): a public function would replace the library's symbol in the linked program, or break the generated header; rename it, or make the function private",
	}, {
		name: "nothing to call",
		src: `func.func @bf(%x: tensor<2xbf16>) -> tensor<2xbf16> {
  return %x : tensor<2xbf16>
}`,
		warnings: []string{"warning: the C driver cannot call @bf: argument 0 (tensor<2xbf16>): bf16 has no NumPy dtype"},
		err:      "error: no public function the C driver can call",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, ds := cabi.EmitCDriver(parseModule(t, tt.src))
			var warnings []string
			err := ""
			for _, d := range ds {
				s := d.Severity.String() + ": " + d.Msg
				if d.Severity == ir.SevError {
					err = s
				} else {
					warnings = append(warnings, s)
				}
			}
			if diff := cmp.Diff(tt.warnings, warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.err, err); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			lines := map[string]bool{}
			for _, l := range strings.Split(string(out), "\n") {
				lines[l] = true
			}
			var missing []string
			for _, w := range tt.want {
				if !lines[w] {
					missing = append(missing, w)
				}
			}
			if diff := cmp.Diff([]string(nil), missing); diff != "" {
				t.Errorf("lines missing from the driver (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEmitCDriverCompiles compiles the drivers of every example and of a
// module with every element type with clang -fsyntax-only -Werror (one
// clang run per module; no linking, so no code generator is needed).
func TestEmitCDriverCompiles(t *testing.T) {
	clang, err := exec.LookPath("clang")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("clang is not installed (run make deps)")
		}
		t.Skip("clang not found")
	}
	files, _ := filepath.Glob("../../examples/*.mlir")
	files = append(files, "../../test/npy/Inputs/kinds.mlir")
	dir := t.TempDir()
	var cfiles []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m, d := asm.Parse(ir.NewSource(f, src), asm.ParseOptions{})
		if d != nil {
			t.Fatalf("%s: %v", f, d)
		}
		out, ds := cabi.EmitCDriver(m)
		if ds.HasErrors() {
			t.Fatalf("%s: %v", f, ds)
		}
		c := filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".mlir")+".c")
		if err := os.WriteFile(c, out, 0o644); err != nil {
			t.Fatal(err)
		}
		cfiles = append(cfiles, c)
	}
	for _, c := range cfiles {
		cmd := exec.Command(clang, "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-std=c11", "-D_POSIX_C_SOURCE=200809L", c)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", c, err, out)
		}
	}
}
