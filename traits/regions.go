package traits

import (
	"fmt"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Region traits, with MLIR's messages.

// IsolatedFromAbove: the op's regions use no value defined outside them
// (MLIR's IsolatedFromAbove). The parser gives such regions a fresh name
// scope; the verifier refuses IR built otherwise.
var IsolatedFromAbove = ir.TraitIsolatedFromAbove

// NoTerminator: the blocks of the op's single-block regions need not end
// with a terminator (MLIR's NoTerminator).
var NoTerminator = ir.TraitNoTerminator

// GraphRegion: the op's regions are graph regions (MLIR's
// RegionKindInterface answering RegionKind::Graph).
var GraphRegion = ir.TraitGraphRegion

// ZeroRegions: the op has no region (MLIR's ZeroRegions).
var ZeroRegions = &ir.Trait{
	Name: "ZeroRegions",
	Doc:  "The op has no region.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumRegions() != 0 {
			return op.Errorf("requires zero regions")
		}
		return nil
	},
}

// OneRegion: the op has exactly one region (MLIR's OneRegion).
var OneRegion = &ir.Trait{
	Name: "OneRegion",
	Doc:  "The op has exactly one region.",
	Verify: func(op *ir.Op) *ir.Diagnostic {
		if op.NumRegions() != 1 {
			return op.Errorf("requires one region")
		}
		return nil
	},
}

// NRegions: the op has exactly n regions (n > 1; MLIR's NRegions).
func NRegions(n int) *ir.Trait {
	return &ir.Trait{
		Name: fmt.Sprintf("NRegions<%d>", n),
		Doc:  fmt.Sprintf("The op has exactly %d regions.", n),
		Verify: func(op *ir.Op) *ir.Diagnostic {
			if op.NumRegions() != n {
				return op.Errorf("expected %d regions", n)
			}
			return nil
		},
	}
}

// RegionCount is the count trait for an op with n regions: ZeroRegions,
// OneRegion or NRegions(n); nil for a variadic count (n < 0).
func RegionCount(n int) *ir.Trait {
	switch {
	case n < 0:
		return nil
	case n == 0:
		return ZeroRegions
	case n == 1:
		return OneRegion
	}
	return NRegions(n)
}

// SingleBlock: each region of the op has at most one block, and that
// block has ops (MLIR's SingleBlock; an op that is also NoTerminator may
// have an empty block).
var SingleBlock = &ir.Trait{
	Name:   "SingleBlock",
	Doc:    "Each region of the op has 0 or 1 block, not empty unless the op is NoTerminator.",
	Verify: verifySingleBlock,
}

func verifySingleBlock(op *ir.Op) *ir.Diagnostic {
	for i, r := range op.Regions() {
		if r.Empty() {
			continue
		}
		if r.NumBlocks() != 1 {
			return op.Errorf("expects region #%d to have 0 or 1 blocks", i)
		}
		if !op.Has(NoTerminator) && r.Front().Empty() {
			return op.Errorf("expects a non-empty block")
		}
	}
	return nil
}

// SingleBlockImplicitTerminator is SingleBlock whose block ends with the
// op terminator (MLIR's SingleBlockImplicitTerminator<T>): custom forms
// may leave the terminator out (ir.EnsureTerminator adds it back, and
// OpPrinter.Region with printTerminators false omits it).
func SingleBlockImplicitTerminator(terminator string) *ir.Trait {
	return &ir.Trait{
		Name:   "SingleBlockImplicitTerminator<" + terminator + ">",
		Doc:    "SingleBlock, and each region's block ends with " + terminator + ", which the custom form may leave implicit.",
		Verify: verifySingleBlock,
		VerifyRegion: func(op *ir.Op) *ir.Diagnostic {
			for _, r := range op.Regions() {
				if r.Empty() {
					continue
				}
				last := r.Front().Last()
				if last != nil && last.Name == terminator {
					continue
				}
				found := ""
				if last != nil {
					found = last.Name
				}
				d := op.Errorf("expects regions to end with '%s', found '%s'", terminator, found)
				d.Note(op.Pos, "in custom textual format, the absence of terminator implies '%s'", terminator)
				return d
			}
			return nil
		},
	}
}

// HasParent: the op's parent is one of the named ops (MLIR's HasParent
// and ParentOneOf); ops of a function body have func.func as parent.
func HasParent(names ...string) *ir.Trait {
	return &ir.Trait{
		Name: "HasParent<" + strings.Join(names, ", ") + ">",
		Doc:  "The op's parent op is " + strings.Join(names, " or ") + ".",
		Verify: func(op *ir.Op) *ir.Diagnostic {
			parent := "func.func"
			if p := op.ParentOp(); p != nil {
				parent = p.Name
			}
			for _, n := range names {
				if n == parent {
					return nil
				}
			}
			if len(names) == 1 {
				return op.Errorf("expects parent op '%s'", names[0])
			}
			return op.Errorf("expects parent op to be one of '%s'", strings.Join(names, ", "))
		},
	}
}
