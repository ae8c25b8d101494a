import { CARD_STATUS_LABELS } from '../../../contract/cards';

/**
 * The demo card home (the IoT card platform's own page, SPEC §2): a static page, its script and
 * its style, served under /srv/card-home. The script takes the card token from the address (the
 * console opens `…?token=<card token>` or the literal `null`), removes it from the address, keeps
 * it for this tab only, and lists the cards of the user's organisation from
 * /srv/card-home/cards. Everything from the server is written as text (textContent), never HTML.
 * Language and theme follow the console's own choice on this origin (nv_lang, nv_theme).
 */
export const CARD_HOME_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>物联网卡平台</title>
<link rel="stylesheet" href="/srv/card-home/app.css">
<script src="/srv/card-home/app.js" defer></script>
</head>
<body>
<header class="bar"><h1 id="title">物联网卡平台</h1><span id="who"></span></header>
<main>
  <p id="state" role="status">…</p>
  <section id="summary" class="summary" hidden></section>
  <div class="table-wrap" id="table-wrap" hidden>
    <table id="cards"><thead><tr id="head"></tr></thead><tbody id="rows"></tbody></table>
  </div>
</main>
</body>
</html>
`;

export const CARD_HOME_CSS = `
:root { color-scheme: dark; --bg: #0b1a30; --panel: #12284a; --text: #dfe9f7; --muted: #8fa3c0; --line: #1f3a63; --accent: #2dc1c6;
  --warn: #f5a623; --bad: #ff5b5b; --ok: #3ccf7f; }
html[data-theme="light"] { color-scheme: light; --bg: #f3f6fa; --panel: #ffffff; --text: #1d2a3a; --muted: #5d6b7e; --line: #dde4ee;
  --accent: #14939a; --warn: #c77c00; --bad: #d63b3b; --ok: #1f9d57; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--text); font: 14px/1.5 system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif; }
.bar { display: flex; align-items: center; justify-content: space-between; gap: 16px; padding: 14px 24px; background: var(--panel);
  border-bottom: 1px solid var(--line); }
.bar h1 { margin: 0; font-size: 18px; color: var(--accent); }
#who { color: var(--muted); }
main { padding: 20px 24px; }
#state { color: var(--muted); }
#state.error { color: var(--bad); font-size: 16px; }
.summary { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 16px; }
.tile { min-width: 120px; padding: 10px 16px; border: 1px solid var(--line); border-radius: 8px; background: var(--panel); }
.tile b { display: block; font-size: 22px; color: var(--accent); }
.tile span { color: var(--muted); }
.table-wrap { overflow-x: auto; border: 1px solid var(--line); border-radius: 8px; background: var(--panel); }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 9px 12px; border-bottom: 1px solid var(--line); text-align: left; white-space: nowrap; }
th { color: var(--muted); font-weight: 500; }
tr:last-child td { border-bottom: 0; }
.status { padding: 1px 8px; border-radius: 10px; border: 1px solid var(--line); }
.status.s2 { color: var(--ok); border-color: var(--ok); }
.status.s4, .status.s8 { color: var(--bad); border-color: var(--bad); }
.status.s1, .status.s6 { color: var(--warn); border-color: var(--warn); }
.usage { display: inline-block; width: 80px; height: 6px; margin-right: 8px; border-radius: 3px; background: var(--line); vertical-align: middle; }
.usage i { display: block; height: 100%; border-radius: 3px; background: var(--accent); }
.usage i.high { background: var(--bad); }
td.none { color: var(--muted); }
.soon { color: var(--warn); }
.past { color: var(--bad); }
@media (max-width: 576px) { .bar, main { padding-left: 12px; padding-right: 12px; } }
`;

const LABELS = Object.fromEntries(Object.entries(CARD_STATUS_LABELS).map(([k, v]) => [k, v]));

export const CARD_HOME_JS = `(() => {
  'use strict';
  const STATUS = ${JSON.stringify(LABELS)};
  const T = {
    zh: { title: '物联网卡平台', loading: '正在加载…', none: '未登录物联网卡平台：登录未返回令牌，请从控制台重新打开，或联系管理员同步用户。',
      expired: '链接已失效，请从控制台重新打开物联网卡平台。', failed: '加载失败：', empty: '本组织暂无物联网卡',
      total: '卡总数', cols: ['ICCID', '卡号', '状态', '所属组织', '运营商', '套餐', '流量(MB)', '激活日期', '到期日期', '绑定设备', '项目'] },
    en: { title: 'IoT card platform', loading: 'Loading…', none: 'Not signed in to the IoT card platform: the login returned no token. Open it again from the console, or ask an administrator to sync your user.',
      expired: 'This link has expired. Open the IoT card platform again from the console.', failed: 'Could not load: ', empty: 'No IoT cards in this organisation',
      total: 'Cards', cols: ['ICCID', 'MSISDN', 'Status', 'Organisation', 'Carrier', 'Plan', 'Data (MB)', 'Activated', 'Expires', 'Device', 'Project'] },
  };
  const lang = localStorage.getItem('nv_lang') === 'en' ? 'en' : 'zh';
  let theme = 'dark';
  try { theme = JSON.parse(localStorage.getItem('nv_theme') || '"dark"') === 'light' ? 'light' : 'dark'; } catch { theme = 'dark'; }
  document.documentElement.dataset.theme = theme;
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  const t = T[lang];
  const $ = (id) => document.getElementById(id);
  const text = (tag, value, cls) => { const el = document.createElement(tag); el.textContent = value; if (cls) el.className = cls; return el; };
  /** A cell; an empty value shows a dash. */
  const cell = (value) => (value ? text('td', value) : text('td', '—', 'none'));
  const day = (ms) => (ms == null ? '' : new Date(ms).toISOString().slice(0, 10));
  const state = (message, error) => { const el = $('state'); el.textContent = message; el.className = error ? 'error' : ''; el.hidden = !message; };

  document.title = t.title;
  $('title').textContent = t.title;
  const params = new URLSearchParams(location.search);
  if (params.has('token')) {
    const given = params.get('token') || '';
    if (given && given !== 'null') sessionStorage.setItem('nv_card_token', given); else sessionStorage.removeItem('nv_card_token');
    params.delete('token');
    const rest = params.toString();
    history.replaceState(null, '', location.pathname + (rest ? '?' + rest : '') + location.hash);
  }
  const token = sessionStorage.getItem('nv_card_token');
  if (!token) { state(t.none, true); return; }

  state(t.loading, false);
  fetch('/srv/card-home/cards', { headers: { 'X-Card-Token': token, Accept: 'application/json' } })
    .then((r) => r.json().then((body) => ({ status: r.status, body })))
    .then(({ status, body }) => {
      if (!body || !body.success) {
        if (status === 401) { sessionStorage.removeItem('nv_card_token'); state(t.expired, true); }
        else state(t.failed + ((body && body.error) || status), true);
        return;
      }
      render(body.data);
    })
    .catch((err) => state(t.failed + String(err && err.message || err), true));

  function render(data) {
    $('who').textContent = data.org.name + ' · ' + (data.user.nickName || data.user.username);
    const summary = $('summary');
    const counts = {};
    for (const c of data.cards) counts[c.status] = (counts[c.status] || 0) + 1;
    const tile = (n, label) => { const el = document.createElement('div'); el.className = 'tile'; el.append(text('b', String(n)), text('span', label)); return el; };
    summary.replaceChildren(tile(data.cards.length, t.total), ...Object.keys(STATUS).filter((s) => counts[s]).map((s) => tile(counts[s], STATUS[s][lang])));
    summary.hidden = false;
    if (!data.cards.length) { state(t.empty, false); return; }
    state('', false);
    $('head').replaceChildren(...t.cols.map((c) => text('th', c)));
    const now = Date.now();
    $('rows').replaceChildren(...data.cards.map((c) => {
      const tr = document.createElement('tr');
      tr.dataset.iccid = c.iccid;
      const status = text('span', (STATUS[c.status] || { [lang]: String(c.status) })[lang], 'status s' + c.status);
      const usage = document.createElement('td');
      if (c.dataLimitMb > 0) {
        const ratio = Math.min(1, c.dataUsedMb / c.dataLimitMb);
        const bar = document.createElement('span'); bar.className = 'usage';
        const fill = document.createElement('i'); fill.style.width = Math.round(ratio * 100) + '%'; if (ratio >= 0.9) fill.className = 'high';
        bar.append(fill); usage.append(bar);
      }
      usage.append(document.createTextNode(c.dataUsedMb.toFixed(1) + ' / ' + (c.dataLimitMb > 0 ? c.dataLimitMb.toFixed(0) : '∞')));
      const expires = cell(day(c.expiresAt));
      if (c.expiresAt != null) expires.className = c.expiresAt < now ? 'past' : c.expiresAt < now + 30 * 86400000 ? 'soon' : '';
      const statusCell = document.createElement('td'); statusCell.append(status);
      tr.append(text('td', c.iccid), cell(c.msisdn), statusCell, cell(c.orgName), cell(c.carrier), cell(c.planName), usage,
        cell(day(c.activatedAt)), expires, cell(c.deviceName), cell(c.projectName));
      return tr;
    }));
    $('table-wrap').hidden = false;
  }
})();
`;
