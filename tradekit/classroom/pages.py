"""The pages of class mode: the join form, a student's table and the teacher's overview.

Each page is one HTML document with its style and a small script inline, and nothing fetched
from anywhere else, so a class works on a network with no internet. The script draws what the
JSON API sends (:mod:`tradekit.classroom.replies`): the table and the log come drawn by the
game's renderer, the buttons are made from the seat's legal actions, and an ``EventSource`` on
``/api/events`` says when to look again. Elements that a test or a browser script looks for
have ids (``#status``, ``#actions``, ``#table``, ``#log``, ``#notice``) and each action button
carries its action as JSON in ``data-action``; so does each legal card of the drawn table
(``data-playable``), which a click plays (the buttons stay, for keyboards).

The pages are laid out for a 360-pixel-wide phone first: the status line and the actions come
before the table, and every button is at least 44 pixels high. The status line is shown once, in
the page's header: the drawn table's own copy of it is hidden. In a room that plays several
games in a row, a line above the actions says which game is in play and the totals so far, and
a finished game that has another after it shows a ``#next-game`` button.

Example:
    >>> html = join_page("fr", code="ABC234", nonce="n0")
    >>> 'lang="fr"' in html and 'value="ABC234"' in html and 'nonce="n0"' in html
    True
"""

from __future__ import annotations

import json
from typing import Any

from tradekit.classroom import panels
from tradekit.classroom.rooms import PROBLEM_KINDS
from tradekit.i18n import t
from tradekit.render.parts import esc

#: The page texts the scripts need, by key (looked up in the page's language).
_SCRIPT_TEXTS = (
    "classroom.your_turn",
    "classroom.table_seat",
    "classroom.wait_turn",
    "classroom.anytime",
    "classroom.paused_banner",
    "classroom.more_actions",
    "classroom.offline",
    "classroom.start",
    "classroom.pause",
    "classroom.resume",
    "classroom.to_robot",
    "classroom.save",
    "classroom.no_tables",
    "classroom.state_waiting",
    "classroom.state_playing",
    "classroom.state_paused",
    "classroom.state_over",
    "classroom.state_ended",
    "classroom.stand_in_banner",
    "classroom.take_back",
    "classroom.to_robot_for_good",
    "classroom.give_back",
    "classroom.presence_present",
    "classroom.presence_away",
    "classroom.students_count",
    "classroom.students_away",
    "classroom.game_of",
    "classroom.totals",
    "classroom.next_game",
    "classroom.game_done",
    "classroom.waiting_ready",
    "classroom.state_between",
    "classroom.game_save",
    "classroom.problem_not_played",
    "classroom.problem_not_now",
    "classroom.problem_not_allowed",
    "classroom.problem_not_found",
    "classroom.problem_signed_out",
    "classroom.problem_too_fast",
    "classroom.problem_failed",
)

#: The start of every page's script: ``fill`` puts fields into a text, and ``problem`` says
#: what went wrong in the page's language. The server words its errors in English, for the API's
#: users and for people: an English page shows its words, a page in another language a text of
#: its own for the error's kind (its HTTP status). A 409 on a student's page is a move the table
#: no longer allows (it changed since the page drew it): that page says so in its own words in
#: every language (the server's mention a version number), looks again, and the student chooses
#: again.
_SCRIPT_START = (
    """
const $=(id)=>document.getElementById(id);
const PROBLEM_KINDS="""
    + json.dumps(PROBLEM_KINDS)
    + """;
function fill(text, fields) {
  return text.replace(/\\{(\\w+)\\}/g, (_, k) => (k in fields ? fields[k] : ''));
}
function problem(status, error, kinds) {
  const kind=Object.assign({}, PROBLEM_KINDS, kinds || {})[status] || 'failed';
  // The server words a refused move (422) in the page's language; its other errors in English.
  const words=(LANG === 'en' || status === 422) && kind !== 'not_played' ? error : '';
  return words || T['problem_'+kind];
}
"""
)

#: Beyond this many legal actions, a list to choose from replaces the buttons.
MAX_BUTTONS = 30

STYLE = """
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:16px;
color:#1d1d1f;background:#eef2f7}
main{max-width:1100px;margin:0 auto;padding:8px}
header{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;background:#1f3a5f;color:#fff;
padding:8px 10px;border-radius:8px}
header a{color:#fff}
#status{flex:1 1 200px}
.box{background:#fff;border:1px solid #c9d3df;border-radius:8px;padding:8px;margin:8px 0}
button,select,input{font-size:16px;min-height:44px;border-radius:8px;border:1px solid #8aa0b8;
padding:6px 12px;background:#fff}
button{background:#1f3a5f;color:#fff;border-color:#1f3a5f;cursor:pointer;margin:3px}
button:disabled{opacity:.5}
button.alt{background:#fff;color:#1f3a5f}
#buttons{display:flex;flex-wrap:wrap}
#buttons button{flex:1 1 140px}
#table [data-playable]{cursor:pointer;outline:3px solid #2e86c1;outline-offset:1px;
border-radius:.5em}
#table [data-playable]:hover{outline-color:#e67e22}
#choice{width:100%;margin:3px 0}
#notice{padding:8px 10px;border-radius:8px;margin:8px 0;background:#fadbd8;color:#922b21;
border:1px solid #f1948a}
#notice.ok{background:#d5f5e3;color:#1e6b3a;border-color:#82e0aa}
#offline{padding:6px 10px;background:#fde3c8;color:#8a4b08;border-radius:8px;margin:8px 0}
label{display:block;margin:10px 0 4px;font-weight:600}
input{width:100%}
table.status{border-collapse:collapse;width:100%;font-size:14px}
table.status th,table.status td{border:1px solid #dbe2ea;padding:4px 6px;text-align:left;
vertical-align:top}
table.status td button{min-height:36px;font-size:14px;padding:4px 8px}
.seat-line{display:flex;flex-wrap:wrap;align-items:center;gap:0 4px}
.seat{min-width:9em;padding:2px 0}
@media (min-width:900px){.seat-line{flex-wrap:nowrap}.seat-line button{white-space:nowrap}}
table.status a{white-space:nowrap;margin:0 6px}
.seat.away{color:#8a4b08;font-weight:600}
.seat.standing_in{color:#5b3a8a}
.qr svg{width:180px;height:180px;display:block}
#join-info{display:flex;flex-wrap:wrap;align-items:center;gap:0 24px}
#join-info p{margin:4px 0}
#prompt{margin:4px 0 6px}
#more:empty{display:none}
.code{font-size:32px;font-weight:700;letter-spacing:.15em}
#table .tk{max-width:none}
#table .tk-head>b+span{display:none}
#series{margin:0 0 6px;font-weight:600;color:#1f3a5f}
#series:empty{display:none}
@media (min-width:1600px){body,button,select,input,table.status{font-size:20px}
table.status td button{font-size:18px;min-height:44px}.code{font-size:44px}
.qr svg{width:240px;height:240px}}
"""


def _texts(lang: str) -> str:
    """The script's texts as a JS object literal, safe inside a ``<script>`` element."""
    texts = {key.split(".", 1)[1]: t(key, lang) for key in _SCRIPT_TEXTS}
    return _js(texts)


def _js(value: Any) -> str:
    # "</" would close the script element early; "<!--" would start a comment in old parsers.
    return json.dumps(value, ensure_ascii=False).replace("</", "<\\/").replace("<!--", "<\\!--")


def _page(lang: str, title: str, body: str, script: str, nonce: str) -> str:
    return (
        f'<!doctype html><html lang="{esc(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{esc(title)}</title><style>{STYLE}</style></head>"
        f'<body><main>{body}</main><script nonce="{esc(nonce)}">{script}</script></body></html>'
    )


def _other_lang(lang: str, path: str) -> str:
    other = "fr" if lang == "en" else "en"
    return f'<a id="lang" href="{esc(path)}?lang={other}" hreflang="{other}">{other.upper()}</a>'


def join_page(lang: str, code: str = "", nonce: str = "") -> str:
    """The join form: the code (filled in from a scanned link) and the student's name."""
    title = t("classroom.join_title", lang)
    body = (
        f"<header><b>{esc(title)}</b><span id=status></span>{_other_lang(lang, '/')}</header>"
        '<form id="join" class="box" autocomplete="off">'
        f'<label for="code">{esc(t("classroom.code_label", lang))}</label>'
        f'<input id="code" name="code" value="{esc(code)}" maxlength="12" required '
        'autocapitalize="characters" spellcheck="false">'
        f'<label for="name">{esc(t("classroom.name_label", lang))}</label>'
        '<input id="name" name="name" maxlength="40" required autofocus>'
        f'<p><button id="join-button" type="submit">{esc(t("classroom.join_button", lang))}'
        "</button></p></form>"
        '<div id="notice" role="alert" hidden></div>'
    )
    script = f"""
const LANG={_js(lang)}, T={_texts(lang)};
{_SCRIPT_START}
const form=$('join'), notice=$('notice');
form.addEventListener('submit', async (ev) => {{
  ev.preventDefault();
  const body={{code: form.code.value, name: form.name.value}};
  try {{
    const r=await fetch('/api/join', {{method:'POST', headers:{{'Content-Type':'application/json'}},
      body: JSON.stringify(body)}});
    const d=await r.json();
    if (r.ok) {{ location.href='/play?lang='+LANG; return; }}
    notice.textContent=problem(r.status, d.error); notice.hidden=false;
  }} catch (e) {{ notice.textContent=String(e); notice.hidden=false; }}
}});
"""
    return _page(lang, title, body, script, nonce)


def play_page(lang: str, nonce: str = "") -> str:
    """A student's table: the status line, the actions, the table and the log, kept up to
    date by the server's events."""
    body = (
        f'<header><b id="who"></b><span id="status" role="status"></span>'
        f"{_other_lang(lang, '/play')}</header>"
        '<div id="offline" hidden></div>'
        '<div id="notice" role="alert" hidden></div>'
        '<section id="actions" class="box" aria-live="polite"><p id="series"></p>'
        '<p id="prompt"></p>'
        '<div id="buttons"></div><p id="more"></p></section>'
        '<section id="table"></section>'
        f'<section class="box"><b>{esc(t("classroom.log_title", lang))}</b>'
        '<div id="log"></div></section>'
    )
    script = f"""
const LANG={_js(lang)}, T={_texts(lang)}, MAX_BUTTONS={MAX_BUTTONS};
{_SCRIPT_START}
let version=null, busy=false, pending=false;
function say(text, ok) {{
  const n=$('notice'); n.textContent=text||''; n.hidden=!text; n.className=ok?'ok':'';
}}
function button(item, i) {{
  const b=document.createElement('button');
  b.type='button'; b.textContent=item.label; b.dataset.action=JSON.stringify(item.action);
  b.dataset.index=String(i); b.id='action-'+i;
  b.addEventListener('click', () => act(item.action));
  return b;
}}
function draw(d) {{
  // An answer may arrive after a newer one (a look started before an action, answered after
  // it): versions only grow, so an older one is left out rather than drawn over the newer.
  if (version !== null && d.version < version) return;
  version=d.version;
  $('who').textContent=d.names[d.seat]+' · '+d.title+' · '
    +fill(T.table_seat, {{table: d.table, seat: d.seat+1}});  // seats are counted from 1
  $('status').textContent=d.status;
  document.body.dataset.version=String(d.version);
  document.body.dataset.over=String(d.over);
  document.body.dataset.turn=String(d.your_turn);
  document.body.dataset.standingIn=String(d.standing_in);
  document.body.dataset.game=String(d.game_number);
  document.body.dataset.between=String(d.between);
  $('series').textContent=seriesLine(d);
  $('table').innerHTML=d.html ? d.html.table : '';
  $('log').innerHTML=d.html ? d.html.log : '';
  const box=$('buttons'); box.textContent='';
  let prompt='';
  if (d.ended) prompt=d.status;
  else if (d.standing_in) {{
    prompt=T.stand_in_banner;
    const b=document.createElement('button'); b.type='button'; b.id='take-back';
    b.textContent=T.take_back; b.addEventListener('click', () => back());
    box.appendChild(b);
  }}
  else if (d.between) {{
    const at={{game: d.game_number, games: d.games, ready: d.ready_count, students: d.students}};
    prompt=fill(d.ready ? T.waiting_ready : T.game_done, at);
    if (!d.ready) {{
      const b=document.createElement('button'); b.type='button'; b.id='next-game';
      b.textContent=T.next_game; b.addEventListener('click', () => next());
      box.appendChild(b);
    }}
  }}
  else if (d.paused) prompt=T.paused_banner;
  else if (d.your_turn) prompt=T.your_turn;
  else if (d.legal.length) prompt=T.anytime;
  else if (d.started && !d.over)
    prompt=fill(T.wait_turn, {{who: d.to_move.map(s => d.names[s]).join(', ')}});
  $('prompt').textContent=prompt;
  if (d.legal.length > MAX_BUTTONS) {{
    const sel=document.createElement('select'); sel.id='choice';
    d.legal.forEach((item, i) => {{
      const o=document.createElement('option'); o.value=String(i); o.textContent=item.label;
      o.dataset.action=JSON.stringify(item.action); sel.appendChild(o);
    }});
    const go=document.createElement('button'); go.type='button'; go.id='play';
    go.textContent='OK'; go.addEventListener('click', () => act(d.legal[Number(sel.value)].action));
    box.appendChild(sel); box.appendChild(go);
  }} else {{
    d.legal.forEach((item, i) => box.appendChild(button(item, i)));
  }}
  $('more').textContent=d.legal_count > d.legal.length
    ? fill(T.more_actions, {{shown: d.legal.length, count: d.legal_count}}) : '';
}}
function seriesLine(d) {{
  // Game 2 of 3 (and its rule choice in a series), then the totals of the games finished.
  if (d.games < 2) return '';
  let line=fill(T.game_of, {{game: d.game_number, games: d.games}});
  if (d.label) line+=' · '+d.label;
  if (d.results.length) {{
    const totals=d.totals.map((v, s) => d.names[s].replace(/ \\(.*\\)$/, '')+' '+v).join(' · ');
    line+=' · '+fill(T.totals, {{done: d.results.length, games: d.games, totals: totals}});
  }}
  return line;
}}
async function call(url, options) {{
  const r=await fetch(url, options);
  if (r.status === 401 || r.status === 403) {{
    const d=await r.json().catch(() => ({{}}));
    if (!options) {{ location.href='/?lang='+LANG; return null; }}
    say(problem(r.status, d.error)); return null;
  }}
  const d=await r.json();
  if (!r.ok) {{ say(problem(r.status, d.error, {{409: 'not_played'}})); return null; }}
  return d;
}}
async function load() {{
  if (busy) {{ pending=true; return; }}
  busy=true;
  try {{ const d=await call('/api/state?html=1&lang='+LANG); if (d) draw(d); }}
  catch (e) {{ say(String(e)); }}
  finally {{ busy=false; if (pending) {{ pending=false; load(); }} }}
}}
async function back() {{
  // Take the seat back from the robot standing in (the seat's own token does it).
  try {{
    const d=await call('/api/seat/return?html=1&lang='+LANG, {{method:'POST',
      headers:{{'Content-Type':'application/json'}}, body: '{{}}'}});
    if (d) draw(d); else load();
  }} catch (e) {{ say(String(e)); load(); }}
}}
async function next() {{
  // Ready for the next game: it starts once every student of the table is.
  document.querySelectorAll('#buttons button').forEach(b => b.disabled=true);
  try {{
    const d=await call('/api/next?html=1&lang='+LANG, {{method:'POST',
      headers:{{'Content-Type':'application/json'}}, body: '{{}}'}});
    if (d) draw(d); else load();
  }} catch (e) {{ say(String(e)); load(); }}
}}
async function act(action) {{
  document.querySelectorAll('#buttons button, #choice').forEach(b => b.disabled=true);
  say('');
  try {{
    const d=await call('/api/act?html=1&lang='+LANG, {{method:'POST',
      headers:{{'Content-Type':'application/json'}}, body: JSON.stringify({{action, version}})}});
    if (d) draw(d); else load();
  }} catch (e) {{ say(String(e)); load(); }}
}}
// A legal card of the table carries its action (data-action, as its button does): a click on it
// plays it by the same path, and a stale page's card is refused as a stale button is.
$('table').addEventListener('click', (e) => {{
  const card=e.target.closest('[data-playable]');
  if (card) act(JSON.parse(card.dataset.action));
}});
const events=new EventSource('/api/events');
events.addEventListener('version', (e) => {{
  $('offline').hidden=true;
  if (JSON.parse(e.data).version !== version) load();
}});
events.addEventListener('gone', () => {{ events.close(); location.href='/?lang='+LANG; }});
events.onerror=() => {{ $('offline').textContent=T.offline; $('offline').hidden=false; }};
back();  // opening the page is coming back: a robot standing in gives the seat back at once
"""
    return _page(lang, t("classroom.join_title", lang), body, script, nonce)


def teacher_page(lang: str, join_url: str, code: str, qr_svg: str = "", nonce: str = "") -> str:
    """The teacher's overview: the join code (and its QR code), and every table with its
    buttons, kept up to date by the server's events."""
    title = t("classroom.teacher_title", lang)
    cols = ("col_table", "col_seats", "col_state", "col_turn", "col_decisions", "col_do")
    head = "".join(f"<th>{esc(t('classroom.' + c, lang))}</th>" for c in cols)
    join = t("classroom.students_join", lang, url=join_url, code=code)
    body = (
        f"<header><b>{esc(title)}</b><span id=status></span>{_other_lang(lang, '/teacher')}"
        "</header>"
        '<div id="notice" role="alert" hidden></div>'
        f'<section class="box" id="join-info"><p>{esc(join)}</p>'
        f'<p class="code" id="code">{esc(code)}</p><div class="qr">{qr_svg}</div></section>'
        f'<section class="box"><table class="status" id="tables"><thead><tr>{head}</tr></thead>'
        '<tbody id="rows"></tbody></table></section>' + panels.body(lang)
    )
    script = f"""
const LANG={_js(lang)}, T={_texts(lang)};
{_SCRIPT_START}
function say(text) {{ const n=$('notice'); n.textContent=text||''; n.hidden=!text; }}
function el(tag, text, attrs) {{
  const e=document.createElement(tag); if (text !== undefined) e.textContent=text;
  Object.entries(attrs||{{}}).forEach(([k, v]) => e.setAttribute(k, v)); return e;
}}
async function post(what, body) {{
  const r=await fetch('/api/teacher/'+what, {{method:'POST',
    headers:{{'Content-Type':'application/json'}}, body: JSON.stringify(body)}});
  const d=await r.json(); if (!r.ok) say(problem(r.status, d.error)); else {{ say(''); draw(d); }}
}}
function draw(d) {{
  const rows=$('rows'); rows.textContent='';
  $('status').textContent=d.title+' · '+fill(d.away ? T.students_away : T.students_count,
    {{count: d.students, away: d.away}});
  if (!d.tables.length) {{
    const tr=el('tr'); const td=el('td', T.no_tables, {{colspan: '6'}}); tr.appendChild(td);
    rows.appendChild(tr);
  }}
  d.tables.forEach((tb) => {{
    const tr=el('tr', undefined, {{id: 'table-'+tb.number, 'data-state': tb.state,
      'data-game': String(tb.game_number)}});
    tr.appendChild(el('td', String(tb.number)));
    const add=(box, label, what, extra, id) => {{
      const b=el('button', label, {{type: 'button', id: id}}); b.className='alt';
      b.addEventListener('click', () => post(what, Object.assign({{table: tb.number}}, extra)));
      box.appendChild(b);
    }};
    // Each seat on its own line, its buttons next to it: the teacher acts on the seat they read.
    const who=el('td');
    tb.seats.forEach((s) => {{
      const line=el('div'); line.className='seat-line';
      const p=T['presence_'+s.presence];
      const span=el('span', s.name + (p ? ' · '+p : ''),
        {{id: 'seat-'+tb.number+'-'+s.seat, 'data-presence': s.presence}});
      span.className='seat '+s.presence;
      line.appendChild(span);
      if (tb.state !== 'over' && tb.state !== 'ended' && s.joined && s.presence !== 'robot') {{
        const at=tb.number+'-'+s.seat, seat={{seat: s.seat}};
        if (s.presence === 'standing_in')
          add(line, fill(T.give_back, {{name: s.student}}), 'give-back', seat, 'give-back-'+at);
        else add(line, fill(T.to_robot, {{name: s.student}}), 'stand-in', seat, 'stand-in-'+at);
        add(line, fill(T.to_robot_for_good, {{name: s.student}}), 'robot', seat, 'robot-'+at);
      }}
      who.appendChild(line);
    }});
    tr.appendChild(who);
    const state=T['state_'+tb.state] || tb.state;
    // In a match or a series: which game, its rule choice, and the totals so far.
    const game=tb.games > 1 ? fill(T.game_of, {{game: tb.game_number, games: tb.games}})
      + (tb.label ? ' ('+tb.label+')' : '')+' · ' : '';
    const totals=tb.games > 1 && tb.results.length ? ' · '+fill(T.totals, {{done: tb.results.length,
      games: tb.games, totals: tb.totals.map((v, i) => tb.seats[i].name+' '+v).join(', ')}}) : '';
    tr.appendChild(el('td', game + fill(state, {{joined: tb.seats.filter(s => s.joined).length,
      size: tb.seats.length, ready: tb.ready_count, students: tb.students}})
      + (tb.status ? ' · '+tb.status : '') + totals, {{id: 'state-'+tb.number}}));
    tr.appendChild(el('td', tb.to_move_names));
    tr.appendChild(el('td', String(tb.decisions)));
    const td=el('td');
    if (tb.state === 'waiting') add(td, T.start, 'start', {{}}, 'start-'+tb.number);
    if (tb.state === 'playing') add(td, T.pause, 'pause', {{}}, 'pause-'+tb.number);
    if (tb.state === 'paused') add(td, T.resume, 'resume', {{}}, 'resume-'+tb.number);
    if (tb.state === 'between') add(td, T.next_game, 'next', {{}}, 'next-'+tb.number);
    if (tb.state !== 'waiting') {{
      const a=el('a', T.save, {{href: '/api/teacher/save?table='+tb.number,
        download: 'table-'+tb.number+'.json'}});
      td.appendChild(a);
      // The earlier games of a match or a series: each its own full save.
      for (let k=1; k < tb.game_number; k++) {{
        td.appendChild(document.createTextNode(' · '));
        td.appendChild(el('a', fill(T.game_save, {{game: k}}), {{id: 'save-'+tb.number+'-'+k,
          href: '/api/teacher/save?table='+tb.number+'&game='+k,
          download: 'table-'+tb.number+'-game-'+k+'.json'}}));
      }}
    }}
    extraButtons(tb, td, add, d.tables);
    tr.appendChild(td); rows.appendChild(tr);
  }});
  refreshPanels(d);
}}
async function load() {{
  const r=await fetch('/api/teacher/status?lang='+LANG); const d=await r.json();
  if (!r.ok) say(problem(r.status, d.error)); else draw(d);
}}
const events=new EventSource('/api/teacher/events');
events.addEventListener('version', () => load());
load();
""" + panels.script(lang)
    return _page(lang, title, body, script, nonce)
