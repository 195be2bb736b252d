package web

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/rearrank/rearrank/msg"
	"github.com/rearrank/rearrank/rules"
	"github.com/rearrank/rearrank/scenario"
)

// The page in the reader's language (issue 25). The form is laid out in
// English by the code that knows its fields (form_schema.go, fields.go,
// champion_form.go), then its words are put in another language here,
// each looked up in the catalogue by what it labels: an input by its
// scenario field (web.field.attack.strength.label), a switch by its name,
// a choice by its value. English pages are what they were, byte for byte;
// TestFormWordsCatalogue holds the catalogue's English to the form's.

// langLink is one language of the page's switch: a link to the same page,
// its scenario and all, in that language.
type langLink struct {
	Code, Name, Href string
	Current          bool
}

// langLinks are the switch's links for the page r asked for, now in l:
// the query as it came, with lang set, so that a page without script
// keeps its scenario; app.js keeps them in step with the form.
func langLinks(r *http.Request, l msg.Lang) []langLink {
	var out []langLink
	for _, x := range msg.Langs() {
		q := r.URL.Query()
		q.Set("lang", x.String())
		out = append(out, langLink{Code: x.String(), Name: x.Name(), Href: r.URL.Path + "?" + q.Encode(), Current: x == l})
	}
	return out
}

// explicitLang is the language the request asked for with ?lang=, "" when
// it did not: the page carries it on (its form and links) only then, a
// cookie or the browser's language needing no help.
func explicitLang(r *http.Request) string {
	if s := r.URL.Query().Get("lang"); s != "" {
		if l, err := msg.ParseLang(s); err == nil {
			return l.String()
		}
	}
	return ""
}

// withLang adds lang to the query string q when it is not "".
func withLang(q, lang string) string {
	if lang == "" {
		return q
	}
	v := url.Values{"lang": {lang}}.Encode()
	if q == "" {
		return v
	}
	return q + "&" + v
}

// say is message id in l, or fallback when the catalogue has no such
// message (a field the page has no words for: its name).
func say(id msg.ID, fallback string, l msg.Lang) string {
	if !msg.Has(id) {
		return fallback
	}
	return msg.New(id).Text(l)
}

// localize puts the page's form in language l; English is left as laid
// out.
func (d *pageData) localize(l msg.Lang, rs rules.Ruleset) {
	if l == msg.English {
		return
	}
	for i := range d.Tabs {
		d.Tabs[i].Label = say(msg.ID("web.tab."+d.Tabs[i].Name), d.Tabs[i].Label, l)
	}
	d.Submit = say(msg.ID("web.submit."+d.Tab), d.Submit, l)
	for i := range d.Rulesets {
		r, err := rules.ParseRuleset(d.Rulesets[i].Value)
		if err != nil {
			continue
		}
		d.Rulesets[i].Label, d.Rulesets[i].Doc = r.TitleMsg().Text(l), r.DescriptionMsg().Text(l)
		if r == rs {
			d.RulesetDoc = d.Rulesets[i].Doc
		}
	}
	for i := range d.Command {
		fl := &d.Command[i]
		if fl.Kind == "checkbox" {
			fl.Label = say(msg.ID("web.command."+strings.TrimPrefix(fl.Name, "t.")), fl.Label, l)
		}
	}
	for i := range d.Resolve {
		fl := &d.Resolve[i]
		id := "web.form." + fl.Name
		fl.Label, fl.Hint, fl.Msg = say(msg.ID(id), fl.Label, l), say(msg.ID(id+"_hint"), fl.Hint, l), say(msg.ID(id+"_msg"), fl.Msg, l)
	}
	d.Sets.Label, d.Sets.Hint = say("web.form.sets", d.Sets.Label, l), say("web.form.sets_hint", d.Sets.Hint, l)
}

// localize puts input fl of the field in language l: its label, hint,
// placeholder, inline message and choices.
func (ff formField) localize(fl *field, l msg.Lang) {
	if l == msg.English {
		return
	}
	obj := "target"
	if ff.Object == scenario.ObjAttack {
		obj = "attack"
	}
	base := "web.field." + obj + "." + ff.Name
	fl.Label = say(msg.ID(base+".label"), fl.Label, l)
	if ff.Name == "ap" && len(fl.Labels) == 2 { // apLabels: Armour Penetration, then Armour Piercing
		fl.Labels[0].Text = say(msg.ID(base+".label.penetration"), fl.Labels[0].Text, l)
		fl.Labels[1].Text = say(msg.ID(base+".label.piercing"), fl.Labels[1].Text, l)
	}
	fl.Hint = say(msg.ID(base+".hint"), fl.Hint, l)
	fl.Placeholder = say(msg.ID(base+".placeholder"), fl.Placeholder, l)
	switch {
	case ff.Input == scenario.InputWhole && ff.Score != nil:
		if ff.noun == "" {
			fl.Msg = msg.New("web.form.number", ff.Min, ff.Max).Text(l)
		} else {
			fl.Msg = msg.New("web.form.number_noun", say(msg.ID(base+".noun"), ff.noun, l), ff.Min, ff.Max).Text(l)
		}
	case ff.Input == scenario.InputWhole:
		fl.Msg = wholeMsg(ff.FieldSpec, say(msg.ID(base+".noun"), ff.noun, l), l)
	default:
		fl.Msg = say(msg.ID(base+".msg"), fl.Msg, l)
	}
	localizeChoices(fl.Choices, ff.Name, l)
}

// wholeMsg is whole's message in l: "Strength is a whole number from 1 to
// 10", or "A whole number from -6 to 6" when noun is "".
func wholeMsg(s scenario.FieldSpec, noun string, l msg.Lang) string {
	if noun == "" {
		return msg.New("web.form.whole", s.Min, s.Max).Text(l)
	}
	return msg.New("web.form.whole_noun", noun, s.Min, s.Max).Text(l)
}

// choiceWords are the messages of the selects' words (choices' labels)
// that are not a term of the rules.
var choiceWords = map[string]msg.ID{
	"none": "web.choice.none", "every attack": "web.choice.every_attack", "the unit's": "web.choice.units",
	"failed": "web.choice.failed", "ones": "web.choice.ones", "successes": "web.choice.successes",
	"rank and file": "web.choice.rank_and_file", "champion": "web.choice.champion",
	"flaming": "web.choice.flaming", "shooting": "web.choice.shooting", "melee": "web.choice.melee", "magic": "web.choice.magic",
	"yes": "web.choice.yes", "no": "web.choice.no",
}

// termFields are the fields whose values are terms of the rules
// (term.rules.KIND.VALUE: "тяжёлые" for armour heavy).
var termFields = map[string]bool{"phase": true, "armour": true, "troop_type": true, "weapon_class": true}

// localizeChoices puts the choices cs of the field named name in l: a
// term of the rules by its value, another word by its English (a list
// such as "ones, successes" word by word); a number or a score as it is.
func localizeChoices(cs []choice, name string, l msg.Lang) {
	for i := range cs {
		c := &cs[i]
		if termFields[name] && c.Value != "" {
			if id := msg.ID("term.rules." + name + "." + c.Value); msg.Has(id) {
				c.Label = msg.New(id).Text(l)
				continue
			}
		}
		parts := strings.Split(c.Label, ", ")
		for j, p := range parts {
			if id, ok := choiceWords[p]; ok {
				parts[j] = msg.New(id).Text(l)
			}
		}
		c.Label = strings.Join(parts, ", ")
	}
}

// switchLabelIn is a switch in players' words in language l.
func switchLabelIn(sw rules.Switch, l msg.Lang) string {
	if l == msg.English {
		return switchLabel(sw)
	}
	return say(msg.ID("web.switch."+sw.Name+".label"), switchLabel(sw), l)
}

// switchHintIn is a switch's doc as its hint in language l, in ruleset
// rs's words: hintWords' English, or the catalogue's doc with the
// switch's values quoted as its select shows them.
func switchHintIn(sw rules.Switch, rs rules.Ruleset, l msg.Lang) string {
	if l == msg.English {
		return hintWords(sw.Doc)
	}
	owner := map[string]string{} // a value's switch: sw's own first
	for _, s := range append([]rules.Switch{sw}, rules.Switches()...) {
		for _, v := range s.Values {
			if _, ok := owner[v]; !ok {
				owner[v] = s.Name
			}
		}
	}
	quote := func(name string) string { return "«" + rules.ValueMsg(owner[name], name).Text(l) + "»" }
	doc := snakeName().ReplaceAllStringFunc(sw.DocMsg(rs).Text(l), func(name string) string {
		if _, ok := owner[name]; ok {
			return quote(name)
		}
		return strings.ReplaceAll(name, "_", " ")
	})
	// sw's own values of one word ("classic"), which have words of their
	// own in Russian
	for _, v := range sw.Values {
		if !strings.Contains(v, "_") && msg.Has(msg.ID("rules.value."+sw.Name+"."+v)) {
			doc = regexp.MustCompile(`\b`+regexp.QuoteMeta(v)+`\b`).ReplaceAllStringFunc(doc, quote)
		}
	}
	return doc
}

// localizeSwitch puts a switch's input fl in language l.
func localizeSwitch(fl *field, sw rules.Switch, l msg.Lang) {
	if l == msg.English {
		return
	}
	if sw.Values == nil {
		fl.Msg = msg.New("web.form.fraction").Text(l)
		return
	}
	for i := range fl.Choices {
		label := rules.ValueMsg(sw.Name, fl.Choices[i].Value)
		if i == 0 {
			fl.Choices[i].Label = msg.New("web.form.default", label).Text(l)
		} else {
			fl.Choices[i].Label = label.Text(l)
		}
	}
}

// localizeChampion puts the champion's input fl of field name in l.
func localizeChampion(fl *field, name string, l msg.Lang) {
	if l == msg.English {
		return
	}
	switch {
	case msg.Has(msg.ID("web.champion.label." + name)):
		fl.Label = msg.New(msg.ID("web.champion.label." + name)).Text(l)
	case msg.Has(msg.ID("web.champion." + name)):
		fl.Label = msg.New("web.form.champion", msg.New(msg.ID("web.champion."+name))).Text(l)
	}
	if name == "damage" {
		fl.Hint = msg.New("web.form.champion_hit").Text(l)
	} else if fl.Placeholder != "" {
		fl.Placeholder = msg.New("web.choice.units").Text(l)
	}
	if fl.Kind == "number" {
		if s, ok := spec("t.champion." + name); ok {
			fl.Msg = wholeMsg(s, "", l)
		}
	}
	localizeChoices(fl.Choices, name, l)
}

// pageErrorIn renders a page's error in l: its message as pageError wrote
// it in English, and the input's name as nameError does.
func (e *pageError) localize(l msg.Lang) {
	if l == msg.English || e.api == nil {
		return
	}
	m := e.api.Text(l)
	switch {
	case e.Input == "yaml" && e.api.Line > 0:
		m = msg.New("web.error.line_col", e.api.Line, e.api.Col, m).Text(l)
	case e.trimmed:
		m = strings.TrimPrefix(m, e.api.Field+": ")
	}
	e.Message = m
}
