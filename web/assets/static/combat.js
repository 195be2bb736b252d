// rearrank: the Combat tab (combat.tmpl) in place. Without this script
// each button is a GET of /combat; with it the same page is fetched and
// its main part swapped in, the URL kept in step.
(function () {
  'use strict';

  function swap(url, push) {
    var main = document.getElementById('main');
    var out = document.getElementById('results');
    if (out) out.setAttribute('aria-busy', 'true');
    return fetch(url, { headers: { Accept: 'text/html' } })
      .then(function (resp) {
        var final = resp.url || url;
        return resp.text().then(function (html) {
          var doc = new DOMParser().parseFromString(html, 'text/html');
          var next = doc.getElementById('main');
          if (!next || !main) return;
          main.replaceWith(next);
          if (push) history.pushState(null, '', final);
          var status = document.getElementById('status');
          var title = next.querySelector('#results h2') || next.querySelector('#error-summary h2');
          if (status && title) status.textContent = 'Results updated: ' + title.textContent;
          var err = document.getElementById('error-summary');
          if (err && !err.hidden) err.focus();
        });
      })
      .catch(function (e) {
        if (out) out.innerHTML = '<p class="muted">Could not reach rearrank: ' + String(e.message).replace(/</g, '&lt;') + '</p>';
      })
      .finally(function () {
        var o = document.getElementById('results');
        if (o) o.setAttribute('aria-busy', 'false');
      });
  }

  document.addEventListener('submit', function (ev) {
    var f = ev.target;
    if (!f || f.id !== 'combat-form') return;
    ev.preventDefault();
    var by = ev.submitter;
    var data = new FormData(f);
    var q = new URLSearchParams();
    if (by && by.name === 'load') {
      q.set('load', '1');
      q.set('example', data.get('example') || '');
    } else {
      data.forEach(function (v, k) { if (v !== '' && k !== 'example') q.append(k, v); });
    }
    swap('/combat?' + q.toString(), true);
  });

  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('a#combat-reroll');
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    swap(a.getAttribute('href'), true);
  });

  window.addEventListener('popstate', function () { swap(location.href, false); });
}());
