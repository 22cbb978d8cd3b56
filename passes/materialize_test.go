package passes

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/eval"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

func parseVerified(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, d := asm.ParseString(src, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("parse: %v\n%s", d, src)
	}
	verifyOK(t, m, src)
	return m
}

func verifyOK(t *testing.T, m *ir.Module, what string) {
	t.Helper()
	if err := ir.Check(m); err != nil {
		t.Fatalf("%v\n%s", err, what)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); ds.HasErrors() {
		var sb strings.Builder
		ds.Render(&sb)
		t.Fatalf("verify:\n%s\n%s", sb.String(), what)
	}
}

func materializeModule(m *ir.Module) (changed bool) {
	for _, f := range m.Funcs {
		if f.External {
			continue
		}
		c, _ := MaterializeBroadcasts(f)
		changed = changed || c
	}
	return changed
}

// TestMaterializePrinted checks the rewritten IR text.
func TestMaterializePrinted(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{
			name: "implicit rank expansion and degenerate dims",
			src: `func.func @f(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<2x1xf32>) -> tensor<2x3xf32> {
  %0 = "tir.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tir.mul"(%0, %c) : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  %2 = "tir.sub"(%1, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return %2 : tensor<2x3xf32>
}`,
			want: `module {
  func.func @f(%arg0: tensor<2x3xf32>, %arg1: tensor<3xf32>, %arg2: tensor<2x1xf32>) -> tensor<2x3xf32> {
    %0 = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<3xf32>) -> tensor<2x3xf32>
    %1 = tir.add %arg0, %0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = tir.broadcast_in_dim %arg2 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<2x1xf32>) -> tensor<2x3xf32>
    %3 = tir.mul %1, %2 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = tir.sub %3, %0 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    return %4 : tensor<2x3xf32>
  }
}
`,
		},
		{
			name: "InDim composition",
			src: `func.func @f(%v: tensor<4xi32>, %m: tensor<1x2xi32>) -> tensor<4x2xi32> {
  %r = "tir.add"(%v, %m) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  return %r : tensor<4x2xi32>
}`,
			want: `module {
  func.func @f(%arg0: tensor<4xi32>, %arg1: tensor<1x2xi32>) -> tensor<4x2xi32> {
    %0 = tir.broadcast_in_dim %arg0 {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>) -> tensor<4x2xi32>
    %1 = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 0, 1>} : (tensor<1x2xi32>) -> tensor<4x2xi32>
    %2 = tir.add %0, %1 : (tensor<4x2xi32>, tensor<4x2xi32>) -> tensor<4x2xi32>
    return %2 : tensor<4x2xi32>
  }
}
`,
		},
		{
			name: "same-rank InDim drops the attribute only",
			src: `func.func @f(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi1> {
  %r = "tir.cmp"(%a, %b) {broadcast_dimensions = array<i64: 0>, predicate = "lt"} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  return %r : tensor<3xi1>
}`,
			want: `module {
  func.func @f(%arg0: tensor<3xi32>, %arg1: tensor<3xi32>) -> tensor<3xi1> {
    %0 = tir.cmp %arg0, %arg1 {predicate = "lt"} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    return %0 : tensor<3xi1>
  }
}
`,
		},
		{
			name: "dynamic dims: static ones broadcast, unknown ones stay degenerate",
			src: `func.func @f(%a: tensor<?x4xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>, %d: tensor<?x1xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>) {
  %0 = "tir.add"(%a, %b) : (tensor<?x4xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %1 = "tir.max"(%a, %c) : (tensor<?x4xf32>, tensor<?xf32>) -> tensor<?x4xf32>
  %2 = "tir.mul"(%c, %d) : (tensor<?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
  return %0, %1, %2 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>
}`,
			want: `module {
  func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?xf32>, %arg3: tensor<?x1xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>) {
    %0 = tir.broadcast_in_dim %arg1 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>) -> tensor<1x4xf32>
    %1 = tir.add %arg0, %0 : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    %2 = tir.broadcast_in_dim %arg2 {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>) -> tensor<1x4xf32>
    %3 = tir.max %arg0, %2 : (tensor<?x4xf32>, tensor<1x4xf32>) -> tensor<?x4xf32>
    %4 = tir.broadcast_in_dim %arg2 {broadcast_dimensions = array<i64: 1>} : (tensor<?xf32>) -> tensor<1x?xf32>
    %5 = tir.mul %4, %arg3 : (tensor<1x?xf32>, tensor<?x1xf32>) -> tensor<?x?xf32>
    return %1, %3, %5 : tensor<?x4xf32>, tensor<?x4xf32>, tensor<?x?xf32>
  }
}
`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := parseVerified(t, tc.src)
			if !materializeModule(m) {
				t.Fatal("changed = false, want true")
			}
			got := m.String()
			verifyOK(t, m, got)
			if diff := cmp.Diff(strings.TrimSpace(tc.want), strings.TrimSpace(got)); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
			if materializeModule(m) {
				t.Errorf("second run changed:\n%s", m.String())
			}
			if diff := cmp.Diff(got, m.String()); diff != "" {
				t.Errorf("second run (-first +second)\n%s", diff)
			}
		})
	}
}

// TestMaterializeNothingToDo: already explicit or unranked programs stay.
func TestMaterializeNothingToDo(t *testing.T) {
	src := `func.func @f(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>, %u: tensor<*xf32>) -> (tensor<2x3xf32>, tensor<*xf32>, tensor<2x3xf32>) {
  %0 = "tir.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "tir.add"(%a, %u) : (tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xf32>
  %2 = "tir.exp"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<*xf32>, tensor<2x3xf32>
}`
	m := parseVerified(t, src)
	before := m.String()
	if materializeModule(m) {
		t.Error("changed = true, want false")
	}
	if diff := cmp.Diff(before, m.String()); diff != "" {
		t.Errorf("(-before +after)\n%s", diff)
	}
}

// seedPrograms are the XLA seed examples with their inputs.
var seedPrograms = []struct {
	src  string
	args func() []*eval.Tensor
}{
	{
		src: `func.func @f(%x: tensor<2x3xi32>, %v: tensor<3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %r = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %s = "tir.add"(%x, %v) : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  return %r, %s : tensor<2x3xi32>, tensor<2x3xi32>
}`,
		args: func() []*eval.Tensor {
			return []*eval.Tensor{eval.Ints(ir.I32, []int64{2, 3}, 1, 2, 3, 4, 5, 6), eval.Ints(ir.I32, []int64{3}, 7, 8, 9)}
		},
	},
	{
		src: `func.func @f(%x: tensor<3x3xi32>, %v: tensor<3xi32>) -> (tensor<3x3xi32>, tensor<3x3xi32>) {
  %r = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 1>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  %c = "tir.add"(%x, %v) {broadcast_dimensions = array<i64: 0>} : (tensor<3x3xi32>, tensor<3xi32>) -> tensor<3x3xi32>
  return %r, %c : tensor<3x3xi32>, tensor<3x3xi32>
}`,
		args: func() []*eval.Tensor {
			return []*eval.Tensor{eval.New(ir.I32, 3, 3), eval.Ints(ir.I32, []int64{3}, 7, 8, 9)}
		},
	},
	{
		src: `func.func @f(%v: tensor<4xi32>, %m: tensor<1x2xi32>) -> tensor<4x2xi32> {
  %r = "tir.add"(%v, %m) {broadcast_dimensions = array<i64: 0>} : (tensor<4xi32>, tensor<1x2xi32>) -> tensor<4x2xi32>
  return %r : tensor<4x2xi32>
}`,
		args: func() []*eval.Tensor {
			return []*eval.Tensor{eval.Ints(ir.I32, []int64{4}, 1, 2, 3, 4), eval.Ints(ir.I32, []int64{1, 2}, 5, 6)}
		},
	},
	{
		src: `func.func @f(%m: tensor<1x2xi32>, %x: tensor<4x3x1xi32>, %a: tensor<2x1xi32>, %b: tensor<1x3xi32>) -> (tensor<4x3x2xi32>, tensor<2x3xi32>) {
  %r = "tir.add"(%m, %x) {broadcast_dimensions = array<i64: 1, 2>} : (tensor<1x2xi32>, tensor<4x3x1xi32>) -> tensor<4x3x2xi32>
  %o = "tir.mul"(%a, %b) : (tensor<2x1xi32>, tensor<1x3xi32>) -> tensor<2x3xi32>
  return %r, %o : tensor<4x3x2xi32>, tensor<2x3xi32>
}`,
		args: func() []*eval.Tensor {
			return []*eval.Tensor{
				eval.Ints(ir.I32, []int64{1, 2}, 100, 200),
				eval.Ints(ir.I32, []int64{4, 3, 1}, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11),
				eval.Ints(ir.I32, []int64{2, 1}, 2, 3),
				eval.Ints(ir.I32, []int64{1, 3}, 5, 7, 11),
			}
		},
	},
}

// evalString evaluates @f and prints its results (or the error).
func evalString(m *ir.Module, args []*eval.Tensor) string {
	out, err := eval.Func(m.Lookup("f"), args)
	if err != nil {
		return "error: " + err.Error()
	}
	parts := make([]string, len(out))
	for i, r := range out {
		parts[i] = ir.TypeString(r.Type()) + " " + r.String()
	}
	return strings.Join(parts, "; ")
}

// TestMaterializeSameNumbersSeeds: the seed examples compute the same
// numbers before and after the pass.
func TestMaterializeSameNumbersSeeds(t *testing.T) {
	for i, p := range seedPrograms {
		m := parseVerified(t, p.src)
		before := evalString(m, p.args())
		if strings.HasPrefix(before, "error") {
			t.Fatalf("seed %d: %s", i, before)
		}
		materializeModule(m)
		verifyOK(t, m, m.String())
		if diff := cmp.Diff(before, evalString(m, p.args())); diff != "" {
			t.Errorf("seed %d (-before +after)\n%s\n%s", i, diff, m.String())
		}
	}
}

// TestMaterializeSameNumbersRandom generates random broadcasting programs
// (implicit and InDim, static and with '?' dims, chained ops), and checks
// that eval gives identical numbers — or the same run-time error — before
// and after the pass, that the output verifies, and that a second run
// changes nothing.
func TestMaterializeSameNumbersRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for trial := range 300 {
		src, args := randomProgram(rng)
		m := parseVerified(t, src)
		before := evalString(m, args)
		if !materializeModule(m) && strings.Contains(src, "broadcast_dimensions") {
			t.Errorf("trial %d: nothing changed in\n%s", trial, src)
		}
		text := m.String()
		verifyOK(t, m, text)
		if diff := cmp.Diff(before, evalString(m, args)); diff != "" {
			t.Fatalf("trial %d (-before +after)\n%s\nbefore:\n%s\nafter:\n%s", trial, diff, src, text)
		}
		if materializeModule(m) || m.String() != text {
			t.Fatalf("trial %d: second run changed\n%s", trial, text)
		}
	}
}

// randomProgram returns a function @f of 1-4 broadcasting ops over
// operands broadcastable to one result shape, and argument values.
func randomProgram(rng *rand.Rand) (string, []*eval.Tensor) {
	rank := rng.Intn(4)
	result := make([]int64, rank)
	for d := range result {
		result[d] = 1 + rng.Int63n(3)
	}
	dynamic := rng.Intn(2) == 0
	typ := func(shape []int64, elem string) string {
		var sb strings.Builder
		sb.WriteString("tensor<")
		for _, d := range shape {
			if dynamic && rng.Intn(3) == 0 {
				sb.WriteString("?x")
			} else {
				fmt.Fprintf(&sb, "%dx", d)
			}
		}
		return sb.String() + elem + ">"
	}
	var params, body, rets, retTypes []string
	var args []*eval.Tensor
	newArg := func(shape []int64, elem *ir.Scalar) (name, t string) {
		name = fmt.Sprintf("%%a%d", len(params))
		t = typ(shape, elem.String())
		params = append(params, name+": "+t)
		n := int64(1)
		for _, d := range shape {
			n *= d
		}
		vals := make([]int64, n)
		for i := range vals {
			if elem == ir.I1 {
				vals[i] = rng.Int63n(2)
			} else {
				vals[i] = rng.Int63n(19) - 9
			}
		}
		args = append(args, eval.Ints(elem, shape, vals...))
		return name, t
	}
	// operandShape: a suffix of the result shape (implicit) with some
	// sizes made 1.
	implicitShape := func() []int64 {
		k := rng.Intn(rank + 1)
		s := append([]int64{}, result[rank-k:]...)
		for i := range s {
			if rng.Intn(3) == 0 {
				s[i] = 1
			}
		}
		return s
	}
	var prev, prevType string
	for n := 1 + rng.Intn(4); n > 0; n-- {
		name := fmt.Sprintf("%%r%d", len(body))
		resType := typ(result, "i32")
		switch kind := rng.Intn(4); kind {
		case 0, 1: // implicit binary op, maybe chained on the previous result
			ops := []string{"tir.add", "tir.sub", "tir.mul", "tir.max", "tir.min"}
			op := ops[rng.Intn(len(ops))]
			as := implicitShape()
			a, at := newArg(as, ir.I32)
			if prev != "" && rng.Intn(2) == 0 {
				a, at, as = prev, prevType, result
			}
			bs := implicitShape()
			b, bt := newArg(bs, ir.I32)
			if rng.Intn(2) == 0 {
				a, at, b, bt = b, bt, a, at
			}
			// The full-rank operand makes the result rank certain.
			full, ft := newArg(result, ir.I32)
			tmp, tmpType := name+"t", typ(numpyShape(as, bs), "i32")
			body = append(body, fmt.Sprintf("%s = \"%s\"(%s, %s) : (%s, %s) -> %s", tmp, op, a, b, at, bt, tmpType))
			body = append(body, fmt.Sprintf("%s = \"tir.add\"(%s, %s) : (%s, %s) -> %s", name, tmp, full, tmpType, ft, resType))
		case 2: // select with three broadcast operands and a full-rank one
			c, ct := newArg(implicitShape(), ir.I1)
			a, at := newArg(implicitShape(), ir.I32)
			b, bt := newArg(result, ir.I32)
			body = append(body, fmt.Sprintf("%s = \"tir.select\"(%s, %s, %s) : (%s, %s, %s) -> %s", name, c, a, b, ct, at, bt, resType))
		case 3: // InDim: high operand of full rank, low operand mapped by dims
			high := append([]int64{}, result...)
			for i := range high {
				if rng.Intn(3) == 0 {
					high[i] = 1
				}
			}
			var dims, low []int64
			for d := range rank {
				if rng.Intn(2) == 0 {
					dims = append(dims, int64(d))
					if rng.Intn(3) == 0 || high[d] == 1 {
						low = append(low, result[d]) // covers a 1 in high
					} else {
						low = append(low, 1)
					}
				}
			}
			// Every result dim must be reached by one operand's size.
			for i, d := range dims {
				if high[d] == 1 {
					low[i] = result[d]
				}
			}
			for d := range rank {
				if high[d] == 1 && !containsDim(dims, int64(d)) {
					high[d] = result[d]
				}
			}
			h, ht := newArg(high, ir.I32)
			l, lt := newArg(low, ir.I32)
			attr := ir.I64Array(dims...).String()
			if len(low) == len(high) && rng.Intn(2) == 0 {
				attr = "array<i64>"
			}
			if rng.Intn(2) == 0 {
				body = append(body, fmt.Sprintf("%s = \"tir.sub\"(%s, %s) {broadcast_dimensions = %s} : (%s, %s) -> %s", name, h, l, attr, ht, lt, resType))
			} else {
				body = append(body, fmt.Sprintf("%s = \"tir.sub\"(%s, %s) {broadcast_dimensions = %s} : (%s, %s) -> %s", name, l, h, attr, lt, ht, resType))
			}
		}
		prev, prevType = name, resType
		rets = append(rets, name)
		retTypes = append(retTypes, resType)
	}
	src := fmt.Sprintf("func.func @f(%s) -> (%s) {\n  %s\n  return %s : %s\n}\n",
		strings.Join(params, ", "), strings.Join(retTypes, ", "), strings.Join(body, "\n  "),
		strings.Join(rets, ", "), strings.Join(retTypes, ", "))
	return src, args
}

// numpyShape is the NumPy broadcast of two compatible static shapes.
func numpyShape(a, b []int64) []int64 {
	if len(a) < len(b) {
		a, b = b, a
	}
	out := append([]int64{}, a...)
	for i := range b {
		j := len(a) - len(b) + i
		if out[j] == 1 {
			out[j] = b[i]
		}
	}
	return out
}

func containsDim(dims []int64, d int64) bool {
	for _, x := range dims {
		if x == d {
			return true
		}
	}
	return false
}
