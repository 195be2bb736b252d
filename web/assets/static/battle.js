// rearrank's Battle tab script. The page reads without it (the server
// renders the battles, the units and the log); the script makes the
// changes through the battle API (/api/battles/...), each with the version
// the page shows (If-Match), and keeps the page in step with the change
// feed: a change by anybody re-renders the battle from its page. What a
// player writes or saved (attacks as YAML, a saved unit's form fields) is
// made into the API's JSON by the server (POST /battle/text), never by a
// parser here.
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

  function showError(err) {
    var text = err && err.error ? err.error : say('webbattle.js.went_wrong');
    if (err && err.line) text = say('webbattle.js.line_col', err.line, err.column) + text;
    errorBox.textContent = '';
    errorBox.appendChild(el('p', text));
    errorBox.hidden = false;
  }

  function clearError() { errorBox.hidden = true; errorBox.textContent = ''; }

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
    refreshing = fetch(location.pathname + location.search, { headers: { Accept: 'text/html' }, cache: 'no-store' })
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
  function send(method, path, body) {
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
        if (!r.ok) { showError(data); throw null; }
        if (data.battle) version = data.battle.version;
        return refresh().then(function () {
          if (data.record) setStatus(say('webbattle.js.done', data.record.text));
          return data;
        });
      });
    }, function (e) { showError({ error: say('webbattle.js.unreachable') + e.message }); throw null; });
  }

  // convert asks the server to make text or form fields into JSON.
  function convert(params) {
    var body = new URLSearchParams(params);
    return fetch('/battle/text?lang=' + lang, { method: 'POST', body: body, headers: { Accept: 'application/json' } })
      .then(function (r) {
        return r.json().then(function (data) {
          if (!r.ok) { showError(data); throw null; }
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
        var box = document.getElementById('attack-attacks');
        box.scrollIntoView({ block: 'center' });
        box.focus();
      });
    });
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
  // by the server under the unit's ruleset.
  function attacksJSON(u) {
    var text = document.getElementById('attack-attacks').value;
    if (!text.trim()) { showError({ error: say('webbattle.js.attacks_first') }); return Promise.reject(null); }
    return convert({ kind: 'attacks', text: text, ruleset: u.ruleset, options: JSON.stringify(u.options || {}), target: JSON.stringify(u.target) });
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
      return send('POST', '/attacks', body);
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
          if (!r.ok) { showError(data); throw null; }
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

  function fight(ev) {
    ev.preventDefault();
    clearError();
    var a = document.getElementById('combat-a').value, b = document.getElementById('combat-b').value;
    var out = document.getElementById('combat-result');
    convert({ kind: 'fight', text: document.getElementById('combat-fight').value }).then(function (f) {
      var body = { a: a, b: b, fight: f };
      var seed = document.getElementById('combat-seed').value.trim();
      if (seed !== '') body.seed = Number(seed);
      return send('POST', '/combat', body);
    }).then(function (data) {
      out.textContent = '';
      out.appendChild(el('p', data.record.text, 'battle-result-text'));
      var d = say('webbattle.js.dice', (data.dice || []).join(' '));
      if (data.seed !== undefined) d += ', ' + say('webbattle.js.seed', data.seed);
      out.appendChild(el('p', d, 'battle-result-dice'));
    }).catch(quiet);
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
  bindState();
  fillSaved(document.getElementById('add-saved'), 'target');
  var attackSaved = document.getElementById('attack-saved');
  fillSaved(attackSaved, 'attack');
  attackSaved.addEventListener('change', function () {
    var p = saved().attack[attackSaved.value];
    if (!p) return;
    convert(formParams(p, 'a0.')).then(function (doc) {
      document.getElementById('attack-attacks').value = JSON.stringify(doc.attacks || []);
    }).catch(quiet);
  });
  document.getElementById('battle-attack').addEventListener('submit', function (ev) { ev.preventDefault(); attack(false); });
  document.getElementById('attack-roll').addEventListener('click', function () { attack(true); });
  document.getElementById('attack-odds').addEventListener('click', showOdds);
  document.getElementById('battle-add').addEventListener('submit', addUnit);
  document.getElementById('battle-combat').addEventListener('submit', fight);
  follow();
}());
