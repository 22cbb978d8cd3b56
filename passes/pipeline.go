package passes

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/tirc/tirc/internal/suggest"
)

// Pipeline is an ordered list of pass instances, each with its options.
// Function passes may be nested under func.func; they run on every
// function (in parallel) before the next step starts.
type Pipeline struct {
	Steps []*Step
}

// Step is one pass instance of a pipeline.
type Step struct {
	Pass    *Pass
	Options map[string]string // given options only; Context.Option adds defaults
}

// PipelineError is a pipeline text (or pass list) that does not parse or
// names an unknown pass or option. Col is the 1-based column of Token.
type PipelineError struct {
	Text  string
	Col   int
	Token string
	Msg   string
}

func (e *PipelineError) Error() string {
	var sb strings.Builder
	if e.Col > 0 {
		fmt.Fprintf(&sb, "invalid pass pipeline '%s': column %d: ", e.Text, e.Col)
	}
	sb.WriteString(e.Msg)
	return sb.String()
}

// The pipeline grammar, MLIR's textual pass pipeline:
//
//	pipeline := element (',' element)*
//	element  := anchor '(' [pipeline] ')' | pass ['{' (option)* '}']
//	option   := name ['=' value]     value: bare text, "quoted" or {braced}
//
// with anchors builtin.module (outermost only) and func.func.
type pipelineAST struct {
	Elems []*elemAST `parser:"@@ ( ',' @@ )*"`
}

type elemAST struct {
	Pos  lexer.Position
	Name string     `parser:"@Name"`
	Open bool       `parser:"( @'('"`
	Body []*elemAST `parser:"  ( @@ ( ',' @@ )* )? ')'"`
	Opts []*optAST  `parser:"| '{' @@* '}' )?"`
}

type optAST struct {
	Pos   lexer.Position
	Name  string  `parser:"@Name"`
	Value *string `parser:"( '=' @(String | Braced | Bare) )?"`
}

var pipelineLexer = lexer.MustStateful(lexer.Rules{
	"Root": {
		{Name: "ws", Pattern: `\s+`},
		{Name: "Name", Pattern: `[A-Za-z_][A-Za-z0-9_.\-]*`},
		{Name: "OpenOpts", Pattern: `\{`, Action: lexer.Push("Opts")},
		{Name: "Punct", Pattern: `[(),]`},
	},
	"Opts": {
		{Name: "ws", Pattern: `\s+`},
		{Name: "CloseOpts", Pattern: `\}`, Action: lexer.Pop()},
		{Name: "Name", Pattern: `[A-Za-z_][A-Za-z0-9_.\-]*`},
		{Name: "Eq", Pattern: `=`, Action: lexer.Push("Value")},
	},
	"Value": {
		{Name: "String", Pattern: `"(\\.|[^"\\])*"`, Action: lexer.Pop()},
		{Name: "Braced", Pattern: `\{[^{}]*\}`, Action: lexer.Pop()},
		{Name: "Bare", Pattern: `[^\s{}"]+`, Action: lexer.Pop()},
	},
})

var pipelineParser = participle.MustBuild[pipelineAST](
	participle.Lexer(pipelineLexer),
	participle.Elide("ws"),
)

// ParsePipeline parses MLIR's textual pipeline syntax, e.g.
// `builtin.module(func.func(canonicalize,cse),infer-shapes{arg-shapes=@f:0=4})`
// (the builtin.module anchor may be left out). Errors name the bad token and
// its column; participle's grammar messages are never shown.
func ParsePipeline(text string) (*Pipeline, error) {
	if strings.TrimSpace(text) == "" {
		return &Pipeline{}, nil
	}
	ast, err := pipelineParser.ParseString("", text)
	if err != nil {
		return nil, pipelineSyntaxError(text, err)
	}
	pl := &Pipeline{}
	elems := ast.Elems
	if len(elems) == 1 && elems[0].Name == "builtin.module" && elems[0].Open {
		elems = elems[0].Body
	}
	if err := pl.add(text, elems, false); err != nil {
		return nil, err
	}
	return pl, nil
}

func (pl *Pipeline) add(text string, elems []*elemAST, inFunc bool) error {
	for _, e := range elems {
		bad := func(format string, args ...any) error {
			return &PipelineError{Text: text, Col: e.Pos.Column, Token: e.Name, Msg: fmt.Sprintf(format, args...)}
		}
		if e.Open {
			switch {
			case e.Name == "func.func" && !inFunc:
				if err := pl.add(text, e.Body, true); err != nil {
					return err
				}
			case e.Name == "func.func" || e.Name == "builtin.module":
				return bad("'%s' cannot be nested here: anchors are builtin.module(...) outermost and func.func(...) inside it", e.Name)
			default:
				return bad("'%s' is not an op anchor: use builtin.module(...) or func.func(...)", e.Name)
			}
			continue
		}
		p := Lookup(e.Name)
		if p == nil {
			msg := fmt.Sprintf("'%s' does not refer to a registered pass", e.Name)
			if s := closestPass(e.Name); s != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", s)
			}
			return bad("%s", msg)
		}
		if inFunc && !p.IsFunc() {
			return bad("'%s' is a module pass: it cannot run nested in func.func(...)", e.Name)
		}
		st := &Step{Pass: p, Options: map[string]string{}}
		for _, o := range e.Opts {
			opt := p.Option(o.Name)
			if opt == nil {
				return &PipelineError{Text: text, Col: o.Pos.Column, Token: o.Name,
					Msg: fmt.Sprintf("pass '%s' has no option '%s'%s", p.Name, o.Name, optionList(p))}
			}
			v := "true"
			if o.Value != nil {
				v = unquote(*o.Value)
			}
			if opt.Check != nil {
				if err := opt.Check(v); err != nil {
					return &PipelineError{Text: text, Col: o.Pos.Column, Token: o.Name,
						Msg: fmt.Sprintf("invalid value for option '%s' of '%s': %v", o.Name, p.Name, err)}
				}
			}
			st.Options[o.Name] = v
		}
		pl.Steps = append(pl.Steps, st)
	}
	return nil
}

func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"' || v[0] == '{' && v[len(v)-1] == '}') {
		v = v[1 : len(v)-1]
		v = strings.ReplaceAll(v, `\"`, `"`)
	}
	return v
}

func optionList(p *Pass) string {
	if len(p.Options) == 0 {
		return " (it has none)"
	}
	names := make([]string, len(p.Options))
	for i, o := range p.Options {
		names[i] = o.Name
	}
	return " (options: " + strings.Join(names, ", ") + ")"
}

// pipelineSyntaxError turns a participle error into one naming the
// offending token and its column.
func pipelineSyntaxError(text string, err error) error {
	col, tok := 0, ""
	var ute *participle.UnexpectedTokenError
	var perr participle.Error
	switch {
	case errors.As(err, &ute):
		col, tok = ute.Unexpected.Pos.Column, ute.Unexpected.Value
		if ute.Unexpected.EOF() {
			col, tok = len(text)+1, ""
		}
	case errors.As(err, &perr):
		col = perr.Position().Column
		if off := perr.Position().Offset; off >= 0 && off < len(text) {
			tok = text[off : off+1]
		}
	}
	msg := "unexpected end of the pipeline (an unclosed '(' or '{'?)"
	if tok != "" {
		msg = fmt.Sprintf("unexpected '%s'", tok)
		switch tok {
		case "(", ")", ",", "{", "}", "=":
			msg += "; expected a pass name"
			if tok == ")" || tok == "}" {
				msg = fmt.Sprintf("unexpected '%s'; unbalanced brackets or a missing pass name", tok)
			}
		}
	}
	return &PipelineError{Text: text, Col: col, Token: tok, Msg: msg}
}

// closestPass suggests a registered pass name for a typo.
func closestPass(name string) string {
	var names []string
	for _, p := range All() {
		names = append(names, p.Name)
	}
	return suggest.Closest(name, names)
}

// NewPipeline builds a pipeline from pass names in order (one CLI flag per
// pass), every pass with its default options.
func NewPipeline(names ...string) (*Pipeline, error) {
	pl := &Pipeline{}
	for _, n := range names {
		p := Lookup(n)
		if p == nil {
			msg := fmt.Sprintf("'%s' does not refer to a registered pass", n)
			if s := closestPass(n); s != "" {
				msg += fmt.Sprintf("; did you mean '%s'?", s)
			}
			return nil, &PipelineError{Token: n, Msg: msg}
		}
		pl.Steps = append(pl.Steps, &Step{Pass: p, Options: map[string]string{}})
	}
	return pl, nil
}

// SetOption sets option opt of every instance of pass in pl (a CLI option
// flag such as -arg-shapes); it fails when pl has no such pass.
func (pl *Pipeline) SetOption(pass, opt, value string) error {
	n := 0
	for _, st := range pl.Steps {
		if st.Pass.Name != pass {
			continue
		}
		o := st.Pass.Option(opt)
		if o == nil {
			return fmt.Errorf("pass '%s' has no option '%s'", pass, opt)
		}
		if o.Check != nil {
			if err := o.Check(value); err != nil {
				return err
			}
		}
		st.Options[opt] = value
		n++
	}
	if n == 0 {
		return fmt.Errorf("'%s' is an option of the %s pass, which is not in the pipeline (add -%s)", opt, pass, pass)
	}
	return nil
}

// String prints pl in the textual pipeline syntax (consecutive function
// passes grouped under one func.func anchor); ParsePipeline reads it back.
func (pl *Pipeline) String() string {
	var parts []string
	var fn []string
	flush := func() {
		if len(fn) > 0 {
			parts = append(parts, "func.func("+strings.Join(fn, ",")+")")
			fn = nil
		}
	}
	for _, st := range pl.Steps {
		s := st.Pass.Name
		if len(st.Options) > 0 {
			keys := make([]string, 0, len(st.Options))
			for k := range st.Options {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var opts []string
			for _, k := range keys {
				v := st.Options[k]
				if v == "" || strings.ContainsAny(v, " \t{}\"") {
					v = "{" + v + "}"
				}
				opts = append(opts, k+"="+v)
			}
			s += "{" + strings.Join(opts, " ") + "}"
		}
		if st.Pass.IsFunc() {
			fn = append(fn, s)
			continue
		}
		flush()
		parts = append(parts, s)
	}
	flush()
	return "builtin.module(" + strings.Join(parts, ",") + ")"
}
