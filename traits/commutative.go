package traits

import "github.com/tirc/tirc/ir"

// Commutative: `X op Y == Y op X` (MLIR's IsCommutative). It has no
// verifier; canonicalize uses it to move constant operands to the end
// (keeping the order inside each group, as MLIR's foldCommutative) and CSE
// to treat `add(a, b)` and `add(b, a)` as the same computation.
var Commutative = &ir.Trait{
	Name: "Commutative",
	Doc:  "The op's operands may be reordered: X op Y == Y op X.",
}
