// rearrank's Battle tab script. The page reads without it (the server
// renders the battles, the units and the log); the script makes the
// changes through the battle API (/api/battles/...), each with the version
// the page shows (If-Match), and keeps the page in step with the change
// feed: a change by anybody re-renders the battle from its page. What a
// player fills in or writes (the attack form's groups, the fight form,
// attacks or a fight as YAML, a saved unit's form fields) is made into
// the API's JSON by the server (POST /battle/text), never by a parser
// here. The attack and fight forms are the Odds and Combat tabs' inputs,
// drawn by the server: the script shows the fields the ruleset of the
// unit attacked (or of side a) reads, checks them as those tabs do, and
// adds and removes groups and fights as copies of the first.
(function () {
  'use strict';

  var words = (function () {
    var el = document.getElementById('rearrank-battle-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }());
  function say(id) {
    var s = Object.prototype.hasOwnProperty.call(words, id) ? words[id] : id;
    for (var i = 1; i < arguments.length; i++) s = s.split('{' + (i - 1) + '}').join(String(arguments[i]));
    return s;
  }

  var stateEl = document.getElementById('battle-state');
  if (!stateEl) return;
  var id = stateEl.getAttribute('data-id');
  var version = Number(stateEl.getAttribute('data-version'));
  var lang = document.documentElement.lang || 'en';
  var api = '/api/battles/' + encodeURIComponent(id);
  var status = document.getElementById('battle-status');
  var errorBox = document.getElementById('battle-error');

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  function battle() {
    try { return JSON.parse(document.getElementById('battle-data').textContent); } catch (e) { return { units: [] }; }
  }

  function unitNamed(name) {
    var us = battle().units || [];
    for (var i = 0; i < us.length; i++) if (us[i].name === name) return us[i];
    return null;
  }

  function showScript() {
    document.querySelectorAll('[data-script]').forEach(function (e) { e.hidden = false; });
  }

  function setStatus(text) { status.textContent = text; }

  // showError says err above the forms; mark, given, finds the input of
  // the field the error names (err.field), which gets the message beside
  // it, and the summary a link to it.
  function showError(err, mark) {
    var text = err && err.error ? err.error : say('webbattle.js.went_wrong');
    errorBox.textContent = '';
    var field = err && err.field;
    if (!field && err && err.error && mark) {
      // the battle's refusal names its event, and the fight's field in
      // its words: "event 4: sides.a.fights[0].strength: ..."
      var m = /(?:^|: )((?:sides|combat|options)\.[a-z0-9_.\[\]]+): /.exec(err.error);
      if (m) field = m[1];
    }
    // A round's field is fight.<its path> in the request: the form's
    // inputs are named by the path within the fight.
    var input = field && mark ? mark(field.replace(/^fight\./, '')) : null;
    // The line and column are of the JSON the page sent, which nobody
    // typed: they only help where no input shows the place.
    if (err && err.line && !input) text = say('webbattle.js.line_col', err.line, err.column) + text;
    var p = el('p');
    if (input) {
      var a = el('a', text);
      a.href = '#' + input.id;
      a.addEventListener('click', function (ev) { ev.preventDefault(); unfold(input); input.focus(); });
      p.appendChild(a);
      var at = text.indexOf(field + ': ');
      var own = at >= 0 ? text.slice(at + field.length + 2) : text;
      setError(input, own);
      unfold(input);
    } else p.textContent = text;
    errorBox.appendChild(p);
    errorBox.hidden = false;
    if (input) input.focus();
  }

  function clearError() { errorBox.hidden = true; errorBox.textContent = ''; }

  // The forms' inline checks, as the Odds and Combat tabs make them: a
  // field's message (data-msg) beside it when the browser finds it
  // invalid.
  function unfold(e) {
    for (var d = e.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true;
  }

  function setError(e, text) {
    var p = e.id ? document.getElementById(e.id + '-error') : null;
    if (p) { p.textContent = text; p.hidden = !text; }
    if (text) e.setAttribute('aria-invalid', 'true'); else e.removeAttribute('aria-invalid');
    var box = e.closest('.field');
    if (box) box.classList.toggle('invalid', !!text);
  }

  function check(e) {
    if (!e.willValidate || e.type === 'hidden') return true;
    var ok = e.checkValidity();
    setError(e, ok ? '' : (e.getAttribute('data-msg') || e.validationMessage));
    return ok;
  }

  // checkAll checks the named inputs inside scope; the first invalid one
  // is shown, and false returned.
  function checkAll(scope) {
    var first = null;
    scope.querySelectorAll('input[name], select[name], textarea[name]').forEach(function (e) {
      if (!check(e) && !first) first = e;
    });
    if (!first) return true;
    showError({ error: say('webbattle.js.fix') });
    unfold(first);
    first.focus();
    return false;
  }

  // fields are the named, enabled inputs inside scope whose names match
  // re, as the form sends them: a box "1" when ticked, else "".
  function fields(scope, re, into) {
    scope.querySelectorAll('input[name], select[name], textarea[name]').forEach(function (e) {
      if (e.disabled || !re.test(e.name)) return;
      into[e.name] = e.type === 'checkbox' ? (e.checked ? e.value : '') : e.value;
    });
    return into;
  }

  // fillUnits puts the battle's units into every unit picker.
  function fillUnits() {
    var us = battle().units || [];
    document.querySelectorAll('select[data-units]').forEach(function (s, k) {
      var keep = s.value;
      s.textContent = '';
      us.forEach(function (u, i) {
        var o = el('option', u.name);
        o.value = u.name;
        if (u.destroyed) o.textContent += ' †';
        s.appendChild(o);
        if (k === 2 && i === 1 && !keep) o.selected = true; // side b: the second unit
      });
      if (keep && unitNamed(keep)) s.value = keep;
    });
  }

  // refresh re-renders the battle from its page, once at a time; asked
  // again meanwhile, it runs again after.
  var refreshing = null, again = false;
  function refresh() {
    if (refreshing) { again = true; return refreshing; }
    var part = location.search ? location.search + '&part=state' : '?part=state'; // without the forms, which stay as they are
    refreshing = fetch(location.pathname + part, { headers: { Accept: 'text/html' }, cache: 'no-store' })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        var next = doc.getElementById('battle-state');
        if (!next) return;
        stateEl.replaceWith(next);
        stateEl = next;
        version = Number(next.getAttribute('data-version'));
        showScript();
        fillUnits();
        fillAims();
        syncPhase();
        attackRuleset();
        fightRuleset();
        bindState();
      })
      .catch(function (e) { setStatus(say('webbattle.js.unreachable') + e.message); })
      .then(function () {
        refreshing = null;
        if (again) { again = false; return refresh(); }
      });
    return refreshing;
  }

  // send makes a write through the API at the version shown: a 409 means
  // somebody else wrote first, and the page shows the battle as it
  // stands now.
  function send(method, path, body, mark) {
    clearError();
    var opts = { method: method, headers: { 'If-Match': '"' + version + '"', Accept: 'application/json' } };
    if (body !== undefined) {
      opts.headers['Content-Type'] = 'application/json';
      opts.body = JSON.stringify(body);
    }
    return fetch(api + path + (path.indexOf('?') >= 0 ? '&' : '?') + 'lang=' + lang, opts).then(function (r) {
      if (r.status === 204) return refresh().then(function () { return {}; });
      return r.json().then(function (data) {
        if (r.status === 409 && data.code === 'stale') {
          return refresh().then(function () {
            setStatus(say('webbattle.js.stale'));
            showError({ error: say('webbattle.js.stale') });
            throw null;
          });
        }
        if (!r.ok) { showError(data, mark); throw null; }
        if (data.battle) version = data.battle.version;
        return refresh().then(function () {
          if (data.record) setStatus(say('webbattle.js.done', data.record.text));
          return data;
        });
      });
    }, function (e) { showError({ error: say('webbattle.js.unreachable') + e.message }); throw null; });
  }

  // convert asks the server to make text or form fields into JSON.
  function convert(params, mark) {
    var body = new URLSearchParams(params);
    return fetch('/battle/text?lang=' + lang, { method: 'POST', body: body, headers: { Accept: 'application/json' } })
      .then(function (r) {
        return r.json().then(function (data) {
          if (!r.ok) { showError(data, mark); throw null; }
          return data;
        });
      }, function (e) { showError({ error: say('webbattle.js.unreachable') + e.message }); throw null; });
  }

  function quiet(e) { if (e) showError({ error: String(e.message || e) }); }

  // Saved units: the odds tab's (localStorage rearrank.units): each the
  // form's fields by name, without their group's prefix, and its ruleset.
  function saved() { return rearrankUnits.load(); } // units.js's store, shared by every tab

  function fillSaved(select, kind) {
    var units = saved()[kind];
    var names = Object.keys(units).sort();
    select.textContent = '';
    var first = el('option', names.length ? say('webbattle.js.pick') : say('webbattle.js.none_saved'));
    first.value = '';
    select.appendChild(first);
    names.forEach(function (n) {
      var o = el('option', n);
      o.value = n;
      select.appendChild(o);
    });
  }

  function formParams(unit, prefix) {
    var p = { kind: 'form', ruleset: unit.ruleset || '' };
    Object.keys(unit.fields || {}).forEach(function (k) { p[prefix + k] = unit.fields[k]; });
    return p;
  }

  // The controls inside the re-rendered part.
  function bindState() {
    stateEl.querySelectorAll('[data-action]').forEach(function (b) {
      b.addEventListener('click', function (ev) {
        ev.preventDefault(); // the form is for a page without the script
        send('POST', '/' + b.getAttribute('data-action'), {}).catch(quiet);
      });
    });
    stateEl.querySelectorAll('[data-attack]').forEach(function (b) {
      b.addEventListener('click', function () {
        var s = document.getElementById('attack-target');
        s.value = b.getAttribute('data-attack');
        attackRuleset();
        var first = document.querySelector('#attack-groups input[name]:not([disabled])');
        first.scrollIntoView({ block: 'center' });
        first.focus();
      });
    });
    var rename = stateEl.querySelector('#battle-rename');
    if (rename) {
      rename.addEventListener('submit', function (ev) {
        ev.preventDefault(); // the form posts itself on a page without the script
        var name = document.getElementById('rename-name').value;
        send('PATCH', '', { name: name }, function (f) {
          return f === 'name' ? document.getElementById('rename-name') : null;
        }).then(function () { setStatus(say('webbattle.js.renamed', name)); }).catch(quiet);
      });
    }
    stateEl.querySelectorAll('[data-remove]').forEach(function (b) {
      b.addEventListener('click', function () {
        send('DELETE', '/units/' + encodeURIComponent(b.getAttribute('data-remove'))).catch(quiet);
      });
    });
  }

  function parseDice(text) {
    var t = text.trim();
    if (!t) return null;
    var out = t.split(/[\s,]+/).map(Number);
    for (var i = 0; i < out.length; i++) {
      if (!(out[i] >= 1 && out[i] <= 6 && Math.floor(out[i]) === out[i])) return false;
    }
    return out;
  }

  // attacksJSON is the attack form's attacks as the API takes them, read
  // by the server under the unit's ruleset: the text pasted while it holds
  // any, else the form's groups.
  function attacksJSON(u) {
    var text = document.getElementById('attack-attacks').value;
    var p = { ruleset: u.ruleset, options: JSON.stringify(u.options || {}), target: JSON.stringify(u.target) };
    if (text.trim()) {
      p.kind = 'attacks';
      p.text = text;
      return convert(p);
    }
    var groups = document.getElementById('attack-groups');
    if (!checkAll(groups)) return Promise.reject(null);
    p.kind = 'attack-form';
    return convert(fields(groups, /^a[0-9]+\./, p), markAttack);
  }

  // markAttack is the attack form's input of an attack's field
  // ("attacks[1].strength" is a1.strength).
  function markAttack(field) {
    var m = /^attacks\[([0-9]+)\]\.([a-z_]+)/.exec(field);
    if (!m || document.getElementById('attack-attacks').value.trim()) return null;
    return document.querySelector('#attack-groups [name="a' + m[1] + '.' + m[2] + '"]:not([disabled])');
  }

  // markFight is the fight form's input of a fight's field
  // ("sides.a.fights[0].strength" is a.f0.strength).
  function markFight(field) {
    if (document.getElementById('combat-fight').value.trim()) return null;
    var f = field;
    var name = null, m;
    if ((m = /^sides\.([ab])\.fights\[([0-9]+)\]\.([a-z_]+)/.exec(f))) name = m[1] + '.f' + m[2] + '.' + m[3];
    else if ((m = /^sides\.([ab])\.([a-z_]+)$/.exec(f))) name = m[1] + '.' + m[2];
    else if ((m = /^combat\.([a-z_.]+)$/.exec(f))) name = 'c.' + m[1];
    else if ((m = /^options\.([a-z_]+)$/.exec(f))) name = 'opt.' + m[1];
    return name ? document.querySelector('#battle-combat [name="' + name + '"]:not([disabled])') : null;
  }

  // The fields a ruleset reads (data-rulesets lists them) are shown, the
  // others hidden and disabled, so that they are not sent; a choice some
  // rulesets do not read gives way to the one they do (data-instead).
  function applyRuleset(scope, rs) {
    scope.querySelectorAll('[data-rulesets]').forEach(function (e) {
      var on = e.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
      if (e.tagName === 'OPTION') {
        var s = e.parentElement;
        var was = e.selected;
        e.hidden = e.disabled = !on;
        if (!on && was) s.value = e.getAttribute('data-instead') || s.options[0].value;
        return;
      }
      e.hidden = !on;
    });
    scope.querySelectorAll('input[name], select[name], textarea[name]').forEach(function (i) {
      var off = false;
      for (var p = i.closest('[data-rulesets]'); p && scope.contains(p); p = p.parentElement && p.parentElement.closest('[data-rulesets]')) {
        if (p.hidden) off = true;
      }
      i.disabled = off;
    });
  }

  // updateCounts says on each folded part of the forms how many of its
  // fields are filled in, as the Odds tab does.
  function updateCounts() {
    document.querySelectorAll('.battle-forms details.more, .battle-forms details.options').forEach(function (d) {
      var n = 0;
      d.querySelectorAll('input[name], select[name]').forEach(function (e) {
        if (e.disabled) return;
        if (e.type === 'checkbox' ? e.checked : e.tagName === 'SELECT' ? e.selectedIndex > 0 : e.value !== '') n++;
      });
      var summary = d.querySelector('summary');
      var span = summary.querySelector('.count');
      if (!n) { if (span) span.remove(); return; }
      if (!span) {
        span = el('span', '', 'count');
        summary.appendChild(document.createTextNode(' '));
        summary.appendChild(span);
      }
      span.textContent = say('web.js.set', n);
    });
  }

  // syncPhase sets the phase of each attack group the player has not set
  // to the battle's (its combat phase is an attack group's melee).
  function syncPhase() {
    var ph = battle().phase === 'combat' ? 'melee' : battle().phase;
    document.querySelectorAll('#attack-groups select[name$=".phase"]:not([data-set])').forEach(function (s) {
      for (var i = 0; i < s.options.length; i++) if (s.options[i].value === ph) s.value = ph;
    });
  }

  function attackRuleset() {
    var u = unitNamed(document.getElementById('attack-target').value);
    if (u) applyRuleset(document.getElementById('attack-groups'), u.ruleset);
    updateCounts();
  }

  // The fight's fields are those of side a's ruleset; the sides are
  // named by their units.
  function fightRuleset() {
    var form = document.getElementById('battle-combat');
    var names = [document.getElementById('combat-a').value, document.getElementById('combat-b').value];
    var u = unitNamed(names[0]);
    if (u) applyRuleset(form, u.ruleset);
    updateCounts();
    ['a', 'b'].forEach(function (side, i) {
      var title = names[i] ? say('webres.combat.form.side_named_title', side, names[i]) : say('webres.combat.form.side', side);
      var box = form.querySelector('fieldset[data-side="' + side + '"]');
      box.querySelector('[data-side-title]').textContent = title;
      box.querySelectorAll('[data-fight-title]').forEach(function (t, k) { t.textContent = say('webres.combat.page.fight', title, k + 1); });
      form.querySelectorAll('select[name="c.charger"] option[value="' + side + '"], select[name="c.high_ground"] option[value="' + side + '"]').forEach(function (o) {
        o.textContent = names[i] ? say('webres.combat.form.side_named', side, names[i]) : say('combat.side.unnamed', side);
      });
    });
  }

  // Groups and fights: each a copy of the first, its inputs renamed by
  // its place (a1.strength, b.f2.attacks), numbered again when one goes.
  function rename(root, fn) {
    root.querySelectorAll('[name], [id], label[for], [aria-describedby], [data-field]').forEach(function (e) {
      ['name', 'id', 'for', 'data-field'].forEach(function (a) {
        if (e.hasAttribute(a)) e.setAttribute(a, fn(e.getAttribute(a)));
      });
      if (e.hasAttribute('aria-describedby')) e.setAttribute('aria-describedby', e.getAttribute('aria-describedby').split(' ').map(fn).join(' '));
    });
  }

  function blank(root) {
    root.querySelectorAll('input, select, textarea').forEach(function (e) {
      if (e.type === 'checkbox') e.checked = e.defaultChecked;
      else if (e.tagName === 'SELECT') {
        var d = 0;
        for (var i = 0; i < e.options.length; i++) if (e.options[i].defaultSelected) d = i;
        e.selectedIndex = d;
      } else e.value = e.defaultValue;
      e.removeAttribute('data-set');
      setError(e, '');
    });
    root.querySelectorAll('details').forEach(function (d) { d.open = false; });
  }

  var maxGroups = 8;

  function numberGroups() {
    var box = document.getElementById('attack-groups');
    var gs = box.querySelectorAll('[data-group]');
    gs.forEach(function (g, k) {
      rename(g, function (v) {
        return v.replace(/^a[0-9]+([.-])/, 'a' + k + '$1').replace(/^attacks\[[0-9]+\]/, 'attacks[' + k + ']');
      });
      g.querySelector('[data-group-title]').textContent = say('web.group.attack', k + 1);
      g.querySelector('[data-remove-group]').textContent = say('web.group.remove', k + 1);
      g.querySelector('[data-remove-box]').hidden = gs.length < 2;
    });
    document.getElementById('attack-add-group').hidden = gs.length >= maxGroups;
  }

  function addGroup() {
    var box = document.getElementById('attack-groups');
    var g = box.querySelector('[data-group]').cloneNode(true);
    blank(g);
    box.appendChild(g);
    numberGroups();
    syncPhase();
    attackRuleset();
    fillSaved(g.querySelector('[data-saved]'), 'attack');
    g.querySelector('input[name]:not([disabled])').focus();
  }

  function numberFights(side) {
    var box = document.querySelector('[data-fights="' + side + '"]');
    var fs = box.querySelectorAll('[data-fight]');
    fs.forEach(function (f, k) {
      rename(f, function (v) {
        return v.replace(/^([ab])([.-])f[0-9]+([.-])/, '$1$2f' + k + '$3').replace(/^(sides\.[ab]\.fights)\[[0-9]+\]/, '$1[' + k + ']');
      });
      f.querySelector('[data-remove-fight]').textContent = say('webres.combat.page.remove', k + 1, side);
      f.querySelector('[data-remove-box]').hidden = fs.length < 2;
    });
    document.getElementById('combat-add-' + side).hidden = fs.length >= maxGroups;
  }

  function addFight(side) {
    var box = document.querySelector('[data-fights="' + side + '"]');
    var f = box.querySelector('[data-fight]').cloneNode(true);
    blank(f);
    box.appendChild(f);
    numberFights(side);
    fightRuleset();
    f.querySelector('input[name]:not([disabled])').focus();
  }

  // applySaved fills attack group g from a saved profile: each of its
  // fields by name, the others emptied, as the Odds tab fills a group.
  function applySaved(g, unit) {
    g.querySelectorAll('input[name], select[name], textarea[name]').forEach(function (e) {
      var k = e.name.replace(/^a[0-9]+\./, '');
      var v = Object.prototype.hasOwnProperty.call(unit.fields || {}, k) ? String(unit.fields[k]) : '';
      if (e.type === 'checkbox') e.checked = v !== '';
      else if (e.tagName === 'SELECT') {
        e.value = v;
        if (e.selectedIndex < 0) e.selectedIndex = 0;
      } else e.value = v;
      if (/\.phase$/.test(e.name)) e.setAttribute('data-set', ''); // the profile's, kept
      setError(e, '');
    });
    attackRuleset();
  }

  function attack(roll) {
    clearError();
    var name = document.getElementById('attack-target').value;
    var u = unitNamed(name);
    if (!u) return;
    var dice = roll ? null : parseDice(document.getElementById('attack-dice').value);
    if (dice === false) { showError({ error: say('webbattle.js.bad_dice') }); return; }
    var out = document.getElementById('attack-result');
    attacksJSON(u).then(function (attacks) {
      var body = { target: name, attacks: attacks };
      var seed = document.getElementById('attack-seed').value.trim();
      if (dice) body.dice = dice;
      else if (seed !== '') body.seed = Number(seed);
      return send('POST', '/attacks', body, markAttack);
    }).then(function (data) {
      out.textContent = '';
      out.appendChild(el('p', data.record.text, 'battle-result-text'));
      var d = say('webbattle.js.dice', (data.dice || []).join(' '));
      if (data.seed !== undefined) d += ', ' + say('webbattle.js.seed', data.seed);
      out.appendChild(el('p', d, 'battle-result-dice'));
      document.getElementById('attack-dice').value = '';
    }).catch(quiet);
  }

  function pct(x) {
    var n = typeof x === 'string' ? (function () { var p = x.split('/'); return Number(p[0]) / Number(p[1] || 1); }()) : Number(x);
    return (n * 100).toLocaleString(lang, { maximumFractionDigits: 1 }) + ' %';
  }

  function num(x) {
    var n = typeof x === 'string' ? (function () { var p = x.split('/'); return Number(p[0]) / Number(p[1] || 1); }()) : Number(x);
    return n.toLocaleString(lang, { maximumFractionDigits: 2 });
  }

  function showOdds() {
    clearError();
    var name = document.getElementById('attack-target').value;
    var u = unitNamed(name);
    if (!u) return;
    var out = document.getElementById('attack-result');
    attacksJSON(u).then(function (attacks) {
      return fetch(api + '/odds?lang=' + lang + '&target=' + encodeURIComponent(name), {
        method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ attacks: attacks })
      }).then(function (r) {
        return r.json().then(function (data) {
          if (!r.ok) { showError(data, markAttack); throw null; }
          return data;
        });
      });
    }).then(function (o) {
      out.textContent = '';
      out.appendChild(el('p', say('webbattle.js.odds', num(o.casualties.mean), pct(o.destroyed), pct(o.panic)), 'battle-odds'));
      var list = el('ul', undefined, 'battle-odds-dist');
      (o.casualties.at_least || []).forEach(function (p, i) {
        if (i > 0 && Number(typeof p === 'string' ? p.split('/')[0] : p) > 0) list.appendChild(el('li', say('webbattle.js.odds_dist', i, pct(p))));
      });
      out.appendChild(list);
    }).catch(quiet);
  }

  function addUnit(ev) {
    ev.preventDefault();
    clearError();
    var name = document.getElementById('add-name').value.trim();
    var pick = document.getElementById('add-saved').value;
    var file = document.getElementById('add-file').value;
    var source;
    if (file.trim()) source = convert({ kind: 'scenario', text: file });
    else if (pick) source = convert(formParams(saved().target[pick] || {}, 't.'));
    else { showError({ error: say('webbattle.js.source_first') }); return; }
    source.then(function (doc) {
      var n = name || (doc.target && doc.target.name) || pick;
      if (!n) { showError({ error: say('webbattle.js.name_first') }); throw null; }
      var body = { name: n, ruleset: doc.ruleset, target: doc.target };
      if (doc.options && Object.keys(doc.options).length) body.options = doc.options;
      return send('POST', '/units', body);
    }).then(function () {
      document.getElementById('add-name').value = '';
      document.getElementById('add-file').value = '';
      document.getElementById('add-saved').value = '';
    }).catch(quiet);
  }

  // fightJSON is the fight as the API takes it: the text pasted while it
  // holds any, else the fight form's fields, read by the server under
  // side a's ruleset.
  function fightJSON(a, b) {
    var text = document.getElementById('combat-fight').value;
    if (text.trim()) return convert({ kind: 'fight', text: text });
    var form = document.getElementById('battle-combat');
    if (!checkAll(form)) return Promise.reject(null);
    var ua = unitNamed(a) || {}, ub = unitNamed(b) || {};
    var opts = {};
    [ua, ub].forEach(function (u) { Object.keys(u.options || {}).forEach(function (k) { opts[k] = u.options[k]; }); });
    var p = { kind: 'fight-form', ruleset: ua.ruleset || '', options: JSON.stringify(opts) };
    if (ua.target && ub.target) {
      p['a.target'] = JSON.stringify(ua.target);
      p['b.target'] = JSON.stringify(ub.target);
    }
    return convert(fields(form, /^(c|a|b|opt)\.[a-z]/, p), markFight);
  }

  function fight(ev) {
    ev.preventDefault();
    clearError();
    var a = document.getElementById('combat-a').value, b = document.getElementById('combat-b').value;
    var out = document.getElementById('combat-result');
    var dice = parseDice(document.getElementById('combat-dice').value);
    if (dice === false) { showError({ error: say('webbattle.js.bad_dice') }); return; }
    fightJSON(a, b).then(function (f) {
      var body = { a: a, b: b, fight: f };
      var seed = document.getElementById('combat-seed').value.trim();
      if (dice) body.dice = dice;
      else if (seed !== '') body.seed = Number(seed);
      return send('POST', '/combat', body, markFight);
    }).then(function (data) {
      out.textContent = '';
      out.appendChild(el('p', data.record.text, 'battle-result-text'));
      var d = say('webbattle.js.dice', (data.dice || []).join(' '));
      if (data.seed !== undefined) d += ', ' + say('webbattle.js.seed', data.seed);
      out.appendChild(el('p', d, 'battle-result-dice'));
      document.getElementById('combat-dice').value = '';
    }).catch(quiet);
  }

  // showCombatOdds shows the odds of the round the fight form describes,
  // between the two units as they stand, before it is fought.
  function showCombatOdds() {
    clearError();
    var a = document.getElementById('combat-a').value, b = document.getElementById('combat-b').value;
    var out = document.getElementById('combat-result');
    fightJSON(a, b).then(function (f) {
      return fetch(api + '/combat-odds?lang=' + lang, {
        method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ a: a, b: b, fight: f })
      }).then(function (r) {
        return r.json().then(function (data) {
          if (!r.ok) { showError(data, markFight); throw null; }
          return data;
        });
      }, function (e) { showError({ error: say('webbattle.js.unreachable') + e.message }); throw null; });
    }).then(function (o) {
      out.textContent = '';
      out.appendChild(el('p', say('webbattle.js.combat_odds', a, pct(o.a_wins), pct(o.draw), b, pct(o.b_wins), pct(o.loser_breaks)), 'battle-odds'));
      if (o.method !== 'exact') out.appendChild(el('p', say('webbattle.js.combat_sampled', o.n), 'hint'));
    }).catch(quiet);
  }

  // fillAims offers what a correction may strike in the unit picked: its
  // rank and file, its command and its characters, as an attack's target
  // names them; a new number of models strikes nothing.
  function fillAims() {
    var s = document.getElementById('fix-aim');
    var u = unitNamed(document.getElementById('fix-unit').value) || {};
    var t = u.target || {};
    var keep = s.value;
    s.textContent = '';
    var add = function (value, text) { var o = el('option', text); o.value = value; s.appendChild(o); };
    add('rank_and_file', say('webbattle.fix.aim.rank_and_file'));
    var command = { champion: say('webbattle.fix.aim.champion'), musician: say('webbattle.fix.aim.musician'), standard: say('webbattle.fix.aim.standard') };
    ['champion', 'musician', 'standard'].forEach(function (c) {
      if ((t.command || []).indexOf(c) >= 0) add(c, command[c]);
    });
    (t.characters || []).forEach(function (c) { if (c.name) add('character:' + c.name, c.name); });
    if (keep && s.querySelector('option[value="' + CSS.escape(keep) + '"]')) s.value = keep;
    var models = document.getElementById('fix-action').value === 'models';
    s.disabled = models;
    s.closest('.field').hidden = models;
  }

  // markFix is the correction form's input of a field the server names.
  function markFix(field) {
    var id = { unit: 'fix-unit', count: 'fix-count', aim: 'fix-aim', 'target.models': 'fix-count' }[field];
    return id ? document.getElementById(id) : null;
  }

  function fixUnit(ev) {
    ev.preventDefault();
    clearError();
    var name = document.getElementById('fix-unit').value;
    var u = unitNamed(name);
    if (!u) return;
    var count = document.getElementById('fix-count');
    if (!checkAll(document.getElementById('battle-fix'))) return;
    var action = document.getElementById('fix-action').value;
    var n = Number(count.value);
    var body = action === 'models'
      ? { unit: name, action: 'set', target: Object.assign({}, u.target, { models: n }) }
      : { unit: name, action: action, count: n, aim: document.getElementById('fix-aim').value };
    send('POST', '/corrections', body, markFix).catch(quiet);
  }

  // The change feed: every write by anybody re-renders the battle.
  function follow() {
    if (typeof EventSource === 'undefined') return;
    var es = new EventSource(api + '/events?lang=' + lang);
    function seen(e) {
      var v;
      try { v = JSON.parse(e.data).version; } catch (err) { return; }
      if (v !== version) refresh().then(function () { setStatus(say('webbattle.js.updated')); });
    }
    es.addEventListener('version', seen);
    es.addEventListener('change', seen);
    es.addEventListener('deleted', function () { setStatus(say('webbattle.js.deleted')); es.close(); });
    es.addEventListener('closing', function () { setStatus(say('webbattle.js.offline')); });
    es.onopen = function () {
      document.body.setAttribute('data-live', '1');
      if (status.textContent === say('webbattle.js.offline')) setStatus(say('webbattle.js.live'));
    };
    es.onerror = function () { document.body.removeAttribute('data-live'); setStatus(say('webbattle.js.offline')); };
  }

  showScript();
  fillUnits();
  fillAims();
  attackRuleset();
  fightRuleset();
  numberGroups();
  numberFights('a');
  numberFights('b');
  bindState();
  fillSaved(document.getElementById('add-saved'), 'target');
  document.querySelectorAll('[data-saved]').forEach(function (s) { fillSaved(s, 'attack'); });
  var forms = document.querySelector('.battle-forms');
  forms.addEventListener('change', function (ev) {
    var t = ev.target;
    if (t.hasAttribute('data-saved')) {
      var p = saved().attack[t.value];
      if (p) applySaved(t.closest('[data-group]'), p);
    } else if (t.id === 'attack-target') attackRuleset();
    else if (/^a[0-9]+\.phase$/.test(t.name)) t.setAttribute('data-set', '');
    else if (t.id === 'combat-a' || t.id === 'combat-b') fightRuleset();
    else if (t.name && t.closest('.battle-group, .side, #battle-combat')) check(t);
  });
  forms.addEventListener('focusout', function (ev) { if (ev.target.name && ev.target.value) check(ev.target); }); // an empty field waits for the submit, as on the Odds tab
  forms.addEventListener('input', function (ev) {
    if (ev.target.getAttribute('aria-invalid') === 'true') check(ev.target);
    updateCounts();
  });
  forms.addEventListener('change', updateCounts);
  forms.addEventListener('click', function (ev) {
    var t = ev.target;
    if (t.id === 'attack-add-group') addGroup();
    else if (t.hasAttribute('data-remove-group')) {
      t.closest('[data-group]').remove();
      numberGroups();
      document.querySelector('#attack-groups input[name]:not([disabled])').focus();
    } else if (t.hasAttribute('data-add-fight')) addFight(t.getAttribute('data-add-fight'));
    else if (t.hasAttribute('data-remove-fight')) {
      var side = t.closest('[data-fights]').getAttribute('data-fights');
      t.closest('[data-fight]').remove();
      numberFights(side);
      fightRuleset();
      document.querySelector('[data-fights="' + side + '"] input[name]:not([disabled])').focus();
    }
  });
  document.getElementById('battle-attack').addEventListener('submit', function (ev) { ev.preventDefault(); attack(false); });
  document.getElementById('attack-roll').addEventListener('click', function () { attack(true); });
  document.getElementById('attack-odds').addEventListener('click', showOdds);
  document.getElementById('battle-add').addEventListener('submit', addUnit);
  document.getElementById('battle-combat').addEventListener('submit', fight);
  document.getElementById('combat-odds').addEventListener('click', showCombatOdds);
  document.getElementById('battle-fix').addEventListener('submit', fixUnit);
  document.getElementById('fix-unit').addEventListener('change', fillAims);
  document.getElementById('fix-action').addEventListener('change', fillAims);
  follow();
}());
