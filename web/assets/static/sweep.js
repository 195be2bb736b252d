// The Sweep group of the Odds and Combat tabs (web/sweep.go): its button
// asks GET /sweep for the chart and the table and shows them under the
// group, instead of leaving the page. Without this script the button
// opens /sweep as a page of its own.
"use strict";
(function () {
  const button = document.getElementById("sweep-submit");
  const out = document.getElementById("sweep-result");
  if (!button || !out) return;
  let pending = null;
  button.addEventListener("click", function (ev) {
    ev.preventDefault();
    // The tab's form as it now stands, and the group's own form, but for
    // the link of the form as the page was drawn (for /sweep without this
    // script).
    const main = document.getElementById("scenario") || document.getElementById("combat-form");
    const q = new URLSearchParams(main ? new FormData(main) : undefined);
    new FormData(button.form).forEach(function (v, k) {
      if (k !== "sweep_form") q.append(k, v);
    });
    q.set("fragment", "1");
    const lang = document.documentElement.lang;
    if (lang) q.set("lang", lang);
    if (pending) pending.abort();
    pending = new AbortController();
    out.setAttribute("aria-busy", "true");
    button.disabled = true;
    fetch("/sweep?" + q.toString(), { signal: pending.signal, headers: { Accept: "text/html" } })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        out.innerHTML = html;
      })
      .catch(function (err) {
        if (err.name !== "AbortError") out.textContent = String(err);
      })
      .finally(function () {
        out.setAttribute("aria-busy", "false");
        button.disabled = false;
      });
  });
})();
