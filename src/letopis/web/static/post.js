// The post page: a click on an example line adds it to the post (on a line of its own) and runs
// the live check at once; the caret ends up after it, ready for the next line.
document.addEventListener("click", function (event) {
  var button = event.target.closest("button.example");
  if (!button) return;
  var area = document.getElementById("post-text");
  if (!area) return;
  var line = button.getAttribute("data-line");
  var text = area.value;
  if (text && !/\n$/.test(text)) text += "\n";
  area.value = text + line + "\n";
  area.focus();
  area.setSelectionRange(area.value.length, area.value.length);
  if (window.htmx) window.htmx.trigger(area, "example");
});

// On a phone the keyboard takes half the screen: once the textarea has the focus, bring it to the
// top of the window, so that the live check right under it stays in sight while the player types
// (the check is also pinned to the bottom of the window whenever it would leave it).
(function () {
  var area = document.getElementById("post-text");
  if (!area || !window.matchMedia("(max-width: 55.99rem)").matches) return;
  area.addEventListener("focus", function () {
    window.setTimeout(function () { area.scrollIntoView({block: "start"}); }, 250);
  });
})();
