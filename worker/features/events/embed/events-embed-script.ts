/**
 * The partner sites' events list (decision 262), as the script they include:
 *   <script src="https://SITE/embed/events.js" data-zip="97210" data-radius="25" data-limit="5"
 *           data-theme="dark" data-accent="#2f6b3a" async></script>
 * It reads GET /api/events from its own origin without credentials (no cookies travel or are set), and draws
 * the list in a shadow root after the script tag, so the partner's styles and ours never mix. Text goes in with
 * textContent only; links are the events' pages on our site. Kept small: a few KB, no dependencies.
 */
export const EVENTS_EMBED_JS = `(function () {
  var s = document.currentScript;
  if (!s) return;
  var origin = new URL(s.src).origin;
  var d = s.dataset;
  var limit = Math.min(Math.max(parseInt(d.limit || "5", 10) || 5, 1), 20);
  var q = new URLSearchParams({ limit: String(limit) });
  if (/^\\d{5}$/.test(d.zip || "")) q.set("zip", d.zip);
  if (/^(5|10|25|50|100)$/.test(d.radius || "")) q.set("radius", d.radius);
  if (d.online === "true") q.set("include_online", "true");
  var dark = d.theme === "dark";
  var accent = /^#[0-9a-fA-F]{3,8}$/.test(d.accent || "") ? d.accent : dark ? "#9fd4a8" : "#2f6b3a";
  var host = document.createElement("div");
  host.className = "earthkind-events";
  s.parentNode.insertBefore(host, s.nextSibling);
  var root = host.attachShadow ? host.attachShadow({ mode: "open" }) : host;
  var style = document.createElement("style");
  style.textContent =
    ":host{display:block}" +
    ".ek{font:15px/1.4 system-ui,sans-serif;padding:12px 14px;border-radius:10px;" +
    (dark ? "background:#1d2a22;color:#eef3ee" : "background:#f7f5ef;color:#1d2a22") + "}" +
    ".ek h2{font-size:16px;margin:0 0 8px}.ek ul{list-style:none;margin:0;padding:0}" +
    ".ek li{padding:6px 0;border-top:1px solid " + (dark ? "#34463a" : "#e3ded0") + "}" +
    ".ek a{color:" + accent + ";font-weight:600;text-decoration:none}.ek a:hover{text-decoration:underline}" +
    ".ek small{display:block;opacity:.8}.ek .more{display:block;margin-top:8px;font-size:13px}";
  var box = document.createElement("section");
  box.className = "ek";
  var h = document.createElement("h2");
  h.textContent = d.title || "Conservation events near you";
  var list = document.createElement("ul");
  box.appendChild(h);
  box.appendChild(list);
  root.appendChild(style);
  root.appendChild(box);
  function line(text) {
    var li = document.createElement("li");
    li.textContent = text;
    list.appendChild(li);
  }
  fetch(origin + "/api/events?" + q, { credentials: "omit", headers: { Accept: "application/json" } })
    .then(function (r) { if (!r.ok) throw new Error(String(r.status)); return r.json(); })
    .then(function (body) {
      var events = body.events || [];
      if (!events.length) return line("No upcoming events yet. Check back soon.");
      events.forEach(function (e) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = e.url;
        a.target = "_blank";
        a.rel = "noopener";
        a.textContent = e.title;
        var when = new Date(e.start_time);
        var meta = document.createElement("small");
        var opts = e.all_day
          ? { month: "short", day: "numeric", timeZone: "UTC" }
          : { month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: e.time_zone || undefined };
        if (e.all_day) when = new Date(when.getTime() + 432e5);
        meta.textContent = when.toLocaleString("en-US", opts) + " · " +
          (e.is_virtual ? "Online" : [e.city, e.state].filter(Boolean).join(", "));
        li.appendChild(a);
        li.appendChild(meta);
        list.appendChild(li);
      });
    })
    .catch(function () { line("Events could not be loaded right now."); })
    .then(function () {
      var more = document.createElement("a");
      more.className = "more";
      more.href = origin + "/events" + (q.get("zip") ? "?zip=" + q.get("zip") : "");
      more.target = "_blank";
      more.rel = "noopener";
      more.textContent = "More events on Earthkind";
      box.appendChild(more);
    });
})();
`;
