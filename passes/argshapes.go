package passes

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/tirc/tirc/ir"
	"github.com/tirc/tirc/traits"
)

// ArgShapes is a parsed -arg-shapes value: for each function, the shapes
// to give some of its arguments.
//
// Syntax: `@f:0=4x8,1=8` gives argument #0 of @f the shape 4x8 and argument
// #1 the shape 8; several functions are separated by ';'
// (`@f:0=4;@g:1=2x2`). A dimension is a size or '?' (stays dynamic), and an
// empty shape (`0=`) is rank 0. Argument numbers rather than names, because
// that is what a caller of the compiled function knows (its ABI position),
// and the element type is kept from the declaration.
type ArgShapes []FuncArgShapes

// FuncArgShapes are the argument shapes for one function.
type FuncArgShapes struct {
	Func string
	Args []ArgShape
}

// ArgShape is one argument's shape.
type ArgShape struct {
	Index int
	Shape []int64
}

type argShapesAST struct {
	Funcs []*funcShapesAST `parser:"@@ ( ';' @@ )* ';'?"`
}

type funcShapesAST struct {
	Name string         `parser:"@Sym ':'"`
	Args []*argShapeAST `parser:"@@ ( ',' @@ )*"`
}

type argShapeAST struct {
	Index string   `parser:"@Int '='"`
	Dims  []string `parser:"( @(Int | '?') ( 'x' @(Int | '?') )* )?"`
}

var argShapesParser = participle.MustBuild[argShapesAST](
	participle.Lexer(lexer.MustSimple([]lexer.SimpleRule{
		{Name: "ws", Pattern: `\s+`},
		{Name: "Sym", Pattern: `@[A-Za-z_$.][A-Za-z0-9_$.\-]*`},
		{Name: "Int", Pattern: `[0-9]+`},
		{Name: "Punct", Pattern: `[:=,;?x]`},
	})),
	participle.Elide("ws"),
)

// ParseArgShapes parses an -arg-shapes value (see ArgShapes). Errors name
// the offending text.
func ParseArgShapes(s string) (ArgShapes, error) {
	ast, err := argShapesParser.ParseString("", s)
	if err != nil {
		return nil, argShapesError(s, err)
	}
	var out ArgShapes
	seen := map[string]bool{}
	for _, f := range ast.Funcs {
		fs := FuncArgShapes{Func: f.Name[1:]}
		for _, a := range f.Args {
			idx, err := strconv.Atoi(a.Index)
			if err != nil || idx > 1<<20 {
				return nil, fmt.Errorf("argument number '%s' is out of range", a.Index)
			}
			key := fs.Func + "#" + a.Index
			if seen[key] {
				return nil, fmt.Errorf("argument #%d of @%s is given twice", idx, fs.Func)
			}
			seen[key] = true
			shape := make([]int64, 0, len(a.Dims))
			for _, d := range a.Dims {
				if d == "?" {
					shape = append(shape, ir.Dynamic)
					continue
				}
				n, err := strconv.ParseInt(d, 10, 64)
				if err != nil || n > ir.MaxElements {
					return nil, fmt.Errorf("dimension size '%s' is too large", d)
				}
				shape = append(shape, n)
			}
			if e := ir.ShapeError(shape, false); e != "" {
				return nil, fmt.Errorf("the shape of argument #%d of @%s: %s", idx, fs.Func, e)
			}
			fs.Args = append(fs.Args, ArgShape{idx, shape})
		}
		out = append(out, fs)
	}
	return out, nil
}

func argShapesError(s string, err error) error {
	const form = "expected @func:N=DIMS[,N=DIMS...][;@func2:...], e.g. @f:0=4x8,1=8"
	var ute *participle.UnexpectedTokenError
	var perr participle.Error
	switch {
	case errors.As(err, &ute):
		if ute.Unexpected.EOF() {
			return fmt.Errorf("'%s' ends too early: %s", s, form)
		}
		return fmt.Errorf("'%s': unexpected '%s' at column %d: %s", s, ute.Unexpected.Value, ute.Unexpected.Pos.Column, form)
	case errors.As(err, &perr):
		tok := ""
		if off := perr.Position().Offset; off >= 0 && off < len(s) {
			tok = s[off : off+1]
		}
		return fmt.Errorf("'%s': unexpected '%s' at column %d: %s", s, tok, perr.Position().Column, form)
	}
	return fmt.Errorf("'%s': %s", s, form)
}

// Apply gives the named arguments their shapes. An unknown function, an
// argument number out of range, a non-tensor argument or a shape that
// contradicts the declared type is an error at the function.
func (as ArgShapes) Apply(m *ir.Module) (changed []*ir.Func, diags ir.Diagnostics) {
	for _, fs := range as {
		f := m.Lookup(fs.Func)
		if f == nil {
			diags = append(diags, ir.Errorf(m.Pos, "-arg-shapes names @%s, but the module has no function of that name", fs.Func))
			continue
		}
		did := false
		for _, a := range fs.Args {
			if a.Index >= len(f.Args()) {
				diags = append(diags, f.Errorf("-arg-shapes gives argument #%d, but @%s has %d argument(s)", a.Index, f.Name, len(f.Args())))
				continue
			}
			old := f.Arg(a.Index).Type()
			tt, ok := old.(*ir.TensorType)
			if !ok {
				diags = append(diags, f.Errorf("-arg-shapes gives argument #%d of @%s a shape, but its type '%s' is not a tensor", a.Index, f.Name, ir.TypeString(old)))
				continue
			}
			shape := a.Shape
			if !tt.Unranked {
				j, ok := traits.JoinShapes(tt.Shape, a.Shape)
				if !ok {
					diags = append(diags, f.Errorf("-arg-shapes gives argument #%d of @%s the shape '%s', incompatible with its type '%s'",
						a.Index, f.Name, ir.ShapeString(a.Shape), ir.TypeString(old)))
					continue
				}
				shape = j
			}
			t := ir.Tensor(tt.Elem, shape...)
			if !ir.TypeEqual(t, old) {
				f.SetArgType(a.Index, t)
				did = true
			}
		}
		if did {
			changed = append(changed, f)
		}
	}
	return changed, diags
}
