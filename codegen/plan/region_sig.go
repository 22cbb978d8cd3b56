package plan

import (
	"encoding/binary"

	"github.com/tirc/tirc/ir"
)

// appendRegionSig appends the structure of op's regions to a signature:
// every nested op's own signature and which value each of its operands
// is (a block argument or an earlier result, numbered in order, or a
// value from around the op: its defining op's signature, so a constant's
// value counts). Two linalg ops with the same attributes and types but
// other bodies compute other kernels.
func appendRegionSig(b []byte, op *ir.Op) []byte {
	num := map[*ir.Value]int{}
	var walk func(o *ir.Op)
	walk = func(o *ir.Op) {
		b = binary.AppendVarint(b, int64(o.NumRegions()))
		for _, r := range o.Regions() {
			b = binary.AppendVarint(b, int64(r.NumBlocks()))
			for _, blk := range r.Blocks() {
				b = binary.AppendVarint(b, int64(len(blk.Args())))
				for _, a := range blk.Args() {
					num[a] = len(num)
					b = ir.AppendType(b, a.Type())
					b = append(b, 0)
				}
				for inner := range blk.Ops() {
					b = AppendOpSig(b, inner)
					for _, v := range inner.Operands() {
						if n, ok := num[v]; ok {
							b = binary.AppendVarint(b, int64(n))
							continue
						}
						b = binary.AppendVarint(b, -1)
						if d := v.Def(); d != nil && d.NumRegions() == 0 {
							b = AppendOpSig(b, d)
						}
					}
					for _, res := range inner.Results() {
						num[res] = len(num)
					}
				}
			}
		}
	}
	walk(op)
	return b
}
