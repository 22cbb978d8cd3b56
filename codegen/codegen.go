package codegen

import (
	"fmt"
	"io"
	"maps"

	"github.com/tirc/tirc/codegen/cabi"
	"github.com/tirc/tirc/codegen/llvmtext"
	"github.com/tirc/tirc/codegen/portable"
	"github.com/tirc/tirc/ir"
)

// Emit lowers a verified module to textual LLVM IR. Every function with a
// body becomes an entry point of the native ABI (private ones get internal
// linkage); external declarations become declarations; tirc_free is
// defined in every module. Errors (a type or op codegen cannot lower, an
// unranked tensor) are diagnostics at the op or function.
func Emit(m *ir.Module, opts Options) (out []byte, diags ir.Diagnostics) {
	t, diags := EmitText(m, opts)
	if t == nil {
		return nil, diags
	}
	return t.body.AppendTo(make([]byte, 0, t.Len())), diags
}

// Text is emitted LLVM IR held in chunks: WriteTo writes it without
// joining it into one buffer first, which at a million ops is gigabytes.
type Text struct{ body *llvmtext.Text }

// Len is the text's size in bytes.
func (t *Text) Len() int { return t.body.Len() }

// WriteTo writes the text to w.
func (t *Text) WriteTo(w io.Writer) (int64, error) { return t.body.WriteTo(w) }

// EmitText is Emit with the text in chunks (see Text).
func EmitText(m *ir.Module, opts Options) (out *Text, diags ir.Diagnostics) {
	t := &llvmtext.Text{}
	diags = emit(m, opts, t)
	if diags.HasErrors() {
		return nil, diags
	}
	if opts.Portable {
		p, err := portable.Multiversion(t.AppendTo(nil), cabi.ErrorFDSymbol)
		if err != nil {
			return nil, append(diags, ir.Errorf(m.Pos, "%v", err))
		}
		t = &llvmtext.Text{}
		t.Write(p)
	}
	return &Text{body: t}, diags
}

// EmitTo is Emit writing the text to w as it is made: each function is
// written once it is lowered, so memory holds one function's llir objects
// and a chunk of text, never the module's (what tirc -emit-llvm does).
// The module-level entities (type definitions, globals, declarations,
// metadata) follow the functions, as LLVM IR allows. When the diagnostics
// have errors (or w failed: err), w may have received part of the text:
// the caller discards it.
func EmitTo(w io.Writer, m *ir.Module, opts Options) (diags ir.Diagnostics, err error) {
	if opts.Portable { // Multiversion needs the whole text
		t, diags := EmitText(m, opts)
		if t != nil {
			_, err = t.WriteTo(w)
		}
		return diags, err
	}
	t := llvmtext.NewSink(w)
	diags = emit(m, opts, t)
	return diags, t.Flush()
}

// emit lowers m into t: the header, then each function as it is done,
// then the module-level entities.
func emit(m *ir.Module, opts Options, t *llvmtext.Text) (diags ir.Diagnostics) {
	if ds := checkModule(m); ds.HasErrors() {
		return ds
	}
	mc := newModuleCtx(opts, t)
	defer mc.closeStreams()
	for _, f := range m.Funcs {
		if f.Visibility != "private" || f.External {
			mc.symbols[f.Name] = true // external symbols keep their names
		}
	}
	for _, f := range m.Funcs {
		if err := checkFunc(f); err != nil {
			diags = append(diags, err)
			continue
		}
		if err := mc.declare(m, f); err != nil {
			diags = append(diags, asDiag(err, f.Pos))
		}
	}
	if diags.HasErrors() {
		return diags
	}
	mc.declared = maps.Clone(mc.symbols)
	mc.writeHead()
	mc.writeTypeDefs() // the descriptor types of the signatures
	diags = append(diags, mc.lowerAll(bodies(m))...)
	if diags.HasErrors() {
		return diags
	}
	if mc.ioErr != nil {
		return ir.Diagnostics{ir.Errorf(m.Pos, "writing LLVM IR: %v", mc.ioErr)}
	}
	mc.emitFree()
	mc.errorFD()
	mc.emitCompilerUsed()
	if err := mc.writeModule(); err != nil {
		return ir.Diagnostics{ir.Errorf(m.Pos, "writing LLVM IR: %v", err)}
	}
	return diags
}

// checkModule refuses a module with ops besides its functions, and
// expands the ops defined as other ops (linalg's named ops).
func checkModule(m *ir.Module) ir.Diagnostics {
	if len(m.Ops) > 0 { // symbol ops and the like: no lowering
		return ir.Diagnostics{m.Ops[0].Op.Errorf("is an op at the top level of the module: codegen lowers functions only")}
	}
	return ir.ExpandModule(m)
}

// checkFunc refuses a function whose name or types codegen does not
// lower, before anything is lowered.
func checkFunc(f *ir.Func) *ir.Diagnostic {
	if err := cabi.CheckName(f); err != nil {
		return err
	}
	return checkLowerable(f)
}

// lowerGuarded lowers f, turning a panic into an internal error that
// names the function.
func lowerGuarded(mc *moduleCtx, f *ir.Func) (err error) {
	defer func() {
		if r := recover(); r != nil {
			panic(ir.Recovered(r, fmt.Sprintf("codegen of @%s", f.Name), f.Pos))
		}
	}()
	return mc.lowerFunc(f)
}

func asDiag(err error, pos ir.Pos) *ir.Diagnostic {
	if d, ok := err.(*ir.Diagnostic); ok {
		return d
	}
	return ir.Errorf(pos, "%v", err)
}

// checkLowerable refuses tensor types with an encoding (`tensor<4xf32,
// "enc">`, a sparse layout): codegen knows the dense row-major layout of
// the native ABI only; ops with regions other than scf's (scf.go); and ops whose kernel is not
// defined on their element type (ir.KernelDomainError).
func checkLowerable(f *ir.Func) *ir.Diagnostic {
	if d := checkTypes(f); d != nil {
		return d
	}
	const why = "codegen lowers dense tensors without an encoding only"
	for i, a := range f.Args() {
		if ir.Encoding(a.Type()) != nil {
			return ir.Errorf(f.Pos, "argument #%d of @%s has the encoded tensor type '%s': %s", i, f.Name, ir.TypeString(a.Type()), why)
		}
	}
	for i, t := range f.ResultTypes {
		if ir.Encoding(t) != nil {
			return ir.Errorf(f.Pos, "result #%d of @%s has the encoded tensor type '%s': %s", i, f.Name, ir.TypeString(t), why)
		}
	}
	for _, op := range f.AllOps() {
		if op.NumRegions() > 0 && (op.Def == nil || op.Def.Kernel != ir.KernelRegion) && !lowersRegion(op) && !lowersRegions(op) {
			return op.Errorf("has %d region(s): codegen has no lowering for ops with regions", op.NumRegions())
		}
		for _, r := range op.Results() {
			if ir.Encoding(r.Type()) != nil {
				return op.Errorf("has the encoded tensor type '%s': %s", ir.TypeString(r.Type()), why)
			}
		}
		if msg := ir.KernelDomainError(op); msg != "" {
			return op.Errorf("%s: codegen has no lowering for it", msg)
		}
	}
	return nil
}
