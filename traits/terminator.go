package traits

import (
	"github.com/tirc/tirc/ir"
)

// Terminator: the op ends its block, so it must be the last op of its
// function body (MLIR's IsTerminator: "must be the last operation in the
// parent block"). The value lives in package ir, which needs it for the
// structure checks.
var Terminator = ir.TraitTerminator

// HasParentFunc: the op may only appear directly in a func.func body
// (MLIR's HasParent<func::FuncOp>), not in a region of another op nor
// detached.
var HasParentFunc = &ir.Trait{
	Name: "HasParent<func.func>",
	Doc:  "The op's parent is a func.func.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.Func() == nil || op.ParentOp() != nil {
			return op.Errorf("expects parent op 'func.func'")
		}
		return nil
	},
}
