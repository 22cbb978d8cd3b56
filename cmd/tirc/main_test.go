package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The command's behaviour through run(), in process: flags, exit codes,
// stdin, -split-input-file, -verify-diagnostics, -o.

const validModule = `func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "tir.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
`

// invalidModule parses but fails verification (return type mismatch).
const invalidModule = `func.func @f(%a: tensor<4xf32>) -> tensor<4xi32> {
  return %a : tensor<4xf32>
}
`

type result struct {
	code           int
	stdout, stderr string
}

func tirc(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFlagsBeforeOrAfterInput(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "in.mlir", validModule)
	want := tirc(t, "", in)
	if want.code != exitOK || !strings.Contains(want.stdout, `= tir.neg %arg0 : tensor<4xf32>`) {
		t.Fatalf("tirc in.mlir: %+v", want)
	}
	generic := tirc(t, "", "-mlir-print-op-generic", in)
	for _, args := range [][]string{
		{in, "-mlir-print-op-generic"},
		{"--mlir-print-op-generic", in},
		{"-mlir-print-op-generic=true", in},
		{in, "--"},
	} {
		got := tirc(t, "", args...)
		w := generic
		if args[len(args)-1] == "--" {
			w = want
		}
		if diff := cmp.Diff(w, got, cmp.AllowUnexported(result{})); diff != "" {
			t.Errorf("tirc %q (-want +got):\n%s", args, diff)
		}
	}
	for _, args := range [][]string{{"-verify", in}, {in, "-verify"}, {in, "--verify"}} {
		if got := tirc(t, "", args...); got.code != exitOK || got.stdout != "" || got.stderr != "" {
			t.Errorf("tirc %q = %+v, want exit 0 and no output", args, got)
		}
	}
	out := filepath.Join(dir, "out.mlir")
	for _, args := range [][]string{{in, "-o", out}, {"-o", out, in}, {in, "-o=" + out}} {
		os.Remove(out)
		if got := tirc(t, "", args...); got.code != exitOK || got.stdout != "" {
			t.Errorf("tirc %q = %+v", args, got)
		}
		if data, err := os.ReadFile(out); err != nil || string(data) != want.stdout {
			t.Errorf("tirc %q wrote %q, %v; want %q", args, data, err, want.stdout)
		}
	}
}

func TestVersionAndHelp(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-version"}} {
		got := tirc(t, "", args...)
		if got.code != exitOK || !regexp.MustCompile(`^tirc version \S+\n$`).MatchString(got.stdout) {
			t.Errorf("tirc %q = %+v", args, got)
		}
	}
	for _, args := range [][]string{{"-help"}, {"--help"}, {"-h"}, {"x.mlir", "-help"}} {
		got := tirc(t, "", args...)
		if got.code != exitOK || got.stderr != "" {
			t.Errorf("tirc %q = exit %d, stderr %q", args, got.code, got.stderr)
		}
		for _, s := range flagSpecs() {
			if !regexp.MustCompile(`(?m)^  -` + regexp.QuoteMeta(s.name) + `[= ].*\S`).MatchString(got.stdout) {
				t.Errorf("tirc %q does not list -%s with a description", args, s.name)
			}
		}
	}
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	valid := writeFile(t, dir, "valid.mlir", validModule)
	invalid := writeFile(t, dir, "invalid.mlir", invalidModule)
	syntax := writeFile(t, dir, "syntax.mlir", "func.func @f( {\n")
	tests := []struct {
		args   []string
		code   int
		stderr string // a regexp the stderr must match
	}{
		{[]string{valid}, exitOK, `^$`},
		{[]string{"-verify", invalid}, exitFailure, `invalid.mlir:2:3: error: type of return operand 0 \('tensor<4xf32>'\) doesn't match function result type \('tensor<4xi32>'\) in function @f`},
		{[]string{syntax}, exitFailure, `syntax.mlir:1:14: error: `}, // where mlir-opt-19 reports it
		{[]string{filepath.Join(dir, "missing.mlir")}, exitFailure, `tirc: error: could not open input file '.*missing.mlir': no such file or directory`},
		{[]string{dir}, exitFailure, `tirc: error: input '.*' is a directory, not a file`},
		{[]string{"-no-such-flag", valid}, exitUsage, `tirc: error: unknown flag '-no-such-flag' \(see tirc -help\)`},
		{[]string{"-verfy", valid}, exitUsage, `unknown flag '-verfy'; did you mean '-verify'\?`},
		{[]string{valid, "-o"}, exitUsage, `flag '-o' needs a value`},
		{[]string{"-verify=maybe", valid}, exitUsage, `flag '-verify' is a switch; it takes no value \(got 'maybe'\)`},
		{[]string{valid, valid}, exitUsage, `too many input files`},
	}
	for _, tt := range tests {
		got := tirc(t, "", tt.args...)
		if got.code != tt.code || !regexp.MustCompile(tt.stderr).MatchString(got.stderr) {
			t.Errorf("tirc %q = exit %d, stderr:\n%s\nwant exit %d and stderr matching %q", tt.args, got.code, got.stderr, tt.code, tt.stderr)
		}
	}
}

// TestUsageErrors: every usage error -- flags that contradict each other,
// that would be silently ignored, or a pipeline that cannot be built -- is
// one line "tirc: error: ...", exit code 2, nothing on stdout, before any
// input is read (the input here does not exist). Issue 19 item 7, issue 17
// item 3.
func TestUsageErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.mlir")
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"-emit-llvm", "-emit-c-driver"}, `-emit-llvm and -emit-c-driver write different files; run tirc once for each`},
		{[]string{"-emit-c-header", "-emit-llvm"}, `-emit-llvm and -emit-c-header write different files`},
		{[]string{"-emit-llvm", "-emit-c-header", "-emit-c-driver"}, `-emit-llvm and -emit-c-header and -emit-c-driver write different files`},
		{[]string{"-verify", "-emit-c-header"}, `-verify writes nothing; it cannot be combined with -emit-c-header`},
		{[]string{"-pass-pipeline=builtin.module(cse)", "-cse"}, `-pass-pipeline cannot be combined with pass flags \(-cse\); put every pass in the pipeline`},
		{[]string{"-pass-pipeline=builtin.module(cse)", "-infer-shapes"}, `-pass-pipeline cannot be combined with pass flags \(-infer-shapes\)`},
		{[]string{"-arg-shapes=@f:0=4"}, `-arg-shapes: 'arg-shapes' is an option of the infer-shapes pass, which is not in the pipeline \(add -infer-shapes\)`},
		{[]string{"-cse", "-arg-shapes=@f:0=4"}, `-arg-shapes: .* not in the pipeline \(add -infer-shapes\)`},
		{[]string{"-print-ir-after=cse", "-canonicalize"}, `-print-ir-after names 'cse', which is not in the pipeline \(add -cse\)`},
		{[]string{"-pass-pipeline=builtin.module(nope)"}, `invalid value for -pass-pipeline: .*'nope' does not refer to a registered pass`},
		{[]string{"-target-cpu=skylake"}, `-target-cpu only applies to -emit-llvm, which is not given`},
		{[]string{"-emit-c-header", "-no-runtime-checks"}, `-no-runtime-checks only applies to -emit-llvm`},
		{[]string{"-emit-c-driver", "-target-triple=x86_64-pc-linux-gnu"}, `-target-triple only applies to -emit-llvm`},
		{[]string{"-parallel-threshold=0"}, `-parallel-threshold only applies to -emit-llvm`},
		{[]string{"-nontemporal-threshold=0"}, `-nontemporal-threshold only applies to -emit-llvm`},
		{[]string{"-nontemporal-store-bound-only"}, `-nontemporal-store-bound-only only applies to -emit-llvm`},
		{[]string{"-emit-c-driver", "-sanitize=address"}, `-sanitize only applies to -emit-llvm`},
		{[]string{"-emit-llvm", "-sanitize=memory"}, `invalid value for -sanitize: 'memory' is not a sanitizer tirc supports \(address\)`},
		{[]string{"-emit-llvm", "-target-triple=x86_64-pc-linux-gnu", "-target-cpu=skylak"}, `invalid value for -target-cpu: 'skylak' is not an x86 CPU LLVM knows; did you mean 'skylake'\?`},
		{[]string{"-emit-llvm", "-target-triple=x86_64-pc-linux-gnu", "-target-cpu=zen4"}, `invalid value for -target-cpu: 'zen4' is not an x86 CPU LLVM knows`},
		{[]string{"-emit-llvm", "-target-triple=aarch64-unknown-linux-gnu", "-target-cpu=portable"}, `invalid value for -target-cpu: -target-cpu=portable needs an x86_64 target triple`},
	}
	for _, tt := range tests {
		got := tirc(t, "", append(tt.args, missing)...)
		if got.code != exitUsage || got.stdout != "" || !regexp.MustCompile(`^tirc: error: `+tt.msg+`[^\n]*\n$`).MatchString(got.stderr) {
			t.Errorf("tirc %q = exit %d, stdout %q, stderr %q; want exit 2 and one line matching %q", tt.args, got.code, got.stdout, got.stderr, tt.msg)
		}
	}
	// The same flags are fine together with what they need.
	in := writeFile(t, t.TempDir(), "in.mlir", validModule)
	for _, args := range [][]string{
		{"-emit-llvm", "-target-cpu=skylake", "-no-runtime-checks", "-parallel-threshold=0", "-nontemporal-threshold=0", "-nontemporal-store-bound-only", "-sanitize=address"},
		{"-pass-pipeline=builtin.module(infer-shapes)", "-arg-shapes=@f:0=4"},
		{"-infer-shapes", "-arg-shapes=@f:0=4", "-print-ir-after=infer-shapes"},
	} {
		if got := tirc(t, "", append(args, in)...); got.code != exitOK {
			t.Errorf("tirc %q = exit %d, stderr %q; want 0", args, got.code, got.stderr)
		}
	}
}

func TestStdin(t *testing.T) {
	want := tirc(t, validModule)
	if want.code != exitOK || !strings.Contains(want.stdout, "func.func @f") {
		t.Fatalf("tirc < valid = %+v", want)
	}
	if got := tirc(t, validModule, "-"); !cmp.Equal(want, got, cmp.AllowUnexported(result{})) {
		t.Errorf("tirc - = %+v, want %+v", got, want)
	}
	got := tirc(t, invalidModule, "-", "-verify")
	if got.code != exitFailure || !strings.HasPrefix(got.stderr, "<stdin>:2:3: error: ") {
		t.Errorf("tirc - -verify < invalid = %+v", got)
	}
}

func TestSplitInputFileLineNumbers(t *testing.T) {
	in := validModule + "// -----\n" + invalidModule + "  // -----\n\n" + invalidModule
	// Lines: validModule is 4 lines, the marker line 5, the first invalid
	// module's return is on line 7, the second marker line 9, the second
	// invalid module's return on line 12.
	got := tirc(t, in, "-split-input-file", "-verify")
	want := []string{"<stdin>:7:3: error: type of return operand 0", "<stdin>:12:3: error: type of return operand 0"}
	var locs []string
	for _, l := range strings.Split(got.stderr, "\n") {
		if strings.Contains(l, ": error: ") {
			locs = append(locs, l[:strings.Index(l, " ('")])
		}
	}
	if diff := cmp.Diff(want, locs); diff != "" || got.code != exitFailure {
		t.Errorf("exit %d; error locations (-want +got):\n%s\nstderr:\n%s", got.code, diff, got.stderr)
	}
	// Each chunk is printed on its own, separated by the marker.
	ok := tirc(t, validModule+"// -----\n"+validModule, "-split-input-file")
	if ok.code != exitOK || strings.Count(ok.stdout, "func.func @f") != 2 || !strings.Contains(ok.stdout, "\n// -----\n") {
		t.Errorf("two valid chunks: %+v", ok)
	}
	// Without the flag, the two @f collide.
	if got := tirc(t, validModule+"// -----\n"+validModule, "-verify"); got.code != exitFailure || !strings.Contains(got.stderr, "<stdin>:6:") {
		t.Errorf("without -split-input-file: %+v", got)
	}
}
