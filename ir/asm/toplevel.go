package asm

import "github.com/tirc/tirc/ir"

// parseTopOp parses a generic op at the top level of m.
func (p *parser) parseTopOp(m *ir.Module) {
	start := p.tok
	holder := &ir.Func{Pos: p.pos(), Module: m}
	p.beginFunc(holder)
	p.parseOp(holder, nil)
	p.fn = nil
	if p.failed() {
		return
	}
	p.finishFunc()
	op := holder.First()
	if op == nil || p.failed() {
		return
	}
	if op.NumOperands() > 0 || op.NumResults() > 0 {
		p.failAt(start, "tirc supports top-level ops without operands and results only")
		return
	}
	m.Ops = append(m.Ops, ir.TopOp{Op: op, Before: len(m.Funcs)})
}

// topOps prints the top-level ops to print before function i.
func (pr *printer) topOps(m *ir.Module, i int) {
	for _, t := range m.Ops {
		if t.Before == i && t.Op.Func() != nil {
			pr.nameValues(t.Op.Func())
			pr.newline()
			pr.op(t.Op)
		}
	}
}
