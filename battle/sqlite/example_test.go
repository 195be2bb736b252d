package sqlite_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/rearrank/rearrank/battle"
	"github.com/rearrank/rearrank/battle/sqlite"
	"github.com/rearrank/rearrank/msg"
)

// A battle's log: records appended at the version read, a stale append
// refused, and the log read back.
func ExampleOpen() {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "rearrank")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := sqlite.Open(ctx, filepath.Join(dir, "battles.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	m, err := s.Create(ctx, "Ogres at the ford")
	if err != nil {
		log.Fatal(err)
	}
	m, err = s.Append(ctx, m.ID, m.Version,
		battle.Record{Kind: "unit_added", Data: json.RawMessage(`{"unit":"Ogres","models":6}`)},
		battle.Record{Kind: "attack", Data: json.RawMessage(`{"dice":[6,3,5]}`)})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("version", m.Version)

	_, err = s.Append(ctx, m.ID, 1, battle.Record{Kind: "phase", Data: json.RawMessage(`"combat"`)})
	fmt.Println(errors.Is(err, battle.ErrStale))
	fmt.Println(msg.ErrorText(err, msg.Russian))

	rs, err := s.Records(ctx, m.ID, 0, 0)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rs {
		fmt.Println(r.Seq, r.Kind, string(r.Data))
	}
	// Output:
	// version 2
	// true
	// битва изменилась с тех пор, как вы её загрузили (версия 1, теперь 2): загрузите её заново и повторите
	// 1 unit_added {"unit":"Ogres","models":6}
	// 2 attack {"dice":[6,3,5]}
}
