package main

import (
	"strings"
	"sync"
	"testing"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/passes"
)

var registerBreaker sync.Once

// TestVerifyEach: a pass whose output breaks the IR's invariants (it
// erases an op whose result is still used) is an internal error naming
// the pass when -verify-each is given or TIRC_VERIFY_EACH=1 is in the
// environment (as the lit and randomized suites set it); without either,
// only the verifier's message says something is wrong.
func TestVerifyEach(t *testing.T) {
	registerBreaker.Do(func() {
		passes.MustRegister(&passes.Pass{Name: "test-erase-used", Summary: "erase the first op of every function, used or not (a broken pass, for TestVerifyEach)",
			Func: func(f *ir.Func, c *passes.Context) (bool, ir.Diagnostics) {
				f.First().Erase()
				return true, nil
			}})
	})
	const pipeline = "-pass-pipeline=builtin.module(func.func(test-erase-used))"
	const internal = "tirc: internal error: after pass 'test-erase-used': 1 broken IR invariant(s):"
	for _, tc := range []struct {
		name string
		env  string
		args []string
		want int
	}{
		{"flag", "", []string{"-verify-each", pipeline, "-"}, exitInternal},
		{"env", "1", []string{pipeline, "-"}, exitInternal},
		{"env=0", "0", []string{pipeline, "-"}, exitFailure},
		{"neither", "", []string{pipeline, "-"}, exitFailure},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("TIRC_VERIFY_EACH", tc.env)
			r := tirc(t, validModule, tc.args...)
			if r.code != tc.want {
				t.Fatalf("exit %d, want %d; stderr:\n%s", r.code, tc.want, r.stderr)
			}
			if got := strings.Contains(r.stderr, internal); got != (tc.want == exitInternal) {
				t.Errorf("stderr has %q: %v, want %v; stderr:\n%s", internal, got, tc.want == exitInternal, r.stderr)
			}
		})
	}
}
