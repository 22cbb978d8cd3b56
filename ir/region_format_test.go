package ir_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
	"github.com/tirc/tirc/traits"
)

// A custom form with a region whose entry block argument is named before
// it and whose terminator is implicit (as scf.for's `(%i = ...) { ... }`):
// `regtest.loop(%i: T) { ops }`.
func init() {
	ir.MustRegister(&ir.OpDef{Name: "regtest.yield", Traits: []*ir.Trait{traits.Terminator}},
		&ir.OpDef{
			Name: "regtest.loop", Regions: 1,
			Traits: []*ir.Trait{traits.SingleBlockImplicitTerminator("regtest.yield")},
			Format: &ir.Format{
				Parse: func(p ir.OpParser) *ir.Op {
					if !p.Parse("(", "expected '('") {
						return nil
					}
					arg, ok := p.ParseArgument(true)
					if !ok || !p.Parse(")", "expected ')'") {
						return nil
					}
					r := p.ParseRegion([]ir.Argument{arg})
					if r == nil {
						return nil
					}
					ir.EnsureTerminator(r, "regtest.yield", p.OpPos())
					return p.Build(nil, nil)
				},
				Print: func(p ir.OpPrinter, op *ir.Op) bool {
					b := op.Region(0).Front()
					if b == nil || len(b.Args()) != 1 {
						return false
					}
					p.Str("(")
					p.Argument(b.Arg(0))
					p.Str(") ")
					p.Region(op.Region(0), false, false)
					return true
				},
			},
		})
}

func TestCustomRegionForm(t *testing.T) {
	src := `func.func @f(%x: i32) {
  regtest.loop(%i: i32) {
    %0 = arith.addi %i, %x : i32
    regtest.loop(%j: i32) {
    }
  }
  return
}`
	for _, tc := range []struct {
		generic bool
		want    string
	}{
		{false, `module {
  func.func @f(%arg0: i32) {
    regtest.loop(%arg1: i32) {
      %0 = arith.addi %arg1, %arg0 : i32
      regtest.loop(%arg2: i32) {
      }
    }
    return
  }
}

`},
		{true, `"builtin.module"() ({
  "func.func"() <{function_type = (i32) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    "regtest.loop"() ({
    ^bb0(%arg1: i32):
      %0 = "arith.addi"(%arg1, %arg0) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "regtest.loop"() ({
      ^bb0(%arg2: i32):
        "regtest.yield"() : () -> ()
      }) : () -> ()
      "regtest.yield"() : () -> ()
    }) : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

`},
	} {
		got := printRegions(t, src, tc.generic)
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("generic=%v (-want +got):\n%s", tc.generic, diff)
		}
		if again := printRegions(t, got, tc.generic); again != got {
			t.Errorf("generic=%v: reprinting differs:\n%s", tc.generic, cmp.Diff(got, again))
		}
	}
	_, d := asm.ParseString(strings.Replace(src, "{\n    %0", "{\n  ^bb0:\n    %0", 1), asm.ParseOptions{})
	if d == nil || d.Msg != "invalid block name in region with named arguments" {
		t.Errorf("a label on an entry block with named arguments: got %v", d)
	}
}

func init() {
	ir.MustRegister(&ir.OpDef{
		Name: "regtest.iso", Regions: 1,
		Traits: []*ir.Trait{traits.IsolatedFromAbove, traits.SingleBlock, traits.NoTerminator},
		Format: &ir.Format{
			Parse: func(p ir.OpParser) *ir.Op {
				if p.ParseIsolatedRegion(nil) == nil {
					return nil
				}
				return p.Build(nil, nil)
			},
			Print: func(p ir.OpPrinter, op *ir.Op) bool {
				p.Str(" ")
				p.Region(op.Region(0), true, true)
				return true
			},
		},
	})
}

// ParseIsolatedRegion starts a fresh name scope: outer names are
// undeclared inside, and may be defined again there.
func TestIsolatedRegionScope(t *testing.T) {
	_, d := asm.ParseString(`func.func @f(%x: i32) {
  regtest.iso {
    %0 = arith.addi %x, %x : i32
  }
  return
}`, asm.ParseOptions{})
	if d == nil || d.Msg != "use of undeclared SSA value name" || d.Pos.Line != 3 {
		t.Errorf("outer name inside: got %v, want an undeclared name at line 3", d)
	}
	m, d := asm.ParseString(`func.func @f(%x: i32) {
  regtest.iso {
    %x = arith.constant 1 : i32
  }
  %y = arith.addi %x, %x : i32
  return
}`, asm.ParseOptions{})
	if d != nil {
		t.Fatalf("redefining an outer name inside: %v", d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
		t.Fatal(ds)
	}
	if err := ir.Check(m); err != nil {
		t.Fatal(err)
	}
}
