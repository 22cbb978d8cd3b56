package passes

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/ir/asm"
)

// RunOptions configures Pipeline.Run.
type RunOptions struct {
	// AllowUnregistered is passed to the verifier run after every pass.
	AllowUnregistered bool
	// NoVerify skips the verifier after each pass (tests of broken passes
	// only; tirc always verifies).
	NoVerify bool
	// Check runs the IR invariant checker (ir.Check) on the input and
	// after every pass, before the verifier: a broken invariant is an
	// internal error naming the pass that broke it (tirc -verify-each;
	// every test that runs passes sets it). It runs with NoVerify too.
	Check bool
	// PrintAfterAll dumps the module to Dump after every pass; PrintAfter
	// after the passes named there. Generic selects the generic op form.
	PrintAfterAll bool
	PrintAfter    []string
	Generic       bool
	Dump          io.Writer
}

// Result is what a run did: diagnostics (from the passes or the verifier
// after one), an internal error when a pass panicked, and per-step timings
// and statistics for the reports.
type Result struct {
	Diags    ir.Diagnostics
	Internal *ir.InternalError
	Steps    []StepResult
}

// StepResult is one step's timing, verifier time, change flag and
// statistics.
type StepResult struct {
	Pass    *Pass
	Time    time.Duration
	Verify  time.Duration
	Changed bool
	Stats   map[string]int
}

// Run applies every step to m in order. After each pass the module is
// verified (a failure stops the pipeline, as in mlir-opt) and dumped when
// asked. A function pass runs on all function bodies concurrently; its
// diagnostics are merged in function order, so output is deterministic. A
// panic in a pass becomes Result.Internal naming the pass, the function and
// the op being processed.
func (pl *Pipeline) Run(m *ir.Module, o RunOptions) (res *Result) {
	res = &Result{}
	defer func() {
		if r := recover(); r != nil {
			res.Internal = ir.Recovered(r, "", ir.Pos{})
		}
	}()
	if o.Check && len(pl.Steps) > 0 {
		if err := ir.Check(m); err != nil {
			res.Internal = &ir.InternalError{Where: "before pass '" + pl.Steps[0].Pass.Name + "' (in its input)", Value: err}
			return res
		}
	}
	for _, st := range pl.Steps {
		sr := StepResult{Pass: st.Pass, Stats: map[string]int{}}
		stats := &statCounters{m: sr.Stats}
		start := time.Now()
		changed, ds := runStep(m, st, stats, o.AllowUnregistered)
		sr.Time = time.Since(start)
		sr.Changed = changed
		if o.Check {
			if err := ir.Check(m); err != nil {
				res.Steps = append(res.Steps, sr)
				res.Internal = &ir.InternalError{Where: "after pass '" + st.Pass.Name + "'", Value: err}
				return res
			}
		}
		res.Diags = append(res.Diags, ds...)
		if ds.HasErrors() {
			res.Steps = append(res.Steps, sr)
			return res
		}
		if !o.NoVerify {
			start = time.Now()
			vds := ir.Verify(m, ir.VerifyOptions{AllowUnregistered: o.AllowUnregistered})
			sr.Verify = time.Since(start)
			res.Diags = append(res.Diags, vds...)
			if vds.HasErrors() {
				res.Steps = append(res.Steps, sr)
				return res
			}
		}
		res.Steps = append(res.Steps, sr)
		if o.Dump != nil && (o.PrintAfterAll || contains(o.PrintAfter, st.Pass.Name)) {
			fmt.Fprintf(o.Dump, "// -----// IR Dump After %s (%s) //----- //\n", title(st.Pass.Name), st.Pass.Name)
			asm.Print(o.Dump, m, asm.PrintOptions{Generic: o.Generic})
			io.WriteString(o.Dump, "\n")
		}
	}
	return res
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

// title is a pass's display name in dumps and reports: "infer-shapes" ->
// "InferShapes", "cse" -> "CSE" (MLIR prints the pass class name).
func title(name string) string {
	if len(name) <= 3 {
		return strings.ToUpper(name)
	}
	var sb strings.Builder
	for _, w := range strings.Split(name, "-") {
		if w != "" {
			sb.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return sb.String()
}

// runStep runs one pass instance on m.
func runStep(m *ir.Module, st *Step, stats *statCounters, allowUnregistered bool) (bool, ir.Diagnostics) {
	p := st.Pass
	if p.Module != nil {
		c := &Context{Pass: p, options: st.Options, stats: stats, AllowUnregistered: allowUnregistered}
		defer recoverIn(c, nil)
		return p.Module(m, c)
	}
	var funcs []*ir.Func
	for _, f := range m.Funcs {
		if f != nil && !f.External {
			funcs = append(funcs, f)
		}
	}
	changed := make([]bool, len(funcs))
	diags := make([]ir.Diagnostics, len(funcs))
	ir.ParallelFor(len(funcs), func(i int) {
		c := &Context{Pass: p, options: st.Options, stats: stats, AllowUnregistered: allowUnregistered}
		defer recoverIn(c, funcs[i])
		changed[i], diags[i] = p.Func(funcs[i], c)
	})
	any := false
	var ds ir.Diagnostics
	for i := range funcs {
		any = any || changed[i]
		ds = append(ds, diags[i]...)
	}
	return any, ds
}

// recoverIn re-raises a panic of pass c.Pass as an *ir.InternalError naming
// the pass, the function and the op it was processing.
func recoverIn(c *Context, f *ir.Func) {
	r := recover()
	if r == nil {
		return
	}
	where := "pass '" + c.Pass.Name + "'"
	var pos ir.Pos
	if f != nil {
		where += " on @" + f.Name
		pos = f.Pos
	}
	if c.op != nil {
		where += " at '" + c.op.Name + "'"
		if fn := c.op.Func(); fn != nil && f == nil {
			where += " in @" + fn.Name
		}
		if c.op.Pos.IsValid() {
			pos = c.op.Pos
		}
	}
	panic(ir.Recovered(r, where, pos))
}

// WriteTiming writes an execution time report like mlir-opt's -mlir-timing.
func (res *Result) WriteTiming(w io.Writer) {
	var total time.Duration
	for _, s := range res.Steps {
		total += s.Time + s.Verify
	}
	sec := func(d time.Duration) float64 { return d.Seconds() }
	pct := func(d time.Duration) float64 {
		if total == 0 {
			return 0
		}
		return 100 * float64(d) / float64(total)
	}
	bar := "===" + strings.Repeat("-", 73) + "==="
	fmt.Fprintf(w, "%s\n%s\n%s\n", bar, center("... Execution time report ...", len(bar)), bar)
	fmt.Fprintf(w, "  Total Execution Time: %.4f seconds\n\n", sec(total))
	fmt.Fprintf(w, "  ----Wall Time----  ----Name----\n")
	for _, s := range res.Steps {
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)  %s (%s)\n", sec(s.Time), pct(s.Time), title(s.Pass.Name), s.Pass.Name)
		fmt.Fprintf(w, "  %8.4f (%5.1f%%)    (A) verifier\n", sec(s.Verify), pct(s.Verify))
	}
	fmt.Fprintf(w, "  %8.4f (%5.1f%%)  Total\n", sec(total), 100.0)
}

// WriteStatistics writes a pass statistics report like mlir-opt's
// -mlir-pass-statistics: every statistic of every step, in table order.
func (res *Result) WriteStatistics(w io.Writer) {
	bar := "===" + strings.Repeat("-", 73) + "==="
	fmt.Fprintf(w, "%s\n%s\n%s\n", bar, center("... Pass statistics report ...", len(bar)), bar)
	for _, s := range res.Steps {
		fmt.Fprintf(w, "%s (%s)\n", title(s.Pass.Name), s.Pass.Name)
		for _, st := range s.Pass.Statistics {
			fmt.Fprintf(w, "  (S) %d %s - %s\n", s.Stats[st.Name], st.Name, st.Desc)
		}
	}
}

func center(s string, width int) string {
	pad := (width - len(s)) / 2
	if pad < 0 {
		pad = 0
	}
	return strings.Repeat(" ", pad) + s
}

// Run is the Go API's one-call form: parse the textual pipeline and run it.
func Run(m *ir.Module, pipeline string, o RunOptions) (*Result, error) {
	pl, err := ParsePipeline(pipeline)
	if err != nil {
		return nil, err
	}
	return pl.Run(m, o), nil
}
