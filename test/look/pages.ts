// Pages for the look tests, written by the tests into a temp folder and served from 127.0.0.1.
// defects.html has the four faults `veval look` must find without a spec; both pages carry the
// hidden idioms a user is not meant to see, which look must leave alone.
const HIDDEN_IDIOMS = `
  <a class="skip" href="#main">Skip to content</a>
  <style>
    .skip { position: absolute; left: -9999px; top: 0; }
    .skip:focus { left: 8px; }
    .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
    .drawer { position: fixed; top: 0; left: 0; width: 260px; height: 100vh; background: #fff; transform: translateX(-100%); }
    .track { overflow: hidden; width: 300px; } .slides { display: flex; width: 900px; } .slides > div { width: 300px; flex: none; }
    #menu { display: none; }
  </style>
  <button class="sr-only">Screen-reader only action</button>
  <details><summary>More options</summary><a href="/inside-details">Hidden inside details</a></details>
  <dialog id="dlg"><button id="dlg-close">Close dialog</button></dialog>
  <ul id="menu"><li><a href="/menu-item">Menu item</a></li></ul>
  <nav class="drawer" aria-label="Drawer"><a href="/drawer-link">Drawer link</a></nav>
  <div class="track"><div class="slides"><div><a href="/s1">Slide 1</a></div><div><a href="/s2">Slide 2</a></div><div><a href="/s3">Slide 3</a></div></div></div>
  <input type="checkbox" id="cb" style="opacity:0;position:absolute"><label for="cb">Styled checkbox</label>
`;

const HEAD = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>TITLE</title><style>body { font: 16px/1.5 sans-serif; margin: 0; } main, header, footer { padding: 16px; } button { padding: 8px 16px; }</style></head>`;

export const DEFECTS = `${HEAD.replace('TITLE', 'Defects')}<body>
<header><a href="/">Home</a></header>
<main id="main">
  <h1>Settings</h1>
  <div id="wide" style="width: 1800px; height: 20px; background: #eee">a row far wider than any screen</div>
  <div style="position: relative">
    <button id="covered">Save settings</button>
    <div id="cover" style="position: absolute; inset: -4px; width: 200px; height: 60px; background: #fff">A box over the button</div>
  </div>
  <p><input id="nolabel" type="text"></p>
  ${HIDDEN_IDIOMS}
</main>
<script>console.error('settings failed to load: boom');</script>
</body></html>`;

export const CLEAN = `${HEAD.replace('TITLE', 'Clean')}<body>
<header><nav aria-label="Main"><a href="/">Home</a> <a href="/about">About</a></nav></header>
<main id="main">
  <h1>Profile</h1>
  <form onsubmit="return false">
    <p><label for="name">Name</label> <input id="name" type="text"></p>
    <p><button id="save" type="submit">Save profile</button> <button id="open" type="button" onclick="document.getElementById('dlg').showModal()">Open dialog</button></p>
  </form>
  ${HIDDEN_IDIOMS}
</main>
<footer><p>Footer text</p></footer>
</body></html>`;

/** A page that renders, then throws on load, with one broken image: what issue 31 saw pass a look. */
export const THROWS = `${HEAD.replace('TITLE', 'Cart')}<body>
<main id="main">
  <h1>Your cart</h1>
  <img src="/missing-product.png" alt="Product photo" width="120" height="80">
  <p>2 items</p>
</main>
<script>document.title = cart.items.length + ' items';</script>
</body></html>`;

/** Moderate axe violations only (a skipped heading level, content outside landmarks) and an image
 *  that 404s: findings that fail the gate below serious, and a console line the requests check owns. */
export const MODERATE = `<!doctype html><html lang="en"><head><title>Moderate</title></head><body>
<div><h1>Orders</h1><h4>Recent</h4><p>Nothing yet.</p><img src="/missing.png" alt="chart"></div>
</body></html>`;
