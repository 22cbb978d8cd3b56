package ir_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// A function large enough to be verified in parallel chunks reports the
// same diagnostics, in the same order, as small functions verified one op
// at a time: errors are placed near chunk boundaries and include uses of
// values defined later (dominance) and broadcast errors.
func TestParallelVerifyMatchesSequential(t *testing.T) {
	const n = 20000
	bad := map[int]string{}
	for _, i := range []int{1, 4095, 4096, 4097, 8191, 12000, n - 1} {
		bad[i] = "shape"
	}
	for _, i := range []int{5, 4094, 9000, 16384} {
		bad[i] = "later"
	}
	var sb strings.Builder
	sb.WriteString("func.func @big(%a: tensor<4x8xf32>, %b: tensor<8xf32>, %c: tensor<3xf32>) -> tensor<4x8xf32> {\n")
	var want []string
	for i := 0; i < n; i++ {
		prev := "%a"
		if i > 0 {
			prev = fmt.Sprintf("%%%d", i-1)
		}
		rhs, rt := "%b", "tensor<8xf32>"
		line := i + 2
		switch bad[i] {
		case "shape":
			rhs, rt = "%c", "tensor<3xf32>"
			want = append(want, fmt.Sprintf("%d: 'tir.add' op operands don't have broadcast-compatible shapes", line))
		case "later":
			prev = fmt.Sprintf("%%%d", i+1)
			want = append(want, fmt.Sprintf("%d: operand #0 does not dominate this use", line))
		}
		fmt.Fprintf(&sb, "  %%%d = \"tir.add\"(%s, %s) : (tensor<4x8xf32>, %s) -> tensor<4x8xf32>\n", i, prev, rhs, rt)
	}
	fmt.Fprintf(&sb, "  return %%%d : tensor<4x8xf32>\n}\n", n-1)
	m, perr := asm.ParseString(sb.String(), asm.ParseOptions{})
	if perr != nil {
		t.Fatal(perr)
	}
	var got []string
	for _, d := range ir.Verify(m, ir.VerifyOptions{}) {
		got = append(got, fmt.Sprintf("%d: %s", d.Pos.Line, d.Msg))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("diagnostics (-want +got):\n%s", diff)
	}
}
