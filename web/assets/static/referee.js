// rearrank: the referee stage by stage (referee.tmpl), in place. Without
// this script every stage is a form submit and undo a link; with it the
// same requests are fetched and the results swapped in, the URL kept in
// step so that the page can be shared and the back button works.
(function () {
  'use strict';

  function swap(url, push) {
    var out = document.getElementById('results');
    if (!out) return Promise.resolve();
    out.setAttribute('aria-busy', 'true');
    return fetch(url, { headers: { Accept: 'text/html' } })
      .then(function (resp) {
        var final = resp.url || url;
        return resp.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, 'text/html');
          var next = doc.getElementById('results');
          if (!next) return;
          out.innerHTML = next.innerHTML;
          // The form's dice box holds every die entered so far.
          ['dice', 'seed'].forEach(function (id) {
            var now = document.getElementById(id);
            var then = doc.getElementById(id);
            if (now && then) now.value = then.value;
          });
          var nav = document.querySelector('nav.tabs');
          var nextNav = doc.querySelector('nav.tabs');
          if (nav && nextNav) nav.innerHTML = nextNav.innerHTML;
          if (push) history.pushState(null, '', final);
          var status = document.getElementById('status');
          var title = out.querySelector('#next-stage-title') || out.querySelector('#referee-done');
          if (status && title) status.textContent = title.textContent;
          var more = document.getElementById('more');
          if (more) more.focus({ preventScroll: false });
        });
      })
      .finally(function () { out.setAttribute('aria-busy', 'false'); });
  }

  document.addEventListener('submit', function (ev) {
    var f = ev.target;
    if (!f || f.id !== 'stage-form') return;
    var by = ev.submitter;
    var more = f.elements.more;
    if (!(by && by.name === 'rollstage') && more && !more.value.trim()) {
      ev.preventDefault();
      more.setAttribute('aria-invalid', 'true');
      more.focus();
      return;
    }
    ev.preventDefault();
    var data = new FormData(f);
    if (by && by.name) data.append(by.name, by.value);
    var q = new URLSearchParams();
    data.forEach(function (v, k) {
      if (k === 'rollstage' || k === 'sides') { if (by && by.name === 'rollstage') q.append(k, v); return; }
      if (k === 'more' && by && by.name === 'rollstage') return;
      q.append(k, v);
    });
    swap('/?' + q.toString(), true);
  });

  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('a.stage-link');
    if (!a || !document.getElementById('results') || !document.getElementById('results').contains(a)) return;
    if (a.id === 'combat-reroll') return; // combat.js
    if (ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    swap(a.getAttribute('href'), true);
  });
}());
