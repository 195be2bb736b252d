// rearrank's saved units, kept in this browser (localStorage, key
// rearrank.units): {target: {name: unit}, attack: {name: profile}}, each
// the form's fields by name without their group's prefix, the ruleset it
// was saved under and, for a unit of an army list, the list's name, its
// notes and its missing fields. One store for the Odds tab (app.js), the
// Combat tab (combat.js), the list import (import.js) and the Battle tab
// (battle.js), loaded before them; and the drop zone of a list file
// (dropZone), for the list import and the Matrix tab.
window.rearrankUnits = (function () {
  'use strict';
  var key = 'rearrank.units';
  return {
    key: key,
    // load returns the saved units, empty when there are none or the
    // browser keeps nothing.
    load: function () {
      try {
        var u = JSON.parse(localStorage.getItem(key) || '{}');
        return { target: u.target || {}, attack: u.attack || {} };
      } catch (e) {
        return { target: {}, attack: {} };
      }
    },
    // save keeps u, false when the browser refuses (storage full or off).
    save: function (u) {
      try { localStorage.setItem(key, JSON.stringify(u)); return true; } catch (e) { return false; }
    },
    // dropZone lets every element matching selector take an army list
    // file dropped on it (the list import's zones, the Matrix tab's
    // sides): take(zone, file) with the first file dropped; the zone
    // has the class "over" while a file is dragged over it.
    dropZone: function (selector, take) {
      function zoneOf(ev) { return ev.target.closest && ev.target.closest(selector); }
      document.addEventListener('dragover', function (ev) {
        var zone = zoneOf(ev);
        if (!zone) return;
        ev.preventDefault();
        ev.dataTransfer.dropEffect = 'copy';
        zone.classList.add('over');
      });
      document.addEventListener('dragleave', function (ev) {
        var zone = zoneOf(ev);
        if (zone && !zone.contains(ev.relatedTarget)) zone.classList.remove('over');
      });
      document.addEventListener('drop', function (ev) {
        var zone = zoneOf(ev);
        if (!zone) return;
        ev.preventDefault();
        zone.classList.remove('over');
        var files = ev.dataTransfer && ev.dataTransfer.files;
        if (files && files.length) take(zone, files[0]);
      });
    }
  };
}());
