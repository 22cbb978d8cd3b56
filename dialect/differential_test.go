package dialect_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/traits"
)

// The differential test checks test.broadcastable against mlir-opt-19:
// random cases, one -split-input-file chunk each, all run through ONE
// mlir-opt-19 process; tirc's verdict and message must equal mlir-opt-19's
// except where SPEC section 4 documents that tirc follows the written spec
// (each such disagreement is classified as a named point; anything else
// fails the test).

// diffCases is how many random cases the test generates (≥ 1000).
const diffCases = 1500

// bcType is an operand or result type of a generated case.
type bcType struct {
	vector   bool
	unranked bool
	dims     []int64
	elem     string
}

func (t bcType) String() string {
	if t.unranked {
		return "tensor<*x" + t.elem + ">"
	}
	var sb strings.Builder
	if t.vector {
		sb.WriteString("vector<")
	} else {
		sb.WriteString("tensor<")
	}
	for _, d := range t.dims {
		if d < 0 {
			sb.WriteString("?x")
		} else {
			sb.WriteString(strconv.FormatInt(d, 10) + "x")
		}
	}
	sb.WriteString(t.elem + ">")
	return sb.String()
}

type bcCase struct {
	operands []bcType
	result   bcType
}

func (c bcCase) signature() string {
	var ops []string
	for _, t := range c.operands {
		ops = append(ops, t.String())
	}
	return "(" + strings.Join(ops, ", ") + ") -> " + c.result.String()
}

// source is the case as one function (no trailing newline handling needed
// by either tool).
func (c bcCase) source(i int) string {
	var args, vals, types []string
	for j, t := range c.operands {
		args = append(args, fmt.Sprintf("%%a%d: %s", j, t))
		vals = append(vals, fmt.Sprintf("%%a%d", j))
		types = append(types, t.String())
	}
	r := c.result.String()
	return fmt.Sprintf("func.func @case%d(%s) -> %s {\n  %%r = \"test.broadcastable\"(%s) : (%s) -> %s\n  return %%r : %s\n}\n",
		i, strings.Join(args, ", "), r, strings.Join(vals, ", "), strings.Join(types, ", "), r, r)
}

var diffDims = []int64{ir.Dynamic, 0, 1, 2, 3, 4, 5}
var diffElems = []string{"i1", "i32", "i64", "f32"}

// genCases generates n cases deterministically. Half are fully random;
// half derive their operands and result from one base shape, so that
// many cases are valid or fail only in the result check.
func genCases(n int) []bcCase {
	rng := rand.New(rand.NewPCG(1, 94))
	randDims := func(rank int) []int64 {
		d := make([]int64, rank)
		for i := range d {
			d[i] = diffDims[rng.IntN(len(diffDims))]
		}
		return d
	}
	elem := func() string { return diffElems[rng.IntN(len(diffElems))] }
	cases := make([]bcCase, n)
	for i := range cases {
		var c bcCase
		nOps := 1 + rng.IntN(4)
		if rng.IntN(100) < 2 {
			nOps = 0 // SPEC section 4, point 1
		}
		derived := rng.IntN(2) == 0
		base := randDims(rng.IntN(5))
		for j := 0; j < nOps; j++ {
			t := bcType{elem: elem()}
			switch {
			case rng.IntN(100) < 12:
				t.unranked = true
			case rng.IntN(100) < 3:
				t.vector = true
				t.dims = make([]int64, 1+rng.IntN(2))
				for k := range t.dims {
					t.dims[k] = 1 + rng.Int64N(5)
				}
			case derived:
				// A suffix of base, some dims turned into 1 or '?'.
				t.dims = append([]int64{}, base[rng.IntN(len(base)+1):]...)
				for k := range t.dims {
					switch r := rng.IntN(100); {
					case r < 25:
						t.dims[k] = 1
					case r < 40:
						t.dims[k] = ir.Dynamic
					}
				}
			default:
				t.dims = randDims(rng.IntN(5))
			}
			c.operands = append(c.operands, t)
		}
		c.result = bcType{elem: elem()}
		switch {
		case rng.IntN(100) < 12:
			c.result.unranked = true
		case derived:
			c.result.dims = append([]int64{}, base...)
			if rng.IntN(100) < 10 {
				c.result.dims = append(randDims(1+rng.IntN(2)), c.result.dims...)
			}
			if rng.IntN(100) < 10 && len(c.result.dims) > 0 {
				c.result.dims = c.result.dims[1:]
			}
			for k := range c.result.dims {
				switch r := rng.IntN(100); {
				case r < 20:
					c.result.dims[k] = ir.Dynamic
				case r < 25:
					c.result.dims[k] = diffDims[rng.IntN(len(diffDims))]
				}
			}
		default:
			c.result.dims = randDims(rng.IntN(5))
		}
		cases[i] = c
	}
	return cases
}

// tircVerdict verifies one case with tirc: "" when valid, else the first
// error message. tirc reports every error; a case has one op, so at most one.
func tircVerdict(t *testing.T, c bcCase, i int) string {
	t.Helper()
	src := c.source(i)
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("case %d %s: tirc cannot parse it: %v", i, c.signature(), d)
	}
	ds := ir.Verify(m, ir.VerifyOptions{})
	if len(ds) > 1 {
		t.Errorf("case %d %s: %d errors for one op: %v", i, c.signature(), len(ds), ds)
	}
	if len(ds) == 0 {
		return ""
	}
	return ds[0].Msg
}

// mlirVerdicts runs all cases through one mlir-opt-19 process and returns
// each case's verdict ("" or the first error message).
func mlirVerdicts(t *testing.T, exe string, cases []bcCase) []string {
	srcs := make([]string, len(cases))
	for i, c := range cases {
		srcs[i] = c.source(i)
	}
	return mlirVerdictsOf(t, exe, srcs)
}

// mlirVerdictsOf runs sources (one function each, ending in a newline)
// through one mlir-opt-19 process and returns each one's verdict.
func mlirVerdictsOf(t *testing.T, exe string, srcs []string) []string {
	t.Helper()
	var src bytes.Buffer
	chunkOf := map[int]int{1: 0} // "within split at FILE:<line>" -> case
	line := 1
	for i, s := range srcs {
		if i > 0 {
			src.WriteString("// -----\n")
			chunkOf[line] = i
			line++
		}
		src.WriteString(s)
		line += strings.Count(s, "\n")
	}
	path := filepath.Join(t.TempDir(), "cases.mlir")
	if err := os.WriteFile(path, src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-split-input-file", "-o", os.DevNull, path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
		t.Fatalf("mlir-opt-19: %v\n%s", err, stderr.String())
	}
	verdicts := make([]string, len(srcs))
	re := regexp.MustCompile(`^within split at .*:(\d+) offset :\d+:\d+: error: (.*)$`)
	for _, l := range strings.Split(stderr.String(), "\n") {
		mm := re.FindStringSubmatch(l)
		if mm == nil {
			continue
		}
		n, _ := strconv.Atoi(mm[1])
		i, ok := chunkOf[n]
		if !ok {
			t.Fatalf("mlir-opt-19 error in an unknown split (line %d): %s", n, l)
		}
		if verdicts[i] == "" {
			verdicts[i] = mm[2]
		}
	}
	if err != nil && strings.Join(verdicts, "") == "" {
		t.Fatalf("mlir-opt-19 failed without a per-split error:\n%s", stderr.String())
	}
	return verdicts
}

// specPoint names the SPEC section 4 point that explains a disagreement
// between tirc (got) and mlir-opt-19 (want), or "" when none does.
func specPoint(c bcCase, got, want string) string {
	const bc = "'test.broadcastable' op "
	// Point 1: zero operands is an error; mlir-opt-19 accepts it.
	if len(c.operands) == 0 && want == "" && got == bc+"expected 1 or more operands, but found 0" {
		return "point 1 (zero operands)"
	}
	// Point 2: every operand ranked, so the result rank must equal the
	// inferred rank; mlir-opt-19 only checks the trailing dims.
	if want == "" && !c.result.unranked && !c.result.vector {
		var types []ir.Type
		for _, o := range c.operands {
			if o.unranked || o.vector {
				return ""
			}
			types = append(types, ir.Tensor(ir.I32, o.dims...))
		}
		inferred, ranked, ok := traits.InferResultShape(types)
		if ranked && ok && len(c.result.dims) > len(inferred) &&
			traits.ResultShapeCompatible(inferred, c.result.dims[len(c.result.dims)-len(inferred):], false) &&
			got == fmt.Sprintf("%sresult type '%s' not broadcast compatible with broadcasted operands's shapes '%s'",
				bc, ir.ShapeString(c.result.dims), ir.ShapeString(inferred)) {
			return "point 2 (result rank must equal the inferred rank)"
		}
	}
	return ""
}

func TestBroadcastableDifferential(t *testing.T) {
	cases := genCases(diffCases)
	got := make([]string, len(cases))
	valid := 0
	for i, c := range cases {
		got[i] = tircVerdict(t, c, i)
		if got[i] == "" {
			valid++
		}
	}
	t.Logf("%d cases: tirc accepts %d, rejects %d", len(cases), valid, len(cases)-valid)

	exe, err := exec.LookPath("mlir-opt-19")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("mlir-opt-19 is not installed (needed under CI=true): run `make deps`")
		}
		t.Skip("mlir-opt-19 not found: the comparison with MLIR is skipped")
	}
	want := mlirVerdicts(t, exe, cases)
	agree, points := 0, map[string]int{}
	for i, c := range cases {
		if got[i] == want[i] {
			agree++
			continue
		}
		if p := specPoint(c, got[i], want[i]); p != "" {
			points[p]++
			continue
		}
		t.Errorf("case %d %s:\n  tirc:        %q\n  mlir-opt-19: %q", i, c.signature(), got[i], want[i])
	}
	documented := 0
	for _, n := range points {
		documented += n
	}
	outside := len(cases) - documented
	t.Logf("agreement with mlir-opt-19: %d/%d cases outside the documented SPEC section 4 points (%.1f%%); %d identical overall",
		agree, outside, 100*float64(agree)/float64(max(outside, 1)), agree)
	for p, n := range points {
		t.Logf("expected difference, SPEC section 4 %s: %d cases", p, n)
	}
	kinds := map[string]int{}
	for _, w := range want {
		kinds[verdictKind(w)]++
	}
	t.Logf("mlir-opt-19 verdicts by kind: %v", kinds)
}

// verdictKind groups messages for the log: "ok", or the message up to its
// first number or quoted type.
func verdictKind(msg string) string {
	if msg == "" {
		return "ok"
	}
	msg = strings.TrimPrefix(msg, "'test.broadcastable' op ")
	if loc := regexp.MustCompile(` '|#`).FindStringIndex(msg); loc != nil {
		msg = strings.TrimSpace(msg[:loc[0]]) + " ..."
	}
	return msg
}
