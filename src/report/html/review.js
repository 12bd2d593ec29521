// The review actions (only in the page `veval review` serves, allowed by its hash in that page's
// CSP; the static index.html has none): a summary bar, Approve / Reject / Undo beside each capture
// and each group of identical changes, `a` / `r` for the current capture. Every request carries
// the token the server put in the page. Text from the server is set as text, never as markup.
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="veval-review-token"]');
  if (!meta) return;
  var token = meta.getAttribute('content');
  var $ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  var state = null, busy = false, stopped = false;
  var pending = {};   // unit → the acceptance its last refusal asked for ({ flag, items })

  function el(tag, attrs, kids) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'text') e.textContent = attrs[k];
      else if (k === 'class') e.className = attrs[k];
      else if (k.slice(0, 2) === 'on') e.addEventListener(k.slice(2), attrs[k]);
      else if (attrs[k] !== false && attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k] === true ? '' : attrs[k]);
    });
    (kids || []).forEach(function (c) { if (c) e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c); });
    return e;
  }

  // ---- the bar at the top: counts, the commit command, what the last action did
  var bar = el('section', { id: 'review-bar', 'aria-label': 'review' });
  var counts = el('p', { class: 'review-counts' });
  var commit = el('div', { class: 'cmd', hidden: true });
  var said = el('p', { class: 'review-said', role: 'status', 'aria-live': 'polite' });
  var groups = el('div', { class: 'review-groups' });
  bar.appendChild(counts); bar.appendChild(commit); bar.appendChild(groups); bar.appendChild(said);
  var header = document.querySelector('header');
  header.appendChild(bar);
  var help = document.querySelector('#filters small');
  if (help) help.appendChild(el('span', {}, [' · ', el('kbd', { text: 'a' }), ' approve · ', el('kbd', { text: 'r' }), ' reject the current capture']));

  function call(path, body) {
    return fetch(path, {
      method: body ? 'POST' : 'GET', credentials: 'same-origin',
      headers: body ? { 'x-veval-token': token, 'content-type': 'application/json' } : { 'x-veval-token': token },
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (r) {
      return r.text().then(function (t) {
        var v = null;
        try { v = JSON.parse(t); } catch (e) { /* a refusal is plain text */ }
        if (!r.ok && !(v && v.state)) throw new Error(r.status + ' ' + t);
        return v;
      });
    });
  }
  function gone(err) {
    stopped = true;
    said.textContent = 'the review server has stopped (' + (err && err.message || 'no answer') + '): run `veval review` again to go on; nothing is lost, every decision is in review.json';
    said.className = 'review-said bad';
    $('.review-actions button, #review-bar button.act').forEach(function (b) { b.disabled = true; });
  }

  function act(kind, units, extra) {
    if (busy || stopped) return;
    busy = true;
    var body = { units: units };
    Object.keys(extra || {}).forEach(function (k) { body[k] = extra[k]; });
    said.textContent = kind + '…';
    said.className = 'review-said';
    call('/api/' + kind, body).then(function (v) {
      busy = false;
      var lines = (v.results || []).map(function (x) {
        if (!x.ok && x.needs) pending[x.unit] = x.needs; else delete pending[x.unit];
        // approve's reasons name the CLI flag; here the flag is the tick box beside the capture
        return x.unit + ': ' + x.message + (!x.ok && x.needs ? ' — here: tick “' + TICK[x.needs.flag].replace(/:$/, '') + '” beside the capture and approve again' : '');
      });
      if (v.error) lines.push('error: ' + v.error);
      said.textContent = lines.join('\n');
      said.className = 'review-said' + ((v.results || []).some(function (x) { return !x.ok; }) || v.error ? ' bad' : ' good');
      render(v.state);
      var ok = (v.results || []).some(function (x) { return x.ok; });
      if (ok && kind !== 'undo') next();
    }, function (err) { busy = false; gone(err); });
  }

  // ---- per unit: decision, buttons, comment, the ticks a refusal asks for
  var TICK = {
    force: 'approve anyway, with these blocker findings:',
    acceptA11yDebt: 'record these accessibility violations as known debt:',
    replaceDesign: 'replace the accepted design export with this capture:',
  };
  function ticks(box) {
    var out = {};
    $('input[data-tick]', box).forEach(function (i) { if (i.checked) out[i.getAttribute('data-tick')] = true; });
    return out;
  }
  function unitBox(u) {
    var box = el('div', { class: 'review-actions', 'data-unit': u.unit });
    var d = u.decision;
    if (d) {
      box.appendChild(el('p', { class: 'review-decision ' + d.decision }, [
        el('b', { text: d.decision }), ' by ' + d.by + ' at ' + d.at.replace('T', ' ').slice(0, 19) + (d.comment ? ' — “' + d.comment + '”' : '') +
          (d.baselines.length ? ' — wrote ' + d.baselines.join(', ') : ''),
      ]));
      box.appendChild(el('button', { type: 'button', 'data-act': 'undo', title: u.restores ? 'put the previous baseline back' : 'withdraw the decision', onclick: function () { act('undo', [u.unit]); } }, ['Undo']));
      return box;
    }
    var need = [];
    if (u.blockers.length) need.push({ flag: 'force', items: u.blockers });
    if (u.design) need.push({ flag: 'replaceDesign', items: [u.design] });
    var p = pending[u.unit];
    if (p && !need.some(function (n) { return n.flag === p.flag; })) need.push(p);
    need.forEach(function (n) {
      var id = 'tick-' + n.flag + '-' + u.anchor;
      box.appendChild(el('div', { class: 'review-tick' }, [
        el('label', { for: id }, [el('input', { type: 'checkbox', id: id, 'data-tick': n.flag }), ' ' + TICK[n.flag]]),
        el('ul', {}, n.items.map(function (t) { return el('li', { text: t }); })),
      ]));
    });
    var comment = el('input', { type: 'text', class: 'review-comment', placeholder: 'comment (optional, with reject)', 'aria-label': 'comment on rejecting ' + u.unit, maxlength: '2000' });
    comment.addEventListener('keydown', function (e) { if (e.key === 'Enter') { e.preventDefault(); reject(u, box); } });
    var approve = el('button', { type: 'button', class: 'approve', 'data-act': 'approve', title: 'write this capture as the baseline (a)', onclick: function () { act('approve', [u.unit], ticks(box)); } }, ['Approve']);
    if (u.notApprovable) { approve.disabled = true; approve.title = u.notApprovable; }
    box.appendChild(el('div', { class: 'review-buttons' }, [approve,
      el('button', { type: 'button', class: 'reject', 'data-act': 'reject', title: 'record that this change is wrong; the baseline stays (r)', onclick: function () { reject(u, box); } }, ['Reject']),
      comment]));
    if (u.notApprovable) box.appendChild(el('p', { class: 'where', text: u.notApprovable }));
    var g = u.group && groupOf(u.group);
    if (g) {
      box.appendChild(el('p', { class: 'review-group' }, [g.label + ' ',
        el('button', { type: 'button', 'data-act': 'approve-group', onclick: function () { act('approve', g.units, ticks(box)); } }, ['Approve all ' + g.units.length]), ' ',
        el('button', { type: 'button', 'data-act': 'reject-group', onclick: function () { act('reject', g.units, { comment: comment.value }); } }, ['Reject all ' + g.units.length]),
      ]));
    }
    return box;
  }
  function reject(u, box) { act('reject', [u.unit], { comment: box.querySelector('.review-comment').value }); }
  function groupOf(key) { return (state.groups || []).filter(function (g) { return g.key === key; })[0]; }
  function viewOf(unit) { return (state.units || []).filter(function (u) { return u.unit === unit; })[0]; }

  function render(s) {
    state = s;
    counts.textContent = '';
    counts.appendChild(el('b', { text: 'Review' }));
    counts.appendChild(document.createTextNode(': ' + s.summary.approved + ' approved · ' + s.summary.rejected + ' rejected · ' + s.summary.left + ' left'));
    commit.textContent = '';
    commit.hidden = !s.commit;
    if (s.commit) {
      commit.appendChild(document.createTextNode('commit the baselines: '));
      commit.appendChild(el('code', { text: s.commit }));
      commit.appendChild(el('button', { type: 'button', onclick: function () { if (navigator.clipboard) navigator.clipboard.writeText(s.commit); } }, ['copy']));
    }
    groups.textContent = '';
    s.groups.forEach(function (g) {
      var open = g.units.filter(function (x) { var v = viewOf(x); return v && !v.decision; });
      groups.appendChild(el('p', { class: 'review-group', 'data-group': g.key }, open.length ? [g.label + ' ',
        el('button', { type: 'button', class: 'act', 'data-act': 'approve-group', onclick: function () { act('approve', open); } }, ['Approve ' + (open.length < g.units.length ? 'the ' + open.length + ' left' : 'all ' + open.length)]), ' ',
        el('button', { type: 'button', class: 'act', 'data-act': 'reject-group', onclick: function () { act('reject', open); } }, ['Reject ' + (open.length < g.units.length ? 'the ' + open.length + ' left' : 'all ' + open.length)]),
      ] : [g.label + ' — all decided']));
    });
    s.units.forEach(function (u) {
      var section = document.getElementById(u.anchor);
      if (!section) return;
      section.setAttribute('data-decision', u.decision ? u.decision.decision : '');
      var side = section.querySelector('.side');
      var old = side.querySelector('.review-actions');
      var focused = old && old.contains(document.activeElement) ? document.activeElement.getAttribute('data-act') : null;
      var box = unitBox(u);
      // what the reviewer typed or ticked on a capture still to decide survives the redraw
      if (old && !u.decision) {
        var was = old.querySelector('.review-comment'), now = box.querySelector('.review-comment');
        if (was && now) now.value = was.value;
        $('input[data-tick]:checked', old).forEach(function (i) {
          var same = box.querySelector('input[data-tick="' + i.getAttribute('data-tick') + '"]');
          if (same) same.checked = true;
        });
      }
      if (old) side.replaceChild(box, old); else side.insertBefore(box, side.firstChild);
      var again = focused && box.querySelector('[data-act="' + focused + '"]');
      if (again) again.focus();
    });
  }

  // ---- the current capture: the one j/k, a click or the keyboard focus is in; after a decision the next one left
  function current() {
    var c = document.querySelector('details.unit.review-current:not([hidden])');
    return c || (document.activeElement && document.activeElement.closest && document.activeElement.closest('details.unit')) || undecided()[0] || null;
  }
  function setCurrent(u) {
    $('details.unit.review-current').forEach(function (x) { x.classList.remove('review-current'); });
    if (u) u.classList.add('review-current');
  }
  function undecided() {
    return $('details.unit').filter(function (d) {
      var v = state && state.units.filter(function (x) { return x.anchor === d.id; })[0];
      return v && v.change && !v.decision && !d.hidden;
    });
  }
  function next() {
    var left = undecided();
    var cur = document.querySelector('details.unit.review-current');
    var all = $('details.unit');
    var after = left.filter(function (d) { return !cur || all.indexOf(d) > all.indexOf(cur); })[0] || left[0];
    setCurrent(after || null);
    $('li.finding.current').forEach(function (li) { li.classList.remove('current'); });
    if (after) { after.open = true; after.scrollIntoView({ block: 'start' }); }
  }
  document.addEventListener('focusin', function (e) { var u = e.target.closest && e.target.closest('details.unit'); if (u) setCurrent(u); });
  document.addEventListener('click', function (e) { var u = e.target.closest && e.target.closest('details.unit'); if (u) setCurrent(u); });
  document.addEventListener('keydown', function (e) {
    if (window.vevalTyping(e.target) || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'j' || e.key === 'k') {
      // report.js has moved the current finding: its capture becomes the current one
      var li = document.querySelector('li.finding.current');
      if (li) setCurrent(li.closest('details.unit'));
      return;
    }
    if (e.key !== 'a' && e.key !== 'r') return;
    var u = current();
    var box = u && u.querySelector('.review-actions');
    if (!box) return;
    setCurrent(u);
    var b = box.querySelector(e.key === 'a' ? 'button.approve' : 'button.reject');
    if (b && !b.disabled) { e.preventDefault(); b.click(); }
  });

  // Reading diffs sends no request: the server's idle stop would end a review in progress. Any
  // activity in the page tells the server someone is there, at most four times per idle period.
  var idleMs = Number(meta.getAttribute('data-idle-ms')) || 0, lastSeen = Date.now();
  if (idleMs) ['keydown', 'pointerdown', 'pointermove', 'wheel', 'scroll'].forEach(function (ev) {
    window.addEventListener(ev, function () {
      if (stopped || Date.now() - lastSeen < idleMs / 4) return;
      lastSeen = Date.now();
      call('/api/state').catch(gone);
    }, { passive: true, capture: true });
  });

  call('/api/state').then(render, gone);
})();
