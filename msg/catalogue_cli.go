package msg

// The command line's own words: what rearrank writes for a person beside
// the game's (its usage and help, its tables' headings and legends, its
// notes, prompts and errors). Flags, codes, field paths and file values
// are written as they are in every language; the Russian glosses them
// where it helps.
var _ = family([]Entry{
	{ID: "cli.note",
		EN: "rearrank: note: {0}",
		RU: "rearrank: примечание: {0}",
	},
	// Text that is not in the catalogue (another package's words, a
	// name), written as it is.
	{ID: "cli.text", EN: "{0}", RU: "{0}"},
	{ID: "cli.number", EN: "{0}", RU: "{0}"},

	{ID: "cli.combat.dice_left",
		EN: "{0} {0:die|dice} left over, the round needed {1}",
		RU: "лишних кубиков: {0}, раунду понадобилось {1}",
	},
	{ID: "cli.combat.fallback",
		EN: "too large to compute exactly ({0}): Monte Carlo over {1} {1:round|rounds} instead; raise --max-states for the exact odds",
		RU: "бой слишком велик для точного расчёта ({0}): вместо него оценка методом Монте-Карло по {1} {1:раунду|раундам|раундам}; для точных шансов увеличьте --max-states",
	},

	// rearrank --help, and a command's --help (internal/cli).
	{ID: "cli.usage.top",
		EN: `rearrank resolves wounds in tabletop wargames and tells you the odds.

Usage:
  rearrank <command> [flags] FILE|-

Commands:
  odds      the exact distribution of what an attack does
  resolve   the referee: apply the rules to the dice you rolled, step by step
  compare   the same attack under several rulesets or switches, side by side
  sim       Monte Carlo over the referee, with a confidence interval
  combat    one round of close combat between two units: who wins, who breaks
  sweep     vary one or two fields over a range: the answer at every point, charted
  rulesets  the rulesets, their switches and their defaults
  serve     the calculator and referee as a web page and JSON API
  import    an army list's units, or one as a scenario's target or attacks
  matrix    my units against theirs: a table per fight, a cell per pair
  battle    a game kept as a log of events: units as they stand, undo, redo
  version   print the version

Run "rearrank <command> --help" for a command's flags. Every command takes
--lang en|ru, the language of what it writes for people (JSON, field names
and codes stay English).

Example:
  rearrank odds examples/crossbows.yaml
`,
		RU: `rearrank разбирает раны в настольных варгеймах и считает шансы.

Запуск:
  rearrank <команда> [флаги] ФАЙЛ|-

Команды:
  odds      точное распределение того, что делает атака
  resolve   судья: правила по шагам для кубиков, которые вы бросили
  compare   одна и та же атака по нескольким сводам правил или настройкам рядом
  sim       метод Монте-Карло поверх судьи, с доверительным интервалом
  combat    один раунд рукопашного боя двух подразделений: кто победит, кто побежит
  sweep     перебор одного или двух полей по диапазону: ответ в каждой точке и график
  rulesets  своды правил, их настройки и значения по умолчанию
  serve     калькулятор и судья как веб-страница и JSON API
  import    подразделения ростера или одно из них как цель или атаки сценария
  matrix    мои подразделения против чужих: таблица на вид боя, клетка на пару
  battle    игра как журнал событий: подразделения в нынешнем виде, отмена, возврат
  version   показать версию

"rearrank <команда> --help" показывает флаги команды. Каждая команда
принимает --lang en|ru, язык того, что она пишет для людей (JSON, имена
полей и коды остаются английскими). Без --lang язык берётся из LC_ALL,
LC_MESSAGES или LANG (ru_RU.UTF-8 — русский).

Пример:
  rearrank odds examples/crossbows.yaml
`,
	},
	{ID: "cli.help.command",
		EN: "Usage: rearrank {0} {1}\n\nExample:\n  {2}\n\nFlags:\n",
		RU: "Запуск: rearrank {0} {1}\n\nПример:\n  {2}\n\nФлаги:\n",
	},
	{ID: "cli.help.default", EN: "default", RU: "по умолчанию"},
	{ID: "cli.version.help",
		EN: "Usage: rearrank version\n\nPrints the version of rearrank.\n",
		RU: "Запуск: rearrank version\n\nПоказывает версию rearrank.\n",
	},
	{ID: "cli.serve.example",
		EN: "rearrank serve --addr 127.0.0.1:8080   (then open http://127.0.0.1:8080/ on this machine)",
		RU: "rearrank serve --addr 127.0.0.1:8080   (затем откройте http://127.0.0.1:8080/ на этом компьютере)",
	},

	{ID: "cli.odds.usage",
		EN: "[--exact] [--json] [--max-states N] [--fallback [--samples N]] [--timeout D] FILE|-",
		RU: "[--exact] [--json] [--max-states N] [--fallback [--samples N]] [--timeout D] ФАЙЛ|-",
	},
	{ID: "cli.odds.flag.exact", EN: "print probabilities as exact fractions", RU: "писать вероятности точными дробями"},
	{ID: "cli.odds.flag.json",
		EN: "print JSON for programs: the distributions of casualties, wounds and unsaved wounds, the chances, the per-attack table (described by rearrank serve at /api/openapi.json)",
		RU: "писать JSON для программ: распределения потерь, ран и неспасённых ран, шансы, таблицу по атакам (описан в rearrank serve по адресу /api/openapi.json)",
	},
	{ID: "cli.odds.flag.max-states",
		EN: "most states the exact computation may hold; past it, an error",
		RU: "наибольшее число состояний точного расчёта; сверх него — ошибка",
	},
	{ID: "cli.odds.flag.fallback",
		EN: "past the state limit, estimate with Monte Carlo instead of failing",
		RU: "сверх предела состояний оценить методом Монте-Карло вместо ошибки",
	},
	{ID: "cli.odds.flag.samples", EN: "Monte Carlo samples for --fallback", RU: "испытаний метода Монте-Карло для --fallback"},
	{ID: "cli.odds.flag.timeout",
		EN: "stop the computation after this long, such as 30s (0: no limit; Ctrl-C stops it too)",
		RU: "остановить расчёт через это время, например 30s (0 — без предела; Ctrl-C тоже останавливает)",
	},

	{ID: "cli.resolve.usage",
		EN: "{0} FILE",
		RU: "{0} ФАЙЛ",
	},
	{ID: "cli.resolve.flag.dice",
		EN: "the faces you rolled, in the order the steps ask for them (commas or spaces)",
		RU: "выпавшие грани в том порядке, в каком их просят шаги (через запятые или пробелы)",
	},
	{ID: "cli.resolve.flag.seed",
		EN: "roll with a seeded generator instead (same seed, same dice)",
		RU: "вместо этого бросать генератором с зерном (то же зерно — те же кубики)",
	},
	{ID: "cli.resolve.flag.json", EN: "print the events and the final unit as JSON", RU: "писать события и итоговое подразделение в JSON"},

	{ID: "cli.compare.usage",
		EN: `[--ruleset a,b,c] [--set path=value[,path=value...]]... [--exact] [--json] [--max-states N] [--timeout D] FILE|- [FILE...]

Compares up to six scenario files side by side, and variants of the first:

  FILE FILE...        each file as written, one column each
  --ruleset a,b       each file under each ruleset; what a ruleset writes
                      in another form is carried over (BS 3 as 4+, light
                      armour and shield as armour_value 2, ward as aegis)
                      and what it cannot read is left out, with a note
  --set path=value    one more column: the first file with a field or a
                      switch changed. path uses the file's own names
                      (docs/scenario.md): attacks[0].strength,
                      target.armour, target.characters[0].ward, or a
                      switch such as mw_cap. Several in one --set, joined
                      by commas, make one column; each --set is a column:
                        --set 'attacks[0].strength=5' --set 'attacks[0].strength=6'
                      An empty value leaves the field out: target.ward=

The table gives each column's means and key chances; a difference from
the first column follows its value in brackets (chances in percentage
points).`,
		RU: `[--ruleset a,b,c] [--set путь=значение[,путь=значение...]]... [--exact] [--json] [--max-states N] [--timeout D] ФАЙЛ|- [ФАЙЛ...]

Сравнивает рядом до шести файлов сценариев и варианты первого из них:

  ФАЙЛ ФАЙЛ...        каждый файл как записан, по столбцу на файл
  --ruleset a,b       каждый файл по каждому своду правил; то, что свод
                      пишет иначе, переносится (BS 3 как 4+, лёгкие
                      доспехи и щит как armour_value 2, ward как aegis,
                      Эгида), а то, чего он не понимает, опускается
                      с заметкой
  --set путь=значение ещё один столбец: первый файл с изменённым полем
                      или настройкой. Путь — имена полей самого файла
                      (docs/scenario.md): attacks[0].strength (Сила),
                      target.armour, target.characters[0].ward (особый
                      спасбросок персонажа) или настройка вроде mw_cap. Несколько через запятую
                      в одном --set дают один столбец; каждый --set —
                      отдельный столбец:
                        --set 'attacks[0].strength=5' --set 'attacks[0].strength=6'
                      Пустое значение убирает поле: target.ward=

В таблице средние и главные шансы каждого столбца; разница с первым
столбцом идёт после значения в скобках (для шансов — в процентных
пунктах).`,
	},
	{ID: "cli.compare.flag.ruleset",
		EN: "rulesets to compare, comma-separated (default: each file's own)",
		RU: "своды правил для сравнения, через запятую (без него — свод каждого файла)",
	},
	{ID: "cli.compare.flag.set",
		EN: "a column: the first file with fields or switches changed, path=value[,path=value...] (repeatable: one column each)",
		RU: "столбец: первый файл с изменёнными полями или настройками, путь=значение[,путь=значение...] (можно повторять: по столбцу на каждый)",
	},
	{ID: "cli.compare.flag.exact", EN: "print exact fractions", RU: "писать точные дроби"},
	{ID: "cli.compare.flag.json", EN: "print JSON: one odds result per column, with its notes", RU: "писать JSON: по результату odds на столбец, с его заметками"},
	{ID: "cli.compare.flag.max-states",
		EN: "most states each exact computation may hold; past it, an error",
		RU: "наибольшее число состояний каждого точного расчёта; сверх него — ошибка",
	},
	{ID: "cli.compare.flag.timeout",
		EN: "stop the computation after this long, such as 30s (0: no limit; Ctrl-C stops it too)",
		RU: "остановить расчёт через это время, например 30s (0 — без предела; Ctrl-C тоже останавливает)",
	},

	{ID: "cli.sim.usage",
		EN: "[--n N] [--seed S] [--workers W] [--json] [--timeout D] FILE",
		RU: "[--n N] [--seed S] [--workers W] [--json] [--timeout D] ФАЙЛ",
	},
	{ID: "cli.sim.flag.n", EN: "number of samples", RU: "число испытаний"},
	{ID: "cli.sim.flag.seed",
		EN: "seed: the same seed and n give the same result on any number of cores",
		RU: "зерно: те же зерно и n дают тот же результат на любом числе ядер",
	},
	{ID: "cli.sim.flag.workers",
		EN: "how many cores to use (0: every core); the result does not depend on it",
		RU: "сколько ядер занять (0 — все); от этого результат не зависит",
	},
	{ID: "cli.sim.flag.json", EN: "print JSON like odds --json, with std_err", RU: "писать JSON как odds --json, со std_err"},
	{ID: "cli.sim.flag.timeout",
		EN: "stop the computation after this long, such as 30s (0: no limit; Ctrl-C stops it too)",
		RU: "остановить расчёт через это время, например 30s (0 — без предела; Ctrl-C тоже останавливает)",
	},

	{ID: "cli.combat.usage",
		EN: "{0} FILE|-",
		RU: "{0} ФАЙЛ|-",
	},
	{ID: "cli.combat.flag.exact",
		EN: "exact odds and nothing else: past --max-states an error instead of the Monte Carlo estimate (or with --fallback, the estimate as without --exact)",
		RU: "только точные шансы: сверх --max-states ошибка вместо оценки методом Монте-Карло (или, с --fallback, оценка, как без --exact)",
	},
	{ID: "cli.combat.flag.json", EN: `print JSON (exact chances as fractions "a/b")`, RU: `писать JSON (точные шансы дробями "a/b")`},
	{ID: "cli.combat.flag.n",
		EN: "Monte Carlo over N rounds instead of the exact odds (the default answer is exact, and these rounds only its fallback)",
		RU: "метод Монте-Карло по N раундам вместо точных шансов (обычно ответ точный, а эти раунды — лишь его запасной путь)",
	},
	{ID: "cli.combat.flag.dice",
		EN: "play one round with the faces you rolled, in the order the steps ask for them",
		RU: "сыграть один раунд с выпавшими гранями в том порядке, в каком их просят шаги",
	},
	{ID: "cli.combat.flag.seed",
		EN: "play one round with a seeded generator (with --n: the Monte Carlo seed)",
		RU: "сыграть один раунд генератором с зерном (с --n — зерно метода Монте-Карло)",
	},
	{ID: "cli.combat.flag.max-states",
		EN: "the most round states after a step of the exact odds; past it, Monte Carlo over 10000 rounds (an error with --exact)",
		RU: "наибольшее число состояний раунда после шага точного расчёта; сверх него — метод Монте-Карло по 10000 раундам (с --exact — ошибка)",
	},
	{ID: "cli.combat.flag.fallback",
		EN: "with --exact: past --max-states, Monte Carlo with --n and --seed instead of an error (the default without --exact)",
		RU: "с --exact: сверх --max-states метод Монте-Карло с --n и --seed вместо ошибки (без --exact это делается и так)",
	},

	{ID: "cli.rulesets.usage", EN: "[--json]", RU: "[--json]"},
	{ID: "cli.rulesets.flag.json", EN: "print JSON", RU: "писать JSON"},

	{ID: "cli.import.usage",
		EN: `[--unit NAME [--as target|attacks] [--ruleset R] [--set field=value]... [--json]] FILE|-

Without --unit, lists the units of the list file. With --unit, writes that
unit as the target: block of a scenario file (--as attacks: its attacks:
block), ready to paste, and on standard error what the mapping did not use
or assumed. A scenario may also name the unit itself:
target: {{from: army.json, unit: NAME}}. See docs/import.md.`,
		RU: `[--unit НАЗВАНИЕ [--as target|attacks] [--ruleset R] [--set поле=значение]... [--json]] ФАЙЛ|-

Без --unit перечисляет подразделения ростера. С --unit выводит это
подразделение блоком target: файла сценария (--as attacks — блоком attacks:),
готовым для вставки, а в стандартный поток ошибок — что не учтено или
принято по умолчанию; --ruleset задаёт свод правил сценария. Сценарий может и сам сослаться на подразделение:
target: {{from: army.json, unit: НАЗВАНИЕ}}. См. docs/import.md.`,
	},
	{ID: "cli.import.flag.unit", EN: "the unit to write, by its name in the list", RU: "подразделение, которое вывести, по его названию в ростере"},
	{ID: "cli.import.flag.as", EN: "write the unit as the target (target) or as attack groups (attacks)", RU: "вывести подразделение как цель (target) или как группы атак (attacks)"},
	{ID: "cli.import.flag.ruleset", EN: "the scenario's ruleset (default: the list's game's: tow, whfb8 or t9a)", RU: "свод правил сценария (по умолчанию — свод правил игры ростера: tow, whfb8 или t9a)"},
	{ID: "cli.import.flag.json", EN: "write JSON instead of YAML", RU: "писать JSON вместо YAML"},
	{ID: "cli.import.flag.set", EN: "give a scenario field the file lacks, or override one: --set ws=4 (repeatable)", RU: "задать поле сценария, которого нет в файле, или заменить его: --set ws=4 (можно повторять)"},
	{ID: "cli.import.error.needs_unit", EN: "import: {0} needs --unit NAME", RU: "import: {0} требует --unit НАЗВАНИЕ (название подразделения)"},
	{ID: "cli.import.error.set", EN: "import: --set {0}: want field=value, such as --set ws=4", RU: "import: --set {0}: нужно поле=значение, например --set ws=4"},
	{ID: "cli.import.error.as", EN: "import: --as {0}: want target or attacks", RU: "import: --as {0}: нужно target или attacks"},
	{ID: "cli.import.ruleset", EN: "{0}, mapped for {1}", RU: "{0}, перенесено для {1}"},
	{ID: "cli.import.give_target",
		EN: "  as a target: {0}",
		RU: "  как цель: {0}",
	},
	{ID: "cli.import.give_attacks",
		EN: "  its attacks: {0}",
		RU: "  его атаки: {0}",
	},
	{ID: "cli.import.list",
		EN: "{0} ({1}, {2}): {3} {3:unit|units}",
		RU: "{0} ({1}, {2}): {3} {3:подразделение|подразделения|подразделений}",
	},
	{ID: "cli.import.unit",
		EN: "{0}: {1} {1:model|models}, {2}",
		RU: "{0}: {1} {1:модель|модели|моделей}, {2}",
	},
	{ID: "cli.import.character",
		EN: "{0} (character): {1} {1:model|models}, {2}",
		RU: "{0} (персонаж): {1} {1:модель|модели|моделей}, {2}",
	},
	{ID: "cli.import.no_profile", EN: "no stat line", RU: "без профиля"},
	{ID: "cli.import.not_used", EN: "not used: {0}", RU: "не учтено: {0}"},

	{ID: "cli.serve.usage",
		EN: "[--addr 127.0.0.1:8080] [--timeout 10s] [--max-concurrent N] [--max-states N] [--queue-wait 2s] [--memory-limit BYTES] [--db PATH] [--trusted-proxy ADDR,...]",
		RU: "[--addr 127.0.0.1:8080] [--timeout 10s] [--max-concurrent N] [--max-states N] [--queue-wait 2s] [--memory-limit БАЙТЫ] [--db ПУТЬ] [--trusted-proxy АДРЕС,...]",
	},
	{ID: "cli.serve.flag.addr",
		EN: "address to listen on; 0.0.0.0:8080 lets phones on your network in",
		RU: "адрес, который слушать; 0.0.0.0:8080 пускает телефоны вашей сети",
	},
	{ID: "cli.serve.flag.timeout", EN: "time limit for one computation", RU: "предел времени одного расчёта"},
	{ID: "cli.serve.flag.max-concurrent",
		EN: "computations at once in the cheap lane, and one fewer (at least one) in the heavy lane; the excess waits, then gets 503 (0: one per core)",
		RU: "расчётов сразу в лёгкой очереди и на один меньше (хотя бы один) в тяжёлой; лишние ждут, потом получают 503 (0 — по одному на ядро)",
	},
	{ID: "cli.serve.flag.max-states",
		EN: "state limit of the exact odds; past it, 422 (the default keeps one computation under 256 MB)",
		RU: "предел состояний точных шансов; сверх него — 422 (по умолчанию один расчёт занимает меньше 256 МБ)",
	},
	{ID: "cli.serve.flag.queue-wait",
		EN: "how long a request waits for a computation slot before 503",
		RU: "сколько запрос ждёт места для расчёта до ответа 503",
	},
	{ID: "cli.serve.flag.memory-limit",
		EN: "soft memory limit of the process in bytes (runtime/debug.SetMemoryLimit; GOMEMLIMIT in the environment wins)",
		RU: "мягкий предел памяти процесса в байтах (runtime/debug.SetMemoryLimit; GOMEMLIMIT в окружении важнее)",
	},

	{ID: "cli.serve.flag.db",
		EN: "where the battles of /api/battles are kept: an SQLite file (created if missing) or a postgres:// URL, for several instances (docs/deploy.md); REARRANK_DB in the environment when not given; '' keeps none",
		RU: "где хранятся битвы /api/battles: файл SQLite (создаётся, если его нет) или адрес postgres:// для нескольких экземпляров (docs/deploy.md); если флаг не задан — REARRANK_DB из окружения; '' — не хранить их",
	},

	// The flag package's errors (internal/cli).
	{ID: "cli.error.flag", EN: "{0}: {1} (see rearrank {0} --help)", RU: "{0}: {1} (см. rearrank {0} --help)"},
	{ID: "cli.flag.undefined", EN: "flag provided but not defined: -{0}", RU: "нет такого флага: -{0}"},
	{ID: "cli.flag.needs_argument", EN: "flag needs an argument: -{0}", RU: "флагу -{0} нужно значение"},
	{ID: "cli.flag.invalid", EN: "invalid value {0} for flag -{1}: {2}", RU: "недопустимое значение {0} флага -{1}: {2}"},
	{ID: "cli.flag.parse_error", EN: "parse error", RU: "не удалось прочитать"},
	{ID: "cli.flag.out_of_range", EN: "value out of range", RU: "значение вне допустимого диапазона"},

	// Usage errors (exit status 2).
	{ID: "cli.error.internal",
		EN: "rearrank: internal error: {0} (this is a bug in rearrank: please report it with the command and its input)",
		RU: "rearrank: внутренняя ошибка: {0} (это ошибка в rearrank: пожалуйста, сообщите о ней, приложив команду и её входные данные)",
	},
	{ID: "cli.error.at", EN: "{0}: {1}", RU: "{0}: {1}"},
	{ID: "cli.error.no_command", EN: "no command given", RU: "не указана команда"},
	{ID: "cli.error.unknown_command", EN: "unknown command {0}", RU: "неизвестная команда {0}"},
	{ID: "cli.version.args", EN: "version takes no arguments, got {0}", RU: "version не принимает аргументов, а здесь {0}"},
	{ID: "cli.error.lang_missing", EN: "--lang: want en or ru", RU: "--lang: нужно en или ru"},
	{ID: "cli.error.lang", EN: "--lang: language {0}: want en or ru", RU: "--lang: язык {0}: нужно en или ru"},
	{ID: "cli.error.max_states", EN: "{0}: --max-states {1}: want at least 1", RU: "{0}: --max-states {1}: нужно не меньше 1"},
	{ID: "cli.error.no_file",
		EN: "{0}: no scenario file given (a path, or - for standard input; see rearrank {0} --help)",
		RU: "{0}: не указан файл сценария (путь или - для стандартного ввода; см. rearrank {0} --help)",
	},
	{ID: "cli.error.files",
		EN: "{0}: want one scenario file, got {1}: {2}",
		RU: "{0}: нужен один файл сценария, а указано {1}: {2}",
	},
	{ID: "cli.error.timeout",
		EN: "{0}: --timeout {1}: want 0 (no limit) or a positive duration such as 30s",
		RU: "{0}: --timeout {1}: нужно 0 (без предела) или положительная длительность, например 30s",
	},
	{ID: "cli.error.state_limit", EN: "{0}: {1} ({2})", RU: "{0}: {1} ({2})"},
	{ID: "cli.odds.error.samples", EN: "odds: --samples {0}: want 1 to 1000000000", RU: "odds: --samples {0}: нужно от 1 до 1000000000"},
	{ID: "cli.sim.error.n", EN: "sim: --n {0}: want 1 to 1000000000", RU: "sim: --n {0}: нужно от 1 до 1000000000"},
	{ID: "cli.sim.error.workers", EN: "sim: --workers {0}: want 0 (one per core) to 4096", RU: "sim: --workers {0}: нужно от 0 (по одному на ядро) до 4096"},
	{ID: "cli.rulesets.error.args", EN: "{0}: takes no arguments", RU: "{0}: аргументов не принимает"},
	{ID: "cli.serve.error.args", EN: "serve: takes no arguments, got {0} (see rearrank serve --help)", RU: "serve: аргументов не принимает, а здесь {0} (см. rearrank serve --help)"},
	{ID: "cli.serve.error.timeout", EN: "serve: --timeout {0}: want a positive duration such as 10s", RU: "serve: --timeout {0}: нужна положительная длительность, например 10s"},
	{ID: "cli.serve.error.queue_wait", EN: "serve: --queue-wait {0}: want a positive duration such as 2s", RU: "serve: --queue-wait {0}: нужна положительная длительность, например 2s"},
	{ID: "cli.serve.error.max_concurrent",
		EN: "serve: --max-concurrent {0}: want 0 or more",
		RU: "serve: --max-concurrent {0}: нужно 0 или больше",
	},
	{ID: "cli.serve.flag.trusted-proxy",
		EN: "addresses or networks (10.0.0.0/8) of the proxies in front of the server, joined with commas: their requests count, for the change feeds' 16 per client, as from the address in X-Forwarded-For (docs/deploy.md)",
		RU: "адреса или сети (10.0.0.0/8) прокси перед сервером через запятую: их запросы считаются, для 16 лент изменений на клиента, пришедшими с адреса из X-Forwarded-For (docs/deploy.md)",
	},
	{ID: "cli.serve.error.trusted_proxy",
		EN: "serve: --trusted-proxy {0}: want an address (10.0.0.5) or a network (10.0.0.0/8)",
		RU: "serve: --trusted-proxy {0}: нужен адрес (10.0.0.5) или сеть (10.0.0.0/8)",
	},
	{ID: "cli.serve.error.memory_limit",
		EN: "serve: --memory-limit {0}: want at least {1} (64 MiB)",
		RU: "serve: --memory-limit {0}: нужно не меньше {1} (64 МиБ)",
	},
	{ID: "cli.resolve.error.dice_and_seed", EN: "resolve: give --dice or --seed, not both", RU: "resolve: укажите --dice (выпавшие кубики) или --seed, но не оба"},
	{ID: "cli.resolve.error.stdin",
		EN: "resolve: reading the scenario from standard input needs --dice or --seed",
		RU: "resolve: для сценария со стандартного ввода нужен --dice (кубики) или --seed",
	},
	{ID: "cli.resolve.error.no_dice",
		EN: "resolve: no dice: give --dice 6,3,5,... or --seed N (or run it in a terminal to be asked for each die)",
		RU: "resolve: нет кубиков: укажите --dice 6,3,5,... или --seed N (или запустите в терминале, чтобы вводить каждый кубик)",
	},
	{ID: "cli.combat.error.dice_and_seed", EN: "combat: give --dice or --seed, not both", RU: "combat: укажите --dice (выпавшие кубики) или --seed, но не оба"},
	{ID: "cli.combat.error.exact_dice",
		EN: "combat: --exact walks every die: it takes no --dice",
		RU: "combat: --exact перебирает все кубики, --dice ему не нужен",
	},
	{ID: "cli.combat.error.exact_seed",
		EN: "combat: --exact takes --seed and --n only for its --fallback",
		RU: "combat: --exact принимает --seed и --n только для --fallback",
	},
	{ID: "cli.combat.error.fallback",
		EN: "combat: --fallback goes with --exact (without --exact, the exact odds fall back to Monte Carlo by themselves)",
		RU: "combat: --fallback идёт с --exact (без --exact точный расчёт сам переходит на метод Монте-Карло)",
	},
	{ID: "cli.combat.error.max_states",
		EN: "combat: --max-states limits the exact odds; --n and --dice or --seed alone do not compute them",
		RU: "combat: --max-states ограничивает точный расчёт, а --n и --dice (свои кубики) или один --seed его не делают",
	},
	{ID: "cli.combat.error.n_dice",
		EN: "combat: --n is for Monte Carlo; --dice plays one round",
		RU: "combat: --n — для метода Монте-Карло, а --dice играет один раунд своими кубиками",
	},
	{ID: "cli.combat.error.n", EN: "combat: --n {0}: want at least 1", RU: "combat: --n {0}: нужно не меньше 1"},
	{ID: "cli.compare.error.files",
		EN: "compare: {0} files: compare at most {1} at once",
		RU: "compare: {0} {0:файл|файла|файлов}: сравнить можно не больше {1} сразу",
	},
	{ID: "cli.compare.error.stdin_twice", EN: "compare: standard input (-) given twice", RU: "compare: стандартный ввод (-) указан дважды"},
	{ID: "cli.compare.error.ruleset", EN: "compare: --ruleset {0}: {1}", RU: "compare: --ruleset {0} (свод правил): {1}"},
	{ID: "cli.compare.error.set", EN: "compare: --set {0}: {1}", RU: "compare: --set {0}: {1}"},

	// A computation that stopped.
	{ID: "cli.stopped.timeout",
		EN: "stopped after --timeout {0} (allow longer with a larger --timeout, or make the scenario smaller)",
		RU: "остановлено по --timeout {0} (дайте больше времени большим --timeout или уменьшите сценарий)",
	},
	{ID: "cli.stopped.interrupted", EN: "interrupted", RU: "прервано"},
	// What helps past a state limit (the end of an odds error).
	{ID: "cli.advice.states", EN: "raise --max-states, or use {0}", RU: "увеличьте --max-states или используйте {0}"},
	{ID: "cli.advice.fallback", EN: "--fallback for a Monte Carlo estimate", RU: "--fallback для оценки методом Монте-Карло"},
	{ID: "cli.advice.sim", EN: "rearrank sim for a Monte Carlo estimate", RU: "rearrank sim для оценки методом Монте-Карло"},
	{ID: "cli.advice.paths",
		EN: "the ways one roll's dice fall are a fixed bound of the exact odds; use {0}",
		RU: "число способов, которыми выпадают кубики одного броска, — жёсткий предел точного расчёта; используйте {0}",
	},
	{ID: "cli.advice.memory",
		EN: "the states outgrew the exact odds' memory budget, which no flag raises; make the scenario smaller, or use {0}",
		RU: "состояния превысили бюджет памяти точного расчёта, который не поднять флагом; уменьшите сценарий или используйте {0}",
	},

	// rearrank odds (and sim): the header, the tables, the chances.
	{ID: "cli.name.warrior", EN: "the warrior", RU: "воин"},
	{ID: "cli.name.unit", EN: "the unit", RU: "подразделение"},
	{ID: "cli.odds.header",
		EN: "{0}: {1}, {2} {2:model|models}",
		RU: "{0}: {1}, {2} {2:модель|модели|моделей}",
	},
	{ID: "cli.odds.header.line", EN: "{0}, {1}", RU: "{0}, {1}"},
	{ID: "cli.odds.header.drawn", EN: "{0}:", RU: "{0}:"},
	{ID: "cli.odds.header.warrior",
		EN: "{0}: {1}, one warrior, {2} of {3} {3:wound|wounds} left",
		RU: "{0}: {1}, один воин, осталось {2} из {3} {3:раны|ран|ран}",
	},
	{ID: "cli.odds.method", EN: "method: {0}", RU: "расчёт: {0}"},
	{ID: "cli.odds.table", EN: "{0} (mean {1})", RU: "{0} (в среднем {1})"},
	{ID: "cli.odds.title.all_three",
		EN: "Casualties = wounds caused = unsaved wounds (each unsaved wound removes one model)",
		RU: "Потери = нанесённые раны = неспасённые раны (каждая неспасённая рана убирает одну модель)",
	},
	{ID: "cli.odds.title.casualties_wounds",
		EN: "Casualties (models removed) = wounds caused (combat result)",
		RU: "Потери (убранные модели) = нанесённые раны (результат боя)",
	},
	{ID: "cli.odds.title.casualties", EN: "Casualties (models removed)", RU: "Потери (убранные модели)"},
	{ID: "cli.odds.title.casualties_unsaved", EN: "Casualties (models removed) = unsaved wounds", RU: "Потери (убранные модели) = неспасённые раны"},
	{ID: "cli.odds.title.wounds", EN: "Wounds caused", RU: "Нанесённые раны"},
	{ID: "cli.odds.title.wounds_result", EN: "Wounds caused (combat result)", RU: "Нанесённые раны (результат боя)"},
	{ID: "cli.odds.title.wounds_unsaved", EN: "Wounds caused (combat result) = unsaved wounds", RU: "Нанесённые раны (результат боя) = неспасённые раны"},
	{ID: "cli.odds.title.unsaved", EN: "Unsaved wounds (before multiple wounds)", RU: "Неспасённые раны (до множественных ран)"},
	{ID: "cli.odds.out_of_action", EN: "Out of action: {0}", RU: "Выведен из строя: {0}"},
	{ID: "cli.odds.destroyed", EN: "Unit destroyed: {0}", RU: "Подразделение уничтожено: {0}"},
	{ID: "cli.odds.panic", EN: "Panic test ({0} of the unit lost this phase): {1}", RU: "Тест на панику (за эту фазу потеряно {0} подразделения): {1}"},
	{ID: "cli.odds.no_panic", EN: "Panic test: does not apply (close combat)", RU: "Тест на панику: не проводится (рукопашный бой)"},
	{ID: "cli.odds.champion_killed", EN: "Champion killed: {0}", RU: "Чемпион убит: {0}"},
	{ID: "cli.odds.champion_killed.t9a", EN: "Champion killed: {0}", RU: "Командир убит: {0}"},
	{ID: "cli.odds.champion_killed.t9a1-ru", EN: "Champion killed: {0}", RU: "Командир убит: {0}"},
	{ID: "cli.odds.standard_lost", EN: "Standard lost: {0}", RU: "Знамя потеряно: {0}"},
	{ID: "cli.odds.per_attack", EN: "Per attack, against {0}:", RU: "На одну атаку, против {0}:"},
	{ID: "cli.odds.against.first", EN: "the first model to be hit", RU: "первой модели, получающей попадание"},
	{ID: "cli.odds.against.warrior", EN: "the warrior", RU: "воина"},
	{ID: "cli.odds.col.group", EN: "group", RU: "группа"},
	{ID: "cli.odds.col.hit", EN: "hit", RU: "попадание"},
	{ID: "cli.odds.col.wound", EN: "wound", RU: "ранение"},
	{ID: "cli.odds.col.armour", EN: "armour fails", RU: "доспехи не спасли"},
	{ID: "cli.odds.col.special", EN: "special fails", RU: "особый не спас"},
	{ID: "cli.odds.col.special.t9a", EN: "special fails", RU: "магический не спас"},
	{ID: "cli.odds.col.special.t9a1-ru", EN: "special fails", RU: "магический не спас"},
	{ID: "cli.odds.col.unsaved", EN: "unsaved", RU: "не спасено"},
	{ID: "cli.odds.cell", EN: "{0} ({1})", RU: "{0} ({1})"},
	{ID: "cli.odds.auto", EN: "auto", RU: "авто"},
	{ID: "cli.odds.cannot_hit", EN: "cannot hit", RU: "попадание невозможно"},
	{ID: "cli.odds.cannot_wound", EN: "cannot wound", RU: "ранить нельзя"},
	{ID: "cli.odds.no_save", EN: "no save", RU: "нет спасброска"},
	{ID: "cli.draw.more", EN: "...{0} more...", RU: "...ещё {0}..."},

	// rearrank sim's intervals.
	{ID: "cli.sim.capped",
		EN: "sim: {0} samples, not the default {1}: this scenario rolls many attacks (give --n to choose)",
		RU: "sim: {0} {0:испытание|испытания|испытаний}, а не {1} по умолчанию: в этом сценарии бросается много атак (выберите число с --n)",
	},
	{ID: "cli.sim.intervals",
		EN: "95% confidence intervals of the means (mean +- {0} standard errors):",
		RU: "95% доверительные интервалы средних (среднее +- {0} стандартной ошибки):",
	},
	{ID: "cli.sim.casualties", EN: "casualties", RU: "потери"},
	{ID: "cli.sim.wounds", EN: "wounds", RU: "раны"},
	{ID: "cli.sim.unsaved", EN: "unsaved", RU: "не спасено"},
	{ID: "cli.sim.out_of_action", EN: "out of action", RU: "выведен из строя"},
	{ID: "cli.sim.interval", EN: "{0} +- {1}", RU: "{0} +- {1}"},
	{ID: "cli.sim.interval_percent", EN: "{0}% +- {1}%", RU: "{0}% +- {1}%"},

	// rearrank compare's table.
	{ID: "cli.compare.as_written", EN: "{0} (as written)", RU: "{0} (как записано)"},
	{ID: "cli.compare.row.casualties_mean", EN: "casualties (mean)", RU: "потери (в среднем)"},
	{ID: "cli.compare.row.wounds_mean", EN: "wounds caused (mean)", RU: "нанесено ран (в среднем)"},
	{ID: "cli.compare.row.unsaved_mean", EN: "unsaved (mean)", RU: "не спасено (в среднем)"},
	{ID: "cli.compare.row.at_least_one", EN: "at least 1 casualty", RU: "хотя бы 1 потеря"},
	{ID: "cli.compare.row.out_of_action", EN: "out of action", RU: "выведен из строя"},
	{ID: "cli.compare.row.destroyed", EN: "unit destroyed", RU: "подразделение уничтожено"},
	{ID: "cli.compare.row.panic", EN: "panic test", RU: "тест на панику"},
	{ID: "cli.compare.row.at_least", EN: "at least {0} casualties", RU: "не меньше {0} {0:потери|потерь|потерь}"},
	{ID: "cli.compare.na", EN: "n/a", RU: "н/д"},
	{ID: "cli.compare.difference", EN: "(+x): the difference from {0}; for chances, in percentage points", RU: "(+x): разница с {0}; для шансов — в процентных пунктах"},
	{ID: "cli.compare.difference_exact", EN: "(+x): the difference from {0}", RU: "(+x): разница с {0}"},
	{ID: "cli.compare.na_skirmish",
		EN: "n/a: skirmish fights one warrior, who is put out of action; a unit has casualties and a panic test instead",
		RU: "н/д: в skirmish сражается один воин, и он бывает выведен из строя; у подразделения вместо этого потери и тест на панику",
	},

	// rearrank resolve: the log and the units before and after.
	{ID: "cli.resolve.header", EN: "{0}: {1}, dice used: {2}", RU: "{0}: {1}, брошенные кубики: {2}"},
	{ID: "cli.resolve.before", EN: "Before:", RU: "До:"},
	{ID: "cli.resolve.faces", EN: " (faces {0})", RU: " (грани {0})"},
	{ID: "cli.resolve.others", EN: "and {0}", RU: "и {0}"},
	{ID: "cli.resolve.removed", EN: "Removed (x), where they stood before:", RU: "Убитые модели (x) там, где стояли до этого:"},
	{ID: "cli.resolve.dice_left",
		EN: "{0} {0:die|dice} left over ({1}), the attacks needed {2}",
		RU: "лишних кубиков: {0} ({1}), атакам понадобилось {2}",
	},
	{ID: "cli.resolve.after",
		EN: "After: {0} {0:casualty|casualties}, {1} {1:wound|wounds} caused (combat result), {2} unsaved",
		RU: "После: {0} {0:потеря|потери|потерь}, нанесено {1} {1:рана|раны|ран} (результат боя), не спасено {2}",
	},
	{ID: "cli.resolve.after_warrior",
		EN: "After: {0} {0:wound|wounds} caused, {1} unsaved",
		RU: "После: нанесено {0} {0:рана|раны|ран}, не спасено {1}",
	},
	{ID: "cli.warrior.left",
		EN: "{0}, {1} of {2} {2:wound|wounds} left",
		RU: "{0}, осталось {1} из {2} {2:раны|ран|ран}",
	},
	{ID: "cli.warrior.status.standing", EN: "standing", RU: "стоит"},
	{ID: "cli.warrior.status.knocked_down", EN: "knocked down", RU: "сбит с ног"},
	{ID: "cli.warrior.status.stunned", EN: "stunned", RU: "оглушён"},
	{ID: "cli.warrior.status.out_of_action", EN: "out of action", RU: "выведен из строя"},
	{ID: "cli.warrior.disarmed", EN: ", disarmed", RU: ", обезоружен"},
	{ID: "cli.warrior.cannot_fight", EN: ", may not fight this turn", RU: ", не может сражаться в этот ход"},

	// The dice a person enters at the terminal (resolve).
	{ID: "cli.prompt.die", EN: "D{0} for {1}: ", RU: "D{0} для {1}: "},
	{ID: "cli.prompt.want_number", EN: "want a number from 1 to {0}", RU: "нужно число от 1 до {0}"},
	{ID: "cli.prompt.ended", EN: "{0}: out of dice: input ended", RU: "{0}: кубики закончились: ввод окончен"},

	// The owner's choices asked at the terminal (owner_choice switches).
	{ID: "cli.owner.at", EN: "{0} at rank {1}, file {2}", RU: "{0}, ряд {1}, колонна {2}"},
	{ID: "cli.owner.rear_rank_wound", EN: "rear_rank_order: which model of the rear rank of {0} does the next wound go to", RU: "rear_rank_order: какой модели заднего ряда {0} достаётся следующая рана"},
	{ID: "cli.owner.rear_rank", EN: "rear_rank_order: which model of the rear rank of {0} is removed", RU: "rear_rank_order: какую модель заднего ряда {0} убрать"},
	{ID: "cli.owner.command_order", EN: "command_order: which of the command group of {0} is removed first", RU: "command_order: кого из командной группы {0} убрать первым"},
	{ID: "cli.owner.command_order_ahead",
		EN: "command_order: which of the command group of {0} is removed first (to find the model the next wound lands on)",
		RU: "command_order: кого из командной группы {0} убрать первым (чтобы найти модель, которой достанется следующая рана)",
	},
	{ID: "cli.owner.switch", EN: "{0}, unit {1}", RU: "{0}, подразделение {1}"},
	// The models an owner chooses among.
	{ID: "cli.owner.empty", EN: "empty", RU: "пусто"},
	{ID: "cli.owner.role.rank_and_file", EN: "rank-and-file", RU: "рядовая модель"},
	{ID: "cli.owner.role.musician", EN: "musician", RU: "музыкант"},
	{ID: "cli.owner.role.standard", EN: "standard bearer", RU: "знаменосец"},
	{ID: "cli.owner.role.champion", EN: "champion", RU: "чемпион"},
	{ID: "cli.owner.role.champion.t9a", EN: "champion", RU: "командир"},
	{ID: "cli.owner.role.champion.t9a1-ru", EN: "champion", RU: "командир"},
	{ID: "cli.owner.role.character", EN: "character", RU: "персонаж"},
	{ID: "cli.owner.role.none", EN: "none", RU: "нет"},
	{ID: "cli.owner.left_end", EN: "the left end", RU: "левый край"},
	{ID: "cli.owner.right_end", EN: "the right end", RU: "правый край"},
	{ID: "cli.owner.single_rank",
		EN: "single_rank_policy: this batch takes its casualties from both ends of the single rank {0} in turn; when both ends have given up as many, which end goes first, and so gives up the odd one if the batch takes an odd number",
		RU: "single_rank_policy: эта серия атак забирает потери с обоих краёв единственного ряда {0} по очереди; когда оба края отдали поровну, какой край идёт первым и потому отдаёт лишнюю потерю, если их нечётное число",
	},
	{ID: "cli.owner.single_rank_wounds",
		EN: "single_rank_policy: this batch's wounds go to the models of the single rank {0} from both ends in turn, a wounded model being the next to go; when both ends have given up as many, which end goes first, and so gives up the odd one if the batch takes an odd number",
		RU: "single_rank_policy: раны этой серии атак идут моделям единственного ряда {0} с обоих краёв по очереди, и раненая модель уходит следующей; когда оба края отдали поровну, какой край идёт первым и потому отдаёт лишнюю потерю, если их нечётное число",
	},
	{ID: "cli.owner.special_save",
		EN: "special_save_choice: which save does the model use against this attack group",
		RU: "special_save_choice: какой спасбросок модель использует против этой группы атак",
	},
	{ID: "cli.owner.packet", EN: "{0} {0:Wound|Wounds} (rolled {1})", RU: "{0} {0:рана|раны|ран} (брошен {1})"},
	{ID: "cli.owner.packet_cleaving", EN: "{0} {0:Wound|Wounds} (rolled {1}, the Cleaving Blow: no Regeneration)", RU: "{0} {0:рана|раны|ран} (брошен {1}, Рассекающий удар: без Регенерации)"},
	{ID: "cli.owner.ordinal.st", EN: "{0}st", RU: "{0}-м"},
	{ID: "cli.owner.ordinal.nd", EN: "{0}nd", RU: "{0}-м"},
	{ID: "cli.owner.ordinal.rd", EN: "{0}rd", RU: "{0}-м"},
	{ID: "cli.owner.ordinal.th", EN: "{0}th", RU: "{0}-м"},
	{ID: "cli.owner.packet_first",
		EN: "multi_packet_order: the Multiple Wounds packets of {0} against {1}; which is applied first",
		RU: "multi_packet_order: пакеты Множественных ран {0} против {1}; какой применить первым",
	},
	{ID: "cli.owner.packet_next",
		EN: "multi_packet_order: the Multiple Wounds packets of {0} against {1}; which is applied next",
		RU: "multi_packet_order: пакеты Множественных ран {0} против {1}; какой применить следующим",
	},
	{ID: "cli.owner.choose", EN: "choose 1-{0} [1]: ", RU: "выберите 1-{0} [1]: "},
	{ID: "cli.owner.input_ended", EN: "input ended: taking option 1", RU: "ввод окончен: берём вариант 1"},
})
