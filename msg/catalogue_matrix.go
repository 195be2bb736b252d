package msg

// The matrix family: what package matrix, rearrank matrix and POST
// /api/matrix say about an army against an army (docs/matrix.md). Unit
// names are the files' own; "mine" and "theirs" are the request's field
// names, which stay English in every language.
var _ = family([]Entry{
	{ID: "matrix.error.empty",
		EN: "{0}: no unit: a matrix needs at least one unit on each side",
		RU: "{0}: нет ни одного подразделения: для матрицы нужно хотя бы одно подразделение с каждой стороны",
	},
	{ID: "matrix.error.empty_left_out",
		EN: "{0}: no unit could be read ({1} left out): a matrix needs at least one unit on each side",
		RU: "{0}: не прочитано ни одно подразделение ({1} не {1:вошло|вошли|вошли}): для матрицы нужно хотя бы одно подразделение с каждой стороны",
	},
	{ID: "matrix.error.too_many",
		EN: "{0}: {1} units, more than the limit of {2} a side ({2} x {2} cells a fight)",
		RU: "{0}: {1} {1:подразделение|подразделения|подразделений}, больше предела в {2} с каждой стороны ({2} x {2} клеток на вид боя)",
	},
	{ID: "matrix.error.fight",
		EN: "fight {0}: want shooting, charge, charged or melee",
		RU: "вид боя {0}: нужен shooting, charge (натиск), charged или melee",
	},
	{ID: "matrix.error.show",
		EN: "show {0}: want mean, destroy, break or win",
		RU: "show {0}: нужен mean, destroy, break или win",
	},
	{ID: "matrix.error.at_least",
		EN: "at_least {0}: want 1 to {1}",
		RU: "at_least {0}: нужно от 1 до {1}",
	},
	{ID: "matrix.error.ruleset",
		EN: "{0} ({1}) cannot fight {2} ({3}): units of different rulesets",
		RU: "{0} ({1}) не может сражаться с {2} ({3}): подразделения разных сводов правил",
	},
	{ID: "matrix.error.options",
		EN: "switch {0}: {1} sets {2}, {3} sets {4}",
		RU: "переключатель {0}: у {1} — {2}, у {3} — {4}",
	},
	{ID: "matrix.cell.no_shooting",
		EN: "{0} have no shooting attacks",
		RU: "у {0} нет стрелковых атак",
	},
	{ID: "matrix.cell.no_melee",
		EN: "neither {0} nor {1} have melee attacks",
		RU: "ни у {0}, ни у {1} нет рукопашных атак",
	},
	{ID: "matrix.fight.shooting", EN: "shooting", RU: "стрельба"},
	{ID: "matrix.fight.charge", EN: "charge", RU: "натиск"},
	{ID: "matrix.fight.charged", EN: "charged", RU: "под натиском"},
	{ID: "matrix.fight.melee", EN: "melee", RU: "рукопашная"},
	{ID: "matrix.text", EN: "{0}", RU: "{0}"},
	{ID: "matrix.error.internal", EN: "an internal error: this cell could not be computed", RU: "внутренняя ошибка: эту клетку посчитать не удалось"},
	{ID: "matrix.error.required", EN: "required", RU: "обязательное поле"},
	{ID: "matrix.error.range", EN: "want {0} to {1}, got {2}", RU: "нужно от {0} до {1}, а не {2}"},
	{ID: "matrix.error.side_file", EN: "{0}: {1}", RU: "{0}: {1}"},
	{ID: "web.matrix.type", EN: "{0}: a value of the wrong type ({1})", RU: "{0}: значение не того типа ({1})"},
	{ID: "web.matrix.unknown_field", EN: "unknown field {0}: want mine, theirs, fights, show or at_least; a side takes name and units, or list or list_base64 with ruleset and set", RU: "неизвестное поле {0}: нужны mine, theirs, fights, show или at_least; у стороны name и units (подразделения) либо list или list_base64 с ruleset (свод правил) и set"},
	{ID: "web.matrix.required", EN: "{0}: required", RU: "{0}: обязательное поле"},
	{ID: "web.matrix.units_or_list", EN: "a side is either units or one list file (list or list_base64), not both", RU: "сторона задаётся либо списком подразделений units, либо одним ростером (list или list_base64), но не тем и другим сразу"},
	{ID: "web.matrix.list_only", EN: "ruleset and set are a list file's: a side of units gives each unit's ruleset", RU: "ruleset и set относятся к ростеру: у стороны из units свод правил указывается у каждого подразделения"},
	{ID: "web.matrix.unit_error", EN: "{0}: {1}", RU: "{0}: {1}"},
	{ID: "web.matrix.base64", EN: "{0}: not base64", RU: "{0}: это не base64"},
	{ID: "cli.matrix.fight.charge", EN: "Mine charge", RU: "Мой натиск"},
	{ID: "cli.matrix.fight.charged", EN: "Theirs charge", RU: "Чужой натиск"},
	{ID: "cli.matrix.fight.melee", EN: "Melee, nobody charging", RU: "Рукопашная без натиска"},
	{ID: "cli.matrix.usage",
		EN: `[--fight shooting,charge,charged,melee] [--show mean|destroy|break|win] [--at-least N] [--json|--csv] [--ruleset R] [--set field=value]... MINE THEIRS

My units (rows) against theirs (columns): a table per fight, a cell per
pair, each the computation of one scenario (shooting) or one combat file
(a close-combat round), exact when that is cheap, else sampled, with the
decimals it can honestly show. MINE and THEIRS are each a list file (New
Recruit, BattleScribe, Old World Builder: all its units), a scenario file
(one unit: its target and its attacks), a file of units ({{"units": [...]}})
or several joined with commas. See docs/matrix.md.`,
		RU: `[--fight shooting,charge,charged,melee] [--show mean|destroy|break|win] [--at-least N] [--json|--csv] [--ruleset R] [--set поле=значение]... МОИ ЧУЖИЕ

Мои подразделения (строки) против чужих (столбцы): таблица на каждый вид боя,
клетка на каждую пару, и каждая клетка — расчёт одного сценария (стрельба)
или одного файла боя (раунд рукопашной): точный, если это дёшево, иначе по
выборке, с теми знаками после запятой, которые она честно может показать.
МОИ и ЧУЖИЕ — ростер (New Recruit, BattleScribe, Old World Builder: все его
подразделения), файл сценария (одно подразделение: его цель и атаки), файл
подразделений ({{"units": [...]}}) или несколько файлов через запятую.
charge — мой натиск, charged — чужой, melee — бой без натиска; --ruleset
задаёт свод правил ростера. См. docs/matrix.md.`,
	},
	{ID: "cli.matrix.flag.fight", EN: "the fights, comma-separated: shooting, charge (mine charge), charged (theirs charge), melee (nobody charges)", RU: "виды боя через запятую: shooting (стрельба), charge (мой натиск), charged (чужой натиск), melee (без натиска)"},
	{ID: "cli.matrix.flag.show", EN: "what the cells show: mean (casualties, combat result), destroy, break (panic, break test) or win (at least N casualties, a win)", RU: "что показывают клетки: mean (потери, результат боя), destroy, break (паника, тест на бегство) или win (не меньше N потерь, победа)"},
	{ID: "cli.matrix.flag.at-least", EN: "N of the shooting cells' chance of at least N casualties", RU: "N для шанса не меньше N потерь в клетках стрельбы"},
	{ID: "cli.matrix.flag.json", EN: "write the start, the cells and the end as POST /api/matrix streams them, in one JSON document", RU: "вывести начало, клетки и конец, как их передаёт POST /api/matrix, одним документом JSON"},
	{ID: "cli.matrix.flag.csv", EN: "write a CSV line per cell", RU: "вывести строку CSV на каждую клетку"},
	{ID: "cli.matrix.flag.ruleset", EN: "the ruleset to map a list's units to (default: the list's game's)", RU: "свод правил, по которому читать подразделения ростера (по умолчанию — свод правил игры ростера)"},
	{ID: "cli.matrix.flag.set", EN: "give a list's units a scenario field the file lacks, or override one: --set ws=4 (repeatable)", RU: "задать подразделениям ростера поле сценария, которого нет в файле, или заменить его: --set ws=4 (можно повторять)"},
	{ID: "cli.matrix.flag.samples", EN: "the Monte Carlo samples of a cell that is sampled", RU: "число испытаний Монте-Карло для клетки, считаемой по выборке"},
	{ID: "cli.matrix.flag.max-states", EN: "the most states an exact cell may hold (default: the odds' and the combat round's own); a cell past it is sampled", RU: "сколько состояний может держать точный расчёт клетки (по умолчанию — как у odds и combat); клетка сверх этого считается по выборке"},
	{ID: "cli.matrix.flag.seed", EN: "the Monte Carlo seed", RU: "зерно генератора для Монте-Карло"},
	{ID: "cli.matrix.flag.timeout", EN: "stop after this long (300ms, 2s; 0: none), printing the cells done", RU: "остановиться через это время (300ms, 2s; 0 — без предела) и вывести готовые клетки"},
	{ID: "cli.matrix.error.args", EN: "matrix: want two arguments, MINE and THEIRS, got {0}", RU: "matrix: нужны два аргумента, МОИ и ЧУЖИЕ, а их {0}"},
	{ID: "cli.matrix.error.json_csv", EN: "matrix: --json or --csv, not both", RU: "matrix: --json или --csv, но не оба"},
	{ID: "cli.matrix.error.samples", EN: "matrix: --samples {0}: want 100 to 1000000", RU: "matrix: --samples {0}: нужно от 100 до 1000000"},
	{ID: "cli.matrix.error.set", EN: "matrix: --set {0}: want field=value, such as --set ws=4", RU: "matrix: --set {0}: нужно поле=значение, например --set ws=4"},
	{ID: "cli.matrix.error.empty_path", EN: "matrix: {0}: an empty file name between commas", RU: "matrix: {0}: пустое имя файла между запятыми"},
	{ID: "cli.matrix.not_done", EN: "{0} of {1} cells not done", RU: "не готово клеток: {0} из {1}"},
	{ID: "cli.matrix.left_out", EN: "{0}: {1} left out: {2}", RU: "{0}: {1} не вошло в матрицу: {2}"},
	{ID: "cli.matrix.unit_note", EN: "{0}: {1}: {2}", RU: "{0}: {1}: {2}"},
	{ID: "cli.matrix.side.mine", EN: "mine", RU: "мои"},
	{ID: "cli.matrix.side.theirs", EN: "theirs", RU: "чужие"},
	{ID: "cli.matrix.percent", EN: "{0}%", RU: "{0}%"},
	{ID: "cli.matrix.cell_error", EN: "! {0} v {1}: {2}", RU: "! {0} против {1}: {2}"},
	{ID: "cli.matrix.show.shooting.mean", EN: "Shooting: mean casualties", RU: "Стрельба: средние потери"},
	{ID: "cli.matrix.show.shooting.destroy", EN: "Shooting: chance the unit shot at is destroyed", RU: "Стрельба: шанс уничтожить подразделение-цель"},
	{ID: "cli.matrix.show.shooting.break", EN: "Shooting: chance the unit shot at takes a panic test", RU: "Стрельба: шанс, что подразделению-цели придётся пройти тест на панику"},
	{ID: "cli.matrix.show.shooting.win", EN: "Shooting: chance of at least {0} {0:casualty|casualties}", RU: "Стрельба: шанс не меньше {0} {0:потери|потерь|потерь}"},
	{ID: "cli.matrix.show.combat.mean", EN: "{0}: mean combat result (mine less theirs)", RU: "{0}: средний результат боя (мой минус чужой)"},
	{ID: "cli.matrix.show.combat.destroy", EN: "{0}: chance theirs break", RU: "{0}: шанс, что чужое подразделение побежит"},
	{ID: "cli.matrix.show.combat.break", EN: "{0}: chance theirs break", RU: "{0}: шанс, что чужое подразделение побежит"},
	{ID: "cli.matrix.show.combat.win", EN: "{0}: chance mine win the round", RU: "{0}: шанс, что моё подразделение выиграет раунд"},
	{ID: "cli.matrix.legend.rows", EN: "Rows are mine, columns theirs; each cell is from my unit's side.", RU: "Строки — мои подразделения, столбцы — чужие; каждая клетка — с точки зрения моего."},
	{ID: "cli.matrix.legend.exact", EN: "Exact cells to {0} decimals (a chance as a percentage, a combat result to 2).", RU: "Точные клетки — до {0} знаков после запятой (шанс — в процентах, результат боя — до 2)."},
	{ID: "cli.matrix.legend.sampled", EN: "~ sampled (Monte Carlo): shown to the digits its 95% interval allows.", RU: "~ по выборке (Монте-Карло): показаны те знаки, которые позволяет её 95% интервал."},
	{ID: "cli.matrix.legend.none", EN: "- nothing to compute: the unit has no shooting attacks, or neither has melee attacks.", RU: "- считать нечего: у подразделения нет стрелковых атак или ни у одного нет рукопашных."},
	{ID: "cli.matrix.legend.error", EN: "! the pair cannot fight, as said below.", RU: "! эта пара не может сражаться, почему — ниже."},
	{ID: "cli.matrix.legend.not_done", EN: "? not done: the run was stopped first.", RU: "? не готово: расчёт остановлен раньше."},
})
