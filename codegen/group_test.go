package codegen

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/codegen/plan"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir/asm"
)

// TestRowGroupBounded: a chain of nests over the same rows (each value
// used by the next two ops, so the nests do not fuse) runs as row groups
// of at most plan.MaxGroupMembers members each, not as one group holding the
// whole function.
func TestRowGroupBounded(t *testing.T) {
	const n = 200
	var src strings.Builder
	src.WriteString("func.func @f(%a: tensor<?x64xf32>, %b: tensor<64xf32>) -> tensor<?x64xf32> {\n")
	prev := "%a"
	for i := 0; i < n; i++ {
		r := "%b"
		if i%3 == 2 {
			r = fmt.Sprintf("%%%d", i-2)
		}
		rt := "tensor<64xf32>"
		if r != "%b" {
			rt = "tensor<?x64xf32>"
		}
		op := []string{"tir.add", "tir.mul", "tir.sub"}[i%3]
		fmt.Fprintf(&src, "  %%%d = \"%s\"(%s, %s) : (tensor<?x64xf32>, %s) -> tensor<?x64xf32>\n", i, op, prev, r, rt)
		prev = fmt.Sprintf("%%%d", i)
	}
	fmt.Fprintf(&src, "  return %s : tensor<?x64xf32>\n}\n", prev)
	m, d := asm.ParseString(src.String(), asm.ParseOptions{})
	if d != nil {
		t.Fatal(d)
	}
	out, ds := Emit(m, DefaultOptions())
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	// The members each group's function calls (a fast and a strided
	// version per member).
	var members []int
	for _, body := range regexp.MustCompile(`(?s)define internal i64 @f\.rows\d+\(.*?\n}\n`).FindAllString(string(out), -1) {
		members = append(members, strings.Count(body, "call i64 @f.nest")/2)
	}
	if len(members) < 2 {
		t.Fatalf("%d row groups (members %v), want the chain split into several", len(members), members)
	}
	var over []int
	for _, k := range members {
		if k > plan.MaxGroupMembers {
			over = append(over, k)
		}
	}
	if diff := cmp.Diff([]int(nil), over); diff != "" {
		t.Errorf("groups with more than %d members (-want +got):\n%s\nall: %v", plan.MaxGroupMembers, diff, members)
	}
}
