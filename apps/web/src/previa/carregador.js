/*
 * index.html's one inline script (vite.config.ts, previaDoMapa, fills in RASTRO_APP and drops this
 * comment): starts the app — its entry and the modules it imports at once, as the module script
 * and modulepreload links of a plain build would. On the owner's map, with a view kept in this
 * browser, it first loads the map's preview (src/previa/main.ts) and starts the app after the
 * preview's first paint, so the app's code does not hold the preview back on a slow phone
 * (docs/adr/0023-previa-do-mapa.md). The server allows it by its hash in the CSP.
 */
/* global document, location, requestAnimationFrame */
(function () {
  'use strict';
  var RASTRO_APP = null;
  if (!RASTRO_APP) return;
  var app = RASTRO_APP;
  function preload(href) {
    var l = document.createElement('link');
    l.rel = 'modulepreload';
    l.crossOrigin = '';
    l.href = href;
    document.head.appendChild(l);
  }
  function iniciar() {
    app.preloads.forEach(preload);
    var s = document.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = app.entrada;
    document.head.appendChild(s);
  }
  var previa = false;
  try {
    previa = location.pathname === app.rota && localStorage.getItem(app.chave) !== null;
  } catch {
    // Storage blocked: no preview.
  }
  if (!previa) return iniciar();
  // After the preview's frame: a frame, then a task.
  var depois = function () {
    requestAnimationFrame(function () {
      setTimeout(iniciar, 0);
    });
  };
  app.previaPreloads.forEach(preload);
  import(app.previa).then(depois, iniciar);
})();
