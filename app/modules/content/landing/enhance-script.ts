// The landing page ships without React (root.tsx, handle { hydrate: false }): what it
// needs JavaScript for is this, inlined at the end of the page (~1 KB). Kept as plain
// ES2017 source in a string so no build step can add helpers it would depend on.
// When React renders the page instead (a client-side navigation), the components'
// own handlers do the same and this script does not run.
//
// - countdown: [data-countdown-start] holds the start as epoch milliseconds; the
//   [data-countdown-part] cells tick every second; the section hides once it has started.
// - speaker filters: links [data-speaker-filter] show the cards [data-speaker-type]
//   of that type without reloading, keep ?type= in step and say when none match.
// (The mobile menu needs none: it is the page's :target, see site-nav.tsx.)
export const LANDING_ENHANCE_SCRIPT = `(function () {
  var d = document;
  var counter = d.querySelector("[data-countdown-start]");
  if (counter) {
    var start = Number(counter.getAttribute("data-countdown-start"));
    var cells = counter.querySelectorAll("[data-countdown-part]");
    var units = { days: 864e5, hours: 36e5, minutes: 6e4, seconds: 1e3 };
    var mods = { days: Infinity, hours: 24, minutes: 60, seconds: 60 };
    var tick = function () {
      var left = start - Date.now();
      if (!(left > 0)) { counter.hidden = true; clearInterval(timer); return; }
      cells.forEach(function (cell) {
        var part = cell.getAttribute("data-countdown-part");
        var value = Math.floor(left / units[part]) % mods[part];
        cell.textContent = String(value).padStart(2, "0");
      });
    };
    var timer = setInterval(tick, 1000);
    tick();
  }
  var filters = d.querySelectorAll("[data-speaker-filter]");
  var empty = d.querySelector("[data-speakers-empty]");
  filters.forEach(function (link) {
    link.addEventListener("click", function (event) {
      event.preventDefault();
      var type = link.getAttribute("data-speaker-filter");
      var shown = 0;
      d.querySelectorAll("[data-speaker-type]").forEach(function (card) {
        var match = type === "All" || card.getAttribute("data-speaker-type") === type;
        card.hidden = !match;
        if (match) shown++;
      });
      filters.forEach(function (other) {
        var on = other === link;
        if (on) other.setAttribute("aria-current", "true"); else other.removeAttribute("aria-current");
        (other.getAttribute("data-class-" + (on ? "off" : "on")) || "").split(" ").forEach(function (c) { if (c) other.classList.remove(c); });
        (other.getAttribute("data-class-" + (on ? "on" : "off")) || "").split(" ").forEach(function (c) { if (c) other.classList.add(c); });
      });
      if (empty) {
        empty.hidden = shown > 0;
        empty.textContent = link.getAttribute("data-empty-text") || "";
      }
      var url = new URL(location.href);
      if (type === "All") url.searchParams.delete("type"); else url.searchParams.set("type", type);
      url.hash = "";
      history.replaceState(history.state, "", url);
    });
  });
  d.documentElement.setAttribute("data-enhanced", "true");
})();`;
