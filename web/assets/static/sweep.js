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
    const form = button.form;
    const q = new URLSearchParams(new FormData(form));
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
