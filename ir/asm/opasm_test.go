package asm_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// A dialect defined outside ir with a syntax of its own: `swap.pair %a,
// %b by "why" : T` (a string after the keyword `by`, stored as the
// attribute `reason`, then the attr-dict and one type for all). Nothing in
// ir knows it: the form is written with OpParser and OpPrinter only.
var swapPairForm = &ir.Format{
	Name: `%a, %b by "reason" : T`,
	Parse: func(p ir.OpParser) *ir.Op {
		p.ParseOperands()
		if !p.ParseOptionalKeyword("by") {
			p.Errorf("expected 'by' after the operands of '{op}'")
			return nil
		}
		why, ok := p.ParseKeywordOrString()
		if !ok {
			p.Errorf("expected the reason")
			return nil
		}
		p.SetAttr("reason", ir.StringAttr(why))
		p.ParseOptionalAttrDict()
		t := p.ParseColonType("the type of '{op}'")
		if t == nil {
			return nil
		}
		return p.Build(p.SameTypes(t, p.NumOperands()), []ir.Type{t, t})
	},
	Print: func(p ir.OpPrinter, op *ir.Op) bool {
		why, ok := op.Attr("reason").(ir.StringAttr)
		if !ok || op.NumResults() != 2 {
			return false
		}
		p.Str(" ")
		p.Operands(op.Operands())
		p.Str(" by ")
		p.Attr(why)
		p.OptionalAttrDict(op.Attrs, "reason")
		p.Str(" : ")
		p.Type(op.Result(0).Type())
		return true
	},
}

func init() {
	ir.MustRegister(&ir.OpDef{Name: "swap.pair", Summary: "(b, a)", Format: swapPairForm})
}

func TestOpOwnsItsSyntax(t *testing.T) {
	tests := []struct {
		name, src, want, wantGeneric, wantErr string
	}{{
		name: "custom form in, custom form out",
		src: `func.func @f(%x: i32, %y: i32) -> i32 {
  %a:2 = swap.pair %x, %y by "test" {extra = 1 : i32} : i32
  return %a#1 : i32
}`,
		want:        `%0:2 = swap.pair %arg0, %arg1 by "test" {extra = 1 : i32} : i32`,
		wantGeneric: `%0:2 = "swap.pair"(%arg0, %arg1) {extra = 1 : i32, reason = "test"} : (i32, i32) -> (i32, i32)`,
	}, {
		name: "generic form in, custom form out",
		src: `func.func @f(%x: i32, %y: i32) -> i32 {
  %a:2 = "swap.pair"(%x, %y) {reason = "g"} : (i32, i32) -> (i32, i32)
  return %a#0 : i32
}`,
		want: `%0:2 = swap.pair %arg0, %arg1 by "g" : i32`,
	}, {
		name: "an op that does not fit its form prints generic",
		src: `func.func @f(%x: i32, %y: i32) -> i32 {
  %a = "swap.pair"(%x, %y) {reason = "one result"} : (i32, i32) -> i32
  return %a : i32
}`,
		want: `%0 = "swap.pair"(%arg0, %arg1) {reason = "one result"} : (i32, i32) -> i32`,
	}, {
		name:    "the form's own error, with {op} filled in",
		src:     "func.func @f(%x: i32) {\n  %a:2 = swap.pair %x, %x : i32\n  return\n}",
		wantErr: "<string>:2:27: error: expected 'by' after the operands of 'swap.pair'",
	}, {
		name:    "a shared error message",
		src:     "func.func @f(%x: i32) {\n  %a:2 = swap.pair %x by why i32\n  return\n}",
		wantErr: "<string>:2:29: error: expected ':' and the type of 'swap.pair'",
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, d := asm.ParseString(tc.src, asm.ParseOptions{})
			if tc.wantErr != "" {
				got := ""
				if d != nil {
					got = d.Pos.String() + ": error: " + d.Msg
				}
				if diff := cmp.Diff(tc.wantErr, got); diff != "" {
					t.Errorf("error (-want +got):\n%s", diff)
				}
				return
			}
			if d != nil {
				t.Fatal(d)
			}
			out := m.String()
			if diff := cmp.Diff(tc.want, bodyLine(out)); diff != "" {
				t.Errorf("custom (-want +got):\n%s", diff)
			}
			m2, d := asm.ParseString(out, asm.ParseOptions{})
			if d != nil {
				t.Fatalf("printed form does not parse: %v\n%s", d, out)
			}
			if diff := cmp.Diff(out, m2.String()); diff != "" {
				t.Errorf("print(parse(print(x))) != print(x) (-want +got):\n%s", diff)
			}
			if tc.wantGeneric != "" {
				var sb strings.Builder
				asm.Print(&sb, m, asm.PrintOptions{Generic: true})
				if diff := cmp.Diff(tc.wantGeneric, bodyLine(sb.String())); diff != "" {
					t.Errorf("generic (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// bodyLine returns the first line of a printed module that defines %0.
func bodyLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); strings.HasPrefix(l, "%0") {
			return l
		}
	}
	return ""
}
