package msg

// The referee family: what package referee says of a resolution besides
// its log: the stages players roll at the table (a stage run's title and
// summary), the wounds wasted and the overkill of a challenge, Unit
// Strength, and the outcome the last line of resolve states.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// A stage as players roll it (StageLabel).
		"referee.stage.attacks":       {EN: "number of attacks", RU: "число атак"},
		"referee.stage.hit":           {EN: "to hit", RU: "на попадание"},
		"referee.stage.hit_again":     {EN: "to hit, second die", RU: "на попадание, второй кубик"},
		"referee.stage.multiple_hits": {EN: "multiple hits", RU: "множественные попадания"},
		"referee.stage.wound":         {EN: "to wound", RU: "на ранение"},
		"referee.stage.critical":      {EN: "critical hits", RU: "критические попадания"},
		"referee.stage.armour":        {EN: "armour saves", RU: "спасброски за доспехи"},
		"referee.stage.special":       {EN: "special saves", RU: "особые (магические) спасброски"},
		"referee.stage.damage":        {EN: "multiple wounds", RU: "множественные раны"},
		"referee.stage.allocation":    {EN: "allocation", RU: "распределение"},
		"referee.stage.injury":        {EN: "injuries", RU: "травмы"},
		"referee.stage.helmet":        {EN: "helmet saves", RU: "спасброски за шлем"},
		"referee.stage.none":          {EN: "before the dice", RU: "до кубиков"},
		"referee.stage.rerolls":       {EN: "{0}, re-rolls", RU: "{0}, перебросы"},
		"referee.stage.title":         {EN: "Attack group {0}: {1}", RU: "Группа атак {0}: {1}"},

		// What a stage's dice did (StageRun.Summary).
		"referee.summary.no_dice":    {EN: "{0} {0:step|steps} without dice", RU: "{0} {0:шаг|шага|шагов} без кубиков"},
		"referee.summary.hit.need":   {EN: "{0} of {1} hit on {2}", RU: "{0} из {1} — попадание на {2}"},
		"referee.summary.hit":        {EN: "{0} of {1} hit", RU: "{0} из {1} — попадание"},
		"referee.summary.wound.need": {EN: "{0} of {1} wound on {2}", RU: "{0} из {1} ранят на {2}"},
		"referee.summary.wound":      {EN: "{0} of {1} wound", RU: "{0} из {1} ранят"},
		"referee.summary.saved.need": {EN: "{0} of {1} saved on {2}", RU: "{0} из {1} — спасбросок удался на {2}"},
		"referee.summary.saved":      {EN: "{0} of {1} saved", RU: "{0} из {1} — спасбросок удался"},
		"referee.summary.dice": {
			EN: "{0} {0:die|dice} rolled, {1} in all",
			RU: "{0} {0:кубик брошен|кубика брошено|кубиков брошено}, всего {1}",
		},
		"referee.others": {EN: "{0} ×{1}", RU: "{0} ×{1}"},

		// The wounds wasted (Result.WastedText), the overkill of a
		// challenge (RULES.md 9.3, 22.11).
		"referee.wasted": {EN: "{0} wasted", RU: "впустую: {0}"},
		"referee.wasted.unscored_some": {
			EN: "{0} wasted, {1} of them overkill in a challenge, not scored in {2} (rules 9.3)",
			RU: "впустую: {0}, из них {1} — избыточные раны в поединке, в {2} они не засчитываются (правила 9.3)",
		},
		"referee.wasted.unscored_all": {
			EN: "{0} wasted: overkill in a challenge, not scored in {2} (rules 9.3)",
			RU: "впустую: {0} — избыточные раны в поединке, в {2} они не засчитываются (правила 9.3)",
		},
		"referee.wasted.scored_some": {
			EN: "{0} wasted, {1} of them overkill: +{2} combat result in a challenge{3}",
			RU: "впустую: {0}, из них {1} — избыточные раны: +{2} к результату боя в поединке{3}",
		},
		"referee.wasted.scored_all": {
			EN: "{0} wasted: overkill, +{2} combat result in a challenge{3}",
			RU: "впустую: {0} — избыточные раны, +{2} к результату боя в поединке{3}",
		},
		"referee.wasted.at_most": {EN: " (at most +{0})", RU: " (не больше +{0})"},

		// Unit Strength (tow, RULES.md 22.9, 22.10).
		"referee.strength": {
			EN: "Unit Strength {0}, {1} of {2} models at deployment left",
			RU: "Сила подразделения {0}, осталось {1} из {2} {2:модели|моделей|моделей} при расстановке",
		},

		// Where the attacks leave the target (Result.Outcome).
		"referee.outcome.out_of_action": {EN: "The warrior is out of action.", RU: "Воин выведен из строя."},
		"referee.outcome.destroyed":     {EN: "The unit is destroyed.", RU: "Подразделение уничтожено."},
		"referee.outcome.no_panic":      {EN: "No panic test.", RU: "Теста на панику нет."},
		"referee.outcome.panic": {
			EN: "Panic: the unit lost {0} this phase and must test{1}.",
			RU: "Паника: подразделение потеряло в этой фазе {0} и проходит тест{1}.",
		},
		"referee.outcome.flees": {
			EN: "; if it fails, it flees ({0} of {1} models at deployment left)",
			RU: "; при провале бежит (осталось {0} из {1} {1:модели|моделей|моделей} при расстановке)",
		},
		"referee.outcome.falls_back": {
			EN: "; if it fails, it falls back in good order ({0} of {1} models at deployment left)",
			RU: "; при провале отходит в порядке (осталось {0} из {1} {1:модели|моделей|моделей} при расстановке)",
		},
	}
})
