package codegen

import "github.com/tirc/tirc/ir"

// CheckTypes reports each function of m that has a type (or a tensor op,
// unloweredTensorOp) codegen does not lower: memrefs, complex types,
// scalable vectors and integers of widths other than 1, 8, 16, 32 and 64. tirc parses and verifies them as MLIR
// does (SPEC 2); lowering refuses them here, at the op or function that
// has one, before any pass or lowering step meets them.
func CheckTypes(m *ir.Module) ir.Diagnostics {
	var ds ir.Diagnostics
	for _, f := range m.Funcs {
		if d := checkTypes(f); d != nil {
			ds = append(ds, d)
		}
	}
	return ds
}

// checkTypes returns the first unlowerable type of f, at the op that has
// it (or at f for its signature).
func checkTypes(f *ir.Func) *ir.Diagnostic {
	for i, a := range f.Args() {
		if !ir.Lowerable(a.Type()) {
			return ir.Errorf(f.Pos, "argument #%d of @%s has the type '%s': %s", i, f.Name, ir.TypeString(a.Type()), notLowered(a.Type()))
		}
	}
	for i, t := range f.ResultTypes {
		if !ir.Lowerable(t) {
			return ir.Errorf(f.Pos, "result #%d of @%s has the type '%s': %s", i, f.Name, ir.TypeString(t), notLowered(t))
		}
	}
	for op := range f.Ops() {
		if err := unloweredTensorOp(op); err != nil {
			return err
		}
		for i, r := range op.Results() {
			if !ir.Lowerable(r.Type()) {
				return op.Errorf("result #%d has the type '%s': %s", i, ir.TypeString(r.Type()), notLowered(r.Type()))
			}
		}
	}
	return nil
}

// notLowered says why t is not lowered.
func notLowered(t ir.Type) string {
	what := "this type"
	switch x := t.(type) {
	case *ir.MemRefType:
		what = "memref types"
	case *ir.VectorType:
		if x.HasScalableDims() {
			what = "scalable vectors"
		} else if len(x.Shape) == 0 {
			what = "0-d vectors"
		} else {
			return notLowered(x.Elem)
		}
	case *ir.TensorType:
		return notLowered(x.Elem)
	case *ir.Scalar:
		if x.IsComplex() {
			what = "complex types"
		} else {
			what = "integers of other widths or signedness"
		}
	}
	return "tirc parses and verifies " + what + " but does not lower them (it lowers i1, i8, i16, i32, i64, index, f16, bf16, f32, f64 and fixed-size vectors)"
}
