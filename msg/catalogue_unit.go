package msg

// The unit family: what package unit says, the errors of a role or a
// target written as text and of starting damage a model cannot carry. The
// codes and field names stay English: they are the scenario file's.
var _ = family([]Entry{
	// The roles in words (Role.Msg), the nominative; The 9th Age's
	// champion is a командир.
	{ID: "term.unit.role.rank_and_file", EN: "rank and file", RU: "рядовые модели"},
	{ID: "term.unit.role.musician", EN: "musician", RU: "музыкант"},
	{ID: "term.unit.role.standard", EN: "standard bearer", RU: "знаменосец"},
	{ID: "term.unit.role.champion", EN: "champion", RU: "чемпион"},
	{ID: "term.unit.role.champion.t9a", EN: "champion", RU: "командир"},
	{ID: "term.unit.role.champion.t9a1-ru", EN: "champion", RU: "командир"},
	{ID: "term.unit.role.character", EN: "character", RU: "персонаж"},
	{ID: "unit.raw", EN: "{0}", RU: "{0}"},

	{ID: "unit.role.unknown",
		EN: "role {0}: want rank_and_file, musician, standard, champion or character",
		RU: "role {0}: нужно rank_and_file (рядовые модели), musician (музыкант), standard (знаменосец), champion (чемпион) или character (персонаж)",
	},
	{ID: "unit.target.unknown",
		EN: "target {0}: want rank_and_file[:troop_type], musician, standard, champion or character:<name>",
		RU: "target {0}: нужно rank_and_file[:troop_type] (рядовые модели), musician (музыкант), standard (знаменосец), champion (чемпион) или character:<имя> (персонаж)",
	},
	{ID: "unit.target.troop_type",
		EN: "target {0}: {1}",
		RU: "target {0}: {1}",
	},
	{ID: "unit.target.no_name",
		EN: "target {0}: want character:<name>",
		RU: "target {0}: нужно character:<имя> (имя персонажа)",
	},
	{ID: "unit.target.suffix",
		EN: "target {0}: only rank_and_file and character take a suffix",
		RU: "target {0}: суффикс после двоеточия бывает только у rank_and_file (рядовые модели) и character (персонаж)",
	},
	// Starting damage (RULES.md 11.1, 11.3): an entry of damage, and
	// the carried wounds of a pool.
	{ID: "unit.damage.entry",
		EN: "damage[{0}] {1}: want 0 to {2} (below W {3})",
		RU: "damage[{0}] {1}: нужно от 0 до {2} (меньше W {3}, ран модели)",
	},
	{ID: "unit.damage.carried",
		EN: "carried {0}: want 0 to {1} (below the {2} {2:wound|wounds} of the next model, 11.1)",
		RU: "carried {0}: нужно от 0 до {1} (меньше {2} {2:раны|ран|ран} следующей модели, 11.1)",
	},
})
