// rearrank's page script: progressive enhancement only. Without it the
// form is a plain GET that the server answers with the whole page; with it
// the results are swapped in without a reload, the ruleset shows only its
// fields, inputs are checked as they are typed, and the URL (which holds
// the whole scenario) follows every change so back and forward work.
(function () {
  'use strict';

  var labels = { odds: 'Show the odds', resolve: 'Resolve', compare: 'Compare' };
  var titles = { odds: 'Odds', resolve: 'Referee', compare: 'Compare rulesets' };

  function form() { return document.getElementById('scenario'); }
  function results() { return document.getElementById('results'); }

  // The ruleset decides which fields are shown (data-rulesets lists the
  // rulesets that read a field); hidden fields are disabled so they are
  // left out of the URL.
  function applyRuleset() {
    var f = form();
    if (!f || !f.elements.ruleset) return;
    var select = f.elements.ruleset;
    var rs = select.value;
    f.querySelectorAll('[data-rulesets]').forEach(function (el) {
      var on = el.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
      el.hidden = !on;
      el.querySelectorAll('input, select, textarea').forEach(function (i) {
        // an input inside a shown group may still be hidden by its own field
        var field = i.closest('[data-rulesets]');
        var shown = !field || field.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
        i.disabled = !(on && shown);
      });
    });
    var opt = select.options[select.selectedIndex];
    var hint = document.getElementById('ruleset-hint');
    if (hint && opt) hint.textContent = opt.getAttribute('data-doc') || '';
  }

  function errorOf(el) { return el.id ? document.getElementById(el.id + '-error') : null; }

  function setError(el, msg) {
    var p = errorOf(el);
    if (p) { p.textContent = msg; p.hidden = !msg; }
    if (msg) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    var box = el.closest('.field');
    if (box) box.classList.toggle('invalid', !!msg);
  }

  // check shows the inline message of one input; it returns false when the
  // input is invalid.
  function check(el) {
    if (!el.willValidate || el.type === 'hidden') return true;
    var ok = el.checkValidity();
    setError(el, ok ? '' : (el.getAttribute('data-msg') || el.validationMessage));
    return ok;
  }

  function summary(msg, id) {
    var box = document.getElementById('error-summary');
    if (!box) return;
    box.textContent = '';
    if (!msg) { box.hidden = true; return; }
    var h = document.createElement('h2');
    h.textContent = 'There is a problem';
    var p = document.createElement('p');
    if (id) {
      var a = document.createElement('a');
      a.href = '#' + id;
      a.textContent = msg;
      a.addEventListener('click', function (ev) {
        ev.preventDefault();
        var target = document.getElementById(id);
        if (target) target.focus();
      });
      p.appendChild(a);
    } else {
      p.textContent = msg;
    }
    box.appendChild(h);
    box.appendChild(p);
    box.hidden = false;
  }

  // inputName maps a scenario field of an API error ("attacks[0].strength")
  // to the form input ("a0.strength"), as the server does.
  function inputName(field) {
    if (!field) return '';
    if (field === 'dice' || field === 'seed') return field;
    var m = /^attacks\[(\d+)\]\.(.+)$/.exec(field);
    var name;
    if (m) name = 'a' + m[1] + '.' + m[2];
    else if (field.indexOf('target.') === 0) name = 't.' + field.slice(7);
    else if (field.indexOf('options.') === 0) name = 'opt.' + field.slice(8);
    else return '';
    name = name.replace(/\[.*$/, '');
    if (name === 't.command') name = 't.musician';
    return name;
  }

  function clearErrors() {
    var f = form();
    if (!f) return;
    Array.prototype.forEach.call(f.elements, function (el) { if (el.id) setError(el, ''); });
    summary('');
  }

  // showError marks the input an API error names, and says it above the form.
  function showError(err) {
    var f = form();
    var msg = err.error || 'Something went wrong';
    var el = null;
    var yaml = document.getElementById('yaml');
    if (yaml) {
      el = yaml;
      if (err.line) msg = 'line ' + err.line + ', column ' + err.column + ': ' + msg;
    } else {
      var name = inputName(err.field);
      if (name && f.elements[name] && f.elements[name].id) {
        el = f.elements[name];
        // the input's label says which field: drop the path in front
        if (msg.indexOf(err.field + ': ') === 0) msg = msg.slice(err.field.length + 2);
      }
    }
    if (el) {
      var box = el.closest('[data-rulesets]');
      if (box) box.hidden = false;
      setError(el, msg);
    }
    summary(msg, el ? el.id : '');
    var box2 = document.getElementById('error-summary');
    if (box2) box2.focus();
  }

  function currentTab() {
    var f = form();
    return (f && f.elements.tab && f.elements.tab.value) || 'odds';
  }

  function showTab(tab) {
    var f = form();
    if (!f) return;
    f.elements.tab.value = tab;
    document.getElementById('main').setAttribute('data-tab', tab);
    f.querySelectorAll('[data-for-tab]').forEach(function (el) {
      el.hidden = el.getAttribute('data-for-tab') !== tab;
    });
    var submit = document.getElementById('submit');
    if (submit) submit.textContent = labels[tab] || labels.odds;
    document.title = (titles[tab] || titles.odds) + ' · rearrank';
  }

  function query() {
    var data = new FormData(form());
    var q = new URLSearchParams();
    data.forEach(function (v, k) { if (v !== '') q.append(k, v); });
    return q;
  }

  function updateTabLinks(q) {
    document.querySelectorAll('nav.tabs a[data-tab]').forEach(function (a) {
      var t = new URLSearchParams(q);
      t.set('tab', a.getAttribute('data-tab'));
      a.href = '/?' + t.toString();
      if (a.getAttribute('data-tab') === q.get('tab')) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
  }

  var pending = null;

  // load fetches the results for a query string and swaps them in.
  function load(q) {
    var out = results();
    out.setAttribute('aria-busy', 'true');
    if (pending) pending.abort();
    var ctl = new AbortController();
    pending = ctl;
    return fetch('/results?' + q.toString(), { signal: ctl.signal, headers: { Accept: 'text/html' } })
      .then(function (resp) {
        var type = resp.headers.get('Content-Type') || '';
        if (type.indexOf('application/json') === 0) {
          return resp.json().then(function (err) {
            out.innerHTML = resp.status === 503
              ? '<p class="muted">The server is busy: try again in a moment.</p>'
              : '<p class="muted">Fix the problem above to see the results.</p>';
            showError(err);
          });
        }
        return resp.text().then(function (html) {
          out.innerHTML = html;
          var status = document.getElementById('status');
          var title = out.querySelector('h2');
          if (status) status.textContent = 'Results updated' + (title ? ': ' + title.textContent : '');
          // On a phone the results are below the form: bring them into
          // view, and tell screen readers where they are.
          var top = out.getBoundingClientRect().top;
          if (top > window.innerHeight * 0.8 || top < 0) {
            out.scrollIntoView({ block: 'start' });
            out.focus({ preventScroll: true });
          }
        });
      })
      .catch(function (e) {
        if (e.name !== 'AbortError') showError({ error: 'Could not reach rearrank: ' + e.message });
      })
      .finally(function () {
        if (pending === ctl) { pending = null; out.setAttribute('aria-busy', 'false'); }
      });
  }

  // submit checks every input, puts the scenario in the URL and loads the
  // results.
  function submit() {
    var f = form();
    clearErrors();
    var first = null;
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!check(el) && !first) first = el;
    });
    if (first) {
      summary(errorOf(first) ? errorOf(first).textContent : 'Check the form', first.id);
      first.focus();
      return;
    }
    if (currentTab() === 'resolve' && f.elements.dice && f.elements.seed &&
        !f.elements.dice.value.trim() && !f.elements.seed.value.trim()) {
      f.elements.seed.value = String(Math.floor(Math.random() * 1000000)); // so the link rolls the same dice
    }
    var q = query();
    history.pushState(null, '', '/?' + q.toString());
    updateTabLinks(q);
    load(q);
  }

  // The button that submitted, for browsers without SubmitEvent.submitter.
  var lastButton = null;
  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button');
    lastButton = b && form() && form().contains(b) ? b : null;
  }, true);

  document.addEventListener('submit', function (ev) {
    if (ev.target !== form()) return;
    var by = ev.submitter || lastButton;
    if (by && by.name === 'roll') {
      ev.preventDefault();
      form().elements.dice.value = '';
      form().elements.seed.value = String(Math.floor(Math.random() * 1000000));
      submit();
      return;
    }
    if (by && by.name) return; // add, remove, edit as a file: the server redirects
    ev.preventDefault();
    submit();
  });

  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('nav.tabs a[data-tab]');
    if (!a || ev.ctrlKey || ev.metaKey || ev.shiftKey || ev.button !== 0) return;
    ev.preventDefault();
    showTab(a.getAttribute('data-tab'));
    submit();
  });

  document.addEventListener('change', function (ev) {
    if (!form() || !form().contains(ev.target)) return;
    if (ev.target.name === 'ruleset') applyRuleset();
    check(ev.target);
  });

  document.addEventListener('focusout', function (ev) {
    var el = ev.target;
    if (form() && form().contains(el) && el.value !== undefined && el.value !== '') check(el);
  });

  document.addEventListener('input', function (ev) {
    var el = ev.target;
    if (el.getAttribute && el.getAttribute('aria-invalid') === 'true') check(el);
  });

  // Back and forward: fetch the page of that URL and swap its parts in.
  window.addEventListener('popstate', function () {
    fetch(location.href, { headers: { Accept: 'text/html' } })
      .then(function (resp) { return resp.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, 'text/html');
        ['main'].forEach(function (id) {
          var now = document.getElementById(id);
          var next = doc.getElementById(id);
          if (now && next) now.replaceWith(next);
        });
        var nav = document.querySelector('nav.tabs');
        var nextNav = doc.querySelector('nav.tabs');
        if (nav && nextNav) nav.replaceWith(nextNav);
        document.title = doc.title;
        enhance();
      });
  });

  function enhance() {
    var f = form();
    if (!f) return;
    f.noValidate = true; // the inline messages replace the browser's bubbles
    applyRuleset();
    showTab(currentTab());
  }

  enhance();
}());
