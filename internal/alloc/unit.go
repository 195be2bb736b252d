// Package alloc is the allocation state machine of a target unit: its
// models, the formation grid, the wound pools, carried damage, and the rules
// that decide which model a wound lands on and which model is removed
// (RULES.md sections 10, 11, 12, 17 and 19). The engine drives it stage by
// stage and the exact odds clone and key its states; players and library
// users hold it as a rearrank.Unit, whose few methods read it. The values
// it takes and gives (Spec, Target, Model, Snapshot) are package unit's. The referee rolls every die; this package only applies the
// resulting damage packets, so it never rolls and never needs randomness.
//
// # Building a unit
//
// New takes a Spec and checks all of it: every error names the field and what
// was wanted. The formation is either explicit (Spec.Layout) or automatic:
// ranks of Spec.Frontage filled front to back, the command group (musician,
// champion, standard bearer) and the characters in the centre of the front
// rank, and an incomplete rear rank centred. The front rank of a five-wide
// unit with full command is therefore [R M C S R] (RULES.md E59).
//
// # Pools (RULES.md 10.1)
//
// Every packet names a Target. Rank-and-file (R&F) targets go to a pool:
//
//   - battleaxe, whfb8: one pool holding every R&F model, the musician, the
//     standard bearer and the champion. A packet aimed at the champion hits him
//     alone, and its excess is lost.
//   - t9a, t9a1-ru: one pool per troop type among the R&F, musician and
//     standard bearer included (t9a pools by troop type only: Profile has no
//     height). The champion is a one-model pool of his own; he receives the
//     excess of emptied R&F pools once no other R&F is left at the end of the
//     batch (C13).
//   - characters are one-model pools everywhere and never receive R&F excess.
//
// In whfb8, t9a, t9a1-ru and battleaxe with damage_model: pooled, a pool keeps
// a carried count: wounds on the model that will be removed next (11.1). In
// battleaxe's default per-model mode every model keeps its own Damage instead,
// multi-wound packets go to different models and their excess is wasted (11.3).
//
// # Removal (RULES.md 11.2, 19.1)
//
// The model removed next is found on the grid: the rearmost rank holding an
// eligible model, then the end of that rank that has given up fewer models in
// this batch, then fewer in single-rank removals over the whole game, then the
// left end. Ineligible models at that end (characters, other pools, command
// models while ordinary R&F of the pool remain) are skipped and slide one slot
// toward the centre. After every removal the formation is repaired: a gap in a
// rank with ranks behind it is filled from the end of the rearmost rank, and a
// gap inside the rearmost rank closes from its shorter side (C4). Every rank is
// therefore contiguous, and only the rearmost may be short. Command models and
// characters never leave the front rank; in t9a, whose rules let musicians and
// standard bearers stand anywhere, the front rank is the placement this
// package supports (RULES.md 19.1).
//
// # Batches and phases
//
// A batch (RULES.md 3) is StartBatch, one Apply per packet, EndBatch. The
// caller orders packets as C22 says: untargeted instant kills, multi-wound
// packets in dice order, then single wounds. Batch end counters, the models
// struck by multi-wound packets and the excess waiting for a champion live only
// inside a batch. StartPhase records the size for panic (RULES.md 12, 19.3).
//
// # The key
//
// Exact odds enumerate dice and merge paths that reach the same state. Key
// returns that state as a compact string: the grid as (model kind, damage,
// struck) per slot, carried per pool, the differences of the end counters (only
// their comparison matters), the phase counters, flags and the batch state.
// Identical R&F models share a kind, so states that differ only in which of two
// identical soldiers died have the same key. Keys compare states of one unit,
// that is clones and descendants of one New.
//
// # Speed
//
// Clone copies three small slices, and CopyFrom copies them into a unit's
// own memory; Apply allocates only its Change, and ApplyInto reuses one.
// SetQuiet drops the notes for callers (exact odds, Monte Carlo) that never
// show them.
//
// A Unit is a value: Clone it, change the clone. It is not safe for concurrent
// use. Nothing here panics on user input; the only panics are documented
// programmer errors.
package alloc

import (
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// maxW bounds W so that damage fits a byte in the key.
const maxW = 100

func checkProfile(p unit.Profile, field string) error {
	switch {
	case p.W < 1 || p.W > maxW:
		return msg.Errorf(nil, "alloc.profile.w", field, int(p.W), maxW)
	case p.T < 0 || p.T > 20:
		return msg.Errorf(nil, "alloc.profile.t", field, int(p.T))
	case p.WS < 0 || p.WS > 20:
		return msg.Errorf(nil, "alloc.profile.ws", field, int(p.WS))
	case p.TroopType < 0 || int(p.TroopType) >= len(rules.TroopTypeNames()):
		return msg.Errorf(nil, "alloc.profile.troop_type", field, int(p.TroopType), strings.Join(rules.TroopTypeNames(), ", "))
	}
	return nil
}
