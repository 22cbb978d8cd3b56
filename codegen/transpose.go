package codegen

import (
	llvm "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"

	"github.com/tirc/tirc/codegen/plan"
	"github.com/tirc/tirc/ir"
)

// Transposed reads. A nest whose output is contiguous along its innermost
// loop (group b) but that reads some operand with a large stride there —
// and with stride 1 along the loop just outside it (group a) — is a
// transpose (x.T, x.T + b, NCHW -> NHWC). Run as two plain loops it
// touches a new cache line of that operand for every element, and clang
// cannot vectorize the strided reads: 0.4 GB/s on 8192x8192 f32, a 30th
// of a copy. So those two loops are blocked:
//
//	for b0 in b's range, by bufRows:              a tile
//	    for a0 in a's range, by bufCols:          (this thread's share of a)
//	        copy rows b0 .. b0+bufRows of elements a0 .. a0+bufCols of
//	        each transposed operand into its stack buffer, row by row
//	        (prefetching bufAhead rows ahead)
//	        for a1 in a0 .. a0+bufCols, by 8:
//	            for b1 in b0 .. b0+bufRows, by 8:  an 8x8 block:
//	                load 8 rows of 8 contiguous elements of each
//	                transposed operand from its buffer, transpose them in
//	                registers (24 shuffles), read the other operands as
//	                8-lane vectors (contiguous, broadcast or gathered),
//	                compute the expression on vectors, store 8 vectors of
//	                8 contiguous results (non-temporal for a large output:
//	                then lineBlocks blocks side by side, row by row, so
//	                that each store sequence fills whole cache lines)
//	    (the edges that do not fill a block run the scalar body)
//
// Every load and store is a vector of consecutive elements; a tile reads
// each transposed operand's rows one after another and writes each output
// row's part of the tile whole, at once. The shuffles are generic LLVM IR
// (unpack, 64-bit shuffle and 128-bit permute patterns) that x86's
// backend turns into single instructions and other targets lower
// correctly. The buffer keeps the tile's rows in the first-level cache
// while the blocks are read across them (W10 in BENCH.md).

// tileLanes is the block size: 8x8 elements.
const tileLanes = plan.TileLanes

// tilePlan marks the nest's two innermost groups for blocking.
type tilePlan struct {
	outer, inner int           // group levels: outer (operand-contiguous), inner (output-contiguous)
	transposed   []bool        // per view: read with stride 1 along outer, another along inner
	bufs         []value.Value // per transposed view, its tile buffer (tileBuffers)
}

// tileOf is the tiles of a nest's version (plan.NewTile, planned by
// PlanFast) for its n views, or nil.
func tileOf(t *plan.Tile, n int) *tilePlan {
	if t == nil {
		return nil
	}
	p := &tilePlan{outer: t.Outer, inner: t.Inner, transposed: make([]bool, n)}
	for _, k := range t.Transposed {
		p.transposed[k] = true
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

// tiles emits the loops of tiledLoops. Each tile is bufRows iterations
// of the inner group by bufCols of the outer one. First the transposed
// operands' part of the tile is copied, row by row (bufCols contiguous
// elements of each of bufRows rows, prefetching a few rows ahead), into a
// buffer on the stack; then the tile is computed in 8x8 blocks reading the
// buffer: the outer group's positions in steps of 8, and for each the
// tile's blocks along the inner group, so each output row's part of the
// tile is written whole, at once. (Rows of a large operand are far apart
// in memory, often a power of two: read straight from it, a tile's rows
// evict each other from the caches and the hardware prefetcher follows
// none of them; copied row by row they are sequential reads.)
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
	bufs := ns.tileBuffers(views)
	cols := bufCols(views, ns.tile.transposed)
	lanes := i64c(tileLanes)
	aBlocks := bl.b.NewUDiv(bl.b.NewSub(to, from), lanes)
	aFull := bl.b.NewAdd(from, bl.b.NewMul(aBlocks, lanes))
	chunks := bl.b.NewUDiv(bl.b.NewAdd(aBlocks, i64c(cols/tileLanes-1)), i64c(cols/tileLanes))
	tiles := bl.b.NewUDiv(bl.b.NewAdd(gb.trip, i64c(bufRows-1)), i64c(bufRows))
	bl.loop(tiles, "tile", func(t value.Value) {
		b0 := bl.b.NewMul(t, i64c(bufRows))
		var bEnd value.Value = bl.b.NewAdd(b0, i64c(bufRows))
		bEnd = bl.b.NewSelect(bl.icmp(enum.IPredSLT, bEnd, gb.trip), bEnd, gb.trip)
		bBlocks := bl.b.NewUDiv(bl.b.NewSub(bEnd, b0), lanes)
		bFull := bl.b.NewAdd(b0, bl.b.NewMul(bBlocks, lanes))
		bl.loop(chunks, "tile.c", func(ch value.Value) {
			a0 := bl.b.NewAdd(from, bl.b.NewMul(ch, i64c(cols)))
			var aEnd value.Value = bl.b.NewAdd(a0, i64c(cols))
			aEnd = bl.b.NewSelect(bl.icmp(enum.IPredSLT, aEnd, aFull), aEnd, aFull)
			ns.fillTileBuffers(views, bufs, cols, at, a0, aEnd, b0, bFull)
			bl.loop(bl.b.NewUDiv(bl.b.NewSub(aEnd, a0), lanes), "tile.a", func(ak value.Value) {
				da := bl.b.NewMul(ak, lanes)
				a1 := bl.b.NewAdd(a0, da)
				// blocks computes the n blocks from the bk-th on along
				// the inner group and stores them (storeBlocks).
				blocks := func(bk value.Value, n int) {
					out := make([][]pendingStore, n)
					for g := range out {
						db := bl.b.NewMul(bl.add(bk, i64c(int64(g))), lanes)
						ps := at(a1, bl.b.NewAdd(b0, db))
						rows := make([]value.Value, len(views))
						for k, buf := range bufs {
							if buf != nil {
								ps[k] = bl.gep(storageType(views[k].v.elem), buf, bl.add(bl.mul(db, i64c(cols)), da))
								rows[k] = i64c(cols)
							}
						}
						out[g] = ns.block(views, ps, rows, ga, gb)
					}
					ns.storeBlocks(views[0].v.elem, out, nt)
				}
				per := 1
				if nt {
					per = lineBlocks(views[0].v.elem)
				}
				bl.loop(bl.b.NewUDiv(bBlocks, i64c(int64(per))), "tile.b", func(bg value.Value) {
					blocks(bl.b.NewMul(bg, i64c(int64(per))), per)
				})
				if per > 1 { // the tile's last blocks that do not fill a line
					rest := bl.b.NewMul(bl.b.NewUDiv(bBlocks, i64c(int64(per))), i64c(int64(per)))
					bl.loopFrom(rest, bBlocks, "tile.b.rest", func(bk value.Value) { blocks(bk, 1) })
				}
				scalar(a1, bl.b.NewAdd(a1, lanes), bFull, bEnd)
			})
		})
		scalar(aFull, to, b0, bEnd)
	})
}

// A tile is bufRows iterations of the inner group (rows of a transposed
// operand, each output row's run of the tile) by bufCols(views) of the
// outer one (each such row's contiguous piece): at most bufBytes per
// transposed operand's buffer, on the stack of the thread running the
// nest. 256x128 is the size that measured fastest on W10 (BENCH.md's
// History has the others).
const (
	bufRows  = 256
	bufBytes = 128 << 10
)

// bufCols is the tile's width: 128 elements, fewer for 8-byte elements
// so that each buffer stays within bufBytes, and fewer again when several
// operands are transposed so that all buffers together stay within
// tileStack (a multiple of tileLanes, at least tileLanes: a nest reads at
// most maxFusedLeaves operands, so at most 32 x 256 x 8 x 8 bytes).
func bufCols(views []*capturedView, transposed []bool) int64 {
	cols, total := int64(128), int64(0)
	for k, c := range views {
		if transposed[k] {
			cols = min(cols, bufBytes/(bufRows*byteSize(c.v.elem)))
			total += bufRows * byteSize(c.v.elem)
		}
	}
	if total > 0 {
		cols = min(cols, tileStack/total)
	}
	return max(tileLanes, cols/tileLanes*tileLanes)
}

// tileStack bounds the tile buffers of one nest together: they live on
// the stack of the thread running it (worker threads' stacks can be small).
const tileStack = 512 << 10

// bufAhead is how many rows ahead of the copy the transposed operand's
// rows are prefetched.
const bufAhead = 8

// tileBuffers returns, per view, the stack buffer of a transposed operand
// (bufRows x bufCols elements, 64-byte aligned), nil for the others;
// allocated once per nest function.
func (ns *nest) tileBuffers(views []*capturedView) []value.Value {
	if ns.tile.bufs != nil {
		return ns.tile.bufs
	}
	ns.tile.bufs = make([]value.Value, len(views))
	for k, c := range views {
		if !ns.tile.transposed[k] {
			continue
		}
		st := storageType(c.v.elem)
		a := ns.bl.alloca(types.NewArray(uint64(bufRows*bufCols(views, ns.tile.transposed)), st))
		a.Align = 64
		ns.tile.bufs[k] = ns.bl.entry.NewGetElementPtr(a.ElemType, a, i64c(0), i64c(0))
	}
	return ns.tile.bufs
}

// fillTileBuffers copies rows [b0, b1) of elements [a0, a1) (a1 - a0 a
// multiple of 8, at most cols) of each transposed operand into its
// buffer (rows cols elements apart), in vectors of 8, prefetching the
// row bufAhead rows later.
func (ns *nest) fillTileBuffers(views []*capturedView, bufs []value.Value, cols int64, at func(a, b value.Value) []value.Value, a0, a1, b0, b1 value.Value) {
	bl := ns.bl
	lanes := i64c(tileLanes)
	vecs := bl.b.NewUDiv(bl.b.NewSub(a1, a0), lanes)
	bl.loopFrom(b0, b1, "tile.fill", func(b value.Value) {
		ps := at(a0, b)
		ahead := bl.b.NewAdd(b, i64c(bufAhead))
		pfOK := bl.icmp(enum.IPredSLT, ahead, b1)
		pfs := at(a0, bl.b.NewSelect(pfOK, ahead, b))
		row := bl.mul(bl.b.NewSub(b, b0), i64c(cols))
		bl.loop(vecs, "tile.fill.v", func(v value.Value) {
			off := bl.b.NewMul(v, lanes)
			for k, buf := range bufs {
				if buf == nil {
					continue
				}
				c := views[k]
				st := storageType(c.v.elem)
				vt := types.NewVector(tileLanes, st)
				pf := bl.mod.intrinsic("llvm.prefetch.p0i8", types.Void, i8p, types.I32, types.I32, types.I32)
				bl.b.NewCall(pf, bl.b.NewBitCast(ns.advance(c, pfs[k], off), i8p), i32c(0), i32c(3), i32c(1))
				ld := bl.b.NewLoad(vt, bl.b.NewBitCast(ns.advance(c, ps[k], off), types.NewPointer(vt)))
				ld.Align = llvm.Align(byteSize(c.v.elem))
				dst := bl.gep(st, buf, bl.add(row, off))
				stv := store(bl.b, ld, bl.b.NewBitCast(dst, types.NewPointer(vt)))
				stv.Align = llvm.Align(byteSize(c.v.elem))
			}
		})
	})
}

// lineBlocks is how many 8x8 blocks side by side along the inner group
// write whole 64-byte cache lines of each output row: 2 for 4-byte
// elements. Non-temporal stores of less than a line go through a
// write-combining buffer that the core has about ten of; the block's 8
// rows each leave one half full while the loads and prefetches of the
// tile want buffers too, and a buffer evicted half full costs a partial
// write to memory, which can make non-temporal stores slower than
// ordinary ones; written a line at a time (storeBlocks) they are not.
func lineBlocks(elem *ir.Scalar) int {
	return max(1, 64/int(tileLanes*byteSize(elem)))
}

// pendingStore is one vector of a block's results and where it goes.
type pendingStore struct{ v, p value.Value }

// storeBlocks stores blocks side by side along the inner group: each
// output row's vectors of all of them one after another (a whole line
// for lineBlocks of them), then the next row's.
// A block left incomplete by an error (block) stores nothing.
func (ns *nest) storeBlocks(elem *ir.Scalar, blocks [][]pendingStore, nt bool) {
	bl := ns.bl
	for col := range tileLanes {
		for _, b := range blocks {
			sv, p := b[col].v, b[col].p
			if sv == nil {
				continue
			}
			st := store(bl.b, sv, bl.b.NewBitCast(p, types.NewPointer(sv.Type())))
			st.Align = llvm.Align(byteSize(elem))
			if nt {
				st.Align = llvm.Align(tileLanes * byteSize(elem))
				st.Metadata = append(st.Metadata, &metadata.Attachment{Name: "nontemporal", Node: ns.nt.md})
				ns.ntUsed = true
			}
		}
	}
}

// block computes one 8x8 block whose element (0, 0) is at ps: 8 vectors
// of 8 results along the inner group, one per outer position, for
// storeBlocks. A transposed operand's 8 rows are rows[k] elements apart
// (its buffer).
func (ns *nest) block(views []*capturedView, ps, rows []value.Value, ga, gb group) []pendingStore {
	bl := ns.bl
	leafOf := map[*node]int{}
	for k, c := range views[1:] {
		for _, l := range c.leaves {
			leafOf[l] = k + 1
		}
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
		rs := make([]value.Value, tileLanes)
		for r := range rs {
			p := ns.advance(c, ps[k], bl.mul(i64c(int64(r)), rows[k]))
			ld := bl.b.NewLoad(vt, bl.b.NewBitCast(p, types.NewPointer(vt)))
			ld.Align = llvm.Align(byteSize(c.v.elem))
			rs[r] = ld
		}
		cols[k] = transpose8(bl, rs)
	}
	dst := views[0]
	out := make([]pendingStore, tileLanes)
	for col := range tileLanes {
		v, err := ns.evalWith(ns.root, func(l *node) value.Value {
			if l.view == nil {
				return ns.splat(ns.scalars[l], tileLanes)
			}
			k := leafOf[l]
			if t, ok := cols[k]; ok {
				return bl.FromStorage(t[col], l.elem)
			}
			p := ns.advance(views[k], ps[k], bl.mul(i64c(int64(col)), ga.strides[k]))
			return ns.vectorOf(l, p, gb.strides[k], tileLanes)
		})
		if err != nil {
			return out // reported by the scalar body, which shares the tree
		}
		out[col] = pendingStore{bl.ToStorage(v, dst.v.elem), ns.advance(dst, ps[0], bl.mul(i64c(int64(col)), ga.strides[0]))}
	}
	return out
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
