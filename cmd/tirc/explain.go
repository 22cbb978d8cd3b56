package main

import (
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// explainFlags returns -explain, which reports, as a remark on each
// broadcasting op, how every result dimension was inferred (see
// traits.Explain). Remarks are diagnostics, so -verify-diagnostics checks
// them with expected-remark and expected-note.
func explainFlags() []*flagSpec {
	return []*flagSpec{
		{name: "explain", section: "General", help: "explain each broadcasting op: how every result dimension was inferred (remarks on stderr)",
			set: func(o *options, _ string) error { o.explain = true; return nil }},
	}
}

// explainModule returns one remark per broadcasting op of m, with one
// note per operand expansion and per result dimension.
func explainModule(m *ir.Module) ir.Diagnostics {
	var ds ir.Diagnostics
	for _, f := range m.Funcs {
		for op := range f.Ops() {
			e, ok := traits.Explain(op)
			if !ok {
				continue
			}
			d := &ir.Diagnostic{Pos: op.Pos, Severity: ir.SevRemark, Msg: e.Summary}
			for _, l := range e.Lines {
				d.Note(op.Pos, "%s", l)
			}
			ds = append(ds, d)
		}
	}
	return ds
}
