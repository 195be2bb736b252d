// Package words holds the one way rearrank writes a count with its noun,
// "1 wound", "3 wounds", for every package that writes sentences.
package words

import "strconv"

// Count writes n with the singular noun for exactly 1 and the plural
// otherwise: "1 wound", "0 wounds", "3 wounds".
func Count(n int, one, many string) string { return CountOf(strconv.Itoa(n), one, many) }

// CountOf is Count for a number written as text, such as a dice
// expression: "1 attack", "D6 attacks".
func CountOf(n, one, many string) string { return n + " " + Noun(n == "1", one, many) }

// Noun returns one where singular is true and many otherwise, for a
// sentence that writes its number elsewhere: Noun(n == 1, "model", "models").
func Noun(singular bool, one, many string) string {
	if singular {
		return one
	}
	return many
}
