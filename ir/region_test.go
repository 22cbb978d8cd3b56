package ir_test

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	_ "github.com/tirc/tirc/dialect"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// Regions parse and print as mlir-opt-19 prints them: the want files are
// mlir-opt-19 -allow-unregistered-dialect's output for testdata/regions.mlir
// (custom and generic form), which exercises block arguments, nested
// regions, sibling regions, later blocks, empty regions and blocks, and
// suggested names inside regions. The printed text parses back to itself.
func TestRegionsPrintLikeMLIR(t *testing.T) {
	src, err := os.ReadFile("testdata/regions.mlir")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		want    string
		generic bool
	}{
		{"testdata/regions.mlir-opt-19.txt", false},
		{"testdata/regions.mlir-opt-19-generic.txt", true},
	} {
		want, err := os.ReadFile(tc.want)
		if err != nil {
			t.Fatal(err)
		}
		got := printRegions(t, string(src), tc.generic)
		if diff := cmp.Diff(string(want), got); diff != "" {
			t.Errorf("%s (-mlir-opt-19 +tirc):\n%s", tc.want, diff)
		}
		if again := printRegions(t, got, tc.generic); again != got {
			t.Errorf("%s: printing the printed text again differs:\n%s", tc.want, cmp.Diff(got, again))
		}
	}
}

func printRegions(t *testing.T, text string, generic bool) string {
	t.Helper()
	m, d := asm.ParseString(text, asm.ParseOptions{AllowUnregistered: true})
	if d != nil {
		t.Fatalf("parse: %v", d)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: true}); len(ds) > 0 {
		t.Fatalf("verify: %v", ds)
	}
	if err := ir.Check(m); err != nil {
		t.Fatalf("check: %v", err)
	}
	var sb strings.Builder
	if err := asm.Print(&sb, m, asm.PrintOptions{Generic: generic}); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// The parser's region errors and scoping, with mlir-opt-19's messages.
func TestRegionParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"names end with their region", `func.func @f(%x: i32) {
  "test.op"() ({
    %1 = arith.addi %x, %x : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  %2 = arith.addi %1, %x : i32
  return
}`, "6:19: use of undeclared SSA value name"},
		{"outer names are visible, so not redefined", `func.func @f(%x: i32) {
  "test.op"() ({
    %x = arith.addi %x, %x : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}`, "3:5: redefinition of SSA value '%x'"},
		{"block argument shadowing a function argument", `func.func @f(%x: i32) {
  "test.op"() ({
  ^bb0(%x: i32):
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}`, "3:8: redefinition of SSA value '%x'"},
		{"block label twice", `func.func @f() {
  "test.op"() ({
  ^bb0:
    "test.yield"() : () -> ()
  ^bb0:
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}`, "5:3: redefinition of block '^bb0'"},
		{"unclosed region list", `func.func @f() {
  "test.op"() ({
    "test.yield"() : () -> ()
  } : () -> ()
  return
}`, "4:4: expected ')' to end region list"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, d := asm.ParseString(tc.src, asm.ParseOptions{AllowUnregistered: true})
			if d == nil {
				t.Fatalf("parsed, want error %q", tc.want)
			}
			got := d.Pos.String()
			if i := strings.IndexByte(got, ':'); i >= 0 {
				got = got[i+1:]
			}
			if got += ": " + d.Msg; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// The verifier checks regions with MLIR's region traits and messages (each
// compared with mlir-opt-19's on the same input).
func TestRegionVerify(t *testing.T) {
	for _, tc := range []struct {
		name, body, want string
	}{
		{"registered op without regions", `%0 = "arith.addi"(%x, %x) ({
    "test.yield"() : () -> ()
  }) : (i32, i32) -> i32`, "2:8: 'arith.addi' op requires zero regions"},
		{"empty block", `"test.parent"() ({
  ^bb0:
  }) : () -> ()`, "2:3: empty block: expect at least a terminator"},
		{"block with no terminator", `"test.parent"() ({
    "test.child"() : () -> ()
  }) : () -> ()`, `3:5: block with no terminator, has "test.child"() : () -> ()`},
		{"unregistered parent needs no terminator", `"test.unknown"() ({
    "test.child"() : () -> ()
  }) : () -> ()`, "3:5: 'test.child' op expects parent op 'test.parent'"},
		{"dominance across nesting", `"test.parent"() ({
    %1 = arith.addi %0, %x : i32
    "test.finish"() : () -> ()
  }) : () -> ()
  %0 = arith.addi %x, %x : i32`, "3:10: operand #0 does not dominate this use"},
		{"isolated from above", `"test.isolated_one_region_op"() ({
    %1 = arith.addi %x, %x : i32
    "test.finish"() : () -> ()
  }) : () -> ()`, "3:10: 'arith.addi' op using value defined outside the region"},
		{"graph region with two blocks", `test.graph_region {
    "test.finish"() : () -> ()
  ^bb1:
    "test.finish"() : () -> ()
  }`, "2:3: 'test.graph_region' op expects graph region #0 to have 0 or 1 blocks"},
		{"SingleBlock", `"test.SingleBlockImplicitTerminator"() ({
    "test.finish"() : () -> ()
  ^bb1:
    "test.finish"() : () -> ()
  }) : () -> ()`, "2:3: 'test.SingleBlockImplicitTerminator' op expects region #0 to have 0 or 1 blocks"},
		{"SingleBlockImplicitTerminator", `"test.SingleBlockImplicitTerminator"() ({
    "test.unknown"() : () -> ()
  }) : () -> ()`, "2:3: 'test.SingleBlockImplicitTerminator' op expects regions to end with 'test.finish', found 'test.unknown'"},
		{"return in a region", `"test.unknown"() ({
    return
  }) : () -> ()`, "3:5: 'func.return' op expects parent op 'func.func'"},
		{"region count", `"test.parent"() : () -> ()`, "2:3: 'test.parent' op requires one region"},
		{"terminator in the middle of a block", `"test.parent"() ({
    "test.finish"() : () -> ()
    "test.finish"() : () -> ()
  }) : () -> ()`, "3:5: 'test.finish' op must be the last operation in the parent block"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "func.func @f(%x: i32) {\n  " + tc.body + "\n  return\n}\n"
			m, d := asm.ParseString(src, asm.ParseOptions{AllowUnregistered: true})
			if d != nil {
				t.Fatalf("parse: %v", d)
			}
			ds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: true})
			if len(ds) == 0 {
				t.Fatalf("verified, want %q", tc.want)
			}
			got := ds[0].Pos.String()
			if i := strings.IndexByte(got, ':'); i >= 0 {
				got = got[i+1:]
			}
			if got += ": " + ds[0].Msg; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// Check follows values into regions: a value of one region used in a
// sibling region (IR no parser builds) is reported.
func TestCheckRegions(t *testing.T) {
	m, d := asm.ParseString(`func.func @f(%x: i32) {
  "test.op"() ({
    %1 = arith.addi %x, %x : i32
    "test.yield"() : () -> ()
  }, {
    %2 = arith.muli %x, %x : i32
    "test.yield"() : () -> ()
  }) : () -> ()
  return
}`, asm.ParseOptions{AllowUnregistered: true})
	if d != nil {
		t.Fatal(d)
	}
	if err := ir.Check(m); err != nil {
		t.Fatalf("parsed module: %v", err)
	}
	op := m.Funcs[0].First()
	add, mul := op.Region(0).Front().First(), op.Region(1).Front().First()
	mul.SetOperand(0, add.Result(0))
	err := ir.Check(m)
	if err == nil || !strings.Contains(err.Error(), "is used before its definition") {
		t.Fatalf("got %v, want a use before the definition", err)
	}
}

// Ops built in Go go into blocks; the function numbers their values, and
// erasing an op with regions drops the uses its nested ops made.
func TestBuildRegions(t *testing.T) {
	f := ir.NewFunc("f", []ir.Type{ir.I32}, nil)
	m := ir.NewModule()
	m.AddFunc(f)
	outer := ir.NewOp("test.parent", nil, nil, nil)
	f.Append(outer)
	b := outer.AddRegion().AddBlock()
	arg := b.AddArg(ir.I32)
	add := ir.NewOp("arith.addi", []*ir.Value{arg, f.Arg(0)}, []ir.Type{ir.I32}, nil)
	b.Append(add)
	b.Append(ir.NewOp("test.finish", nil, nil, nil))
	f.Append(ir.NewOp("func.return", nil, nil, nil))
	if err := ir.Check(m); err != nil {
		t.Fatal(err)
	}
	if ds := ir.Verify(m, ir.VerifyOptions{}); len(ds) > 0 {
		t.Fatal(ds)
	}
	want := `module {
  func.func @f(%arg0: i32) {
    "test.parent"() ({
    ^bb0(%arg1: i32):
      %0 = arith.addi %arg1, %arg0 : i32
      "test.finish"() : () -> ()
    }) : () -> ()
    return
  }
}

`
	if diff := cmp.Diff(want, m.String()); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	outer.Erase()
	if f.Arg(0).HasUses() {
		t.Errorf("the erased nested op still uses %%arg0")
	}
}
