package msg

// The referee family: what package referee says of a resolution besides
// its log: the stages players roll at the table (a stage run's title and
// summary), the wounds wasted and the overkill of a challenge, Unit
// Strength, and the outcome the last line of resolve states.
var _ = family([]Entry{
	// A stage as players roll it (StageLabel).
	{ID: "referee.stage.attacks", EN: "number of attacks", RU: "число атак"},
	{ID: "referee.stage.hit", EN: "to hit", RU: "на попадание"},
	{ID: "referee.stage.hit_again", EN: "to hit, second die", RU: "на попадание, второй кубик"},
	{ID: "referee.stage.multiple_hits", EN: "multiple hits", RU: "множественные попадания"},
	{ID: "referee.stage.wound", EN: "to wound", RU: "на ранение"},
	{ID: "referee.stage.critical", EN: "critical hits", RU: "критические попадания"},
	{ID: "referee.stage.armour", EN: "armour saves", RU: "спасброски за доспехи"},
	{ID: "referee.stage.special", EN: "special saves", RU: "особые (магические) спасброски"},
	{ID: "referee.stage.damage", EN: "multiple wounds", RU: "множественные раны"},
	{ID: "referee.stage.allocation", EN: "allocation", RU: "распределение"},
	{ID: "referee.stage.injury", EN: "injuries", RU: "травмы"},
	{ID: "referee.stage.helmet", EN: "helmet saves", RU: "спасброски за шлем"},
	{ID: "referee.stage.none", EN: "before the dice", RU: "до кубиков"},
	{ID: "referee.stage.rerolls", EN: "{0}, re-rolls", RU: "{0}, перебросы"},
	{ID: "referee.stage.title", EN: "Attack group {0}: {1}", RU: "Группа атак {0}: {1}"},

	// What a stage's dice did (StageRun.Summary).
	{ID: "referee.summary.no_dice", EN: "{0} {0:step|steps} without dice", RU: "{0} {0:шаг|шага|шагов} без кубиков"},
	{ID: "referee.summary.hit.need", EN: "{0} of {1} hit on {2}", RU: "{0} из {1} — попадание на {2}"},
	{ID: "referee.summary.hit", EN: "{0} of {1} hit", RU: "{0} из {1} — попадание"},
	{ID: "referee.summary.wound.need", EN: "{0} of {1} wound on {2}", RU: "{0} из {1} ранят на {2}"},
	{ID: "referee.summary.wound", EN: "{0} of {1} wound", RU: "{0} из {1} ранят"},
	{ID: "referee.summary.saved.need", EN: "{0} of {1} saved on {2}", RU: "{0} из {1} — спасбросок удался на {2}"},
	{ID: "referee.summary.saved", EN: "{0} of {1} saved", RU: "{0} из {1} — спасбросок удался"},
	{ID: "referee.summary.dice",
		EN: "{0} {0:die|dice} rolled, {1} in all",
		RU: "{0} {0:кубик брошен|кубика брошено|кубиков брошено}, всего {1}",
	},
	{ID: "referee.others", EN: "{0} ×{1}", RU: "{0} ×{1}"},

	// The wounds wasted (Result.WastedText), the overkill of a
	// challenge (RULES.md 9.3, 22.11).
	{ID: "referee.wasted", EN: "{0} wasted", RU: "впустую: {0}"},
	{ID: "referee.wasted.unscored_some",
		EN: "{0} wasted, {1} of them overkill in a challenge, not scored in {2} (rules 9.3)",
		RU: "впустую: {0}, из них {1} — избыточные раны в поединке, в {2} они не засчитываются (правила 9.3)",
	},
	{ID: "referee.wasted.unscored_all",
		EN: "{0} wasted: overkill in a challenge, not scored in {2} (rules 9.3)",
		RU: "впустую: {0} — избыточные раны в поединке, в {2} они не засчитываются (правила 9.3)",
	},
	{ID: "referee.wasted.scored_some",
		EN: "{0} wasted, {1} of them overkill: +{2} combat result in a challenge{3}",
		RU: "впустую: {0}, из них {1} — избыточные раны: +{2} к результату боя в поединке{3}",
	},
	{ID: "referee.wasted.scored_all",
		EN: "{0} wasted: overkill, +{2} combat result in a challenge{3}",
		RU: "впустую: {0} — избыточные раны, +{2} к результату боя в поединке{3}",
	},
	{ID: "referee.wasted.at_most", EN: " (at most +{0})", RU: " (не больше +{0})"},

	// Unit Strength (tow, RULES.md 22.9, 22.10).
	{ID: "referee.strength",
		EN: "Unit Strength {0}, {1} of {2} models at deployment left",
		RU: "Сила подразделения {0}, осталось {1} из {2} {2:модели|моделей|моделей} при расстановке",
	},

	// Where the attacks leave the target (Result.Outcome).
	{ID: "referee.outcome.out_of_action", EN: "The warrior is out of action.", RU: "Воин выведен из строя."},
	{ID: "referee.outcome.destroyed", EN: "The unit is destroyed.", RU: "Подразделение уничтожено."},
	{ID: "referee.outcome.no_panic", EN: "No panic test.", RU: "Теста на панику нет."},
	{ID: "referee.outcome.panic",
		EN: "Panic: the unit lost {0} this phase and must test{1}.",
		RU: "Паника: подразделение потеряло в этой фазе {0} и проходит тест{1}.",
	},
	{ID: "referee.outcome.flees",
		EN: "; if it fails, it flees ({0} of {1} models at deployment left)",
		RU: "; при провале бежит (осталось {0} из {1} {1:модели|моделей|моделей} при расстановке)",
	},
	{ID: "referee.outcome.falls_back",
		EN: "; if it fails, it falls back in good order ({0} of {1} models at deployment left)",
		RU: "; при провале отходит в порядке (осталось {0} из {1} {1:модели|моделей|моделей} при расстановке)",
	},
})
