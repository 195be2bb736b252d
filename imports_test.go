package rearrank

import (
	"cmp"
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportsOnlyVocabulary: this package, and what it imports from the
// module, is the game's vocabulary (dice, rules, unit), the allocation
// machine a Unit is (internal/alloc) and the catalogue of the words they
// say (msg). The engine, the referee and the odds import it
// (doc.go), so an import of any of them would be a cycle or a layer upside
// down.
func TestImportsOnlyVocabulary(t *testing.T) {
	const mod = "github.com/rearrank/rearrank"
	allowed := map[string]bool{mod + "/dice": true, mod + "/rules": true, mod + "/unit": true,
		mod + "/internal/alloc": true, mod + "/msg": true}
	seen := map[string]bool{}
	var visit func(path string)
	visit = func(path string) {
		if seen[path] {
			return
		}
		seen[path] = true
		dir := filepath.FromSlash(strings.TrimPrefix(strings.TrimPrefix(path, mod), "/"))
		p, err := build.ImportDir(cmp.Or(dir, "."), 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, mod+"/") {
				continue
			}
			if !allowed[imp] {
				t.Errorf("%s imports %s: package rearrank may depend on dice, rules, unit, internal/alloc and msg only", path, imp)
				continue
			}
			visit(imp)
		}
	}
	visit(mod)
}
