// Starts the site's JavaScript. A page the server rendered is already readable: its scripts (the shell's entry and
// the route's remote files, named in this tag's data attributes) start downloading only after its first paint, so
// on a slow phone link they do not compete with the page's stylesheet and fonts. Other pages start at once.
// Plain ES5 in a file, not inline: the Content-Security-Policy allows no inline script.
(function () {
  // A form typed into before the scripts take over must not submit natively: that would put what was typed in the
  // address (a GET to this page), personal data included. Every form of the site submits through the app, which
  // prevents the native submission itself; React still sees the event.
  document.addEventListener(
    'submit',
    function (event) {
      var form = event.target;
      if (form && form.getAttribute && !form.getAttribute('action')) event.preventDefault();
    },
    true,
  );
  // Found by its address, not document.currentScript (which an element named "currentScript" could stand in for).
  var tag = document.querySelector('script[src="/boot.js"]');
  if (!tag) return;
  // Only this site's own files: a path that starts with one slash.
  function own(href) {
    return /^\/(?!\/)/.test(href || '');
  }
  function preload(as, list, remote) {
    var hrefs = (list || '').split(' ');
    for (var i = 0; i < hrefs.length; i++) {
      if (!own(hrefs[i])) continue;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = as;
      link.href = hrefs[i];
      // remote-loader and route-screen recognise the hints of a remote by this attribute.
      link.setAttribute('data-remote', remote);
      document.head.appendChild(link);
    }
  }
  function start() {
    var remote = tag.getAttribute('data-remote');
    if (remote) {
      preload('script', tag.getAttribute('data-preload-js'), remote);
      preload('style', tag.getAttribute('data-preload-css'), remote);
    }
    var src = tag.getAttribute('data-main');
    if (!own(src)) return;
    var main = document.createElement('script');
    main.src = src;
    document.body.appendChild(main);
  }
  // Calls back once, after the browser has reported the page's first contentful paint. A frame callback alone is not
  // enough: the paint is reported tens of milliseconds after the frame, and scripts requested in between still
  // compete with it. A page that cannot paint (a tab in the background) or a browser that does not report paints
  // starts without waiting; the timeout bounds the wait whatever happens.
  function afterFirstPaint(callback) {
    var started = false;
    function go() {
      if (started) return;
      started = true;
      callback();
    }
    function hidden() {
      return document.visibilityState === 'hidden';
    }
    if (hidden()) return go();
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') < 0) {
      // Without paint timing: after the first frame (its callback runs just before it, the timeout right after).
      if (typeof requestAnimationFrame !== 'function') return go();
      return requestAnimationFrame(function () {
        setTimeout(go, 0);
      });
    }
    var observer = new PerformanceObserver(function (list) {
      var entries = list.getEntries();
      for (var i = 0; i < entries.length; i++) {
        if (entries[i].name !== 'first-contentful-paint') continue;
        observer.disconnect();
        setTimeout(go, 0);
        return;
      }
    });
    observer.observe({ type: 'paint', buffered: true });
    document.addEventListener('visibilitychange', function () {
      if (hidden()) go();
    });
    setTimeout(go, 4000);
  }
  var root = document.getElementById('root');
  if (root && root.hasAttribute('data-ssr')) afterFirstPaint(start);
  else start();
})();
