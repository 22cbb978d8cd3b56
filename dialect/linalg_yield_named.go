package dialect

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// LinalgYieldOps holds linalg.yield, the terminator of the named ops'
// bodies (MLIR's generic form prints them). NOTE for the merge: this is
// the named-ops branch's minimal row; the linalg dialect's own
// linalg.yield (dialect/linalg*.go, with linalg.generic) supersedes it,
// and then this file goes.
var LinalgYieldOps = []*Op{
	{
		OpDef: ir.OpDef{
			Name: "linalg.yield", Summary: "end a linalg op's body, handing it the values of the outs elements", Format: yieldForm,
			Traits: []*ir.Trait{traits.Terminator},
		},
		Operands: []Arg{{"values", AnyType, true}},
	},
}
