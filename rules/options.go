package rules

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/rearrank/rearrank/msg"
)

// Options holds the switches of RULES.md 18 and 19. The zero Options is every
// switch at its default. Each field's zero value is the default; names in
// scenario files are the snake_case forms given by Switches.
type Options struct {
	DamageModel             DamageModel      // damage_model (battleaxe, R1)
	CapAfterModifiers       bool             // cap_after_modifiers (battleaxe, R2)
	NoUnarmouredCavalrySave bool             // unarmoured_cavalry_save: false (battleaxe, R3)
	InstantKillTakes        InstantKillTake  // instant_kill_takes (R5)
	SingleRankPolicy        SingleRankPolicy // single_rank_policy (R11)
	RearRankOrder           RearRankOrder    // rear_rank_order (R12)
	OverflowAcrossPools     OverflowRule     // overflow_across_pools (t9a, t9a1-ru; R18, C14)
	MeleeToHitLegacy        bool             // melee_to_hit_legacy (t9a, R33)
	CommandOrder            CommandOrder     // command_order (t9a, t9a1-ru; 11.4)
	RegenVsFlaming          RegenVsFlaming   // regen_vs_flaming (t9a1-ru, 8.3)
	ToWound                 ToWoundTable     // to_wound (t9a1-ru, R36)
	ArmourPreset            ArmourPreset     // armour_preset (skirmish, R25)
	LowCritConsumes         bool             // low_crit_consumes_allowance (skirmish, R23)
	NoCritWhenNeeding6      bool             // no_crit_when_needing6 (skirmish, R24)
	SevenPlusToHit          SevenPlusRule    // seven_plus_to_hit (skirmish, 5)
	SpecialSaveChoice       ChoiceRule       // special_save_choice (8)
	MWCap                   MWCap            // mw_cap (whfb8, 19.2)
	PacketTarget            PacketTarget     // packet_target (battleaxe, 19.2)
	PoisonMultipleHits      PoisonHits       // poison_multiple_hits (all, 20.2)
	PoisonedAttacks         PoisonedAttacks  // poisoned_attacks (tow, 22.3)
	TooToughBlocksPoison    bool             // too_tough_blocks_poison (tow, T-2)
	RegenerationTiming      RegenTiming      // regeneration_timing (tow, 22.6)
	KBOtherTroopTypes       KBOther          // kb_other_troop_types (battleaxe, whfb8, t9a1-ru; 20.2)
	SevenPlusReroll         SevenPlusReroll  // seven_plus_reroll (all, 20.1)
	MultiPacketOrder        PacketOrder      // multi_packet_order (battleaxe, tow; R35, T-5)
	// PanicThreshold is the fraction of the unit's size at the start of the
	// phase that triggers a panic test (RULES.md 12). Nil means 1/4.
	PanicThreshold *big.Rat

	// The switches of a close-combat round (RULES.md 21.11), listed by
	// CombatSwitches and read through the methods of combat.go; a zero
	// field is its ruleset's default. combat_score has no field: full_ranks
	// is its only value (R54).
	NoContactOverlap   bool             // contact_overlap: 0 (R50)
	StepUp             StepUp           // step_up (R51)
	ASFTie             ASFTie           // asf_tie (R52)
	ChargeInitiative   Toggle           // charge_initiative (R53)
	LineFormationWidth int8             // line_formation_width (t9a, t9a1-ru; R55), 1-100; 0 is the ruleset's
	InstantKillScore   InstantKillScore // instant_kill_score (battleaxe, R56)
	OutnumberBonus     bool             // outnumber_bonus (battleaxe, R58)
	InsaneCourage      Toggle           // insane_courage (R61)
}

// DamageModel is battleaxe's multi-wound bookkeeping (R1).
type DamageModel int8

const (
	PerModel DamageModel = iota // each model keeps its damage (RULES.md 11.3)
	Pooled                      // whfb8 arithmetic (RULES.md 11.1)
)

// InstantKillTake decides which model an untargeted instant kill removes
// (R5). tow does not read it: there every instant kill takes the model now
// losing Wounds (RULES.md 22.18, Traits.InstantKillNowLosing).
type InstantKillTake int8

const (
	MostDamaged InstantKillTake = iota
	FreshModel
)

// SingleRankPolicy picks the end a single rank loses its next model from (R11).
type SingleRankPolicy int8

const (
	Balance SingleRankPolicy = iota // alternate, then fewer lifetime, then left
	LeftEnd
	RightEnd
	SingleRankOwnerChoice
)

// RearRankOrder is the order casualties leave a rear rank (R12, RULES.md
// 22.8). The zero value is the ruleset's order (Traits.RearRankOrderOf).
type RearRankOrder int8

const (
	RearRankByRuleset   RearRankOrder = iota // alternate_ends; left_to_right in tow (22.8)
	RearRankOwnerChoice                      // the owner picks each casualty (R12)
	AlternateEnds                            // from each end in turn (11.2)
	LeftToRight                              // from the left end, keeping the rest adjacent (22.8)
	RightToLeft                              // from the right end
)

// OverflowRule decides where the excess of an emptied R&F pool goes while
// another R&F pool survives (R18, C14).
type OverflowRule int8

const (
	OverflowLost OverflowRule = iota
	OverflowToNextPool
)

// CommandOrder is t9a's order for musician and standard bearer (11.4).
type CommandOrder int8

const (
	MusicianFirst CommandOrder = iota
	StandardFirst
	CommandOwnerChoice
)

// RegenVsFlaming is t9a1-ru's Regeneration against Flaming Attacks (8.3).
type RegenVsFlaming int8

const (
	RegenForbidden RegenVsFlaming = iota
	RegenAllowed
)

// ToWoundTable is the to-wound table t9a1-ru uses (R36).
type ToWoundTable int8

const (
	ClassicToWound ToWoundTable = iota
	T9AToWound
)

// ArmourPreset is the skirmish shield value (R25).
type ArmourPreset int8

const (
	SeedArmour    ArmourPreset = iota // shield 2 points
	ClassicArmour                     // shield 1 point
)

// SevenPlusRule is skirmish's handling of a to-hit need of 7+ (RULES.md 5).
type SevenPlusRule int8

const (
	SevenPlusImpossible SevenPlusRule = iota
	SixThenFourPlus
)

// ChoiceRule is the special-save choice: the best applicable, or the owner's.
type ChoiceRule int8

const (
	BestSave ChoiceRule = iota
	SaveOwnerChoice
)

// MWCap is the whfb8 multiple-wounds cap (RULES.md 19.2): "never lose more
// Wounds than it has" can mean the profile's Wounds or those left on the
// next model, so both readings are a switch.
type MWCap int8

const (
	CapProfile MWCap = iota
	CapRemaining
)

// PoisonHits says how many of the hits one poisoned to-hit roll makes
// (Battle Focus, multiple hits) wound automatically (RULES.md 20.2).
type PoisonHits int8

const (
	PoisonOneHit  PoisonHits = iota // one; the others roll to wound (T9A text)
	PoisonAllHits                   // every one
)

// PoisonedAttacks is what a tow poisoned hit does on its wound roll
// (RULES.md 22.3).
type PoisonedAttacks int8

const (
	PoisonPlusTwo   PoisonedAttacks = iota // errata: roll to wound with +2
	PoisonAutoWound                        // 2024 rulebook: wounds automatically
)

// RegenTiming is when tow rolls Regeneration (RULES.md 22.6, T-4).
type RegenTiming int8

const (
	RegenPerWoundLost    RegenTiming = iota // errata: per Wound lost, after the packet is capped
	RegenSequential                         // a packet's Wounds one at a time, a roll after each, on a W1 model too (22.18)
	RegenPerUnsavedWound                    // 2024 text: one save per unsaved wound, before Multiple Wounds
)

// KBOther is what a Killing Blow does to a troop type it cannot slay
// (RULES.md 20.2, 20.9). Its zero value is the ruleset's own default
// (Traits.KBOtherOf).
type KBOther int8

const (
	KBByRuleset       KBOther = iota // battleaxe: KBNoArmourNoRegen; whfb8, t9a1-ru: KBOrdinary
	KBOrdinary                       // an ordinary wound with normal saves (8th: "only effective against")
	KBNoArmourNoRegen                // one wound, no armour and no Regeneration save, never multiplied (battleaxe)
)

// SevenPlusReroll says how a to-hit re-roll meets the 7+ procedure
// (RULES.md 20.1, E91).
type SevenPlusReroll int8

const (
	EachDie    SevenPlusReroll = iota // the 6 and the next roll are two to-hit rolls, each re-rolled under the grants
	FailingDie                        // one re-roll for the procedure, on the die that fails (imposed: the second die once it succeeded)
	WholeRoll                         // the procedure is repeated once from the first die (imposed: after a success)
)

// PacketOrder is the order of an attack group's Multiple Wounds packets
// (R35, C22; tow T-5).
type PacketOrder int8

const (
	AsListed          PacketOrder = iota // the order their dice were rolled
	PacketOwnerChoice                    // the owner orders them once every packet is rolled (tow, T-5)
)

// PacketTarget is where battleaxe per-model packets go (RULES.md 19.2): the
// rules send normal wounds to damaged models first and are silent on
// packets, so both readings are a switch.
type PacketTarget int8

const (
	DamagedFirst PacketTarget = iota
	FreshFirst
)

// Switch describes one option as a scenario file writes it.
type Switch struct {
	Name     string    // snake_case, no ruleset prefix ("damage_model")
	Rulesets []Ruleset // rulesets that read it: those whose traits row lists it
	Default  string
	Values   []string // accepted values, default first; nil for a fraction
	Ref      string   // RULES.md reference
	Doc      string
	// Aliases are earlier names of values that Set still accepts: the
	// value each stands for, by name (armour_preset's seed).
	Aliases map[string]string

	id  switchID
	get func(*Options) string
	set func(*Options, string) error
	// Combat is true for the switches of a close-combat round (RULES.md
	// 21.11), which a combat file sets and a scenario file does not.
	Combat bool
	// defaultFor is the default in one ruleset where it depends on the
	// ruleset's row (21.11); nil means Default.
	defaultFor func(*Traits) string
	// valuesFor is the values one ruleset accepts where they depend on
	// the ruleset's row; nil means Values.
	valuesFor func(*Traits) []string
	// notRead says, for a ruleset that does not read the switch, why and
	// what it does instead; the zero Message where there is nothing to say.
	notRead func(*Traits) msg.Message
}

// NotReadBy returns what the refusal of the switch in a file of ruleset
// r, which does not read it, adds after the rulesets that do: why, in the
// words of docs/rules.md ("... takes the model now losing Wounds, command
// models last (rules 22.8)"); "" where there is nothing more to say.
func (s Switch) NotReadBy(r Ruleset) string { return s.NotReadMsg(r).String() }

// NotReadMsg is NotReadBy as a message, to be said in a reader's language;
// the zero Message where there is nothing more to say.
func (s Switch) NotReadMsg(r Ruleset) msg.Message {
	if s.notRead == nil || !r.Valid() || s.AppliesTo(r) {
		return msg.Message{}
	}
	return s.notRead(For(r))
}

// instantKillNotRead is why a ruleset does not read instant_kill_takes
// (InstantKillNowLosing, RULES.md 22.18).
func instantKillNotRead(t *Traits) msg.Message {
	if !t.InstantKillNowLosing {
		return msg.Message{}
	}
	return msg.New("rules.not_read.instant_kill")
}

// ValuesFor returns the values ruleset r accepts for the switch, default
// first: Values, less those the ruleset refuses (battleaxe's
// multi_packet_order is as_listed alone: owner_choice is tow's, 22.13).
func (s Switch) ValuesFor(r Ruleset) []string {
	if s.valuesFor != nil && r.Valid() {
		return s.valuesFor(For(r))
	}
	return s.Values
}

// DefaultFor returns the switch's default in ruleset r.
func (s Switch) DefaultFor(r Ruleset) string {
	if s.defaultFor != nil && r.Valid() {
		return s.defaultFor(For(r))
	}
	return s.Default
}

func enumSwitch[T ~int8](name string, id switchID, ref, doc string, values []string, field func(*Options) *T) Switch {
	return Switch{
		Name: name, id: id, Default: values[0], Values: values, Ref: ref, Doc: doc,
		get: func(o *Options) string {
			if i := int(*field(o)); i >= 0 && i < len(values) {
				return values[i]
			}
			return fmt.Sprintf("invalid(%d)", *field(o))
		},
		set: func(o *Options, v string) error {
			// RULES.md 18 writes values in camelCase ("sixThenFourPlus").
			i := slices.Index(values, snakeCase(v))
			if i < 0 {
				return msg.Errorf(nil, "rules.error.option_value", name, strconv.Quote(v), listOr(values))
			}
			*field(o) = T(i)
			return nil
		},
	}
}

// aliases lets s.Set take the earlier names of its values: m maps each
// earlier name to the value it stands for.
func aliases(s Switch, m map[string]string) Switch {
	set := s.set
	s.Aliases = m
	s.set = func(o *Options, v string) error {
		if to, ok := m[snakeCase(v)]; ok {
			v = to
		}
		return set(o, v)
	}
	return s
}

// notReadWhy gives s the words of its refusal in a ruleset that does not
// read it (NotReadBy).
func notReadWhy(s Switch, why func(*Traits) msg.Message) Switch {
	s.notRead = why
	return s
}

// ownerOrderIn restricts multi_packet_order's owner_choice to the
// rulesets whose row allows it (PacketOwnerOrder: tow, 22.13); the others
// refuse it (CheckOptions).
func ownerOrderIn(s Switch) Switch {
	s.valuesFor = func(t *Traits) []string {
		if t.PacketOwnerOrder {
			return s.Values
		}
		return s.Values[:1:1]
	}
	return s
}

func boolSwitch(name string, id switchID, ref, doc string, def bool, field func(*Options) *bool) Switch {
	values := []string{"false", "true"}
	if def {
		values = []string{"true", "false"}
	}
	return Switch{
		Name: name, id: id, Default: values[0], Values: values, Ref: ref, Doc: doc,
		get: func(o *Options) string { return fmt.Sprint(*field(o) != def) },
		set: func(o *Options, v string) error {
			switch v {
			case "true", "false":
				*field(o) = (v == "true") != def
				return nil
			}
			return msg.Errorf(nil, "rules.error.option_bool", name, strconv.Quote(v))
		},
	}
}

// switchID names one switch of Switches. A ruleset's traits row lists the
// ids of the switches it reads (a switchSet); Switch.Rulesets and the stage
// functions that obey a switch ask that set, never a ruleset's name.
type switchID uint8

const (
	swDamageModel switchID = iota
	swCapAfterModifiers
	swUnarmouredCavalrySave
	swInstantKillTakes
	swSingleRankPolicy
	swRearRankOrder
	swMultiPacketOrder
	swOverflowAcrossPools
	swMeleeToHitLegacy
	swCommandOrder
	swRegenVsFlaming
	swToWound
	swArmourPreset
	swLowCritConsumes
	swNoCritWhenNeeding6
	swSevenPlusToHit
	swSpecialSaveChoice
	swPanicThreshold
	swMWCap
	swPacketTarget
	swPoisonMultipleHits
	swPoisonedAttacks
	swTooToughBlocksPoison
	swRegenerationTiming
	swKBOtherTroopTypes
	swSevenPlusReroll

	switchCount // one past the last switch
)

// switchSet is a set of switches, one bit per switchID.
type switchSet uint32

// The set must have a bit for every switch.
var _ = [32 - switchCount]struct{}{}

// switchSetOf returns the set holding ids.
func switchSetOf(ids ...switchID) switchSet {
	var s switchSet
	for _, id := range ids {
		s |= 1 << id
	}
	return s
}

// has reports whether id is in the set.
func (s switchSet) has(id switchID) bool { return s&(1<<id) != 0 }

// unitSwitches are the switches every ruleset with ranked units reads: the
// untargeted instant kill (R5), casualty removal (R11, R12) and the panic
// threshold (12).
var unitSwitches = switchSetOf(swInstantKillTakes, swSingleRankPolicy, swRearRankOrder, swPanicThreshold, swPoisonMultipleHits, swSevenPlusReroll)

// Switches lists every option of RULES.md 18 and 19 with its default.
func Switches() []Switch {
	list := []Switch{
		enumSwitch("damage_model", swDamageModel, "R1, 11.3", "multi-wound bookkeeping: damage per model, or a whfb8 pool",
			[]string{"per_model", "pooled"}, func(o *Options) *DamageModel { return &o.DamageModel }),
		boolSwitch("cap_after_modifiers", swCapAfterModifiers, "R2, E21", "apply the 1+ cap to the final target rather than the unmodified save",
			false, func(o *Options) *bool { return &o.CapAfterModifiers }),
		boolSwitch("unarmoured_cavalry_save", swUnarmouredCavalrySave, "R3", "cavalry without armour save on 6+",
			true, func(o *Options) *bool { return &o.NoUnarmouredCavalrySave }),
		notReadWhy(enumSwitch("instant_kill_takes", swInstantKillTakes, "R5, 22.8", "which model an untargeted instant kill or Killing Blow removes; tow does not read it: there every instant kill takes the model now losing Wounds",
			[]string{"most_damaged", "fresh_model"}, func(o *Options) *InstantKillTake { return &o.InstantKillTakes }), instantKillNotRead),
		enumSwitch("single_rank_policy", swSingleRankPolicy, "R11, 11.2", "which end of a single rank gives up the next casualty",
			[]string{"balance", "left", "right", "owner_choice"}, func(o *Options) *SingleRankPolicy { return &o.SingleRankPolicy }),
		enumSwitch("rear_rank_order", swRearRankOrder, "R12, 22.8", "order of casualties in a rear rank: by_ruleset is alternate_ends, and left_to_right in tow",
			[]string{"by_ruleset", "owner_choice", "alternate_ends", "left_to_right", "right_to_left"}, func(o *Options) *RearRankOrder { return &o.RearRankOrder }),
		ownerOrderIn(enumSwitch("multi_packet_order", swMultiPacketOrder, "R35, 22.7", "multi-wound packets apply in the order their dice were rolled, before single wounds; owner_choice, tow only, lets the owner order them once they are rolled",
			[]string{"as_listed", "owner_choice"}, func(o *Options) *PacketOrder { return &o.MultiPacketOrder })),
		enumSwitch("overflow_across_pools", swOverflowAcrossPools, "R18, C14", "excess of an emptied rank-and-file pool while another survives",
			[]string{"lost", "to_next_pool"}, func(o *Options) *OverflowRule { return &o.OverflowAcrossPools }),
		boolSwitch("melee_to_hit_legacy", swMeleeToHitLegacy, "R33", "older melee to-hit grid with 6+ at -8",
			false, func(o *Options) *bool { return &o.MeleeToHitLegacy }),
		enumSwitch("command_order", swCommandOrder, "11.4", "order of musician and standard bearer once the ordinary rank and file are gone",
			[]string{"musician_first", "standard_first", "owner_choice"}, func(o *Options) *CommandOrder { return &o.CommandOrder }),
		enumSwitch("regen_vs_flaming", swRegenVsFlaming, "8.3", "Regeneration against Flaming Attacks",
			[]string{"forbidden", "allowed"}, func(o *Options) *RegenVsFlaming { return &o.RegenVsFlaming }),
		enumSwitch("to_wound", swToWound, "R36", "to-wound table",
			[]string{"classic", "t9a"}, func(o *Options) *ToWoundTable { return &o.ToWound }),
		// two_point_shield was first named seed, after the rules pages
		// it comes from; a player reads what it does.
		aliases(enumSwitch("armour_preset", swArmourPreset, "R25", "a shield is worth 2 points (two_point_shield: 5+ alone, 4+ with light armour) or 1 (classic, Mordheim's 6+ and 5+); seed, an earlier name, is two_point_shield",
			[]string{"two_point_shield", "classic"}, func(o *Options) *ArmourPreset { return &o.ArmourPreset }), map[string]string{"seed": "two_point_shield"}),
		boolSwitch("low_crit_consumes_allowance", swLowCritConsumes, "R23", "a critical roll of 1-3 uses up the per-phase allowance",
			false, func(o *Options) *bool { return &o.LowCritConsumes }),
		boolSwitch("no_crit_when_needing6", swNoCritWhenNeeding6, "R24", "a warrior needing 6s to wound causes no criticals",
			false, func(o *Options) *bool { return &o.NoCritWhenNeeding6 }),
		enumSwitch("seven_plus_to_hit", swSevenPlusToHit, "5", "a to-hit need of 7+",
			[]string{"impossible", "six_then_four_plus"}, func(o *Options) *SevenPlusRule { return &o.SevenPlusToHit }),
		enumSwitch("special_save_choice", swSpecialSaveChoice, "8", "which special save a model uses",
			[]string{"best", "owner_choice"}, func(o *Options) *ChoiceRule { return &o.SpecialSaveChoice }),
		{Name: "panic_threshold", id: swPanicThreshold, Default: "1/4", Ref: "12, 19.3, 22.9",
			Doc: "fraction of the unit at the start of the phase whose loss forces a panic test: that much or more, and in tow more than that",
			get: func(o *Options) string { return o.Panic().RatString() },
			set: func(o *Options, v string) error {
				r, ok := new(big.Rat).SetString(strings.TrimSpace(v))
				if !ok || r.Sign() <= 0 || r.Cmp(big.NewRat(1, 1)) > 0 {
					return msg.Errorf(nil, "rules.error.panic_threshold", strconv.Quote(v))
				}
				o.PanicThreshold = r
				return nil
			}},
		enumSwitch("mw_cap", swMWCap, "9.2, 19.2, R10", "cap each multi-wound packet at profile W or at the wounds left on the next model",
			[]string{"profile", "remaining"}, func(o *Options) *MWCap { return &o.MWCap }),
		enumSwitch("packet_target", swPacketTarget, "19.2", "battleaxe per-model packets go to damaged models first, or to fresh ones",
			[]string{"damaged_first", "fresh_first"}, func(o *Options) *PacketTarget { return &o.PacketTarget }),
		enumSwitch("poison_multiple_hits", swPoisonMultipleHits, "20.2", "how many of the hits of one poisoned to-hit roll wound automatically",
			[]string{"one", "all"}, func(o *Options) *PoisonHits { return &o.PoisonMultipleHits }),
		enumSwitch("poisoned_attacks", swPoisonedAttacks, "22.3", "a poisoned hit rolls to wound with +2 (errata), or wounds automatically (2024 rulebook)",
			[]string{"plus_two", "auto_wound"}, func(o *Options) *PoisonedAttacks { return &o.PoisonedAttacks }),
		boolSwitch("too_tough_blocks_poison", swTooToughBlocksPoison, "22.3, T-2", "under auto_wound, a poisoned hit cannot wound a target too tough to wound",
			false, func(o *Options) *bool { return &o.TooToughBlocksPoison }),
		enumSwitch("regeneration_timing", swRegenerationTiming, "22.6, T-4", "Regeneration per Wound lost (errata), after each Wound of a packet, or per unsaved wound (2024)",
			[]string{"per_wound_lost", "sequential", "per_unsaved_wound"}, func(o *Options) *RegenTiming { return &o.RegenerationTiming }),
		enumSwitch("kb_other_troop_types", swKBOtherTroopTypes, "20.2, 20.9", "a Killing Blow against a troop type it cannot slay: by_ruleset is no_armour_no_regen in battleaxe, ordinary in whfb8 and t9a1-ru",
			[]string{"by_ruleset", "ordinary", "no_armour_no_regen"}, func(o *Options) *KBOther { return &o.KBOtherTroopTypes }),
		enumSwitch("seven_plus_reroll", swSevenPlusReroll, "20.1, E91", "how a to-hit re-roll meets the 7+ procedure: each die, the failing die, or the whole roll again",
			[]string{"each_die", "failing_die", "whole_roll"}, func(o *Options) *SevenPlusReroll { return &o.SevenPlusReroll }),
	}
	for i := range list {
		id := list[i].id
		list[i].Rulesets = RulesetsWhere(func(t *Traits) bool { return t.switches.has(id) })
	}
	return list
}

// allSwitches lists the switches of RULES.md 18 and 19 and those of a
// combat round (21.11): every name Options.Set takes. The list is built
// once per process and shared: callers only read it (Set, Get, Changed,
// ReadBy and Catalog range over it), and it is clipped so that an append
// copies it.
func allSwitches() []Switch { return switchList() }

// switchList builds allSwitches' list on first use: Set, Get and Changed
// run for every option of every scenario loaded.
var switchList = sync.OnceValue(func() []Switch {
	return slices.Clip(append(Switches(), CombatSwitches()...))
})

// AppliesTo reports whether the switch is read by ruleset r.
func (s Switch) AppliesTo(r Ruleset) bool { return slices.Contains(s.Rulesets, r) }

// PanicFraction is Panic as a fraction of whole numbers, for a reader that
// compares it many times; ok is false when either part passes int64.
func (o Options) PanicFraction() (num, den int64, ok bool) {
	if o.PanicThreshold == nil {
		return defaultPanic[0], defaultPanic[1], true
	}
	n, d := o.PanicThreshold.Num(), o.PanicThreshold.Denom()
	if !n.IsInt64() || !d.IsInt64() {
		return 0, 0, false
	}
	return n.Int64(), d.Int64(), true
}

// defaultPanic is the panic threshold when unset: 1/4 (RULES.md 12).
var defaultPanic = [2]int64{1, 4}

// Panic returns the panic threshold, 1/4 when unset.
func (o Options) Panic() *big.Rat {
	if o.PanicThreshold == nil {
		return big.NewRat(defaultPanic[0], defaultPanic[1])
	}
	return new(big.Rat).Set(o.PanicThreshold)
}

// Set sets one switch by its scenario name. Names in RULES.md 18's camelCase
// with a ruleset prefix ("battleaxe.damageModel") are accepted too.
func (o *Options) Set(name, value string) error {
	n := SwitchName(name)
	for _, s := range allSwitches() {
		if s.Name == n {
			return s.set(o, value)
		}
	}
	return msg.Errorf(nil, "rules.error.unknown_option", strconv.Quote(name), strings.Join(switchNames(), ", "))
}

// Get returns the value of one switch by its scenario name.
func (o Options) Get(name string) (string, error) {
	n := SwitchName(name)
	for _, s := range allSwitches() {
		if s.Name == n {
			return s.get(&o), nil
		}
	}
	return "", msg.Errorf(nil, "rules.error.unknown_option_get", strconv.Quote(name))
}

// Changed lists the switches that differ from their default, as name=value.
func (o Options) Changed() []string {
	var out []string
	for _, s := range allSwitches() {
		if v := s.get(&o); v != s.Default {
			out = append(out, s.Name+"="+v)
		}
	}
	return out
}

func switchNames() []string {
	var out []string
	for _, s := range allSwitches() {
		out = append(out, s.Name)
	}
	return out
}

// SwitchName turns a RULES.md 18 name ("battleaxe.damageModel",
// "skirmish.noCritWhenNeeding6") into its scenario form ("damage_model",
// "no_crit_when_needing6"); scenario names are returned unchanged.
func SwitchName(s string) string {
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		s = s[i+1:]
	}
	return snakeCase(s)
}

// snakeCase turns "damageModel" into "damage_model"; snake_case is unchanged.
func snakeCase(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}
