package msg

// The odds family: what package odds says to a player: how a result was
// computed, and why an exact computation stopped (the state limits).
// "state limit reached" is odds.ErrStateLimit's text, which callers find
// with errors.Is.
var _ = family([]Entry{
	{ID: "odds.method.exact", EN: "exact", RU: "точно"},
	// Text that is not in the catalogue (another package's error),
	// written as it is.
	{ID: "odds.text", EN: "{0}", RU: "{0}"},
	{ID: "odds.method.simulated",
		EN: "simulated, {0} {0:sample|samples}",
		RU: "методом Монте-Карло, {0} {0:испытание|испытания|испытаний}",
	},
	{ID: "odds.method.fallback",
		EN: "{0}, instead of exact ({1})",
		RU: "{0} вместо точного расчёта ({1})",
	},

	{ID: "odds.error.states",
		EN: "state limit reached: more than {0} states after {1} steps: {2}",
		RU: "достигнут предел состояний: больше {0} {0:состояния|состояний|состояний} после {1} {1:шага|шагов|шагов}: {2}",
	},
	{ID: "odds.error.bytes",
		EN: "state limit reached: states of more than {0} MB after {1} steps: {2}",
		RU: "достигнут предел состояний: состояния заняли больше {0} МБ после {1} {1:шага|шагов|шагов}: {2}",
	},
	{ID: "odds.error.paths",
		EN: "state limit reached: one step's dice fall more than {0} ways",
		RU: "достигнут предел состояний: кубики одного шага выпадают больше чем {0} {0:способом|способами|способами}",
	},
	{ID: "odds.error.damage_states",
		EN: "state limit reached: more than {0} states: {1} ({2} packets on {2} different models of W{3} make {4} damage states alone, rules 11.3)",
		RU: "достигнут предел состояний: больше {0} {0:состояния|состояний|состояний}: {1} ({2} {2:пакет|пакета|пакетов} ран на {2} {2:разных моделях|разных моделях|разных моделях} с W{3} дают одних только состояний урона {4}, правила 11.3)",
	},
	{ID: "odds.error.step_dice",
		EN: "odds: one step asks for more than {0} dice",
		RU: "odds: один шаг просит больше {0} {0:кубика|кубиков|кубиков}",
	},
	{ID: "odds.error.roll_steps",
		EN: "odds: one attack's rolls take more than {0} steps",
		RU: "odds: броски одной атаки занимают больше {0} {0:шага|шагов|шагов}",
	},

	// What makes a scenario's states many (the end of the errors above).
	{ID: "odds.why.per_model",
		EN: "battleaxe per-model damage: {0} models of W{1} after {2} multi-wound hits",
		RU: "battleaxe, урон по каждой модели: {0} {0:модель|модели|моделей} с W{1} после {2} {2:попадания|попаданий|попаданий} с множественными ранами",
	},
	{ID: "odds.why.multi",
		EN: "{0}: {1} models of W{2} after {3} multi-wound hits",
		RU: "{0}: {1} {1:модель|модели|моделей} с W{2} после {3} {3:попадания|попаданий|попаданий} с множественными ранами",
	},
	{ID: "odds.why.groups",
		EN: "{0}: {1} models after {2} attack groups of up to {3} attacks in all",
		RU: "{0}: {1} {1:модель|модели|моделей} после {2} {2:группы атак|групп атак|групп атак}, всего до {3} {3:атаки|атак|атак}",
	},
	{ID: "odds.why.attacks",
		EN: "{0}: {1} models after up to {2} attacks",
		RU: "{0}: {1} {1:модель|модели|моделей} после не более {2} {2:атаки|атак|атак}",
	},
})
