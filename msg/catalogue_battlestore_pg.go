package msg

// The battle store's words about a PostgreSQL database (battle/postgres,
// issue 30): {0} is the database's URL without its password; a reason
// after a colon is the database's or the driver's own words, which are
// not translated.
var _ = family([]Entry{
	{ID: "battlestore.pg.url",
		EN: "{0}: not a PostgreSQL URL this server can use: {1}",
		RU: "{0}: этот адрес PostgreSQL не подходит серверу: {1}",
	},
	{ID: "battlestore.pg.unreachable",
		EN: "{0}: the database is unreachable: {1}; retry in a moment",
		RU: "{0}: база данных недоступна: {1}; повторите чуть позже",
	},
	{ID: "battlestore.pg.slow",
		EN: "{0}: the database did not answer in time: nothing was written; retry",
		RU: "{0}: база данных не ответила вовремя: ничего не записано; повторите",
	},
	{ID: "battlestore.pg.commit",
		EN: "{0}: the database did not confirm the change ({1}): it may have been written; read the battle again before you retry",
		RU: "{0}: база данных не подтвердила изменение ({1}): возможно, оно записано; загрузите битву заново, прежде чем повторить",
	},
})
