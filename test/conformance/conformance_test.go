// Package conformance_test runs MLIR's own test files (Inputs/, verbatim
// from llvm/llvm-project at the commits named in the upstreams table) under
// tirc and under mlir-opt-19, unit by unit, and counts what passes.
//
// A unit is one -split-input-file chunk, or, in a file without `// -----`
// (the round-trip ops.mlir files), one function with the CHECK lines above
// it. A unit passes for a tool when every RUN line of its file passes on
// it with `mlir-opt` replaced by that tool: exit status 0 (with
// -verify-diagnostics: every expected diagnostic and no other), then
// FileCheck with the unit's CHECK lines on the unit's output. For a RUN
// line that round-trips (no -verify-diagnostics), tirc passes a unit only
// if its printed output also equals mlir-opt-19's, text for text.
//
// Every unit tirc fails is listed in deviations.txt with the reason it is
// out of tirc's scope, and so is every unit mlir-opt-19 fails (a test
// added to llvm-project after MLIR 19); the test fails when a unit fails
// without being listed, or passes while listed. The counts go in README's
// conformance table; the test fails when the table is stale (go test
// ./test/conformance -update rewrites it; make conformance prints it).
//
// Speed: each tool runs once per file and RUN line on all the units
// expected to pass, joined with `// -----` (both tools process each chunk
// independently and print one output chunk per input chunk); a failing
// batch is bisected down to its failing units. Units listed as failing run
// one by one. FileCheck runs once per unit and distinct output.
package conformance_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir/asm"
)

var update = flag.Bool("update", false, "rewrite README.md's conformance table from this run")

// upstream is one MLIR test file kept verbatim under Inputs/.
type upstream struct {
	file   string // under Inputs/
	path   string // in llvm/llvm-project
	commit string // the llvm-project commit it was read at
}

// The MLIR 19 branch's versions were not in the store the files were read
// from; each is the version nearest to MLIR 19 that was (see
// Inputs/README.md). Tests added after MLIR 19 fail under mlir-opt-19
// and are listed in deviations.txt as such.
var upstreams = []upstream{
	{"arith-invalid.mlir", "mlir/test/Dialect/Arith/invalid.mlir", "058ec5f27d5cf91558c90178adc1833d8faa8894"},
	{"arith-ops.mlir", "mlir/test/Dialect/Arith/ops.mlir", "eeb49dea6ff0470cef0a44e341283b16cd6a5d89"},
	{"math-ops.mlir", "mlir/test/Dialect/Math/ops.mlir", "bffd38809346597f411e078e830dd61751dfba64"},
	{"ir-traits.mlir", "mlir/test/IR/traits.mlir", "6c88549fef4d96d8305c2fca06296093d2527b82"},
	{"tosa-ops.mlir", "mlir/test/Dialect/Tosa/ops.mlir", "de749168ebe576f8ece26f2013d9532edcc4e6a9"},
	{"tensor-ops.mlir", "mlir/test/Dialect/Tensor/ops.mlir", "06a15527b8676b1832600d8f7000827506ba7eaf"},
	{"tensor-invalid.mlir", "mlir/test/Dialect/Tensor/invalid.mlir", "01bd6591226f049e736e3488134bfdc7a3b649b9"},
	{"scf-ops.mlir", "mlir/test/Dialect/SCF/ops.mlir", "c2503de8d4db30a51b6be6397fb2ed3d0301e356"},
	{"scf-invalid.mlir", "mlir/test/Dialect/SCF/invalid.mlir", "021b7c93736fc32e8e226986f4b9da956a20ad58"},
	{"linalg-roundtrip.mlir", "mlir/test/Dialect/Linalg/roundtrip.mlir", "06887db22dc3ef6df6d76cb675c246401811b53c"},
	{"linalg-named-ops.mlir", "mlir/test/Dialect/Linalg/named-ops.mlir", "a16c1525f3a7cae37c3ca06f889807d488b9c135"},
	{"linalg-invalid.mlir", "mlir/test/Dialect/Linalg/invalid.mlir", "001224ab375822a17fd73b024a8ea4903e283982"},
}

// The tools a unit runs under.
const (
	tirc    = "tirc"
	mlirOpt = "mlir-opt-19"
)

// unit is one split or function of an upstream file.
type unit struct {
	line int    // first line of its code (its func.func, or first op)
	name string // "@fn", or "line N" for a chunk without a function
	text string // its lines, with the CHECK lines it owns
}

func (u unit) key(file string) string { return fmt.Sprintf("%s:%d", file, u.line) }

var funcName = regexp.MustCompile(`func\.func\s+(?:private\s+)?@([\w$.]+)`)

// units cuts a file into its units: the -split-input-file chunks, or the
// top-level functions when the file has no `// -----`.
func units(data []byte) []unit {
	var out []unit
	// add makes a unit of the lines at idx (0-based line numbers of all).
	add := func(all []string, idx []int, base int) {
		u := unit{line: -1}
		var b strings.Builder
		for _, i := range idx {
			b.WriteString(all[i])
			t := strings.TrimSpace(all[i])
			if u.line < 0 && t != "" && !strings.HasPrefix(t, "//") {
				u.line = base + i + 1
			}
		}
		if u.line < 0 {
			return // comments only (the RUN lines)
		}
		u.text = b.String()
		if m := funcName.FindStringSubmatch(u.text); m != nil {
			u.name = "@" + m[1]
		} else {
			u.name = fmt.Sprintf("line %d", u.line)
		}
		out = append(out, u)
	}
	span := func(from, to int) []int {
		var idx []int
		for i := from; i < to; i++ {
			idx = append(idx, i)
		}
		return idx
	}
	chunks := asm.SplitInput(data)
	if len(chunks) > 1 {
		for _, c := range chunks {
			lines := strings.SplitAfter(string(data[c.Start:c.End]), "\n")
			add(lines, span(0, len(lines)), c.Line-1)
		}
		return out
	}
	// One function per unit: from after the previous function's closing
	// `}` (column 0) to its own, with the CHECK lines that follow a
	// CHECK-LABEL naming it (files put them above or below it).
	lines := strings.SplitAfter(string(data), "\n")
	var spans [][2]int
	start := 0
	for i, l := range lines {
		if strings.TrimRight(l, "\n") == "}" {
			spans = append(spans, [2]int{start, i + 1})
			start = i + 1
		}
	}
	owner := checkOwners(lines, spans)
	for k := range spans {
		var idx []int
		for i := range lines {
			if owner[i] == k {
				idx = append(idx, i)
			}
		}
		add(lines, idx, 0)
	}
	return out
}

// checkOwners gives each line the function span it belongs to: its own
// span, except that CHECK lines belong to the function their latest
// CHECK-LABEL names (-1: after the last function, no unit).
func checkOwners(lines []string, spans [][2]int) []int {
	owner := make([]int, len(lines))
	for i := range owner {
		owner[i] = -1
	}
	names := make([]string, len(spans))
	for k, sp := range spans {
		for i := sp[0]; i < sp[1]; i++ {
			owner[i] = k
		}
		if m := funcName.FindStringSubmatch(strings.Join(lines[sp[0]:sp[1]], "")); m != nil {
			names[k] = m[1]
		}
	}
	labelled := -1
	for i, l := range lines {
		if !strings.Contains(l, "CHECK") {
			continue
		}
		if strings.Contains(l, "CHECK-LABEL") {
			labelled = -1
			for k, n := range names {
				if n != "" && regexp.MustCompile(`@`+regexp.QuoteMeta(n)+`([^\w$.]|$)`).MatchString(l) {
					labelled = k
				}
			}
		}
		if labelled >= 0 {
			owner[i] = labelled
		}
	}
	return owner
}

// runLines returns the file's RUN lines, each as pipeline stages.
func runLines(data []byte) [][]string {
	var out [][]string
	for _, l := range strings.Split(string(data), "\n") {
		_, cmd, ok := strings.Cut(l, "// RUN:")
		if !ok {
			continue
		}
		var stages []string
		for _, s := range strings.Split(cmd, "|") {
			stages = append(stages, strings.TrimSpace(s))
		}
		out = append(out, stages)
	}
	return out
}

// env holds the executables.
type env struct {
	exe          map[string]string // tool -> path
	fileCheckExe string
	checked      map[string]error // unit text and output -> FileCheck's verdict
	dir          string           // scratch
}

// result is what one batch of units gave under one tool and RUN line.
type result struct {
	ok      bool
	outputs []string // per unit, the final stage's output chunk (when ok)
	msg     string   // why not ok
}

// runBatch runs one RUN line's tool stages (all but FileCheck) on the
// units joined into one -split-input-file file.
func (e *env) runBatch(t *testing.T, tool string, stages []string, us []unit) result {
	var src strings.Builder
	for i, u := range us {
		if i > 0 {
			src.WriteString("\n// -----\n")
		}
		src.WriteString(u.text)
	}
	f, err := os.CreateTemp(e.dir, "batch-*.mlir")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(src.String())
	f.Close()
	var in []byte
	for _, st := range stages {
		if strings.HasPrefix(st, "FileCheck") {
			break
		}
		args := strings.Fields(st)
		if len(args) == 0 || args[0] != "mlir-opt" {
			t.Fatalf("unexpected RUN stage %q", st)
		}
		args = args[1:]
		for i, a := range args {
			if a == "%s" || a == "<%s" { // the file, or the file on standard input
				args[i] = f.Name()
			}
		}
		if !slices.Contains(args, "-split-input-file") && !slices.Contains(args, "--split-input-file") {
			args = append(args, "-split-input-file")
		}
		cmd := exec.Command(e.exe[tool], args...)
		cmd.Stdin = bytes.NewReader(in)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return result{msg: fmt.Sprintf("%s %s: %v\n%s", tool, strings.Join(args, " "), err, stderr.String())}
		}
		in = out
	}
	chunks := splitOutput(string(in))
	if len(chunks) != len(us) {
		return result{msg: fmt.Sprintf("%s printed %d chunks for %d units", tool, len(chunks), len(us))}
	}
	return result{ok: true, outputs: chunks}
}

// splitOutput cuts -split-input-file output at its `// -----` lines.
func splitOutput(s string) []string {
	var out []string
	cur := ""
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.TrimSpace(l) == "// -----" {
			out = append(out, cur)
			cur = ""
			continue
		}
		cur += l
	}
	return append(out, cur)
}

// fileCheck runs FileCheck with u's CHECK lines on its output; a unit
// without CHECK lines has nothing to check. The verdict is kept for the
// unit and output: the other tool, and the other RUN lines of a
// round-trip file, mostly print the same text, which FileCheck would
// judge the same.
func (e *env) fileCheck(t *testing.T, u unit, output string) error {
	if !strings.Contains(u.text, "CHECK") {
		return nil
	}
	key := u.text + "\x00" + output
	if err, ok := e.checked[key]; ok {
		return err
	}
	err := e.runFileCheck(t, u, output)
	e.checked[key] = err
	return err
}

func (e *env) runFileCheck(t *testing.T, u unit, output string) error {
	checks := filepath.Join(e.dir, "unit.mlir")
	if err := os.WriteFile(checks, []byte(u.text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(e.fileCheckExe, checks)
	cmd.Stdin = strings.NewReader(output)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("FileCheck: %v\n%s", err, out)
	}
	return nil
}

// outcome is a unit's verdict under one tool, with the output of each
// round-tripping RUN line (for the comparison with mlir-opt-19).
type outcome struct {
	pass    bool
	why     string
	printed map[int]string // RUN line index -> output
}

// run gives every unit's outcome under tool: the units expected to pass
// in batches (bisected when a batch fails), the others one by one.
func (e *env) run(t *testing.T, tool string, data []byte, us []unit, expectFail func(unit) bool) []outcome {
	runs := runLines(data)
	res := make([]outcome, len(us))
	for i := range res {
		res[i] = outcome{pass: true, printed: map[int]string{}}
	}
	var batch, single []int
	for i, u := range us {
		if expectFail(u) {
			single = append(single, i)
		} else {
			batch = append(batch, i)
		}
	}
	var solve func(r int, idx []int)
	solve = func(r int, idx []int) {
		if len(idx) == 0 {
			return
		}
		sel := make([]unit, len(idx))
		for k, i := range idx {
			sel[k] = us[i]
		}
		got := e.runBatch(t, tool, runs[r], sel)
		if !got.ok && len(idx) > 1 {
			solve(r, idx[:len(idx)/2])
			solve(r, idx[len(idx)/2:])
			return
		}
		for k, i := range idx {
			switch {
			case !got.ok:
				res[i].pass, res[i].why = false, got.msg
			default:
				if err := e.fileCheck(t, us[i], got.outputs[k]); err != nil {
					res[i].pass, res[i].why = false, err.Error()
				}
				if !strings.Contains(strings.Join(runs[r], " "), "-verify-diagnostics") {
					res[i].printed[r] = got.outputs[k]
				}
			}
		}
	}
	for r := range runs {
		live := func(idx []int) []int { // units still passing
			var out []int
			for _, i := range idx {
				if res[i].pass {
					out = append(out, i)
				}
			}
			return out
		}
		solve(r, live(batch))
		for _, i := range live(single) {
			solve(r, []int{i})
		}
	}
	return res
}

// deviation is one line of deviations.txt: a unit that fails under the
// named tools, and why.
type deviation struct {
	key, name string
	tools     []string
	reason    string
}

func readDeviations(t *testing.T) map[string]deviation {
	data, err := os.ReadFile("deviations.txt")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]deviation{}
	for n, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, " | ")
		if len(f) != 3 {
			t.Fatalf("deviations.txt:%d: want `file:line @name | tools | reason`, got %q", n+1, l)
		}
		key, name, _ := strings.Cut(f[0], " ")
		d := deviation{key: key, name: name, tools: strings.Split(f[1], ","), reason: f[2]}
		for _, tool := range d.tools {
			if tool != tirc && tool != mlirOpt {
				t.Fatalf("deviations.txt:%d: unknown tool %q", n+1, tool)
			}
		}
		if _, dup := out[key]; dup {
			t.Fatalf("deviations.txt:%d: %s listed twice", n+1, key)
		}
		out[key] = d
	}
	return out
}

// notYet starts the reason of a unit tirc fails that is in its scope but
// waits for a part not merged yet: it counts as in scope, and failed.
const notYet = "not yet implemented"

// row is one line of the README table.
type row struct {
	up                          upstream
	kind                        string // "split" or "function"
	units, mlirPass, tircPass   int
	outOfScope, inScopePassTirc int
}

func (r row) String() string {
	return fmt.Sprintf("| [`%s`](https://github.com/llvm/llvm-project/blob/%s/%s) @ `%s` | %d %ss | %d | %d | %d | %d of %d |",
		r.up.path, r.up.commit, r.up.path, r.up.commit[:10], r.units, r.kind, r.mlirPass, r.tircPass, r.outOfScope,
		r.inScopePassTirc, r.units-r.outOfScope)
}

func lookTool(t *testing.T, name string, fallback ...string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	for _, f := range fallback {
		if _, err := os.Stat(f); err == nil {
			return f
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed (run `make deps`)", name)
	}
	t.Skipf("%s not found: skipped", name)
	return ""
}

func TestConformance(t *testing.T) {
	e := &env{exe: map[string]string{}, dir: t.TempDir(), checked: map[string]error{}}
	e.exe[mlirOpt] = lookTool(t, mlirOpt)
	e.fileCheckExe = lookTool(t, "FileCheck", "/usr/lib/llvm-14/bin/FileCheck")
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(e.dir, "tirc")
	build := exec.Command("go", "build", "-o", bin, "./cmd/tirc")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	e.exe[tirc] = bin

	devs := readDeviations(t)
	seen := map[string]bool{}
	var rows []row
	for _, up := range upstreams {
		data, err := os.ReadFile(filepath.Join("Inputs", up.file))
		if err != nil {
			t.Fatal(err)
		}
		us := units(data)
		r := row{up: up, kind: "function", units: len(us)}
		if len(asm.SplitInput(data)) > 1 {
			r.kind = "split"
		}
		verdicts := map[string][]outcome{}
		for _, tool := range []string{tirc, mlirOpt} {
			verdicts[tool] = e.run(t, tool, data, us, func(u unit) bool {
				return slices.Contains(devs[u.key(up.file)].tools, tool)
			})
		}
		for i, u := range us {
			key := u.key(up.file)
			d, listed := devs[key]
			seen[key] = listed
			if listed && d.name != u.name {
				t.Errorf("deviations.txt: %s is %s, not %s", key, u.name, d.name)
			}
			m, ti := verdicts[mlirOpt][i], verdicts[tirc][i]
			if m.pass && ti.pass {
				// Printed output of round-tripping RUN lines: tirc's
				// equals mlir-opt-19's.
				for run, want := range m.printed {
					if diff := cmp.Diff(want, ti.printed[run]); diff != "" {
						ti.pass, ti.why = false, fmt.Sprintf("RUN line %d prints differently from mlir-opt-19 (-mlir-opt-19 +tirc):\n%s", run+1, diff)
					}
				}
			}
			if m.pass {
				r.mlirPass++
			}
			if ti.pass {
				r.tircPass++
			}
			if slices.Contains(d.tools, tirc) && !strings.HasPrefix(d.reason, notYet) {
				r.outOfScope++
			} else if ti.pass {
				r.inScopePassTirc++
			}
			for _, tool := range []string{tirc, mlirOpt} {
				o := map[string]outcome{tirc: ti, mlirOpt: m}[tool]
				want := slices.Contains(d.tools, tool)
				switch {
				case !o.pass && !want:
					t.Errorf("%s %s fails under %s and is not in deviations.txt:\n%s", key, u.name, tool, o.why)
				case o.pass && want:
					t.Errorf("%s %s passes under %s: take it out of deviations.txt", key, u.name, tool)
				}
			}
		}
		rows = append(rows, r)
		t.Logf("%s", r)
	}
	for key, d := range devs {
		if _, ok := seen[key]; !ok {
			t.Errorf("deviations.txt lists %s %s, which is no unit of the upstream files", key, d.name)
		}
	}
	checkREADME(t, filepath.Join(root, "README.md"), rows)
}

const (
	tableStart = "<!-- conformance-table: generated by go test ./test/conformance -update -->"
	tableEnd   = "<!-- end conformance-table -->"
)

// checkREADME compares README's rows for the upstream files with this
// run's counts (rows for other files, e.g. TOSA's, are left alone), or
// rewrites them with -update.
func checkREADME(t *testing.T, path string, rows []row) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	i, j := strings.Index(text, tableStart), strings.Index(text, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("README.md has no conformance table between %q and %q", tableStart, tableEnd)
	}
	lines := strings.Split(text[i+len(tableStart):j], "\n")
	var got []string
	for k, l := range lines {
		for _, r := range rows {
			if strings.HasPrefix(l, "| [`"+r.up.path+"`]") {
				got = append(got, l)
				lines[k] = r.String()
			}
		}
	}
	var want []string
	for _, r := range rows {
		want = append(want, r.String())
	}
	if diff := cmp.Diff(want, got); diff != "" {
		if !*update {
			t.Errorf("README.md's conformance table is stale (go test ./test/conformance -update) (-want +got):\n%s", diff)
			return
		}
		if len(got) != len(want) {
			t.Fatalf("README.md's conformance table lacks rows for some files: add a row starting with | [`path`] for each")
		}
		text = text[:i+len(tableStart)] + strings.Join(lines, "\n") + text[j:]
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Units are cut as the test's counting assumes.
func TestUnits(t *testing.T) {
	data := []byte("// RUN: x\n\n// CHECK-LABEL: f\nfunc.func @f() {\n  return\n}\n\n// CHECK-LABEL: g\nfunc.func @g() {\n  return\n}\n")
	var got []string
	for _, u := range units(data) {
		got = append(got, u.name+":"+strconv.Itoa(u.line))
	}
	if diff := cmp.Diff([]string{"@f:4", "@g:9"}, got); diff != "" {
		t.Errorf("functions (-want +got):\n%s", diff)
	}
	// CHECK lines below their function (SCF/ops.mlir) follow its label.
	got = nil
	for _, u := range units([]byte("// RUN: x\nfunc.func @f() {\n}\n// CHECK-LABEL: func @f(\n// CHECK: a\n\nfunc.func @g() {\n}\n// CHECK-LABEL: @g\n")) {
		got = append(got, fmt.Sprintf("%s:%d:%q", u.name, u.line, u.text))
	}
	want := []string{
		`@f:2:"// RUN: x\nfunc.func @f() {\n}\n// CHECK-LABEL: func @f(\n// CHECK: a\n"`,
		`@g:7:"\nfunc.func @g() {\n}\n// CHECK-LABEL: @g\n"`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("CHECK lines below their functions (-want +got):\n%s", diff)
	}
	got = nil
	for _, u := range units([]byte("// RUN: x\n\nfunc.func @f() {\n}\n\n// -----\n\n\"test.op\"() : () -> ()\n")) {
		got = append(got, u.name+":"+strconv.Itoa(u.line))
	}
	if diff := cmp.Diff([]string{"@f:3", "line 8:8"}, got); diff != "" {
		t.Errorf("splits (-want +got):\n%s", diff)
	}
}
