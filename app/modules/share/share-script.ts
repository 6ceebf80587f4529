// The share buttons' few lines of JavaScript on pages served without React (the landing page,
// /register, the ticket page), inlined with the page's nonce: no script file. Plain ES2017 in
// a string, like the landing page's own script, so no build step adds helpers it would need.
// Without it the buttons are plain links and "Copy link" opens the address to copy by hand.
//
// - The phone's share sheet: where the browser has navigator.share, <html data-can-share>
//   shows the "Share…" button (share-buttons.tsx styles it by that), which opens the sheet.
// - "Copy link" copies the address and says so in the buttons' status line; where the
//   clipboard refuses, the address opens to copy by hand, as without JavaScript.
// One listener on the document, installed once: it keeps working for buttons that arrive
// later (the registration's answer replaces the page's body in place).
export const SHARE_SCRIPT = `(function () {
  var d = document, h = d.documentElement;
  if (h.hasAttribute("data-share-ready")) return;
  h.setAttribute("data-share-ready", "");
  if (navigator.share) h.setAttribute("data-can-share", "");
  d.addEventListener("click", function (event) {
    var target = event.target;
    var box = target.closest && target.closest("[data-share]");
    if (!box) return;
    var url = box.getAttribute("data-share-url");
    if (target.closest("[data-share-native]")) {
      navigator.share({ title: box.getAttribute("data-share-title"), text: box.getAttribute("data-share-text"), url: url }).catch(function () {});
      return;
    }
    var summary = target.closest("[data-share-copy] > summary");
    if (!summary || summary.parentNode.open || !navigator.clipboard) return;
    event.preventDefault();
    navigator.clipboard.writeText(url).then(function () {
      var status = box.querySelector("[data-share-status]");
      if (status) status.textContent = box.getAttribute("data-share-copied");
    }, function () { summary.parentNode.open = true; });
  });
})();`;
