package ir

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"
)

// Source is an input file: its name and contents. Positions point into it,
// so diagnostics can show the offending line.
type Source struct {
	Name string
	Data []byte

	lineStarts []int // computed lazily

	// built is set for the stand-in source of an op or a function built
	// in Go, which has no text: Name says where it is ("@f op #2") and
	// its line is the op as printed when the message is rendered.
	built   bool
	builtOp *Op
}

// NewSource wraps the contents of a named input.
func NewSource(name string, data []byte) *Source { return &Source{Name: name, Data: data} }

// Pos is a position in a Source: 1-based line and byte column. The zero
// Pos means "unknown".
type Pos struct {
	File *Source
	Line int32
	Col  int32
}

// Before reports whether p comes before q in the text (line, then column).
func (p Pos) Before(q Pos) bool {
	return p.Line < q.Line || (p.Line == q.Line && p.Col < q.Col)
}

// IsValid reports whether p points somewhere.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	name := "<unknown>"
	if p.File != nil {
		name = p.File.Name
		if p.File.built {
			return name
		}
	}
	if !p.IsValid() {
		return name
	}
	return fmt.Sprintf("%s:%d:%d", name, p.Line, p.Col)
}

// Line returns the text of line n (1-based) without its newline.
func (s *Source) Line(n int) string {
	if s == nil || n <= 0 {
		return ""
	}
	if s.built {
		if s.builtOp == nil {
			return ""
		}
		return OpString(s.builtOp)
	}
	if s.lineStarts == nil {
		starts := []int{0}
		for i, c := range s.Data {
			if c == '\n' {
				starts = append(starts, i+1)
			}
		}
		s.lineStarts = starts
	}
	if n > len(s.lineStarts) {
		return ""
	}
	start := s.lineStarts[n-1]
	end := len(s.Data)
	if n < len(s.lineStarts) {
		end = s.lineStarts[n] - 1
	}
	line := s.Data[start:end]
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return string(line)
}

// Severity of a diagnostic.
type Severity uint8

// The severities, with MLIR's names.
const (
	SevError Severity = iota
	SevWarning
	SevNote
	SevRemark
)

func (s Severity) String() string {
	switch s {
	case SevWarning:
		return "warning"
	case SevNote:
		return "note"
	case SevRemark:
		return "remark"
	}
	return "error"
}

// Diagnostic is one message about the input: where, how bad, what, and
// attached notes. Diagnostics are data; Render turns them into text.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
	Notes    []*Diagnostic
	// Fix is a fix-it hint: what the user most likely meant ("did you
	// mean 'tensor<4xf32>'?"). It is rendered on its own line after the
	// excerpt and is not part of Msg, so messages stay MLIR-exact and
	// -verify-diagnostics ignores it.
	Fix string
	// Also holds further diagnostics reported together with this one (MLIR
	// reports some failures as two errors, e.g. "inferred type(s) ... are
	// incompatible" then "failed to infer returned types").
	Also []*Diagnostic
}

// Errorf returns an error diagnostic at pos.
func Errorf(pos Pos, format string, args ...any) *Diagnostic {
	return &Diagnostic{Pos: pos, Severity: SevError, Msg: fmt.Sprintf(format, args...)}
}

// Note attaches a note to d and returns d.
func (d *Diagnostic) Note(pos Pos, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, &Diagnostic{Pos: pos, Severity: SevNote, Msg: fmt.Sprintf(format, args...)})
	return d
}

// Error implements the error interface with the one-line form.
func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// Render writes d and its notes like clang and mlir-opt: the location
// line "file:line:col: error: msg", the source line and a caret under the
// column.
func (d *Diagnostic) Render(w io.Writer) {
	var sb strings.Builder
	d.render(&sb)
	io.WriteString(w, sb.String())
}

func (d *Diagnostic) render(sb *strings.Builder) {
	d.renderAt(sb, Pos{})
}

// renderAt renders d; a note at its parent's position (parent) repeats
// only the location line, not the source excerpt.
func (d *Diagnostic) renderAt(sb *strings.Builder, parent Pos) {
	if d.Pos.IsValid() {
		fmt.Fprintf(sb, "%s: %s: %s\n", d.Pos, d.Severity, d.Msg)
		if line := d.Pos.File.Line(int(d.Pos.Line)); d.Pos != parent && (line != "" || d.Pos.Col == 1) {
			text, col := snippet(line, int(d.Pos.Col))
			sb.WriteString(sanitizeLine(text))
			sb.WriteByte('\n')
			sb.WriteString(caretPad(text, col))
			sb.WriteString("^\n")
		}
		if d.Fix != "" {
			fmt.Fprintf(sb, "%s: fix-it: %s\n", d.Pos, d.Fix)
		}
	} else if d.Pos.File != nil {
		fmt.Fprintf(sb, "%s: %s: %s\n", d.Pos.File.Name, d.Severity, d.Msg)
	} else {
		fmt.Fprintf(sb, "%s: %s\n", d.Severity, d.Msg)
	}
	for _, n := range d.Notes {
		n.renderAt(sb, d.Pos)
	}
}

// Flatten returns d followed by the diagnostics in d.Also (recursively).
func (d *Diagnostic) Flatten() Diagnostics {
	out := Diagnostics{d}
	for _, a := range d.Also {
		out = append(out, a.Flatten()...)
	}
	return out
}

// Source lines longer than maxSnippetLine bytes (clang's limit for
// printing a line) are shown as a window of snippetWindow bytes around the
// column, cut ends marked "...", as clang does for -fmessage-length: a
// diagnostic on a 50 MB line prints a line, not 50 MB.
const (
	maxSnippetLine = 4096
	snippetWindow  = 160
)

// snippet returns the part of line to echo and the column of col in it.
func snippet(line string, col int) (string, int) {
	if len(line) <= maxSnippetLine {
		return line, col
	}
	at := min(max(col-1, 0), len(line))
	start := max(at-snippetWindow/2, 0)
	end := min(start+snippetWindow, len(line))
	if end-start < snippetWindow {
		start = max(end-snippetWindow, 0)
	}
	for start > 0 && !utf8.RuneStart(line[start]) {
		start++
	}
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end--
	}
	text := line[start:end]
	col = at - start + 1
	if start > 0 {
		text, col = "..."+text, col+3
	}
	if end < len(line) {
		text += "..."
	}
	return text, col
}

// sanitizeLine makes a source line safe to echo on a terminal: invalid
// UTF-8 and control characters other than tab become '?'. Byte columns are
// preserved.
func sanitizeLine(line string) string {
	ok := utf8.ValidString(line)
	for i := 0; ok && i < len(line); i++ {
		if c := line[i]; c < 0x20 && c != '\t' || c == 0x7f {
			ok = false
		}
	}
	if ok {
		return line
	}
	b := []byte(line)
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n <= 1 || r < 0x20 && r != '\t' || r == 0x7f {
			b[i] = '?'
			n = 1
		}
		i += n
	}
	return string(b)
}

// caretPad returns the whitespace that puts a caret under byte column col
// of line: tabs are kept, a multi-byte character takes one column.
func caretPad(line string, col int) string {
	var sb strings.Builder
	for i := 0; i < col-1 && i < len(line); {
		if line[i] == '\t' {
			sb.WriteByte('\t')
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(line[i:])
		sb.WriteByte(' ')
		i += n
	}
	for i := len(line); i < col-1; i++ {
		sb.WriteByte(' ')
	}
	return sb.String()
}

// Diagnostics is a list of diagnostics, the usual result of verification.
type Diagnostics []*Diagnostic

// HasErrors reports whether any diagnostic is an error.
func (ds Diagnostics) HasErrors() bool {
	for _, d := range ds {
		if d.Severity == SevError {
			return true
		}
	}
	return false
}

// Render writes every diagnostic.
func (ds Diagnostics) Render(w io.Writer) {
	for _, d := range ds {
		d.Render(w)
	}
}

// SortByPos orders diagnostics by source position, stably (the verifier
// reports in walk order already; this is for merging concurrent results).
func (ds Diagnostics) SortByPos() {
	sort.SliceStable(ds, func(i, j int) bool {
		a, b := ds[i].Pos, ds[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

func (ds Diagnostics) Error() string {
	var sb strings.Builder
	for i, d := range ds {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(d.Error())
	}
	return sb.String()
}

// Built reports whether s is the stand-in source of an op or a function
// built in Go, which has no text of its own.
func (s *Source) Built() bool { return s.built }
