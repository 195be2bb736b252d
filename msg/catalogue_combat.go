package msg

// The combat family: what package combat and `rearrank combat` say about
// a round of close combat between two block units: its words (facings,
// steps, the parts of a combat result, break test outcomes), its notes,
// the errors a player reads and the text report of the command.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// The game's words, as arguments of the sentences below.
		"term.combat.facing.front":             {EN: "front", RU: "фронт"},
		"term.combat.name":                     {EN: "{0}", RU: "{0}"},
		"term.combat.facing.flank_left":        {EN: "left flank", RU: "левый фланг"},
		"term.combat.facing.flank_right":       {EN: "right flank", RU: "правый фланг"},
		"term.combat.facing.rear":              {EN: "rear", RU: "тыл"},
		"term.combat.strike_value.initiative":  {EN: "Initiative", RU: "Инициатива"},
		"term.combat.strike_value.agility":     {EN: "Agility", RU: "Ловкость"},
		"term.combat.by.rank_and_file":         {EN: "rank and file", RU: "рядовые модели"},
		"term.combat.by.champion":              {EN: "champion", RU: "чемпион"},
		"term.combat.by.champion.t9a":          {EN: "champion", RU: "командир"},
		"term.combat.by.champion.t9a1-ru":      {EN: "champion", RU: "командир"},
		"term.combat.point.wounds":             {EN: "wounds", RU: "раны"},
		"term.combat.point.charge":             {EN: "charge", RU: "натиск"},
		"term.combat.point.ranks":              {EN: "ranks", RU: "ряды"},
		"term.combat.point.standard":           {EN: "standard", RU: "знамя"},
		"term.combat.point.battle_standard":    {EN: "battle standard", RU: "армейское знамя"},
		"term.combat.point.high_ground":        {EN: "high ground", RU: "возвышенность"},
		"term.combat.point.outnumber":          {EN: "outnumber", RU: "численный перевес"},
		"term.combat.point.close_order":        {EN: "close order", RU: "сомкнутый строй"},
		"term.combat.point.massed_infantry":    {EN: "massed infantry", RU: "массовая пехота"},
		"term.combat.point.bonus":              {EN: "bonus", RU: "бонус"},
		"term.combat.result.break":             {EN: "breaks", RU: "бегство"},
		"term.combat.result.fall_back":         {EN: "falls back in good order", RU: "отход в порядке"},
		"term.combat.result.give_ground":       {EN: "gives ground", RU: "отступление"},
		"term.combat.result.title.break":       {EN: "Break", RU: "Бегство"},
		"term.combat.result.title.fall_back":   {EN: "Fall Back in Good Order", RU: "Отход в порядке"},
		"term.combat.result.title.give_ground": {EN: "Give Ground", RU: "Отступление"},
		"term.combat.auto.unbreakable":         {EN: "unbreakable", RU: "Несокрушимость"},
		"term.combat.auto.stubborn":            {EN: "stubborn", RU: "Упорство"},

		// Text that is not in the catalogue (another package's error),
		// written as it is.
		"combat.text": {EN: "{0}", RU: "{0}"},

		// The exact reader past its limits (fast.go); "state limit
		// reached" is odds.ErrStateLimit's text.
		"combat.exact.side":       {EN: "{0} {0:model|models}", RU: "{0} {0:модель|модели|моделей}"},
		"combat.exact.side_named": {EN: "{0}, {1} {1:model|models}", RU: "{0}, {1} {1:модель|модели|моделей}"},
		"combat.error.limit_ways": {
			EN: "combat exact: state limit reached: more than {0} {0:way through a step|ways through a step} at step {1} of {2} ({3} against {4})",
			RU: "точный расчёт боя: достигнут предел состояний: больше {0} {0:способа пройти шаг|способов пройти шаг|способов пройти шаг} на шаге {1} из {2} ({3} против {4})",
		},
		"combat.error.limit_states": {
			EN: "combat exact: state limit reached: more than {0} {0:round state|round states} at step {1} of {2} ({3} against {4})",
			RU: "точный расчёт боя: достигнут предел состояний: больше {0} {0:состояния раунда|состояний раунда|состояний раунда} на шаге {1} из {2} ({3} против {4})",
		},
		"combat.error.limit_bytes": {
			EN: "combat exact: state limit reached: more than {0} {0:byte of round states|bytes of round states} at step {1} of {2} ({3} against {4})",
			RU: "точный расчёт боя: достигнут предел состояний: больше {0} {0:байта|байтов|байтов} состояний раунда на шаге {1} из {2} ({3} против {4})",
		},
		// The brute-force reader (Enumerate) past its limit; the first
		// words are combat.ErrTooLarge's text.
		"combat.error.enumerate_estimate": {
			EN: "too many dice paths for the brute-force exact reader: about {0}, the limit is {1}",
			RU: "слишком много вариантов бросков кубиков для точного перебора: около {0}, а предел — {1}",
		},
		"combat.error.enumerate_limit": {
			EN: "too many dice paths for the brute-force exact reader: more than {0}",
			RU: "слишком много вариантов бросков кубиков для точного перебора: больше {0}",
		},
		"combat.error.exact_limit": {
			EN: "{0}; add --fallback or drop --exact for a Monte Carlo estimate",
			RU: "{0}; для оценки методом Монте-Карло добавьте --fallback или уберите --exact",
		},
		"combat.error.batch_memory": {
			EN: "combat exact: side {0}'s batch at step {1} of {2}: {3}",
			RU: "точный расчёт боя: серия атак стороны {0} на шаге {1} из {2}: {3}",
		},
		"combat.error.batch_states": {
			EN: "combat exact: side {0}'s batch at step {1} of {2} (a batch may hold {3} times the round states, {4} here): {5}",
			RU: "точный расчёт боя: серия атак стороны {0} на шаге {1} из {2} (в серии может быть в {3} раз больше состояний, чем в раунде, здесь {4}): {5}",
		},
		"combat.error.walk_estimate": {
			EN: "combat exact: state limit reached: side {0} scores instant kills by profile, so its batch is walked die by die, and it has about {1} dice paths where {2} are left of {3}",
			RU: "точный расчёт боя: достигнут предел состояний: сторона {0} засчитывает мгновенные убийства по профилю, поэтому её серия перебирается кубик за кубиком, а в ней около {1} вариантов бросков, тогда как осталось {2} из {3}",
		},
		"combat.error.walk_passed": {
			EN: "combat exact: state limit reached: side {0} scores instant kills by profile, so its batch is walked die by die, and the run passed {1} dice paths",
			RU: "точный расчёт боя: достигнут предел состояний: сторона {0} засчитывает мгновенные убийства по профилю, поэтому её серия перебирается кубик за кубиком, и расчёт превысил {1} вариантов бросков",
		},

		// Lists of codes: "a, b or c".
		"combat.list.or": {EN: "{0} or {1}", RU: "{0} или {1}"},

		// The errors of a combat a player reads: its values, fields and
		// switches (combat.go, options.go), and what stops a round.
		"combat.error.parse_side":    {EN: "side {0}: want a, b or none", RU: "side {0}: допустимы a, b или none"},
		"combat.error.parse_facing":  {EN: "facing {0}: want {1}", RU: "facing {0}: допустимы {1}"},
		"combat.error.parse_strikes": {EN: "strikes {0}: want normal, first or last", RU: "strikes {0}: допустимы normal, first или last"},
		"combat.error.parse_height":  {EN: "height {0}: want standard, large or gigantic", RU: "height {0}: допустимы standard, large или gigantic"},
		"combat.error.parse_by": {
			EN: "by {0}: want rank_and_file, champion or character:<name>",
			RU: "by {0}: допустимы rank_and_file, champion (чемпион) или character:<имя персонажа>",
		},
		"combat.error.block_ruleset": {
			EN: "ruleset {0}: a combat needs a block ruleset ({1})",
			RU: "ruleset {0}: для боя нужен свод правил для подразделений в строю ({1})",
		},
		"combat.error.high_ground": {
			EN: "high_ground: only {0} {1:reads|read} it (use bonus)",
			RU: "high_ground: это поле читает только {0} (используйте bonus)",
		},
		"combat.error.no_unit": {EN: "sides.{0}.unit: missing", RU: "sides.{0}.unit: подразделение не задано"},
		"combat.error.close_order": {
			EN: "sides.{0}.special: only {1} {2:reads|read} close_order",
			RU: "sides.{0}.special: close_order читает только {1}",
		},
		"combat.error.massed_infantry": {
			EN: "sides.{0}.special: only {1} {2:reads|read} massed_infantry",
			RU: "sides.{0}.special: massed_infantry читает только {1}",
		},
		"combat.error.contact": {
			EN: "combat.contact.{0}: {1} is above the unit's width {2}",
			RU: "combat.contact.{0}: {1} больше ширины фронта подразделения ({2})",
		},
		"combat.error.fight":         {EN: "sides.{0}.fights[{1}]: {2}", RU: "sides.{0}.fights[{1}]: {2}"},
		"combat.error.fight_attacks": {EN: "sides.{0}.fights[{1}].attacks: {2}", RU: "sides.{0}.fights[{1}].attacks: {2}"},
		"combat.error.too_many_attacks": {
			EN: "{0}: {1} {1:model|models} making {0} each could make {2} attacks at one step: want at most {3} attacks at one step",
			RU: "{0}: {1} {1:модель|модели|моделей} по {0} {0:атаке|атаки|атак} у каждой могут провести до {2} {2:атаки|атак|атак} за один шаг; допустимо не больше {3} {3:атаки|атак|атак} за шаг",
		},
		"combat.error.too_many_attacks_all": {
			EN: "{0}: {1} {1:model|models} making {0} each could make {2} attacks at one step, the side's fights {4} in all: want at most {3} attacks at one step",
			RU: "{0}: {1} {1:модель|модели|моделей} по {0} {0:атаке|атаки|атак} у каждой могут провести до {2} {2:атаки|атак|атак} за один шаг, а все профили атак стороны вместе — до {4}; допустимо не больше {3} {3:атаки|атак|атак} за шаг",
		},
		"combat.error.attacks":      {EN: "attacks {0}: want 0 or more", RU: "attacks {0}: нужно 0 или больше"},
		"combat.error.supporting":   {EN: "supporting {0}: want 0 to 5", RU: "supporting {0}: нужно от 0 до 5"},
		"combat.error.extra_ranks":  {EN: "extra_ranks {0}: want 0 to 10", RU: "extra_ranks {0}: нужно от 0 до 10"},
		"combat.error.no_champion":  {EN: "by champion: the unit has no champion", RU: "by champion: в подразделении нет чемпиона"},
		"combat.error.no_character": {EN: "by {0}: the unit has no character {1}", RU: "by {0}: в подразделении нет персонажа {1}"},
		"combat.error.unknown_switch": {
			EN: "unknown combat switch {0}",
			RU: "неизвестный параметр боя {0}",
		},
		"combat.error.switch_not_read": {
			EN: "{0}: only {1} {2:reads|read} it",
			RU: "{0}: этот параметр читает только {1}",
		},
		"combat.error.switch_value": {EN: "{0} {1}: want {2}", RU: "{0} {1}: допустимы {2}"},
		"combat.error.no_fights": {
			EN: "no fights: give each side's fights",
			RU: "нет схваток: задайте fights каждой стороны",
		},
		"combat.error.monte_carlo_n": {
			EN: "monte carlo: n {0}: want at least 1",
			RU: "метод Монте-Карло: n {0}: нужно не меньше 1",
		},
		"combat.error.group":      {EN: "side {0}, {1}: {2}", RU: "сторона {0}, {1}: {2}"},
		"combat.error.side":       {EN: "side {0}: {1}", RU: "сторона {0}: {1}"},
		"combat.error.step":       {EN: "step {0} ({1}), {2}", RU: "шаг {0} ({1}), {2}"},
		"combat.error.break_test": {EN: "side {0} break test: {1}", RU: "сторона {0}, тест на бегство: {1}"},

		// A step of the strike order (RULES.md 21.4).
		"combat.step.value":       {EN: "{0} {1}", RU: "{0} {1}"},
		"combat.step.first":       {EN: "strikes first", RU: "бьёт первым"},
		"combat.step.last":        {EN: "strikes last", RU: "бьёт последним"},
		"combat.step.first_value": {EN: "strikes first, {0} {1}", RU: "бьёт первым, {0} {1}"},
		"combat.step.last_value":  {EN: "strikes last, {0} {1}", RU: "бьёт последним, {0} {1}"},

		// A side as a player names it.
		"combat.side.named":   {EN: "{0} ({1})", RU: "{0} ({1})"},
		"combat.side.unnamed": {EN: "side {0}", RU: "сторона {0}"},

		// A unit drawn rank by rank (rearrank combat, and resolve's
		// formations, which are English yet).
		"combat.draw.front":     {EN: "front", RU: "фронт"},
		"combat.draw.no_models": {EN: "(no models)", RU: "(нет моделей)"},
		"combat.draw.legend": {
			EN: "R rank-and-file  M musician  S standard  C champion  H character  x removed  . empty  (n) damage",
			RU: "R рядовая модель  M музыкант  S знаменосец  C чемпион  H персонаж  x убита  . пусто  (n) урон",
		},
		"combat.draw.legend.t9a": {
			EN: "R rank-and-file  M musician  S standard  C champion  H character  x removed  . empty  (n) damage",
			RU: "R рядовая модель  M музыкант  S знаменосец  C командир  H персонаж  x убита  . пусто  (n) урон",
		},
		"combat.draw.legend.t9a1-ru": {
			EN: "R rank-and-file  M musician  S standard  C champion  H character  x removed  . empty  (n) damage",
			RU: "R рядовая модель  M музыкант  S знаменосец  C командир  H персонаж  x убита  . пусто  (n) урон",
		},

		// Notes.
		// The break test's dice, as a prompt asks for them.
		"combat.ask.break_first":  {EN: "break test, first die", RU: "тест на бегство, первый кубик"},
		"combat.ask.break_second": {EN: "break test, second die", RU: "тест на бегство, второй кубик"},

		"combat.note.stand_in": {
			EN: "{0} is owner_choice, and nobody is asked here: the engine's default ({1}) stands in",
			RU: "{0} = owner_choice, но здесь некого спросить: действует значение движка по умолчанию ({1})",
		},

		// The head of the report and of a round.
		"combat.describe": {
			EN: "{0} close combat: {1} against {2}",
			RU: "{0}, ближний бой: {1} против {2}",
		},
		"combat.describe.charge": {
			EN: "{0} close combat: {1} against {2}; {3} charged",
			RU: "{0}, ближний бой: {1} против {2}; натиск: {3}",
		},
		"combat.describe.charge_facing": {
			EN: "{0} close combat: {1} against {2}; {3} charged into the {4}",
			RU: "{0}, ближний бой: {1} против {2}; натиск: {3}, направление: {4}",
		},

		// rearrank combat's report of the odds.
		"combat.report.exact": {
			EN: "Exact: every die walked, equal round states merged.",
			RU: "Точный расчёт: перебраны все значения каждого кубика, одинаковые состояния раунда объединены.",
		},
		"combat.report.simulated": {
			EN: "Simulated: Monte Carlo over {0} {0:round|rounds} (seed {1}); ± is one standard error.",
			RU: "Оценка методом Монте-Карло: {0} {0:раунд|раунда|раундов} (--seed {1}); ± — одна стандартная ошибка.",
		},
		"combat.report.fallback": {
			EN: "Simulated instead of exact ({0}): Monte Carlo over {1} {1:round|rounds} (seed {2}); ± is one standard error.",
			RU: "Оценка вместо точного расчёта ({0}): метод Монте-Карло, {1} {1:раунд|раунда|раундов} (--seed {2}); ± — одна стандартная ошибка.",
		},
		"combat.report.percent":       {EN: "{0}%", RU: "{0}%"},
		"combat.report.percent_below": {EN: "<{0}%", RU: "<{0}%"},
		"combat.report.percent_above": {EN: ">{0}%", RU: ">{0}%"},
		"combat.report.plus_minus":    {EN: "{0} ±{1}", RU: "{0} ±{1}"},
		"combat.report.win":           {EN: "{0} win", RU: "победа: {0}"},
		"combat.report.wins":          {EN: "{0} wins", RU: "победа: {0}"},
		"combat.report.draw":          {EN: "draw", RU: "ничья"},
		"combat.report.loser_breaks":  {EN: "loser breaks", RU: "проигравший бежит"},
		"combat.report.loser_falls_back": {
			EN: "loser falls back",
			RU: "проигравший отходит в порядке",
		},
		"combat.report.loser_gives_ground": {
			EN: "loser gives ground",
			RU: "проигравший отступает",
		},
		"combat.report.breaks":        {EN: "breaks", RU: "бегство"},
		"combat.report.destroyed":     {EN: "destroyed", RU: "уничтожение"},
		"combat.report.casualties":    {EN: "casualties", RU: "потери"},
		"combat.report.wounds_caused": {EN: "wounds caused", RU: "нанесено ран"},
		"combat.report.combat_result": {EN: "combat result", RU: "результат боя"},
		"combat.report.margin":        {EN: "margin (a - b)", RU: "разница (a - b)"},
		"combat.report.mean":          {EN: "mean {0}", RU: "в среднем {0}"},
		"combat.report.steps":         {EN: "Steps, attacks rolled:", RU: "Брошено атак по шагам:"},

		// rearrank combat's account of one round.
		"combat.round.dice":         {EN: "dice used: {0}", RU: "брошенные кубики: {0}"},
		"combat.round.no_dice":      {EN: "none", RU: "нет"},
		"combat.round.before":       {EN: "Before:", RU: "Перед боем:"},
		"combat.round.step":         {EN: "== Step {0}: {1}", RU: "== Шаг {0}: {1}"},
		"combat.round.fight":        {EN: "{0}, {1}: {2} {2:attack|attacks}", RU: "{0}, {1}: {2} {2:атака|атаки|атак}"},
		"combat.round.fight_reroll": {EN: "{0}, {1}: {2} {2:attack|attacks}, misses re-rolled", RU: "{0}, {1}: {2} {2:атака|атаки|атак}, промахи перебрасываются"},
		"combat.round.after":        {EN: "After the step:", RU: "После шага:"},
		"combat.round.removed":      {EN: "removed (x), where they stood:", RU: "убитые модели (x) на своих местах:"},
		"combat.round.result":       {EN: "Combat result:", RU: "Результат боя:"},
		"combat.round.point":        {EN: "{0} {1}", RU: "{0} {1}"},
		"combat.round.no_points":    {EN: "nothing", RU: "ничего"},
		"combat.round.score": {
			EN: "{0}: {1} ({2}); lost {3} {3:model|models}",
			RU: "{0}: {1} ({2}); потери: {3} {3:модель|модели|моделей}",
		},
		"combat.round.draw": {EN: "A draw: nobody tests.", RU: "Ничья: теста на бегство нет."},
		"combat.round.musician_win": {
			EN: "Scores equal: {0} win by 1 with the musician.",
			RU: "Результаты равны: побеждает {0} — на 1 благодаря музыканту.",
		},
		"combat.round.musician_wins": {
			EN: "Scores equal: {0} wins by 1 with the musician.",
			RU: "Результаты равны: побеждает {0} — на 1 благодаря музыканту.",
		},
		"combat.round.win":  {EN: "{0} win by {1}.", RU: "Побеждает {0} с перевесом {1}."},
		"combat.round.wins": {EN: "{0} wins by {1}.", RU: "Побеждает {0} с перевесом {1}."},
		"combat.round.destroyed": {
			EN: "The loser is destroyed: no break test.",
			RU: "Проигравший уничтожен: теста на бегство нет.",
		},

		// The loser's break test in a round (RULES.md 21.8, 22.11).
		"combat.break.auto": {
			EN: "{0} is {1}: no break test.",
			RU: "{0}: {1}, теста на бегство нет.",
		},
		"combat.break.auto_result": {
			EN: "{0} is {1}: no break test, {2}.",
			RU: "{0}: {1}, теста на бегство нет; итог — {2}.",
		},
		"combat.break.three": {
			EN: "Break test for {0}: 2D6 against Ld {1}, lost by {2}:{3}: {4}.",
			RU: "Тест на бегство для {0}: 2D6 против Лд {1}, проигрыш на {2}:{3}: {4}.",
		},
		"combat.break.three_crushed": {
			EN: "Break test for {0}: 2D6 against Ld {1}, lost by {2}, the winners' Unit Strength more than double:{3}: {4}.",
			RU: "Тест на бегство для {0}: 2D6 против Лд {1}, проигрыш на {2}, Сила подразделения победителей более чем вдвое больше:{3}: {4}.",
		},
		"combat.break.test": {
			EN: "Break test for {0}: 2D6 <= {1} ({2}):{3}: {4}",
			RU: "Тест на бегство для {0}: 2D6 <= {1} ({2}):{3}: {4}",
		},
		"combat.break.why.lost": {
			EN: "Ld {0}, lost by {1}",
			RU: "Лд {0}, проигрыш на {1}",
		},
		"combat.break.why.steadfast": {
			EN: "Ld {0}, Steadfast",
			RU: "Лд {0}, Стойкость",
		},
		"combat.break.why.lost_insane": {
			EN: "Ld {0}, lost by {1}; only a double 1 holds, Insane Courage",
			RU: "Лд {0}, проигрыш на {1}; устоять можно только на двух единицах — Безумная храбрость",
		},
		"combat.break.why.steadfast_insane": {
			EN: "Ld {0}, Steadfast; only a double 1 holds, Insane Courage",
			RU: "Лд {0}, Стойкость; устоять можно только на двух единицах — Безумная храбрость",
		},
		"combat.break.breaks": {EN: "breaks.", RU: "тест провален, бегство."},
		"combat.break.holds":  {EN: "holds.", RU: "тест пройден."},
		"combat.break.holds_insane": {
			EN: "holds on the double 1 (Insane Courage, rules 21.8).",
			RU: "тест пройден на двух единицах (Безумная храбрость, правила 21.8).",
		},
		"combat.break.breaks_no_insane": {
			EN: "breaks (a double 1 holds only with Insane Courage, and {0} has none, rules 21.8).",
			RU: "тест провален, бегство (две единицы спасают только при Безумной храбрости, а в {0} её нет; правила 21.8).",
		},
		"combat.break.breaks_insane_off": {
			EN: "breaks (a double 1 holds only with Insane Courage, and the file sets insane_courage: false, rules 21.8).",
			RU: "тест провален, бегство (две единицы спасают только при Безумной храбрости, а в файле insane_courage: false; правила 21.8).",
		},
	}
})
