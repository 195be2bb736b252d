// The compare tab's variants without a round trip. Each variant has its
// own forms (v<N>.a0.strength, ...) and its changes as text (v<N>), which
// is what the URL and the results carry (app.js leaves the forms' fields
// out of the URL). Here the two are kept in step, as the server does for
// a form sent without this file (formChanges in compare_page.go):
//   - a field changed in a variant's form writes the text: every field
//     that differs from the main form's field of the same name, after
//     what the text says of fields the forms do not hold;
//   - the text typed by hand fills the forms;
//   - a change in the main form reaches the fields a variant has not
//     changed, so that they keep following it.
// Duplicating and removing a variant ask the server, which sends the
// page back with the forms laid out.
(function () {
  'use strict';

  var commandNames = ['musician', 'standard', 'champion'];

  function form() { return document.getElementById('scenario'); }

  // pathOf turns a form name into a scenario path: a0.strength is
  // attacks[0].strength, t.toughness is target.toughness, and the
  // command checkboxes are target.command.
  function pathOf(name) {
    var m = /^a(\d+)\.(.+)$/.exec(name);
    if (m) return 'attacks[' + m[1] + '].' + m[2];
    if (name.indexOf('t.') !== 0) return null;
    var rest = name.slice(2);
    return commandNames.indexOf(rest) >= 0 ? 'target.command' : 'target.' + rest;
  }

  // split reads changes as the server's ParseAssignments does: a comma
  // followed by text with no "=" belongs to the value before it.
  function split(text) {
    var parts = [];
    text.split(',').forEach(function (p) {
      if (parts.length && p.indexOf('=') < 0) parts[parts.length - 1] += ',' + p;
      else parts.push(p);
    });
    return parts.map(function (p) { return p.trim(); }).filter(Boolean).map(function (p) {
      var i = p.indexOf('=');
      return { path: (i < 0 ? p : p.slice(0, i)).trim(), value: i < 0 ? '' : p.slice(i + 1).trim() };
    });
  }

  function valueOf(el) {
    if (!el || el.disabled) return '';
    return el.type === 'checkbox' ? (el.checked ? '1' : '') : el.value.trim();
  }

  function setValue(el, v) {
    if (el.type === 'checkbox') { el.checked = v !== '' && v !== '0' && v !== 'false'; return; }
    el.value = v;
    if (el.tagName === 'SELECT' && el.selectedIndex < 0) {
      el.value = v === 'true' ? '6+' : '';
      if (el.selectedIndex < 0) el.selectedIndex = 0;
    }
  }

  // inputsOf lists a variant's form fields, each with the main form's
  // field of the same name and its scenario path.
  function inputsOf(row) {
    var prefix = 'v' + row.getAttribute('data-row') + '.';
    var f = form();
    var out = [];
    row.querySelectorAll('input[name], select[name]').forEach(function (el) {
      if (el.name.indexOf(prefix) !== 0) return;
      var name = el.name.slice(prefix.length);
      out.push({ el: el, name: name, base: f.elements[name], path: pathOf(name) });
    });
    return out;
  }

  function textOf(row) { return document.getElementById('v-' + row.getAttribute('data-row')); }

  // write sets the variant's text from its forms.
  function write(row) {
    var text = textOf(row);
    var ins = inputsOf(row);
    var covered = {};
    ins.forEach(function (i) { covered[i.path] = true; });
    var out = split(text.value).filter(function (a) { return !covered[a.path]; }).map(function (a) { return a.path + '=' + a.value; });
    var command = false;
    ins.forEach(function (i) {
      var mine = valueOf(i.el), base = valueOf(i.base);
      if (i.path === 'target.command') { command = command || mine !== base; return; }
      if (mine !== base) out.push(i.path + '=' + (i.el.type === 'checkbox' ? (mine ? 'true' : '') : mine));
    });
    if (command) {
      var list = ins.filter(function (i) { return i.path === 'target.command' && i.el.checked && !i.el.disabled; })
        .map(function (i) { return i.name.slice(2); });
      out.push('target.command=[' + list.join(', ') + ']');
    }
    text.value = out.join(', ');
  }

  // fill sets the variant's forms from its text: a field the text does
  // not change takes the main form's value.
  function fill(row) {
    var changed = {};
    split(textOf(row).value).forEach(function (a) { changed[a.path] = a.value; });
    inputsOf(row).forEach(function (i) {
      if (!Object.prototype.hasOwnProperty.call(changed, i.path)) {
        if (i.base) setValue(i.el, i.base.type === 'checkbox' ? valueOf(i.base) : i.base.value);
        return;
      }
      var v = changed[i.path];
      if (i.path === 'target.command') v = v.indexOf(i.name.slice(2)) >= 0 ? '1' : '';
      setValue(i.el, v);
    });
  }

  function rows() { return document.querySelectorAll('.variant-row[data-row]'); }

  function rowOf(el) { return el.closest && el.closest('.variant-row[data-row]'); }

  function onEdit(ev) {
    var el = ev.target;
    if (!form() || !form().contains(el) || !el.name) return;
    var row = rowOf(el);
    if (row && /^v\d+$/.test(el.name)) { fill(row); return; }
    if (row && /^v\d+\./.test(el.name)) { write(row); return; }
    if (row && /^vl\d+$/.test(el.name)) { // a variant's name, also in its legend
      var legend = row.querySelector('legend[data-n]');
      var n = legend.getAttribute('data-n');
      // "Variant 2" in the page's language is the name box's placeholder.
      var unnamed = el.placeholder || n;
      legend.textContent = unnamed + (el.value.trim() ? ': ' + el.value.trim() : '');
      return;
    }
    if (row) return;
    // The main form changed: the variants' untouched fields follow it,
    // once app.js has shown the new ruleset's fields (a skirmish target
    // is one model).
    if (pathOf(el.name) || el.name === 'ruleset') setTimeout(function () { rows().forEach(fill); }, 0);
  }

  // Capture, so that the text is written before app.js reads the form.
  document.addEventListener('input', onEdit, true);
  document.addEventListener('change', onEdit, true);
})();
