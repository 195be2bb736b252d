package odds

import "testing"

// TestMethodString pins the names Result.Method writes: the JSON's
// "method" holds them, and programs may read them (json.go).
func TestMethodString(t *testing.T) {
	var pooledThenBinomial Method
	pooledThenBinomial.Algorithm = Enumeration
	pooledThenBinomial.take(PooledDamage)
	pooledThenBinomial.take(BinomialAttacks)
	pooledThenBinomial.take(PooledDamage) // taken again: named once
	every := Method{Algorithm: Enumeration}
	for p := BinomialAttacks; p < fastPaths; p++ {
		every.take(p)
	}
	for _, c := range []struct {
		m    Method
		want string
	}{
		{Method{Algorithm: Enumeration}, "enumeration"},
		{Method{Algorithm: Sampling}, "monte carlo"},
		{pooledThenBinomial, "enumeration + pooled damage + binomial attacks"}, // in the order taken
		{every, "enumeration + binomial attacks + single wounds + pooled damage + last batch marginals + packet chain + merged batches"},
	} {
		if got := c.m.String(); got != c.want {
			t.Errorf("String() = %q, want %q", got, c.want)
		}
	}
	if !pooledThenBinomial.Took(BinomialAttacks) || pooledThenBinomial.Took(MergedBatches) || pooledThenBinomial.Took(NoFastPath) {
		t.Errorf("%v: Took reports the wrong paths", pooledThenBinomial)
	}
}
