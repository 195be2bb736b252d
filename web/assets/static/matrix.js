// rearrank's Matrix tab (issue 29): my units down, theirs across, one
// table per kind of fight, filled in from POST /api/matrix's stream as
// the server finishes each cell. A side is an army list file, read by
// POST /api/import as the Odds tab's drop zone reads it (the server's
// reader; nothing kept), or units saved in this browser (units.js's
// store), made into scenario JSON by POST /matrix/units with the Odds
// tab's own form code: this script parses no unit itself. A list file
// goes to the matrix whole (list_base64), so that its units are read as
// the command line reads them. A cell opens its pairing through POST
// /matrix/open, which writes the file the cell was computed from: a
// shooting cell on the Odds tab (the row's shooting groups at the
// column's unit), a round on the Combat tab (the two units as sides).
(function () {
  'use strict';

  var form = document.getElementById('matrix-form');
  if (!form) return;

  // words are the sentences this script writes, in the page's language
  // (the template's rearrank-matrix-words, from the catalogue); say
  // fills in a sentence's {0}, {1}.
  var words = (function () {
    var el = document.getElementById('rearrank-matrix-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }());
  function say(id) {
    var s = words[id] === undefined ? id : words[id];
    for (var i = 1; i < arguments.length; i++) s = s.split('{' + (i - 1) + '}').join(String(arguments[i]));
    return s;
  }
  var lang = document.documentElement.lang || 'en';
  // pageLang is the ?lang= the page was asked in, carried on by the
  // tab a cell opens.
  var pageLang = document.getElementById('main').getAttribute('data-lang') || '';

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A side is where its units come from ("list" or "saved") and, for a
  // list file, the file and what the import read of it: its name and its
  // units' names.
  var sides = { mine: { source: 'list', list: null }, theirs: { source: 'list', list: null } };

  form.hidden = false;

  // ----- The sides: a list file -----

  function fileStatus(side, text, bad) {
    var s = document.getElementById(side + '-file-status');
    s.textContent = text;
    s.classList.toggle('error-text', !!bad);
  }

  // readList sends file to /api/import and keeps side's units.
  function readList(side, file) {
    var zone = document.querySelector('#side-' + side + ' .matrix-drop');
    fileStatus(side, say('webmatrix.js.reading', file.name));
    zone.setAttribute('aria-busy', 'true');
    sides[side].list = null;
    showChosen(side);
    var q = new URLSearchParams();
    q.set('name', file.name);
    q.set('lang', lang);
    fetch('/api/import?' + q.toString(), { method: 'POST', body: file, headers: { Accept: 'application/json' } })
      .then(function (resp) {
        return resp.json().then(function (body) {
          if (!resp.ok) {
            fileStatus(side, say('webmatrix.js.failed', file.name, body.error || resp.status), true);
            return;
          }
          var got = { name: body.list.name || body.list.file || file.name, file: file, units: [] };
          (body.units || []).forEach(function (u) { if (!u.error && u.target) got.units.push(u.name); });
          sides[side].list = got;
          fileStatus(side, say('webmatrix.js.read', got.name, got.units.length));
          showChosen(side);
        });
      })
      .catch(function (e) { fileStatus(side, say('webmatrix.js.unreachable', e.message), true); })
      .finally(function () { zone.setAttribute('aria-busy', 'false'); });
  }

  form.addEventListener('change', function (ev) {
    var t = ev.target;
    var fs = t.closest('.matrix-side');
    if (!fs) return;
    var side = fs.getAttribute('data-side');
    if (t.type === 'file' && t.files.length) {
      readList(side, t.files[0]);
      t.value = ''; // the same file again is read again
    } else if (t.type === 'radio') {
      setSource(side, t.value);
    } else if (t.type === 'checkbox') {
      showChosen(side);
    }
  });

  // Dropping: the whole zone takes the file.
  window.rearrankUnits.dropZone('.matrix-drop', function (zone, file) {
    readList(zone.closest('.matrix-side').getAttribute('data-side'), file);
  });

  // ----- The sides: saved units -----

  function setSource(side, source) {
    sides[side].source = source;
    var fs = document.getElementById('side-' + side);
    fs.querySelectorAll('[data-source]').forEach(function (d) { d.hidden = d.getAttribute('data-source') !== source; });
    if (source === 'saved') drawSaved(side);
    showChosen(side);
  }

  // savedUnits are the store's targets, each with the attack profiles
  // that go with it: an imported list's unit's own (same list, its label
  // or "label: ..."), a unit saved by hand those saved under its name.
  function savedUnits() {
    var u = rearrankUnits.load();
    var out = [];
    Object.keys(u.target).sort().forEach(function (key) {
      var t = u.target[key];
      var label = t.label || key;
      var attacks = [];
      Object.keys(u.attack).sort().forEach(function (ak) {
        var a = u.attack[ak];
        if (t.list ? a.list === t.list && (a.label === label || (a.label || '').indexOf(label + ': ') === 0) : !a.list && ak === key) {
          attacks.push(a.fields || {});
        }
      });
      out.push({ key: key, name: label, list: t.list || '', ruleset: t.ruleset, target: t.fields || {}, attacks: attacks });
    });
    // in the order shown: those saved by hand, then each list's
    out.sort(function (a, b) {
      if (a.list !== b.list) return a.list === '' ? -1 : b.list === '' ? 1 : a.list < b.list ? -1 : 1;
      return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    });
    return out;
  }

  // drawSaved lists the saved units as boxes to tick, a group per list,
  // keeping the ticks.
  function drawSaved(side) {
    var box = document.getElementById(side + '-saved');
    var ticked = {};
    box.querySelectorAll('input:checked').forEach(function (i) { ticked[i.value] = true; });
    box.textContent = '';
    var units = savedUnits();
    if (!units.length) {
      box.appendChild(el('p', 'hint', say('webmatrix.js.none_saved')));
      return;
    }
    var groups = {};
    var order = [];
    units.forEach(function (u) {
      var g = u.list || '';
      if (!groups[g]) { groups[g] = []; order.push(g); }
      groups[g].push(u);
    });
    order.sort(function (a, b) { return a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1; });
    order.forEach(function (g, gi) {
      var fs = el('fieldset', 'matrix-saved-group');
      fs.appendChild(el('legend', '', g || say('webmatrix.js.by_hand')));
      groups[g].forEach(function (u, ui) {
        var id = side + '-saved-' + gi + '-' + ui;
        var label = el('label');
        label.setAttribute('for', id);
        var input = el('input');
        input.type = 'checkbox';
        input.id = id;
        input.value = u.key;
        input.checked = !!ticked[u.key];
        label.appendChild(input);
        label.appendChild(document.createTextNode(' ' + u.name));
        fs.appendChild(label);
      });
      box.appendChild(fs);
    });
  }
  function redrawSaved() {
    ['mine', 'theirs'].forEach(function (side) { if (sides[side].source === 'saved') drawSaved(side); });
  }
  document.addEventListener('rearrank:units', redrawSaved);
  window.addEventListener('storage', function (ev) { if (ev.key === rearrankUnits.key) redrawSaved(); });

  function tickedSaved(side) {
    var keys = {};
    document.querySelectorAll('#' + side + '-saved input:checked').forEach(function (i) { keys[i.value] = true; });
    return savedUnits().filter(function (u) { return keys[u.key]; });
  }

  // showChosen says which units a side holds now.
  function showChosen(side) {
    var names = [];
    if (sides[side].source === 'list') {
      if (sides[side].list) names = sides[side].list.units;
    } else {
      names = tickedSaved(side).map(function (u) { return u.name; });
    }
    document.getElementById(side + '-chosen').textContent = names.length ? say('webmatrix.js.chosen', names.join(', ')) : '';
  }

  // base64 resolves to file's bytes in base64.
  function base64(file) {
    return new Promise(function (resolve, reject) {
      var r = new FileReader();
      r.onload = function () { resolve(String(r.result).replace(/^[^,]*,/, '')); };
      r.onerror = function () { reject(r.error); };
      r.readAsDataURL(file);
    });
  }

  // sideOf resolves to side as the matrix takes it ({side}) and what the
  // page left out of it ({leftOut}): a list file whole, saved units made
  // into the matrix's through POST /matrix/units.
  function sideOf(side) {
    var s = sides[side];
    if (s.source === 'list') {
      return base64(s.list.file).then(function (b) { return { side: { list_base64: b }, leftOut: [] }; });
    }
    var chosen = tickedSaved(side);
    var body = { units: chosen.map(function (u) { return { name: u.name, ruleset: u.ruleset, target: u.target, attacks: u.attacks }; }) };
    return fetch('/matrix/units?lang=' + encodeURIComponent(lang), {
      method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'application/json' }
    }).then(function (resp) {
      return resp.json().then(function (ans) {
        if (!resp.ok) throw new Error(ans.error || String(resp.status));
        return { side: { name: say('webmatrix.source.saved'), units: ans.units }, leftOut: ans.left_out };
      });
    });
  }

  // ----- The matrix -----

  // measures are what a cell shows for each choice of show, by kind of
  // fight: the value's key in the cell's values, whether it is a chance,
  // and the words of its caption. Every value is the row's (mine) point
  // of view: higher is better for my unit.
  var measures = {
    shooting: {
      mean: { key: 'mean', chance: false, words: 'webmatrix.show.shooting.mean' },
      destroy: { key: 'p_destroy', chance: true, words: 'webmatrix.show.shooting.destroy' },
      'break': { key: 'p_panic', chance: true, words: 'webmatrix.show.shooting.break' },
      win: { key: 'p_at_least', chance: true, words: 'webmatrix.show.shooting.win' }
    },
    combat: {
      mean: { key: 'mean_result', chance: false, words: 'webmatrix.show.combat.mean' },
      // a round destroys a unit through its break test: the chance it breaks
      destroy: { key: 'p_they_break', chance: true, words: 'webmatrix.show.combat.break' },
      'break': { key: 'p_they_break', chance: true, words: 'webmatrix.show.combat.break' },
      win: { key: 'p_win', chance: true, words: 'webmatrix.show.combat.win' }
    }
  };
  function measureOf(fight) {
    var show = document.getElementById('matrix-show').value;
    return measures[fight === 'shooting' ? 'shooting' : 'combat'][show];
  }

  // m is the matrix shown: the start line's rows, cols and fights, the
  // cells by fight, row and column, the order of rows and columns of each
  // table, and what it is sorted by.
  var m = null;
  var running = null; // the AbortController of the stream in flight

  function newMatrix(start, req) {
    var mm = { rows: start.rows, cols: start.cols, fights: start.fights, total: start.cells, done: 0, errors: 0, atLeast: req.at_least,
      req: req, cells: {}, order: {}, leftOut: start.left_out || [] };
    mm.fights.forEach(function (f) {
      mm.cells[f] = mm.rows.map(function () { return new Array(mm.cols.length); });
      mm.order[f] = { rows: mm.rows.map(function (_, i) { return i; }), cols: mm.cols.map(function (_, i) { return i; }), byCol: null, byRow: null, desc: true };
    });
    return mm;
  }

  // value is what cell c shows under measure me, or null.
  function value(c, me) {
    if (!c || !c.values) return null;
    var v = c.values[me.key];
    return typeof v === 'number' ? v : null;
  }

  // text is v written with the digits the cell gives, never more: a
  // chance as a percentage (two of its digits go to the percent).
  function text(v, c, me) {
    var d = typeof c.digits === 'number' ? c.digits : 4;
    if (me.chance) {
      var pd = Math.max(0, d - 2);
      return new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: pd, maximumFractionDigits: pd }).format(v);
    }
    return new Intl.NumberFormat(lang, { minimumFractionDigits: d, maximumFractionDigits: d }).format(v);
  }

  // scale is the range the colours run over in fight's table: a chance
  // from 0 to 1, a mean from the table's least to its most.
  function scale(fight, me) {
    if (me.chance) return { lo: 0, hi: 1 };
    var lo = Infinity, hi = -Infinity;
    m.cells[fight].forEach(function (row) {
      row.forEach(function (c) {
        var v = value(c, me);
        if (v === null) return;
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      });
    });
    if (lo === Infinity) return { lo: 0, hi: 1 };
    if (!(fight !== 'shooting' && lo < 0) && lo > 0) lo = 0;
    return { lo: lo, hi: hi };
  }

  // shade is the cell's colour for t from 0 (worst here) to 1 (best): a
  // ramp of lightness, one hue, so that it reads in greyscale too, with
  // the ink that stays legible on it.
  function shade(t) {
    var l = 97 - 62 * Math.min(1, Math.max(0, t));
    return { bg: 'hsl(210, 45%, ' + l.toFixed(1) + '%)', ink: l < 62 ? '#ffffff' : '#1a1a1a', l: l };
  }

  function fightTitle(f) { return say('webmatrix.fight.' + f); }
  function caption(f) {
    var me = measureOf(f);
    return fightTitle(f) + ': ' + say(me.words, m.atLeast);
  }

  // open goes to cell (fight f, row r, col c) in full: POST /matrix/open
  // says where, from the sides the matrix was computed from.
  function open(f, r, c, b) {
    b.setAttribute('aria-busy', 'true');
    var body = { mine: m.req.mine, theirs: m.req.theirs, fight: f, row: r, col: c };
    fetch('/matrix/open' + (pageLang ? '?lang=' + encodeURIComponent(pageLang) : ''), {
      method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', Accept: 'application/json' }
    }).then(function (resp) {
      return resp.json().then(function (ans) {
        if (!resp.ok) throw new Error(ans.error || String(resp.status));
        location.assign(ans.href);
      });
    }).catch(function (e) {
      document.getElementById('matrix-note').textContent = say('webmatrix.js.unreachable', e.message);
    }).finally(function () { b.removeAttribute('aria-busy'); });
  }

  // drawTables lays out one table per fight; drawCells fills them.
  function drawTables() {
    var box = document.getElementById('matrix-tables');
    box.textContent = '';
    m.fights.forEach(function (f) {
      var sec = el('section', 'matrix-table');
      sec.setAttribute('data-fight', f);
      var h = el('h3', 'matrix-caption');
      h.id = 'matrix-title-' + f;
      sec.appendChild(h);
      var legend = el('p', 'matrix-legend');
      legend.id = 'matrix-legend-' + f;
      sec.appendChild(legend);
      var scroll = el('div', 'matrix-scroll');
      scroll.setAttribute('role', 'region');
      scroll.setAttribute('tabindex', '0');
      scroll.id = 'matrix-scroll-' + f;
      sec.appendChild(scroll);
      box.appendChild(sec);
      drawTable(f);
    });
  }

  function drawTable(f) {
    var o = m.order[f];
    var scroll = document.getElementById('matrix-scroll-' + f);
    scroll.setAttribute('aria-label', say('webmatrix.js.scroll', fightTitle(f)));
    var keepX = scroll.scrollLeft, keepY = scroll.scrollTop;
    scroll.textContent = '';
    var table = el('table', 'matrix');
    table.id = 'matrix-' + f;
    table.setAttribute('aria-labelledby', 'matrix-title-' + f);
    var head = table.createTHead().insertRow();
    var corner = el('th', 'corner', say('webmatrix.js.corner'));
    corner.scope = 'col';
    head.appendChild(corner);
    o.cols.forEach(function (c) {
      var th = el('th', 'col-name');
      th.scope = 'col';
      th.setAttribute('data-col', c);
      if (o.byCol === c) th.setAttribute('aria-sort', o.desc ? 'descending' : 'ascending');
      var b = el('button', 'sort', m.cols[c].name);
      b.type = 'button';
      b.setAttribute('data-sort-col', c);
      b.title = say('webmatrix.js.sort_rows', m.cols[c].name);
      th.appendChild(b);
      head.appendChild(th);
    });
    var body = table.createTBody();
    o.rows.forEach(function (r) {
      var tr = body.insertRow();
      tr.setAttribute('data-row', r);
      var th = el('th', 'row-name');
      th.scope = 'row';
      if (o.byRow === r) th.setAttribute('data-sorted', o.desc ? 'descending' : 'ascending');
      var b = el('button', 'sort', m.rows[r].name);
      b.type = 'button';
      b.setAttribute('data-sort-row', r);
      b.title = say('webmatrix.js.sort_cols', m.rows[r].name);
      th.appendChild(b);
      tr.appendChild(th);
      o.cols.forEach(function (c) {
        var td = tr.insertCell();
        td.id = 'cell-' + f + '-' + r + '-' + c;
        td.setAttribute('data-row', r);
        td.setAttribute('data-col', c);
      });
    });
    scroll.appendChild(table);
    scroll.scrollLeft = keepX;
    scroll.scrollTop = keepY;
    drawCells(f);
  }

  function drawCells(f) {
    var me = measureOf(f);
    var sc = scale(f, me);
    document.getElementById('matrix-title-' + f).textContent = caption(f);
    var lo = me.chance ? new Intl.NumberFormat(lang, { style: 'percent' }).format(sc.lo) : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(sc.lo);
    var hi = me.chance ? new Intl.NumberFormat(lang, { style: 'percent' }).format(sc.hi) : new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(sc.hi);
    var legend = document.getElementById('matrix-legend-' + f);
    legend.textContent = '';
    legend.appendChild(document.createTextNode(say('webmatrix.js.legend') + ' '));
    var ramp = el('span', 'matrix-ramp');
    ramp.appendChild(el('span', 'ramp-lo', say('webmatrix.js.legend_worse', lo)));
    ramp.appendChild(el('span', 'ramp-bar'));
    ramp.appendChild(el('span', 'ramp-hi', say('webmatrix.js.legend_better', hi)));
    ramp.setAttribute('aria-hidden', 'true');
    legend.appendChild(ramp);
    m.rows.forEach(function (_, r) {
      m.cols.forEach(function (__, c) { drawCell(f, r, c, me, sc); });
    });
  }

  function drawCell(f, r, c, me, sc) {
    var td = document.getElementById('cell-' + f + '-' + r + '-' + c);
    if (!td) return;
    var cell = m.cells[f][r][c];
    var who = [m.rows[r].name, m.cols[c].name];
    td.textContent = '';
    td.className = '';
    td.style.background = '';
    td.style.color = '';
    ['data-value', 'data-lightness', 'data-method', 'data-digits'].forEach(function (a) { td.removeAttribute(a); });
    if (!cell) {
      // not yet; after the end, not done (the server's deadline): "?"
      td.className = 'waiting';
      td.title = say('webmatrix.js.cell', who[0], who[1], say(m.ended ? 'webmatrix.js.not_done' : 'webmatrix.js.waiting'));
      if (m.ended) td.appendChild(el('span', '', '?'));
      td.appendChild(el('span', 'visually-hidden', say(m.ended ? 'webmatrix.js.not_done' : 'webmatrix.js.waiting')));
      return;
    }
    if (cell.method === 'none' || cell.method === 'error') {
      var why = cell.method === 'none' ? say('webmatrix.js.not_applicable', cell.why || '') : say('webmatrix.js.error', (cell.error && cell.error.message) || '');
      td.className = cell.method === 'none' ? 'na' : 'err';
      var b = el('button', 'why', cell.method === 'none' ? '–' : '!');
      b.type = 'button';
      b.title = say('webmatrix.js.cell', who[0], who[1], why);
      b.setAttribute('aria-label', b.title);
      b.setAttribute('data-why', b.title);
      td.appendChild(b);
      return;
    }
    var v = value(cell, me);
    if (v === null) {
      td.className = 'na';
      td.textContent = '–';
      return;
    }
    var t = sc.hi > sc.lo ? (v - sc.lo) / (sc.hi - sc.lo) : (me.chance ? v : 0.5);
    var sh = shade(t);
    td.style.background = sh.bg;
    td.style.color = sh.ink;
    td.setAttribute('data-value', String(v));
    td.setAttribute('data-lightness', sh.l.toFixed(1));
    td.setAttribute('data-method', cell.method);
    td.setAttribute('data-digits', String(typeof cell.digits === 'number' ? cell.digits : 4));
    // A sampled cell is marked as the command line marks it: ~0.61.
    var shown = (cell.method === 'sampled' ? '~' : '') + text(v, cell, me);
    var how = cell.method === 'sampled' ? say('webmatrix.js.sampled', cell.samples, text(cell.half_width || 0, cell, { chance: me.chance })) : say('webmatrix.js.exact');
    var a = el('button', 'cell', shown);
    a.type = 'button';
    a.setAttribute('data-open', f);
    a.title = say('webmatrix.js.cell', who[0], who[1], shown + ' (' + how + ')') + ' — ' + say(f === 'shooting' ? 'webmatrix.js.open_odds' : 'webmatrix.js.open_combat');
    if (cell.method === 'sampled') td.className = 'sampled';
    td.appendChild(a);
  }

  // Sorting: a column's head sorts the rows by it, best first, again
  // worst first; a row's name sorts the columns.
  document.getElementById('matrix-tables').addEventListener('click', function (ev) {
    var b = ev.target.closest('button');
    if (!b || !m) return;
    var f = b.closest('.matrix-table').getAttribute('data-fight');
    if (b.classList.contains('why')) {
      document.getElementById('matrix-note').textContent = b.getAttribute('data-why');
      return;
    }
    if (b.hasAttribute('data-open')) {
      var td = b.closest('td');
      open(f, +td.getAttribute('data-row'), +td.getAttribute('data-col'), b);
      return;
    }
    var o = m.order[f];
    var me = measureOf(f);
    var by = function (get) {
      return function (x, y) {
        var a = get(x), bb = get(y);
        if (a === null && bb === null) return x - y;
        if (a === null) return 1;
        if (bb === null) return -1;
        return (o.desc ? bb - a : a - bb) || x - y;
      };
    };
    if (b.hasAttribute('data-sort-col')) {
      var c = +b.getAttribute('data-sort-col');
      o.desc = o.byCol === c ? !o.desc : true;
      o.byCol = c;
      o.byRow = null;
      o.rows.sort(by(function (r) { return value(m.cells[f][r][c], me); }));
    } else if (b.hasAttribute('data-sort-row')) {
      var r = +b.getAttribute('data-sort-row');
      o.desc = o.byRow === r ? !o.desc : true;
      o.byRow = r;
      o.byCol = null;
      o.cols.sort(by(function (cc) { return value(m.cells[f][r][cc], me); }));
    } else return;
    drawTable(f);
    var again = document.querySelector('#matrix-' + f + ' button[' + (b.hasAttribute('data-sort-col') ? 'data-sort-col="' + b.getAttribute('data-sort-col') : 'data-sort-row="' + b.getAttribute('data-sort-row')) + '"]');
    if (again) again.focus();
  });

  document.getElementById('matrix-show').addEventListener('change', function () {
    if (!m) return;
    m.fights.forEach(drawCells);
  });

  // Cells arrive faster than a frame: the tables are redrawn once a frame.
  var dirty = {};
  var frame = 0;
  function later(f) {
    dirty[f] = true;
    if (frame) return;
    frame = requestAnimationFrame(function () {
      frame = 0;
      Object.keys(dirty).forEach(function (k) { if (m && m.cells[k]) drawCells(k); });
      dirty = {};
    });
  }

  function progress() {
    var p = document.getElementById('matrix-progress');
    p.max = Math.max(1, m.total);
    p.value = m.done;
    document.getElementById('matrix-status').textContent = say('webmatrix.js.progress', m.done, m.total);
  }

  // drawLeftOut says which units of the lists are no row or column, and
  // (folded) what reading the lists assumed of those that are.
  function drawLeftOut(extra) {
    var box = document.getElementById('matrix-left-out');
    box.textContent = '';
    var all = extra.concat(m ? m.leftOut : []);
    var notes = [];
    if (m) {
      [['mine', m.rows], ['theirs', m.cols]].forEach(function (s) {
        s[1].forEach(function (u) {
          (u.notes || []).forEach(function (n) { notes.push(say('webmatrix.js.note.' + s[0], u.name, n)); });
        });
      });
    }
    box.hidden = !all.length && !notes.length;
    if (all.length) {
      box.appendChild(el('h3', '', say('webmatrix.js.left_out')));
      var ul = el('ul');
      all.forEach(function (l) {
        ul.appendChild(el('li', '', say(l.side === 'theirs' ? 'webmatrix.js.left_out.theirs' : 'webmatrix.js.left_out.mine', l.name, l.why)));
      });
      box.appendChild(ul);
    }
    if (notes.length) {
      var d = el('details', 'matrix-notes');
      d.appendChild(el('summary', '', say('webmatrix.js.notes', notes.length)));
      var nl = el('ul');
      notes.forEach(function (n) { nl.appendChild(el('li', '', n)); });
      d.appendChild(nl);
      box.appendChild(d);
    }
  }

  function showError(text) {
    var e = document.getElementById('matrix-error');
    e.textContent = text;
    e.hidden = !text;
    if (text) e.focus();
  }

  function busy(on) {
    document.getElementById('results').setAttribute('aria-busy', on ? 'true' : 'false');
    document.getElementById('matrix-submit').disabled = on;
    document.getElementById('matrix-stop').hidden = !on;
  }

  // handle takes one line of the stream.
  function handle(line, ctx) {
    switch (line.type) {
      case 'start':
        m = newMatrix(line, ctx.req);
        drawTables();
        drawLeftOut(ctx.extra);
        progress();
        break;
      case 'cell':
        if (!m || !m.cells[line.fight] || !m.cells[line.fight][line.row]) return;
        if (!m.cells[line.fight][line.row][line.col]) m.done++;
        if (line.method === 'error') m.errors++;
        m.cells[line.fight][line.row][line.col] = line;
        later(line.fight);
        progress();
        break;
      case 'end':
        if (!m) return;
        m.ended = true;
        m.fights.forEach(drawCells);
        var said = [say('webmatrix.js.done', line.done, m.total, ((line.elapsed_ms || 0) / 1000).toFixed(1))];
        if (line.deadline) said.push(say('webmatrix.js.deadline', line.not_done || (m.total - m.done)));
        if (line.errors) said.push(say('webmatrix.js.errors', line.errors));
        document.getElementById('matrix-status').textContent = said.join(' ');
        document.getElementById('matrix-progress').value = line.done;
        break;
      case 'error':
        showError(say('webmatrix.js.went_wrong', line.message || (line.error && line.error.message) || line.error || ''));
        break;
    }
  }

  // stream reads the response's lines as they come.
  function stream(resp, ctx) {
    var reader = resp.body.getReader();
    var dec = new TextDecoder();
    var buf = '';
    function pump() {
      return reader.read().then(function (r) {
        if (r.value) buf += dec.decode(r.value, { stream: !r.done });
        var nl;
        while ((nl = buf.indexOf('\n')) >= 0) {
          var s = buf.slice(0, nl).trim();
          buf = buf.slice(nl + 1);
          if (s) handle(JSON.parse(s), ctx);
        }
        if (r.done) {
          if (buf.trim()) handle(JSON.parse(buf), ctx);
          return;
        }
        return pump();
      });
    }
    return pump();
  }

  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    showError('');
    var fights = Array.from(form.querySelectorAll('input[name="fight"]:checked')).map(function (i) { return i.value; });
    var atLeast = Number(document.getElementById('matrix-at-least').value);
    var problems = [];
    if (sides.mine.source === 'list' ? !sides.mine.list : !tickedSaved('mine').length) problems.push(say('webmatrix.js.choose_mine'));
    if (sides.theirs.source === 'list' ? !sides.theirs.list : !tickedSaved('theirs').length) problems.push(say('webmatrix.js.choose_theirs'));
    if (!fights.length) problems.push(say('webmatrix.js.no_fights'));
    if (!Number.isInteger(atLeast) || atLeast < 1 || atLeast > 100) problems.push(say('webmatrix.js.at_least'));
    if (problems.length) {
      showError(problems.join(' '));
      return;
    }
    if (running) running.abort();
    var ctrl = new AbortController();
    running = ctrl;
    var results = document.getElementById('results');
    results.hidden = false;
    busy(true);
    m = null;
    document.getElementById('matrix-tables').textContent = '';
    document.getElementById('matrix-note').textContent = '';
    document.getElementById('matrix-left-out').hidden = true;
    document.getElementById('matrix-status').textContent = say('webmatrix.js.sending');
    Promise.all([sideOf('mine'), sideOf('theirs')]).then(function (got) {
      var ctx = { extra: [] };
      got[0].leftOut.forEach(function (l) { ctx.extra.push({ side: 'mine', name: l.name, why: l.why }); });
      got[1].leftOut.forEach(function (l) { ctx.extra.push({ side: 'theirs', name: l.name, why: l.why }); });
      var req = ctx.req = { mine: got[0].side, theirs: got[1].side, fights: fights, show: document.getElementById('matrix-show').value, at_least: atLeast };
      return fetch('/api/matrix?lang=' + encodeURIComponent(lang), {
        method: 'POST', body: JSON.stringify(req), signal: ctrl.signal,
        headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson' }
      }).then(function (resp) {
        if (!resp.ok) {
          return resp.json().then(function (b) {
            document.getElementById('matrix-status').textContent = '';
            showError(say('webmatrix.js.went_wrong', b.error || resp.status));
            m = null;
            drawLeftOut(ctx.extra);
          });
        }
        return stream(resp, ctx);
      });
    }).catch(function (e) {
      if (e.name === 'AbortError') return;
      showError(say('webmatrix.js.unreachable', e.message));
    }).finally(function () {
      if (running !== ctrl) return;
      running = null;
      busy(false);
      results.focus({ preventScroll: true });
    });
  });

  document.getElementById('matrix-stop').addEventListener('click', function () {
    if (!running) return;
    running.abort();
    running = null;
    busy(false);
    if (m) document.getElementById('matrix-status').textContent = say('webmatrix.js.stopped', m.done, m.total);
  });

  ['mine', 'theirs'].forEach(function (side) {
    var checked = form.querySelector('input[name="' + side + '-source"]:checked');
    setSource(side, checked ? checked.value : 'list');
  });
}());
