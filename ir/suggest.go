package ir

// SuggestOpName returns the registered op name closest to name when the
// difference looks like a typo (edit distance at most 2, and less than a
// third of the name), or "". It feeds "did you mean 'tir.add'?" hints.
func SuggestOpName(name string) string {
	best, bestDist := "", 3
	for _, d := range RegisteredOps() {
		dist := editDistance(name, d.Name, bestDist)
		if dist < bestDist || (dist == bestDist && best != "" && d.Name < best) {
			best, bestDist = d.Name, dist
		}
	}
	if best == "" || bestDist*3 >= len(name) || bestDist > 2 {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or any value >= max
// when it is at least max.
func editDistance(a, b string, max int) int {
	if d := len(a) - len(b); d >= max || -d >= max {
		return max
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= max {
			return max
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
