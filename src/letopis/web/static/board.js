// Board pictures (templates/_board.html). The page works without this file: the picture scrolls in
// its frame and its PNG link opens it at full size. With it, a click on the picture (or the
// «Увеличить» button) opens it full screen, where it zooms (buttons, the keys + − 0, Ctrl+wheel or
// a touchpad pinch) and moves (scroll, swipe, or drag with the mouse); Esc or «Закрыть» closes.
(() => {
  "use strict";
  const MIN_ZOOM = 0.25;
  const MAX_ZOOM = 6;
  const STEP = 1.25;
  let viewer = null;

  function own(svg) {
    // The picture's own size in CSS pixels (its width and height attributes, set on the server).
    const w = parseFloat(svg.getAttribute("width")) || svg.viewBox.baseVal.width || svg.getBoundingClientRect().width;
    const h = parseFloat(svg.getAttribute("height")) || svg.viewBox.baseVal.height || svg.getBoundingClientRect().height;
    return { w, h };
  }

  function button(text, label, onClick) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "secondary";
    b.textContent = text;
    if (label) { b.setAttribute("aria-label", label); b.title = label; }
    b.addEventListener("click", onClick);
    return b;
  }

  function build() {
    const dialog = document.createElement("dialog");
    dialog.className = "board-viewer";
    const bar = document.createElement("div");
    bar.className = "viewer-bar";
    const title = document.createElement("strong");
    const zoomOut = button("−", "Мельче", () => zoomBy(1 / STEP));
    const level = document.createElement("output");
    level.setAttribute("aria-live", "polite");
    const zoomIn = button("+", "Крупнее", () => zoomBy(STEP));
    const fit = button("Целиком", "Показать всю картинку", () => setZoom(fitZoom()));
    const real = button("1:1", "Настоящий размер", () => setZoom(1));
    const png = document.createElement("a");
    png.textContent = "PNG";
    png.className = "viewer-png";
    const close = button("Закрыть", null, () => dialog.close());
    close.classList.remove("secondary");
    bar.append(title, zoomOut, level, zoomIn, fit, real, png, close);
    const area = document.createElement("div");
    area.className = "viewer-area";
    area.tabIndex = 0;
    dialog.append(bar, area);
    document.body.append(dialog);

    dialog.addEventListener("close", () => { area.replaceChildren(); document.documentElement.classList.remove("viewing"); });
    dialog.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (e.key === "+" || e.key === "=") { zoomBy(STEP); e.preventDefault(); }
      else if (e.key === "-" || e.key === "−") { zoomBy(1 / STEP); e.preventDefault(); }
      else if (e.key === "0") { setZoom(fitZoom()); e.preventDefault(); }
    });
    area.addEventListener("wheel", (e) => {
      if (!e.ctrlKey) return;  // a plain wheel scrolls; Ctrl+wheel (and a touchpad pinch) zooms
      e.preventDefault();
      zoomBy(e.deltaY < 0 ? STEP : 1 / STEP, e.clientX, e.clientY);
    }, { passive: false });
    let drag = null;
    area.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "mouse" || e.button !== 0) return;  // touch scrolls natively
      drag = { x: e.clientX, y: e.clientY, left: area.scrollLeft, top: area.scrollTop };
      area.setPointerCapture(e.pointerId);
      area.classList.add("dragging");
    });
    area.addEventListener("pointermove", (e) => {
      if (!drag) return;
      area.scrollLeft = drag.left - (e.clientX - drag.x);
      area.scrollTop = drag.top - (e.clientY - drag.y);
    });
    const stop = () => { drag = null; area.classList.remove("dragging"); };
    area.addEventListener("pointerup", stop);
    area.addEventListener("pointercancel", stop);
    return { dialog, area, title, level, png, zoomOut, zoomIn, svg: null, size: null, zoom: 1 };
  }

  function fitZoom() {
    const { area, size } = viewer;
    return Math.min(area.clientWidth / size.w, area.clientHeight / size.h);
  }

  function setZoom(zoom, clientX, clientY) {
    const { area, svg, size } = viewer;
    zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
    const rect = area.getBoundingClientRect();
    // keep the point under the pointer (or the middle of the view) where it is
    const px = clientX === undefined ? area.clientWidth / 2 : clientX - rect.left;
    const py = clientY === undefined ? area.clientHeight / 2 : clientY - rect.top;
    const fx = (area.scrollLeft + px) / (size.w * viewer.zoom);
    const fy = (area.scrollTop + py) / (size.h * viewer.zoom);
    viewer.zoom = zoom;
    svg.style.width = `${Math.round(size.w * zoom)}px`;
    svg.style.height = `${Math.round(size.h * zoom)}px`;
    area.scrollLeft = fx * size.w * zoom - px;
    area.scrollTop = fy * size.h * zoom - py;
    viewer.level.textContent = `${Math.round(zoom * 100)} %`;
    viewer.zoomOut.disabled = zoom <= MIN_ZOOM;
    viewer.zoomIn.disabled = zoom >= MAX_ZOOM;
  }

  function zoomBy(factor, clientX, clientY) { setZoom(viewer.zoom * factor, clientX, clientY); }

  function open(figure) {
    const source = figure.querySelector(".board-frame > svg");
    if (!source) return;
    viewer = viewer || build();
    const svg = source.cloneNode(true);
    svg.removeAttribute("style");
    viewer.svg = svg;
    viewer.size = own(source);
    viewer.title.textContent = figure.dataset.label || "Поле";
    viewer.dialog.setAttribute("aria-label", `${viewer.title.textContent}: во весь экран`);
    const png = figure.dataset.png;
    viewer.png.hidden = !png;
    if (png) viewer.png.href = png;
    viewer.area.replaceChildren(svg);
    document.documentElement.classList.add("viewing");
    viewer.dialog.showModal();
    viewer.zoom = 1;
    // open at the larger of «the whole picture» and the size at which its text is legible
    const legible = (parseFloat(getComputedStyle(figure).getPropertyValue("--board-min")) || 0) / viewer.size.w;
    setZoom(Math.max(fitZoom(), legible, 0));
    viewer.area.scrollLeft = 0;
    viewer.area.scrollTop = 0;
    viewer.area.focus();
  }

  function markOverflow(figure) {
    const frame = figure.querySelector(".board-frame");
    figure.classList.toggle("overflows", frame.scrollWidth > frame.clientWidth + 1);
    figure.classList.add("measured");
  }

  function enhance(figure) {
    const frame = figure.querySelector(".board-frame");
    if (!frame || !frame.querySelector("svg")) return;
    const zoom = button("Увеличить", "Открыть картинку во весь экран", () => open(figure));
    zoom.classList.add("board-zoom");
    figure.querySelector("figcaption").prepend(zoom);
    frame.classList.add("zoomable");
    frame.addEventListener("click", () => {
      // a click opens the viewer; a drag or a swipe that scrolled the frame does not
      if (!window.getSelection().toString()) open(figure);
    });
    frame.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && !e.ctrlKey && !e.altKey) { e.preventDefault(); open(figure); }
    });
    markOverflow(figure);
  }

  function start() {
    const figures = document.querySelectorAll("figure.board");
    figures.forEach(enhance);
    window.addEventListener("resize", () => figures.forEach(markOverflow));
    // a board that arrives later in a fragment (the post page's panel, htmx) is enhanced too
    document.addEventListener("htmx:afterSettle", (e) => {
      e.target.querySelectorAll("figure.board:not(.measured)").forEach(enhance);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
