package traits

import (
	"fmt"
	"sync"

	"github.com/tirc/tirc/ir"
)

// Operand-count traits are parametric; each count has one trait value, so
// op.Has(traits.AtLeastNOperands(1)) still compares pointers.
var (
	countMu     sync.Mutex
	atLeastN    = map[int]*ir.Trait{}
	exactlyN    = map[int]*ir.Trait{}
	atLeastNRes = map[int]*ir.Trait{}
)

// AtLeastNOperands: the op has n or more operands.
func AtLeastNOperands(n int) *ir.Trait {
	countMu.Lock()
	defer countMu.Unlock()
	if t := atLeastN[n]; t != nil {
		return t
	}
	t := &ir.Trait{
		Name:   fmt.Sprintf("AtLeastNOperands<%d>", n),
		Doc:    fmt.Sprintf("The op has %d or more operands.", n),
		Verify: func(op *ir.Op) *ir.Diagnostic { return verifyAtLeastNOperands(op, n) },
	}
	atLeastN[n] = t
	return t
}

// NOperands: the op has exactly n operands.
func NOperands(n int) *ir.Trait {
	countMu.Lock()
	defer countMu.Unlock()
	if t := exactlyN[n]; t != nil {
		return t
	}
	t := &ir.Trait{
		Name: fmt.Sprintf("NOperands<%d>", n),
		Doc:  fmt.Sprintf("The op has exactly %d operands.", n),
		Verify: func(op *ir.Op) *ir.Diagnostic {
			switch {
			case op.NumOperands() == n:
				return nil
			case n == 0:
				return op.Errorf("requires zero operands")
			case n == 1:
				return op.Errorf("requires a single operand")
			}
			return op.Errorf("expected %d operands, but found %d", n, op.NumOperands())
		},
	}
	exactlyN[n] = t
	return t
}

// AtLeastNResults: the op has n or more results.
func AtLeastNResults(n int) *ir.Trait {
	countMu.Lock()
	defer countMu.Unlock()
	if t := atLeastNRes[n]; t != nil {
		return t
	}
	t := &ir.Trait{
		Name:   fmt.Sprintf("AtLeastNResults<%d>", n),
		Doc:    fmt.Sprintf("The op has %d or more results.", n),
		Verify: func(op *ir.Op) *ir.Diagnostic { return verifyAtLeastNResults(op, n) },
	}
	atLeastNRes[n] = t
	return t
}

func verifyAtLeastNOperands(op *ir.Op, n int) *ir.Diagnostic {
	if op.NumOperands() < n {
		return op.Errorf("expected %d or more operands, but found %d", n, op.NumOperands())
	}
	return nil
}

func verifyAtLeastNResults(op *ir.Op, n int) *ir.Diagnostic {
	if op.NumResults() < n {
		return op.Errorf("expected %d or more results", n)
	}
	return nil
}
