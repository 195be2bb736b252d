package battle

import (
	"slices"

	"github.com/rearrank/rearrank"
	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/unit"
)

// Choices are the owner's answers to the owner_choice switches (RULES.md
// 18) during one attack, in the order the referee asked them. A battle's
// attack always has somebody to ask: the player's chooser, or the engine's
// default answering for the player (Choice.Default, the engine's own
// save first, the packets in dice order), so that replaying an attack asks
// the same questions and gets the same answers.
type Choices struct {
	Answers []Answer `json:"answers"`
}

// Answer is one answer: Index for a unit.Choice or a special save, Order
// for tow's order of Multiple Wounds packets.
type Answer struct {
	// Ask is what was asked: the switch's name ("rear_rank_order",
	// "single_rank_policy", "command_order", "special_save_choice",
	// "multi_packet_order").
	Ask   string `json:"ask"`
	Index int    `json:"index,omitempty"`
	Order []int  `json:"order,omitempty"`
}

// Chooser is what an attack asks the owner's choices of: a unit.Chooser
// that may also be a rearrank.SaveChooser and a rearrank.PacketChooser.
// Where it is not, or is nil, the engine's default answers.
type Chooser = unit.Chooser

// recorder answers every owner_choice question, asking the player's
// chooser where it can answer and the default where not, and keeps the
// answers.
type recorder struct {
	ch      unit.Chooser
	answers []Answer
}

func (r *recorder) Choose(c unit.Choice) int {
	i := c.Default
	if r.ch != nil {
		i = r.ch.Choose(c)
	}
	if i < 0 || i >= len(c.Options) {
		i = c.Default
	}
	r.answers = append(r.answers, Answer{Ask: c.Switch, Index: i})
	return i
}

func (r *recorder) ChooseSave(m unit.Model, options []rules.SpecialChoice) int {
	i := 0
	if sc, ok := r.ch.(rearrank.SaveChooser); ok {
		i = sc.ChooseSave(m, options)
	}
	if i < 0 || i >= len(options) {
		i = 0
	}
	r.answers = append(r.answers, Answer{Ask: "special_save_choice", Index: i})
	return i
}

func (r *recorder) ChoosePacketOrder(group msg.Message, packets []rearrank.PacketOption, formation string) []int {
	order := identity(len(packets))
	if pc, ok := r.ch.(rearrank.PacketChooser); ok {
		if o := pc.ChoosePacketOrder(group, packets, formation); isPermutation(o, len(packets)) {
			order = slices.Clone(o)
		}
	}
	r.answers = append(r.answers, Answer{Ask: "multi_packet_order", Order: order})
	return order
}

func (r *recorder) choices() *Choices {
	if len(r.answers) == 0 {
		return nil
	}
	return &Choices{Answers: r.answers}
}

// replayer gives recorded answers back in order. A question that is not
// the next recorded one, or one too many, is a mismatch: the default
// answers it and bad says so, and the attack is refused.
type replayer struct {
	answers []Answer
	next    int
	bad     bool
}

func (p *replayer) take(ask string) (Answer, bool) {
	if p.next >= len(p.answers) || p.answers[p.next].Ask != ask {
		p.bad = true
		return Answer{}, false
	}
	a := p.answers[p.next]
	p.next++
	return a, true
}

func (p *replayer) Choose(c unit.Choice) int {
	a, ok := p.take(c.Switch)
	if !ok || a.Index < 0 || a.Index >= len(c.Options) {
		p.bad = true
		return c.Default
	}
	return a.Index
}

func (p *replayer) ChooseSave(_ unit.Model, options []rules.SpecialChoice) int {
	a, ok := p.take("special_save_choice")
	if !ok || a.Index < 0 || a.Index >= len(options) {
		p.bad = true
		return 0
	}
	return a.Index
}

func (p *replayer) ChoosePacketOrder(_ msg.Message, packets []rearrank.PacketOption, _ string) []int {
	a, ok := p.take("multi_packet_order")
	if !ok || !isPermutation(a.Order, len(packets)) {
		p.bad = true
		return identity(len(packets))
	}
	return slices.Clone(a.Order)
}

// done reports whether every recorded answer was asked for, and nothing
// else.
func (p *replayer) done() bool { return !p.bad && p.next == len(p.answers) }

func identity(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}

func isPermutation(o []int, n int) bool {
	if len(o) != n {
		return false
	}
	seen := make([]bool, n)
	for _, i := range o {
		if i < 0 || i >= n || seen[i] {
			return false
		}
		seen[i] = true
	}
	return true
}
