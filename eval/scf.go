package eval

import (
	"fmt"

	"github.com/tirc/tirc/ir"
)

// The scf dialect's structured control flow: scf.if, scf.for and
// scf.while run their regions' blocks in the caller's frame.

// MaxWhileTrips bounds the iterations of one scf.while, so that a loop
// whose condition never fails is an error rather than a hang.
var MaxWhileTrips int64 = 1 << 26

// control runs an op with regions on its operand values.
func (m *machine) control(op *ir.Op, in []*Tensor, fr *frame) ([]*Tensor, error) {
	switch op.Name {
	case "scf.if":
		r := op.Region(1)
		if in[0].Ints[0] != 0 {
			r = op.Region(0)
		}
		if r.Empty() {
			return nil, nil
		}
		return m.block(r.Front(), nil, fr)
	case "scf.for":
		return m.forLoop(op, in, fr)
	case "scf.while":
		return m.whileLoop(op, in, fr)
	}
	return m.regionOp(op, in, fr.get) // tensor_ops.go
}

// block runs b with its arguments bound to args and returns what its
// terminator passes on.
func (m *machine) block(b *ir.Block, args []*Tensor, fr *frame) ([]*Tensor, error) {
	for i, a := range b.Args() {
		fr.set(a, args[i])
	}
	out, term, err := m.run(b.Ops(), fr)
	if err == nil && term == nil {
		err = fmt.Errorf("%s: a block of '%s' has no terminator", b.ParentOp().Pos, b.ParentOp().Name)
	}
	return out, err
}

// forLoop runs scf.for: the body for iv = lb, lb+step, ... while iv < ub
// (signed, in the bounds' type), each iteration's yield feeding the next.
func (m *machine) forLoop(op *ir.Op, in []*Tensor, fr *frame) ([]*Tensor, error) {
	lb, ub, step := in[0].Ints[0], in[1].Ints[0], in[2].Ints[0]
	if step <= 0 {
		return nil, runtimeErr(op, "step %d is not positive", step)
	}
	carried := in[3:]
	t := in[0].Elem
	for iv := lb; iv < ub; {
		args := append([]*Tensor{Ints(t, nil, iv)}, carried...)
		out, err := m.block(op.Region(0).Front(), args, fr)
		if err != nil {
			return nil, err
		}
		carried = out
		next := ir.WrapInt(iv+step, t)
		if next <= iv {
			break // the induction variable would wrap past ub
		}
		iv = next
	}
	return carried, nil
}

// whileLoop runs scf.while: the before region decides, on the carried
// values, whether to run the after region on what it passes, or to end
// with those values as the results.
func (m *machine) whileLoop(op *ir.Op, in []*Tensor, fr *frame) ([]*Tensor, error) {
	carried := in
	for trips := int64(0); ; trips++ {
		if trips > MaxWhileTrips {
			return nil, runtimeErr(op, "ran more than %d iterations", MaxWhileTrips)
		}
		out, err := m.block(op.Region(0).Front(), carried, fr)
		if err != nil {
			return nil, err
		}
		if out[0].Ints[0] == 0 {
			return out[1:], nil
		}
		if carried, err = m.block(op.Region(1).Front(), out[1:], fr); err != nil {
			return nil, err
		}
	}
}
