package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// Transposed reads. A nest whose output is contiguous along its innermost
// loop (group b) but that reads some operand with a large stride there —
// and with stride 1 along the loop just outside it (group a) — is a
// transpose (x.T, x.T + b, NCHW -> NHWC). Run as two plain loops it
// touches a new cache line of that operand for every element, and clang
// cannot vectorize the strided reads: 0.4 GB/s on 8192x8192 f32, a 30th
// of a copy. So those two loops are blocked:
//
//	for b0 in b's range, by tileRows:         a tile
//	    for a1 in a's range, by 8:            (this thread's share of a)
//	        for b1 in b0 .. b0+tileRows, by 8:    an 8x8 block:
//	            load 8 rows of 8 contiguous elements of each transposed
//	            operand (prefetching 4 lines ahead), transpose them in
//	            registers (24 shuffles), read the other operands as
//	            8-lane vectors (contiguous, broadcast or gathered),
//	            compute the expression on vectors, store 8 vectors of 8
//	            contiguous results (non-temporal for a large output)
//	    (the edges that do not fill a block run the scalar body)
//
// Every load and store is a vector of consecutive elements; a tile reads
// tileRows rows of each transposed operand as sequential streams and
// writes each output row's part of the tile whole, at once. The shuffles
// are generic LLVM IR (unpack, 64-bit shuffle and 128-bit permute
// patterns) that x86's backend turns into single instructions and other
// targets lower correctly. On W10 of BENCH.md (8192x8192 f32) this runs
// 25-35x faster than the two plain loops that C -O3 compiles.

// tileLanes is the block size: 8x8 elements.
const tileLanes = 8

// tileRows is the number of inner-group iterations per tile (a multiple
// of tileLanes): tileRows rows of each transposed operand are read as
// sequential streams, and each output row is written tileRows elements
// at a time. Measured on 8192x8192 f32 (BENCH.md's W10): 32-256 are
// within noise of each other; 16 and 1024 are 1.5-2x slower.
const tileRows = 128

// prefetchBytes is how far ahead of a block each transposed row is
// prefetched: 4 cache lines.
const prefetchBytes = 256

// tilePlan marks the nest's two innermost groups for blocking.
type tilePlan struct {
	outer, inner int    // group levels: outer (operand-contiguous), inner (output-contiguous)
	transposed   []bool // per view: read with stride 1 along outer, another along inner
}

// planTile returns the blocking plan of a parallel nest, or nil: the
// output (views[0]) has stride 1 in the innermost group, and some operand
// has constant stride 1 in the group outside it and a stride other than 0
// and 1 in the innermost one.
func planTile(gs []group, views []*capturedView) *tilePlan {
	if len(gs) < 2 {
		return nil
	}
	in, out := len(gs)-1, len(gs)-2
	if !isConst(gs[in].strides[0], 1) || shortTrip(gs[in].trip, tileLanes) || shortTrip(gs[out].trip, tileLanes) {
		return nil
	}
	p := &tilePlan{outer: out, inner: in, transposed: make([]bool, len(views))}
	any := false
	for k, c := range views[1:] {
		s := gs[in].strides[k+1]
		if !c.v.index && isConst(gs[out].strides[k+1], 1) && !isConst(s, 0) && !isConst(s, 1) {
			p.transposed[k+1] = true
			any = true
		}
	}
	if !any {
		return nil
	}
	return p
}

// tiledLoops emits the blocked loops of groups plan.outer (range [from,
// to), this thread's share when it is the first group) and plan.inner at
// ptrs; body is the scalar element code for the edges. With non-temporal
// stores planned (a large output), blocks whose output rows are aligned
// to the vector size store with them.
func (ns *nest) tiledLoops(gs []group, views []*capturedView, from, to value.Value, ptrs []value.Value, body func([]value.Value)) {
	bl := ns.bl
	ga, gb := gs[ns.tile.outer], gs[ns.tile.inner]
	if ns.nt == nil {
		ns.tiles(ga, gb, views, from, to, ptrs, body, false)
		return
	}
	// Non-temporal vector stores need aligned addresses: the output's
	// first element of the nest and its row stride.
	vb := tileLanes * byteSize(views[0].v.elem)
	addr := bl.b.NewPtrToInt(ptrs[0], types.I64)
	ok := bl.icmp(enum.IPredEQ, bl.b.NewAnd(addr, i64c(vb-1)), i64c(0))
	rowBytes := bl.mul(ga.strides[0], i64c(byteSize(views[0].v.elem)))
	if c, static := constVal(rowBytes); !static || c%vb != 0 {
		ok = bl.and(ok, bl.icmp(enum.IPredEQ, bl.b.NewSRem(rowBytes, i64c(vb)), i64c(0)))
	}
	if ns.nt.cond != nil {
		ok = bl.and(ok, ns.nt.cond)
	}
	bl.ifElse(ok, "tile.nt", func() {
		ns.tiles(ga, gb, views, from, to, ptrs, body, true)
	}, func() {
		ns.tiles(ga, gb, views, from, to, ptrs, body, false)
	})
}

// tiles emits the loops of tiledLoops: tiles of tileRows iterations of
// the inner group, inside each the outer group's range in steps of 8 and
// the tile in blocks of 8 (so a transposed operand's tileRows rows are
// read as sequential streams and each output row's part of the tile is
// written whole at once).
func (ns *nest) tiles(ga, gb group, views []*capturedView, from, to value.Value, ptrs []value.Value, body func([]value.Value), nt bool) {
	bl := ns.bl
	at := func(a, b value.Value) []value.Value {
		out := make([]value.Value, len(ptrs))
		for k, c := range views {
			out[k] = ns.advance(c, ns.advance(c, ptrs[k], bl.mul(a, ga.strides[k])), bl.mul(b, gb.strides[k]))
		}
		return out
	}
	// scalar runs body over [a0, a1) x [b0, b1).
	scalar := func(a0, a1, b0, b1 value.Value) {
		bl.loopFrom(a0, a1, "t.a", func(a value.Value) {
			bl.loopFrom(b0, b1, "t.b", func(b value.Value) { body(at(a, b)) })
		})
	}
	lanes := i64c(tileLanes)
	aBlocks := bl.b.NewUDiv(bl.b.NewSub(to, from), lanes)
	aFull := bl.b.NewAdd(from, bl.b.NewMul(aBlocks, lanes))
	tiles := bl.b.NewUDiv(bl.b.NewAdd(gb.trip, i64c(tileRows-1)), i64c(tileRows))
	bl.loop(tiles, "tile", func(t value.Value) {
		b0 := bl.b.NewMul(t, i64c(tileRows))
		var bEnd value.Value = bl.b.NewAdd(b0, i64c(tileRows))
		bEnd = bl.b.NewSelect(bl.icmp(enum.IPredSLT, bEnd, gb.trip), bEnd, gb.trip)
		bBlocks := bl.b.NewUDiv(bl.b.NewSub(bEnd, b0), lanes)
		bFull := bl.b.NewAdd(b0, bl.b.NewMul(bBlocks, lanes))
		bl.loop(aBlocks, "tile.a", func(ak value.Value) {
			a1 := bl.b.NewAdd(from, bl.b.NewMul(ak, lanes))
			bl.loop(bBlocks, "tile.b", func(bk value.Value) {
				ns.block(views, at(a1, bl.b.NewAdd(b0, bl.b.NewMul(bk, lanes))), ga, gb, nt)
			})
			scalar(a1, bl.b.NewAdd(a1, lanes), bFull, bEnd)
		})
		scalar(aFull, to, b0, bEnd)
	})
}

// block computes one 8x8 block whose element (0, 0) is at ps: 8 vectors
// of 8 results along the inner group, one per outer position.
func (ns *nest) block(views []*capturedView, ps []value.Value, ga, gb group, nt bool) {
	bl := ns.bl
	leafOf := map[*node]int{}
	for k, c := range views[1:] {
		leafOf[c.leaf] = k + 1
	}
	// The transposed operands: 8 rows along the outer group, turned into
	// 8 columns along the inner one.
	cols := map[int][]value.Value{}
	for k, c := range views {
		if !ns.tile.transposed[k] {
			continue
		}
		st := storageType(c.v.elem)
		vt := types.NewVector(tileLanes, st)
		rows := make([]value.Value, tileLanes)
		for r := range rows {
			p := ns.advance(c, ps[k], bl.mul(i64c(int64(r)), gb.strides[k]))
			// The row's line a few blocks ahead (the streams are too many
			// for the hardware prefetchers to follow).
			pf := bl.mod.intrinsic("llvm.prefetch.p0i8", types.Void, i8p, types.I32, types.I32, types.I32)
			bl.b.NewCall(pf, bl.b.NewBitCast(ns.advance(c, p, i64c(prefetchBytes/byteSize(c.v.elem))), i8p), i32c(0), i32c(3), i32c(1))
			ld := bl.b.NewLoad(vt, bl.b.NewBitCast(p, types.NewPointer(vt)))
			ld.Align = llvm.Align(byteSize(c.v.elem))
			rows[r] = ld
		}
		cols[k] = transpose8(bl, rows)
	}
	dst := views[0]
	for col := range tileLanes {
		v, err := ns.evalWith(ns.root, func(l *node) value.Value {
			if l.view == nil {
				return ns.splat(ns.scalars[l], tileLanes)
			}
			k := leafOf[l]
			if t, ok := cols[k]; ok {
				return bl.fromStorage(t[col], l.elem)
			}
			p := ns.advance(views[k], ps[k], bl.mul(i64c(int64(col)), ga.strides[k]))
			return ns.vectorOf(l, p, gb.strides[k], tileLanes)
		})
		if err != nil {
			return // reported by the scalar body, which shares the tree
		}
		sv := bl.toStorage(v, dst.v.elem)
		p := ns.advance(dst, ps[0], bl.mul(i64c(int64(col)), ga.strides[0]))
		st := bl.b.NewStore(sv, bl.b.NewBitCast(p, types.NewPointer(sv.Type())))
		st.Align = llvm.Align(byteSize(dst.v.elem))
		if nt {
			st.Align = llvm.Align(tileLanes * byteSize(dst.v.elem))
			st.Metadata = append(st.Metadata, &metadata.Attachment{Name: "nontemporal", Node: ns.nt.md})
			ns.ntUsed = true
		}
	}
}

// transpose8 transposes 8 vectors of 8 lanes (rows[r][c] -> out[c][r])
// with AVX's classic sequence as generic shuffles: unpack low/high pairs,
// 64-bit shuffles, 128-bit permutes.
func transpose8(bl *builder, rows []value.Value) []value.Value {
	shuffle := func(a, b value.Value, mask ...int64) value.Value {
		m := make([]constant.Constant, len(mask))
		for i, x := range mask {
			m[i] = i32c(x)
		}
		return bl.b.NewShuffleVector(a, b, constant.NewVector(types.NewVector(uint64(len(mask)), types.I32), m...))
	}
	t := make([]value.Value, 8)
	for k := 0; k < 4; k++ {
		t[2*k] = shuffle(rows[2*k], rows[2*k+1], 0, 8, 1, 9, 4, 12, 5, 13)
		t[2*k+1] = shuffle(rows[2*k], rows[2*k+1], 2, 10, 3, 11, 6, 14, 7, 15)
	}
	s := make([]value.Value, 8)
	for h := 0; h < 2; h++ {
		a := t[4*h : 4*h+4]
		s[4*h] = shuffle(a[0], a[2], 0, 1, 8, 9, 4, 5, 12, 13)
		s[4*h+1] = shuffle(a[0], a[2], 2, 3, 10, 11, 6, 7, 14, 15)
		s[4*h+2] = shuffle(a[1], a[3], 0, 1, 8, 9, 4, 5, 12, 13)
		s[4*h+3] = shuffle(a[1], a[3], 2, 3, 10, 11, 6, 7, 14, 15)
	}
	out := make([]value.Value, 8)
	for c := range out {
		if c < 4 {
			out[c] = shuffle(s[c], s[4+c], 0, 1, 2, 3, 8, 9, 10, 11)
		} else {
			out[c] = shuffle(s[c-4], s[c], 4, 5, 6, 7, 12, 13, 14, 15)
		}
	}
	return out
}
