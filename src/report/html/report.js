// The report's only script (inlined into index.html and allowed by its hash in the page's CSP).
// Without it the page shows everything; with it: filters kept in the URL hash, passing units
// collapsed, view modes, j/k between findings, click a finding to zoom to its box, copy buttons.
(function () {
  'use strict';
  var $ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  var form = document.getElementById('filters');
  var units = $('details.unit');

  // ---- start-up: passing units collapsed, the controls that need the script shown
  units.forEach(function (u) { if (u.getAttribute('data-collapse') === 'true') u.open = false; });
  $('[data-copy], .modes').forEach(function (el) { el.hidden = false; });
  if (form) form.hidden = false;

  // ---- filters <-> URL hash (a link keeps the filter); unit anchors (#u-…) are left alone
  function readForm() {
    var f = { status: [], sev: [], check: '', spec: '', vp: '', q: '' };
    $('input[name=status]:checked', form).forEach(function (i) { f.status.push(i.value); });
    $('input[name=sev]:checked', form).forEach(function (i) { f.sev.push(i.value); });
    ['check', 'spec', 'vp', 'q'].forEach(function (k) { f[k] = form.elements[k].value; });
    return f;
  }
  function allOf(name) { return $('input[name=' + name + ']', form).map(function (i) { return i.value; }); }
  function toHash(f) {
    var p = [];
    if (f.status.length !== allOf('status').length) p.push('status=' + f.status.join(','));
    if (f.sev.length !== allOf('sev').length) p.push('sev=' + f.sev.join(','));
    ['check', 'spec', 'vp', 'q'].forEach(function (k) { if (f[k]) p.push(k + '=' + encodeURIComponent(f[k])); });
    return p.join('&');
  }
  function fromHash() {
    var h = location.hash.slice(1);
    if (h.indexOf('=') < 0) return false;
    var got = {};
    h.split('&').forEach(function (kv) { var i = kv.indexOf('='); if (i > 0) got[kv.slice(0, i)] = decodeURIComponent(kv.slice(i + 1)); });
    ['status', 'sev'].forEach(function (name) {
      var on = got[name] !== undefined ? got[name].split(',') : null;
      $('input[name=' + name + ']', form).forEach(function (i) { i.checked = !on || on.indexOf(i.value) >= 0; });
    });
    ['check', 'spec', 'vp', 'q'].forEach(function (k) { form.elements[k].value = got[k] || ''; });
    return true;
  }

  function matches(li, f) {
    if (f.sev.indexOf(li.getAttribute('data-severity')) < 0) return false;
    if (f.check && li.getAttribute('data-check') !== f.check) return false;
    return !f.q || li.textContent.toLowerCase().indexOf(f.q.toLowerCase()) >= 0;
  }
  function apply(writeHash) {
    var f = readForm();
    var findingFilter = f.check || f.q || f.sev.length !== allOf('sev').length;
    var shown = 0;
    units.forEach(function (u) {
      var lis = $('li.finding', u);
      var any = false;
      lis.forEach(function (li) { var ok = matches(li, f); li.hidden = !ok; any = any || ok; });
      $('.box[data-for]', u).forEach(function (b) {
        var li = document.getElementById(b.getAttribute('data-for'));
        b.hidden = !!li && li.hidden;
      });
      var hide = f.status.indexOf(u.getAttribute('data-status')) < 0
        || (f.spec && u.getAttribute('data-spec') !== f.spec)
        || (f.vp && u.getAttribute('data-viewport') !== f.vp)
        || (findingFilter && !any && !(f.q && u.querySelector('summary').textContent.toLowerCase().indexOf(f.q.toLowerCase()) >= 0));
      u.hidden = !!hide;
      if (!hide) shown++;
    });
    document.getElementById('shown').textContent = shown + ' of ' + units.length + ' units shown';
    if (writeHash) {
      var h = toHash(f);
      history.replaceState(null, '', h ? '#' + h : location.pathname + location.search);
    }
  }
  if (form) {
    form.addEventListener('input', function () { apply(true); });
    form.addEventListener('change', function () { apply(true); });
    form.addEventListener('submit', function (e) { e.preventDefault(); });
    fromHash();
    apply(false);
    window.addEventListener('hashchange', function () { if (fromHash()) apply(false); });
  }

  // ---- boxes: zoom the candidate to a finding's box, inside the figure's own scroll area
  function shotOf(box) { var s = box; while (s && !(s.classList && s.classList.contains('shot'))) s = s.parentNode; return s; }
  function reveal(box, zoom) {
    var shot = shotOf(box);
    if (!shot) return;
    var stage = box.parentNode;
    stage.style.width = '100%';
    if (zoom) {
      var w = box.getBoundingClientRect().width || 1;
      var z = Math.max(1, Math.min(4, (shot.clientWidth * 0.5) / w));
      stage.style.width = (z * 100) + '%';
    }
    var s = shot.getBoundingClientRect(), b = box.getBoundingClientRect();
    shot.scrollTop += (b.top - s.top) - Math.max(24, (shot.clientHeight - b.height) / 2);
    shot.scrollLeft += (b.left - s.left) - Math.max(0, (shot.clientWidth - b.width) / 2);
  }
  function boxesFor(li) { return $('.box[data-for="' + li.id + '"]'); }
  function unzoom() { $('.stage').forEach(function (s) { s.style.width = '100%'; }); }

  // every unit's candidate starts scrolled to its first box once its image has a size (the figure scrolls, not the page)
  units.forEach(function (u) {
    var lis = $('li.finding', u), first = null;
    for (var i = 0; i < lis.length && !first; i++) first = u.querySelector('figure.candidate .box[data-for="' + lis[i].id + '"]');
    var img = first && first.parentNode.querySelector('img');
    if (!img) return;
    if (img.complete && img.naturalWidth) reveal(first, false);
    else img.addEventListener('load', function () { reveal(first, false); });
  });

  // one scale: each side-by-side figure's share of the row is its image's width in px (the page
  // guessed it from report.json; the image itself knows), so every image shows as many CSS px per
  // image px as the others, whatever their sizes
  function loaded(img, fn) { if (img.complete && img.naturalWidth) fn(); else img.addEventListener('load', fn); }
  $('.mode-side figure').forEach(function (fig) {
    var img = fig.querySelector('.stage > img');
    if (img) loaded(img, function () { fig.style.flexGrow = String(img.naturalWidth); });
  });

  // side by side: the unit's figures scroll together (by share: their images may differ in size)
  function share(el, axis) {
    var max = axis === 'y' ? el.scrollHeight - el.clientHeight : el.scrollWidth - el.clientWidth;
    return max > 0 ? (axis === 'y' ? el.scrollTop : el.scrollLeft) / max : 0;
  }
  units.forEach(function (u) {
    var shots = $('.mode-side .shot', u), busy = false;
    shots.forEach(function (sh) {
      sh.addEventListener('scroll', function () {
        if (busy) return;
        busy = true;
        var y = share(sh, 'y'), x = share(sh, 'x');
        shots.forEach(function (o) {
          if (o === sh) return;
          o.scrollTop = y * (o.scrollHeight - o.clientHeight);
          o.scrollLeft = x * (o.scrollWidth - o.clientWidth);
        });
        requestAnimationFrame(function () { busy = false; });
      });
    });
  });

  // ---- j / k and clicks select a finding
  function visibleFindings() {
    return $('li.finding').filter(function (li) { var u = li.closest('details.unit'); return !li.hidden && !(u && u.hidden); });
  }
  function select(li, zoom) {
    $('li.finding.current, .box.current').forEach(function (el) { el.classList.remove('current'); });
    li.classList.add('current');
    var u = li.closest('details.unit');
    if (u && !u.open) u.open = true;
    var boxes = boxesFor(li);
    boxes.forEach(function (b) { b.classList.add('current'); });
    var onCandidate = boxes.filter(function (b) { var f = b.closest('figure'); return f && (f.classList.contains('candidate') || f.classList.contains('failure')); });
    if (onCandidate[0]) reveal(onCandidate[0], zoom);
    li.scrollIntoView({ block: 'nearest' });
  }
  $('li.finding').forEach(function (li) {
    li.addEventListener('click', function (e) {
      if (e.target.tagName === 'A') return;
      var zoomed = li.classList.contains('current') && li.getAttribute('data-zoomed') === '1';
      if (zoomed) { unzoom(); li.removeAttribute('data-zoomed'); return; }
      select(li, true);
      li.setAttribute('data-zoomed', '1');
    });
  });
  // a key typed into a field is the field's; a ticked checkbox or a view-mode radio keeps the
  // focus but takes no letters, so the shortcuts still work there (review.js uses the same test)
  function typing(t) {
    if (!t || !t.tagName) return false;
    if (t.isContentEditable || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA') return true;
    return t.tagName === 'INPUT' && !/^(checkbox|radio|button|submit|reset)$/.test(t.type);
  }
  window.vevalTyping = typing;
  document.addEventListener('keydown', function (e) {
    if (typing(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    var list = visibleFindings();
    if (e.key === 'Escape') { unzoom(); return; }
    if ((e.key !== 'j' && e.key !== 'k') || !list.length) return;
    var i = list.indexOf(document.querySelector('li.finding.current'));
    i = e.key === 'j' ? Math.min(list.length - 1, i + 1) : Math.max(0, i < 0 ? 0 : i - 1);
    select(list[i], false);
    e.preventDefault();
  });

  // ---- view modes, slider, overlay
  // without the script every mode is shown; with it, one at a time (side by side first)
  units.forEach(function (u) {
    var radios = $('.modes input', u);
    if (radios.length) u.setAttribute('data-mode', 'side');
    // a mode shown again lays its images out anew (the slider sizes its baseline by its own width)
    radios.forEach(function (r) { r.addEventListener('change', function () { u.setAttribute('data-mode', r.value); window.dispatchEvent(new Event('resize')); }); });
  });
  // the baseline over the candidate at the candidate's scale: its width in the candidate's px
  function ratio(base, cand) { return base.naturalWidth && cand.naturalWidth ? base.naturalWidth / cand.naturalWidth : 1; }
  $('input[data-slider]').forEach(function (s) {
    var cmp = s.parentNode.querySelector('.compare');
    var top = cmp && cmp.querySelector('.top');
    var img = top && top.querySelector('img');
    var cand = cmp && cmp.querySelector(':scope > img');
    function move() {
      if (!top) return;
      top.style.width = s.value + '%';
      if (img) img.style.width = (cmp.clientWidth * (cand ? ratio(img, cand) : 1)) + 'px';
    }
    s.addEventListener('input', move);
    window.addEventListener('resize', move);
    if (img) loaded(img, move);
    if (cand) loaded(cand, move);
    move();
  });
  $('.overlay').forEach(function (ov) {
    var imgs = ov.querySelectorAll('img');
    var cand = imgs[0], over = imgs[1];
    function size() { over.style.width = (100 * ratio(over, cand)) + '%'; }
    if (cand && over) { loaded(cand, size); loaded(over, size); }
  });
  $('input[data-opacity]').forEach(function (s) {
    var over = s.closest('.mode-overlay').querySelector('img.over');
    s.addEventListener('input', function () { over.style.opacity = String(s.value / 100); });
  });
  $('input[data-difference]').forEach(function (c) {
    var ov = c.closest('.mode-overlay').querySelector('.overlay');
    c.addEventListener('change', function () { ov.classList.toggle('difference', c.checked); });
  });

  // ---- change labels never lie on one another: on a thumbnail, boxes a few px apart put their tags
  // (fixed-size text) in the same place. Bottom-most first, a tag that meets one already placed
  // moves up until it clears it; again whenever the figures change size.
  function unstack(stage) {
    var items = $('.box > .tag', stage).map(function (t) {
      t.style.transform = '';
      var r = t.getBoundingClientRect();
      return { t: t, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    }).filter(function (x) { return x.right > x.left; }).sort(function (a, b) { return b.top - a.top || a.left - b.left; });
    var placed = [];
    items.forEach(function (x) {
      var dy = 0;
      for (var guard = 0; guard < items.length; guard++) {
        var hit = placed.filter(function (p) { return x.left < p.right && p.left < x.right && x.top + dy < p.bottom && p.top < x.bottom + dy; })[0];
        if (!hit) break;
        dy = hit.top - 1 - x.bottom;
      }
      if (dy) x.t.style.transform = 'translateY(' + dy + 'px)';
      placed.push({ left: x.left, right: x.right, top: x.top + dy, bottom: x.bottom + dy });
    });
  }
  function unstackAll() { $('.stage').forEach(unstack); }
  window.addEventListener('resize', unstackAll);
  window.addEventListener('load', unstackAll);
  units.forEach(function (u) { u.addEventListener('toggle', function () { $('.stage', u).forEach(unstack); }); });
  $('.stage > img').forEach(function (img) { loaded(img, function () { unstack(img.parentNode); }); });

  // ---- copy buttons
  $('[data-copy]').forEach(function (b) {
    b.addEventListener('click', function () {
      var code = b.parentNode.querySelector('code');
      if (navigator.clipboard) navigator.clipboard.writeText(code.textContent).then(function () { b.textContent = 'copied'; }, function () {});
      var r = document.createRange(); r.selectNodeContents(code);
      var sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);
    });
  });
})();
