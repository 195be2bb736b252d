package msg

// The scenario family: what a scenario or combat file's reader says of a
// file it cannot take (package scenario, and combat's loader through it).
// The file's field names and values stay English in every language: they
// are what the player writes.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		// Passed through: an error of another package, or a caller's own text.
		"scenario.error": {EN: "{0}", RU: "{0}"},

		"scenario.list.or":  {EN: "{0} or {1}", RU: "{0} или {1}"},
		"scenario.list.and": {EN: "{0} and {1}", RU: "{0} и {1}"},

		// Decoding.
		"scenario.want":             {EN: "want {0}", RU: "нужно {0}"},
		"scenario.want_got":         {EN: "want {0}, got {1}", RU: "нужно {0}, а здесь {1}"},
		"scenario.want_field_name":  {EN: "want a field name, got {0}", RU: "нужно имя поля, а здесь {0}"},
		"scenario.want_switch_name": {EN: "want a switch name, got {0}", RU: "нужно имя переключателя, а здесь {0}"},
		"scenario.want.against":     {EN: "{0}, or a list of them", RU: "{0} или их список"},
		"scenario.got.number":       {EN: "the number {0}", RU: "число {0}"},
		"scenario.got.text":         {EN: "text {0}", RU: "текст {0}"},
		"scenario.unknown_field":    {EN: "unknown field {0}{1}", RU: "неизвестное поле {0}{1}"},
		"scenario.twice":            {EN: "given twice (first at {0}:{1})", RU: "указано дважды (впервые в {0}:{1})"},
		"scenario.out_of_range":     {EN: "{0} is out of range", RU: "{0} вне допустимых пределов"},
		"scenario.range":            {EN: "want {0} to {1}, got {2}", RU: "нужно от {0} до {1}, а не {2}"},
		"scenario.enum":             {EN: "{0} {1}: want {2}", RU: "{0} {1}: нужно {2}"},
		"scenario.condition":        {EN: "condition {0}: want {1}", RU: "условие {0}: нужно {1}"},
		"scenario.save":             {EN: "save {0}: want 1+ to 6+, or 0 for none", RU: "спасбросок {0}: нужно от 1+ до 6+ или 0, если его нет"},
		"scenario.to_hit":           {EN: "to_hit {0}: want a score from 1+ to 10+, such as 4+, or auto", RU: "to_hit {0}: нужно значение от 1+ до 10+, например 4+, или auto"},
		"scenario.file.combat_keys": {
			EN: "a scenario file has attacks and target, not combat and sides; for a combat file use rearrank combat",
			RU: "в файле сценария есть attacks и target, а не combat и sides; файл боя читает rearrank combat",
		},
		"scenario.file.combat": {
			EN: "this is a combat file (combat and sides): use rearrank combat",
			RU: "это файл боя (combat и sides): его читает rearrank combat",
		},

		// Hints after an unknown field.
		"scenario.hint.did_you_mean":    {EN: " (did you mean {0}?)", RU: " (может быть, {0}?)"},
		"scenario.hint.did_you_mean_of": {EN: " (did you mean {0}? It is a field of {1}, not of {2})", RU: " (может быть, {0}? Это поле {1}, а не {2})"},
		"scenario.hint.field_of":        {EN: " ({0} is a field of {1}, not of {2})", RU: " ({0} — поле {1}, а не {2})"},
		"scenario.hint.value":           {EN: " ({0} is a value of {1}: write {1}: {0})", RU: " ({0} — значение поля {1}: напишите {1}: {0})"},
		"scenario.hint.want":            {EN: " (want {0})", RU: " (нужно {0})"},

		// What a field wants ("want X").
		"term.scenario.want.whole_number":   {EN: "a whole number", RU: "целое число"},
		"term.scenario.want.list":           {EN: "a list", RU: "список"},
		"term.scenario.want.bool":           {EN: "true or false", RU: "true или false"},
		"term.scenario.want.text":           {EN: "text", RU: "текст"},
		"term.scenario.want.mapping":        {EN: "a mapping of fields", RU: "набор полей"},
		"term.scenario.want.value":          {EN: "a value", RU: "значение"},
		"term.scenario.want.aim":            {EN: "rank_and_file, rank_and_file:<troop_type>, champion or character:<name>", RU: "rank_and_file, rank_and_file:<troop_type>, champion (чемпион) или character:<name> (персонаж)"},
		"term.scenario.want.reroll":         {EN: "none, failed, ones, successes, or a list of them", RU: "none, failed, ones, successes или их список"},
		"term.scenario.want.trigger":        {EN: "true, false or a score from 2+ to 6+", RU: "true, false или значение от 2+ до 6+"},
		"term.scenario.want.save":           {EN: "a save such as 5+, or 0 for none", RU: "спасбросок, например 5+, или 0, если его нет"},
		"term.scenario.want.to_hit":         {EN: "a score such as 4+, or auto", RU: "значение, например 4+, или auto"},
		"term.scenario.want.expr":           {EN: "a number such as 20, or dice such as 2D6", RU: "число, например 20, или кубики, например 2D6"},
		"term.scenario.want.damage":         {EN: "a number (wounds carried by the pool) or a list (damage per model)", RU: "число (раны, которые несёт пул) или список (урон каждой модели)"},
		"term.scenario.want.options":        {EN: "a mapping of switch names to values, such as {{damage_model: pooled}}", RU: "набор переключателей и их значений, например {{damage_model: pooled}}"},
		"term.scenario.want.option_value":   {EN: "a value such as pooled, true or 1/4", RU: "значение, например pooled, true или 1/4"},
		"term.scenario.want.unit":           {EN: "a mapping of fields (the target fields of docs/scenario.md)", RU: "набор полей (поля target из docs/scenario.md)"},
		"term.scenario.want.ruleset":        {EN: "a ruleset name", RU: "название свода правил"},
		"term.scenario.want.combat_options": {EN: "a mapping of switch names to values, such as {{step_up: lost}}", RU: "набор переключателей и их значений, например {{step_up: lost}}"},
		"term.scenario.want.special":        {EN: "a list such as [stubborn]", RU: "список, например [stubborn] (Упорство)"},
		"term.scenario.want.fights":         {EN: "a list of fights", RU: "список схваток"},

		// What holds a field, in "a field of X": genitive in Russian.
		"term.scenario.of.top":       {EN: "the file's top level", RU: "верхнего уровня файла"},
		"term.scenario.of.target":    {EN: "target", RU: "target"},
		"term.scenario.of.attack":    {EN: "an attack group", RU: "группы атак"},
		"term.scenario.of.group":     {EN: "a group", RU: "группы"},
		"term.scenario.of.character": {EN: "a character", RU: "персонажа"},
		"term.scenario.of.champion":  {EN: "the champion", RU: "чемпиона"},
		"term.scenario.of.mapping":   {EN: "this mapping", RU: "этого набора полей"},
		"term.scenario.of.unit":      {EN: "a unit", RU: "подразделения"},
		"term.scenario.of.fight":     {EN: "a fight", RU: "схватки"},
		"term.scenario.of.side":      {EN: "the side", RU: "стороны"},

		// What a value is, in "want X, got Y".
		"term.scenario.got.nothing": {EN: "nothing", RU: "пусто"},
		"term.scenario.got.mapping": {EN: "a mapping", RU: "набор полей"},
		"term.scenario.got.block":   {EN: "a block of text", RU: "блок текста"},

		// The names of a file's enumerations, in "armour "x": want ...".
		"term.scenario.ruleset":      {EN: "ruleset", RU: "свод правил"},
		"term.scenario.phase":        {EN: "phase", RU: "фаза"},
		"term.scenario.armour":       {EN: "armour", RU: "доспехи"},
		"term.scenario.troop_type":   {EN: "troop type", RU: "тип войск"},
		"term.scenario.weapon_class": {EN: "weapon class", RU: "класс оружия"},
	}
})
