package msg

// The alloc family: the checks of a unit's description (internal/alloc's
// Spec), which a scenario or combat file's error may wrap. The spec's
// field names stay English: they are the scenario file's, or Go's.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// A letter a formation draws beyond the roles' own: rank and file
		// of a second troop type or profile.
		"alloc.legend": {EN: "{0} {1} (T{2}, W{3})", RU: "{0} — {1} (В{2}, Р{3})"},

		"alloc.spec.group": {
			EN: "groups[{0}]: {1}",
			RU: "groups[{0}]: {1}",
		},
		"alloc.spec.ruleset": {
			EN: "ruleset {0}: want battleaxe, whfb8, t9a, t9a1-ru or skirmish",
			RU: "ruleset {0} (свод правил): нужно battleaxe, whfb8, t9a, t9a1-ru или skirmish",
		},
		"alloc.spec.starting_models": {
			EN: "starting_models {0}: want at least the {1} {1:model|models} the unit has now",
			RU: "starting_models {0}: нужно не меньше, чем моделей в подразделении сейчас ({1})",
		},
		"alloc.spec.option_value": {
			EN: "options.{0} {1}: not a value of the switch",
			RU: "options.{0} {1}: у параметра нет такого значения",
		},
		"alloc.spec.skirmish_models": {
			EN: "models {0}: a skirmish target is one fighter, want 1",
			RU: "models {0}: цель в skirmish — один боец (одна модель), нужно 1",
		},
		"alloc.spec.skirmish_frontage": {
			EN: "frontage {0}: a skirmish fighter has no formation, want 0 or 1",
			RU: "frontage {0}: у бойца skirmish нет строя (ширины фронта), нужно 0 или 1",
		},
		"alloc.spec.skirmish_command": {
			EN: "command: a skirmish fighter has no command group",
			RU: "command: у бойца skirmish нет командной группы",
		},
		"alloc.spec.skirmish_groups": {
			EN: "groups: a skirmish fighter has no groups",
			RU: "groups: у бойца skirmish нет групп",
		},
		"alloc.spec.skirmish_characters": {
			EN: "characters: a skirmish fighter has no characters",
			RU: "characters: у бойца skirmish нет персонажей",
		},
		"alloc.spec.skirmish_layout": {
			EN: "layout: a skirmish fighter has no formation",
			RU: "layout: у бойца skirmish нет строя",
		},
		"alloc.spec.skirmish_carried": {
			EN: "carried {0}: a skirmish fighter has no pool",
			RU: "carried {0}: у бойца skirmish нет пула",
		},
		"alloc.spec.skirmish_champion": {
			EN: "champion: a skirmish fighter has no champion",
			RU: "champion: у бойца skirmish нет чемпиона",
		},
		"alloc.spec.skirmish_damage": {
			EN: "damage: {0} {0:value|values} for one fighter",
			RU: "damage: {0} {0:значение|значения|значений} для одного бойца",
		},
		"alloc.spec.skirmish_damage_range": {
			EN: "damage[0] {0}: want 0 to W {1}",
			RU: "damage[0] {0}: нужно от 0 до W {1}",
		},
		"alloc.spec.models_negative": {
			EN: "models {0}: want 0 or more",
			RU: "models {0}: нужно 0 или больше (число моделей)",
		},
		"alloc.spec.command_role": {
			EN: "command[{0}] {1}: want musician, standard or champion",
			RU: "command[{0}] {1}: нужно musician (музыкант), standard (знаменосец) или champion (чемпион)",
		},
		"alloc.spec.command_twice": {
			EN: "command[{0}] {1}: given twice",
			RU: "command[{0}] {1}: указано дважды",
		},
		"alloc.spec.models_command": {
			EN: "models {0}: fewer than the {1} {1:command model|command models} (models counts the whole command group)",
			RU: "models {0}: меньше, чем моделей командной группы ({1}) (models считает всю командную группу)",
		},
		"alloc.spec.champion_profile": {
			EN: "champion: a champion profile without champion in command",
			RU: "champion: профиль чемпиона без champion в command",
		},
		"alloc.spec.champion_damage_none": {
			EN: "champion_damage {0}: no champion in command",
			RU: "champion_damage {0}: в command нет чемпиона (champion)",
		},
		"alloc.spec.champion_damage": {
			EN: "champion_damage {0}: want 0 to {1} (below W {2})",
			RU: "champion_damage {0}: нужно от 0 до {1} (меньше W {2})",
		},
		"alloc.spec.groups_too_many": {
			EN: "groups: {0} groups, want at most {1}",
			RU: "groups: {0} {0:группа|группы|групп}, нужно не больше {1}",
		},
		"alloc.spec.group_count": {
			EN: "groups[{0}].count {1}: want 1 to {2}",
			RU: "groups[{0}].count {1}: нужно от 1 до {2}",
		},
		"alloc.spec.characters_too_many": {
			EN: "characters: {0} characters, want at most {1}",
			RU: "characters: {0} {0:персонаж|персонажа|персонажей}, нужно не больше {1}",
		},
		"alloc.spec.character_name": {
			EN: "{0}.name: empty; characters are targeted by name",
			RU: "{0}.name: пусто; в персонажей целятся по имени",
		},
		"alloc.spec.character_name_twice": {
			EN: "{0}.name {1}: two characters with that name",
			RU: "{0}.name {1}: так зовут двух персонажей",
		},
		"alloc.spec.character_damage": {
			EN: "{0}.damage {1}: want 0 to {2} (below W {3})",
			RU: "{0}.damage {1}: нужно от 0 до {2} (меньше W {3})",
		},
		"alloc.spec.character_file": {
			EN: "{0}.file {1}: want a front-rank file, or -1 to place automatically",
			RU: "{0}.file {1}: нужна колонна первого ряда или -1, чтобы поставить автоматически",
		},
		"alloc.spec.models_zero": {
			EN: "models 0: a unit needs at least one model",
			RU: "models 0: в подразделении нужна хотя бы одна модель",
		},
		"alloc.spec.models_too_many": {
			EN: "models: {0} in all, want at most {1}",
			RU: "models: всего {0} {0:модель|модели|моделей}, нужно не больше {1}",
		},
		"alloc.spec.frontage_low": {
			EN: "frontage {0}: want at least 1 (0 for the default)",
			RU: "frontage {0}: нужно не меньше 1 (0 — ширина фронта по умолчанию)",
		},
		"alloc.spec.frontage_high": {
			EN: "frontage {0}: want at most {1}",
			RU: "frontage {0}: нужно не больше {1} (ширина фронта)",
		},
		"alloc.spec.character_file_range": {
			EN: "characters[{0}].file {1}: the front rank holds files {2} to {3}",
			RU: "characters[{0}].file {1}: персонаж стоит вне первого ряда, в нём колонны с {2} по {3}",
		},
		"alloc.spec.character_file_taken": {
			EN: "characters[{0}].file {1}: taken by another character",
			RU: "characters[{0}].file {1}: занята другим персонажем",
		},
		"alloc.spec.frontage_slots": {
			EN: "frontage {0}: the command group and characters need {1} {1:front-rank slot|front-rank slots}, {2} {2:is free|are free}",
			RU: "frontage {0} (ширина фронта): командной группе и персонажам нужно мест в первом ряду: {1}, свободно: {2}",
		},
		"alloc.spec.layout_rank_empty": {
			EN: "layout rank {0}: empty",
			RU: "layout, ряд {0}: пусто",
		},
		"alloc.spec.layout_frontage": {
			EN: "layout: the front rank has {0} {0:slot|slots} but frontage is {1}",
			RU: "layout: в первом ряду {0} {0:место|места|мест}, а ширина фронта (frontage) — {1}",
		},
		"alloc.spec.layout_wider": {
			EN: "layout rank {0}: {1} {1:slot|slots}, wider than the front rank's {2}",
			RU: "layout, ряд {0}: {1} {1:место|места|мест}, шире первого ряда ({2})",
		},
		"alloc.spec.layout_no_models": {
			EN: "layout rank {0}: no models",
			RU: "layout, ряд {0}: нет моделей",
		},
		"alloc.spec.layout_behind": {
			EN: "layout rank {0}: {1} {1:model|models} behind a rank of {2}",
			RU: "layout, ряд {0}: {1} {1:модель|модели|моделей} за рядом из {2}",
		},
		"alloc.spec.layout_gap": {
			EN: "layout rank {0}: a gap inside the rank (every rank is contiguous, 11.2)",
			RU: "layout, ряд {0}: разрыв внутри ряда (каждый ряд сплошной, 11.2)",
		},
		"alloc.spec.layout_more_r": {
			EN: "layout: more R than the {0} {0:rank-and-file model|rank-and-file models}",
			RU: "layout: R больше, чем рядовых моделей ({0})",
		},
		"alloc.spec.layout_more_h": {
			EN: "layout: more H than the {0} {0:character|characters}",
			RU: "layout: H больше, чем персонажей ({0})",
		},
		"alloc.spec.layout_no_role": {
			EN: "layout rank {0}: {1} but the command has no {2}",
			RU: "layout, ряд {0}: {1}, а в командной группе нет {2}",
		},
		"alloc.spec.layout_second": {
			EN: "layout rank {0}: a second {1}",
			RU: "layout, ряд {0}: второй {1}",
		},
		"alloc.spec.layout_letter": {
			EN: "layout rank {0}: {1}: want R, M, S, C or H (or . at an end)",
			RU: "layout, ряд {0}: {1}: нужно R, M, S, C или H (или . с краю)",
		},
		"alloc.spec.layout_front": {
			EN: "layout rank {0}: {1} must stand in the front rank",
			RU: "layout, ряд {0}: {1} должен стоять в первом ряду",
		},
		"alloc.spec.layout_no_r": {
			EN: "layout: {0} {0:rank-and-file model has|rank-and-file models have} no R",
			RU: "layout: у {0} {0:рядовой модели|рядовых моделей|рядовых моделей} нет R",
		},
		"alloc.spec.layout_no_h": {
			EN: "layout: {0} {0:character has|characters have} no H",
			RU: "layout: у {0} {0:персонажа|персонажей|персонажей} нет H",
		},
		"alloc.spec.layout_no_letter": {
			EN: "layout: no {0} for the {1}",
			RU: "layout: нет {0} для {1}",
		},
		"alloc.spec.carried_per_model": {
			EN: "carried {0}: battleaxe per-model damage keeps no pool count",
			RU: "carried {0}: при уроне по моделям в battleaxe пул ран не ведётся",
		},
		"alloc.spec.carried_shared_unit": {
			EN: "carried {0}: the {1} share the unit's own pool; give its carried wounds with Spec.Carried",
			RU: "carried {0}: у {1} общий пул с самим подразделением; его перенесённые раны задаются в Spec.Carried",
		},
		"alloc.spec.carried_shared_group": {
			EN: "carried {0}: the {1} share the pool of groups[{2}]; give its carried wounds there",
			RU: "carried {0}: у {1} общий пул с groups[{2}]; перенесённые раны задаются там",
		},
		"alloc.spec.carried_no_model": {
			EN: "carried {0}: the {1} pool has no model",
			RU: "carried {0}: в пуле {1} нет ни одной модели",
		},
		"alloc.spec.carried_use_damage": {
			EN: "carried {0}: battleaxe per-model damage keeps no pool count; use damage",
			RU: "carried {0}: при уроне по моделям в battleaxe пул ран не ведётся; используйте damage",
		},
		"alloc.spec.carried_no_pool": {
			EN: "carried {0}: the unit has no rank-and-file pool of its own profile",
			RU: "carried {0}: у подразделения нет пула рядовых моделей с его собственным профилем",
		},
		"alloc.spec.damage_per_model": {
			EN: "damage: per-model starting damage needs battleaxe with damage_model per_model; pooled rulesets use carried",
			RU: "damage: начальный урон по моделям бывает только в battleaxe с damage_model per_model; своды правил с пулом используют carried",
		},
		"alloc.spec.damage_no_pool": {
			EN: "damage: the unit has no rank-and-file pool",
			RU: "damage: у подразделения нет пула рядовых моделей",
		},
		"alloc.spec.damage_count": {
			EN: "damage: {0} {0:value|values} for {1} {1:model|models} in the pool",
			RU: "damage: {0} {0:значение|значения|значений} на {1} {1:модель|модели|моделей} в пуле",
		},
		"alloc.spec.damage_champion": {
			EN: "damage[{0}]: the champion's damage is also given as champion_damage",
			RU: "damage[{0}]: урон чемпиона задан ещё и в champion_damage",
		},
		"alloc.profile.w":          {EN: "{0}.w {1}: want 1 to {2}", RU: "{0}.w {1}: нужно от 1 до {2}"},
		"alloc.profile.t":          {EN: "{0}.t {1}: want 0 to 20", RU: "{0}.t {1}: нужно от 0 до 20"},
		"alloc.profile.ws":         {EN: "{0}.ws {1}: want 0 to 20", RU: "{0}.ws {1}: нужно от 0 до 20"},
		"alloc.profile.troop_type": {EN: "{0}.troop_type {1}: want one of {2}", RU: "{0}.troop_type {1}: нужно одно из: {2}"},

		// A role as an argument, in the genitive in Russian ("нет
		// чемпиона"), in English as the role's words; The 9th Age's
		// champion is a командир (docs/glossary.md).
		"term.alloc.role_gen.rank_and_file":    {EN: "rank and file", RU: "рядовых моделей"},
		"term.alloc.role_gen.musician":         {EN: "musician", RU: "музыканта"},
		"term.alloc.role_gen.standard":         {EN: "standard bearer", RU: "знаменосца"},
		"term.alloc.role_gen.champion":         {EN: "champion", RU: "чемпиона"},
		"term.alloc.role_gen.champion.t9a":     {EN: "champion", RU: "командира"},
		"term.alloc.role_gen.champion.t9a1-ru": {EN: "champion", RU: "командира"},
		"term.alloc.role_gen.character":        {EN: "character", RU: "персонажа"},

		// A target the unit cannot supply (unit.ErrNoTarget, whose text
		// is "no such target"): the reason is the argument.
		"alloc.no_target": {EN: "no such target: {0}", RU: "нет такой цели: {0}"},
		"alloc.target.no_rank_and_file": {
			EN: "the unit has no rank and file",
			RU: "в подразделении нет рядовых моделей",
		},
		"alloc.target.no_pool": {
			EN: "no {0} rank-and-file pool",
			RU: "нет пула рядовых моделей {0} (troop_type)",
		},
		"alloc.target.no_musician":         {EN: "the unit has no musician", RU: "в подразделении нет музыканта"},
		"alloc.target.no_standard":         {EN: "the unit has no standard", RU: "в подразделении нет знаменосца"},
		"alloc.target.no_champion":         {EN: "the unit has no champion", RU: "в подразделении нет чемпиона"},
		"alloc.target.no_champion.t9a":     {EN: "the unit has no champion", RU: "в подразделении нет командира"},
		"alloc.target.no_champion.t9a1-ru": {EN: "the unit has no champion", RU: "в подразделении нет командира"},
		"alloc.target.no_character":        {EN: "no character {0}", RU: "нет персонажа {0}"},
		"alloc.target.out_of_action":       {EN: "the fighter is out of action", RU: "боец выведен из строя"},
		"alloc.target.none_left":           {EN: "no model is left of the rank and file", RU: "не осталось ни одной рядовой модели"},
		"alloc.target.none_left_of_troop": {
			EN: "no model is left of the {0} rank and file",
			RU: "не осталось ни одной рядовой модели типа «{0}»",
		},
		"alloc.target.character_gone": {EN: "{0} is gone", RU: "персонажа {0} уже нет"},
		"alloc.target.gone":           {EN: "the {0} is gone", RU: "{0} уже нет"},
		"alloc.target.role": {
			EN: "target role {0}: want rank_and_file, musician, standard, champion or character",
			RU: "роль цели {0}: нужно rank_and_file (рядовые модели), musician (музыкант), standard (знаменосец), champion (чемпион) или character (персонаж)",
		},

		// An unsaved wound aimed at a target the unit cannot supply.
		"alloc.apply.target": {EN: "apply {0}: {1}", RU: "рана по цели {0}: {1}"},

		// Why a model was removed and from where (Casualty.Rule): the
		// reason, then the place, "rear rank, left end".
		"alloc.rule":             {EN: "{0}; {1}", RU: "{0}; {1}"},
		"alloc.why.pool":         {EN: "the pool's wounds reach its W (11.1)", RU: "раны пула достигли W модели (11.1)"},
		"alloc.why.own_damage":   {EN: "its own damage reaches its W (11.3)", RU: "собственный урон модели достиг её W (11.3)"},
		"alloc.why.packet":       {EN: "a wound packet takes its last W (C11)", RU: "пакет ран снимает последнюю W модели (C11)"},
		"alloc.why.overflow":     {EN: "overflow from the rank and file (10.1)", RU: "лишние раны рядовых моделей (10.1)"},
		"alloc.why.instant_kill": {EN: "instant kill (9.1)", RU: "мгновенное убийство (9.1)"},
		"alloc.why.raw":          {EN: "{0}", RU: "{0}"},
		"alloc.where.single":     {EN: "single rank", RU: "единственный ряд"},
		"alloc.where.rear":       {EN: "rear rank", RU: "задний ряд"},
		"alloc.where.front":      {EN: "front rank", RU: "передний ряд"},
		"alloc.where.rank":       {EN: "rank {0}", RU: "ряд {0}"},
		"alloc.where.own_left":   {EN: "own slot in the left half (C5)", RU: "своё место в левой половине ряда (C5)"},
		"alloc.where.own_right":  {EN: "own slot in the right half (C5)", RU: "своё место в правой половине ряда (C5)"},
		"alloc.where.own_centre": {EN: "own slot at the centre (C5)", RU: "своё место в центре ряда (C5)"},
		"alloc.where.left_end":   {EN: "left end", RU: "левый край"},
		"alloc.where.right_end":  {EN: "right end", RU: "правый край"},
		"alloc.where.slid":       {EN: "skipped models slide in (11.2 step 3)", RU: "пропущенные модели сдвигаются (11.2, шаг 3)"},
		"alloc.where.last":       {EN: "the last model of the rank", RU: "последняя модель ряда"},

		// A unit that stands otherwise than its Spec asked (Unit.Notes).
		"alloc.note.frontage_wide": {
			EN: "frontage {0} is wider than the unit's {1} {1:model|models}: it stands in one rank of {2} {2:file|files} (rules 19.1)",
			RU: "ширина фронта {0} больше, чем моделей в подразделении ({1}): оно стоит в один ряд из {2} {2:колонны|колонн|колонн} (правила 19.1)",
		},

		// The notes of a wound's allocation (Change.Notes), citing
		// RULES.md: overflow of an emptied pool (10.1, C13, C14, R18).
		"alloc.note.overflow_lost.empty_pool": {
			EN: "an overflow of {0} {0:wound|wounds} lost: the pool is empty (10.1)",
			RU: "{0} {0:лишняя рана потеряна|лишние раны потеряны|лишних ран потеряно}: пул пуст (10.1)",
		},
		"alloc.note.overflow_lost.no_champion": {
			EN: "an overflow of {0} {0:wound|wounds} lost: no champion (10.1)",
			RU: "{0} {0:лишняя рана потеряна|лишние раны потеряны|лишних ран потеряно}: нет чемпиона (10.1)",
		},
		"alloc.note.overflow_lost.no_champion.t9a": {
			EN: "an overflow of {0} {0:wound|wounds} lost: no champion (10.1)",
			RU: "{0} {0:лишняя рана потеряна|лишние раны потеряны|лишних ран потеряно}: нет командира (10.1)",
		},
		"alloc.note.overflow_lost.no_champion.t9a1-ru": {
			EN: "an overflow of {0} {0:wound|wounds} lost: no champion (10.1)",
			RU: "{0} {0:лишняя рана потеряна|лишние раны потеряны|лишних ран потеряно}: нет командира (10.1)",
		},
		"alloc.note.overflow_lost.other_pool": {
			EN: "an overflow of {0} {0:wound|wounds} lost: another rank-and-file pool remains (R18)",
			RU: "{0} {0:лишняя рана потеряна|лишние раны потеряны|лишних ран потеряно}: остаётся другой пул рядовых моделей (R18)",
		},
		"alloc.note.overflow_lost.rank_and_file_remain": {
			EN: "an overflow of {0} {0:wound|wounds} lost: other rank and file remain at the end of the batch (R18, C13)",
			RU: "{0} {0:лишняя рана потеряна|лишние раны потеряны|лишних ран потеряно}: в конце серии остались другие рядовые модели (R18, C13)",
		},
		"alloc.note.overflow_to_champion": {
			EN: "an overflow of {0} {0:wound|wounds} goes to the champion, who takes {1} (10.1, C13)",
			RU: "{0} {0:лишняя рана переходит|лишние раны переходят|лишних ран переходят} к чемпиону, он получает {1} (10.1, C13)",
		},
		"alloc.note.overflow_to_champion.t9a": {
			EN: "an overflow of {0} {0:wound|wounds} goes to the champion, who takes {1} (10.1, C13)",
			RU: "{0} {0:лишняя рана переходит|лишние раны переходят|лишних ран переходят} к командиру, он получает {1} (10.1, C13)",
		},
		"alloc.note.overflow_to_champion.t9a1-ru": {
			EN: "an overflow of {0} {0:wound|wounds} goes to the champion, who takes {1} (10.1, C13)",
			RU: "{0} {0:лишняя рана переходит|лишние раны переходят|лишних ран переходят} к командиру, он получает {1} (10.1, C13)",
		},
		"alloc.note.overflow_to_pool": {
			EN: "an overflow of {0} {0:wound|wounds} goes to the {1} pool (C14)",
			RU: "{0} {0:лишняя рана переходит|лишние раны переходят|лишних ран переходят} в пул «{1}» (C14)",
		},
		"alloc.note.overflow_waits": {
			EN: "an overflow of {0} {0:wound|wounds} waits for the end of the batch: the champion takes it if no other rank and file remain (C13)",
			RU: "{0} {0:лишняя рана ждёт|лишние раны ждут|лишних ран ждут} конца серии: их получит чемпион, если других рядовых моделей не останется (C13)",
		},
		"alloc.note.overflow_waits.t9a": {
			EN: "an overflow of {0} {0:wound|wounds} waits for the end of the batch: the champion takes it if no other rank and file remain (C13)",
			RU: "{0} {0:лишняя рана ждёт|лишние раны ждут|лишних ран ждут} конца серии: их получит командир, если других рядовых моделей не останется (C13)",
		},
		"alloc.note.overflow_waits.t9a1-ru": {
			EN: "an overflow of {0} {0:wound|wounds} waits for the end of the batch: the champion takes it if no other rank and file remain (C13)",
			RU: "{0} {0:лишняя рана ждёт|лишние раны ждут|лишних ран ждут} конца серии: их получит командир, если других рядовых моделей не останется (C13)",
		},

		// Multiple Wounds capped (9.2, 22.7, C11).
		"alloc.note.mw_cap.remaining_rest_lost": {
			EN: "Multiple Wounds of {0} capped at the {1} {1:Wound|Wounds} the model has left; the rest are lost (22.7)",
			RU: "Множественные раны ({0}) ограничены ранами, что остались у модели ({1}); остальные потеряны (22.7)",
		},
		"alloc.note.mw_cap.next_remaining": {
			EN: "Multiple Wounds of {0} capped at the {1} {1:Wound|Wounds} the next model has left (9.2, mw_cap: remaining)",
			RU: "Множественные раны ({0}) ограничены ранами, что остались у следующей модели ({1}) (9.2, mw_cap: remaining)",
		},
		"alloc.note.mw_cap.profile": {
			EN: "Multiple Wounds of {0} capped at the model's {1} {1:Wound|Wounds} (9.2)",
			RU: "Множественные раны ({0}) ограничены ранами модели по профилю ({1}) (9.2)",
		},
		"alloc.note.mw_cap.model": {
			EN: "Multiple Wounds of {0} capped at the model's {1} {1:Wound|Wounds} (9.2, C11)",
			RU: "Множественные раны ({0}) ограничены ранами модели по профилю ({1}) (9.2, C11)",
		},

		// Wounds on one model past what it has left (C11, R10, R41).
		"alloc.note.wounds_lost_gone": {
			EN: "{0} {0:wound|wounds} lost: the {1} is gone",
			RU: "{0} {0:рана потеряна|раны потеряны|ран потеряно}: {1} уже нет",
		},
		"alloc.note.wounds_over_left": {
			EN: "{0} {0:wound|wounds} on a model with {1} {1:Wound|Wounds} left: {2} lost (C11)",
			RU: "{0} {0:рана|раны|ран} по модели, у которой {1:осталась|осталось|осталось} {1} {1:рана|раны|ран}: потеряно {2} (C11)",
		},
		"alloc.note.packet_over_left": {
			EN: "a packet of {0} {0:wound|wounds} on a model with {1} {1:Wound|Wounds} left: {2} wasted (9.2, R10)",
			RU: "пакет из {0} {0:раны|ран|ран} по модели, у которой {1:осталась|осталось|осталось} {1} {1:рана|раны|ран}: впустую потеряно {2} (9.2, R10)",
		},
		"alloc.note.carried_removes": {
			EN: "{0} {0:carried wound removes|carried wounds remove} the next model, which has {1} {1:Wound|Wounds} left (R41)",
			RU: "{0} {0:перенесённая рана убирает|перенесённые раны убирают|перенесённых ран убирают} следующую модель, у которой {1:осталась|осталось|осталось} {1} {1:рана|раны|ран} (R41)",
		},

		// Instant kills (9.1, C12).
		"alloc.note.kill_closest": {
			EN: "instant kill aimed at the {0} takes the closest rank and file instead (C12)",
			RU: "мгновенное убийство, нацеленное на {0}, вместо него забирает ближайшую рядовую модель (C12)",
		},
		"alloc.note.kill_lost_gone": {
			EN: "instant kill lost: the {0} is gone (9.1)",
			RU: "мгновенное убийство потеряно: {0} уже нет (9.1)",
		},
		"alloc.note.kill_lost_none": {
			EN: "instant kill lost: it finds no model (9.1)",
			RU: "мгновенное убийство потеряно: ему не досталось ни одной модели (9.1)",
		},
	}
})
