package msg

// The webres family: what the page's results say (web/page.go's results,
// svg.go's charts and formation diagrams, the referee, combat and compare
// pages, and the sentences their scripts write). The page's chrome and
// forms are the web family's (catalogue_web.go).
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// Text that is not in the catalogue (a name, a code), written as it is.
		"webres.text": {EN: "{0}", RU: "{0}"},

		// Numbers: a chance in percent and a mean, with a decimal comma in
		// Russian, as rearrank combat writes them.
		"webres.number":        {EN: "{0}", RU: "{0}"},
		"webres.percent":       {EN: "{0}%", RU: "{0}%"},
		"webres.percent.below": {EN: "<{0}%", RU: "<{0}%"},
		"webres.percent.above": {EN: ">{0}%", RU: ">{0}%"},

		// The bar and line charts (svg.go, svg_multi.go): the words of
		// each thing a chart counts, by its noun.
		"webres.chart.chance":          {EN: "chance", RU: "вероятность"},
		"webres.chart.legend.exactly":  {EN: "exactly N", RU: "ровно N"},
		"webres.chart.legend.at_least": {EN: "at least N", RU: "не меньше N"},
		"webres.chart.not_drawn":       {EN: "{0} or more: {1}, not drawn", RU: "{0} и больше: {1}, не показано"},
		"webres.chart.casualties.noun": {EN: "casualties", RU: "потери"},
		"webres.chart.casualties.axis": {EN: "N casualties", RU: "потери, N"},
		"webres.chart.casualties.axis_at_least": {
			EN: "at least n casualties", RU: "не меньше n потерь",
		},
		"webres.chart.casualties.exactly": {
			EN: "exactly {0} {0:casualty|casualties}: {1} ({2})",
			RU: "ровно {0} {0:потеря|потери|потерь}: {1} ({2})",
		},
		"webres.chart.casualties.at_least": {
			EN: "{0} or more casualties: {1} ({2})",
			RU: "не меньше {0} {0:потери|потерь|потерь}: {1} ({2})",
		},
		"webres.chart.casualties.exactly_series": {
			EN: "{0}, exactly {1} {1:casualty|casualties}: {2} ({3})",
			RU: "{0}, ровно {1} {1:потеря|потери|потерь}: {2} ({3})",
		},
		"webres.chart.casualties.at_least_series": {
			EN: "{0}, {1} or more casualties: {2} ({3})",
			RU: "{0}, не меньше {1} {1:потери|потерь|потерь}: {2} ({3})",
		},
		"webres.chart.casualties.desc": {
			EN: "The chance of exactly n casualties (bars), for n from 0 to {0}; the mean is {1}.",
			RU: "Вероятность ровно n потерь (столбцы) для n от 0 до {0}; в среднем {1}.",
		},
		"webres.chart.casualties.desc_line": {
			EN: "The chance of exactly n casualties (bars) and of at least n (line), for n from 0 to {0}; the mean is {1}.",
			RU: "Вероятность ровно n потерь (столбцы) и не меньше n (линия) для n от 0 до {0}; в среднем {1}.",
		},
		"webres.chart.casualties.desc_series": {
			EN: "The chance of exactly n casualties, for n from {0} to {1}, one line each for {2}.",
			RU: "Вероятность ровно n потерь для n от {0} до {1}, по линии на каждый столбец: {2}.",
		},
		"webres.chart.casualties.desc_series_line": {
			EN: "The chance of at least n casualties, for n from {0} to {1}, one line each for {2}.",
			RU: "Вероятность не меньше n потерь для n от {0} до {1}, по линии на каждый столбец: {2}.",
		},
		"webres.chart.wounds.noun":          {EN: "wounds", RU: "раны"},
		"webres.chart.wounds.axis":          {EN: "N wounds", RU: "раны, N"},
		"webres.chart.wounds.axis_at_least": {EN: "at least n wounds", RU: "не меньше n ран"},
		"webres.chart.wounds.exactly": {
			EN: "exactly {0} {0:wound|wounds}: {1} ({2})",
			RU: "ровно {0} {0:рана|раны|ран}: {1} ({2})",
		},
		"webres.chart.wounds.at_least": {
			EN: "{0} or more wounds: {1} ({2})",
			RU: "не меньше {0} {0:раны|ран|ран}: {1} ({2})",
		},
		"webres.chart.wounds.exactly_series": {
			EN: "{0}, exactly {1} {1:wound|wounds}: {2} ({3})",
			RU: "{0}, ровно {1} {1:рана|раны|ран}: {2} ({3})",
		},
		"webres.chart.wounds.at_least_series": {
			EN: "{0}, {1} or more wounds: {2} ({3})",
			RU: "{0}, не меньше {1} {1:раны|ран|ран}: {2} ({3})",
		},
		"webres.chart.wounds.desc": {
			EN: "The chance of exactly n wounds (bars), for n from 0 to {0}; the mean is {1}.",
			RU: "Вероятность ровно n ран (столбцы) для n от 0 до {0}; в среднем {1}.",
		},
		"webres.chart.wounds.desc_line": {
			EN: "The chance of exactly n wounds (bars) and of at least n (line), for n from 0 to {0}; the mean is {1}.",
			RU: "Вероятность ровно n ран (столбцы) и не меньше n (линия) для n от 0 до {0}; в среднем {1}.",
		},
		"webres.chart.wounds.desc_series": {
			EN: "The chance of exactly n wounds, for n from {0} to {1}, one line each for {2}.",
			RU: "Вероятность ровно n ран для n от {0} до {1}, по линии на каждый столбец: {2}.",
		},
		"webres.chart.wounds.desc_series_line": {
			EN: "The chance of at least n wounds, for n from {0} to {1}, one line each for {2}.",
			RU: "Вероятность не меньше n ран для n от {0} до {1}, по линии на каждый столбец: {2}.",
		},
		"webres.chart.points.noun":          {EN: "points", RU: "очки"},
		"webres.chart.points.axis":          {EN: "N points", RU: "очки, N"},
		"webres.chart.points.axis_at_least": {EN: "at least n points", RU: "не меньше n очков"},
		"webres.chart.points.exactly": {
			EN: "exactly {0} {0:point|points}: {1} ({2})",
			RU: "ровно {0} {0:очко|очка|очков}: {1} ({2})",
		},
		"webres.chart.points.at_least": {
			EN: "{0} or more points: {1} ({2})",
			RU: "не меньше {0} {0:очка|очков|очков}: {1} ({2})",
		},
		"webres.chart.points.exactly_series": {
			EN: "{0}, exactly {1} {1:point|points}: {2} ({3})",
			RU: "{0}, ровно {1} {1:очко|очка|очков}: {2} ({3})",
		},
		"webres.chart.points.at_least_series": {
			EN: "{0}, {1} or more points: {2} ({3})",
			RU: "{0}, не меньше {1} {1:очка|очков|очков}: {2} ({3})",
		},
		"webres.chart.points.desc": {
			EN: "The chance of exactly n points (bars), for n from 0 to {0}; the mean is {1}.",
			RU: "Вероятность ровно n очков (столбцы) для n от 0 до {0}; в среднем {1}.",
		},
		"webres.chart.points.desc_line": {
			EN: "The chance of exactly n points (bars) and of at least n (line), for n from 0 to {0}; the mean is {1}.",
			RU: "Вероятность ровно n очков (столбцы) и не меньше n (линия) для n от 0 до {0}; в среднем {1}.",
		},
		"webres.chart.points.desc_series": {
			EN: "The chance of exactly n points, for n from {0} to {1}, one line each for {2}.",
			RU: "Вероятность ровно n очков для n от {0} до {1}, по линии на каждый столбец: {2}.",
		},
		"webres.chart.points.desc_series_line": {
			EN: "The chance of at least n points, for n from {0} to {1}, one line each for {2}.",
			RU: "Вероятность не меньше n очков для n от {0} до {1}, по линии на каждый столбец: {2}.",
		},

		// The formation diagrams (svg.go): a model's role and state, its
		// place, and what the diagram shows.
		"webres.role.rank_and_file":     {EN: "rank and file", RU: "рядовая модель"},
		"webres.role.musician":          {EN: "musician", RU: "музыкант"},
		"webres.role.standard":          {EN: "standard bearer", RU: "знаменосец"},
		"webres.role.champion":          {EN: "champion", RU: "чемпион"},
		"webres.role.champion.t9a":      {EN: "champion", RU: "командир"},
		"webres.role.champion.t9a1-ru":  {EN: "champion", RU: "командир"},
		"webres.role.character":         {EN: "character", RU: "персонаж"},
		"webres.status.knocked_down":    {EN: "knocked down", RU: "сбит с ног"},
		"webres.status.stunned":         {EN: "stunned", RU: "оглушён"},
		"webres.status.out_of_action":   {EN: "out of action", RU: "выведен из строя"},
		"webres.formation.front":        {EN: "front", RU: "фронт"},
		"webres.formation.rank":         {EN: "rank {0}", RU: "ряд {0}"},
		"webres.formation.place":        {EN: "rank {0}, file {1}", RU: "ряд {0}, колонна {1}"},
		"webres.formation.named":        {EN: "{0}, {1}", RU: "{0}, {1}"},
		"webres.formation.w":            {EN: ", W{0}", RU: ", Р{0}"},
		"webres.formation.damage":       {EN: ", {0} {0:wound|wounds} taken", RU: ", получено ран: {0}"},
		"webres.formation.model":        {EN: "{0} ({1})", RU: "{0} ({1})"},
		"webres.formation.removed":      {EN: "removed: {0} ({1})", RU: "убита: {0} ({1})"},
		"webres.formation.more_ranks":   {EN: "{0} more ranks not drawn", RU: "ещё {0} {0:ряд|ряда|рядов} за краем схемы"},
		"webres.formation.more_files":   {EN: "{0} more files not drawn", RU: "ещё {0} {0:колонна|колонны|колонн} за краем схемы"},
		"webres.formation.desc":         {EN: "{0} {0:model|models} in {1} {1:rank|ranks}", RU: "{0} {0:модель|модели|моделей}, рядов: {1}"},
		"webres.formation.desc_removed": {EN: ", {0} removed", RU: ", убито: {0}"},
		"webres.formation.desc_damaged": {EN: ", {0} damaged", RU: ", ранено: {0}"},
		"webres.formation.desc_destroyed": {
			EN: "; the unit is destroyed", RU: "; подразделение уничтожено",
		},
		"webres.formation.box": {
			EN: "{0}: formation diagram, scrolls sideways when wider than the screen",
			RU: "{0}: схема строя, прокручивается вбок, если шире экрана",
		},
		"webres.formation.before": {EN: "Before", RU: "До"},
		"webres.formation.after":  {EN: "After", RU: "После"},
		"webres.formation.now":    {EN: "Now", RU: "Сейчас"},
	}
})
