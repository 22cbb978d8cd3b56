package eval

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/tirc/tirc/ir"
)

// What the tests against NumPy share: the interpreter, the Python that
// prints a result exactly, the data written as NumPy literals, and the
// comparison of eval's tensor with what NumPy printed.

// npDtype names NumPy's dtype of each element type the tests use.
var npDtype = map[*ir.Scalar]string{
	ir.I1: "bool_", ir.I8: "int8", ir.I16: "int16", ir.I32: "int32", ir.I64: "int64",
	ir.UI8: "uint8", ir.UI16: "uint16", ir.UI32: "uint32", ir.UI64: "uint64",
	ir.F16: "float16", ir.F32: "float32", ir.F64: "float64",
}

// numpyPrelude defines show(r), an array printed as "shape|v|v|..." with
// floats in hex (exact), and run(f): show(f()), or "error" where NumPy
// raises ValueError.
const numpyPrelude = `import math, numpy as np
np.seterr(all="ignore")
def show(r):
    r = np.asarray(r)
    if r.dtype.kind == "f":
        vals = [float(v).hex() for v in r.ravel()]
    else:
        vals = [str(int(v)) for v in r.ravel()]
    return "|".join([",".join(str(d) for d in r.shape)] + vals)
def run(f):
    try:
        return show(f())
    except ValueError:
        return "error"
`

// pyArray writes x as a NumPy expression holding exactly its elements.
func pyArray(x *Tensor) string {
	vals := make([]string, x.Len())
	for i := range vals {
		if x.Elem.IsFloat() {
			vals[i] = fmt.Sprintf("float.fromhex(%q)", strconv.FormatFloat(x.Floats[i], 'x', -1, 64))
		} else {
			vals[i] = strconv.FormatInt(x.Ints[i], 10)
		}
	}
	return fmt.Sprintf("np.array([%s], dtype=np.%s).reshape(%s)", strings.Join(vals, ","), npDtype[x.Elem], pyTuple(x.Shape))
}

func pyTuple(xs []int64) string {
	s := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(xs)), ","), "[]")
	if len(xs) == 1 {
		s += ","
	}
	return "(" + s + ")"
}

// mismatch compares got with what show printed; floatOK says when two
// float elements agree (nil: the same bits, or both NaN). It returns ""
// or what differs.
func mismatch(got *Tensor, shown string, floatOK func(g, w float64) bool) string {
	fields := strings.Split(shown, "|")
	if shape := strings.Trim(strings.Join(strings.Fields(fmt.Sprint(got.Shape)), ","), "[]"); shape != fields[0] {
		return fmt.Sprintf("shape: eval (%s), NumPy (%s)", shape, fields[0])
	}
	fields = fields[1:]
	if len(fields) != got.Len() {
		return fmt.Sprintf("NumPy has %d elements, eval %d", len(fields), got.Len())
	}
	if floatOK == nil {
		floatOK = func(g, w float64) bool {
			return math.Float64bits(g) == math.Float64bits(w) || (math.IsNaN(g) && math.IsNaN(w))
		}
	}
	for k, w := range fields {
		if got.Elem.IsFloat() {
			wv, _ := strconv.ParseFloat(w, 64)
			if gv := got.Floats[k]; !floatOK(gv, wv) {
				return fmt.Sprintf("element %d: eval %v, NumPy %v", k, gv, wv)
			}
			continue
		}
		wv, err := strconv.ParseInt(w, 10, 64)
		if uv, uerr := strconv.ParseUint(w, 10, 64); err != nil && uerr == nil {
			wv = int64(uv) // a uint64 beyond int64
		}
		if got.Ints[k] != ir.WrapInt(wv, got.Elem) {
			return fmt.Sprintf("element %d: eval %d, NumPy %d", k, got.Ints[k], wv)
		}
	}
	return ""
}

// numpyPython returns the Python that imports NumPy; the test is skipped
// without it (a failure under CI=true).
func numpyPython(t *testing.T) string {
	t.Helper()
	python := "/usr/bin/python3"
	if err := exec.Command(python, "-c", "import numpy").Run(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("python3-numpy is not importable by %s (run `make deps`)", python)
		}
		t.Skipf("numpy not importable by %s: skipped", python)
	}
	return python
}

// runPython runs script and returns the n lines it prints.
func runPython(t *testing.T, python, script string, n int) []string {
	t.Helper()
	cmd := exec.Command(python, "-")
	cmd.Stdin = strings.NewReader(script)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v\n%s", err, stderr.String())
	}
	lines := strings.Split(strings.TrimSuffix(string(outb), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("python printed %d lines for %d cases", len(lines), n)
	}
	return lines
}
