package ir

// This file adds to the custom-form parser API (asm.go) what the tensor
// dialect's mixed static/dynamic lists `[%o, 4]` need: whether an SSA
// value is next, so a form can read either an operand or an integer.

// AtOperand reports whether an SSA value use (%x) is next.
func (a *OpParser) AtOperand() bool { return !a.p.failed() && a.p.is(tPercentIdent) }
