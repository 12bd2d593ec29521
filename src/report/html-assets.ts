// The HTML report's inline style and script. The script is allowed by its hash in the page's CSP,
// so even a missed escape could not run injected script; it only filters and drives the sliders.

export const STYLE = `
:root{--blocker:#c62828;--important:#ef6c00;--polish:#6d4c41;--ok:#2e7d32;font-family:system-ui,sans-serif;color:#222}
body{margin:0 auto;max-width:1500px;padding:16px}
h1{margin:.2em 0}.pass{color:var(--ok)}.fail{color:var(--blocker)}
.filters{position:sticky;top:0;background:#fff;padding:8px 0;border-bottom:1px solid #ddd;z-index:5}
.filters label{margin-right:12px}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
section.spec{border-top:3px solid #ddd;margin-top:24px;padding-top:8px}
.unit{margin:12px 0}.figs{display:flex;gap:12px;align-items:flex-start;flex-wrap:wrap}
figure{margin:0;flex:1 1 300px;max-width:480px}figcaption{font-size:12px;color:#555}
.shot{position:relative;display:block;line-height:0}.shot img{width:100%;height:auto;display:block;outline:1px solid #ccc}
.box{position:absolute;border:2px solid var(--blocker);box-sizing:border-box;pointer-events:none;background:rgba(198,40,40,.08)}
.box[data-severity=important]{border-color:var(--important)}.box[data-severity=polish]{border-color:var(--polish)}
.box .tag{position:absolute;left:0;top:0;font:11px/1.3 system-ui,sans-serif;color:#fff;background:var(--blocker);padding:0 3px;white-space:nowrap}
.box[data-severity=important] .tag{background:var(--important)}.box[data-severity=polish] .tag{background:var(--polish)}
.baselines{padding:4px 8px;background:#fff8e1;border-left:3px solid var(--important)}
.slide{max-width:480px;margin-top:8px}.compare{position:relative;line-height:0}.compare img{width:100%;display:block}.compare .top{position:absolute;top:0;left:0;bottom:0;width:50%;overflow:hidden;border-right:2px solid #1565c0}
.compare .top img{max-width:none}
.missing{padding:24px;border:1px dashed var(--blocker);color:var(--blocker);line-height:1.4}
.findings li{margin:4px 0}.sev{display:inline-block;min-width:70px;font-weight:600}
.sev.blocker{color:var(--blocker)}.sev.important{color:var(--important)}.sev.polish{color:var(--polish)}
code{background:#f4f4f4;padding:0 3px;word-break:break-all}.quote{font-style:italic;color:#444}
[hidden]{display:none!important}
`;

export const SCRIPT = `
(function () {
  var sev = document.querySelectorAll('input[data-filter-severity]');
  var check = document.getElementById('filter-check');
  function apply() {
    var on = {};
    sev.forEach(function (i) { on[i.value] = i.checked; });
    var c = check ? check.value : '';
    document.querySelectorAll('[data-severity][data-check]').forEach(function (el) {
      el.hidden = !on[el.getAttribute('data-severity')] || (c !== '' && el.getAttribute('data-check') !== c);
    });
  }
  sev.forEach(function (i) { i.addEventListener('change', apply); });
  if (check) check.addEventListener('change', apply);
  document.querySelectorAll('input[data-slider]').forEach(function (s) {
    var cmp = s.parentElement.querySelector('.compare');
    var top = cmp && cmp.querySelector('.top');
    var img = top && top.querySelector('img');
    function move() {
      if (!top) return;
      top.style.width = s.value + '%';
      if (img) img.style.width = cmp.clientWidth + 'px';
    }
    s.addEventListener('input', move);
    window.addEventListener('resize', move);
    move();
  });
})();
`;
