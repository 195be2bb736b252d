// The compare tab's buttons without a round trip: "Duplicate attack group
// N" and "Duplicate the target" fill an empty variant row with the
// group's values as path=value changes, ready to edit. Without this file
// the same buttons ask the server, which fills the row and redirects.
(function () {
  'use strict';

  // fieldPath turns a form name into a scenario path: a0.strength is
  // attacks[0].strength, t.toughness is target.toughness.
  function fieldPath(name, prefix) {
    if (name.indexOf(prefix) !== 0) return null;
    var rest = name.slice(prefix.length);
    if (rest === 'name' || rest === 'musician' || rest === 'standard' || rest === 'champion') return null;
    if (prefix === 't.') return 'target.' + rest;
    return 'attacks[' + prefix.slice(1, -1) + '].' + rest;
  }

  function changesOf(form, what) {
    var prefix = what === 't' ? 't.' : what + '.';
    var out = [];
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.disabled) return;
      var path = fieldPath(el.name, prefix);
      if (!path) return;
      if (el.type === 'checkbox') {
        if (el.checked) out.push(path + '=true');
      } else if (el.value.trim() !== '') {
        out.push(path + '=' + el.value.trim());
      }
    });
    return out.join(', ');
  }

  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button[name="dup"]');
    if (!b || !b.form) return;
    var rows = b.form.querySelectorAll('.variant-row');
    var empty = null;
    Array.prototype.forEach.call(rows, function (row) {
      var v = row.querySelector('input[name^="v"]:not([name^="vl"])');
      if (!empty && v && v.value.trim() === '') empty = row;
    });
    if (!empty) return; // no room: let the server say so
    ev.preventDefault();
    ev.stopPropagation();
    var label = empty.querySelector('input[name^="vl"]');
    var changes = empty.querySelector('input[name^="v"]:not([name^="vl"])');
    label.value = (b.value === 't' ? 'Target' : 'Attack group ' + (Number(b.value.slice(1)) + 1)) + ', changed';
    changes.value = changesOf(b.form, b.value);
    changes.focus();
    changes.dispatchEvent(new Event('input', { bubbles: true }));
  }, true);
})();
