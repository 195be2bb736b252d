// rearrank's army list import, on the odds page and the combat page: a
// list file of New Recruit, BattleScribe or Old World Builder, picked or
// dropped, goes to POST /api/import (the server reads it with the command
// line's reader; it keeps nothing), and the units it answers with join the
// saved units (localStorage rearrank.units, app.js and combat.js) a group
// per list: each unit as a saved target, which is a side on the combat
// page, and each of its attack groups as a saved attack profile. An entry
// of a list carries the list's name (list), the unit's (label), what the
// file holds that the odds do not use (notes) and, for a unit whose
// profile the file does not give, the fields the player must fill in
// (missing) with the reason. Nothing is sent before the player picks a
// file.
(function () {
  'use strict';

  // words are the sentences this script writes, in the page's language
  // (the template's rearrank-import-words, from the catalogue); say fills
  // in a sentence's {0}, {1}.
  var words = (function () {
    var el = document.getElementById('rearrank-import-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }());
  function say(id) {
    var s = words[id] === undefined ? id : words[id];
    for (var i = 1; i < arguments.length; i++) s = s.split('{' + (i - 1) + '}').join(String(arguments[i]));
    return s;
  }

  // The store is units.js's, shared by every tab.
  var storeKey = rearrankUnits.key;
  function loadUnits() { return rearrankUnits.load(); }
  function saveUnits(u) { return rearrankUnits.save(u); }

  // changed tells the pages' saved lists to fill again.
  function changed() {
    document.dispatchEvent(new CustomEvent('rearrank:units'));
  }

  // lists are the names of the imported lists, in the order first seen.
  function lists(u) {
    var out = [];
    ['target', 'attack'].forEach(function (kind) {
      Object.keys(u[kind]).forEach(function (k) {
        var l = u[kind][k].list;
        if (l && out.indexOf(l) < 0) out.push(l);
      });
    });
    return out.sort();
  }

  // drop removes list l's units.
  function drop(u, l) {
    ['target', 'attack'].forEach(function (kind) {
      Object.keys(u[kind]).forEach(function (k) { if (u[kind][k].list === l) delete u[kind][k]; });
    });
  }

  // unique is name, or name with a number after it when a unit of the
  // same name is saved already.
  function unique(units, name) {
    if (!units[name]) return name;
    for (var i = 2; ; i++) if (!units[name + ' ' + i]) return name + ' ' + i;
  }

  // adopt keeps the units of an import's answer, in place of the list's
  // units of an earlier import of it.
  function adopt(res) {
    var u = loadUnits();
    var l = res.list.name || res.list.file;
    drop(u, l);
    res.units.forEach(function (unit) {
      var f = unit.fields;
      if (!f) return;
      var notUsed = unit.not_used || [];
      var t = { ruleset: f.ruleset, fields: f.target || {}, list: l, label: unit.name, notes: notUsed.concat(unit.target_notes || []) };
      if (f.missing) t.missing = f.missing;
      u.target[unique(u.target, unit.name + ' (' + l + ')')] = t;
      (f.attacks || []).forEach(function (a) {
        var label = a.name && a.name !== unit.name ? unit.name + ': ' + a.name : unit.name;
        u.attack[unique(u.attack, label + ' (' + l + ')')] = { ruleset: f.ruleset, fields: a, list: l, label: label, notes: notUsed.concat(unit.attack_notes || []) };
      });
    });
    return saveUnits(u) ? l : '';
  }

  // draw lists the imported lists in a drop zone, each with its button
  // to remove it.
  function draw(zone) {
    var box = zone.querySelector('.list-groups');
    if (!box) return;
    box.setAttribute('data-drawn', '1');
    box.textContent = '';
    var ls = lists(loadUnits());
    if (!ls.length) return;
    var h = document.createElement('p');
    h.className = 'list-groups-title';
    h.textContent = say('webimport.js.lists');
    box.appendChild(h);
    var ul = document.createElement('ul');
    ls.forEach(function (l) {
      var li = document.createElement('li');
      var name = document.createElement('span');
      name.textContent = l;
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'secondary';
      b.setAttribute('data-list', l);
      b.textContent = say('webimport.js.remove', l);
      li.appendChild(name);
      li.appendChild(document.createTextNode(' '));
      li.appendChild(b);
      ul.appendChild(li);
    });
    box.appendChild(ul);
  }

  function drawAll() {
    document.querySelectorAll('.list-drop').forEach(draw);
  }

  function status(zone, text, bad) {
    var s = zone.querySelector('.list-status');
    if (!s) return;
    s.textContent = text;
    s.classList.toggle('error-text', !!bad);
  }

  // send reads file on the server and keeps its units.
  function send(zone, file) {
    status(zone, say('webimport.js.reading', file.name));
    zone.setAttribute('aria-busy', 'true');
    var q = new URLSearchParams();
    q.set('name', file.name);
    q.set('lang', document.documentElement.lang || 'en');
    fetch('/api/import?' + q.toString(), { method: 'POST', body: file, headers: { Accept: 'application/json' } })
      .then(function (resp) {
        return resp.json().then(function (body) {
          if (!resp.ok) {
            status(zone, say('webimport.js.failed', file.name, body.error || resp.status), true);
            return;
          }
          var l = adopt(body);
          if (!l) { status(zone, say('webimport.js.cannot.keep'), true); return; }
          status(zone, say(zone.getAttribute('data-page') === 'combat' ? 'webimport.js.imported.combat' : 'webimport.js.imported', l));
          drawAll();
          changed();
        });
      })
      .catch(function (e) { status(zone, say('webimport.js.unreachable', e.message), true); })
      .finally(function () { zone.setAttribute('aria-busy', 'false'); });
  }

  document.addEventListener('change', function (ev) {
    var input = ev.target;
    var zone = input.closest && input.closest('.list-drop');
    if (!zone || input.type !== 'file' || !input.files.length) return;
    ev.stopPropagation(); // not a change of the scenario
    send(zone, input.files[0]);
    input.value = ''; // the same file again is a new import
  }, true);

  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('.list-drop button[data-list]');
    if (!b) return;
    var zone = b.closest('.list-drop');
    var l = b.getAttribute('data-list');
    var u = loadUnits();
    drop(u, l);
    saveUnits(u);
    drawAll();
    status(zone, say('webimport.js.removed', l));
    var input = zone.querySelector('input[type="file"]');
    if (input) input.focus();
    changed();
  });

  // Dropping: the whole zone takes the file.
  window.rearrankUnits.dropZone('.list-drop', send);

  // Another tab's import or removal, and a page's parts swapped in
  // (combat.js replaces the form after a saved unit is used).
  window.addEventListener('storage', function (ev) { if (ev.key === storeKey) drawAll(); });
  if (typeof localStorage === 'undefined') return;
  drawAll();
  new MutationObserver(function () {
    document.querySelectorAll('.list-drop').forEach(function (zone) {
      var box = zone.querySelector('.list-groups');
      if (box && !box.hasAttribute('data-drawn')) draw(zone);
    });
  }).observe(document.body, { childList: true, subtree: true });
}());
