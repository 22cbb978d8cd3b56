// Package suggest finds the name a user most likely meant: the one
// edit-distance helper behind every "did you mean ...?" of tirc (op names,
// pass names, flags).
//
// Distance is the optimal-string-alignment distance (Levenshtein plus the
// transposition of two adjacent letters, the commonest typo). Closest
// applies the typo rule shared by all callers; callers that know more
// about their names (ir.SuggestOpName ranks op names by likely intent
// first) use Distance and Plausible directly.
package suggest

// Distance is the edit distance of a and b counting insertions, deletions,
// substitutions and transpositions of adjacent bytes as one edit each (the
// optimal string alignment distance), or any value >= max when it is at
// least max (max <= 0: no bound).
func Distance(a, b string, max int) int {
	if max <= 0 {
		max = len(a) + len(b) + 1
	}
	if d := len(a) - len(b); d >= max || -d >= max {
		return max
	}
	// Three rows: the one before the previous is for transpositions.
	prev2 := make([]int, len(b)+1)
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
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= max {
			return max
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// Plausible reports whether two names at edit distance d, the longer of
// length n, look like a typo of one another: at most two edits, and at
// most one per three characters (so "cze" -> "cse", but not "ab" -> "cd"
// or "relu" -> "rem").
func Plausible(n, d int) bool { return d <= 2 && d*3 <= n }

// Closest returns the candidate nearest to name when the difference is a
// plausible typo, or "" when there is none or two are equally near (a wrong
// hint costs more than none).
func Closest(name string, candidates []string) string {
	best, bestD, tie := "", 3, false
	for _, c := range candidates {
		switch d := Distance(name, c, bestD+1); {
		case d < bestD:
			best, bestD, tie = c, d, false
		case d == bestD && c != best:
			tie = true
		}
	}
	if best == "" || tie || !Plausible(max(len(name), len(best)), bestD) {
		return ""
	}
	return best
}
