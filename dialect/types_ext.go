package dialect

import "github.com/tirc/tirc/ir"

// elemOrMemRef is the element type of a tensor or vector, a scalar itself,
// or the scalar element of a memref (arith's casts accept memrefs); nil
// otherwise.
func elemOrMemRef(t ir.Type) *ir.Scalar {
	if m, ok := t.(*ir.MemRefType); ok {
		e, _ := m.Elem.(*ir.Scalar)
		return e
	}
	return ir.ElementType(t)
}

// elemOrMemRefIs is elemIs with memrefs of scalars: MLIR's "X-like or
// memref of X" constraints.
func elemOrMemRefIs(t ir.Type, pred func(*ir.Scalar) bool) bool {
	e := elemOrMemRef(t)
	return e != nil && pred(e)
}

// verifyScalableConstant refuses a scalable vector constant that is not a
// splat, as MLIR's arith.constant does (it has no way to give each lane of
// an unknown count a value).
func verifyScalableConstant(op *ir.Op) *ir.Diagnostic {
	v, ok := op.Result(0).Type().(*ir.VectorType)
	if !ok || !v.HasScalableDims() {
		return nil
	}
	if d, ok := op.Attr("value").(*ir.DenseAttr); ok && !d.Splat {
		return op.Errorf("intializing scalable vectors with elements attribute is not supported unless it's a vector splat") // sic, MLIR's spelling
	}
	return nil
}
