package msg

// The command line's own notes: what rearrank says on standard error
// beside a command's answer.
var _ = family(func() map[ID]Entry {
	return map[ID]Entry{
		"cli.note": {
			EN: "rearrank: note: {0}",
			RU: "rearrank: заметка: {0}",
		},
		"cli.combat.dice_left": {
			EN: "{0} {0:die|dice} left over, the round needed {1}",
			RU: "лишних кубиков: {0}, раунду понадобилось {1}",
		},
		"cli.combat.fallback": {
			EN: "too large to compute exactly ({0}): Monte Carlo over {1} {1:round|rounds} instead; raise --max-states for the exact odds",
			RU: "слишком велико для точного расчёта ({0}): вместо него оценка методом Монте-Карло на {1} {1:раунде|раундах|раундах}; для точных шансов увеличьте --max-states",
		},
	}
})
