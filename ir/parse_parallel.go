package ir

// Parallel parsing of function bodies. A module of many functions is
// parsed in two steps: the sequential pass parses everything but the
// bodies of custom-form functions, which it skips by matching braces
// (the lexer knows strings and comments), recording where each body
// starts; then the bodies are parsed on all cores, each by its own parser
// (per-function state — SSA names, forward references — is independent).
// The result is the same module, and on bad input the same first error:
// a sequential parser reports the error it meets first, which is the one
// earliest in the text, so the earliest error of all parts is chosen.
// Type aliases defined after a skipped body could change its meaning, so
// then the input is parsed again sequentially.

// parallelParseBytes is the input size from which bodies are parsed in
// parallel; below it the goroutines cost more than they save.
const parallelParseBytes = 256 << 10

// bodyJob is a function body skipped by the sequential pass.
type bodyJob struct {
	f      *Func
	lbrace token
	lex    lexer // positioned after lbrace
	defs   ssaTable
	named  bool
	err    *Diagnostic
}

// skipBody records the body starting at the current '{' as a job and
// moves past its closing '}'.
func (p *parser) skipBody(f *Func, named bool) {
	job := &bodyJob{f: f, lbrace: p.tok, lex: p.lex, defs: p.defs, named: named}
	p.bodies = append(p.bodies, job)
	depth := 0
	for {
		switch p.tok.kind {
		case tLBrace:
			depth++
		case tRBrace:
			depth--
		case tEOF:
			// The body parser reports what is wrong; this error stands
			// only if it reports nothing.
			p.failAt(job.lbrace, "expected '}' to close this function body")
			p.skipErr = p.err
			return
		}
		p.next()
		if depth == 0 || p.failed() {
			return
		}
	}
}

// parseBodies parses the skipped bodies on all cores, in batches of
// consecutive bodies that share one parser's allocation slabs and caches.
func (p *parser) parseBodies() {
	const batch = 32
	n := (len(p.bodies) + batch - 1) / batch
	ParallelFor(n, func(b int) {
		wp := &parser{
			src: p.src, opts: p.opts,
			typeCache: map[string]Type{}, names: map[string]string{},
			attrAlias: p.attrAlias, typeAlias: p.typeAlias,
		}
		for _, job := range p.bodies[b*batch : min((b+1)*batch, len(p.bodies))] {
			wp.lex, wp.tok, wp.err = job.lex, job.lbrace, nil
			wp.fn, wp.defs, wp.fwd, wp.fwdSeq = job.f, job.defs, nil, 0
			wp.parseBody(job.f, job.named)
			job.err = wp.err
		}
	})
	last := p.bodies[len(p.bodies)-1]
	if p.err != nil && p.err == p.skipErr && last.err != nil {
		p.err = nil // the unclosed body's own error replaces the stand-in
	}
	for _, job := range p.bodies {
		if job.err != nil && (p.err == nil || !p.err.Pos.Before(job.err.Pos)) {
			p.err = job.err
		}
	}
}
