// Who listens on a TCP port, read from Linux's /proc: the listening sockets of /proc/net/tcp{,6}
// (their inodes) and the processes that hold them (/proc/<pid>/fd → socket:[inode]). The app
// server uses it to show that what answers at server.url is the process tree it started.
import dns from 'node:dns/promises';
import fs from 'node:fs';
import net from 'node:net';

export interface Listener { address: string; port: number; inode: string }
export interface PortOwner { pid: number; command: string }

const LISTEN = '0A';

/** "0100007F" (little-endian IPv4) or 32 hex digits (four little-endian words, IPv6) as text. */
function hexAddress(hex: string): string {
  const bytes = (h: string) => h.match(/../g)!.map((b) => parseInt(b, 16)).reverse();
  if (hex.length === 8) return bytes(hex).join('.');
  const words = hex.match(/.{8}/g)!.flatMap(bytes);
  const groups = Array.from({ length: 8 }, (_, i) => ((words[2 * i] << 8) | words[2 * i + 1]).toString(16));
  const v6 = groups.join(':');
  // ::ffff:a.b.c.d is an IPv4 address on a dual-stack socket
  if (/^0:0:0:0:0:ffff:/.test(v6)) return words.slice(12).join('.');
  return v6 === '0:0:0:0:0:0:0:0' ? '::' : v6;
}

/** The listening sockets on `port`, or null when /proc/net cannot be read (not Linux). */
export function listenersOn(port: number): Listener[] | null {
  const out: Listener[] = [];
  let read = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try { text = fs.readFileSync(file, 'utf8'); read = true; } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10 || f[3] !== LISTEN) continue;
      const [addr, p] = f[1].split(':');
      if (parseInt(p, 16) === port) out.push({ address: hexAddress(addr), port, inode: f[9] });
    }
  }
  return read ? out : null;
}

/** An IPv6 address as eight hex groups without leading zeros (0:0:0:0:0:0:0:1 for ::1). */
function expand6(a: string): string {
  const [head, tail] = a.split('::');
  const h = head ? head.split(':') : [], t = tail !== undefined && tail ? tail.split(':') : [];
  const groups = tail === undefined ? h : [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return groups.map((g) => parseInt(g || '0', 16).toString(16)).join(':');
}
const normal = (a: string) => (net.isIPv6(a) ? (/^::ffff:\d/i.test(a) ? a.slice(7) : expand6(a)) : a);
/** Whether a connection to `target` can reach a socket listening on `listening`. */
function reaches(listening: string, target: string): boolean {
  if (listening === '::') return true;   // dual-stack wildcard
  if (listening === '0.0.0.0') return net.isIPv4(normal(target));
  return normal(listening) === normal(target);
}

/** The listeners on this machine a request to `url` can reach (every listener on its port when the host does not resolve). */
export async function listenersFor(url: string): Promise<Listener[] | null> {
  const u = new URL(url);
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const all = listenersOn(port);
  if (!all) return null;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  let targets: string[];
  try { targets = (await dns.lookup(host, { all: true })).map((a) => a.address); } catch { return all; }
  // none: the url is served from another machine (or namespace), not from a socket here
  return all.filter((l) => targets.some((t) => reaches(l.address, t)));
}

const pids = () => fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d)).map(Number);

/** pid → [ppid, session id], from /proc/<pid>/stat (the fields after the command's closing paren). */
function stats(): Map<number, [number, number]> {
  const m = new Map<number, [number, number]>();
  for (const pid of pids()) {
    try {
      const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
      m.set(pid, [Number(f[1]), Number(f[3])]);
    } catch { /* gone */ }
  }
  return m;
}

/** The processes started from `root`: its descendants, and everything in the session it leads
 *  (a daemon that double-forked out of the tree stays in the session). */
export function processTree(root: number): Set<number> {
  const st = stats();
  const tree = new Set<number>([root]);
  for (const [pid, [, sid]] of st) if (sid === root) tree.add(pid);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, [ppid]] of st) if (!tree.has(pid) && tree.has(ppid)) { tree.add(pid); grew = true; }
  }
  return tree;
}

function socketsOf(pid: number): Set<string> {
  const out = new Set<string>();
  let fds: string[];
  try { fds = fs.readdirSync(`/proc/${pid}/fd`); } catch { return out; }
  for (const fd of fds) {
    try { const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`)); if (m) out.add(m[1]); } catch { /* closed */ }
  }
  return out;
}

/** Whether every one of `listeners` is held by a process of `tree`. */
export function heldBy(listeners: Listener[], tree: Set<number>): boolean {
  const held = new Set<string>();
  for (const pid of tree) for (const i of socketsOf(pid)) held.add(i);
  return listeners.length > 0 && listeners.every((l) => held.has(l.inode));
}

/** The processes holding `listeners` (to name what answers instead of the app's server). */
export function ownersOf(listeners: Listener[]): PortOwner[] {
  const want = new Set(listeners.map((l) => l.inode));
  const out: PortOwner[] = [];
  for (const pid of pids()) {
    if (pid === process.pid) continue;
    if (![...socketsOf(pid)].some((i) => want.has(i))) continue;
    let command = '';
    try { command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' '); } catch { /* gone */ }
    out.push({ pid, command: command.slice(0, 200) || '?' });
  }
  return out;
}
