package ir_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tirc/tirc/ir"
)

// TestRenderLongLine: a diagnostic on a line longer than 4096 bytes shows
// a window of the line around the column, cut ends marked "...", with the
// caret under the same character; shorter lines are shown whole (issue 19
// item 7: a 50 MB line echoed 100 MB of stderr).
func TestRenderLongLine(t *testing.T) {
	long := func(n int) string { return strings.Repeat("a", n) }
	tests := []struct {
		name  string
		line  string
		col   int
		want  string // the echoed line
		caret string // the text from the caret on, in want
	}{
		{"short line whole", long(4096), 4000, long(4096), "a"},
		{"start", "X" + long(1<<20), 1, "X" + long(159) + "...", "X"},
		{"middle", long(500000) + "XYZ" + long(500000), 500001, "..." + long(80) + "XYZ" + long(77) + "...", "XYZ"},
		{"end", long(1<<20) + "XYZ", 1<<20 + 1, "..." + long(157) + "XYZ", "XYZ"},
		{"past the end", long(5000), 5001, "..." + long(160), ""},
		{"multi-byte at the cuts", strings.Repeat("é", 5000) + "X" + strings.Repeat("é", 5000), 10001, "..." + strings.Repeat("é", 40) + "X" + strings.Repeat("é", 39) + "...", "X"},
	}
	for _, tt := range tests {
		src := ir.NewSource("long.mlir", []byte("first line\n"+tt.line+"\nlast line\n"))
		var sb strings.Builder
		ir.Errorf(ir.Pos{File: src, Line: 2, Col: int32(tt.col)}, "boom").Render(&sb)
		lines := strings.Split(sb.String(), "\n")
		if len(lines) != 4 || lines[0] != "long.mlir:2:"+strconv.Itoa(tt.col)+": error: boom" {
			t.Errorf("%s: rendered %d lines, first %.80q", tt.name, len(lines), lines[0])
			continue
		}
		if diff := cmp.Diff(tt.want, lines[1]); diff != "" {
			t.Errorf("%s: echoed line (-want +got):\n%s", tt.name, diff)
		}
		// The caret line is blanks then '^': its width in characters
		// is the caret's character column in the echoed line.
		pad := strings.TrimSuffix(lines[2], "^")
		if strings.Trim(pad, " ") != "" || !strings.HasSuffix(lines[2], "^") {
			t.Errorf("%s: caret line %q", tt.name, lines[2])
			continue
		}
		runes := []rune(lines[1])
		if len(pad) > len(runes) {
			t.Errorf("%s: caret at character %d beyond the echoed line (%d characters)", tt.name, len(pad), len(runes))
			continue
		}
		if got := string(runes[len(pad):]); !strings.HasPrefix(got, tt.caret) || (tt.caret == "" && got != "") {
			t.Errorf("%s: the caret points at %.20q, want %q", tt.name, got, tt.caret)
		}
	}
}
