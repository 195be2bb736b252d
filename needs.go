package rearrank

import "github.com/rearrank/rearrank/rules"

// Needs are the target numbers of one attack group against its receiving
// model, fixed before any die of the batch is rolled: what odds.StageOdds
// shows beside each stage's chance. Each field is a target number, a
// natural-roll trigger or a re-roll that one stage of RULES.md 4 rolls
// with; a target of rules.None is not rolled.
type Needs struct {
	Hit, HitAgain   rules.Target // HitAgain is the second die of a 7+ procedure
	ToHit           rules.Target // the need a player reads: Hit, or the whole 7+ such as 9+ (a 6, then a 6)
	HitRetry        rules.Target // the BS 6+ re-roll of a miss (tow, 22.2)
	AutoHit, CanHit bool
	// MeleeSeven is a close-combat need of 7+ or worse as the modifiers
	// make it, which hits on a natural 6 all the same (20.4); None when the
	// need was 6+ or better
	MeleeSeven rules.Target
	// Poison is the attack's Poisoned Attacks trigger (20.2), 0 where it
	// cannot fire: a tow melee hit whose modified need is 7+ hits on a
	// natural 6 all the same, unpoisoned (22.17).
	Poison        rules.Trigger
	Wound         rules.Target
	WoundPoison   rules.Target // a poisoned hit's to-wound need at +2 (tow, 22.3); None when poison wounds automatically
	Regeneration  rules.Target // rolled per Wound lost after damage (tow, 22.6)
	Armour        rules.Target // ordinary wounds
	ArmourLethal  rules.Target // Lethal Strike natural-6 wounds (19.3)
	Special       rules.Target
	SpecialKind   rules.SpecialKind
	SpecialLethal rules.Target
	SpecialKindL  rules.SpecialKind
	// To-wound triggers (20.2), 0 where the attack has none or it changes
	// nothing: KillingBlow fires a Killing Blow, which slays the receiver
	// when KBSlays and is otherwise battleaxe's one wound with no armour
	// or Regeneration; LethalStrike (19.3); ArmourBane, whose wounds save
	// against ArmourBaned.
	KillingBlow, LethalStrike, ArmourBane rules.Trigger
	KBSlays                               bool
	ArmourBaned                           rules.Target
	// Cleaving is tow's Cleaving Blow where it fires on a score of its own
	// beside a Killing Blow that slays the receiver (22.3, 22.18): one
	// wound with no armour or Regeneration on a roll that fires it alone;
	// a roll that fires both is the Killing Blow's. It is 0 otherwise (a
	// Cleaving Blow alone is KillingBlow with KBSlays false).
	Cleaving rules.Trigger
	// Killing Blow wounds: the ward alone (no Regeneration, 20.2)
	SpecialKB       rules.Target
	SpecialKindKB   rules.SpecialKind
	SpecialRerollKB rules.Reroll
	// the re-rolls of each stage (20.1): own and imposed together
	HitReroll, WoundReroll, ArmourReroll rules.Reroll
	SpecialReroll, SpecialRerollL        rules.Reroll
	// SevenPlusReroll is how HitReroll meets the 7+ procedure (20.1):
	// each_die unless there are both.
	SevenPlusReroll rules.SevenPlusReroll
}
