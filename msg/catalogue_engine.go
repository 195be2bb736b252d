package msg

// The engine family: the referee's log as internal/engine writes it, one
// sentence an event (rearrank.Event's Msg), and the errors of a step; the
// term.stage and term.kind words name an event's stage and kind (the
// first column of a line of the log). The rule references, the names of
// models and groups, the target numbers ("4+") and the dice expressions
// ("D3+1") are arguments, the same in every language; a file's value
// (seven_plus_reroll: whole_roll) is kept as it is written.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// The stages of a die (rearrank.Stage.Msg).
		"term.stage.attacks":         {EN: "attacks", RU: "атаки"},
		"term.stage.hit":             {EN: "hit", RU: "попадание"},
		"term.stage.hit_again":       {EN: "hit again", RU: "попадание, 2-й кубик"},
		"term.stage.wound":           {EN: "wound", RU: "ранение"},
		"term.stage.critical":        {EN: "critical", RU: "критическое"},
		"term.stage.armour":          {EN: "armour", RU: "доспехи"},
		"term.stage.special":         {EN: "special", RU: "особый"},
		"term.stage.special.t9a":     {EN: "special", RU: "магический"},
		"term.stage.special.t9a1-ru": {EN: "special", RU: "магический"},
		"term.stage.damage":          {EN: "damage", RU: "урон"},
		"term.stage.allocation":      {EN: "allocation", RU: "распределение"},
		"term.stage.injury":          {EN: "injury", RU: "травма"},
		"term.stage.helmet":          {EN: "helmet", RU: "шлем"},
		"term.stage.multiple_hits":   {EN: "multiple hits", RU: "множественные попадания"},
		"term.stage.regeneration":    {EN: "regeneration", RU: "регенерация"},

		// The kinds of event (rearrank.Kind.Msg).
		"term.kind.batch_start":   {EN: "batch start", RU: "начало группы"},
		"term.kind.roll":          {EN: "roll", RU: "бросок"},
		"term.kind.note":          {EN: "note", RU: "заметка"},
		"term.kind.casualty":      {EN: "casualty", RU: "потеря"},
		"term.kind.damaged":       {EN: "damaged", RU: "повреждена"},
		"term.kind.standard_lost": {EN: "standard lost", RU: "знамя потеряно"},
		"term.kind.panic":         {EN: "panic", RU: "паника"},
		"term.kind.destroyed":     {EN: "destroyed", RU: "уничтожено"},
		"term.kind.regen_lost":    {EN: "regen lost", RU: "без регенерации"},
		"term.kind.knocked_down":  {EN: "knocked down", RU: "сбит с ног"},
		"term.kind.stunned":       {EN: "stunned", RU: "оглушён"},
		"term.kind.out_of_action": {EN: "out of action", RU: "выведен из строя"},
		"term.kind.disarmed":      {EN: "disarmed", RU: "обезоружен"},
		"term.kind.cannot_fight":  {EN: "cannot fight", RU: "не сражается"},
		"term.kind.ricochet_hit":  {EN: "ricochet hit", RU: "попадание рикошетом"},
		"term.kind.extra_attack":  {EN: "extra attack", RU: "доп. атака"},
		"term.kind.knockback":     {EN: "knockback", RU: "отбрасывание"},
		"term.kind.batch_end":     {EN: "batch end", RU: "конец группы"},
		"term.kind.reroll":        {EN: "reroll", RU: "переброс"},

		// The game's words the sentences take as arguments.
		"term.engine.trigger.lethal_strike":  {EN: "Lethal Strike", RU: "Смертельный удар"},
		"term.engine.trigger.armour_bane":    {EN: "Armour Bane", RU: "Погибель доспехов"},
		"term.engine.trigger.monster_slayer": {EN: "Monster Slayer", RU: "Убийца чудовищ"},
		"term.engine.trigger.cleaving_blow":  {EN: "Cleaving Blow", RU: "Рассекающий удар"},
		"term.engine.trigger.killing_blow":   {EN: "Killing Blow", RU: "Смертельный удар"},
		"term.engine.trigger.ordinary":       {EN: "ordinary wound", RU: "обычная рана"},
		"term.engine.role.rank_and_file":     {EN: "rank-and-file", RU: "рядовая модель"},
		"term.engine.role.musician":          {EN: "musician", RU: "музыкант"},
		"term.engine.role.standard":          {EN: "standard bearer", RU: "знаменосец"},
		"term.engine.role.champion":          {EN: "champion", RU: "чемпион"},
		"term.engine.role.champion.t9a":      {EN: "champion", RU: "командир"},
		"term.engine.role.champion.t9a1-ru":  {EN: "champion", RU: "командир"},
		"term.engine.role.character":         {EN: "character", RU: "персонаж"},
		// what a ruleset calls the save after armour
		"term.engine.special_save.battleaxe": {EN: "special save", RU: "особый спасбросок"},
		"term.engine.special_save.whfb8":     {EN: "special save", RU: "особый спасбросок"},
		"term.engine.special_save.tow":       {EN: "special save", RU: "особый спасбросок"},
		"term.engine.special_save.skirmish":  {EN: "special save", RU: "особый спасбросок"},
		"term.engine.special_save.t9a":       {EN: "special save", RU: "магический спасбросок"},
		"term.engine.special_save.t9a1-ru":   {EN: "special save", RU: "магический спасбросок"},
		// a special save's kind, as "спасбросок ({0})" names it
		"term.engine.special.ward":         {EN: "ward", RU: "особый"},
		"term.engine.special.regeneration": {EN: "regeneration", RU: "Регенерация"},
		"term.engine.special.aegis":        {EN: "aegis", RU: "Эгида"},
		// an own re-roll, as "re-roll {0}" names it
		"term.engine.reroll.failed":    {EN: "failed", RU: "проваленных"},
		"term.engine.reroll.ones":      {EN: "ones", RU: "единиц"},
		"term.engine.reroll.successes": {EN: "successes", RU: "успешных"},
		"term.engine.reroll.none":      {EN: "none", RU: "нет"},
		// a skirmish warrior's state, as "the warrior is {0}" says it
		"term.engine.status.standing":      {EN: "standing", RU: "на ногах"},
		"term.engine.status.knocked_down":  {EN: "knocked down", RU: "сбит с ног"},
		"term.engine.status.stunned":       {EN: "stunned", RU: "оглушён"},
		"term.engine.status.out_of_action": {EN: "out of action", RU: "выведен из строя"},

		// Text another package wrote, as it is (internal/alloc's notes).
		"engine.text":       {EN: "{0}", RU: "{0}"},
		"engine.list.and":   {EN: "{0} and {1}", RU: "{0} и {1}"},
		"engine.list.comma": {EN: "{0}, {1}", RU: "{0}, {1}"},
		"engine.group":      {EN: "attack group {0}", RU: "группа атак {0}"},

		// A rule reference with words after its colon (Event.StringIn).
		"engine.cite.tail":              {EN: "{0}:{1}", RU: "{0}:{1}"},
		"engine.rule_tail.knocked_down": {EN: " knocked down whether or not the save succeeds", RU: " сбит с ног, успешен спасбросок или нет"},
		"engine.rule_tail.bludgeoned":   {EN: " bludgeoned, out of action at once", RU: " дробящий удар: сразу выведен из строя"},

		// The errors of a step.
		"engine.error.step": {EN: "attack group {0}, {1}: {2}", RU: "группа атак {0}, {1}: {2}"},
		"engine.error.dice_needed": {
			EN: "attack group {0}, {1}: {2}; this step needs at least {3} more {3:die|dice} ({4} of {5} done)",
			RU: "группа атак {0}, {1}: {2}; этому шагу нужно ещё не меньше {3} {3:кубика|кубиков|кубиков} (готово {4} из {5})",
		},
		"engine.error.out_of_dice": {EN: "out of dice", RU: "кубики кончились"},
		"engine.error.bad_face":    {EN: "{0}: bad face {1} on a D{2}", RU: "{0}: на D{2} не бывает {1}"},

		// A group begins (BatchStart).
		"engine.batch.start": {
			EN: "{0}: {1} {1:attack|attacks}, S{2}, {3} phase",
			RU: "{0}: {1} {1:атака|атаки|атак}, С{2}, фаза: {3}",
		},
		"engine.batch.start_profile": {
			EN: "{0}: {1} {1:attack|attacks}, S{2}, {3} phase; batch {4}, profile {5} of {6}",
			RU: "{0}: {1} {1:атака|атаки|атак}, С{2}, фаза: {3}; серия {4}, профиль {5} из {6}",
		},
		"engine.batch.allocate_together": {
			EN: "every profile has rolled: the batch's unsaved wounds are allocated together, instant kills first, then packets in the order their dice were rolled, then single wounds",
			RU: "все профили бросили кубики: неспасённые раны серии распределяются вместе — сначала мгновенные убийства, затем пакеты в том порядке, в каком бросались их кубики, затем одиночные раны",
		},
		"engine.batch.kills": {
			EN: "{0}: {1} {1:instant kill|instant kills}",
			RU: "{0}: {1} {1:мгновенное убийство|мгновенных убийства|мгновенных убийств}",
		},
		"engine.batch.packets": {
			EN: "{0}: {1} {1:unsaved wound|unsaved wounds}, {1:a packet|each a packet} of Multiple Wounds",
			RU: "{0}: {1} {1:неспасённая рана|неспасённые раны|неспасённых ран}, {1:пакет|каждая — пакет|каждая — пакет} Множественных ран",
		},
		"engine.batch.singles": {
			EN: "{0}: {1} {1:unsaved single wound|unsaved single wounds}",
			RU: "{0}: {1} {1:неспасённая одиночная рана|неспасённые одиночные раны|неспасённых одиночных ран}",
		},

		// Before the dice (plan.go).
		"engine.plan.out_of_action": {EN: "the warrior is out of action: nothing is rolled", RU: "воин выведен из строя: кубики не бросаются"},
		"engine.plan.destroyed":     {EN: "the unit is destroyed: nothing is rolled", RU: "подразделение уничтожено: кубики не бросаются"},
		"engine.plan.no_target":     {EN: "no model to receive the attacks ({0}): nothing is rolled", RU: "нет модели, которая приняла бы атаки ({0}): кубики не бросаются"},
		"engine.plan.champion_left": {
			EN: "only the {0} is left of the rank and file: the attacks strike him",
			RU: "из рядовых моделей остался только {0}: атаки достаются ему",
		},
		"engine.plan.hatred_auto": {
			EN: "Hatred: the attacks hit automatically, so there is no to-hit roll to re-roll",
			RU: "Ненависть: атаки попадают автоматически, так что перебрасывать нечего — броска на попадание нет",
		},
		"engine.plan.reroll_auto": {
			EN: "re-roll {0} to hit: the attacks hit automatically, so there is no to-hit roll to re-roll",
			RU: "переброс ({0}) на попадание: атаки попадают автоматически, так что перебрасывать нечего — броска на попадание нет",
		},
		"engine.plan.attacks":    {EN: "{0} attacks: {1}", RU: "число атак ({0}): {1}"},
		"engine.plan.auto_hits":  {EN: "{0} {0:automatic hit|automatic hits}", RU: "{0} {0:автоматическое попадание|автоматических попадания|автоматических попаданий}"},
		"engine.plan.cannot_hit": {EN: "cannot hit: nothing is rolled", RU: "попадание невозможно: кубики не бросаются"},
		"engine.plan.melee_seven": {
			EN: "in close combat a need of {0} still hits on a natural 6",
			RU: "в ближнем бою при нужном {0} натуральная 6 всё равно даёт попадание",
		},
		"engine.plan.whole_roll": {
			EN: "seven_plus_reroll whole_roll: each attack rolls its whole 7+ procedure, and its repeat, before the next attack",
			RU: "seven_plus_reroll whole_roll (переброс всей процедуры 7+): каждая атака бросает всю процедуру 7+ и её повтор до следующей атаки",
		},

		// A die: what it is for (the log, and a person asked to roll it).
		"engine.die.hit":              {EN: "to-hit, attack {0} of {1}", RU: "на попадание, атака {0} из {1}"},
		"engine.die.hit.attack":       {EN: "to-hit, attack {0}", RU: "на попадание, атака {0}"},
		"engine.die.hit_again":        {EN: "{0}+ to hit, second die {1} of {2}", RU: "попадание на {0}+, второй кубик {1} из {2}"},
		"engine.die.hit_again.attack": {EN: "{0}+ to hit, second die, attack {1}", RU: "попадание на {0}+, второй кубик, атака {1}"},
		"engine.die.wound":            {EN: "to-wound, hit {0} of {1}, S{2} vs T{3}", RU: "на ранение, попадание {0} из {1}, С{2} против В{3}"},
		"engine.die.wound.attack":     {EN: "to-wound, attack {0}, S{1} vs T{2}", RU: "на ранение, атака {0}, С{1} против В{2}"},
		"engine.die.armour":           {EN: "armour save, wound {0} of {1}", RU: "спасбросок за доспехи, рана {0} из {1}"},
		"engine.die.armour.attack":    {EN: "armour save, attack {0}", RU: "спасбросок за доспехи, атака {0}"},
		"engine.die.special":          {EN: "{0} save, wound {1} of {2}", RU: "спасбросок ({0}), рана {1} из {2}"},
		"engine.die.special.attack":   {EN: "{0} save, attack {1}", RU: "спасбросок ({0}), атака {1}"},
		"engine.die.regenerate":       {EN: "Regeneration, unsaved wound {0} of {1}", RU: "Регенерация, неспасённая рана {0} из {1}"},
		"engine.die.need":             {EN: "{0}, need {1}", RU: "{0}, нужно {1}"},
		"engine.die.reroll_of":        {EN: "re-roll of {0} (first roll {1}), need {2}", RU: "переброс: {0} (первый бросок {1}), нужно {2}"},
		"engine.die.attacks":          {EN: "number of attacks", RU: "число атак"},
		"engine.die.multi":            {EN: "multiple hits, hit {0} of {1}", RU: "множественные попадания, попадание {0} из {1}"},
		"engine.die.multi.attack":     {EN: "multiple hits, attack {0}", RU: "множественные попадания, атака {0}"},
		"engine.die.damage":           {EN: "multiple wounds, unsaved wound {0} of {1}", RU: "множественные раны, неспасённая рана {0} из {1}"},
		"engine.die.damage.attack":    {EN: "multiple wounds, attack {0}", RU: "множественные раны, атака {0}"},
		"engine.die.critical":         {EN: "critical hit ({0}), attack {1}", RU: "критическое попадание ({0}), атака {1}"},
		"engine.die.injury":           {EN: "injury roll {0} of {1}, attack {2}", RU: "бросок травмы {0} из {1}, атака {2}"},
		"engine.die.expr":             {EN: "{0} ({1})", RU: "{0} ({1})"},
		"engine.die.expr_die":         {EN: "{0} ({1}, die {2} of {3})", RU: "{0} ({1}, кубик {2} из {3})"},
		"engine.die.expr_rolls":       {EN: "{0}: {1} rolls {2}{3}", RU: "{0}: {1} — выпало {2}{3}"},
		"engine.die.expr_rolls_die":   {EN: "{0}: {1} die {2} of {3} rolls {4}{5}", RU: "{0}: {1}, кубик {2} из {3} — выпало {4}{5}"},
		"engine.die.in_all":           {EN: ", {0} in all", RU: ", всего {0}"},
		"engine.die.roll":             {EN: "{0}: {1} vs {2}, {3}", RU: "{0}: {1} против {2}, {3}"},
		"engine.die.rerolled":         {EN: "{0}: {1} re-rolled ({2}): {3}, {4}", RU: "{0}: {1} переброшено ({2}): {3}, {4}"},
		"engine.word.hit":             {EN: "hit", RU: "попадание"},
		"engine.word.miss":            {EN: "miss", RU: "промах"},
		"engine.word.wounds":          {EN: "wounds", RU: "ранит"},
		"engine.word.no_wound":        {EN: "fails to wound", RU: "не ранит"},
		"engine.word.saved":           {EN: "saved", RU: "спасбросок удался"},
		"engine.word.failed":          {EN: "failed", RU: "провал"},
		"engine.word.regenerated":     {EN: "regenerated", RU: "восстановлена"},
		"engine.word.lost":            {EN: "lost", RU: "потеряна"},
		"engine.word.pass":            {EN: "pass", RU: "успех"},
		"engine.word.fail":            {EN: "fail", RU: "провал"},
		"engine.word.to_reroll":       {EN: "to be re-rolled ({0})", RU: "будет переброшен ({0})"},
		"engine.word.natural_one_fails": {
			EN: "{0} (a {1} save: a natural 1 always fails)",
			RU: "{0} (спасбросок {1}: натуральная 1 всегда проваливается)",
		},
		"engine.word.natural_fails": {
			EN: "{0} (a {1} save: a natural 1 or {2} always fails)",
			RU: "{0} (спасбросок {1}: натуральные 1 и {2} всегда проваливаются)",
		},
		"engine.why.divine_attacks": {EN: "Divine Attacks", RU: "Божественные атаки"},
		"engine.why.forced_saves":   {EN: "the attack forces a re-roll of successful saves", RU: "атака заставляет перебросить успешные спасброски"},
		"engine.why.imposed":        {EN: "re-roll of successes imposed by the target", RU: "переброс успехов, навязанный целью"},
		"engine.why.bs_six":         {EN: "BS 6+ re-rolls a miss", RU: "НС 6+ перебрасывает промах"},
		"engine.why.hatred":         {EN: "Hatred", RU: "Ненависть"},
		"engine.why.reroll":         {EN: "re-roll {0}", RU: "переброс {0}"},

		// To hit (hit.go).
		"engine.hit.whole_roll_again": {
			EN: "attack {0}: the whole 7+ roll is rolled again ({1}, seven_plus_reroll: whole_roll)",
			RU: "атака {0}: весь бросок 7+ бросается заново ({1}, seven_plus_reroll: whole_roll)",
		},
		"engine.hit.failing_die": {
			EN: "second die {0} of {1}: not re-rolled, its procedure's one re-roll went on the first die (seven_plus_reroll: failing_die)",
			RU: "второй кубик {0} из {1}: не перебрасывается, единственный переброс процедуры ушёл на первый кубик (seven_plus_reroll: failing_die)",
		},
		"engine.hit.poison_plus_two": {EN: "natural {0} to hit: Poisoned Attacks, rolls to wound with +2", RU: "натуральная {0} на попадание: Отравленные атаки, бросок на ранение с +2"},
		"engine.hit.poison_auto":     {EN: "natural {0} to hit: Poisoned Attacks, wounds automatically", RU: "натуральная {0} на попадание: Отравленные атаки, ранит автоматически"},
		"engine.hit.poison_melee_seven": {
			EN: "natural {0} to hit, where 7+ was needed (a natural 6 hits in close combat): Poisoned Attacks do not fire",
			RU: "натуральная {0} на попадание, когда нужно было 7+ (в ближнем бою натуральная 6 попадает): Отравленные атаки не срабатывают",
		},
		"engine.hit.poison_seven":      {EN: "needs 7+ to hit: Poisoned Attacks do not fire", RU: "для попадания нужно 7+: Отравленные атаки не срабатывают"},
		"engine.hit.poison_seven_auto": {EN: "needs 7+ to hit: Poisoned Attacks cannot wound automatically", RU: "для попадания нужно 7+: Отравленные атаки не могут ранить автоматически"},
		"engine.hit.focus_poisoned":    {EN: "natural {0} to hit: Battle Focus, 1 more hit, poisoned too", RU: "натуральная {0} на попадание: Боевой раж, ещё 1 попадание, тоже отравленное"},
		"engine.hit.focus":             {EN: "natural {0} to hit: Battle Focus, 1 more hit", RU: "натуральная {0} на попадание: Боевой раж, ещё 1 попадание"},
		"engine.multi.const": {
			EN: "{0} {0:hit becomes|hits become} {1} {1:hit|hits} (multiple hits {2})",
			RU: "{0} {0:попадание превращается|попадания превращаются|попаданий превращаются} в {1} {1:попадание|попадания|попаданий} (множественные попадания {2})",
		},
		"engine.multi.rolled": {
			EN: "hit {0} of {1} becomes {2} {2:hit|hits} ({3})",
			RU: "попадание {0} из {1} превращается в {2} {2:попадание|попадания|попаданий} ({3})",
		},

		// To wound (wound.go).
		"engine.wound.poison_plus_two": {
			EN: "{0} {0:poisoned hit rolls|poisoned hits roll} to wound at {1}",
			RU: "{0} {0:отравленное попадание бросает|отравленных попадания бросают|отравленных попаданий бросают} на ранение на {1}",
		},
		"engine.wound.poison_blocked": {
			EN: "{0} {0:poisoned hit|poisoned hits} cannot wound a target too tough to wound",
			RU: "{0} {0:отравленное попадание не может|отравленных попадания не могут|отравленных попаданий не могут} ранить цель, которую невозможно ранить",
		},
		"engine.wound.poison_auto": {
			EN: "{0} {0:poisoned hit wounds|poisoned hits wound} automatically",
			RU: "{0} {0:отравленное попадание ранит|отравленных попадания ранят|отравленных попаданий ранят} автоматически",
		},
		"engine.wound.cannot":  {EN: "S{0} vs T{1} cannot wound: nothing is rolled", RU: "С{0} против В{1}: ранить невозможно, кубики не бросаются"},
		"engine.wound.slaying": {EN: "natural {0} to wound: {1}, no armour or Regeneration save", RU: "натуральная {0} на ранение: {1}, без спасброска за доспехи и Регенерации"},
		"engine.wound.kb_single": {
			EN: "natural {0} to wound: Killing Blow cannot slay {1}: one wound, no armour or Regeneration save",
			RU: "натуральная {0} на ранение: Смертельный удар не убивает цель типа «{1}»: одна рана, без спасброска за доспехи и Регенерации",
		},
		"engine.wound.lethal":   {EN: "natural {0} to wound: Lethal Strike", RU: "натуральная {0} на ранение: Смертельный удар"},
		"engine.wound.bane":     {EN: "natural {0} to wound: Armour Bane ({1}), save {2} becomes {3}", RU: "натуральная {0} на ранение: Погибель доспехов ({1}), спасбросок {2} становится {3}"},
		"engine.wound.ordinary": {EN: ": ordinary wound", RU: ": обычная рана"},
		"engine.wound.outside_melee": {
			EN: "{0} {1:does|do} nothing outside close combat ({2} phase){3}",
			RU: "{0} {1:не действует|не действуют|не действуют} вне ближнего боя (фаза: {2}){3}",
		},
		"engine.wound.no_effect": {
			EN: "{0} {1:has|have} no effect on {2}{3}",
			RU: "{0} {1:не действует|не действуют|не действуют} на цель типа «{2}»{3}",
		},
		"engine.wound.bane_phase": {EN: "Armour Bane does nothing in the {0} phase{1}", RU: "Погибель доспехов не действует в фазе «{0}»{1}"},

		// Armour and special saves (save.go).
		"engine.armour.kills":         {EN: "{0} {0:instant kill|instant kills}: no saves of any kind", RU: "{0} {0:мгновенное убийство|мгновенных убийства|мгновенных убийств}: никаких спасбросков"},
		"engine.armour.skip":          {EN: "{0} {0:wound|wounds}: {1}", RU: "{0} {0:рана|раны|ран}: {1}"},
		"engine.armour.no_saves":      {EN: "the attack allows no saves", RU: "атака не позволяет спасбросков"},
		"engine.armour.ignores":       {EN: "the attack ignores armour", RU: "атака игнорирует доспехи"},
		"engine.armour.none":          {EN: "no armour save", RU: "без спасброска за доспехи"},
		"engine.armour.triggers":      {EN: "{0}, no armour save", RU: "{0}, без спасброска за доспехи"},
		"engine.armour.model_none":    {EN: "the model has no armour save", RU: "у модели нет спасброска за доспехи"},
		"engine.armour.impossible":    {EN: "armour save impossible (needs {0})", RU: "спасбросок за доспехи невозможен (нужно {0})"},
		"engine.armour.trigger_wound": {EN: "wound {0}: {1}, no armour save", RU: "рана {0}: {1}, без спасброска за доспехи"},
		"engine.armour.bane":          {EN: "Armour Bane ({0}): save {1} becomes {2}", RU: "Погибель доспехов ({0}): спасбросок {1} становится {2}"},
		"engine.special.lethal_wound": {EN: "wound {0}: Lethal Strike, no Regeneration save", RU: "рана {0}: Смертельный удар, без спасброска Регенерации"},
		"engine.special.none":         {EN: "wound {0}: no {1} applies", RU: "рана {0}: {1} не действует"},
		"engine.special.lethal": {
			EN: "{0} {0:wound|wounds}: Lethal Strike, no Regeneration save",
			RU: "{0} {0:рана|раны|ран}: Смертельный удар, без спасброска Регенерации",
		},
		"engine.special.regen_lost": {
			EN: "Regeneration was lost this phase to an unsaved Flaming wound: no Regeneration save",
			RU: "Регенерация потеряна в этой фазе из-за неспасённой раны Огненной атаки: спасброска Регенерации нет",
		},
		"engine.special.flaming": {EN: "Flaming Attacks: no Regeneration save", RU: "Огненные атаки: спасброска Регенерации нет"},

		// Damage and Regeneration (damage.go).
		"engine.damage.w1_sequential": {
			EN: "W1 models: under regeneration_timing sequential a packet's Wounds are taken one at a time, a Regeneration roll after each",
			RU: "модели с Р1: при regeneration_timing sequential раны пакета снимаются по одной, после каждой — бросок Регенерации",
		},
		"engine.damage.w1":            {EN: "W1 models: each unsaved wound removes one model, no damage dice", RU: "модели с Р1: каждая неспасённая рана убирает одну модель, кубики урона не бросаются"},
		"engine.damage.mixed_w1":      {EN: "unsaved wound {0} of {1} lands on a model of 1 Wound: no damage dice", RU: "неспасённая рана {0} из {1} достаётся модели с 1 раной: кубики урона не бросаются"},
		"engine.damage.clipped_wings": {EN: "Clipped Wings against Fly: {0}+1", RU: "Подрезанные крылья против Полёта: {0}+1"},
		"engine.regen.flammable":      {EN: "Flaming Attacks on a flammable model: no Regeneration", RU: "Огненные атаки против горючей модели: Регенерации нет"},
		"engine.regen.cleaving":       {EN: "unsaved wound {0} of {1} is a Cleaving Blow: no Regeneration", RU: "неспасённая рана {0} из {1} — Рассекающий удар: Регенерации нет"},
		"engine.regen.none":           {EN: "{0} {0:Wound|Wounds} lost, none regenerated", RU: "{0} {0:рана потеряна|раны потеряны|ран потеряно}, ни одна не восстановлена"},
		"engine.regen.some": {
			EN: "{0} {0:Wound|Wounds} lost, {1} regenerated (counted for combat result all the same)",
			RU: "{0} {0:рана потеряна|раны потеряны|ран потеряно}, восстановлено {1} (в результат боя всё равно засчитываются)",
		},
		"engine.kill":             {EN: "{0} {1} of {2}: {3}", RU: "{0} {1} из {2}: {3}"},
		"engine.kill.no_ward":     {EN: "the model struck has no ward save and is slain outright", RU: "у поражённой модели нет особого спасброска, она убита на месте"},
		"engine.kill.save_failed": {EN: "the {0} save failed, the model struck is slain outright", RU: "спасбросок ({0}) провален, поражённая модель убита на месте"},
		"engine.kill.no_saves":    {EN: "the attack allows no saves, the model struck is slain outright", RU: "атака не позволяет спасбросков, поражённая модель убита на месте"},

		// The unit's changes (damage.go's record).
		"engine.casualty":      {EN: "{0} removed from rank {1}, file {2} (worth {3})", RU: "{0} убирается из ряда {1}, колонны {2} (ран оставалось: {3})"},
		"engine.casualty.why":  {EN: "{0} removed from rank {1}, file {2} (worth {3}): {4}", RU: "{0} убирается из ряда {1}, колонны {2} (ран оставалось: {3}): {4}"},
		"engine.damaged":       {EN: "{0} at rank {1}, file {2} carries {3} damage", RU: "{0} в ряду {1}, колонне {2}: урон {3}"},
		"engine.standard_lost": {EN: "the standard bearer is removed: standard lost", RU: "знаменосец убран: знамя потеряно"},

		// The owner's choices (owner.go).
		"engine.owner.odd_left": {
			EN: "the owner's choice: when both ends of the single rank have given up as many models in this batch, the left end goes first, so it gives up the odd one if the batch takes an odd number",
			RU: "выбор владельца: когда оба края единственного ряда отдали в этой серии поровну моделей, первым идёт левый край, так что при нечётном числе лишнюю модель отдаёт он",
		},
		"engine.owner.odd_right": {
			EN: "the owner's choice: when both ends of the single rank have given up as many models in this batch, the right end goes first, so it gives up the odd one if the batch takes an odd number",
			RU: "выбор владельца: когда оба края единственного ряда отдали в этой серии поровну моделей, первым идёт правый край, так что при нечётном числе лишнюю модель отдаёт он",
		},
		"engine.owner.packet":          {EN: "{0} {0:Wound|Wounds}", RU: "{0} {0:рана|раны|ран}"},
		"engine.owner.packet_cleaving": {EN: "{0} {0:Wound|Wounds} (the Cleaving Blow)", RU: "{0} {0:рана|раны|ран} (Рассекающий удар)"},
		"engine.owner.then":            {EN: "{0}, then {1}", RU: "{0}, затем {1}"},
		"engine.owner.packets":         {EN: "the owner orders the packets: {0}", RU: "владелец упорядочивает пакеты: {0}"},
		"engine.owner.save":            {EN: "the owner uses {0} {1}", RU: "владелец выбирает спасбросок ({0}) {1}"},

		// The end of a group (end.go).
		"engine.regen_lost": {EN: "an unsaved Flaming wound: no Regeneration for the rest of the phase", RU: "неспасённая рана Огненной атаки: до конца фазы Регенерации нет"},
		"engine.panic": {
			EN: "{0} of {1} {1:model|models} lost this phase ({2}): panic test{3}",
			RU: "в этой фазе потеряно {0} из {1} {1:модели|моделей|моделей} ({2}): тест на панику{3}",
		},
		"engine.panic.flees": {
			EN: "; if it fails, it flees ({0} of {1} {1:model|models} at deployment left, half or fewer)",
			RU: "; при провале бежит (осталось {0} из {1} {1:модели|моделей|моделей} при расстановке, половина или меньше)",
		},
		"engine.panic.falls_back": {
			EN: "; if it fails, it falls back in good order ({0} of {1} {1:model|models} at deployment left, more than half)",
			RU: "; при провале отходит в порядке (осталось {0} из {1} {1:модели|моделей|моделей} при расстановке, больше половины)",
		},
		"engine.destroyed": {EN: "no model is left: the unit is destroyed", RU: "не осталось ни одной модели: подразделение уничтожено"},
		"engine.end": {
			EN: "{0} {0:model|models} removed, {1} {1:wound|wounds} caused{2}{3}; unit now {4}",
			RU: "{0} {0:модель убрана|модели убраны|моделей убрано}, {1} {1:рана нанесена|раны нанесены|ран нанесено}{2}{3}; подразделение сейчас: {4}",
		},
		"engine.end.warrior": {
			EN: "{0} {0:wound|wounds} caused{1}; the warrior is {2}",
			RU: "{0} {0:рана нанесена|раны нанесены|ран нанесено}{1}; воин {2}",
		},
		"engine.end.so_far":  {EN: " ({0} in all so far)", RU: " (всего пока {0})"},
		"engine.end.carried": {EN: "; {0} {0:wound|wounds} carried", RU: "; {0} {0:рана переходит|раны переходят|ран переходят} дальше"},
		"engine.end.size": {
			EN: "{0} {0:model|models} in {1} {1:rank|ranks}",
			RU: "{0} {0:модель|модели|моделей} в {1} {1:ряду|рядах|рядах}",
		},

		// Skirmish (skirmish.go).
		"engine.skirmish.out_of_action": {EN: "attack {0}: the warrior is out of action, nothing is rolled", RU: "атака {0}: воин выведен из строя, кубики не бросаются"},
		"engine.skirmish.cannot_hit":    {EN: "attack {0} cannot hit", RU: "атака {0} не может дать попадание"},
		"engine.skirmish.multi": {
			EN: "attack {0}: the hit becomes {1} {1:hit|hits} ({2})",
			RU: "атака {0}: попадание превращается в {1} {1:попадание|попадания|попаданий} ({2})",
		},
		"engine.skirmish.poisoned":           {EN: "attack {0}: poisoned, wounds automatically", RU: "атака {0}: отравлена, ранит автоматически"},
		"engine.skirmish.cannot_wound":       {EN: "attack {0}: S{1} vs T{2} cannot wound", RU: "атака {0}: С{1} против В{2} — ранить невозможно"},
		"engine.skirmish.no_saves":           {EN: "attack {0} allows no saves", RU: "атака {0} не позволяет спасбросков"},
		"engine.skirmish.critical_no_armour": {EN: "critical hit: no armour save", RU: "критическое попадание: без спасброска за доспехи"},
		"engine.skirmish.save_past_six": {
			EN: "attack {0}: no armour save, the warrior's save is worsened past 6+",
			RU: "атака {0}: спасброска за доспехи нет, спасбросок воина ухудшен дальше 6+",
		},
		"engine.skirmish.no_save": {EN: "attack {0}: the warrior has no armour save", RU: "атака {0}: у воина нет спасброска за доспехи"},
		"engine.skirmish.save_past_six.bludgeoning": {
			EN: "attack {0}: no armour save, the warrior's save is worsened past 6+, which counts as a failed save for the bludgeoning 6",
			RU: "атака {0}: спасброска за доспехи нет, спасбросок воина ухудшен дальше 6+, что для дробящей 6 считается проваленным спасброском",
		},
		"engine.skirmish.no_save.bludgeoning": {
			EN: "attack {0}: the warrior has no armour save, which counts as a failed save for the bludgeoning 6",
			RU: "атака {0}: у воина нет спасброска за доспехи, что для дробящей 6 считается проваленным спасброском",
		},
		"engine.skirmish.wounds_left": {
			EN: "{0} {0:wound|wounds}: the warrior has {1} of {2} {2:wound|wounds} left",
			RU: "{0} {0:рана|раны|ран}: у воина осталось {1} из {2} {2:раны|ран|ран}",
		},
		"engine.skirmish.no_helmet": {EN: "bludgeoning critical: no helmet save", RU: "дробящий критический удар: без спасброска за шлем"},
		"engine.critical.used": {
			EN: "natural 6, but this warrior already caused a critical this phase: ordinary wound",
			RU: "натуральная 6, но этот воин уже нанёс критическое попадание в этой фазе: обычная рана",
		},
		"engine.critical.roll":         {EN: "critical roll {0}: {1}", RU: "бросок критического попадания {0}: {1}"},
		"engine.critical.cannot_fight": {EN: "the target may not fight this turn if it has not fought yet", RU: "цель не может сражаться в этот ход, если ещё не сражалась"},
		"engine.critical.disarmed": {
			EN: "the target loses a weapon and fights on with a back-up weapon or unarmed",
			RU: "цель теряет оружие и сражается дальше запасным оружием или без оружия",
		},
		"engine.critical.ricochet": {
			EN: "ricochet: the closest other enemy within 6\" of the target is hit too; the caller resolves it",
			RU: "рикошет: ближайший другой враг в пределах 6\" от цели тоже получает попадание; его отыгрывает вызывающая сторона",
		},
		"engine.critical.knockback": {
			EN: "the target is pushed back D6\" and the attacker follows; a model it collides with takes one S3 hit (caller resolves)",
			RU: "цель отброшена на D6\", атакующий следует за ней; модель, с которой она столкнётся, получает одно попадание С3 (отыгрывает вызывающая сторона)",
		},
		"engine.critical.gives":   {EN: "the critical gives {0}", RU: "критическое попадание даёт {0}"},
		"engine.critical.unsaved": {EN: "{0} of the critical's {1} {1:wound|wounds} went unsaved", RU: "{0} из {1} {1:раны|ран|ран} критического попадания не спасены"},
		"engine.critical.larger": {
			EN: "the weapon does {0} {0:wound|wounds}; {1}: the larger, {2}, counts (never the sum)",
			RU: "оружие наносит {0} {0:рану|раны|ран}; {1}: засчитывается большее, {2} (никогда не сумма)",
		},
		"engine.critical.extra_attack": {EN: "body blow: an extra attack at once", RU: "удар по корпусу: сразу дополнительная атака"},
		"engine.injury.roll":           {EN: "injury roll {0}: {1}", RU: "бросок травмы {0}: {1}"},
		"engine.warrior":               {EN: "the warrior is {0}", RU: "воин {0}"},
	}
})
