package ir

// slab hands out ops, values, value-pointer slices and use lists from
// chunks, so the parser makes a few large allocations instead of five
// small ones per op
// (large modules spend less time in the allocator and the GC). Chunks grow
// from small to 256 entries, so small modules waste little. An erased op
// keeps its chunk alive; modules are short-lived.
type slab struct {
	opChunk  []Op
	valChunk []Value
	ptrChunk []*Value
	useChunk []Use
	// the next chunk size of each kind: each grows on its own refills
	// (one shared size grew four times as fast as any kind needed, and a
	// batch of small functions allocated ~5 ops per op parsed)
	nOp, nVal, nPtr, nUse int
}

// grow returns the size of the next chunk of a kind whose last size is
// *n, and records it.
func grow(n *int) int {
	if *n == 0 {
		*n = 16
	} else if *n < 256 {
		*n *= 2
	}
	return *n
}

func (s *slab) op() *Op {
	if len(s.opChunk) == 0 {
		s.opChunk = make([]Op, grow(&s.nOp))
	}
	op := &s.opChunk[0]
	s.opChunk = s.opChunk[1:]
	return op
}

// values returns n zeroed values (a full-capacity slice).
func (s *slab) values(n int) []Value {
	if n > 64 {
		return make([]Value, n)
	}
	if len(s.valChunk) < n {
		s.valChunk = make([]Value, max(grow(&s.nVal), n))
	}
	v := s.valChunk[:n:n]
	s.valChunk = s.valChunk[n:]
	return v
}

// ptrs returns a slice of n nil pointers whose capacity is n, so that an
// append by a pass reallocates instead of overwriting a neighbour.
func (s *slab) ptrs(n int) []*Value {
	if n == 0 {
		return nil
	}
	if n > 64 {
		return make([]*Value, n)
	}
	if len(s.ptrChunk) < n {
		s.ptrChunk = make([]*Value, max(4*grow(&s.nPtr), n))
	}
	v := s.ptrChunk[:n:n]
	s.ptrChunk = s.ptrChunk[n:]
	return v
}

// usesCap is the capacity of a value's first use list: most values are
// used once or twice; more uses move the list to the heap.
const usesCap = 2

// uses returns an empty use list of capacity usesCap.
func (s *slab) uses() []Use {
	if len(s.useChunk) < usesCap {
		s.useChunk = make([]Use, usesCap*grow(&s.nUse))
	}
	u := s.useChunk[:0:usesCap]
	s.useChunk = s.useChunk[usesCap:]
	return u
}
