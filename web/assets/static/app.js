// rearrank's page script: progressive enhancement only. Without it the
// form is a plain GET that the server answers with the whole page; with it
// the results follow the form as it changes (live, debounced), results
// that no longer match the form are marked stale, a busy server is retried
// with backoff, the ruleset shows only its fields, inputs are checked as
// they are typed, the URL (which holds the whole scenario) follows every
// change so back and forward work, and targets and attack profiles can be
// saved in the browser (localStorage) and picked from a list.
(function () {
  'use strict';

  // say is a sentence in the page's language: the page's words for its
  // script (rearrank-app-words, from the catalogue, on a page not in
  // English), else the English here, which a test holds to the
  // catalogue's; "{0}", "{1}" take the arguments after the English.
  var words = (function () {
    var el = document.getElementById('rearrank-app-words');
    try { return el ? JSON.parse(el.textContent) : {}; } catch (e) { return {}; }
  }());
  function say(id, english) {
    var s = Object.prototype.hasOwnProperty.call(words, id) ? words[id] : english;
    for (var i = 2; i < arguments.length; i++) s = s.split('{' + (i - 2) + '}').join(String(arguments[i]));
    return s;
  }

  var labels = {
    odds: say('web.submit.odds', 'Show the odds'), resolve: say('web.submit.resolve', 'Resolve'), compare: say('web.submit.compare', 'Compare')
  };
  var titles = {
    odds: say('web.page.title.odds', 'Odds'), resolve: say('web.page.title.resolve', 'Referee'), compare: say('web.page.title.compare', 'Compare rulesets')
  };

  function form() { return document.getElementById('scenario'); }
  function results() { return document.getElementById('results'); }

  // The ruleset decides which fields are shown (data-rulesets lists the
  // rulesets that read a field); hidden fields are disabled so they are
  // left out of the URL. A choice of a select can be one some rulesets do
  // not read (a troop type): it is hidden too, and when a change of
  // ruleset (changed) hides the chosen one, the select takes the one the
  // ruleset reads in its place (data-instead). On load the chosen one
  // stays, as the server drew it, beside the server's error.
  //
  // A switch of ruleset keeps what the player gave: a hidden field keeps
  // its value, disabled, and a choice put in place of a hidden one is
  // remembered (chosen: select name -> the player's choice and the one put
  // in its place), so that switching back gives it back unless the player
  // has chosen again since (issue 26, item 6).
  var chosen = {};
  function applyRuleset(changed) {
    var f = form();
    if (!f || !f.elements.ruleset) return;
    var select = f.elements.ruleset;
    var rs = select.value;
    f.querySelectorAll('[data-rulesets]').forEach(function (el) {
      var on = el.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
      if (el.tagName === 'OPTION') {
        var keep = el.selected && !changed;
        el.hidden = el.disabled = !on && !keep;
        var s = el.parentElement;
        if (!on && changed && el.selected && el.hasAttribute('data-instead')) {
          var before = chosen[s.name] && chosen[s.name].instead === el.value ? chosen[s.name].value : el.value;
          s.value = el.getAttribute('data-instead');
          chosen[s.name] = { value: before, instead: s.value };
        }
        return;
      }
      el.hidden = !on;
      el.querySelectorAll('input, select, textarea').forEach(function (i) {
        // an input inside a shown group may still be hidden by its own field
        var field = i.closest('[data-rulesets]');
        var shown = !field || field.getAttribute('data-rulesets').split(' ').indexOf(rs) >= 0;
        i.disabled = !(on && shown);
      });
    });
    if (changed) {
      Object.keys(chosen).forEach(function (name) {
        var s = f.elements[name], c = chosen[name];
        if (!s || s.value !== c.instead) { delete chosen[name]; return; }
        for (var i = 0; i < s.options.length; i++) {
          if (s.options[i].value === c.value && !s.options[i].disabled) {
            s.value = c.value;
            delete chosen[name];
            return;
          }
        }
      });
    }
    var opt = select.options[select.selectedIndex];
    var hint = document.getElementById('ruleset-hint');
    if (hint && opt) hint.textContent = opt.getAttribute('data-doc') || '';
  }

  // unfold opens the folded group ("More", "Command group") holding el.
  function unfold(el) {
    for (var d = el.closest('details'); d; d = d.parentElement && d.parentElement.closest('details')) d.open = true;
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
    // A field an imported list does not give keeps its mark until it
    // is filled in (import.js, markMissing).
    if (el.hasAttribute('data-missing')) {
      if (el.value === '') { setError(el, el.getAttribute('data-missing')); return el.checkValidity(); }
      el.removeAttribute('data-missing');
    }
    var ok = el.checkValidity();
    setError(el, ok ? '' : (el.getAttribute('data-msg') || el.validationMessage));
    return ok;
  }

  // summary says an error above the form; with id, a link to the input at
  // fault, the field named in the form's words ("Attack group 1,
  // Strength: ...").
  function summary(msg, id) {
    var box = document.getElementById('error-summary');
    if (!box) return;
    box.textContent = '';
    if (!msg) { box.hidden = true; return; }
    var el = id && id !== 'yaml' && document.getElementById(id);
    if (el) msg = named(el, msg);
    var h = document.createElement('h2');
    h.textContent = say('web.js.problem', 'There is a problem');
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
  function showError(err, quiet) {
    var f = form();
    var msg = err.error || say('web.js.went.wrong', 'Something went wrong');
    var el = null;
    var yaml = document.getElementById('yaml');
    if (yaml) {
      el = yaml;
      if (err.line) msg = say('web.js.line.col', 'line {0}, column {1}: ', err.line, err.column) + msg;
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
      unfold(el);
      setError(el, msg);
    }
    summary(msg, el ? el.id : '');
    var box2 = document.getElementById('error-summary');
    if (box2 && !quiet) box2.focus();
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

  // query is the form as the URL holds it. A compare variant's forms
  // (v1.a0.strength) are left out: compare.js writes what they change
  // into the variant's text (v1), which the URL carries.
  function query() {
    var data = new FormData(form());
    var q = new URLSearchParams();
    // A required input goes in even empty: a link without a0.count, or
    // without both t.models and t.toughness, is a short link that the
    // server fills in from the ruleset's defaults (form.go, parseForm).
    data.forEach(function (v, k) {
      var el = form().elements[k];
      if ((v !== '' || (el && el.required)) && !/^v\d+\./.test(k)) q.append(k, v);
    });
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
  var liveTimer = null;
  var retryTimer = null;
  var retries = 0;

  // live shows a line above the results: why they do not match the form
  // yet ("stale"), or that the server is busy ("busy"); '' hides it.
  // The same state in a word or two sits beside the button, which is
  // always on screen, and the headline numbers above the form fade with
  // the results.
  var short = { stale: say('web.js.stale.short', 'Out of date, updating…'), busy: say('web.js.busy.short', 'Busy, retrying…') };
  function live(kind, text, brief) {
    var el = document.getElementById('live');
    if (!el) return;
    el.className = 'live' + (kind ? ' ' + kind : '');
    el.textContent = text || '';
    el.hidden = !text;
    el.setAttribute('data-state', kind || '');
    var s = document.getElementById('live-short');
    if (s) {
      s.className = 'live-short' + (kind ? ' ' + kind : '');
      s.textContent = (text && (brief || short[kind])) || '';
      s.hidden = !s.textContent;
    }
    var head = document.getElementById('headline');
    if (head) head.classList.toggle('stale', !!kind);
    var status = document.getElementById('status');
    if (status && kind === 'busy') status.textContent = text;
  }

  function markStale() {
    var out = results();
    if (!out || !out.children.length) return;
    out.classList.add('stale');
    live('stale', say('web.js.stale', 'Out of date: these results are for the form before your last change. Updating…'));
  }

  function copyHeadline(out) {
    var head = document.getElementById('headline');
    if (!head) return;
    var h = out.querySelector('[data-headline]');
    head.innerHTML = h ? h.innerHTML : '';
    head.hidden = !h;
  }

  // load fetches the results for a query string and swaps them in. A busy
  // server (503) is not a problem in the form: the page says so and asks
  // again, waiting twice as long each time (at most 15 s). With quiet (a
  // live update as the form changes) neither the focus nor the scroll
  // moves.
  function load(q, quiet) {
    var out = results();
    out.setAttribute('aria-busy', 'true');
    if (pending) pending.abort();
    clearTimeout(retryTimer);
    var ctl = new AbortController();
    pending = ctl;
    return fetch('/results?' + q.toString(), { signal: ctl.signal, headers: { Accept: 'text/html' } })
      .then(function (resp) {
        var type = resp.headers.get('Content-Type') || '';
        if (resp.status === 503) {
          var after = parseInt(resp.headers.get('Retry-After') || '0', 10) * 1000;
          var wait = Math.max(after, Math.min(500 * Math.pow(2, retries), 15000));
          retries++;
          out.classList.add('stale');
          live('busy', say('web.js.busy', 'The server is busy, retrying in {0} s…', Math.ceil(wait / 1000)));
          retryTimer = setTimeout(function () { load(q, true); }, wait);
          return;
        }
        retries = 0;
        if (type.indexOf('application/json') === 0) {
          return resp.json().then(function (err) {
            out.innerHTML = '<p class="muted"></p>';
            out.firstChild.textContent = say('web.js.fix.above', 'Fix the problem above to see the results.');
            out.classList.remove('stale');
            copyHeadline(out);
            live('', '');
            showError(err, quiet);
          });
        }
        return resp.text().then(function (html) {
          out.innerHTML = html;
          out.classList.remove('stale');
          live('', '');
          copyHeadline(out);
          clearErrors();
          var status = document.getElementById('status');
          var title = out.querySelector('h2');
          if (status) status.textContent = say('web.js.updated', 'Results updated') + (title ? ': ' + title.textContent : '');
          if (quiet) return;
          // Bring the answer's headline into view (on a phone the numbers
          // above the form, not the charts below it), and tell screen
          // readers where the results are.
          if (showAnswer()) out.focus({ preventScroll: true });
        });
      })
      .catch(function (e) {
        if (e.name !== 'AbortError') showError({ error: say('web.js.unreachable', 'Could not reach rearrank: ') + e.message }, quiet);
      })
      .finally(function () {
        if (pending === ctl) { pending = null; out.setAttribute('aria-busy', 'false'); }
      });
  }

  // The answer's headline is on screen after every button that asks for
  // an answer: the headline numbers above the form on a phone (#headline),
  // else the results' title (#results-title, which the odds, referee,
  // compare and Combat results all have), or the element a link's or
  // form's fragment names (#combat-round). Without JavaScript the same
  // fragment on the button's form action does it. showAnswer scrolls only
  // when the headline's top is off the screen or under the sticky bar of
  // buttons, and reports whether it did.
  function rendered(el) { return !!el && !el.hidden && el.getClientRects().length > 0; }

  function showAnswer(id) {
    var el = id && document.getElementById(id);
    if (!rendered(el)) el = document.getElementById('headline');
    if (!rendered(el)) el = document.getElementById('results-title');
    if (!rendered(el)) return false;
    var top = el.getBoundingClientRect().top;
    var bar = document.getElementById('actions') || document.querySelector('.actions');
    var bottom = window.innerHeight - (bar ? bar.getBoundingClientRect().height : 0);
    if (top >= 0 && top + 40 <= bottom) return false;
    el.scrollIntoView({ block: 'start' });
    return true;
  }

  // A page whose own script swaps its answer in (combat.js) gets the same:
  // a form outside the results sent, or a link in the results followed,
  // asks for the answer, and the first swap of #results (or of its title)
  // after it shows it; an answer with no title (an error, which that
  // script focuses) only ends the asking. The odds form is load's.
  var asked = null;
  function ask(hash) {
    asked = { at: Date.now(), id: (hash || '').replace(/^#/, ''), results: results(), title: document.getElementById('results-title') };
  }
  document.addEventListener('submit', function (ev) {
    var f = ev.target;
    if (!f || f === form() || (results() && results().contains(f))) return;
    var by = ev.submitter;
    var action = (by && by.getAttribute('formaction')) || f.getAttribute('action') || '';
    ask(action.indexOf('#') >= 0 ? action.slice(action.indexOf('#')) : '');
  }, true);
  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('a[href*="#"]');
    if (!a || form() || !results() || !results().contains(a) || a.getAttribute('href').charAt(0) === '#') return;
    ask(a.hash);
  }, true);
  if (window.MutationObserver) {
    new MutationObserver(function () {
      if (!asked) return;
      if (Date.now() - asked.at > 60000) { asked = null; return; }
      var title = document.getElementById('results-title');
      if (results() === asked.results && (!title || title === asked.title)) return;
      var id = asked.id;
      asked = null;
      if (title) showAnswer(id);
    }).observe(document.documentElement, { childList: true, subtree: true });
  }

  // prepare gives the referee a seed when it has neither dice nor seed,
  // so that the link rolls the same dice.
  function prepare() {
    var f = form();
    if (currentTab() === 'resolve' && f.elements.dice && f.elements.seed &&
        !f.elements.dice.value.trim() && !f.elements.seed.value.trim()) {
      f.elements.seed.value = String(Math.floor(Math.random() * 1000000));
    }
  }

  // go puts the scenario in the URL (a new history entry only when it
  // changed) and loads its results.
  function go(quiet) {
    prepare();
    var q = query();
    if ('?' + q.toString() !== location.search) history.pushState(null, '', '/?' + q.toString());
    updateTabLinks(q);
    load(q, quiet);
  }

  // submit checks every input, puts the scenario in the URL and loads the
  // results.
  function submit() {
    var f = form();
    clearTimeout(liveTimer);
    clearErrors();
    var first = null;
    Array.prototype.forEach.call(f.elements, function (el) {
      if (!check(el) && !first) first = el;
    });
    if (first) {
      unfold(first);
      summary(errorOf(first) ? errorOf(first).textContent : say('web.js.check.form', 'Check the form'), first.id);
      first.focus();
      return;
    }
    go(false);
  }

  // changed runs as the form changes: the results are marked stale at
  // once, and fetched when the typing pauses, if every input is valid
  // (the input at fault shows its message, the others are left alone).
  function changed() {
    markStale();
    updateCounts();
    clearTimeout(liveTimer);
    liveTimer = setTimeout(function () {
      var f = form();
      var bad = null;
      Array.prototype.forEach.call(f.elements, function (el) {
        if (!bad && el.willValidate && el.type !== 'hidden' && !el.checkValidity()) bad = el;
      });
      if (bad) {
        // Not updating: the results wait for the input at fault, and the
        // lines above them and beside the button say which and why.
        check(bad);
        var why = errorOf(bad) ? errorOf(bad).textContent : bad.validationMessage;
        live('invalid', say('web.js.not.updated', 'Not updated: {0} These results are for the form before.', named(bad, why).replace(/\.?$/, '.')),
          say('web.js.not.updated.fix', 'Not updated: fix “{0}”', labelOf(bad)));
        return;
      }
      go(true);
    }, 400);
  }

  // updateCounts says on each folded group how many of its fields are
  // filled in, as the server does (moreSet).
  function updateCounts() {
    form().querySelectorAll('details.more:not(.saved-box), details.options').forEach(function (d) {
      var n = 0;
      d.querySelectorAll('input[name], select[name]').forEach(function (el) {
        if (el.disabled) return;
        if (el.type === 'checkbox' ? el.checked : el.tagName === 'SELECT' ? el.selectedIndex > 0 : el.value !== '') n++;
      });
      var summary = d.querySelector('summary');
      var span = summary.querySelector('.count');
      if (!n) { if (span) span.remove(); return; }
      if (!span) {
        span = document.createElement('span');
        span.className = 'count';
        summary.appendChild(document.createTextNode(' '));
        summary.appendChild(span);
      }
      span.textContent = say('web.js.set', '({0} set)', n);
    });
  }

  // labelOf is an input's label as the form shows it: of a label whose
  // words change with the ruleset, the words shown.
  function labelOf(el) {
    var l = el.id && document.querySelector('label[for="' + el.id + '"]');
    if (!l) return el.name;
    var parts = l.querySelectorAll('[data-rulesets]');
    if (!parts.length) return l.textContent.trim();
    return Array.prototype.filter.call(parts, function (p) { return !p.hidden; })
      .map(function (p) { return p.textContent; }).join(' ').trim();
  }

  // fieldName names an input in the form's words, with its group:
  // "Attack group 1, Strength", "Command group, Champion", as the server
  // names it (page.go, nameError).
  function fieldName(el) {
    var label = labelOf(el);
    var group = '';
    var g;
    if (el.closest('details.command')) group = say('web.js.command', 'Command group');
    else if (el.closest('details.options')) group = say('web.js.options', 'Rule switches');
    else if ((g = el.closest('fieldset.group')) && g.querySelector('legend')) group = g.querySelector('legend').textContent.trim();
    return group && group !== label ? group + ', ' + label : label;
  }

  // named puts the input's name before a message about it, or only its
  // group when the message starts with its label ("Strength is a whole
  // number...").
  function named(el, msg) {
    var label = labelOf(el);
    var name = fieldName(el);
    if (!label || msg.indexOf(label) !== 0) return name + ': ' + msg;
    var group = name.slice(0, name.length - label.length).replace(/, $/, '');
    return group ? group + ': ' + msg : msg;
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
    if (!form() || !form().contains(ev.target) || !ev.target.name) return;
    if (ev.target.name === 'ruleset') applyRuleset(true);
    else delete chosen[ev.target.name];
    check(ev.target);
    changed();
  });

  document.addEventListener('focusout', function (ev) {
    var el = ev.target;
    if (form() && form().contains(el) && el.value !== undefined && el.value !== '') check(el);
  });

  document.addEventListener('input', function (ev) {
    var el = ev.target;
    if (!form() || !form().contains(el) || !el.name) return;
    if (el.getAttribute && el.getAttribute('aria-invalid') === 'true') check(el);
    if (el.type !== 'checkbox' && el.tagName !== 'SELECT') changed(); // those fire change
  });

  // The language switch: its links were drawn for the URL the page came
  // with, which the form has changed since, so a click takes the form as
  // it is now (another page's, combat.js's, is in its URL), with the
  // language chosen. The server sets the cookie that keeps the choice.
  document.addEventListener('click', function (ev) {
    var a = ev.target.closest && ev.target.closest('nav.lang a[data-lang]');
    if (!a) return;
    var q = form() ? query() : new URLSearchParams(location.search);
    q.set('lang', a.getAttribute('data-lang'));
    a.href = location.pathname + '?' + q.toString();
  }, true);

  // Back and forward: fetch the page of that URL and swap its parts in.
  window.addEventListener('popstate', function () {
    if (!form()) return; // another page's script (combat.js) does its own
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

  // Saved units: named targets and attack profiles kept in this browser
  // (localStorage, key rearrank.units), each group of the form with its own
  // list. A unit is the values of its group's inputs, by field name ("t.",
  // "a0." left off), and the ruleset it was saved under, since the fields
  // a ruleset reads differ.
  // The store is units.js's, shared by every tab.
  var storeKey = rearrankUnits.key;
  function loadUnits() { return rearrankUnits.load(); }
  function saveUnits(u) { return rearrankUnits.save(u); }

  // groupInputs lists the inputs of a group with their field names.
  function groupInputs(prefix) {
    var out = [];
    Array.prototype.forEach.call(form().elements, function (el) {
      if (el.name && el.name.indexOf(prefix) === 0 && el.type !== 'file') out.push({ el: el, name: el.name.slice(prefix.length) });
    });
    return out;
  }

  function unitOf(prefix) {
    var fields = {};
    groupInputs(prefix).forEach(function (i) {
      fields[i.name] = i.el.type === 'checkbox' ? (i.el.checked ? '1' : '') : i.el.value;
    });
    return { ruleset: form().elements.ruleset.value, fields: fields };
  }

  function applyUnit(prefix, unit) {
    var f = form();
    if (unit.ruleset && f.elements.ruleset.value !== unit.ruleset) {
      f.elements.ruleset.value = unit.ruleset;
      applyRuleset(true);
    }
    groupInputs(prefix).forEach(function (i) {
      i.el.removeAttribute('data-missing');
      var v = Object.prototype.hasOwnProperty.call(unit.fields, i.name) ? unit.fields[i.name] : '';
      if (i.el.type === 'checkbox') i.el.checked = v !== '';
      else if (i.el.tagName === 'SELECT') {
        i.el.value = v;
        if (i.el.selectedIndex < 0) i.el.selectedIndex = 0;
      } else i.el.value = v;
      setError(i.el, '');
    });
    changed();
  }

  // fillList lists the saved units of a kind: those saved here first,
  // then an imported list's (import.js) in a group of the list's name.
  function fillList(select, kind) {
    var units = loadUnits()[kind];
    var keep = select.value;
    select.textContent = '';
    var first = document.createElement('option');
    first.value = '';
    first.textContent = Object.keys(units).length ? say('web.js.pick.one', 'Pick one…') : say('web.js.none.saved', 'None saved yet');
    select.appendChild(first);
    var groups = {};
    Object.keys(units).sort().forEach(function (name) {
      var o = document.createElement('option');
      o.value = name;
      o.textContent = units[name].label || name;
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

  function refreshLists() {
    document.querySelectorAll('.saved select').forEach(function (s) { fillList(s, s.getAttribute('data-kind')); });
  }
  document.addEventListener('rearrank:units', refreshLists);

  // markMissing marks the fields an imported unit's list does not give,
  // each with what the import said of it, until they are filled in.
  function markMissing(prefix, unit) {
    var first = null;
    Object.keys(unit.missing || {}).forEach(function (name) {
      var el = form().elements[prefix + name];
      if (!el || el.value !== '') return;
      el.setAttribute('data-missing', unit.missing[name]);
      setError(el, unit.missing[name]);
      var box = el.closest('[data-rulesets]');
      if (box) box.hidden = false;
      unfold(el);
      if (!first) first = el;
    });
    return first;
  }

  // showNotes lists what an imported unit's file holds that the odds do
  // not use, under the saved list it was picked from.
  function showNotes(bar, unit) {
    var box = bar.querySelector('.import-notes');
    box.textContent = '';
    box.hidden = !(unit && unit.notes && unit.notes.length);
    if (box.hidden) return;
    var p = document.createElement('p');
    p.textContent = say('webimport.js.not.used', 'From the list, not used:');
    var ul = document.createElement('ul');
    unit.notes.forEach(function (n) {
      var li = document.createElement('li');
      li.textContent = n;
      ul.appendChild(li);
    });
    box.appendChild(p);
    box.appendChild(ul);
  }

  // savedBar adds the list, a name and the buttons to a group.
  function savedBar(group, kind, prefix, id) {
    var target = kind === 'target';
    if (group.querySelector('.saved-box')) return;
    // Folded while nothing is saved, so the common fields stay first;
    // open once there is a list to pick from.
    var box = document.createElement('details');
    box.className = 'more saved-box';
    box.innerHTML = '<summary></summary><div class="saved"></div>';
    box.querySelector('summary').textContent = target ? say('web.js.saved.target', 'Saved targets') : say('web.js.saved.attack', 'Saved attack profiles');
    box.open = Object.keys(loadUnits()[kind]).length > 0;
    var bar = box.querySelector('.saved');
    bar.innerHTML = '<div class="field"><label></label><select data-kind=""></select></div>' +
      '<div class="field"><label></label><input type="text" autocomplete="off"></div>' +
      '<div class="saved-buttons"><button type="button" class="secondary" data-act="save"></button>' +
      '<button type="button" class="secondary" data-act="delete"></button>' +
      '<a class="button secondary" data-act="export" download hidden></a></div>' +
      '<p class="hint saved-msg" role="status"></p><div class="import-notes" hidden></div>';
    var labels = bar.querySelectorAll('label');
    var select = bar.querySelector('select');
    var name = bar.querySelector('input');
    select.id = id + '-list';
    select.setAttribute('data-kind', kind);
    labels[0].htmlFor = select.id;
    labels[0].textContent = target ? say('web.js.pick.target', 'Pick a saved target') : say('web.js.pick.attack', 'Pick a saved attack profile');
    name.id = id + '-name';
    labels[1].htmlFor = name.id;
    labels[1].textContent = say('web.js.save.as', 'Save as');
    var nameField = form().elements[prefix + 'name'];
    name.placeholder = (nameField && (nameField.value || nameField.placeholder)) || say('web.js.a.name', 'a name');
    var save = bar.querySelector('[data-act="save"]');
    save.id = id + '-save';
    save.textContent = target ? say('web.js.save.target', 'Save this target') : say('web.js.save.attack', 'Save this attack profile');
    var del = bar.querySelector('[data-act="delete"]');
    del.id = id + '-delete';
    del.textContent = say('web.js.delete', 'Delete');
    var msg = bar.querySelector('.saved-msg');
    var exp = bar.querySelector('[data-act="export"]');
    exp.id = id + '-export';
    exp.textContent = say('web.js.export', 'Export as a scenario file');
    // The link follows the unit picked, and the form for the other part.
    function exportLink() {
      var href = select.value ? exportHref(kind, prefix, select.value) : '';
      exp.hidden = !href;
      if (href) {
        exp.href = href;
        exp.textContent = say('web.js.export.named', 'Export “{0}” as a scenario file', select.value);
      }
    }
    exp.addEventListener('focus', exportLink);
    exp.addEventListener('click', exportLink);
    select.addEventListener('change', function (ev) {
      ev.stopPropagation(); // not a change of the scenario itself
      var unit = loadUnits()[kind][select.value];
      exportLink();
      showNotes(bar, unit);
      if (!unit) return;
      name.value = select.value;
      applyUnit(prefix, unit);
      msg.textContent = say('web.js.filled', 'Filled in “{0}”.', select.value);
      if (markMissing(prefix, unit)) msg.textContent += ' ' + say('webimport.js.incomplete', '“{0}” is not complete: fill in the marked fields, which the list does not give.', select.value);
    });
    name.addEventListener('input', function (ev) { ev.stopPropagation(); });
    save.addEventListener('click', function () {
      var n = name.value.trim() || (nameField && nameField.value.trim()) || '';
      if (!n) { msg.textContent = say('web.js.name.first', 'Give it a name first.'); name.focus(); return; }
      var u = loadUnits();
      u[kind][n] = unitOf(prefix);
      msg.textContent = saveUnits(u) ? say('web.js.saved', 'Saved “{0}” in this browser.', n) : say('web.js.cannot.save', 'This browser does not let the page save.');
      refreshLists();
      select.value = n;
      exportLink();
    });
    del.addEventListener('click', function () {
      var u = loadUnits();
      if (!select.value) { msg.textContent = target ? say('web.js.delete.target', 'Pick a saved target to delete.') : say('web.js.delete.attack', 'Pick a saved attack profile to delete.'); return; }
      var n = select.value;
      delete u[kind][n];
      saveUnits(u);
      refreshLists();
      exportLink();
      msg.textContent = say('web.js.deleted', 'Deleted “{0}”.', n);
    });
    var legend = group.querySelector('legend');
    legend.insertAdjacentElement('afterend', box);
    fillList(select, kind);
    exportLink();
  }

  // exportHref is the link that downloads saved unit name as a scenario
  // file of its own, one that `rearrank odds` opens and the page imports
  // back: a target with the page's first attack, an attack profile (as
  // attack group 1) against the form's target. The unit keeps its ruleset
  // and its saved name; the server writes the file.
  function exportHref(kind, prefix, name) {
    var unit = loadUnits()[kind][name];
    if (!unit) return '';
    var q = query();
    var own = kind === 'target' ? /^t\./ : /^a\d+\./;
    Array.from(q.keys()).forEach(function (k) {
      if (own.test(k) || /^(yaml|tab|dice|seed|cmp|sets|staged|v\d+|vl\d+|vp\d+)$/.test(k)) q.delete(k);
    });
    var p = kind === 'target' ? 't.' : 'a0.';
    Object.keys(unit.fields).forEach(function (k) { if (unit.fields[k] !== '') q.set(p + k, unit.fields[k]); });
    q.set(p + 'name', name);
    if (unit.ruleset) q.set('ruleset', unit.ruleset);
    q.set('export', kind);
    return '/?' + q.toString();
  }

  function savedUnits() {
    var f = form();
    if (!f || !f.elements.ruleset || typeof localStorage === 'undefined') return;
    var t = f.querySelector('fieldset.target');
    if (t) savedBar(t, 'target', 't.', 'saved-target');
    f.querySelectorAll('fieldset.attack').forEach(function (g, i) {
      savedBar(g, 'attack', 'a' + i + '.', 'saved-a' + i);
    });
  }

  // Opening a scenario file: the server turns it into the form ("use the
  // form instead"), so the file and a shared link say the same.
  document.addEventListener('change', function (ev) {
    if (ev.target.id !== 'import-file' || !ev.target.files.length) return;
    ev.target.files[0].text().then(function (text) {
      var q = new URLSearchParams();
      q.set('tab', currentTab());
      q.set('yaml', text);
      q.set('noyaml', '1');
      if (form().elements.lang) q.set('lang', form().elements.lang.value);
      location.assign('/?' + q.toString());
    });
  }, true);

  function enhance() {
    var f = form();
    if (!f) return;
    f.noValidate = true; // the inline messages replace the browser's bubbles
    document.querySelectorAll('[data-js]').forEach(function (el) { el.hidden = false; });
    // The hidden fields' carriers are for a GET without script: here the
    // disabled fields keep their values themselves.
    f.querySelectorAll('input[data-keep]').forEach(function (el) { el.remove(); });
    applyRuleset();
    showTab(currentTab());
    savedUnits();
  }

  enhance();
}());
