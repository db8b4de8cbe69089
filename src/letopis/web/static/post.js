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

// The board beside the post scrolls in its frame (templates/_board.html): open it where the
// player's own pieces are (the picture marks them with class «own»), once loaded or swapped in.
function centreOnOwnPieces(root) {
  var frame = (root || document).querySelector("#aid-board .board-frame");
  if (!frame) return;
  var own = frame.querySelectorAll(".own");
  if (!own.length) return;
  var box = frame.getBoundingClientRect(), x = 0, y = 0;
  own.forEach(function (el) {
    var r = el.getBoundingClientRect();
    x += r.left + r.width / 2;
    y += r.top + r.height / 2;
  });
  frame.scrollLeft += x / own.length - box.left - box.width / 2;
  frame.scrollTop += y / own.length - box.top - box.height / 2;
}
document.addEventListener("DOMContentLoaded", function () { centreOnOwnPieces(); });
document.addEventListener("htmx:afterSwap", function (event) {
  if (event.target && event.target.id === "aid") centreOnOwnPieces(event.target);
});
