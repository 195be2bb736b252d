package msg

// The scenario family: what a scenario or combat file's reader says of a
// file it cannot take (package scenario, and combat's loader through it).
// The file's field names and values stay English in every language: they
// are what the player writes.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// Passed through: an error of another package, or a caller's own text.
		"scenario.error": {EN: "{0}", RU: "{0}"},

		"scenario.list.or":  {EN: "{0} or {1}", RU: "{0} или {1}"},
		"scenario.list.and": {EN: "{0} and {1}", RU: "{0} и {1}"},

		// Decoding.
		"scenario.want":             {EN: "want {0}", RU: "нужно {0}"},
		"scenario.want_got":         {EN: "want {0}, got {1}", RU: "нужно {0}, а здесь {1}"},
		"scenario.want_field_name":  {EN: "want a field name, got {0}", RU: "нужно имя поля, а здесь {0}"},
		"scenario.want_switch_name": {EN: "want a switch name, got {0}", RU: "нужно имя переключателя, а здесь {0}"},
		"scenario.want.against":     {EN: "{0}, or a list of them", RU: "{0} или их список"},
		"scenario.got.number":       {EN: "the number {0}", RU: "число {0}"},
		"scenario.got.text":         {EN: "text {0}", RU: "текст {0}"},
		"scenario.unknown_field":    {EN: "unknown field {0}{1}", RU: "неизвестное поле {0}{1}"},
		"scenario.twice":            {EN: "given twice (first at {0}:{1})", RU: "указано дважды (впервые в {0}:{1})"},
		"scenario.out_of_range":     {EN: "{0} is out of range", RU: "{0} вне допустимых пределов"},
		"scenario.range":            {EN: "want {0} to {1}, got {2}", RU: "нужно от {0} до {1}, а не {2}"},
		"scenario.enum":             {EN: "{0} {1}: want {2}", RU: "{0} {1}: нужно {2}"},
		"scenario.condition":        {EN: "condition {0}: want {1}", RU: "условие {0}: нужно {1}"},
		"scenario.save":             {EN: "save {0}: want 1+ to 6+, or 0 for none", RU: "спасбросок {0}: нужно от 1+ до 6+ или 0, если его нет"},
		"scenario.to_hit":           {EN: "to_hit {0}: want a score from 1+ to 10+, such as 4+, or auto", RU: "to_hit {0}: нужно значение от 1+ до 10+, например 4+, или auto"},
		"scenario.file.combat_keys": {
			EN: "a scenario file has attacks and target, not combat and sides; for a combat file use rearrank combat",
			RU: "в файле сценария есть attacks и target, а не combat и sides; файл боя читает rearrank combat",
		},
		"scenario.file.combat": {
			EN: "this is a combat file (combat and sides): use rearrank combat",
			RU: "это файл боя (combat и sides): его читает rearrank combat",
		},

		// Hints after an unknown field.
		"scenario.hint.did_you_mean":    {EN: " (did you mean {0}?)", RU: " (может быть, {0}?)"},
		"scenario.hint.did_you_mean_of": {EN: " (did you mean {0}? It is a field of {1}, not of {2})", RU: " (может быть, {0}? Это поле {1}, а не {2})"},
		"scenario.hint.field_of":        {EN: " ({0} is a field of {1}, not of {2})", RU: " ({0} — поле {1}, а не {2})"},
		"scenario.hint.value":           {EN: " ({0} is a value of {1}: write {1}: {0})", RU: " ({0} — значение поля {1}: напишите {1}: {0})"},
		"scenario.hint.want":            {EN: " (want {0})", RU: " (нужно {0})"},

		// What a field wants ("want X").
		"term.scenario.want.whole_number":   {EN: "a whole number", RU: "целое число"},
		"term.scenario.want.list":           {EN: "a list", RU: "список"},
		"term.scenario.want.bool":           {EN: "true or false", RU: "true или false"},
		"term.scenario.want.text":           {EN: "text", RU: "текст"},
		"term.scenario.want.mapping":        {EN: "a mapping of fields", RU: "набор полей"},
		"term.scenario.want.value":          {EN: "a value", RU: "значение"},
		"term.scenario.want.aim":            {EN: "rank_and_file, rank_and_file:<troop_type>, champion or character:<name>", RU: "rank_and_file, rank_and_file:<troop_type>, champion (чемпион) или character:<name> (персонаж)"},
		"term.scenario.want.reroll":         {EN: "none, failed, ones, successes, or a list of them", RU: "none, failed, ones, successes или их список"},
		"term.scenario.want.trigger":        {EN: "true, false or a score from 2+ to 6+", RU: "true, false или значение от 2+ до 6+"},
		"term.scenario.want.save":           {EN: "a save such as 5+, or 0 for none", RU: "спасбросок, например 5+, или 0, если его нет"},
		"term.scenario.want.to_hit":         {EN: "a score such as 4+, or auto", RU: "значение, например 4+, или auto"},
		"term.scenario.want.expr":           {EN: "a number such as 20, or dice such as 2D6", RU: "число, например 20, или кубики, например 2D6"},
		"term.scenario.want.damage":         {EN: "a number (wounds carried by the pool) or a list (damage per model)", RU: "число (раны, которые несёт пул) или список (урон каждой модели)"},
		"term.scenario.want.options":        {EN: "a mapping of switch names to values, such as {{damage_model: pooled}}", RU: "набор переключателей и их значений, например {{damage_model: pooled}}"},
		"term.scenario.want.option_value":   {EN: "a value such as pooled, true or 1/4", RU: "значение, например pooled, true или 1/4"},
		"term.scenario.want.unit":           {EN: "a mapping of fields (the target fields of docs/scenario.md)", RU: "набор полей (поля target из docs/scenario.md)"},
		"term.scenario.want.ruleset":        {EN: "a ruleset name", RU: "название свода правил"},
		"term.scenario.want.combat_options": {EN: "a mapping of switch names to values, such as {{step_up: lost}}", RU: "набор переключателей и их значений, например {{step_up: lost}}"},
		"term.scenario.want.special":        {EN: "a list such as [stubborn]", RU: "список, например [stubborn] (Упорство)"},
		"term.scenario.want.fights":         {EN: "a list of fights", RU: "список схваток"},

		// What holds a field, in "a field of X": genitive in Russian.
		"term.scenario.of.top":       {EN: "the file's top level", RU: "верхнего уровня файла"},
		"term.scenario.of.target":    {EN: "target", RU: "target"},
		"term.scenario.of.attack":    {EN: "an attack group", RU: "группы атак"},
		"term.scenario.of.group":     {EN: "a group", RU: "группы"},
		"term.scenario.of.character": {EN: "a character", RU: "персонажа"},
		"term.scenario.of.champion":  {EN: "the champion", RU: "чемпиона"},
		"term.scenario.of.mapping":   {EN: "this mapping", RU: "этого набора полей"},
		"term.scenario.of.unit":      {EN: "a unit", RU: "подразделения"},
		"term.scenario.of.fight":     {EN: "a fight", RU: "схватки"},
		"term.scenario.of.side":      {EN: "the side", RU: "стороны"},

		// What a value is, in "want X, got Y".
		"term.scenario.got.nothing": {EN: "nothing", RU: "пусто"},
		"term.scenario.got.mapping": {EN: "a mapping", RU: "набор полей"},
		"term.scenario.got.block":   {EN: "a block of text", RU: "блок текста"},

		// The names of a file's enumerations, in "armour "x": want ...".
		"term.scenario.ruleset":      {EN: "ruleset", RU: "свод правил"},
		"term.scenario.phase":        {EN: "phase", RU: "фаза"},
		"term.scenario.armour":       {EN: "armour", RU: "доспехи"},
		"term.scenario.troop_type":   {EN: "troop type", RU: "тип войск"},
		"term.scenario.weapon_class": {EN: "weapon class", RU: "класс оружия"},

		// Validation.
		"scenario.options.combat_switch": {
			EN: "{0} is a switch of a close-combat round (rules 21.11): set it in a combat file's options (rearrank combat)",
			RU: "{0} — переключатель раунда ближнего боя (правила 21.11): задайте его в options файла боя (rearrank combat)",
		},
		"scenario.attack.count_required": {
			EN: "required: the number of attacks, such as 20, or dice such as 2D6",
			RU: "обязательно: число атак, например 20, или кубики, например 2D6",
		},
		"scenario.attack.count_negative": {
			EN: "{0} can give fewer than 0 attacks",
			RU: "{0} может дать меньше 0 атак",
		},
		"scenario.attack.strength_required": {
			EN: "required: the Strength of the attacks, 1 to 10",
			RU: "обязательно: Сила атак, от 1 до 10",
		},
		"scenario.attack.mw_below_one": {
			EN: "{0} can give fewer than 1 wound: every unsaved wound does at least 1",
			RU: "{0} может дать меньше 1 раны: каждая неспасённая рана наносит хотя бы 1",
		},
		"scenario.attack.mh_below_one": {
			EN: "{0} can give fewer than 1 hit: every hit makes at least 1 (rules 20.3)",
			RU: "{0} может дать меньше 1 попадания: каждое попадание даёт хотя бы 1 (правила 20.3)",
		},
		"scenario.attack.to_hit_and_skill": {
			EN: "give to_hit, or bs/ws to work it out, not both",
			RU: "укажите to_hit или bs/ws, из которых он вычисляется, но не то и другое",
		},
		"scenario.attack.bs_and_ws": {
			EN: "give bs for shooting or ws for melee, not both",
			RU: "укажите bs для стрельбы или ws для ближнего боя, но не оба",
		},
		"scenario.attack.bs_phase": {
			EN: "bs is for shooting, and this group's phase is {0}: set phase: shooting, or give to_hit",
			RU: "bs — для стрельбы, а фаза этой группы — {0}: задайте phase: shooting или укажите to_hit",
		},
		"scenario.attack.ws_phase": {
			EN: "ws is for melee, and this group's phase is {0}: give to_hit instead",
			RU: "ws — для ближнего боя, а фаза этой группы — {0}: укажите вместо него to_hit",
		},
		"scenario.attack.bs_score": {
			EN: "{0} writes Ballistic Skill as a number: for {1}+ write bs: {2} (BS {3} needs {4}+), or write to_hit: {5}+",
			RU: "{0} пишет Навык стрельбы числом: для {1}+ напишите bs: {2} (НС {3} требует {4}+) или напишите to_hit: {5}+",
		},
		"scenario.attack.bs_score_other": {
			EN: "{0} writes Ballistic Skill as a number such as 3 (BS 3 needs 4+); for a target number write to_hit: {1}+",
			RU: "{0} пишет Навык стрельбы числом, например 3 (НС 3 требует 4+); для нужного результата броска напишите to_hit: {1}+",
		},
		"scenario.attack.auto_modifier": {
			EN: "these attacks hit automatically, so there is no roll to modify; give to_hit, bs or ws",
			RU: "попадания этих атак автоматические, и модифицировать нечего: укажите to_hit, bs или ws",
		},
		"scenario.attack.ap_sign": {
			EN: "want 0 to {0}, got {1}: {2} writes Armour Penetration without a sign",
			RU: "нужно от 0 до {0}, а не {1}: {2} пишет Бронепробитие (пробитие доспехов) без знака",
		},
		"scenario.attack.kb_and_hkb": {
			EN: "an attack has Killing Blow or Heroic Killing Blow, not both (rules 20.2)",
			RU: "у атаки бывает Смертельный удар или Героический смертельный удар, но не оба (правила 20.2)",
		},
		"scenario.attack.bane_on": {
			EN: "says when armour_bane fires, and this group has no armour_bane (rules 20.2)",
			RU: "говорит, когда срабатывает armour_bane, а у этой группы нет armour_bane (правила 20.2)",
		},
		"scenario.attack.hatred_phase": {
			EN: "Hatred re-rolls to-hit in close combat, and this group's phase is {0} (rules 20.1)",
			RU: "Ненависть даёт переброс бросков на попадание в ближнем бою, а фаза этой группы — {0} (правила 20.1)",
		},
		"scenario.attack.mw_against": {
			EN: "limits multiple_wounds, which this group does not have",
			RU: "ограничивает multiple_wounds, которого у этой группы нет",
		},
		"scenario.attack.clipped_wings": {
			EN: "adds 1 to multiple_wounds against Fly, and this group has no multiple_wounds (E52)",
			RU: "добавляет 1 к multiple_wounds против летающих, а у этой группы нет multiple_wounds (E52)",
		},
		"scenario.attack.critical_phase": {
			EN: "critical hits happen only in melee and shooting (rules 6.2), and this group's phase is {0}",
			RU: "критические попадания бывают только в ближнем бою и при стрельбе (правила 6.2), а фаза этой группы — {0}",
		},
		"scenario.batch.phase": {
			EN: "batch {0}: this group's phase is {1} and the group before it fires in the {2} phase: one batch is one phase (C24)",
			RU: "batch {0}: фаза этой группы — {1}, а группа перед ней стреляет в фазе {2}: один batch — одна фаза (C24)",
		},
		"scenario.batch.target": {
			EN: "batch {0}: this group aims at {1} and the group before it at {2}: one batch is one unit firing at one target (C24)",
			RU: "batch {0}: эта группа целится в {1}, а группа перед ней — в {2}: один batch — одно подразделение, стреляющее по одной цели (C24)",
		},
		"scenario.batch.apart": {
			EN: "batch {0}: {1} is in it, and the groups between are not: the groups of one batch follow one another",
			RU: "batch {0}: в нём есть {1}, а группы между ними в него не входят: группы одного batch идут подряд",
		},
		"scenario.attack.defender_ws": {
			EN: "the attack gives ws, so the defender needs one: set {0} (Weapon Skill; t9a Defensive Skill)",
			RU: "у атаки есть ws, значит, он нужен и защищающемуся: задайте {0} (Навык ближнего боя; в t9a — Навык защиты)",
		},
		"scenario.aim.no_champion": {
			EN: "the unit has no champion: add champion to {0}",
			RU: "в подразделении нет чемпиона: добавьте champion в {0}",
		},
		"scenario.aim.no_character": {
			EN: "no character named {0} in {1}",
			RU: "в {1} нет персонажа по имени {0}",
		},
		"scenario.aim.instant_kill_only": {
			EN: "only an instant kill is aimed at the {0} (C12); other attacks strike the rank and file",
			RU: "в {0} целится только мгновенное убийство (C12); остальные атаки бьют по рядовым моделям",
		},
		"scenario.aim.no_command": {
			EN: "the unit has no {0}: add {1} to {2}",
			RU: "в подразделении нет {0}: добавьте {1} в {2}",
		},
		"scenario.aim.one_pool": {
			EN: "{0} keeps one rank-and-file pool (rules 10.1): aim at rank_and_file",
			RU: "в {0} у рядовых моделей один пул (правила 10.1): цельтесь в rank_and_file",
		},
		"scenario.aim.no_pool": {
			EN: "the unit has no {0}: the troop types are {1}",
			RU: "в подразделении нет {0}: его типы войск — {1}",
		},
		"scenario.profile.aegis_against": {
			EN: "limits aegis, which this model does not have (rules 8.2)",
			RU: "ограничивает aegis, которого у этой модели нет (правила 8.2)",
		},
		"scenario.profile.regeneration_against": {
			EN: "limits regeneration, which this model does not have (rules 8.2)",
			RU: "ограничивает regeneration (Регенерацию), которой у этой модели нет (правила 8.2)",
		},
		"scenario.profile.monstrous_beast": {
			EN: "{0} has no monstrous_beast (rules 22.10): write war_beast, monstrous_cavalry or monstrous_creature",
			RU: "в {0} нет monstrous_beast (правила 22.10): напишите war_beast, monstrous_cavalry или monstrous_creature",
		},
		"scenario.profile.reroll_successes": {
			EN: "a model re-rolls only its own failed saves or natural 1s; a re-roll of successful saves is the attack's force_reroll_armour or force_reroll_special (rules 20.1)",
			RU: "модель перебрасывает только свои проваленные спасброски или натуральные 1; переброс успешных спасбросков — это force_reroll_armour или force_reroll_special атаки (правила 20.1)",
		},
		"scenario.profile.barding": {
			EN: "barding helps only cavalry and monstrous_cavalry (rules 19.3), and this is {0}",
			RU: "попона помогает только кавалерии и monstrous_cavalry (правила 19.3), а здесь {0}",
		},
		"scenario.profile.parry": {
			EN: "Parry is for infantry and heavy_infantry only (rules 22.4), and this is {0}",
			RU: "Парирование — только для пехоты (infantry и heavy_infantry; правила 22.4), а здесь {0}",
		},
		"scenario.options.too_tough": {
			EN: "too_tough_blocks_poison: true needs poisoned_attacks: auto_wound (rules 22.3, T-2); under poisoned_attacks: plus_two a poisoned hit rolls to wound with +2, and a target too tough to wound stays so (T-1)",
			RU: "too_tough_blocks_poison: true требует poisoned_attacks: auto_wound (правила 22.3, T-2); при poisoned_attacks: plus_two отравленное попадание бросает на ранение с +2, и цель, которую слишком трудно ранить, такой и остаётся (T-1)",
		},
		"scenario.ruleset_required": {
			EN: "required: {0}",
			RU: "обязательно: {0}",
		},
		"scenario.attacks_required": {
			EN: "required: at least one attack group, such as {{count: 10, strength: 3}}",
			RU: "обязательно: хотя бы одна группа атак, например {{count: 10, strength: 3}} (10 атак с Силой 3)",
		},
		"scenario.attacks_too_many": {
			EN: "{0} attack groups: want at most {1}",
			RU: "{0} {0:группа|группы|групп} атак: нужно не больше {1}",
		},
		"scenario.not_read": {
			EN: "{0} does not read {1} ({2} only)",
			RU: "{0} не читает {1} (только {2})",
		},
		"scenario.not_read_hint": {
			EN: "{0} does not read {1} ({2} only): {3}",
			RU: "{0} не читает {1} (только {2}): {3}",
		},
		"scenario.options.unknown": {
			EN: "unknown option {0}{1}; the options are {2}",
			RU: "неизвестная опция {0}{1}; опции: {2}",
		},
		"scenario.profile.tow_troop_type": {
			EN: "{0} does not read {1} ({2} only): write {3}",
			RU: "{0} не читает {1} (только {2}): напишите {3}",
		},
	}
})
