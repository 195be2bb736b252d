// rearrank: the Combat tab (combat.tmpl) in place. Without this script
// each button is a GET of /combat. With it, as on the odds tab (app.js),
// the results follow the form as it changes: marked out of date at once,
// and fetched again when the typing pauses, from the same GET of /combat
// (exact, with Monte Carlo past the state limit); the text box shows the
// file of the form; the ruleset shows only its fields; the URL follows
// the form; and saved units (the odds tab's list, in localStorage) can be
// used as either side.
(function () {
  'use strict';

  function form() { return document.getElementById('combat-form'); }

  // words are the sentences this script writes, in the page's language
  // (combat.tmpl's rearrank-words); say fills in a sentence's {0}, {1}.
  var words = (function () {
    var el = document.getElementById('rearrank-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }());
  function say(id) {
    var s = words[id] === undefined ? id : words[id];
    for (var i = 1; i < arguments.length; i++) s = s.split('{' + (i - 1) + '}').join(String(arguments[i]));
    return s;
  }
  function results() { return document.getElementById('results'); }

  // query is the form as its link holds it: the text box and the example
  // list are the buttons' own.
  function query(f) {
    var q = new URLSearchParams();
    new FormData(f || form()).forEach(function (v, k) {
      if (v !== '' && k !== 'file' && k !== 'filesum' && k !== 'example') q.append(k, v);
    });
    return q;
  }

  // The ruleset decides which fields are shown (data-rulesets), as on the
  // odds tab; hidden fields are disabled, so they stay out of the link.
  function applyRuleset(changed) {
    var f = form();
    if (!f || !f.elements.ruleset) return;
    var rs = f.elements.ruleset.value;
    f.querySelectorAll('[data-rulesets]').forEach(function (el) {
      var on = el.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
      if (el.tagName === 'OPTION') {
        var keep = el.selected && !changed;
        el.hidden = el.disabled = !on && !keep;
        if (!on && changed && el.selected && el.hasAttribute('data-instead')) el.parentElement.value = el.getAttribute('data-instead');
        return;
      }
      if (el.tagName === 'SPAN') { el.hidden = !on; return; } // a label's words
      el.hidden = !on;
      el.querySelectorAll('input, select, textarea').forEach(function (i) {
        var box = i.closest('[data-rulesets]');
        var shown = !box || box.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
        i.disabled = !(on && shown);
      });
    });
    var opt = f.elements.ruleset.options[f.elements.ruleset.selectedIndex];
    var hint = document.getElementById('ruleset-hint');
    if (hint && opt) hint.textContent = opt.getAttribute('data-doc') || '';
  }

  function setError(el, msg) {
    var p = el.id && document.getElementById(el.id + '-error');
    if (p) { p.textContent = msg; p.hidden = !msg; }
    if (msg) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    var box = el.closest('.field');
    if (box) box.classList.toggle('invalid', !!msg);
  }

  function check(el) {
    if (!el.willValidate || el.type === 'hidden' || el.id === 'file') return true;
    var ok = el.checkValidity();
    setError(el, ok ? '' : (el.getAttribute('data-msg') || el.validationMessage));
    return ok;
  }

  function labelOf(el) {
    var l = el.id && document.querySelector('label[for="' + el.id + '"]');
    if (!l) return el.name;
    var shown = Array.prototype.filter.call(l.querySelectorAll('span'), function (s) { return !s.hidden; });
    return shown.length ? shown[0].textContent : l.textContent;
  }

  // live says why the results do not match the form yet; '' hides it.
  function live(kind, text) {
    var el = document.getElementById('live');
    if (el) {
      el.className = 'live' + (kind ? ' ' + kind : '');
      el.textContent = text || '';
      el.hidden = !text;
      el.setAttribute('data-state', kind || '');
    }
    var s = document.getElementById('live-short');
    if (s) {
      s.className = 'live-short' + (kind ? ' ' + kind : '');
      s.textContent = kind === 'stale' ? say('webres.js.stale_short') : kind === 'busy' ? say('webres.js.busy_short') : '';
      s.hidden = !s.textContent;
    }
  }

  function markStale() {
    var out = results();
    if (!out || !out.children.length) return;
    out.classList.add('stale');
    live('stale', say('webres.js.stale'));
  }

  function unfold(el) {
    for (var d = el.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true;
  }

  // adopt takes from the page doc, fetched for the form as it is, its
  // results, its problem, the errors beside the inputs and the file of
  // the form, leaving the inputs (and what is being typed) alone.
  function adopt(doc, quiet) {
    var out = results();
    var next = doc.getElementById('results');
    if (out && next) out.innerHTML = next.innerHTML;
    if (out) out.classList.remove('stale');
    var sum = document.getElementById('error-summary');
    var nextSum = doc.getElementById('error-summary');
    if (sum && nextSum) { sum.innerHTML = nextSum.innerHTML; sum.hidden = nextSum.hidden; }
    form().querySelectorAll('input[id], select[id], textarea[id]').forEach(function (el) {
      var p = document.getElementById(el.id + '-error');
      var np = doc.getElementById(el.id + '-error');
      if (!p || !np) return;
      var msg = np.hidden ? '' : np.textContent;
      if (el.id === 'file') { p.textContent = msg; p.hidden = !msg; return; }
      setError(el, msg);
      if (msg) {
        var box = el.closest('[data-rulesets]');
        if (box) box.hidden = false;
        unfold(el);
      }
    });
    var file = document.getElementById('file');
    var nextFile = doc.getElementById('file');
    if (file && nextFile && document.activeElement !== file) {
      file.value = nextFile.value;
      file.defaultValue = nextFile.value;
    }
    live('', '');
    var status = document.getElementById('status');
    var title = (out && out.querySelector('h2')) || (sum && !sum.hidden && sum.querySelector('h2'));
    if (status && title) status.textContent = say('webres.js.updated', title.textContent);
    if (quiet) return;
    if (sum && !sum.hidden) { sum.focus(); return; }
    // After a button the answer's headline is on screen.
    var head = document.getElementById('results-title');
    if (head) {
      var top = head.getBoundingClientRect().top;
      if (top < 0 || top > window.innerHeight * 0.8) head.scrollIntoView({ block: 'start' });
      out.focus({ preventScroll: true });
    }
  }

  var pending = null;
  var liveTimer = null;
  var retryTimer = null;
  var retries = 0;

  // load fetches the page for the form as it is and takes its results.
  // A busy server (503) is asked again, waiting twice as long each time.
  function load(quiet) {
    var q = query();
    var url = '/combat?' + q.toString();
    if (location.pathname + location.search !== url) history[quiet ? 'replaceState' : 'pushState'](null, '', url);
    var out = results();
    if (out) out.setAttribute('aria-busy', 'true');
    if (pending) pending.abort();
    clearTimeout(retryTimer);
    var ctl = new AbortController();
    pending = ctl;
    return fetch(url, { signal: ctl.signal, headers: { Accept: 'text/html' } })
      .then(function (resp) {
        if (resp.status === 503) {
          var wait = Math.min(500 * Math.pow(2, retries++), 15000);
          live('busy', say('webres.js.busy', Math.ceil(wait / 1000)));
          retryTimer = setTimeout(function () { load(true); }, wait);
          return;
        }
        retries = 0;
        return resp.text().then(function (html) {
          if (pending !== ctl) return;
          adopt(new DOMParser().parseFromString(html, 'text/html'), quiet);
        });
      })
      .catch(function (e) {
        if (e.name !== 'AbortError') live('busy', say('webres.js.unreachable', e.message));
      })
      .finally(function () {
        if (pending === ctl) { pending = null; if (out) out.setAttribute('aria-busy', 'false'); }
      });
  }

  // titles names each side by its unit as its name is typed.
  function titles() {
    ['a', 'b'].forEach(function (s) {
      var side = document.getElementById('side-' + s);
      var name = form().elements[s + '.u.name'];
      if (!side || !name) return;
      var title = name.value.trim() ? say('webres.js.side_named', s, name.value.trim()) : say('webres.js.side', s);
      side.querySelector('legend').textContent = title;
      side.querySelectorAll('fieldset.fight > legend').forEach(function (l, i) { l.textContent = say('webres.js.fight', title, i + 1); });
    });
  }

  // changed runs as the form changes: the results are marked out of date
  // at once, and fetched when the typing pauses, if every input is valid.
  function changed() {
    markStale();
    titles();
    clearTimeout(liveTimer);
    liveTimer = setTimeout(function () {
      var bad = null;
      Array.prototype.forEach.call(form().elements, function (el) {
        if (!bad && el.id !== 'file' && el.willValidate && el.type !== 'hidden' && !el.checkValidity()) bad = el;
      });
      if (bad) {
        check(bad);
        live('stale', say('webres.js.fix', labelOf(bad)));
        return;
      }
      load(true);
    }, 400);
  }

  // swap fetches a whole page (a button's, or the history's) and puts its
  // main part in place of this one's.
  function swap(url, push) {
    var out = results();
    if (out) out.setAttribute('aria-busy', 'true');
    if (pending) pending.abort();
    clearTimeout(liveTimer);
    return fetch(url, { headers: { Accept: 'text/html' } })
      .then(function (resp) {
        return resp.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, 'text/html');
          var main = document.getElementById('main');
          var next = doc.getElementById('main');
          if (!next || !main) return;
          main.replaceWith(next);
          var canonical = '/combat?' + (next.getAttribute('data-query') || '');
          if (push) history.pushState(null, '', next.querySelector('#file[aria-invalid]') ? (resp.url || url) : canonical);
          enhance();
          var status = document.getElementById('status');
          var title = next.querySelector('#results h2') || next.querySelector('#error-summary h2');
          if (status && title) status.textContent = say('webres.js.updated', title.textContent);
          var err = document.getElementById('error-summary');
          if (err && !err.hidden) { err.focus(); return; }
          var head = document.getElementById('results-title');
          if (head && push && /[?&](load|fromfile|reroll)=/.test(url)) head.scrollIntoView({ block: 'start' });
        });
      })
      .catch(function (e) { live('busy', say('webres.js.unreachable', e.message)); })
      .finally(function () {
        var o = results();
        if (o) o.setAttribute('aria-busy', 'false');
      });
  }

  var lastButton = null;
  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button');
    lastButton = b && form() && form().contains(b) ? b : null;
  }, true);

  document.addEventListener('submit', function (ev) {
    var f = ev.target;
    if (!f || f.id !== 'combat-form') return;
    ev.preventDefault();
    var by = ev.submitter || lastButton;
    var file = document.getElementById('file');
    var q;
    if (by && by.name === 'load') {
      q = new URLSearchParams({ load: '1', example: f.elements.example.value });
    } else if ((by && by.name === 'fromfile') || (file && file.value !== file.defaultValue && !(by && by.name))) {
      // a file pasted or edited in the box fills the form
      q = new URLSearchParams({ fromfile: '1', file: file.value });
    } else if (by && by.name) {
      q = query();
      q.set(by.name, by.value);
    } else {
      var first = null;
      Array.prototype.forEach.call(f.elements, function (el) { if (!check(el) && !first) first = el; });
      if (first) { unfold(first); first.focus(); return; }
      clearTimeout(liveTimer);
      load(false);
      return;
    }
    swap('/combat?' + q.toString(), true);
  });

  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('a#combat-reroll');
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    swap(a.getAttribute('href'), true);
  });

  // A change of the form's inputs (not of the text box, the example list
  // or a saved unit's controls, which have buttons of their own).
  function ownInput(el) {
    return form() && form().contains(el) && el.name && el.name !== 'file' && el.name !== 'filesum' && el.name !== 'example';
  }
  document.addEventListener('change', function (ev) {
    if (!ownInput(ev.target)) return;
    if (ev.target.name === 'ruleset') applyRuleset(true);
    check(ev.target);
    changed();
  });
  document.addEventListener('input', function (ev) {
    var el = ev.target;
    if (!ownInput(el)) return;
    if (el.getAttribute('aria-invalid') === 'true') check(el);
    if (el.type !== 'checkbox' && el.tagName !== 'SELECT') changed();
  });

  window.addEventListener('popstate', function () { swap(location.href, false); });

  // Saved units: the odds tab's list (localStorage rearrank.units, its
  // targets), each a unit's fields by name and the ruleset it was saved
  // under. A unit saved here keeps its side's own fields and fights too
  // (combat), which the odds tab leaves alone; a target saved there is a
  // side's unit here, the side keeping its fights.
  // The store is units.js's, shared by every tab.
  var storeKey = rearrankUnits.key;
  function loadUnits() { return rearrankUnits.load(); }
  function saveUnits(u) { return rearrankUnits.save(u); }

  // sideOf is side s of the form as a saved unit.
  function sideOf(s) {
    var unit = { ruleset: form().elements.ruleset.value, fields: {}, combat: { own: {}, fights: [] } };
    var re = new RegExp('^' + s + '\\.(?:(u)\\.|f(\\d)\\.)?(.+)$');
    query().forEach(function (v, k) {
      var m = re.exec(k);
      if (!m) return;
      if (m[1]) unit.fields[m[3]] = v;
      else if (m[2] !== undefined) {
        var i = +m[2];
        while (unit.combat.fights.length <= i) unit.combat.fights.push({});
        unit.combat.fights[i][m[3]] = v;
      } else unit.combat.own[m[3]] = v;
    });
    return unit;
  }

  // useUnit makes side s the saved unit: the form's link with the side's
  // unit (and, for a unit saved here, its fields and fights) replaced.
  function useUnit(s, unit, name) {
    var q = query();
    var own = unit.combat ? new RegExp('^' + s + '\\.') : new RegExp('^' + s + '\\.u\\.');
    Array.from(q.keys()).forEach(function (k) { if (own.test(k)) q.delete(k); });
    var rs = form().elements.ruleset;
    if (unit.ruleset && unit.ruleset !== rs.value && rs.querySelector('option[value="' + unit.ruleset + '"]')) q.set('ruleset', unit.ruleset);
    Object.keys(unit.fields).forEach(function (k) { if (unit.fields[k] !== '') q.set(s + '.u.' + k, unit.fields[k]); });
    if (name && !unit.fields.name) q.set(s + '.u.name', name);
    if (unit.combat) {
      Object.keys(unit.combat.own || {}).forEach(function (k) { q.set(s + '.' + k, unit.combat.own[k]); });
      (unit.combat.fights || []).forEach(function (fv, i) {
        Object.keys(fv).forEach(function (k) { q.set(s + '.f' + i + '.' + k, fv[k]); });
      });
    }
    return swap('/combat?' + q.toString(), true);
  }

  // fillList lists the saved units: those saved by hand first, then an
  // imported list's (import.js) in a group of the list's name.
  function fillList(select) {
    var units = loadUnits().target;
    var keep = select.value;
    select.textContent = '';
    var first = document.createElement('option');
    first.value = '';
    first.textContent = Object.keys(units).length ? say('webres.js.pick') : say('webres.js.none_saved');
    select.appendChild(first);
    var groups = {};
    Object.keys(units).sort().forEach(function (name) {
      var o = document.createElement('option');
      var label = units[name].label || name;
      o.value = name;
      o.textContent = units[name].combat ? label : say('webres.js.no_fights', label);
      var l = units[name].list;
      if (!l) { select.appendChild(o); return; }
      if (!groups[l]) {
        groups[l] = document.createElement('optgroup');
        groups[l].label = l;
      }
      groups[l].appendChild(o);
    });
    Object.keys(groups).sort().forEach(function (l) { select.appendChild(groups[l]); });
    select.value = units[keep] ? keep : '';
  }
  document.addEventListener('rearrank:units', function () { document.querySelectorAll('.saved-box select').forEach(fillList); });

  // imported says, under side s's saved list, what the imported unit's
  // file holds that the combat does not use, and marks the fields its
  // list does not give (import.js), each with what the import said.
  function imported(s, unit, name) {
    var side = document.getElementById('side-' + s);
    if (!side) return;
    var box = side.querySelector('.import-notes');
    if (box && unit.notes && unit.notes.length) {
      box.textContent = '';
      var p = document.createElement('p');
      p.textContent = say('webimport.js.not.used');
      var ul = document.createElement('ul');
      unit.notes.forEach(function (n) {
        var li = document.createElement('li');
        li.textContent = n;
        ul.appendChild(li);
      });
      box.appendChild(p);
      box.appendChild(ul);
      box.hidden = false;
    }
    var marked = false;
    Object.keys(unit.missing || {}).forEach(function (field) {
      var el = form().elements[s + '.u.' + field];
      if (!el || el.value !== '') return;
      setError(el, unit.missing[field]);
      unfold(el);
      marked = true;
    });
    var m = side.querySelector('.saved-msg');
    if (m && marked) m.textContent += ' ' + say('webimport.js.incomplete', name);
  }

  // savedBar puts a side's saved units under its legend.
  function savedBar(group, s) {
    if (group.querySelector('.saved-box')) return;
    var box = document.createElement('details');
    box.className = 'more saved-box';
    box.innerHTML = '<summary></summary><div class="saved"></div>';
    box.querySelector('summary').textContent = say('webres.js.saved_units');
    box.open = Object.keys(loadUnits().target).length > 0;
    var bar = box.querySelector('.saved');
    bar.innerHTML = '<div class="field"><label></label><select></select></div>' +
      '<div class="field"><label></label><input type="text" autocomplete="off"></div>' +
      '<div class="saved-buttons"><button type="button" class="secondary" data-act="save"></button>' +
      '<button type="button" class="secondary" data-act="delete"></button></div>' +
      '<p class="hint saved-msg" role="status"></p><div class="import-notes" hidden></div>';
    var labels = bar.querySelectorAll('label');
    var select = bar.querySelector('select');
    var name = bar.querySelector('input');
    select.id = 'saved-' + s + '-list';
    labels[0].htmlFor = select.id;
    labels[0].textContent = say('webres.js.use_saved', s);
    name.id = 'saved-' + s + '-name';
    labels[1].htmlFor = name.id;
    labels[1].textContent = say('webres.js.save_side', s);
    var nameField = form().elements[s + '.u.name'];
    name.placeholder = (nameField && nameField.value) || say('webres.js.a_name');
    var save = bar.querySelector('[data-act="save"]');
    save.id = 'saved-' + s + '-save';
    save.textContent = say('webres.js.save_unit');
    var del = bar.querySelector('[data-act="delete"]');
    del.id = 'saved-' + s + '-delete';
    del.textContent = say('webres.js.delete');
    var msg = bar.querySelector('.saved-msg');
    select.addEventListener('change', function () {
      var unit = loadUnits().target[select.value];
      if (!unit) return;
      var n = select.value;
      useUnit(s, unit, n).then(function () {
        var m = document.querySelector('#side-' + s + ' .saved-msg');
        if (m) m.textContent = say('webres.js.side_is', s, n);
        if (unit.list) imported(s, unit, n);
      });
    });
    save.addEventListener('click', function () {
      var n = name.value.trim() || (nameField && nameField.value.trim()) || '';
      if (!n) { msg.textContent = say('webres.js.name_first'); name.focus(); return; }
      var u = loadUnits();
      u.target[n] = sideOf(s);
      msg.textContent = saveUnits(u) ? say('webres.js.saved', n) : say('webres.js.cannot_save');
      document.querySelectorAll('.saved-box select').forEach(fillList);
    });
    del.addEventListener('click', function () {
      if (!select.value) { msg.textContent = say('webres.js.pick_delete'); return; }
      var u = loadUnits();
      var n = select.value;
      delete u.target[n];
      saveUnits(u);
      document.querySelectorAll('.saved-box select').forEach(fillList);
      msg.textContent = say('webres.js.deleted', n);
    });
    group.querySelector('legend').insertAdjacentElement('afterend', box);
    fillList(select);
  }

  function enhance() {
    var f = form();
    if (!f) return;
    f.noValidate = true; // the inline messages replace the browser's bubbles
    document.querySelectorAll('[data-js]').forEach(function (el) { el.hidden = false; });
    applyRuleset(false);
    if (typeof localStorage !== 'undefined') {
      f.querySelectorAll('fieldset.side').forEach(function (g) { savedBar(g, g.getAttribute('data-side')); });
    }
  }

  enhance();
}());
