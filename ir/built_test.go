package ir_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/tirc/tirc/ir"
)

// TestBuiltPositions: ops built in Go get "@f op #k" (their index when
// inserted) and print their own text as the message's line; an op that
// copies a built op's position (a rewrite) gets its own.
func TestBuiltPositions(t *testing.T) {
	ty := ir.Tensor(ir.I32, 4)
	f := ir.NewFunc("g", []ir.Type{ty}, []ir.Type{ty})
	a := ir.NewOp("tir.neg", []*ir.Value{f.Arg(0)}, []ir.Type{ty}, nil)
	ret := ir.NewOp("func.return", []*ir.Value{a.Result(0)}, nil, nil)
	f.Append(a)
	f.Append(ret)
	b := ir.NewOp("tir.abs", []*ir.Value{a.Result(0)}, []ir.Type{ty}, nil)
	f.InsertBefore(ret, b) // index 1; return stays "op #1" as it was built
	c := ir.NewOp("tir.neg", []*ir.Value{b.Result(0)}, []ir.Type{ty}, nil)
	c.Pos = a.Pos // a rewrite copying the position of a built op
	f.InsertAfter(b, c)
	m := ir.NewModule()
	m.AddFunc(f)

	type pos struct{ Where, Line string }
	var got []pos
	for _, op := range []*ir.Op{a, b, c, ret} {
		got = append(got, pos{op.Pos.String(), op.Pos.File.Line(int(op.Pos.Line))})
	}
	got = append(got, pos{f.Pos.String(), ""})
	want := []pos{
		{"@g op #0", `%0 = "tir.neg"(%arg0) : (tensor<4xi32>) -> tensor<4xi32>`},
		{"@g op #1", `%1 = "tir.abs"(%0) : (tensor<4xi32>) -> tensor<4xi32>`},
		{"@g op #2", `%2 = "tir.neg"(%1) : (tensor<4xi32>) -> tensor<4xi32>`},
		{"@g op #1", `"func.return"(%0) : (tensor<4xi32>) -> ()`},
		{"@g", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("positions (-want +got):\n%s", diff)
	}
}
