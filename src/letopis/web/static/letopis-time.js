/* Letopis: keeps the relative phrases beside times current («2 дня назад») and makes deadline
   countdowns tick («через 12 мин 05 с»). Progressive enhancement: the server wrote the local time
   and the phrase already (web/times.py); this only keeps them true while the page stays open.
   `relative` says what web/times.py `relative` says; countdowns add seconds in their last hour. */
(function () {
  "use strict";

  function plural(n, one, few, many) {
    n = Math.abs(n);
    if (n % 10 === 1 && n % 100 !== 11) return one;
    if (n % 10 >= 2 && n % 10 <= 4 && !(n % 100 >= 12 && n % 100 <= 14)) return few;
    return many;
  }

  function counted(n, one, few, many) {
    return n + " " + plural(n, one, few, many);
  }

  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  // `ms` is the time minus now, in milliseconds; `seconds` adds seconds within the last hour.
  function relative(ms, seconds) {
    var future = ms > 0;
    var total = Math.floor(Math.abs(ms) / 1000);
    var minutes = Math.floor(total / 60);
    var body;
    if (minutes === 0) {
      if (!(seconds && future && total > 0)) return future ? "меньше чем через минуту" : "только что";
      body = total + " с";
    } else if (minutes < 60) {
      body = minutes + " мин" + (seconds && future ? " " + pad(total % 60) + " с" : "");
    } else if (minutes < 24 * 60) {
      var rest = minutes % 60;
      body = Math.floor(minutes / 60) + " ч" + (rest ? " " + rest + " мин" : "");
    } else {
      var days = Math.floor(minutes / (24 * 60));
      var hours = Math.floor((minutes % (24 * 60)) / 60);
      if (days < 7) body = counted(days, "день", "дня", "дней") + (days < 3 && hours ? " " + hours + " ч" : "");
      else if (days < 30) body = counted(Math.floor(days / 7), "неделю", "недели", "недель");
      else if (days < 365) body = counted(Math.floor(days / 30), "месяц", "месяца", "месяцев");
      else body = counted(Math.floor(days / 365), "год", "года", "лет");
    }
    return future ? "через " + body : body + " назад";
  }

  function update(selector, attribute, seconds) {
    var now = Date.now();
    var items = document.querySelectorAll(selector);
    for (var i = 0; i < items.length; i++) {
      var el = items[i];
      var at = Date.parse(el.getAttribute(attribute));
      if (isNaN(at)) continue;
      var text = "(" + relative(at - now, seconds) + ")";
      if (el.textContent !== text) el.textContent = text;
      if (seconds) el.classList.toggle("overdue", at <= now);
    }
  }

  function tickCountdowns() { update("[data-countdown]", "data-countdown", true); }
  function tickRelative() { update("[data-rel]", "data-rel", false); }

  window.letopisTime = { relative: relative };
  function start() {
    tickCountdowns();
    tickRelative();
    setInterval(tickCountdowns, 1000);
    setInterval(tickRelative, 30000);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
