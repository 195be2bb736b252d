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
		"scenario.want_switch_name": {EN: "want a switch name, got {0}", RU: "нужно имя параметра, а здесь {0}"},
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
		"term.scenario.want.options":        {EN: "a mapping of switch names to values, such as {{damage_model: pooled}}", RU: "набор параметров и их значений, например {{damage_model: pooled}}"},
		"term.scenario.want.option_value":   {EN: "a value such as pooled, true or 1/4", RU: "значение, например pooled, true или 1/4"},
		"term.scenario.want.unit":           {EN: "a mapping of fields (the target fields of docs/scenario.md)", RU: "набор полей (поля target из docs/scenario.md)"},
		"term.scenario.want.ruleset":        {EN: "a ruleset name", RU: "название свода правил"},
		"term.scenario.want.combat_options": {EN: "a mapping of switch names to values, such as {{step_up: lost}}", RU: "набор параметров и их значений, например {{step_up: lost}}"},
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
			RU: "{0} — параметр раунда ближнего боя (правила 21.11): задайте его в options файла боя (rearrank combat)",
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
			RU: "{0} может дать меньше 1 раны: каждое неспасённое ранение наносит хотя бы 1 рану",
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
			RU: "{0} пишет Навык стрельбы числом: для {1}+ напишите bs: {2} (при НС {3} нужно {4}+) или напишите to_hit: {5}+",
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
			RU: "у атаки бывает Смертельный удар или Героический Смертельный удар, но не оба (правила 20.2)",
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
			RU: "в цель {0} бьёт только мгновенное убийство (C12); остальные атаки бьют по рядовым моделям",
		},
		"scenario.aim.no_command": {
			EN: "the unit has no {0}: add {1} to {2}",
			RU: "{0}: такой модели в подразделении нет; добавьте {1} в {2}",
		},
		"scenario.aim.one_pool": {
			EN: "{0} keeps one rank-and-file pool (rules 10.1): aim at rank_and_file",
			RU: "в {0} у рядовых моделей один пул (правила 10.1): цельтесь в rank_and_file",
		},
		"scenario.aim.no_pool": {
			EN: "the unit has no {0}: the troop types are {1}",
			RU: "{0}: таких рядовых моделей в подразделении нет; его типы войск — {1}",
		},
		"scenario.profile.aegis_against": {
			EN: "limits aegis, which this model does not have (rules 8.2)",
			RU: "ограничивает aegis (Эгиду), которой у этой модели нет (правила 8.2)",
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
			RU: "попона помогает только кавалерии (cavalry и monstrous_cavalry, правила 19.3), а здесь {0}",
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
			RU: "неизвестный параметр {0}{1}; параметры: {2}",
		},
		"scenario.profile.tow_troop_type": {
			EN: "{0} does not read {1} ({2} only): write {3}",
			RU: "{0} не читает {1} (только {2}): напишите {3}",
		},

		// The target: its unit, command, characters, groups, layout, damage.
		"scenario.target.required": {
			EN: "required: the unit the attacks are aimed at, such as {{models: 10, toughness: 3}}",
			RU: "обязательно: подразделение, по которому идут атаки, например {{models: 10, toughness: 3}} (10 моделей с Выносливостью 3)",
		},
		"scenario.target.models_required": {
			EN: "required: the models in the unit, command group included, characters not",
			RU: "обязательно: число моделей в подразделении, включая командную группу, но не персонажей",
		},
		"scenario.target.toughness_required": {
			EN: "required: the unit's Toughness (t9a: Resilience), 1 to 10",
			RU: "обязательно: Выносливость подразделения, от 1 до 10",
		},
		"scenario.target.starting_models": {
			EN: "the unit has {0} models now, characters included, so it had at least that many at deployment (rules 22.9)",
			RU: "сейчас в подразделении {0} {0:модель|модели|моделей}, включая персонажей, значит, при расстановке их было не меньше (правила 22.9)",
		},
		"scenario.target.too_many_models": {
			EN: "the unit has {0} models with its groups and characters: want at most {1}",
			RU: "в подразделении {0} {0:модель|модели|моделей} вместе с группами и персонажами: нужно не больше {1}",
		},
		"scenario.target.frontage_small": {
			EN: "the front rank holds the command group and the characters ({0} models), so the frontage must be at least {1}",
			RU: "в первом ряду стоят командная группа и персонажи ({0} {0:модель|модели|моделей}), поэтому ширина фронта (frontage) должна быть не меньше {1}",
		},
		"scenario.skirmish.models": {
			EN: "a skirmish target is one warrior: models must be 1",
			RU: "цель в skirmish — один боец: models (число моделей) должно быть 1",
		},
		"scenario.skirmish.frontage": {
			EN: "a skirmish warrior has no formation: leave frontage out",
			RU: "у бойца skirmish нет строя: уберите frontage (ширину фронта)",
		},
		"scenario.skirmish.layout": {
			EN: "a skirmish warrior has no formation: leave layout out",
			RU: "у бойца skirmish нет строя: уберите layout",
		},
		"scenario.skirmish.command": {
			EN: "a skirmish warrior has no command group",
			RU: "у бойца skirmish нет командной группы",
		},
		"scenario.command.unknown": {
			EN: "command {0}: want {1}",
			RU: "command {0}: нужно {1}",
		},
		"scenario.command.twice": {
			EN: "{0} is listed twice",
			RU: "{0} указан дважды",
		},
		"scenario.command.too_many": {
			EN: "{0} command models in a unit of {1} models",
			RU: "{0} {0:модель|модели|моделей} командной группы в подразделении из {1} {1:модели|моделей|моделей}",
		},
		"scenario.champion.none": {
			EN: "the unit has no champion to override: add champion to {0}",
			RU: "в подразделении нет чемпиона, чьи поля можно изменить: добавьте champion в {0}",
		},
		"scenario.champion.parry": {
			EN: "he is {0} and has the unit's parry, which is for infantry and heavy_infantry only (rules 22.4): set his parry: false",
			RU: "его тип войск — {0}, а он получает parry (Парирование) подразделения, которое бывает только у пехоты (infantry и heavy_infantry; правила 22.4): задайте ему parry: false",
		},
		"scenario.champion.damage": {
			EN: "the champion has {0}, so damage must be less than {1}",
			RU: "у чемпиона {0}, поэтому damage должен быть меньше {1}",
		},
		"scenario.skirmish.characters": {
			EN: "a skirmish warrior fights alone: no characters",
			RU: "боец skirmish сражается один: без персонажей",
		},
		"scenario.characters.too_many": {
			EN: "{0} characters: want at most {1}",
			RU: "{0} {0:персонаж|персонажа|персонажей}: нужно не больше {1}",
		},
		"scenario.character.name_required": {
			EN: "required: attacks aim at a character with target: character:<name>",
			RU: "обязательно: атаки целятся в персонажа через target: character:<name>",
		},
		"scenario.character.name_twice": {
			EN: "two characters are named {0}",
			RU: "двух персонажей зовут {0}",
		},
		"scenario.character.toughness_required": {
			EN: "required: the character's Toughness, 1 to 10",
			RU: "обязательно: Выносливость персонажа, от 1 до 10",
		},
		"scenario.character.damage": {
			EN: "the character has {0}, so damage must be less than {1}",
			RU: "у персонажа {0}, поэтому damage должен быть меньше {1}",
		},
		"scenario.character.slot_negative": {
			EN: "slot {0}: want 0 (the left end of the front rank) or more",
			RU: "slot {0}: нужно 0 (левый край первого ряда) или больше",
		},
		"scenario.character.slot_outside": {
			EN: "slot {0} is outside the front rank of {1} files (0 is the left end)",
			RU: "slot {0} вне первого ряда шириной {1} {1:колонна|колонны|колонн} (0 — левый край)",
		},
		"scenario.character.slot_twice": {
			EN: "two characters stand in slot {0}",
			RU: "два персонажа стоят в slot {0}",
		},
		"scenario.groups.skirmish": {
			EN: "{0} has no formation: the target is one warrior",
			RU: "в {0} нет строя: цель — один боец",
		},
		"scenario.groups.too_many": {
			EN: "{0} groups: want at most {1}",
			RU: "{0} {0:группа|группы|групп}: нужно не больше {1}",
		},
		"scenario.group.damage_per_model": {
			EN: "battleaxe keeps damage per model (damage_model per_model, rules 11.3): write the group's in {0}, a list of every model's damage in removal order",
			RU: "battleaxe ведёт урон по моделям (damage_model per_model, правила 11.3): запишите урон группы в {0}, списком урона каждой модели в порядке снятия",
		},
		"scenario.group.damage_shared": {
			EN: "the group shares its rank-and-file pool with the models before it (rules 10.1, R41): write the pool's carried wounds in {0}",
			RU: "у группы общий пул рядовых моделей с моделями перед ней (правила 10.1, R41): запишите раны, которые несёт пул, в {0}",
		},
		"scenario.group.models_required": {
			EN: "required: the number of models in the group",
			RU: "обязательно: число моделей в группе",
		},
		"scenario.group.toughness_required": {
			EN: "required: the group's Toughness, 1 to 10",
			RU: "обязательно: Выносливость группы, от 1 до 10",
		},
		"scenario.layout.groups": {
			EN: "a layout cannot place groups of other troop types yet: leave layout out",
			RU: "layout пока не умеет расставлять группы других типов войск: уберите layout",
		},
		"scenario.layout.rank_empty": {
			EN: "rank {0} is empty",
			RU: "ряд {0} пуст",
		},
		"scenario.layout.letter": {
			EN: "{0} is not a model: want R (rank and file), M (musician), S (standard), C (champion) or H (character)",
			RU: "{0} — не модель: нужно R (рядовая модель), M (музыкант), S (знаменосец), C (чемпион) или H (персонаж)",
		},
		"scenario.layout.not_front": {
			EN: "{0} stands in rank {1}: command models and characters stand in the front rank",
			RU: "{0} стоит в ряду {1}: модели командной группы и персонажи стоят в первом ряду",
		},
		"scenario.layout.frontage": {
			EN: "the front rank has {0} files but frontage is {1}",
			RU: "в первом ряду {0} {0:модель|модели|моделей}, а ширина фронта (frontage) — {1}",
		},
		"scenario.layout.rank_width": {
			EN: "rank {0} has {1} files: every rank but the last is as wide as the front ({2})",
			RU: "в ряду {0} {1} {1:модель|модели|моделей}: каждый ряд, кроме последнего, так же широк, как первый ({2})",
		},
		"scenario.layout.rank_wider": {
			EN: "rank {0} has {1} files, wider than the front ({2})",
			RU: "в ряду {0} {1} {1:модель|модели|моделей}, шире первого ({2})",
		},
		"scenario.layout.models": {
			EN: "the layout has {0} models (R, M, S, C) but models is {1}",
			RU: "в layout {0} {0:модель|модели|моделей} (R, M, S, C), а models равно {1}",
		},
		"scenario.layout.characters": {
			EN: "the layout has {0} H but there are {1} characters",
			RU: "в layout {0} H, а персонажей {1}",
		},
		"scenario.layout.slot": {
			EN: "slot {0} of the layout's front rank is {1}, not H",
			RU: "в slot {0} первого ряда layout стоит {1}, а не H",
		},
		"scenario.damage.skirmish_list": {
			EN: "{0} does not keep damage per model: write one number, the wounds the warrior has lost (rules 13)",
			RU: "{0} не ведёт урон по моделям: напишите одно число — сколько ран потерял боец (правила 13)",
		},
		"scenario.damage.pool_list": {
			EN: "{0} does not keep damage per model: write one number, the wounds the pool carries (rules 11.1)",
			RU: "{0} не ведёт урон по моделям: напишите одно число — сколько ран несёт пул (правила 11.1)",
		},
		"scenario.damage.entries_mixed": {
			EN: "{0} entries for the {1} models of the unit's rank and file and the groups that share its pool",
			RU: "{0} {0:запись|записи|записей} на {1} {1:рядовую модель|рядовые модели|рядовых моделей} подразделения и групп с общим с ними пулом",
		},
		"scenario.damage.entries": {
			EN: "{0} entries for a unit of {1} models",
			RU: "{0} {0:запись|записи|записей} для подразделения из {1} {1:модели|моделей|моделей}",
		},
		"scenario.layout.no_command": {
			EN: "the layout has {0}, but the command group has no {1}: add {1} to {2}, or write R",
			RU: "в layout есть {0}, а в командной группе нет {1}: добавьте {1} в {2} или напишите R",
		},
		"scenario.layout.no_letter": {
			EN: "the command group has a {0}, but the layout has no {1}: write {1} in the front rank",
			RU: "в командной группе есть {0}, а в layout нет {1}: напишите {1} в первом ряду",
		},
		"scenario.layout.letters": {
			EN: "the layout has {0} for the command group's one {1}: write one {2}",
			RU: "в layout {0}, а {1} в командной группе один: напишите одну букву {2}",
		},
		"scenario.layout.a_letter":  {EN: "a {0}", RU: "{0}"},
		"scenario.layout.an_letter": {EN: "an {0}", RU: "{0}"},
		"scenario.layout.n_letters": {EN: "{0} {1}", RU: "{0} {1}"},
		"scenario.damage.why_pool": {
			EN: "the pool carries less than one model's {0} (rules 11.1)",
			RU: "пул несёт меньше ран, чем у одной модели: {0} (правила 11.1)",
		},
		"scenario.damage.why_warrior": {
			EN: "the warrior has {0} and has lost fewer than that",
			RU: "у бойца {0}, и потерянных ран должно быть меньше",
		},
		"scenario.damage.why_model": {EN: "a model has {0}", RU: "у модели {0}"},
		"scenario.damage.per_model_mixed": {
			EN: "battleaxe keeps damage per model (damage_model per_model, rules 11.3): write a list in removal order, the wounds each model has lost",
			RU: "battleaxe ведёт урон по моделям (damage_model per_model, правила 11.3): напишите список в порядке снятия — сколько ран потеряла каждая модель",
		},
		"scenario.damage.per_model_one_wound": {
			EN: "battleaxe keeps damage per model (damage_model per_model, rules 11.3), and a model of 1 wound carries no damage: leave damage out",
			RU: "battleaxe ведёт урон по моделям (damage_model per_model, правила 11.3), а модель с 1 раной урона не несёт: уберите damage",
		},
		"scenario.damage.per_model_such_as": {
			EN: "battleaxe keeps damage per model (damage_model per_model, rules 11.3): write a list in removal order, such as [{0}]",
			RU: "battleaxe ведёт урон по моделям (damage_model per_model, правила 11.3): напишите список в порядке снятия, например [{0}]",
		},
		"scenario.damage.per_model": {
			EN: "battleaxe keeps damage per model (damage_model per_model, rules 11.3): write a list in removal order, the wounds each model has lost, each less than its {0} wounds, such as [{1}]",
			RU: "battleaxe ведёт урон по моделям (damage_model per_model, правила 11.3): напишите список в порядке снятия — сколько ран потеряла каждая модель, у каждой меньше {0} {0:раны|ран|ран}, например [{1}]",
		},
		"scenario.model.own_rank_and_file": {EN: "a model of the unit's own rank and file", RU: "рядовая модель самого подразделения"},
		"scenario.model.of_group":          {EN: "a model of {0}", RU: "модель из {0}"},
		"scenario.model.champion":          {EN: "the champion", RU: "чемпион"},
		"scenario.model.musician":          {EN: "the musician", RU: "музыкант"},
		"scenario.model.standard_bearer":   {EN: "the standard bearer", RU: "знаменосец"},
		"scenario.want_zero":               {EN: "want 0", RU: "нужно 0"},
		"scenario.want_zero_to":            {EN: "want 0 to {0}", RU: "нужно от 0 до {0}"},
		"scenario.damage.entry_model": {
			EN: "{0}, got {1}: entry {2} is the damage of model {3} in removal order, {4}, which has {5} (rules 11.3)",
			RU: "{0}, а не {1}: запись {2} — урон {3}-й по порядку снятия модели ({4}, {5}) (правила 11.3)",
		},
		"scenario.damage.next_model_one": {
			EN: "{0}, got {1}: the carried wounds sit on the next model to be removed, {2}, which has 1 wound and carries no damage (a wound removes it; rules 11.1)",
			RU: "{0}, а не {1}: перенесённые раны ложатся на следующую снимаемую модель ({2}), а у неё 1 рана, и урона она не несёт (рана снимает её; правила 11.1)",
		},
		"scenario.damage.next_model": {
			EN: "{0}, got {1}: the carried wounds sit on the next model to be removed, {2}, which has {3} left (rules 11.1)",
			RU: "{0}, а не {1}: перенесённые раны ложатся на следующую снимаемую модель ({2}), у неё осталось {3} (правила 11.1)",
		},
		"scenario.damage.negative": {
			EN: "want 0 or more, got {0}: damage is the wounds already lost",
			RU: "нужно 0 или больше, а не {0}: damage — это уже потерянные раны",
		},
		"scenario.damage.one_wound": {
			EN: "want 0, got {0}: a model of 1 wound carries no damage (a wound removes it)",
			RU: "нужно 0, а не {0}: модель с 1 раной урона не несёт (рана снимает её)",
		},
		"scenario.damage.range": {EN: "want 0 to {0}, got {1}: {2}", RU: "нужно от 0 до {0}, а не {1}: {2}"},
		"scenario.wounds":       {EN: "{0} {0:wound|wounds}", RU: "{0} {0:рана|раны|ран}"},

		// Reading the text.
		"scenario.list.or_word": {EN: "or", RU: "или"},
		"scenario.load.read":    {EN: "read: {0}", RU: "не удалось прочитать: {0}"},
		"scenario.load.too_large": {
			EN: "larger than {0} bytes (1 MiB); a scenario is a few kilobytes",
			RU: "больше {0} байт (1 МиБ), а сценарий занимает несколько килобайт",
		},
		"scenario.load.not_utf8": {EN: "not UTF-8 text", RU: "это не текст в UTF-8"},
		"scenario.load.too_deep": {
			EN: "nested deeper than {0} levels; a scenario needs about 5",
			RU: "вложенность глубже {0} {0:уровня|уровней|уровней}, а сценарию нужно около 5",
		},
		"scenario.load.too_many_tokens": {
			EN: "more than {0} keys, values and symbols; a scenario has a few thousand",
			RU: "больше {0} ключей, значений и символов, а в сценарии их несколько тысяч",
		},
		"scenario.load.anchors": {
			EN: "anchors and aliases (&name, *name) are not supported: write each value out",
			RU: "якоря и ссылки (&name, *name) не поддерживаются: напишите каждое значение полностью",
		},
		"scenario.load.tags":        {EN: "tags such as {0} are not supported", RU: "теги вроде {0} не поддерживаются"},
		"scenario.load.merge_keys":  {EN: "merge keys (<<) are not supported: write each field out", RU: "ключи слияния (<<) не поддерживаются: напишите каждое поле полностью"},
		"scenario.load.tab":         {EN: "a tab: YAML indents with spaces, not tabs", RU: "табуляция: в YAML отступы делают пробелами, а не табуляцией"},
		"scenario.load.cannot_read": {EN: "cannot read {0}", RU: "не удаётся прочитать {0}"},
		"scenario.load.missing_comma": {
			EN: "a ',' is missing before {0}: the fields of a mapping {{ ... }} are separated by commas",
			RU: "перед {0} не хватает ',': поля набора {{ ... }} разделяются запятыми",
		},
		"scenario.load.cannot_parse":    {EN: "cannot parse: {0}", RU: "не удаётся разобрать: {0}"},
		"scenario.load.second_document": {EN: "a scenario file holds one YAML document; this is a second", RU: "в файле сценария один документ YAML, а это второй"},
		"scenario.load.closes_nothing": {
			EN: "this '{0}' closes no '{1}': remove it, or check the brackets before it",
			RU: "эта '{0}' не закрывает никакую '{1}': уберите её или проверьте скобки перед ней",
		},
		"scenario.load.indented": {
			EN: "{0} is indented to column {1}, where no mapping above it has its fields (they start at column {2}): line it up with the fields it belongs with",
			RU: "{0} стоит с отступом до колонки {1}, а ни у одного набора полей выше поля не начинаются там (они начинаются в колонке {2}): выровняйте его по полям, к которым он относится",
		},
		"scenario.empty":            {EN: "empty file: want a scenario with ruleset, attacks and target", RU: "пустой файл: нужен сценарий с ruleset (свод правил), attacks и target"},
		"scenario.empty_combat":     {EN: "empty or unreadable file: want a combat with ruleset, combat and sides", RU: "файл пуст или не читается: нужен бой с ruleset (свод правил), combat и sides"},
		"scenario.syntax.file_ends": {EN: " (the file ends at {0}:{1})", RU: " (файл кончается в {0}:{1})"},
		"scenario.syntax.list_comma": {
			EN: "a list [ ... ] goes on without a ',' between its items or a ']' to close it",
			RU: "список [ ... ] продолжается без ',' между элементами или ']' в конце",
		},
		"scenario.syntax.mapping_comma": {
			EN: "a mapping {{ ... }} goes on without a ',' between its fields or a '}}' to close it",
			RU: "набор полей {{ ... }} продолжается без ',' между полями или '}}' в конце",
		},
		"scenario.syntax.list_open":    {EN: "this '[' is never closed with ']'{0}", RU: "эта '[' так и не закрыта ']'{0}"},
		"scenario.syntax.mapping_open": {EN: "this '{{' is never closed with '}}'{0}", RU: "эта '{{' так и не закрыта '}}'{0}"},
		"scenario.syntax.double_quote": {EN: "this \" is never closed with another \"{0}", RU: "эта \" так и не закрыта второй \"{0}"},
		"scenario.syntax.single_quote": {EN: "this ' is never closed with another '{0}", RU: "эта ' так и не закрыта второй '{0}"},
		"scenario.syntax.mapping_value": {
			EN: "a 'name: value' where none can start: check the indentation, or quote a value that holds ': '",
			RU: "'имя: значение' там, где оно не может начаться: проверьте отступы или возьмите в кавычки значение, в котором есть ': '",
		},
		"scenario.syntax.key_name": {
			EN: "a field name where none can be: check the indentation above",
			RU: "имя поля там, где его не может быть: проверьте отступы выше",
		},
		"scenario.syntax.value": {
			EN: "a value where none can stand: check this line's indentation and the brackets before it",
			RU: "значение там, где его не может быть: проверьте отступ этой строки и скобки перед ней",
		},
		"scenario.scan.blank":      {EN: "more than {0} bytes of blank space in a row", RU: "больше {0} байт пробелов подряд"},
		"scenario.scan.long_value": {EN: "a value longer than {0} bytes", RU: "значение длиннее {0} байт"},
		"scenario.scan.angles":     {EN: "too many '<' in a row", RU: "слишком много '<' подряд"},
		"scenario.scan.documents": {
			EN: "more than {0} document markers (--- or ...); a scenario file holds one document",
			RU: "больше {0} разделителей документов (--- или ...), а в файле сценария один документ",
		},
		"scenario.scan.fields":  {EN: "more than {0} fields in one mapping", RU: "больше {0} полей в одном наборе"},
		"scenario.scan.comment": {EN: "a comment longer than {0} bytes", RU: "комментарий длиннее {0} байт"},
		"scenario.scan.values": {
			EN: "more than {0} bytes of keys and values; a scenario has a few thousand",
			RU: "больше {0} байт ключей и значений, а в сценарии их несколько тысяч",
		},
		"scenario.scan.block":       {EN: "more than {0} bytes of block text (| or >)", RU: "больше {0} байт блочного текста (| или >)"},
		"scenario.scan.blank_lines": {EN: "too many blank lines in block text (| or >)", RU: "слишком много пустых строк в блочном тексте (| или >)"},
		"scenario.scan.tabs":        {EN: "too many tabs inside \"...\" for a line this long: write them as \\t", RU: "слишком много табуляций внутри \"...\" для такой длинной строки: пишите их как \\t"},

		// Parsing a value, --set, building, comparing.
		"scenario.expr.empty": {
			EN: "empty dice expression: want a number such as 20 or dice such as 2D6",
			RU: "пустое выражение кубиков: нужно число, например 20, или кубики, например 2D6",
		},
		"scenario.aim.error": {EN: "target {0}: {1}", RU: "target {0}: {1}"},
		"scenario.aim.unknown": {
			EN: "target {0}: want rank_and_file, rank_and_file:<troop_type>, champion, character:<name>, musician or standard",
			RU: "target {0}: нужно rank_and_file, rank_and_file:<troop_type>, champion (чемпион), character:<name> (персонаж), musician (музыкант) или standard (знаменосец)",
		},
		"scenario.set.syntax": {
			EN: "{0}: want path=value, such as attacks[0].strength=5 or damage_model=pooled",
			RU: "{0}: нужно путь=значение, например attacks[0].strength=5 (Сила) или damage_model=pooled",
		},
		"term.scenario.the_file": {EN: "the file", RU: "файл"},
		"scenario.set.no_fields": {EN: "{0} has no fields: write its value after =", RU: "{0}: полей нет, напишите значение после ="},
		"scenario.set.no_field":  {EN: "{0} has no field {1}{2}", RU: "{0}: нет поля {1}{2}"},
		"scenario.set.not_list":  {EN: "{0} is not a list", RU: "{0} — не список"},
		"scenario.set.one_entry": {EN: "{0} has 1 entry, numbered 0", RU: "в {0} 1 элемент, с номером 0"},
		"scenario.set.entries":   {EN: "{0} has {1} entries, numbered from 0", RU: "в {0} {1} {1:элемент|элемента|элементов}, нумерация с 0"},
		"scenario.set.score": {
			EN: "{0} writes {1} as a number such as 3; for a target number set to_hit",
			RU: "{0} пишет {1} числом, например 3; для нужного результата броска задайте to_hit",
		},
		"scenario.set.want_name":  {EN: "{0}: want a field name, such as attacks[0] or strength", RU: "{0}: нужно имя поля, например attacks[0] или strength (Сила)"},
		"scenario.set.want_index": {EN: "{0}: want an index such as {1}[0]", RU: "{0}: нужен номер, например {1}[0]"},
		"scenario.build.fighter_damage": {
			EN: "{0}: the fighter has W{1}; starting damage must leave it at least 1",
			RU: "{0}: у бойца W{1}; начальный урон должен оставить ему хотя бы 1 рану",
		},
		"scenario.variants.nothing": {
			EN: "nothing to compare: give a second file, rulesets (such as whfb8,t9a) or sets (such as attacks[0].strength=5 or damage_model=pooled)",
			RU: "нечего сравнивать: дайте второй файл, своды правил (например whfb8,t9a) или изменения (например attacks[0].strength=5, Сила 5, или damage_model=pooled)",
		},
		"scenario.variants.too_many_files": {
			EN: "compare at most {0} scenarios at once",
			RU: "сравнивайте не больше {0} {0:сценария|сценариев|сценариев} за раз",
		},
		"scenario.variants.too_many": {EN: "compare at most {0} at once", RU: "сравнивайте не больше {0} за раз"},

		// A combat file's loader (package combat), through this package's reader.
		"scenario.combat_file.scenario": {
			EN: "this is a scenario file (attacks and target): use rearrank odds or resolve",
			RU: "это файл сценария (attacks и target): его читают rearrank odds и resolve",
		},
		"scenario.combat_file.scenario_keys": {
			EN: "a combat file has combat and sides, not attacks and target; for a scenario file use rearrank odds or resolve",
			RU: "в файле боя есть combat и sides, а не attacks и target; файл сценария читают rearrank odds и resolve",
		},
		"scenario.combat_file.not_fight_field":       {EN: "{0} is not a fight field: {1}", RU: "{0} — не поле схватки: {1}"},
		"scenario.combat_file.not_in_fight.count":    {EN: "a fight gives attacks per model; the step counts the models", RU: "схватка задаёт атаки на модель, а модели считает шаг"},
		"scenario.combat_file.not_in_fight.phase":    {EN: "a fight is always melee", RU: "схватка — всегда ближний бой"},
		"scenario.combat_file.not_in_fight.bs":       {EN: "a fight is melee: give ws", RU: "схватка — ближний бой: укажите ws"},
		"scenario.combat_file.not_in_fight.attacker": {EN: "attacker names a warrior where there are no units; a fight's models are its by", RU: "attacker называет бойца там, где нет подразделений; модели схватки задаёт её by"},
		"scenario.combat_file.not_in_fight.batch":    {EN: "a side's fights at one step are one batch by the rules (21.2); the file does not say it", RU: "схватки одной стороны на одном шаге — одна серия (batch) по правилам (21.2); в файле это не указывают"},
		"scenario.combat_file.whole_number":          {EN: "want a whole number from {0} to {1}", RU: "нужно целое число от {0} до {1}"},
		"scenario.combat_file.range":                 {EN: "{0}: want {1} to {2}", RU: "{0}: нужно от {1} до {2}"},
		"scenario.combat_file.required":              {EN: "required", RU: "обязательно"},
		"scenario.combat_file.not_block": {
			EN: "{0}: a combat is between two block units ({1}); {0} fights stay attack by attack (rearrank odds)",
			RU: "{0}: бой идёт между двумя подразделениями в строю ({1}); в {0} схватки разбираются атака за атакой (rearrank odds)",
		},
		"scenario.combat_file.side_required": {EN: "side {0}: required (a combat has sides a and b)", RU: "сторона {0}: обязательна (у боя есть стороны a и b)"},
		"scenario.combat_file.unit_required": {EN: "unit: required", RU: "unit (подразделение): обязательно"},
		"scenario.combat_file.leadership_required": {
			EN: "leadership: required (the value the unit tests on: Leadership, or Discipline)",
			RU: "leadership: обязательно (значение, на которое подразделение проходит тесты: Лидерство или Дисциплина)",
		},
		"scenario.combat_file.only_read_bonus": {
			EN: "only {0} {1:reads|read} {2}; in {3} use bonus",
			RU: "{2} {1:читает|читают|читают} только {0}; в {3} используйте bonus",
		},
		"scenario.combat_file.only_read": {
			EN: "only {0} {1:reads|read} {2}",
			RU: "{2} {1:читает|читают|читают} только {0}",
		},
		"scenario.combat_file.facing_charger": {
			EN: "{0}: a flank or rear is the charged unit's; name the charger",
			RU: "{0}: фланг или тыл бывает у подразделения, принявшего натиск; укажите charger",
		},
		"scenario.combat_file.contact_width": {
			EN: "{0} is above the unit's width of {1} files",
			RU: "{0} больше ширины подразделения: {1} {1:колонна|колонны|колонн}",
		},
		"scenario.combat_file.special":             {EN: "special {0}: want {1}", RU: "special {0}: нужно {1}"},
		"scenario.combat_file.attacks_required":    {EN: "attacks: required (attacks per model)", RU: "attacks: обязательно (атаки на модель)"},
		"scenario.combat_file.initiative_required": {EN: "initiative: required ({0})", RU: "initiative (Инициатива): обязательно ({0})"},
		"term.scenario.want.side":                  {EN: "a, b or none", RU: "a, b или none"},
		"term.scenario.want.facing":                {EN: "front, flank_left, flank_right or rear", RU: "front (фронт), flank_left, flank_right (фланги) или rear (тыл)"},
		"term.scenario.want.special_values":        {EN: "stubborn, unbreakable, close_order or massed_infantry", RU: "stubborn (Упорство), unbreakable (Несокрушимость), close_order или massed_infantry"},
		"term.scenario.want.height":                {EN: "standard, large or gigantic", RU: "standard, large или gigantic"},
		"term.scenario.want.by":                    {EN: "rank_and_file, champion or character:<name>", RU: "rank_and_file, champion (чемпион) или character:<name> (персонаж)"},
		"term.scenario.want.strikes":               {EN: "normal, first or last", RU: "normal, first или last"},
		"term.scenario.initiative":                 {EN: "Initiative", RU: "Инициатива"},
		"term.scenario.agility":                    {EN: "Agility", RU: "Ловкость"},

		// A field's hint when the file's ruleset does not read it
		// (FieldSpec.Hint, said through scenario's phrases).
		"scenario.field_hint.ap": {
			EN: "the others worsen the save by armour_piercing",
			RU: "в остальных сводах правил спасбросок ухудшает armour_piercing",
		},
		"scenario.field_hint.armour_piercing": {
			EN: "t9a and tow write Armour Penetration as ap",
			RU: "в t9a и tow Бронепробитие (пробитие доспехов) записывается как ap",
		},
		"scenario.field_hint.flaming": {
			EN: "skirmish has no Regeneration for it to stop",
			RU: "в skirmish нет Регенерации, которую оно могло бы отменить",
		},
		"scenario.field_hint.reroll_special": {
			EN: "write force_reroll_special for a rule that makes every special save re-roll",
			RU: "для правила, по которому перебрасывается каждый магический спасбросок, напишите force_reroll_special",
		},
		"scenario.field_hint.killing_blow": {
			EN: "t9a writes lethal_strike; skirmish has critical hits",
			RU: "в t9a пишется lethal_strike, а в skirmish есть критические попадания",
		},
		"scenario.field_hint.heroic_killing_blow.tow": {
			EN: "tow writes killing_blow (infantry and cavalry of every kind) and monster_slayer (monsters); an attack may have both (rules 22.3)",
			RU: "в tow пишутся killing_blow (пехота и кавалерия всех видов) и monster_slayer (чудовища); у атаки могут быть оба (правила 22.3)",
		},
		"scenario.field_hint.attacker": {
			EN: "it names the warrior whose critical allowance the group uses",
			RU: "он называет бойца, чей лимит критических попаданий расходует группа",
		},
		"scenario.field_hint.batch": {
			EN: "skirmish resolves each attack on its own",
			RU: "skirmish разыгрывает каждую атаку отдельно",
		},
		"scenario.field_hint.armour": {
			EN: "t9a adds every armour source into armour_value, the model's Armour (rules 7.2)",
			RU: "t9a складывает все источники доспехов в armour_value, Доспехи модели (правила 7.2)",
		},
		"scenario.field_hint.armour_value": {
			EN: "the others build the save from armour, shield, barding and save_bonus",
			RU: "в остальных сводах правил спасбросок складывается из armour (доспехи), shield (щит), barding (попона) и save_bonus",
		},
		"scenario.field_hint.ward": {
			EN: "t9a's special saves are aegis and regeneration (rules 8.2)",
			RU: "магические спасброски t9a — aegis (Эгида) и regeneration (Регенерация) (правила 8.2)",
		},
		"scenario.field_hint.aegis": {
			EN: "the others' special save is ward",
			RU: "в остальных сводах правил магический спасбросок — это ward (особый спасбросок)",
		},
		"scenario.field_hint.against": {
			EN: "conditional special saves are t9a's",
			RU: "условные магические спасброски есть только в t9a",
		},
		"scenario.field_hint.regeneration_plus": {
			EN: "write the improved save as regeneration",
			RU: "запишите улучшенный спасбросок как regeneration (Регенерация)",
		},
		"scenario.field_hint.fly": {
			EN: "fly matters only to clipped_wings",
			RU: "fly важен только для clipped_wings",
		},
		"scenario.field_hint.groups": {
			EN: "its units have one rank-and-file profile (rules 22): a model of another profile is a character, or a unit of its own",
			RU: "у его подразделений один профиль рядовых моделей (правила 22): модель с другим профилем — это персонаж или отдельное подразделение",
		},

		// What a comparison that asks too much is refused for.
		"scenario.variants.files":    {EN: "{0} {0:file|files}", RU: "{0} {0:файл|файла|файлов}"},
		"scenario.variants.variants": {EN: "{0} {0:variant|variants}", RU: "{0} {0:вариант|варианта|вариантов}"},

		// The YAML tokenizer's panic, which the loader turns into an error.
		"scenario.load.tokenize": {EN: "cannot tokenize: {0}", RU: "не удалось разобрать текст на лексемы: {0}"},

		// The notes of a change of ruleset (File.TranslateMsg): what was
		// carried over in another form, or not carried over (RULES.md 5,
		// 7, 8, 22). Paths, field names and values stay as the file
		// writes them.
		"scenario.note.switch_absent": {
			EN: "not carried over: the switch {0}={1} ({2} has no such switch)",
			RU: "не перенесено: параметр {0}={1} (в {2} такого параметра нет)",
		},
		"scenario.note.switch_default_only": {
			EN: "not carried over: the switch {0}={1} ({2} has only its default)",
			RU: "не перенесено: параметр {0}={1} (в {2} у него есть только значение по умолчанию)",
		},
		"scenario.note.bs_need_to_skill": {
			EN: "{0}: bs {1}+ carried over as BS {2}",
			RU: "{0}: bs {1}+ переведено в BS {2}",
		},
		"scenario.note.bs_need_to_hit": {
			EN: "{0}: bs {1}+ carried over as to_hit {1}+ (no Ballistic Skill needs it)",
			RU: "{0}: bs {1}+ переведено в to_hit {1}+ (такого значения не даёт ни один Навык стрельбы)",
		},
		"scenario.note.bs_skill_to_need": {
			EN: "{0}: BS {1} carried over as bs {2}+",
			RU: "{0}: BS {1} переведено в bs {2}+",
		},
		"scenario.note.troop_type": {
			EN: "{0}: troop_type {1} carried over as {2}",
			RU: "{0}: troop_type {1} переведён в {2}",
		},
		"scenario.note.monstrous_beast": {
			EN: "{0}: troop_type monstrous_beast carried over as war_beast (tow has no monstrous beasts)",
			RU: "{0}: troop_type monstrous_beast переведён в war_beast (в tow нет чудовищных зверей)",
		},
		"scenario.note.armour": {
			EN: "{0}: {1} carried over as {2} ({3})",
			RU: "{0}: {1} переведено в {2} ({3})",
		},
		"scenario.note.with_save":    {EN: "{0} ({1})", RU: "{0} ({1})"},
		"scenario.note.no_save":      {EN: "no save", RU: "без спасброска"},
		"scenario.note.armour_value": {EN: "armour_value {0}", RU: "armour_value {0}"},
		"scenario.note.armour_save":  {EN: "armour_save {0}", RU: "armour_save {0}"},
		"scenario.note.suit":         {EN: "{0} armour", RU: "доспехи {0}"},
		"scenario.note.shield":       {EN: "shield", RU: "щит (shield)"},
		"scenario.note.barding":      {EN: "barding", RU: "попона (barding)"},
		"scenario.note.save_bonus":   {EN: "save_bonus {0}", RU: "save_bonus {0}"},
		"scenario.note.no_armour":    {EN: "no armour", RU: "без доспехов"},
		"scenario.note.regeneration_plus": {
			EN: "{0}: regeneration_plus {1} carried over as regeneration {2}",
			RU: "{0}: regeneration_plus {1} переведено в regeneration {2} (Регенерация)",
		},
		"scenario.note.aegis_to_ward": {
			EN: "{0}: aegis {1} carried over as ward {1}",
			RU: "{0}: aegis {1} (Эгида) переведено в ward {1} (особый спасбросок)",
		},
		"scenario.note.ward_to_aegis": {
			EN: "{0}: ward {1} carried over as aegis {1}",
			RU: "{0}: ward {1} (особый спасбросок) переведено в aegis {1} (Эгида)",
		},
		"scenario.note.one_warrior": {
			EN: "target: one warrior of the unit of {0} (skirmish fights warriors, not units)",
			RU: "target: один боец из подразделения в {0} {0:модель|модели|моделей} (в skirmish сражаются бойцы, а не подразделения)",
		},
		"scenario.note.warrior_damage": {
			EN: "not carried over: target.damage (a warrior keeps only the wounds he has lost)",
			RU: "не перенесено: target.damage (боец хранит только те раны, что потерял сам)",
		},
		"scenario.note.aim_warrior": {
			EN: "attacks[{0}]: aimed at the warrior, not {1}",
			RU: "attacks[{0}]: нацелено на бойца, а не на {1}",
		},
		"scenario.note.carried_to_damage": {
			EN: "target: {0} {0:carried wound|carried wounds} carried over as the damage of the first model removed",
			RU: "target: {0} {0:перенесённая рана переведена|перенесённые раны переведены|перенесённых ран переведено} в урон первой снимаемой модели",
		},
		"scenario.note.damage_to_pool": {
			EN: "not carried over: target.damage {0} (a pool carries the wounds of one model only)",
			RU: "не перенесено: target.damage {0} (пул несёт раны только одной модели)",
		},
		"scenario.note.group_damage": {
			EN: "not carried over: target.groups[{0}].damage ({1} keeps one rank-and-file pool)",
			RU: "не перенесено: target.groups[{0}].damage (в {1} один пул рядовых моделей)",
		},
		"scenario.note.aim_rank_and_file": {
			EN: "attacks[{0}]: aimed at the rank and file, not {1}",
			RU: "attacks[{0}]: нацелено на рядовые модели, а не на {1}",
		},
		"scenario.note.unread": {
			EN: "not carried over: {0} ({1} only)",
			RU: "не перенесено: {0} (только {1})",
		},
		"scenario.note.heroic_killing_blow": {
			EN: "attacks[{0}]: heroic_killing_blow carried over as killing_blow and monster_slayer (tow has no Heroic Killing Blow; chariots and war machines are spared)",
			RU: "attacks[{0}]: heroic_killing_blow переведён в killing_blow и monster_slayer (в tow нет Героического смертельного удара; колесниц и боевых машин он не касается)",
		},
		"scenario.note.regeneration_to_tow": {
			EN: "{0}: regeneration in tow is rolled once per Wound lost, after the ward save and Multiple Wounds, not as a save instead of the ward",
			RU: "{0}: Регенерация в tow бросается один раз за каждую потерянную рану, после особого спасброска и Множественных ран, а не как спасбросок вместо особого",
		},
		"scenario.note.regeneration_from_tow.ward": {
			EN: "{0}: regeneration in {1} is one save per unsaved wound, the better of it and any ward, not a roll per Wound lost as in tow",
			RU: "{0}: Регенерация в {1} — один спасбросок за каждую неспасённую рану, лучший из неё и особого спасброска, а не бросок за каждую потерянную рану, как в tow",
		},
		"scenario.note.regeneration_from_tow.aegis": {
			EN: "{0}: regeneration in {1} is one save per unsaved wound, the better of it and any aegis, not a roll per Wound lost as in tow",
			RU: "{0}: Регенерация в {1} — один спасбросок за каждую неспасённую рану, лучший из неё и Эгиды, а не бросок за каждую потерянную рану, как в tow",
		},
		"scenario.note.killing_blow_melee": {
			EN: "{0}: killing_blow fires in close combat only in tow",
			RU: "{0}: killing_blow в tow срабатывает только в ближнем бою",
		},
		"scenario.note.killing_blow_slays": {
			EN: "{0}: killing_blow slays {1} in {2}, not in {3}",
			RU: "{0}: killing_blow убивает {1} в {2}, но не в {3}",
		},
		"scenario.note.flaming_tow": {
			EN: "{0}: flaming stops Regeneration in tow only on a flammable target (set flammable: true for Trolls)",
			RU: "{0}: в tow flaming отменяет Регенерацию только у горючей цели (задайте flammable: true для троллей)",
		},
		"scenario.note.flaming_other": {
			EN: "{0}: flaming stops Regeneration in {1} whether or not the target is flammable",
			RU: "{0}: в {1} flaming отменяет Регенерацию, горюча цель или нет",
		},
		"scenario.note.poison_tow": {
			EN: "{0}: poison in tow rolls to wound with +2 (errata); poisoned_attacks: auto_wound wounds automatically, as {1}",
			RU: "{0}: poison в tow даёт +2 к броску на ранение (errata); с poisoned_attacks: auto_wound яд ранит автоматически, как в {1}",
		},
		"scenario.note.poison_other": {
			EN: "{0}: poison in {1} wounds automatically, not with tow's +2",
			RU: "{0}: poison в {1} ранит автоматически, а не даёт +2, как в tow",
		},
		"scenario.note.multiple_wounds_tow": {
			EN: "{0}: multiple_wounds in tow land on one model and never spill to the next",
			RU: "{0}: multiple_wounds в tow ложатся на одну модель и никогда не переходят на следующую",
		},
		"scenario.note.multiple_wounds_other": {
			EN: "{0}: multiple_wounds in {1} are capped at the model's Wounds on its profile, and may finish one model and go on to the next",
			RU: "{0}: multiple_wounds в {1} ограничены ранами модели по профилю и могут добить одну модель и перейти на следующую",
		},
		"scenario.note.strength_ap_to_ap": {
			EN: "{0}: the save modifier of Strength {1} and armour_piercing {2} (-{3}) carried over as ap {3} (Strength does not worsen saves in {4})",
			RU: "{0}: модификатор спасброска от Силы {1} и armour_piercing {2} (-{3}) переведён в ap {3} (в {4} Сила не ухудшает спасброски)",
		},
		"scenario.note.strength_to_ap": {
			EN: "{0}: the save modifier of Strength {1} (-{2}) carried over as ap {2} (Strength does not worsen saves in {3})",
			RU: "{0}: модификатор спасброска от Силы {1} (-{2}) переведён в ap {2} (в {3} Сила не ухудшает спасброски)",
		},
		"scenario.note.ap_to_armour_piercing": {
			EN: "{0}: ap {1} carried over as armour_piercing {1}",
			RU: "{0}: ap {1} переведено в armour_piercing {1}",
		},
		"scenario.note.ap_to_strength_and_piercing": {
			EN: "{0}: ap {1} carried over as Strength {2}'s -{3} and armour_piercing {4}",
			RU: "{0}: ap {1} переведено в -{3} от Силы {2} и armour_piercing {4}",
		},
		"scenario.note.strength_new": {
			EN: "{0}: Strength {1} now worsens the save by {2} (in {3} only ap did, and it was 0)",
			RU: "{0}: Сила {1} теперь ухудшает спасбросок на {2} (в {3} его ухудшал только ap, а он был равен 0)",
		},
		"scenario.note.ap_lost": {
			EN: "{0}: ap {1} not carried over: Strength {2} worsens the save by {3} in {4}",
			RU: "{0}: ap {1} не перенесено: в {4} Сила {2} ухудшает спасбросок на {3}",
		},
		"scenario.note.ap_to_strength": {
			EN: "{0}: ap {1} carried over as Strength {2}'s -{3}",
			RU: "{0}: ap {1} переведено в -{3} от Силы {2}",
		},
		"scenario.note.saves_differently": {
			EN: "{0}: {1} saves {2} in {3}, {4} in {5} ({6})",
			RU: "{0}: спасбросок за {1}: в {3} — {2}, в {5} — {4} ({6})",
		},
		"scenario.note.why.points": {EN: "{0} counts armour in points", RU: "в {0} доспехи считаются в очках"},
		"scenario.note.why.mount":  {EN: "{0} gives a mount bonus", RU: "в {0} есть бонус за верховое животное"},
		"scenario.note.why.cap":    {EN: "tow caps it at {0}+", RU: "в tow он ограничен {0}+"},
		"scenario.note.why.suits":  {EN: "the suits save differently", RU: "доспехи дают разные спасброски"},
	}
})
