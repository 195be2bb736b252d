package msg

// The battlecli family: the words of rearrank battle, the command that
// keeps a game as a log of events (docs/battle.md): its help, its
// headings and its own errors. A battle's and a unit's names, file names,
// flags, phases as typed and rulesets are written as they are. What the
// battle and its store say (battle.*, battlestore.*) is theirs.
var _ = family([]Entry{
	{ID: "battlecli.usage",
		EN: `Usage: rearrank battle <command> [flags] BATTLE ...

Keeps a game as a log of events in a database: its units as they stand,
the turn and phase, and everything that happened to them, with undo and
redo. The referee and the odds start from each unit as it stands.

Commands:
  new NAME                      start a battle
  list                          the battles kept
  rm BATTLE                     delete a battle and its log
  rename BATTLE NAME            give a battle another name
  add BATTLE FILE               bring a scenario file's target into the battle
  attack BATTLE --target UNIT FILE
                                resolve a scenario file's attacks on a unit
                                with your dice
  combat BATTLE A B FILE        one round of close combat between two units
  fix BATTLE UNIT               correct a unit by hand
  leave BATTLE UNIT             a unit leaves the battle (it fled the table)
  next BATTLE                   move on to the next phase
  turn BATTLE N [PHASE]         move on to turn N (and a phase)
  undo BATTLE                   cancel the latest event
  redo BATTLE                   put back the latest undone event
  log BATTLE                    the events, one a line
  show BATTLE [UNIT]            the units as they stand
  odds BATTLE --target UNIT FILE
                                the odds of a scenario file's attacks on a unit
  odds BATTLE A B FILE          the odds of a round of close combat between two
                                units, before it is fought
  export BATTLE                 the battle as one JSON file
  import FILE                   a battle from an export file

Every command takes --db PATH, the database (by default the one
REARRANK_DB names, else $XDG_DATA_HOME/rearrank/battles.db, else
~/.local/share/rearrank/battles.db).
Run "rearrank battle <command> --help" for a command's flags.

Example:
  rearrank battle new game
  rearrank battle add game examples/crossbows.yaml
  rearrank battle attack game --target Spearmen --seed 3 examples/crossbows.yaml
`,
		RU: `Запуск: rearrank battle <команда> [флаги] БИТВА ...

Хранит игру в базе данных как журнал событий: подразделения в нынешнем
виде, ход и фазу и всё, что с ними случилось, с отменой и возвратом.
Судья и шансы считаются от каждого подразделения в нынешнем виде.

Команды:
  new ИМЯ                       начать битву
  list                          сохранённые битвы
  rm БИТВА                      удалить битву и её журнал
  rename БИТВА ИМЯ              переименовать битву
  add БИТВА ФАЙЛ                ввести в битву цель файла сценария
  attack БИТВА --target ПОДР ФАЙЛ
                                разобрать атаки файла сценария по подразделению
                                с вашими кубиками
  combat БИТВА A B ФАЙЛ         один раунд рукопашного боя двух подразделений
  fix БИТВА ПОДР                исправить подразделение вручную
  leave БИТВА ПОДР              подразделение покидает битву (бежало со стола)
  next БИТВА                    перейти к следующей фазе
  turn БИТВА N [ФАЗА]           перейти к ходу N (и фазе)
  undo БИТВА                    отменить последнее событие
  redo БИТВА                    вернуть последнее отменённое событие
  log БИТВА                     события, по одному на строку
  show БИТВА [ПОДР]             подразделения в нынешнем виде
  odds БИТВА --target ПОДР ФАЙЛ
                                шансы атак файла сценария по подразделению
  odds БИТВА A B ФАЙЛ           шансы раунда рукопашного боя двух подразделений
                                до того, как он сыгран
  export БИТВА                  битва одним файлом JSON
  import ФАЙЛ                   битва из файла экспорта

Каждая команда принимает --db ПУТЬ, базу данных (по умолчанию ту, что
названа в REARRANK_DB, иначе $XDG_DATA_HOME/rearrank/battles.db, иначе
~/.local/share/rearrank/battles.db).
"rearrank battle <команда> --help" показывает флаги команды.

Пример:
  rearrank battle new game
  rearrank battle add game examples/crossbows.yaml
  rearrank battle attack game --target Spearmen --seed 3 examples/crossbows.yaml
`,
	},
	{ID: "battlecli.error.no_command",
		EN: "battle: which command? new, list, rm, rename, add, attack, combat, fix, leave, next, turn, undo, redo, log, show, odds, export or import",
		RU: "battle: какая команда? new, list, rm, rename, add, attack, combat, fix, leave, next, turn, undo, redo, log, show, odds, export или import",
	},
	{ID: "battlecli.error.unknown_command",
		EN: "battle: unknown command {0} (rearrank battle --help lists them)",
		RU: "battle: неизвестная команда {0} (их список — в rearrank battle --help)",
	},
	{ID: "battlecli.error.db_missing", EN: "battle: --db needs a path", RU: "battle: после --db нужен путь"},
	{ID: "battlecli.error.args",
		EN: "{0}: {1} {1:argument|arguments}; usage: rearrank {0} {2}",
		RU: "{0}: {1} {1:аргумент|аргумента|аргументов}; запуск: rearrank {0} {2}",
	},
	{ID: "battlecli.flag.db",
		EN: "the database the battles are kept in: an SQLite file or a postgres:// URL (default: REARRANK_DB in the environment, else $XDG_DATA_HOME/rearrank/battles.db)",
		RU: "база данных, где хранятся битвы: файл SQLite или адрес postgres:// (по умолчанию — REARRANK_DB из окружения, а без него $XDG_DATA_HOME/rearrank/battles.db)",
	},
	{ID: "battlecli.flag.json", EN: "print it as JSON", RU: "писать в JSON"},
	{ID: "battlecli.flag.dice",
		EN: "the faces you rolled, in the order the steps ask for them (commas or spaces)",
		RU: "выпавшие грани в том порядке, в каком их просят шаги (через запятые или пробелы)",
	},
	{ID: "battlecli.flag.seed",
		EN: "roll with a seeded generator instead (same seed, same dice)",
		RU: "вместо этого бросать генератором с зерном (то же зерно — те же кубики)",
	},
	{ID: "battlecli.flag.target", EN: "the battle's unit the attacks strike", RU: "подразделение битвы, по которому идут атаки"},
	{ID: "battlecli.error.no_target",
		EN: "{0}: which unit? give --target UNIT",
		RU: "{0}: по какому подразделению? укажите --target ПОДР",
	},
	{ID: "battlecli.error.dice_and_seed",
		EN: "{0}: --dice and --seed together: give one",
		RU: "{0}: --dice (кубики) и --seed вместе: укажите что-то одно",
	},
	{ID: "battlecli.error.no_dice",
		EN: "{0}: no dice: give --dice 6,3,5,... or --seed N (or run it in a terminal to be asked for each die)",
		RU: "{0}: нет кубиков: укажите --dice 6,3,5,... или --seed N (или запустите в терминале, чтобы вводить каждый кубик)",
	},
	{ID: "battlecli.error.stdin",
		EN: "battle attack: reading the scenario from standard input needs --dice or --seed",
		RU: "battle attack: для сценария со стандартного ввода нужен --dice (кубики) или --seed",
	},
	{ID: "battlecli.error.ruleset",
		EN: "{0}: a file of ruleset {1}, and unit {2} plays {3}",
		RU: "{0}: файл по своду {1}, а подразделение {2} играет по {3}",
	},
	{ID: "battlecli.event", EN: "event {0}: {1}", RU: "событие {0}: {1}"},

	{ID: "battlecli.new.usage", EN: "NAME", RU: "ИМЯ"},
	{ID: "battlecli.new.done", EN: "battle {0} started", RU: "битва «{0}» начата"},
	{ID: "battlecli.list.usage",
		EN: "[{0}]",
		RU: "[{0}]",
	},
	{ID: "battlecli.list.none",
		EN: "no battles yet: rearrank battle new NAME starts one",
		RU: "битв пока нет: rearrank battle new ИМЯ начинает битву",
	},
	{ID: "battlecli.list.line",
		EN: "{0}  ({1} {1:event|events}, last {2} UTC)",
		RU: "{0}  ({1} {1:событие|события|событий}, последнее {2} UTC)",
	},
	{ID: "battlecli.rm.usage", EN: "BATTLE", RU: "БИТВА"},
	{ID: "battlecli.rm.done",
		EN: "battle {0} deleted, with its {1} {1:event|events}",
		RU: "битва «{0}» удалена вместе с {1} {1:событием|событиями|событиями}",
	},
	{ID: "battlecli.rename.usage", EN: "BATTLE NAME", RU: "БИТВА ИМЯ"},
	{ID: "battlecli.rename.done", EN: "battle {0} is now {1}", RU: "битва «{0}» теперь называется «{1}»"},

	{ID: "battlecli.add.usage",
		EN: "BATTLE FILE|- [{0} UNIT]\n       rearrank battle add BATTLE {1} LIST {2} NAME [{3} R] [{4} field=value]... [{0} UNIT]",
		RU: "БИТВА ФАЙЛ|- [{0} ПОДРАЗДЕЛЕНИЕ]\n       rearrank battle add БИТВА {1} РОСТЕР {2} ИМЯ [{3} R] [{4} поле=значение]... [{0} ПОДРАЗДЕЛЕНИЕ]",
	},
	{ID: "battlecli.add.flag.from",
		EN: "a list file of New Recruit, BattleScribe or Old World Builder to take the unit from (with --unit)",
		RU: "ростер New Recruit, BattleScribe или Old World Builder, из которого взять подразделение (вместе с --unit)",
	},
	{ID: "battlecli.add.flag.unit", EN: "the unit of the --from list, by its name there", RU: "подразделение ростера --from, по его имени там"},
	{ID: "battlecli.add.flag.ruleset",
		EN: "the ruleset the list's unit plays (default: the list's game's)",
		RU: "свод правил, по которому играет подразделение ростера (по умолчанию — свод игры ростера)",
	},
	{ID: "battlecli.add.flag.set",
		EN: "a target field the list lacks or you override, such as --set ws=4 (repeat it)",
		RU: "поле цели, которого нет в ростере или которое вы меняете, например --set ws=4 (можно повторять)",
	},
	{ID: "battlecli.add.error.set",
		EN: "battle add: --set {0}: want field=value, such as --set ws=4",
		RU: "battle add: --set {0}: нужно поле=значение, например --set ws=4",
	},
	{ID: "battlecli.add.error.file_and_from",
		EN: "battle add: a scenario file ({0}) and --from together: give one",
		RU: "battle add: файл сценария ({0}) и --from вместе: укажите что-то одно",
	},
	{ID: "battlecli.add.error.needs_unit",
		EN: "battle add: --from needs --unit NAME, the list's unit to bring in (rearrank import LIST lists them)",
		RU: "battle add: для --from нужен --unit ИМЯ, подразделение ростера (их список — в rearrank import РОСТЕР)",
	},
	{ID: "battlecli.add.error.needs_from",
		EN: "battle add: {0} goes with --from LIST",
		RU: "battle add: {0} указывается вместе с --from РОСТЕР",
	},
	{ID: "battlecli.add.flag.name",
		EN: "the unit's name in the battle (default: the target's name)",
		RU: "имя подразделения в битве (по умолчанию — имя цели)",
	},
	{ID: "battlecli.add.error.no_name",
		EN: "{0}: the target has no name: give the unit one with --name",
		RU: "{0}: у цели нет имени: задайте имя подразделения через --name",
	},

	{ID: "battlecli.attack.usage",
		EN: "BATTLE {0} UNIT [{1} 6,3,5,...|{2} N] [{3}] FILE|-",
		RU: "БИТВА {0} ПОДРАЗДЕЛЕНИЕ [{1} КУБИКИ|{2} N] [{3}] ФАЙЛ|-",
	},
	{ID: "battlecli.combat.usage",
		EN: "BATTLE A B [{0} 6,3,...|{1} N] [{2}] FILE|-",
		RU: "БИТВА A B [{0} КУБИКИ|{1} N] [{2}] ФАЙЛ|-",
	},
	{ID: "battlecli.combat.error.read", EN: "{0}: not a combat file: {1}", RU: "{0}: это не файл боя: {1}"},
	{ID: "battlecli.combat.error.scenario",
		EN: "{0}: a scenario file (attacks, target): battle combat takes a combat file (sides, combat), and battle attack a scenario file",
		RU: "{0}: это файл сценария (attacks, target): battle combat принимает файл боя (sides, combat), а файл сценария — battle attack",
	},
	{ID: "battlecli.combat.error.not_combat",
		EN: "{0}: not a combat file: want a mapping with options, combat and sides",
		RU: "{0}: это не файл боя: нужно отображение с options, combat и sides",
	},

	{ID: "battlecli.fix.usage",
		EN: "BATTLE UNIT {0} N [{1} AIM] | {2} N [{1} AIM] | {3} N | {4} FILE",
		RU: "БИТВА ПОДРАЗДЕЛЕНИЕ {0} N [{1} ЦЕЛЬ] | {2} N [{1} ЦЕЛЬ] | {3} N | {4} ФАЙЛ",
	},
	{ID: "battlecli.fix.flag.remove",
		EN: "remove N models of the aim, in the unit's own order of removal",
		RU: "убрать N моделей цели в порядке снятия подразделения",
	},
	{ID: "battlecli.fix.flag.wound",
		EN: "put N wounds on the aim, as unsaved single wounds",
		RU: "нанести цели N ран, как неспасённые одиночные раны",
	},
	{ID: "battlecli.fix.flag.aim",
		EN: "what --remove and --wound strike: rank_and_file (default), champion, musician, standard, character:NAME",
		RU: "кого убирает --remove и кому наносит раны --wound: rank_and_file (рядовые, по умолчанию), champion (чемпион), musician (музыкант), standard (знаменосец), character:ИМЯ (персонаж)",
	},
	{ID: "battlecli.fix.flag.models",
		EN: "set the unit's models to N: its target as added, with models N, and no damage",
		RU: "задать подразделению N моделей: цель, как её ввели, с models N и без урона",
	},
	{ID: "battlecli.fix.flag.set",
		EN: "set the unit as a scenario file's target writes it (its ruleset must be the unit's)",
		RU: "задать подразделение целью файла сценария (свод правил должен совпадать)",
	},
	{ID: "battlecli.fix.error.one",
		EN: "battle fix: give one of --remove N, --wound N, --models N or --set FILE",
		RU: "battle fix: укажите одно из --remove N (убрать модели), --wound N (нанести раны), --models N (задать число моделей) или --set ФАЙЛ",
	},
	{ID: "battlecli.fix.error.aim",
		EN: "battle fix: --aim goes with --remove or --wound",
		RU: "battle fix: --aim указывается вместе с --remove (убрать модели) или --wound (нанести раны)",
	},

	{ID: "battlecli.leave.usage", EN: "BATTLE UNIT", RU: "БИТВА ПОДРАЗДЕЛЕНИЕ"},
	{ID: "battlecli.next.usage", EN: "BATTLE", RU: "БИТВА"},
	{ID: "battlecli.turn.usage",
		EN: "BATTLE N [movement|magic|shooting|combat]",
		RU: "БИТВА N [movement|magic|shooting|combat]",
	},
	{ID: "battlecli.turn.error.turn",
		EN: "battle turn: turn {0}: want a whole number from 1",
		RU: "battle turn: ход {0}: нужно целое число от 1",
	},
	{ID: "battlecli.turn.error.phase",
		EN: "battle turn: phase {0}: want movement, magic, shooting or combat",
		RU: "battle turn: фаза {0}: нужно movement, magic, shooting или combat",
	},
	{ID: "battlecli.undo.usage", EN: "BATTLE", RU: "БИТВА"},
	{ID: "battlecli.redo.usage", EN: "BATTLE", RU: "БИТВА"},

	{ID: "battlecli.log.usage",
		EN: "BATTLE [{0}]",
		RU: "БИТВА [{0}]",
	},
	{ID: "battlecli.log.empty",
		EN: "battle {0} has no events yet: rearrank battle add brings a unit in",
		RU: "в битве «{0}» пока нет событий: rearrank battle add вводит подразделение",
	},
	{ID: "battlecli.log.undone", EN: "{0} [undone]", RU: "{0} [отменено]"},

	{ID: "battlecli.show.usage",
		EN: "BATTLE [UNIT] [{0}]",
		RU: "БИТВА [ПОДРАЗДЕЛЕНИЕ] [{0}]",
	},
	{ID: "battlecli.show.head",
		EN: "{0}: turn {1}, {2}; {3} {3:event|events}",
		RU: "{0}: ход {1}, {2}; {3} {3:событие|события|событий}",
	},
	{ID: "battlecli.show.head_deployment",
		EN: "{0}: deployment; {1} {1:event|events}",
		RU: "{0}: расстановка; {1} {1:событие|события|событий}",
	},
	{ID: "battlecli.show.no_units", EN: "no units", RU: "подразделений нет"},
	{ID: "battlecli.show.unit",
		EN: "{0} ({1}): {2} of {3} {3:model|models} left",
		RU: "{0} ({1}): осталось {2} из {3} {3:модели|моделей|моделей}",
	},
	{ID: "battlecli.show.unit_wounds",
		EN: "{0} ({1}): {2} of {3} {3:model|models} left, {4} {4:wound|wounds} carried",
		RU: "{0} ({1}): осталось {2} из {3} {3:модели|моделей|моделей}, {4} {4:рана|раны|ран} на моделях",
	},
	{ID: "battlecli.show.destroyed",
		EN: "{0} ({1}): destroyed, none of {2} {2:model|models} left",
		RU: "{0} ({1}): уничтожено, из {2} {2:модели|моделей|моделей} не осталось ни одной",
	},
	{ID: "battlecli.show.warrior", EN: "{0} ({1}):", RU: "{0} ({1}):"},

	{ID: "battlecli.odds.usage",
		EN: "BATTLE {0} UNIT [{1}] [{2}] [{3} N [{4}]] [{5} D] FILE|-, or BATTLE A B [{1}] [{2}] [{3} N [{4}]] [{5} D] FILE|- for a round of close combat",
		RU: "БИТВА {0} ПОДРАЗДЕЛЕНИЕ [{1}] [{2}] [{3} N [{4}]] [{5} D] ФАЙЛ|- или БИТВА A B [{1}] [{2}] [{3} N [{4}]] [{5} D] ФАЙЛ|- для раунда рукопашного боя",
	},
	{ID: "battlecli.odds.error.fallback",
		EN: "battle odds: a round's --fallback goes with --exact (without --exact, a round's exact odds fall back to Monte Carlo by themselves)",
		RU: "battle odds: --fallback для раунда идёт вместе с --exact (без --exact точные шансы раунда сами переходят на метод Монте-Карло)",
	},
	{ID: "battlecli.odds.error.target_combat",
		EN: "battle odds: --target is for an attack's odds (BATTLE --target UNIT FILE); a round's are BATTLE A B FILE, without it",
		RU: "battle odds: --target — для шансов атаки (БИТВА --target ПОДРАЗДЕЛЕНИЕ ФАЙЛ); шансы раунда — БИТВА A B ФАЙЛ, без него",
	},
	{ID: "battlecli.odds.error.destroyed",
		EN: "unit {0} is destroyed: there are no odds to compute",
		RU: "подразделение {0} уничтожено: шансы считать не на чем",
	},

	{ID: "battlecli.export.usage",
		EN: "BATTLE [{0} FILE]",
		RU: "БИТВА [{0} ФАЙЛ]",
	},
	{ID: "battlecli.export.flag.o",
		EN: "write the export to this file (default: standard output)",
		RU: "записать экспорт в этот файл (по умолчанию — на стандартный вывод)",
	},
	{ID: "battlecli.export.error.write", EN: "{0}: cannot be written: {1}", RU: "{0}: не удалось записать: {1}"},
	{ID: "battlecli.import.usage",
		EN: "FILE|- [{0} NAME]",
		RU: "ФАЙЛ|- [{0} ИМЯ]",
	},
	{ID: "battlecli.import.flag.name",
		EN: "the battle's name (default: the name the file gives)",
		RU: "имя битвы (по умолчанию — имя из файла)",
	},
	{ID: "battlecli.import.done",
		EN: "battle {0} imported: {1} {1:event|events}, {2} {2:unit|units}",
		RU: "битва «{0}» импортирована: {1} {1:событие|события|событий}, {2} {2:подразделение|подразделения|подразделений}",
	},

	// The examples of the subcommands' help: command lines, the same in
	// every language.
	{ID: "battlecli.new.example", EN: "rearrank battle new game", RU: "rearrank battle new game"},
	{ID: "battlecli.list.example", EN: "rearrank battle list", RU: "rearrank battle list"},
	{ID: "battlecli.rm.example", EN: "rearrank battle rm game", RU: "rearrank battle rm game"},
	{ID: "battlecli.rename.example", EN: "rearrank battle rename game \"Saturday game\"", RU: "rearrank battle rename game \"Saturday game\""},
	{ID: "battlecli.add.example", EN: "rearrank battle add game examples/whfb8-killing-blow-knights.yaml --name Knights", RU: "rearrank battle add game examples/whfb8-killing-blow-knights.yaml --name Knights"},
	{ID: "battlecli.attack.example", EN: "rearrank battle attack game --target Spearmen --seed 3 examples/whfb8-poisoned-crossbows.yaml", RU: "rearrank battle attack game --target Spearmen --seed 3 examples/whfb8-poisoned-crossbows.yaml"},
	{ID: "battlecli.combat.example", EN: "rearrank battle combat game Spearmen Knights --seed 7 examples/combat-spears-halberds.yaml", RU: "rearrank battle combat game Spearmen Knights --seed 7 examples/combat-spears-halberds.yaml"},
	{ID: "battlecli.fix.example", EN: "rearrank battle fix game Spearmen --remove 2", RU: "rearrank battle fix game Spearmen --remove 2"},
	{ID: "battlecli.leave.example", EN: "rearrank battle leave game Knights", RU: "rearrank battle leave game Knights"},
	{ID: "battlecli.next.example", EN: "rearrank battle next game", RU: "rearrank battle next game"},
	{ID: "battlecli.turn.example", EN: "rearrank battle turn game 2 shooting", RU: "rearrank battle turn game 2 shooting"},
	{ID: "battlecli.undo.example", EN: "rearrank battle undo game", RU: "rearrank battle undo game"},
	{ID: "battlecli.redo.example", EN: "rearrank battle redo game", RU: "rearrank battle redo game"},
	{ID: "battlecli.log.example", EN: "rearrank battle log game", RU: "rearrank battle log game"},
	{ID: "battlecli.show.example", EN: "rearrank battle show game Spearmen", RU: "rearrank battle show game Spearmen"},
	{ID: "battlecli.odds.example", EN: "rearrank battle odds game --target Spearmen examples/whfb8-poisoned-crossbows.yaml", RU: "rearrank battle odds game --target Spearmen examples/whfb8-poisoned-crossbows.yaml"},
	{ID: "battlecli.export.example", EN: "rearrank battle export game -o game.json", RU: "rearrank battle export game -o game.json"},
	{ID: "battlecli.import.example", EN: "rearrank battle import game.json --name replay", RU: "rearrank battle import game.json --name replay"},
})
