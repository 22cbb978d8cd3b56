package traits

import "github.com/tirc/tirc/ir"

// Interfaces that say what kind of op an op is, so that passes, the
// evaluator and codegen ask op.Has(traits.Call) instead of comparing op
// names (MLIR's CallOpInterface and CastOpInterface).

// Call (MLIR's CallOpInterface): the op calls the function its `callee`
// symbol attribute names; its operands are the callee's arguments and its
// results the callee's results. func.call carries it.
var Call = &ir.Trait{
	Name: "CallOpInterface",
	Doc:  "The op calls the function named by its callee attribute: operands are the arguments, results the results.",
}

// Cast (MLIR's CastOpInterface): the op's result is its operand's value
// with another, compatible type -- the same data, more or less static.
// tensor.cast carries it.
var Cast = &ir.Trait{
	Name: "CastOpInterface",
	Doc:  "The result is the operand's value with a compatible type: the same data.",
}

// Callee returns the name a Call op calls, or "".
func Callee(op *ir.Op) string {
	if s, ok := op.Attr("callee").(ir.SymbolRefAttr); ok && op.Has(Call) {
		return string(s)
	}
	return ""
}
