package eval

import "math"

// exactSum accumulates float64 values exactly (Shewchuk's non-overlapping
// partials, the algorithm of Python's math.fsum) and rounds once: the
// reference value of a float sum, which compiled code must approach at
// least as closely as pairwise summation does (SPEC section 3a).
type exactSum struct {
	partials  []float64
	special   float64 // the sum of the infinities and NaNs seen (IEEE's answer)
	nonfinite bool
}

func (s *exactSum) add(x float64) {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		s.special += x
		s.nonfinite = true
		return
	}
	i := 0
	for _, y := range s.partials {
		if math.Abs(x) < math.Abs(y) {
			x, y = y, x
		}
		hi := x + y
		lo := y - (hi - x)
		if lo != 0 {
			s.partials[i] = lo
			i++
		}
		x = hi
		if math.IsInf(x, 0) { // the exact sum overflows float64
			s.special += x
			s.nonfinite = true
			s.partials = s.partials[:0]
			return
		}
	}
	s.partials = append(s.partials[:i], x)
}

// value is the sum correctly rounded to float64 (an overflow of the
// finite values' sum is ±Inf; infinities and NaN as IEEE adds them).
func (s *exactSum) value() float64 {
	if s.nonfinite {
		return s.special
	}
	n := len(s.partials)
	if n == 0 {
		return 0
	}
	hi := s.partials[n-1]
	lo := 0.0
	for n--; n > 0; {
		x := hi
		y := s.partials[n-1]
		n--
		hi = x + y
		yr := hi - x
		lo = y - yr
		if lo != 0 {
			break
		}
	}
	// Round half to even correctly: if the remaining partials push the
	// rounding the other way, adjust (as CPython's fsum does).
	if n > 0 && ((lo < 0 && s.partials[n-1] < 0) || (lo > 0 && s.partials[n-1] > 0)) {
		y := lo * 2
		x := hi + y
		if y == x-hi {
			hi = x
		}
	}
	return hi
}
