package ir

// staticSizeTooLarge reports whether the product of the known, non-zero
// dimensions of shape exceeds MaxElements. Such a type is refused even when
// it has no elements (a 0 dimension) or unknown ones ('?'): the strides of
// its other dimensions, or its size once '?' is refined, would not fit.
func staticSizeTooLarge(shape []int64) bool {
	n := int64(1)
	for _, d := range shape {
		if d <= 0 {
			continue
		}
		if n > MaxElements/d {
			return true
		}
		n *= d
	}
	return false
}
