package msg

// The dice family: what package dice says to a player who typed a dice
// expression (a scenario's count, --dice's faces) or whose scripted dice
// ran out. Quoted input ({0} of dice.expr.error) is the player's own text,
// written as it is.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		"dice.expr.error": {
			EN: "dice expression {0}: {1}",
			RU: "запись кубиков {0}: {1}",
		},
		"dice.expr.from": {
			EN: "dice expression with {0} dice of {1} sides and modifier {2}: {3}",
			RU: "запись кубиков из {0} {0:кубика|кубиков|кубиков} с {1} {1:гранью|гранями|гранями} и модификатором {2}: {3}",
		},
		"dice.expr.unexpected": {
			EN: "unexpected {0}",
			RU: "лишние символы {0}",
		},
		"dice.expr.unexpected_after": {
			EN: "unexpected {0} after {1}",
			RU: "лишние символы {0} после {1}",
		},
		"dice.expr.unexpected_after_modifier": {
			EN: "unexpected {0} after the modifier",
			RU: "лишние символы {0} после модификатора",
		},
		"dice.expr.want_number_or_d": {
			EN: "want a number or D, found {0}",
			RU: "нужно число или D, а здесь {0}",
		},
		"dice.expr.constant_modifier": {
			EN: "a constant takes no modifier, found {0} after {1}",
			RU: "у числа не бывает модификатора, а после {1} стоит {0}",
		},
		"dice.expr.constant_range": {
			EN: "constant {0}: want 0 to {1}",
			RU: "число {0}: нужно от 0 до {1}",
		},
		"dice.expr.count_range": {
			EN: "count of dice {0}: want 1 to {1}",
			RU: "число кубиков {0}: нужно от 1 до {1}",
		},
		"dice.expr.want_sides": {
			EN: "want the number of sides after D, found {0}",
			RU: "после D нужно число граней, а здесь {0}",
		},
		"dice.expr.d3_or_d6": {
			EN: "want D3 or D6 dice",
			RU: "нужны кубики D3 или D6",
		},
		"dice.expr.want_sign": {
			EN: "unexpected {0} after D{1}: want + or - and a modifier",
			RU: "лишние символы {0} после D{1}: нужен + или - и модификатор",
		},
		"dice.expr.want_modifier": {
			EN: "want a number after {0}, found {1}",
			RU: "после {0} нужно число, а здесь {1}",
		},
		"dice.expr.modifier_range": {
			EN: "modifier {0}: want -{1} to +{1}",
			RU: "модификатор {0}: нужно от -{1} до +{1}",
		},
		"dice.count.range": {
			EN: "count {0}: want 0 to {1}",
			RU: "количество {0}: нужно от 0 до {1}",
		},

		// Scripted dice (--dice) and rollers that give a face out of range.
		"dice.scripted.out": {
			EN: "die {0}: out of dice: {1} given",
			RU: "кубик {0}: кубики закончились, задано {1}",
		},
		"dice.scripted.out_for": {
			EN: "die {0} ({2}): out of dice: {1} given",
			RU: "кубик {0} ({2}): кубики закончились, задано {1}",
		},
		"dice.scripted.bad_face": {
			EN: "die {0}: bad face {1} on a D{2}",
			RU: "кубик {0}: на D{2} не бывает грани {1}",
		},
		"dice.scripted.bad_face_for": {
			EN: "die {0} ({3}): bad face {1} on a D{2}",
			RU: "кубик {0} ({3}): на D{2} не бывает грани {1}",
		},
		"dice.bad_face": {
			EN: "bad face {0} on a D{1}",
			RU: "на D{1} не бывает грани {0}",
		},
		"dice.bad_face_for": {
			EN: "{2}: bad face {0} on a D{1}",
			RU: "{2}: на D{1} не бывает грани {0}",
		},

		// What a die is for, as a roller asks for it: "attacks, 2D6 die 1
		// of 2".
		"dice.ask.text":   {EN: "{0}", RU: "{0}"},
		"dice.ask.die_of": {EN: "{0} die {1} of {2}", RU: "{0}, кубик {1} из {2}"},
		"dice.ask.for":    {EN: "{0}, {1}", RU: "{0}, {1}"},

		// The faces a person types (--dice 6,3,5).
		"dice.faces.empty": {
			EN: "item {0}: empty (two commas in a row, or a comma at an end)",
			RU: "значение {0}: пусто (две запятые подряд или запятая в начале или в конце)",
		},
		"dice.faces.item": {
			EN: "item {0} {1}: {2}",
			RU: "значение {0} {1}: {2}",
		},
		"dice.faces.not_a_number": {EN: "not a number", RU: "не число"},
		"dice.faces.zero":         {EN: "faces start at 1", RU: "грани начинаются с 1"},
		"dice.faces.too_large":    {EN: "too large", RU: "слишком большое"},
	}
})
