package ir

import (
	"fmt"
	"runtime/debug"
)

// InternalError is a panic caught inside tirc — a bug in tirc, never a
// problem with the input — re-raised with where it happened, so that the
// command reports it as an internal error (exit code 3) naming the pass or
// verifier and the op being processed. A broken invariant that Check found
// after a pass is one too: Value is then the *CheckError, and there is no
// stack.
type InternalError struct {
	Where string // "verifier of 'tir.add'", "pass 'cse'"; "after pass 'cse'" for a *CheckError
	Pos   Pos    // the op being processed, when known
	Value any    // the original panic value
	Stack []byte // the goroutine's stack where the panic was recovered
}

func (e *InternalError) Error() string {
	msg := fmt.Sprint(e.Value)
	if _, broken := e.Value.(*CheckError); broken && e.Where != "" {
		msg = e.Where + ": " + msg
	} else if e.Where != "" {
		msg = "panic in " + e.Where + ": " + msg
	}
	if e.Pos.IsValid() {
		msg = e.Pos.String() + ": " + msg
	}
	return msg
}

// Recovered wraps a recovered panic value r (call it in a deferred
// function, then panic with the result). The innermost context wins: an
// r that is already an *InternalError with a location keeps it, and only
// missing fields are filled in.
func Recovered(r any, where string, pos Pos) *InternalError {
	e, ok := r.(*InternalError)
	if !ok {
		e = &InternalError{Value: r, Stack: debug.Stack()}
	}
	if e.Where == "" {
		e.Where = where
	}
	if !e.Pos.IsValid() {
		e.Pos = pos
	}
	return e
}
