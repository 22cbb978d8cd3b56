package asm_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// TestCheckExpectations drives -verify-diagnostics matching with
// synthetic diagnostics, so that every severity (tirc's verifier emits no
// warnings yet) is matched positively and negatively.
func TestCheckExpectations(t *testing.T) {
	type diag struct {
		line int
		sev  ir.Severity
		msg  string
		note int // line of an attached note "n", 0 = none
	}
	tests := []struct {
		name  string
		text  string
		diags []diag
		want  []string // rendered failures, "line:col: msg"
	}{
		{
			name: "every severity matched",
			text: "a // expected-error {{e1}} expected-warning {{w1}}\n" +
				"b // expected-remark@+1 {{r1}}\n" +
				"c\n" +
				"// expected-note@above {{n}}\n",
			diags: []diag{{1, ir.SevError, "xx e1 xx", 0}, {1, ir.SevWarning, "w1", 0}, {3, ir.SevRemark, "r1", 0}, {2, ir.SevWarning, "w2", 3}},
			want:  []string{"2:1: unexpected warning: w2"},
		},
		{
			name:  "severity must match",
			text:  "x // expected-warning {{m}}\n",
			diags: []diag{{1, ir.SevError, "m", 0}},
			want:  []string{"1:1: unexpected error: m", `1:6: expected warning "m" was not produced`},
		},
		{
			name: "below skips directive lines only",
			text: "// expected-error@below {{a}}\n" +
				"// expected-error@below {{b}} expected-error@below {{c}}\n" +
				"x\n" +
				"// plain comment\n" +
				"// expected-error@above {{d}}\n",
			diags: []diag{{3, ir.SevError, "a", 0}, {3, ir.SevError, "b", 0}, {3, ir.SevError, "c", 0}, {4, ir.SevError, "d", 0}},
		},
		{
			name:  "one directive per diagnostic",
			text:  "x // expected-error {{same}}\n",
			diags: []diag{{1, ir.SevError, "same", 0}, {1, ir.SevError, "same", 0}},
			want:  []string{"1:1: unexpected error: same"},
		},
		{
			name:  "regex",
			text:  "x // expected-error-re {{op {{[0-9]+}} bad}}\n",
			diags: []diag{{1, ir.SevError, "op 42 bad", 0}},
		},
		{
			name:  "offsets",
			text:  "x\n// expected-error@-1 {{up}} expected-error@+2 {{down}}\n\ny\n",
			diags: []diag{{1, ir.SevError, "up", 0}, {4, ir.SevError, "down", 0}},
		},
		{
			name: "an offset before the chunk",
			text: "// expected-error@-5 {{nowhere}}\n",
			want: []string{`1:4: expected error "nowhere" was not produced`},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := ir.NewSource("t.mlir", []byte(tt.text))
			exps, perrs := asm.ParseExpectations(src, 0, len(src.Data), 1)
			var ds ir.Diagnostics
			for _, d := range tt.diags {
				dd := &ir.Diagnostic{Pos: ir.Pos{File: src, Line: int32(d.line), Col: 1}, Severity: d.sev, Msg: d.msg}
				if d.note > 0 {
					dd.Note(ir.Pos{File: src, Line: int32(d.note), Col: 1}, "n")
				}
				ds = append(ds, dd)
			}
			var got []string
			for _, f := range append(perrs, asm.CheckExpectations(exps, ds)...) {
				got = append(got, f.Pos.String()[len("t.mlir:"):]+": "+f.Msg)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("failures (-want +got):\n%s", diff)
			}
		})
	}
}
