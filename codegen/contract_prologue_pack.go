package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// The packing of an operand computed by its prologue
// (contract_prologue.go): the panels' layouts are packBPanel's and
// packABlock's, each element the prologue's value at its place, computed
// once per packing pass. Where every leaf is contiguous or broadcast
// along the packed direction (B's columns, A's K) and the strip is full,
// the prologue runs on vectors; else element by element.

// packBPrologue packs B[pc:pc+kc, jc:jc+nc] as packBPanel does, each
// element computed by B's prologue.
func (g *gemmCall) packBPrologue(bl *builder, pc, jc, kc, nc value.Value) {
	pr := g.proB
	st := storageType(g.e)
	NR := int64(g.p.NR)
	blocks(bl, i64c(0), nc, g.p.NR, "packb", func(s, w value.Value) {
		dst := bl.gep(st, g.packB, bl.mul(s, kc))
		top := pr.at(bl, pc, bl.add(jc, s))
		fast := bl.and(bl.icmp(enum.IPredEQ, w, i64c(NR)), pr.vecOK)
		bl.ifElse(fast, "packb.full", func() {
			bl.loop(kc, "packb.k", func(k value.Value) {
				x := pr.vectorAt(bl, pr.down(bl, top, k), i64c(0), NR)
				d := bl.gep(st, dst, bl.mul(k, i64c(NR)))
				s := store(bl.b, x, bl.b.NewBitCast(d, types.NewPointer(x.Type())))
				s.Align = llvm.Align(byteSize(g.e))
			})
		}, func() {
			bl.loop(kc, "packb.k", func(k value.Value) {
				row := pr.down(bl, top, k)
				d := bl.gep(st, dst, bl.mul(k, i64c(NR)))
				bl.loop(i64c(NR), "packb.j", func(j value.Value) {
					in := bl.b.NewICmp(enum.IPredSLT, j, w)
					x := pr.scalarAt(bl, row, bl.b.NewSelect(in, j, i64c(0)))
					store(bl.b, bl.b.NewSelect(in, x, floatConst(st, 0)), bl.gep(st, d, j))
				})
			})
		})
	})
}

// packAPrologue packs A[ic:ic+mc, pc:pc+kc] as packABlock does, each
// element computed by A's prologue (a row past mc computes the last
// row's, and stores 0); a full strip goes packAChunk elements of k at a
// time on vectors.
func (g *gemmCall) packAPrologue(bl *builder, ic, pc, mcv, kc value.Value) {
	pr := g.proA
	st := storageType(g.e)
	MR := int64(g.p.MR)
	blocks(bl, i64c(0), mcv, g.p.MR, "packa", func(r, h value.Value) {
		dst := bl.gep(st, g.packA, bl.mul(r, kc))
		rows := make([][]value.Value, MR)
		valid := make([]value.Value, MR)
		for i := range MR {
			valid[i] = bl.b.NewICmp(enum.IPredSLT, i64c(i), h)
			row := bl.add(bl.add(ic, r), minI64(bl, i64c(i), bl.b.NewSub(h, i64c(1))))
			rows[i] = pr.at(bl, row, pc)
		}
		fast := bl.and(pr.vecOK, bl.icmp(enum.IPredEQ, h, i64c(MR)))
		chunks := bl.selectI64(fast, bl.b.NewSDiv(kc, i64c(packAChunk)), i64c(0))
		bl.loop(chunks, "packa.chunk", func(c value.Value) {
			k0 := bl.mul(c, i64c(packAChunk))
			vs := make([]value.Value, MR)
			for i := range MR {
				vs[i] = pr.vectorAt(bl, rows[i], k0, packAChunk)
			}
			storeAChunk(bl, g.e, vs, dst, k0)
		})
		bl.loopFrom(bl.mul(chunks, i64c(packAChunk)), kc, "packa.k", func(k value.Value) {
			d := bl.gep(st, dst, bl.b.NewMul(k, i64c(MR)))
			for i := range MR {
				x := pr.scalarAt(bl, rows[i], k)
				store(bl.b, bl.b.NewSelect(valid[i], x, floatConst(st, 0)), bl.gep(st, d, i64c(i)))
			}
		})
	})
}

// views is the number of pc's view leaves.
func (pc *proCall) views() int {
	n := 0
	for _, lf := range pc.p.leaves {
		if lf.scalar == nil {
			n++
		}
	}
	return n
}
