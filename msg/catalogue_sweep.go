package msg

// The sweep family: what package sweep, rearrank sweep, POST /api/sweep and
// the page's Sweep group say (issue 29): a field varied over a range, the
// answers at every point, the chart. Field paths ({0} of most errors) and
// what the player wrote are arguments, never translated.
var _ = family([]Entry{
	// --vary and its ranges.
	{ID: "sweep.vary.syntax",
		EN: "--vary {0}: want PATH=FROM..TO or PATH=FROM..TO:STEP, such as {1}",
		RU: "--vary {0}: нужно ПУТЬ=ОТ..ДО или ПУТЬ=ОТ..ДО:ШАГ, например {1}",
	},
	{ID: "sweep.vary.range",
		EN: "--vary {0}: the range {1} is not FROM..TO or FROM..TO:STEP, such as {2}",
		RU: "--vary {0}: диапазон {1} — не ОТ..ДО и не ОТ..ДО:ШАГ, например {2}",
	},
	{ID: "sweep.vary.number",
		EN: "--vary {0}: {1} {2} is not a whole number; want PATH=FROM..TO[:STEP], such as {3}",
		RU: "--vary {0}: {1} {2} — не целое число; нужно ПУТЬ=ОТ..ДО[:ШАГ], например {3}",
	},
	{ID: "sweep.vary.part.from", EN: "the start", RU: "начало"},
	{ID: "sweep.vary.part.to", EN: "the end", RU: "конец"},
	{ID: "sweep.vary.part.step", EN: "the step", RU: "шаг"},
	{ID: "sweep.vary.no_path", EN: "a vary needs the path of a field, such as {0}", RU: "для перебора нужен путь к полю, например {0}"},
	{ID: "sweep.vary.too_big", EN: "{0}: the ends of a range are from -{1} to {1}", RU: "{0}: концы диапазона — от -{1} до {1}"},
	{ID: "sweep.vary.step", EN: "{0}: the step is {1}; want 1 or more", RU: "{0}: шаг {1}, а нужен 1 или больше"},
	{ID: "sweep.vary.order", EN: "{0}: the range goes down from {1} to {2}; write the smaller end first", RU: "{0}: диапазон идёт вниз, от {1} до {2}; сначала пишите меньший конец"},

	// The sweep's errors.
	{ID: "sweep.error.no_vary", EN: "nothing to vary: give --vary PATH=FROM..TO, such as {0}", RU: "нечего перебирать: укажите --vary ПУТЬ=ОТ..ДО, например {0}"},
	{ID: "sweep.error.too_many_varies",
		EN: "{0} fields varied; a sweep varies at most {1} (a line chart for one, a heatmap for two)",
		RU: "перебирается {0} {0:поле|поля|полей}; перебрать можно не больше {1} (график для одного, тепловая карта для двух)",
	},
	{ID: "sweep.error.twice", EN: "{0} is varied twice", RU: "{0} перебирается дважды"},
	{ID: "sweep.error.too_many_points",
		EN: "{0} {0:point|points} in all; a sweep has at most {1}: take a larger step or a shorter range",
		RU: "всего {0} {0:точка|точки|точек}; в переборе не больше {1}: возьмите шаг больше или диапазон короче",
	},
	{ID: "sweep.error.at_least_many", EN: "{0} chances asked for; at most {1}", RU: "запрошено шансов: {0}; можно не больше {1}"},
	{ID: "sweep.error.at_least", EN: "at least {0}: want a number of casualties from 1 to {1}", RU: "не меньше {0}: нужно число потерь от 1 до {1}"},
	{ID: "sweep.error.point",
		EN: "point {0} of {1} ({2}): {3}",
		RU: "точка {0} из {1} ({2}): {3}",
	},
	{ID: "sweep.error.field", EN: "cannot vary: {0}", RU: "перебрать нельзя: {0}"},
	{ID: "sweep.error.stopped",
		EN: "stopped after {0} of {1} {1:point|points}: the points done are given, the others were not computed",
		RU: "остановлено после {0} из {1} {1:точки|точек|точек}: готовые точки приведены, остальные не посчитаны",
	},
	{ID: "sweep.error.show", EN: "nothing called {0} to show; the choices are {1}", RU: "показать {0} нельзя, есть только: {1}"},
	{ID: "sweep.error.both", EN: "give a scenario or a combat, not both", RU: "нужен сценарий или бой, но не оба сразу"},
	{ID: "sweep.error.neither", EN: "give a scenario or a combat to vary", RU: "нужен сценарий или бой для перебора"},

	// The answers of a point.
	{ID: "sweep.series.mean", EN: "mean casualties", RU: "потери в среднем"},
	{ID: "sweep.series.at_least", EN: "at least {0} {0:casualty|casualties}", RU: "не меньше {0} {0:потери|потерь|потерь}"},
	{ID: "sweep.series.destroyed", EN: "unit destroyed", RU: "подразделение уничтожено"},
	{ID: "sweep.series.panic", EN: "panic test", RU: "тест на панику"},
	{ID: "sweep.series.mean_result", EN: "{0}: mean combat result", RU: "{0}: результат боя в среднем"},
	{ID: "sweep.series.win", EN: "{0}: win", RU: "{0}: победа"},
	{ID: "sweep.series.breaks", EN: "{0}: lose and break", RU: "{0}: поражение и бегство"},
	{ID: "sweep.series.draw", EN: "draw", RU: "ничья"},
	{ID: "sweep.method.exact", EN: "exact", RU: "точно"},
	{ID: "sweep.method.sampled", EN: "Monte Carlo, {0} {0:sample|samples}", RU: "метод Монте-Карло, {0} {0:испытание|испытания|испытаний}"},
	{ID: "sweep.none", EN: "n/a", RU: "н/д"},
	{ID: "sweep.number", EN: "{0}", RU: "{0}"},
	{ID: "sweep.percent", EN: "{0}%", RU: "{0}%"},
	{ID: "sweep.percent.below", EN: "<{0}%", RU: "<{0}%"},
	{ID: "sweep.percent.above", EN: ">{0}%", RU: ">{0}%"},
	{ID: "sweep.plus_minus", EN: "{0} ±{1}", RU: "{0} ±{1}"},

	// The chart.
	{ID: "sweep.chart.title", EN: "{0} from {1} to {2}", RU: "{0} от {1} до {2}"},
	{ID: "sweep.chart.heat_title", EN: "{0}: {1} down, {2} across", RU: "{0}: {1} по строкам, {2} по столбцам"},
	{ID: "sweep.chart.chance", EN: "chance", RU: "вероятность"},
	{ID: "sweep.chart.point", EN: "{0}: {1} {2} ({3})", RU: "{0}: {1} {2} ({3})"},
	{ID: "sweep.chart.desc_line",
		EN: "{0} {0:point|points} of {1}: {2} above, {3} {3:chance|chances} below on an axis of 0 to 100%.",
		RU: "{0} {0:точка|точки|точек} по {1}: вверху {2}, внизу {3} {3:вероятность|вероятности|вероятностей} на оси от 0 до 100%.",
	},
	{ID: "sweep.chart.desc_heat",
		EN: "A heatmap of {4}: {0} {0:row|rows} of {1}, {2} {2:column|columns} of {3}; the darker the cell, the higher the value, and each cell gives its number.",
		RU: "Тепловая карта «{4}»: {0} {0:строка|строки|строк} по {1}, {2} {2:столбец|столбца|столбцов} по {3}; чем темнее клетка, тем больше значение, в каждой клетке её число.",
	},
	{ID: "sweep.chart.sampled",
		EN: "{0} of {1} points sampled by Monte Carlo (± is two standard errors)",
		RU: "{0} из {1} {1:точки|точек|точек} посчитаны методом Монте-Карло (± — две стандартные ошибки)",
	},
	{ID: "sweep.chart.undone",
		EN: "{0} of {1} points not computed before the deadline",
		RU: "{0} из {1} {1:точки|точек|точек} не посчитаны до срока",
	},

	// POST /api/sweep.
	{ID: "web.sweep.body",
		EN: `the body is not a sweep: {0}; want JSON such as {{"scenario": {{...}}, "vary": [{{"path": "attacks[0].strength", "from": 3, "to": 7}}]}}`,
		RU: `тело запроса — не перебор: {0}; нужен JSON вида {{"scenario": {{...}}, "vary": [{{"path": "attacks[0].strength", "from": 3, "to": 7}}]}} (strength — Сила)`,
	},
	{ID: "web.sweep.error", EN: "{0}", RU: "{0}"},

	// The page's Sweep group (web/sweep.go, assets/sweep.tmpl).
	{ID: "sweep.page.summary", EN: "Sweep: what one change is worth", RU: "Перебор: чего стоит одно изменение"},
	{ID: "sweep.page.hint",
		EN: "Vary a field of the form over a range (and a second for a grid): every point is computed as the form with that value would be.",
		RU: "Переберите поле формы по диапазону (и второе — для сетки): каждая точка считается так же, как форма с этим значением.",
	},
	{ID: "sweep.page.field", EN: "Field to vary", RU: "Поле для перебора"},
	{ID: "sweep.page.field2", EN: "Second field (optional)", RU: "Второе поле (необязательно)"},
	{ID: "sweep.page.none", EN: "none", RU: "нет"},
	{ID: "sweep.page.from", EN: "From", RU: "От"},
	{ID: "sweep.page.to", EN: "To", RU: "До"},
	{ID: "sweep.page.step", EN: "Step", RU: "Шаг"},
	{ID: "sweep.page.submit", EN: "Sweep", RU: "Перебрать"},
	{ID: "sweep.page.back", EN: "Back to the form", RU: "Назад к форме"},
	{ID: "sweep.page.caption", EN: "The {0} {0:point|points} of the chart", RU: "{0} {0:точка|точки|точек} графика"},
	{ID: "sweep.page.number", EN: "{0}: {1} is not a whole number", RU: "{0}: {1} — не целое число"},
	{ID: "sweep.page.side", EN: "Side {0}: {1}", RU: "Сторона {0}: {1}"},
	{ID: "sweep.page.side_fight", EN: "Side {0}, first fight: {1}", RU: "Сторона {0}, профиль атак 1: {1}"},
	{ID: "sweep.page.group", EN: "Attack group {0}: {1}", RU: "Группа атак {0}: {1}"},
	{ID: "sweep.page.target", EN: "Target: {0}", RU: "Цель: {0}"},
	{ID: "sweep.page.leadership", EN: "Leadership", RU: "Лидерство"},
	{ID: "sweep.page.attacks", EN: "Attacks", RU: "Атаки"},

	// rearrank sweep.
	{ID: "cli.sweep.usage",
		EN: `--vary PATH=FROM..TO[:STEP] [--vary PATH=FROM..TO[:STEP]] [--at-least N,...] [--show SERIES] [--svg OUT.svg] [--json|--csv] [--exact] [--max-states N] [--timeout D] FILE|-

Varies one or two fields of a scenario file (its odds) or of a combat file
(its round) over ranges of whole numbers, and gives the answer at every
point: a table, and with --svg a chart (a line chart for one field, a
heatmap for two).

  --vary PATH=A..B[:S]  the field at PATH (the file's own names, as
                        rearrank compare --set names them:
                        attacks[0].strength, target.models; in a combat
                        file sides.a.fights[0].strength,
                        sides.b.unit.models) from A to B in steps of S
                        (default 1). Twice for a grid; at most 400 points.

Each point is computed exactly; past the state limit it is sampled by
Monte Carlo and says so, unless --exact makes that an error.`,
		RU: `--vary ПУТЬ=ОТ..ДО[:ШАГ] [--vary ПУТЬ=ОТ..ДО[:ШАГ]] [--at-least N,...] [--show РЯД] [--svg ВЫХОД.svg] [--json|--csv] [--exact] [--max-states N] [--timeout D] ФАЙЛ|-

Перебирает одно или два поля файла сценария (его шансы) или файла боя
(его раунд) по диапазонам целых чисел и даёт ответ в каждой точке:
таблицу, а с --svg — график (линии для одного поля, тепловая карта для
двух).

  --vary ПУТЬ=A..B[:S]  поле по пути ПУТЬ (имена полей самого файла, как
                        у rearrank compare --set: attacks[0].strength
                        (Сила), target.models (модели цели); в файле боя
                        sides.a.fights[0].strength, sides.b.unit.models
                        (модели подразделения b))
                        от A до B с шагом S (по умолчанию 1). Дважды —
                        для сетки; всего не больше 400 точек.

Каждая точка считается точно; сверх предела состояний она считается
методом Монте-Карло и говорит об этом, а с --exact это ошибка.`,
	},
	{ID: "cli.sweep.flag.vary", EN: "a field and its range, PATH=FROM..TO[:STEP] (once or twice)", RU: "поле и его диапазон, ПУТЬ=ОТ..ДО[:ШАГ] (один или два раза)"},
	{ID: "cli.sweep.flag.at-least",
		EN: "the N of the chances of at least N casualties to give, comma-separated (default: 1, the middle point's mean and the largest mean, rounded)",
		RU: "N для шансов «не меньше N потерь», через запятую (по умолчанию: 1, среднее средней точки и наибольшее среднее, округлённые)",
	},
	{ID: "cli.sweep.flag.show",
		EN: "what a grid of two fields (and its heatmap) shows: mean, at_least_N, destroyed, panic; in a combat win, enemy_breaks, breaks, lose, draw, mean_result",
		RU: "что показывает сетка двух полей (и её тепловая карта): mean, at_least_N, destroyed, panic (паника); в бою win, enemy_breaks, breaks, lose, draw, mean_result",
	},
	{ID: "cli.sweep.flag.svg", EN: "write the chart as SVG to this file", RU: "записать график в этот файл SVG"},
	{ID: "cli.sweep.flag.json", EN: "print JSON: every point with its answers", RU: "писать JSON: каждую точку с её ответами"},
	{ID: "cli.sweep.flag.csv", EN: "print CSV: a row per point", RU: "писать CSV: строка на точку"},
	{ID: "cli.sweep.flag.exact",
		EN: "every point exact: a point past the state limit is an error, not sampled (and exact fractions in --json and --csv)",
		RU: "каждая точка точно: точка сверх предела состояний — ошибка, а не метод Монте-Карло (и точные дроби в --json и --csv)",
	},
	{ID: "cli.sweep.flag.max-states", EN: "most states each point's exact computation may hold", RU: "наибольшее число состояний точного расчёта каждой точки"},
	{ID: "cli.sweep.flag.timeout",
		EN: "stop after this long, such as 30s, and give the points done (0: no limit)",
		RU: "остановиться через это время, например 30s, и дать готовые точки (0 — без предела)",
	},
	{ID: "cli.sweep.error.json_csv", EN: "--json and --csv: choose one", RU: "--json и --csv: выберите что-то одно"},
	{ID: "cli.sweep.error.at_least", EN: "--at-least {0}: want whole numbers joined by commas, such as 1,3,5", RU: "--at-least {0}: нужны целые числа через запятую, например 1,3,5"},
	{ID: "cli.sweep.error.svg", EN: "--svg {0}: {1}", RU: "--svg {0}: {1}"},
	{ID: "cli.sweep.head",
		EN: "{0}: {1} {1:point|points}, {2} exact",
		RU: "{0}: {1} {1:точка|точки|точек}, точно — {2}",
	},
	{ID: "cli.sweep.grid", EN: "{0} ({1} down, {2} across):", RU: "{0} ({1} по строкам, {2} по столбцам):"},
	{ID: "cli.sweep.method", EN: "method", RU: "метод"},
	{ID: "cli.sweep.sampled_mark", EN: "~ marks a point sampled by Monte Carlo", RU: "~ — точка, посчитанная методом Монте-Карло"},
	{ID: "cli.sweep.wrote", EN: "wrote the chart to {0}", RU: "график записан в {0}"},
	{ID: "cli.sweep.undone", EN: "not computed", RU: "не посчитано"},
})
