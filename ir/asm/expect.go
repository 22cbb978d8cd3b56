package asm

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"

	"github.com/tirc/tirc/ir"
)

// Chunk is a part of an input separated by `// -----` lines
// (-split-input-file): the byte range and the line it starts on.
type Chunk struct {
	Start, End int
	Line       int
}

// SplitInput splits data at lines consisting of `// -----` (leading
// whitespace allowed), as mlir-opt's -split-input-file. Without markers it
// returns one chunk.
func SplitInput(data []byte) []Chunk {
	var chunks []Chunk
	start, startLine, line := 0, 1, 1
	for off := 0; off < len(data); {
		end := bytes.IndexByte(data[off:], '\n')
		next := len(data)
		if end >= 0 {
			end += off
			next = end + 1
		} else {
			end = len(data)
		}
		if isSplitMarker(data[off:end]) {
			chunks = append(chunks, Chunk{start, off, startLine})
			start, startLine = next, line+1
		}
		off = next
		line++
	}
	return append(chunks, Chunk{start, len(data), startLine})
}

func isSplitMarker(line []byte) bool {
	t := bytes.TrimLeft(line, " \t")
	return bytes.HasPrefix(t, []byte("// -----"))
}

// Expectation is one `// expected-error {{...}}` directive of
// -verify-diagnostics: the severity, the line it applies to, the text (a
// substring to find, or with -re a pattern where {{...}} is a regex) and
// where the directive itself is.
type Expectation struct {
	Severity ir.Severity
	Line     int
	Text     string
	Regex    *regexp.Regexp // for expected-*-re
	Pos      ir.Pos
	matched  bool
}

// directiveRE finds the start of directives; the rest of the syntax is
// read by hand so that several directives fit on one line.
var directiveRE = regexp.MustCompile(`expected-(error|warning|note|remark)(-re)?`)

// ParseExpectations reads the directives of the chunk [start, end) of src,
// which begins on line `line`. The syntax is mlir-opt's:
//
//	// expected-error {{message}}       the diagnostic is on this line
//	// expected-error@+1 {{message}}    on the next line (@-N, @+N too)
//	// expected-error@above {{...}}     on the previous non-directive line
//	// expected-error@below {{...}}     on the next non-directive line
//	// expected-error-re {{a {{[0-9]+}} b}}   regex parts in {{...}}
//
// Unlike mlir-opt, several directives may share a line: a message ends at
// the first "}}" followed by the end of the line or another directive.
func ParseExpectations(src *ir.Source, start, end, line int) ([]*Expectation, ir.Diagnostics) {
	var exps []*Expectation
	var errs ir.Diagnostics
	data := src.Data[start:end]
	lines := bytes.Split(data, []byte("\n"))
	isDirectiveLine := make([]bool, len(lines))
	for i, l := range lines {
		isDirectiveLine[i] = directiveRE.Match(l) && bytes.Contains(l, []byte("//"))
	}
	for i, l := range lines {
		if !isDirectiveLine[i] {
			continue
		}
		lineNo := line + i
		for _, loc := range findDirectives(l) {
			e, err := parseDirective(src, l, loc, lineNo, i, lines, isDirectiveLine, line)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			if e != nil {
				exps = append(exps, e)
			}
		}
	}
	return exps, errs
}

// findDirectives returns the offsets of directives in a line that are
// inside a // comment.
func findDirectives(l []byte) [][]int {
	comment := bytes.Index(l, []byte("//"))
	if comment < 0 {
		return nil
	}
	var out [][]int
	for _, m := range directiveRE.FindAllSubmatchIndex(l, -1) {
		if m[0] > comment {
			out = append(out, m)
		}
	}
	return out
}

func parseDirective(src *ir.Source, l []byte, m []int, lineNo, idx int, lines [][]byte, isDir []bool, firstLine int) (*Expectation, *ir.Diagnostic) {
	pos := ir.Pos{File: src, Line: int32(lineNo), Col: int32(m[0] + 1)}
	e := &Expectation{Pos: pos, Line: lineNo}
	switch string(l[m[2]:m[3]]) {
	case "error":
		e.Severity = ir.SevError
	case "warning":
		e.Severity = ir.SevWarning
	case "note":
		e.Severity = ir.SevNote
	case "remark":
		e.Severity = ir.SevRemark
	}
	isRe := m[4] >= 0
	rest := l[m[1]:]
	rest = bytes.TrimLeft(rest, " \t")
	if len(rest) > 0 && rest[0] == '@' {
		j := 1
		for j < len(rest) && rest[j] != ' ' && rest[j] != '\t' && rest[j] != '{' {
			j++
		}
		off := string(rest[1:j])
		switch {
		case off == "above":
			k := idx - 1
			for k >= 0 && isDir[k] {
				k--
			}
			e.Line = firstLine + k
		case off == "below":
			k := idx + 1
			for k < len(lines) && isDir[k] {
				k++
			}
			e.Line = firstLine + k
		case len(off) > 1 && (off[0] == '+' || off[0] == '-'):
			n, err := strconv.Atoi(off[1:])
			if err != nil {
				return nil, ir.Errorf(pos, "invalid offset '@%s' in expected-* directive", off)
			}
			if off[0] == '-' {
				n = -n
			}
			e.Line = lineNo + n
		default:
			return nil, ir.Errorf(pos, "invalid offset '@%s' in expected-* directive: use @+N, @-N, @above or @below", off)
		}
		rest = bytes.TrimLeft(rest[j:], " \t")
	}
	if !bytes.HasPrefix(rest, []byte("{{")) {
		return nil, ir.Errorf(pos, "expected '{{' to begin the message of the expected-* directive")
	}
	body := rest[2:]
	endAt := messageEnd(body)
	if endAt < 0 {
		return nil, ir.Errorf(pos, "expected '}}' to end the message of the expected-* directive")
	}
	e.Text = string(body[:endAt])
	if isRe {
		re, err := compileExpectRegex(e.Text)
		if err != nil {
			return nil, ir.Errorf(pos, "invalid regex in expected-*-re directive: %v", err)
		}
		e.Regex = re
	}
	return e, nil
}

// messageEnd finds the "}}" that ends a directive's message: the last one
// before the end of the line or before the next directive.
func messageEnd(body []byte) int {
	limit := len(body)
	if loc := directiveRE.FindIndex(body); loc != nil {
		limit = loc[0]
	}
	return bytes.LastIndex(body[:limit], []byte("}}"))
}

// compileExpectRegex turns "a {{re}} b" into a regex: literal text is
// quoted, {{...}} parts are regular expressions.
func compileExpectRegex(text string) (*regexp.Regexp, error) {
	var sb strings.Builder
	for {
		i := strings.Index(text, "{{")
		if i < 0 {
			sb.WriteString(regexp.QuoteMeta(text))
			break
		}
		j := strings.Index(text[i+2:], "}}")
		if j < 0 {
			sb.WriteString(regexp.QuoteMeta(text))
			break
		}
		sb.WriteString(regexp.QuoteMeta(text[:i]))
		sb.WriteString("(?:" + text[i+2:i+2+j] + ")")
		text = text[i+2+j+2:]
	}
	return regexp.Compile(sb.String())
}

// CheckExpectations matches diagnostics (and their notes) against the
// expectations and returns the failures as errors, mlir-opt's way:
// "unexpected error: msg" at the diagnostic, and `expected error "msg" was
// not produced` at the directive. Lines are compared, not columns.
func CheckExpectations(exps []*Expectation, diags ir.Diagnostics) ir.Diagnostics {
	var out ir.Diagnostics
	var check func(d *ir.Diagnostic)
	check = func(d *ir.Diagnostic) {
		if !matchExpectation(exps, d) {
			out = append(out, &ir.Diagnostic{Pos: d.Pos, Severity: ir.SevError,
				Msg: "unexpected " + d.Severity.String() + ": " + d.Msg})
		}
		for _, n := range d.Notes {
			check(n)
		}
	}
	for _, d := range diags {
		check(d)
	}
	for _, e := range exps {
		if !e.matched {
			out = append(out, ir.Errorf(e.Pos, "expected %s \"%s\" was not produced", e.Severity, e.Text))
		}
	}
	return out
}

func matchExpectation(exps []*Expectation, d *ir.Diagnostic) bool {
	for _, e := range exps {
		if e.matched || e.Severity != d.Severity || int32(e.Line) != d.Pos.Line {
			continue
		}
		if e.Regex != nil {
			if !e.Regex.MatchString(d.Msg) {
				continue
			}
		} else if !strings.Contains(d.Msg, e.Text) {
			continue
		}
		e.matched = true
		return true
	}
	return false
}
