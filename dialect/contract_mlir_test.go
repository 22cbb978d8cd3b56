package dialect_test

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// tosaMatMulDeviations are tirc's refusals of tosa.matmul programs that
// mlir-opt-19 accepts (its verifier checks the 3-d constraints only):
// programs whose value tirc could not compute (SPEC 3d;
// test/contract/tosa-beyond-mlir.mlir). Each is the start of tirc's
// message.
var tosaMatMulDeviations = map[string]string{
	"element types": "'tosa.matmul' op requires the same element type for both operands",
	"accumulator":   "'tosa.matmul' op cannot accumulate",
	"float zp":      "'tosa.matmul' op quantization_info requires integer operands",
	"batch":         "'tosa.matmul' op batch sizes differ",
	"K":             "'tosa.matmul' op matmul: Input operand 1 has a mismatch in its core dimension 0",
	"result shape":  "'tosa.matmul' op inferred type(s)",
}

// genTosaMatMulCases writes random tosa.matmul programs: 3-d, 2-d or
// unranked operands and results of TOSA and other element types, shapes
// that agree or not, with and without zero points, in both forms.
func genTosaMatMulCases(n int) []string {
	rng := rand.New(rand.NewPCG(36, 19))
	elems := []string{"f32", "f32", "f16", "bf16", "f64", "i8", "i8", "i16", "i32", "ui8", "si8", "i1", "index"}
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	dim := func(d int) string {
		if rng.IntN(8) == 0 {
			return "?"
		}
		if rng.IntN(8) == 0 {
			return fmt.Sprint(d + 1)
		}
		return fmt.Sprint(d)
	}
	typ := func(e string, dims ...int) string {
		switch rng.IntN(16) {
		case 0:
			return "tensor<*x" + e + ">"
		case 1:
			return fmt.Sprintf("tensor<%sx%sx%s>", dim(dims[1]), dim(dims[2]), e)
		}
		return fmt.Sprintf("tensor<%sx%sx%sx%s>", dim(dims[0]), dim(dims[1]), dim(dims[2]), e)
	}
	cases := make([]string, n)
	for i := range cases {
		nb, m, k, nn := 1+rng.IntN(2), 1+rng.IntN(4), 1+rng.IntN(4), 1+rng.IntN(4)
		ea := pick(elems)
		eb, ec := ea, ea
		switch {
		case rng.IntN(8) == 0:
			eb = pick(elems)
		case ea == "i8" || ea == "i16":
			ec = pick([]string{"i32", "i32", "i64", "i8"})
		case ea == "f16" || ea == "bf16":
			ec = pick([]string{"f32", ea})
		}
		if rng.IntN(10) == 0 {
			ec = pick(elems)
		}
		a, b, c := typ(ea, nb, m, k), typ(eb, nb, k, nn), typ(ec, nb, m, nn)
		attr := ""
		switch rng.IntN(6) {
		case 0:
			attr = fmt.Sprintf(" {quantization_info = #tosa.matmul_quant<a_zp = %d, b_zp = %d>}", rng.IntN(256)-128, rng.IntN(256)-128)
		case 1:
			attr = pick([]string{" {quantization_info = 1 : i32}", " {a_zp = 1 : i32}"})
		}
		op := fmt.Sprintf("tosa.matmul %%a, %%b%s : (%s, %s) -> %s", attr, a, b, c)
		// A bad attribute in the custom form is reported by MLIR's
		// parser ("custom op 'tosa.matmul' ..."), which tirc's custom
		// forms do not imitate: those are written generic.
		if rng.IntN(2) == 0 || strings.Contains(attr, "zp = 1 : i32") || strings.Contains(attr, "info = 1") {
			op = fmt.Sprintf("\"tosa.matmul\"(%%a, %%b)%s : (%s, %s) -> %s", attr, a, b, c)
		}
		cases[i] = fmt.Sprintf("func.func @case%d(%%a: %s, %%b: %s) {\n  %%r = %s\n  return\n}\n", i, a, b, op)
	}
	return cases
}

// TestTosaMatMulDifferential compares tirc's verdict on random
// tosa.matmul programs with mlir-opt-19's: the same message where MLIR
// refuses; where MLIR accepts, tirc accepts or refuses with one of the
// deviations above, each of which the generator shows.
func TestTosaMatMulDifferential(t *testing.T) {
	exe := mlirOpt19(t)
	srcs := genTosaMatMulCases(400)
	want := mlirVerdictsOf(t, exe, srcs)
	seen := map[string]int{}
	accepted := 0
	for i, src := range srcs {
		got := srcVerdict(src)
		if want[i] != "" {
			if got == want[i] || strings.HasPrefix(got, want[i]) {
				continue
			}
			t.Errorf("case %d:\n%s  tirc:        %q\n  mlir-opt-19: %q", i, src, got, want[i])
			continue
		}
		if got == "" {
			accepted++
			continue
		}
		kind := ""
		for k, prefix := range tosaMatMulDeviations {
			if strings.HasPrefix(got, prefix) {
				kind = k
			}
		}
		if kind == "" {
			t.Errorf("case %d: mlir-opt-19 accepts, tirc refuses with no listed deviation:\n%s  tirc: %q", i, src, got)
		}
		seen[kind]++
	}
	for k := range tosaMatMulDeviations {
		if seen[k] == 0 {
			t.Errorf("no generated case shows the deviation %q", k)
		}
	}
	if accepted < 20 {
		t.Errorf("only %d cases both accept", accepted)
	}
	t.Logf("%d cases: both accept %d; tirc refuses on purpose %v", len(srcs), accepted, seen)
}

// TestTosaMatMulRoundTrip: tirc prints tosa.matmul exactly as
// mlir-opt-19 does, from either form.
func TestTosaMatMulRoundTrip(t *testing.T) {
	exe := mlirOpt19(t)
	src := `func.func @f(%a: tensor<2x3x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<1x3x4xi8>, %d: tensor<1x4x5xi8>, %e: tensor<?x3x4xf16>, %g: tensor<?x4x5xf16>) {
  %0 = tosa.matmul %a, %b : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = tosa.matmul %c, %d {quantization_info = #tosa.matmul_quant<a_zp = 1, b_zp = -2>} : (tensor<1x3x4xi8>, tensor<1x4x5xi8>) -> tensor<1x3x5xi32>
  %2 = "tosa.matmul"(%e, %g) : (tensor<?x3x4xf16>, tensor<?x4x5xf16>) -> tensor<?x3x5xf32>
  %3 = "tosa.matmul"(%c, %d) <{quantization_info = #tosa.matmul_quant<a_zp = 0, b_zp = 0>}> : (tensor<1x3x4xi8>, tensor<1x4x5xi8>) -> tensor<*xi32>
  return
}
`
	for _, generic := range []bool{false, true} {
		args := []string{}
		if generic {
			args = append(args, "-mlir-print-op-generic")
		}
		cmd := exec.Command(exe, args...)
		cmd.Stdin = strings.NewReader(src)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("mlir-opt-19: %v\n%s", err, out)
		}
		m, d := asm.ParseString(src, asm.ParseOptions{})
		if d != nil {
			t.Fatal(d)
		}
		if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
			t.Fatalf("verify: %v", ds[0].Msg)
		}
		var sb strings.Builder
		if err := asm.Print(&sb, m, asm.PrintOptions{Generic: generic}); err != nil {
			t.Fatal(err)
		}
		if got := sb.String(); got != string(out) {
			t.Errorf("generic %v:\ntirc:\n%s\nmlir-opt-19:\n%s", generic, got, out)
		}
	}
}

// mlirOpt19 is mlir-opt-19's path; the test is skipped without it (a
// failure under CI=true).
func mlirOpt19(t *testing.T) string {
	exe, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mlir-opt-19 is not installed (needed under CI=true): run `make deps`")
		}
		t.Skip("mlir-opt-19 not found: the comparison with MLIR is skipped")
	}
	return exe
}

// srcVerdict is "" or tirc's first message on src.
func srcVerdict(src string) string {
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		return d.Msg
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
		return ds[0].Msg
	}
	return ""
}
