package msg

// The rules family: what package rules says to a player (the rulesets'
// names and descriptions, the switches' documentation and values, rule
// references, the errors about bad values), and the text of `rearrank
// rulesets` (cli.rulesets.*), which prints them.
//
// A switch's doc is rules.switch.NAME.doc; where a ruleset words it
// differently (The 9th Age's Russian rules name the special saves
// "магический спасбросок", the others "особый спасбросок"), its own form
// is rules.switch.NAME.doc.CODE, which rules.Switch.DocMsg picks.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// The rulesets: Ruleset.TitleMsg and DescriptionMsg.
		"rules.battleaxe.title": {
			EN: "Battleaxe: Fantasy Generals",
			RU: "Battleaxe: Fantasy Generals",
		},
		"rules.battleaxe.description": {
			EN: "Battleaxe: Fantasy Generals, a fan-made mass-battle game edited from WHFB 8th",
			RU: "Battleaxe: Fantasy Generals, фанатская игра массовых сражений, переработанная из WHFB 8-й редакции",
		},
		"rules.whfb8.title": {
			EN: "Warhammer Fantasy Battles, 8th edition",
			RU: "Warhammer Fantasy Battles, 8-я редакция",
		},
		"rules.whfb8.description": {
			EN: "Warhammer Fantasy Battles 8th edition, casualty rules",
			RU: "Warhammer Fantasy Battles 8-й редакции, правила потерь",
		},
		"rules.t9a.title": {
			EN: "The 9th Age: Fantasy Battles (2nd edition)",
			RU: "The 9th Age: Fantasy Battles (2-я редакция)",
		},
		"rules.t9a.description": {
			EN: "The 9th Age: Fantasy Battles, 2nd-edition era: Armour and AP, Aegis and Regeneration",
			RU: "The 9th Age: Fantasy Battles времён 2-й редакции: доспехи и бронепробитие, Эгида и Регенерация",
		},
		"rules.t9a1-ru.title": {
			EN: "The 9th Age 1.x (Russian translation)",
			RU: "The 9th Age 1.x (русский перевод)",
		},
		"rules.t9a1-ru.description": {
			EN: "The 9th Age 1.x, Russian translation: Strength-based saves, wound pools per troop type",
			RU: "The 9th Age 1.x, русский перевод: спасброски, зависящие от Силы, отдельный пул ран для каждого типа подразделения",
		},
		"rules.skirmish.title": {
			EN: "Mordheim-like skirmish",
			RU: "Стычки в духе Mordheim",
		},
		"rules.skirmish.description": {
			EN: "Mordheim-like skirmish: one model a fighter, critical hits by weapon class, injuries",
			RU: "Стычки в духе Mordheim: одна модель — один боец, критические попадания по классу оружия, травмы",
		},
		"rules.tow.title": {
			EN: "Warhammer: The Old World",
			RU: "Warhammer: The Old World",
		},
		"rules.tow.description": {
			EN: "Warhammer: The Old World (2024), FAQ & Errata 1.5.2: armour values and AP, Regeneration per Wound lost",
			RU: "Warhammer: The Old World (2024), FAQ и эррата 1.5.2: значения доспехов и бронебойность, Регенерация за каждую потерянную рану",
		},

		// A reference to docs/rules.md: Cite, CiteMsg.
		"rules.cite": {
			EN: "rules {0}",
			RU: "правила {0}",
		},

		// Lists of values and of rulesets: "a, b or c".
		"rules.list.or": {
			EN: "{0} or {1}",
			RU: "{0} или {1}",
		},
		"rules.list.rulesets": {
			EN: "{0} or {1}",
			RU: "{0} и {1}",
		},

		// The switches' documentation (Switch.DocMsg).
		"rules.switch.damage_model.doc": {
			EN: "multi-wound bookkeeping: damage per model, or a whfb8 pool",
			RU: "учёт ран многораневых моделей: урон каждой модели отдельно или общий пул, как в whfb8",
		},
		"rules.switch.cap_after_modifiers.doc": {
			EN: "apply the 1+ cap to the final target rather than the unmodified save",
			RU: "предел 1+ применяется к итоговому значению, а не к спасброску до модификаторов",
		},
		"rules.switch.unarmoured_cavalry_save.doc": {
			EN: "cavalry without armour save on 6+",
			RU: "кавалерия без доспехов спасается на 6+ (спасбросок за доспехи)",
		},
		"rules.switch.instant_kill_takes.doc": {
			EN: "which model an untargeted instant kill or Killing Blow removes; tow does not read it: there every instant kill takes the model now losing Wounds",
			RU: "какую модель убирает мгновенное убийство или Смертельный удар без выбранной цели; tow этот параметр не читает: там любое мгновенное убийство забирает модель, которая сейчас теряет раны",
		},
		"rules.switch.single_rank_policy.doc": {
			EN: "which end of a single rank gives up the next casualty",
			RU: "с какого края единственного ряда снимается следующая потеря",
		},
		"rules.switch.rear_rank_order.doc": {
			EN: "order of casualties in a rear rank: by_ruleset is alternate_ends, and left_to_right in tow",
			RU: "порядок удаления убитых из заднего ряда: by_ruleset — это alternate_ends, а в tow — left_to_right",
		},
		"rules.switch.multi_packet_order.doc": {
			EN: "multi-wound packets apply in the order their dice were rolled, before single wounds; owner_choice, tow only, lets the owner order them once they are rolled",
			RU: "пакеты множественных ран применяются в том порядке, в каком брошены их кубики, раньше одиночных ран; owner_choice (только tow) позволяет владельцу упорядочить их, когда все они брошены",
		},
		"rules.switch.overflow_across_pools.doc": {
			EN: "excess of an emptied rank-and-file pool while another survives",
			RU: "лишние раны опустевшего пула рядовых моделей, пока другой такой пул ещё не пуст",
		},
		"rules.switch.melee_to_hit_legacy.doc": {
			EN: "older melee to-hit grid with 6+ at -8",
			RU: "прежняя таблица попаданий в ближнем бою: 6+ при разнице -8 и ниже",
		},
		"rules.switch.command_order.doc": {
			EN: "order of musician and standard bearer once the ordinary rank and file are gone",
			RU: "порядок удаления музыканта и знаменосца, когда обычных рядовых моделей не осталось",
		},
		"rules.switch.regen_vs_flaming.doc": {
			EN: "Regeneration against Flaming Attacks",
			RU: "Регенерация против Огненных атак",
		},
		"rules.switch.to_wound.doc": {
			EN: "to-wound table",
			RU: "таблица бросков на ранение",
		},
		"rules.switch.armour_preset.doc": {
			EN: "a shield is worth 2 points (two_point_shield: 5+ alone, 4+ with light armour) or 1 (classic, Mordheim's 6+ and 5+); seed, an earlier name, is two_point_shield",
			RU: "щит стоит 2 очка (two_point_shield: 5+ сам по себе, 4+ с лёгкими доспехами) или 1 (classic, как в Mordheim: 6+ и 5+); seed, прежнее название, — это two_point_shield",
		},
		"rules.switch.low_crit_consumes_allowance.doc": {
			EN: "a critical roll of 1-3 uses up the per-phase allowance",
			RU: "результат 1-3 на броске критического попадания тоже расходует положенное на фазу критическое попадание",
		},
		"rules.switch.no_crit_when_needing6.doc": {
			EN: "a warrior needing 6s to wound causes no criticals",
			RU: "боец, которому для ранения нужны шестёрки, не наносит критических попаданий",
		},
		"rules.switch.seven_plus_to_hit.doc": {
			EN: "a to-hit need of 7+",
			RU: "попадание, для которого нужно 7+",
		},
		// The 9th Age's words (seed 004: "магический спас бросок"); the
		// others' below.
		"rules.switch.special_save_choice.doc": {
			EN: "which special save a model uses",
			RU: "какой магический спасбросок использует модель",
		},
		"rules.switch.special_save_choice.doc.battleaxe": {
			EN: "which special save a model uses",
			RU: "какой особый спасбросок использует модель",
		},
		"rules.switch.special_save_choice.doc.whfb8": {
			EN: "which special save a model uses",
			RU: "какой особый спасбросок использует модель",
		},
		"rules.switch.special_save_choice.doc.skirmish": {
			EN: "which special save a model uses",
			RU: "какой особый спасбросок использует модель",
		},
		"rules.switch.special_save_choice.doc.tow": {
			EN: "which special save a model uses",
			RU: "какой особый спасбросок использует модель",
		},
		"rules.switch.panic_threshold.doc": {
			EN: "fraction of the unit at the start of the phase whose loss forces a panic test: that much or more, and in tow more than that",
			RU: "доля подразделения на начало фазы, потеря которой вызывает тест на панику: столько или больше, а в tow — больше этого",
		},
		"rules.switch.mw_cap.doc": {
			EN: "cap each multi-wound packet at profile W or at the wounds left on the next model",
			RU: "ограничить каждый пакет множественных ран значением W из профиля или числом ран, оставшихся у следующей модели",
		},
		"rules.switch.packet_target.doc": {
			EN: "battleaxe per-model packets go to damaged models first, or to fresh ones",
			RU: "в battleaxe при уроне по моделям пакеты ран достаются сначала раненым моделям или сначала целым",
		},
		"rules.switch.poison_multiple_hits.doc": {
			EN: "how many of the hits of one poisoned to-hit roll wound automatically",
			RU: "сколько попаданий от одного отравленного броска на попадание ранят автоматически",
		},
		"rules.switch.poisoned_attacks.doc": {
			EN: "a poisoned hit rolls to wound with +2 (errata), or wounds automatically (2024 rulebook)",
			RU: "отравленное попадание бросает на ранение с +2 (эррата) или ранит автоматически (книга правил 2024 года)",
		},
		"rules.switch.too_tough_blocks_poison.doc": {
			EN: "under auto_wound, a poisoned hit cannot wound a target too tough to wound",
			RU: "при auto_wound отравленное попадание не ранит цель, которую нельзя ранить из-за её высокой Выносливости",
		},
		"rules.switch.regeneration_timing.doc": {
			EN: "Regeneration per Wound lost (errata), after each Wound of a packet, or per unsaved wound (2024)",
			RU: "Регенерация за каждую потерянную рану (эррата), после каждой раны пакета или за каждую неспасённую рану (2024)",
		},
		"rules.switch.kb_other_troop_types.doc": {
			EN: "a Killing Blow against a troop type it cannot slay: by_ruleset is no_armour_no_regen in battleaxe, ordinary in whfb8 and t9a1-ru",
			RU: "Смертельный удар против моделей того типа войск, который он не может сразить: by_ruleset означает no_armour_no_regen в battleaxe, ordinary в whfb8 и t9a1-ru",
		},
		// t9a1-ru's Russian rules say "Тип Подразделения" (seed 004).
		"rules.switch.kb_other_troop_types.doc.t9a1-ru": {
			EN: "a Killing Blow against a troop type it cannot slay: by_ruleset is no_armour_no_regen in battleaxe, ordinary in whfb8 and t9a1-ru",
			RU: "Смертельный удар против моделей того типа подразделения, который он не может сразить: by_ruleset означает no_armour_no_regen в battleaxe, ordinary в whfb8 и t9a1-ru",
		},
		"rules.switch.seven_plus_reroll.doc": {
			EN: "how a to-hit re-roll meets the 7+ procedure: each die, the failing die, or the whole roll again",
			RU: "как переброс на попадание сочетается с процедурой 7+: каждый кубик, проваленный кубик или весь бросок заново",
		},
		"rules.switch.contact_overlap.doc": {
			EN: "1: the wider unit's contact reaches one file past each end of the narrower; 0: only its files",
			RU: "1: контакт более широкого подразделения заходит на одну колонну за каждый край более узкого; 0: только его колонны",
		},
		"rules.switch.step_up.doc": {
			EN: "fights: models stepping up fight if their step has not passed (8th); lost: attacks are the round-start grid less the models lost (5th/7th, tow)",
			RU: "fights: модели, выходящие вперёд на место убитых, сражаются, если их очередь в порядке ударов ещё не прошла (8-я редакция); lost: атаки считаются по расстановке на начало раунда за вычетом потерянных моделей (5-я и 7-я редакции, tow)",
		},
		"rules.switch.asf_tie.doc": {
			EN: "two Always Strikes First fights: simultaneous, and neither re-rolls; or the higher Initiative first",
			RU: "если у обеих сторон «Всегда бьёт первым»: бьют одновременно, и никто не перебрасывает; или первой бьёт сторона с более высокой Инициативой",
		},
		"rules.switch.charge_initiative.doc": {
			EN: "the Initiative (t9a: Agility) the charger adds to its place in the strike order",
			RU: "сколько Инициативы (в t9a — Ловкости) прибавляет себе в порядке ударов подразделение, идущее в натиск",
		},
		"rules.switch.combat_score.doc": {
			EN: "the combat-result page set: full_ranks; proper_ranks is refused, the rulebook pages do not define it well enough to model",
			RU: "набор страниц правил для результата боя: full_ranks; proper_ranks не принимается: страницы книги правил описывают его недостаточно подробно, чтобы его смоделировать",
		},
		"rules.switch.line_formation_width.doc": {
			EN: "front-rank width from which one more rank supports (Line Formation), 1 to 100",
			RU: "ширина первого ряда, начиная с которой поддерживает ещё один ряд (Линейный строй), от 1 до 100",
		},
		"rules.switch.instant_kill_score.doc": {
			EN: "what an instant kill scores: the wounds the model had left (R38), or its profile Wounds",
			RU: "сколько очков результата боя даёт мгновенное убийство: оставшиеся у модели раны (R38) или раны по профилю",
		},
		"rules.switch.outnumber_bonus.doc": {
			EN: "1: +1 combat result for the side with more models (WAP 9th)",
			RU: "1: +1 к результату боя для стороны, у которой больше моделей (WAP 9th)",
		},
		"rules.switch.insane_courage.doc": {
			EN: "a break test on a double 1 always passes",
			RU: "тест на бегство при двух выпавших единицах всегда пройден",
		},

		// Why a ruleset does not read a switch (Switch.NotReadMsg).
		"rules.not_read.instant_kill": {
			EN: "every instant kill (instant_kill, killing_blow, monster_slayer) takes the model now losing Wounds, command models last (rules 22.8)",
			RU: "любое мгновенное убийство (instant_kill, killing_blow, monster_slayer) забирает модель, которая сейчас теряет раны, а модели командной группы — последними (правила 22.8)",
		},

		// The values of the switches, in words (ValueMsg): what a form
		// shows for each.
		"rules.value.true":                                    {EN: "yes", RU: "да"},
		"rules.value.false":                                   {EN: "no", RU: "нет"},
		"rules.value.raw":                                     {EN: "{0}", RU: "{0}"},
		"rules.value.owner_choice":                            {EN: "owner choice", RU: "выбор владельца"},
		"rules.value.by_ruleset":                              {EN: "by ruleset", RU: "по своду правил"},
		"rules.value.damage_model.per_model":                  {EN: "per model", RU: "по моделям"},
		"rules.value.damage_model.pooled":                     {EN: "pooled", RU: "общий пул"},
		"rules.value.instant_kill_takes.most_damaged":         {EN: "most damaged", RU: "самая раненая"},
		"rules.value.instant_kill_takes.fresh_model":          {EN: "fresh model", RU: "нераненая модель"},
		"rules.value.single_rank_policy.balance":              {EN: "balance", RU: "поровну"},
		"rules.value.single_rank_policy.left":                 {EN: "left", RU: "слева"},
		"rules.value.single_rank_policy.right":                {EN: "right", RU: "справа"},
		"rules.value.rear_rank_order.alternate_ends":          {EN: "alternate ends", RU: "с краёв по очереди"},
		"rules.value.rear_rank_order.left_to_right":           {EN: "left to right", RU: "слева направо"},
		"rules.value.rear_rank_order.right_to_left":           {EN: "right to left", RU: "справа налево"},
		"rules.value.multi_packet_order.as_listed":            {EN: "as listed", RU: "в порядке бросков"},
		"rules.value.overflow_across_pools.lost":              {EN: "lost", RU: "теряются"},
		"rules.value.overflow_across_pools.to_next_pool":      {EN: "to next pool", RU: "в следующий пул"},
		"rules.value.command_order.musician_first":            {EN: "musician first", RU: "сначала музыкант"},
		"rules.value.command_order.standard_first":            {EN: "standard first", RU: "сначала знаменосец"},
		"rules.value.regen_vs_flaming.forbidden":              {EN: "forbidden", RU: "запрещена"},
		"rules.value.regen_vs_flaming.allowed":                {EN: "allowed", RU: "разрешена"},
		"rules.value.to_wound.classic":                        {EN: "classic", RU: "классическая"},
		"rules.value.armour_preset.two_point_shield":          {EN: "two point shield", RU: "щит за 2 очка"},
		"rules.value.armour_preset.classic":                   {EN: "classic", RU: "классический"},
		"rules.value.seven_plus_to_hit.impossible":            {EN: "impossible", RU: "невозможно"},
		"rules.value.seven_plus_to_hit.six_then_four_plus":    {EN: "six then four plus", RU: "6, затем 4+"},
		"rules.value.special_save_choice.best":                {EN: "best", RU: "лучший"},
		"rules.value.mw_cap.profile":                          {EN: "profile", RU: "по профилю"},
		"rules.value.mw_cap.remaining":                        {EN: "remaining", RU: "по оставшимся ранам"},
		"rules.value.packet_target.damaged_first":             {EN: "damaged first", RU: "сначала раненые"},
		"rules.value.packet_target.fresh_first":               {EN: "fresh first", RU: "сначала нераненые"},
		"rules.value.poison_multiple_hits.one":                {EN: "one", RU: "одно"},
		"rules.value.poison_multiple_hits.all":                {EN: "all", RU: "все"},
		"rules.value.poisoned_attacks.plus_two":               {EN: "plus two", RU: "+2 к ранению"},
		"rules.value.poisoned_attacks.auto_wound":             {EN: "auto wound", RU: "ранит автоматически"},
		"rules.value.regeneration_timing.per_wound_lost":      {EN: "per wound lost", RU: "за каждую потерянную рану"},
		"rules.value.regeneration_timing.sequential":          {EN: "sequential", RU: "после каждой раны пакета"},
		"rules.value.regeneration_timing.per_unsaved_wound":   {EN: "per unsaved wound", RU: "за каждую неспасённую рану"},
		"rules.value.kb_other_troop_types.ordinary":           {EN: "ordinary", RU: "обычное ранение"},
		"rules.value.kb_other_troop_types.no_armour_no_regen": {EN: "no armour no regen", RU: "без доспехов и Регенерации"},
		"rules.value.seven_plus_reroll.each_die":              {EN: "each die", RU: "каждый кубик"},
		"rules.value.seven_plus_reroll.failing_die":           {EN: "failing die", RU: "проваленный кубик"},
		"rules.value.seven_plus_reroll.whole_roll":            {EN: "whole roll", RU: "весь бросок заново"},
		"rules.value.step_up.fights":                          {EN: "fights", RU: "сражаются"},
		"rules.value.step_up.lost":                            {EN: "lost", RU: "потеряны"},
		"rules.value.asf_tie.simultaneous":                    {EN: "simultaneous", RU: "одновременно"},
		"rules.value.asf_tie.initiative":                      {EN: "initiative", RU: "по Инициативе"},
		"rules.value.combat_score.full_ranks":                 {EN: "full ranks", RU: "полные ряды"},
		"rules.value.instant_kill_score.remaining":            {EN: "remaining", RU: "оставшиеся раны"},
		"rules.value.instant_kill_score.profile":              {EN: "profile", RU: "раны по профилю"},

		// A stand-in for the owner's choice (StandIn.Msg).
		"rules.stand_in": {
			EN: "{0} is owner_choice, and nobody is asked here: the engine's default ({1}) stands in",
			RU: "{0} = owner_choice, но спросить здесь некого: вместо владельца действует значение по умолчанию ({1})",
		},

		// The losses that force a panic test (PanicLossMsg).
		"rules.panic.at_least": {
			EN: "{0} or more",
			RU: "{0} или больше",
		},
		"rules.panic.more_than": {
			EN: "more than {0}",
			RU: "больше {0}",
		},

		// An armour save the modifiers make impossible (ArmourDetail.Msg).
		"rules.armour.impossible": {
			EN: "{0} = {1}: impossible",
			RU: "{0} = {1}: невозможно",
		},

		// The skirmish critical hits (Critical.Msg), RULES.md 6.2.
		"rules.critical.line": {
			EN: "{0} {1}: {2}",
			RU: "{0} {1}: {2}",
		},
		"rules.critical.none": {
			EN: "{0} {1}: no critical hit, ordinary wound",
			RU: "{0} {1}: без критического попадания, обычная рана",
		},
		"rules.critical.no_armour": {
			EN: "no armour save",
			RU: "без спасброска за доспехи",
		},
		"rules.critical.ricochet": {
			EN: `ricochet: the closest enemy within 6" of the target is hit too`,
			RU: `рикошет: ближайший враг в пределах 6" от цели тоже получает попадание`,
		},
		"rules.critical.two_no_armour": {
			EN: "2 wounds, no armour save",
			RU: "2 раны, без спасброска за доспехи",
		},
		"rules.critical.stun_blow": {
			EN: "no armour save, no helmet save, cannot fight this turn if it has not fought yet",
			RU: "без спасброска за доспехи и без спасброска за шлем, не может сражаться в этот ход, если ещё не сражался",
		},
		"rules.critical.disarm": {
			EN: "disarmed for the rest of the combat, armour save as normal",
			RU: "обезоружен до конца боя, спасбросок за доспехи как обычно",
		},
		"rules.critical.out_if_armour_fails": {
			EN: "out of action if the armour save fails",
			RU: "выведен из строя, если спасбросок за доспехи провален",
		},
		"rules.critical.two_own_saves": {
			EN: "2 wounds, each with its own armour save",
			RU: "2 раны, у каждой свой спасбросок за доспехи",
		},
		"rules.critical.two_no_armour_plus_two": {
			EN: "no armour save, 2 wounds, +2 to injury rolls",
			RU: "без спасброска за доспехи, 2 раны, +2 к броскам травм",
		},
		"rules.critical.extra_attack": {
			EN: "an extra attack at once, saves as normal",
			RU: "сразу дополнительная атака, спасброски как обычно",
		},
		"rules.critical.injury_if_save_fails": {
			EN: "+1 to injury rolls if the save fails",
			RU: "+1 к броскам травм, если спасбросок провален",
		},
		"rules.critical.no_armour_plus_two": {
			EN: "no armour save, +2 to injury rolls",
			RU: "без спасброска за доспехи, +2 к броскам травм",
		},
		"rules.critical.plus_one_injury": {
			EN: "+1 to injury rolls, armour save as normal",
			RU: "+1 к броскам травм, спасбросок за доспехи как обычно",
		},
		"rules.critical.knocked_down": {
			EN: "knocked down whatever the save, wounded only if it fails",
			RU: "сбит с ног при любом спасброске, ранен, только если он провален",
		},
		"rules.critical.knockback": {
			EN: `no armour save, +2 to injury rolls, knocked back D6"`,
			RU: `без спасброска за доспехи, +2 к броскам травм, отброшен на D6"`,
		},

		// Errors about bad values: the scenario's and combat file's
		// options, and the values of their fields.
		"rules.error.option_value": {
			EN: "option {0}: value {1}: want {2}",
			RU: "параметр {0}: значение {1}: нужно {2}",
		},
		"rules.error.option_bool": {
			EN: "option {0}: value {1}: want true or false",
			RU: "параметр {0}: значение {1}: нужно true или false",
		},
		"rules.error.panic_threshold": {
			EN: "option panic_threshold: value {0}: want a fraction above 0 and at most 1, such as 1/4 or 0.25",
			RU: "параметр panic_threshold: значение {0}: нужна дробь больше 0 и не больше 1, например 1/4 или 0.25",
		},
		"rules.error.combat_score": {
			EN: "option combat_score: value {0}: want full_ranks (proper_ranks is refused, R54)",
			RU: "параметр combat_score: значение {0}: нужно full_ranks (proper_ranks не принимается, R54)",
		},
		"rules.error.line_formation_width": {
			EN: "option line_formation_width: value {0}: want a width from 1 to 100",
			RU: "параметр line_formation_width: значение {0}: нужна ширина от 1 до 100",
		},
		"rules.error.proper_ranks": {
			EN: "combat_score proper_ranks: the rulebook pages only sketch the Proper-Ranks page set (rules 21.6, R54): " +
				"they do not say how many models make a Proper Rank or when a unit is Solid, and no worked example checks it, " +
				"so it is refused; full_ranks (the 2.x lexicon's set, the default) is the value there is",
			RU: "combat_score proper_ranks: страницы книги правил лишь намечают набор правил Proper Ranks (правила 21.6, R54): " +
				"они не говорят, сколько моделей составляют полноценный ряд (Proper Rank) и когда подразделение плотное (Solid), " +
				"и ни один разобранный пример этого не проверяет, поэтому значение не принимается; " +
				"есть значение full_ranks (набор из лексикона 2.x, по умолчанию)",
		},
		"rules.error.unknown_option": {
			EN: "unknown option {0}: want one of {1}",
			RU: "неизвестный параметр {0}: нужен один из {1}",
		},
		"rules.error.unknown_option_get": {
			EN: "unknown option {0}",
			RU: "неизвестный параметр {0}",
		},
		"rules.error.packet_owner_order": {
			EN: "option multi_packet_order: owner_choice is tow's (rules 22.7); {0} applies packets in the order their dice were rolled (as_listed)",
			RU: "параметр multi_packet_order: owner_choice есть только в tow (правила 22.7); {0} применяет пакеты ран в том порядке, в каком брошены их кубики (as_listed)",
		},
		"rules.error.not_read": {
			EN: "option {0}: only {1} {2:reads|read} it",
			RU: "параметр {0}: его {2:читает|читают|читают} только {1}",
		},
		"rules.error.not_read_why": {
			EN: "option {0}: only {1} {2:reads|read} it: {3}",
			RU: "параметр {0}: его {2:читает|читают|читают} только {1}: {3}",
		},
		"rules.error.unknown_ruleset": {
			EN: "unknown ruleset {0}: want {1}",
			RU: "неизвестный свод правил {0}: нужен {1}",
		},
		"rules.error.unknown_troop_type": {
			EN: "unknown troop type {0}: want {1}",
			RU: "неизвестный тип войск {0}: нужен {1}",
		},
		"rules.error.unknown_armour": {
			EN: "unknown armour {0}: want {1}",
			RU: "неизвестные доспехи {0}: нужны {1}",
		},
		"rules.error.unknown_phase": {
			EN: "unknown phase {0}: want {1}",
			RU: "неизвестная фаза {0}: нужна {1}",
		},
		"rules.error.unknown_weapon_class": {
			EN: "unknown weapon class {0}: want {1}",
			RU: "неизвестный класс оружия {0}: нужен {1}",
		},
		"rules.error.target_score": {
			EN: "target {0}: want a score such as 4+, or - for none",
			RU: "значение броска {0}: нужно значение вроде 4+ или -, если броска нет",
		},
		"rules.error.target_range": {
			EN: "target {0}: want 0+ to 10+",
			RU: "значение броска {0}: нужно от 0+ до 10+",
		},
		"rules.error.condition": {
			EN: "condition {0}: want {1}, or a list of them",
			RU: "условие {0}: нужно {1} или их список",
		},
		"rules.error.reroll": {
			EN: "re-roll {0}: want none, failed, ones, successes or a list of them",
			RU: "переброс {0}: нужно none, failed, ones, successes или их список",
		},
		"rules.error.trigger": {
			EN: "trigger {0}: want true, false or a score from 2+ to 6+",
			RU: "срабатывание {0}: нужно true, false или значение от 2+ до 6+",
		},

		// The strike order's characteristic (CombatRules.StrikeValueMsg).
		"term.rules.initiative":  {EN: "Initiative", RU: "Инициатива"},
		"term.rules.t9a.agility": {EN: "Agility", RU: "Ловкость"},

		// The words of the game's enums as a form or a log shows them
		// (TroopType.Msg, Armour.Msg, Phase.Msg, WeaponClass.Msg,
		// Injury.Msg, SpecialKind.Msg and SaveMsg): the nominative, for
		// labels.
		"term.rules.troop_type.infantry":           {EN: "infantry", RU: "пехота"},
		"term.rules.troop_type.cavalry":            {EN: "cavalry", RU: "кавалерия"},
		"term.rules.troop_type.monstrous_infantry": {EN: "monstrous infantry", RU: "чудовищная пехота"},
		"term.rules.troop_type.monstrous_cavalry":  {EN: "monstrous cavalry", RU: "чудовищная кавалерия"},
		"term.rules.troop_type.monstrous_beast":    {EN: "monstrous beast", RU: "чудовищный зверь"},
		"term.rules.troop_type.war_beast":          {EN: "war beast", RU: "боевой зверь"},
		"term.rules.troop_type.chariot":            {EN: "chariot", RU: "колесница"},
		"term.rules.troop_type.monster":            {EN: "monster", RU: "чудовище"},
		"term.rules.troop_type.swarm":              {EN: "swarm", RU: "рой"},
		"term.rules.troop_type.war_machine":        {EN: "war machine", RU: "боевая машина"},
		"term.rules.troop_type.heavy_infantry":     {EN: "heavy infantry", RU: "тяжёлая пехота"},
		"term.rules.troop_type.light_cavalry":      {EN: "light cavalry", RU: "лёгкая кавалерия"},
		"term.rules.troop_type.heavy_cavalry":      {EN: "heavy cavalry", RU: "тяжёлая кавалерия"},
		"term.rules.troop_type.light_chariot":      {EN: "light chariot", RU: "лёгкая колесница"},
		"term.rules.troop_type.heavy_chariot":      {EN: "heavy chariot", RU: "тяжёлая колесница"},
		"term.rules.troop_type.monstrous_creature": {EN: "monstrous creature", RU: "чудовищное существо"},
		"term.rules.troop_type.behemoth":           {EN: "behemoth", RU: "бегемот"},
		"term.rules.armour.none":                   {EN: "none", RU: "нет"},
		"term.rules.armour.light":                  {EN: "light", RU: "лёгкие"},
		"term.rules.armour.heavy":                  {EN: "heavy", RU: "тяжёлые"},
		"term.rules.armour.plate":                  {EN: "plate", RU: "латы"},
		"term.rules.phase.melee":                   {EN: "melee", RU: "ближний бой"},
		"term.rules.phase.shooting":                {EN: "shooting", RU: "стрельба"},
		"term.rules.phase.magic":                   {EN: "magic", RU: "магия"},
		"term.rules.phase.other":                   {EN: "other", RU: "другая"},
		"term.rules.weapon_class.none":             {EN: "none", RU: "нет"},
		"term.rules.weapon_class.missile":          {EN: "missile", RU: "стрелковое"},
		"term.rules.weapon_class.bludgeoning":      {EN: "bludgeoning", RU: "дробящее"},
		"term.rules.weapon_class.bladed":           {EN: "bladed", RU: "клинковое"},
		"term.rules.weapon_class.unarmed":          {EN: "unarmed", RU: "без оружия"},
		"term.rules.weapon_class.thrusting":        {EN: "thrusting", RU: "колющее"},
		"term.rules.special_kind.none":             {EN: "none", RU: "нет"},
		"term.rules.special_kind.ward":             {EN: "ward", RU: "особый спасбросок"},
		"term.rules.special_kind.regeneration":     {EN: "regeneration", RU: "Регенерация"},
		"term.rules.special_kind.aegis":            {EN: "aegis", RU: "Эгида"},
		"term.rules.special_save.ward":             {EN: "ward save", RU: "особый спасбросок"},
		"term.rules.special_save.regeneration":     {EN: "regeneration save", RU: "спасбросок Регенерации"},
		"term.rules.special_save.aegis":            {EN: "aegis save", RU: "спасбросок Эгиды"},
		"term.rules.injury.none":                   {EN: "none", RU: "нет"},
		"term.rules.injury.knocked_down":           {EN: "knocked down", RU: "сбит с ног"},
		"term.rules.injury.stunned":                {EN: "stunned", RU: "оглушён"},
		"term.rules.injury.out_of_action":          {EN: "out of action", RU: "выведен из строя"},

		// rearrank rulesets: the text beside the JSON (cmd/rearrank).
		"cli.rulesets.switch": {
			EN: "{0} default {1} {2}  ({3})",
			RU: "{0} по умолчанию {1} {2}  ({3})",
		},
		"cli.rulesets.whole_number": {
			EN: "a whole number",
			RU: "целое число",
		},
		"cli.rulesets.fraction": {
			EN: "a fraction",
			RU: "дробь",
		},
		"cli.rulesets.set": {
			EN: "Set a switch in a scenario file under options: (snake_case, no ruleset prefix), or with compare --set name=value.",
			RU: "Параметр задаётся в файле сценария в разделе options: (snake_case, без префикса свода правил) или через compare --set name=value.",
		},
		"cli.rulesets.combat": {
			EN: "The last switches of a block ruleset (contact_overlap to insane_courage, rules 21.11) belong to a combat file's options: (rearrank combat).",
			RU: "Последние параметры свода правил для подразделений в строю (от contact_overlap до insane_courage, правила 21.11) задаются в разделе options: файла боя (rearrank combat).",
		},
	}
})
