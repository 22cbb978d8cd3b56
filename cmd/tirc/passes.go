package main

import "github.com/tirc/tirc/ir"

// passOptions holds the pass-manager flags (-pass-pipeline, one flag per
// pass, -print-ir-after-all, timing, statistics).
type passOptions struct{}

// passFlags returns the flags of the pass manager and of every pass.
func passFlags() []*flagSpec { return nil }

// runPasses runs the passes requested on the command line on m.
func runPasses(m *ir.Module, o *options) ir.Diagnostics { return nil }
