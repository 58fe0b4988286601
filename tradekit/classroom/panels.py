"""The teacher's page's panels for the class's results: the live chart, the replay of a table
and the commands to end a table (or every table) and to move a student.

:func:`body` is the panels' HTML and :func:`script` their script, both added to the teacher's
page by :func:`tradekit.classroom.pages.teacher_page`. The script defines ``extraButtons(tb,
td, add)`` (the row buttons End, Move and Replay of table ``tb``) and ``refreshPanels(d)``
(called with each new room status: the chart is fetched again, drawn server-side as SVG).

Ids for scripts and tests: ``#chart`` (the chart, ``#chart-svg`` inside), ``#chart-caption``,
``#end-all``, ``#replay`` with ``#replay-title``, ``#replay-first``, ``#replay-back``,
``#replay-next``, ``#replay-last`` and ``#replay-table``; ``#distance`` (Turin Market, once a
table has finished) with ``#distance-go``, ``#distance-caption`` and ``#distance-table``; in a
table's row ``#end-<n>``,
``#replay-<n>``, links ``#seat-save-<n>-<seat>`` to each joined seat's save and, for a student, a
list ``#move-<n>-<seat>`` of the tables to move to.

Example:
    >>> 'id="chart"' in body("en") and "refreshPanels" in script("en")
    True
"""

from __future__ import annotations

import json

from tradekit.i18n import t
from tradekit.render.parts import esc

#: The panels' texts the script needs (looked up in the page's language).
_TEXTS = (
    "classroom.end",
    "classroom.end_all_sure",
    "classroom.move",
    "classroom.replay",
    "classroom.replay_title",
    "classroom.replay_game",
    "classroom.seat_save",
    "classroom.distance_busy",
    "classroom.distance_player",
)
#: The columns of the bids-against-the-equilibrium table.
_DISTANCE_COLS = ("player", "bids", "gap", "lost", "at")

#: Larger type for the projector: the chart's box, its caption and the replay.
STYLE = """
main{max-width:1800px}
#chart-box h2{font-size:28px;margin:4px 0}
#chart-caption{font-size:26px;line-height:1.35;color:#333;margin:6px 0 0}
#replay h2{font-size:24px;margin:4px 0}
#replay-status{font-size:20px}
#distance h2{font-size:28px;margin:4px 0}
#distance-caption{font-size:20px;line-height:1.35;color:#333}
#distance-table{font-size:22px;border-collapse:collapse}
#distance-table td,#distance-table th{padding:4px 12px;border-bottom:1px solid #ddd}
#distance-table td.n{text-align:right}
"""


def body(lang: str) -> str:
    """The panels' HTML: the chart, the replay (hidden until a table is chosen), End all, and
    for Turin Market the bids against the equilibrium (shown once a table has finished)."""
    cols = [t(f"classroom.distance_col_{c}", lang) for c in _DISTANCE_COLS]
    head = "".join(f"<th>{esc(c)}</th>" for c in cols)
    return (
        f"<style>{STYLE}</style>"
        f'<section class="box" id="chart-box" aria-label="{esc(t("classroom.chart_title", lang))}">'
        '<div id="chart"></div><p id="chart-caption"></p>'
        f'<p><button type="button" class="alt" id="end-all">{esc(t("classroom.end_all", lang))}'
        "</button> "
        f'<a id="games-csv" href="/api/teacher/games.csv">{esc(t("classroom.games_csv", lang))}</a>'
        " · "
        f'<a id="decisions-csv" href="/api/teacher/decisions.csv">'
        f"{esc(t('classroom.decisions_csv', lang))}</a></p></section>"
        f'<section class="box" id="distance" hidden><h2>{esc(t("classroom.distance_title", lang))}'
        '</h2><p><button type="button" id="distance-go">'
        f'{esc(t("classroom.distance_button", lang))}</button></p><p id="distance-caption"></p>'
        f'<table id="distance-table" hidden><thead><tr>{head}</tr></thead><tbody></tbody></table>'
        "</section>"
        '<section class="box" id="replay" hidden><h2 id="replay-title"></h2>'
        '<p><button type="button" id="replay-first">|&lt;</button>'
        '<button type="button" id="replay-back">&lt;</button>'
        '<button type="button" id="replay-next">&gt;</button>'
        '<button type="button" id="replay-last">&gt;|</button> '
        f'<label id="replay-game-box" hidden>{esc(t("classroom.replay_game_label", lang))} '
        '<select id="replay-game"></select></label></p>'
        '<p id="replay-status"></p><div id="replay-table"></div></section>'
    )


def script(lang: str) -> str:
    """The panels' script (it uses the page's ``$``, ``el``, ``fill``, ``say`` and ``post``)."""
    texts = {key.split(".", 1)[1]: t(key, lang) for key in _TEXTS}
    words = json.dumps(texts, ensure_ascii=False).replace("</", "<\\/")
    return f"""
const PT={words};
let replaying=null, chartBusy=false, ticket=0;
function extraButtons(tb, td, add, tables) {{
  if (['playing', 'paused', 'waiting', 'between'].includes(tb.state))
    add(td, PT.end, 'end', {{}}, 'end-'+tb.number);
  if (tb.round !== null) {{  // a table that was dealt
    const b=el('button', PT.replay, {{type: 'button', id: 'replay-'+tb.number}});
    b.className='alt'; b.addEventListener('click', () => replay(tb.number, -1)); td.appendChild(b);
    // Each student's seat save: what their seat saw, to hand back or to mark.
    tb.seats.filter(s => s.joined).forEach((s) => {{
      td.appendChild(document.createTextNode(' '));
      td.appendChild(el('a', fill(PT.seat_save, {{name: s.name}}), {{
        id: 'seat-save-'+tb.number+'-'+s.seat,
        href: '/api/teacher/seat-save?table='+tb.number+'&seat='+s.seat}}));
    }});
  }}
  const free=tables.filter(o => o.state === 'waiting' && o.number !== tb.number
    && o.seats.some(s => !s.joined));
  tb.seats.forEach((s) => {{
    if (!s.joined || s.robot || tb.state === 'over' || tb.state === 'ended' || !free.length)
      return;
    const sel=el('select', undefined, {{id: 'move-'+tb.number+'-'+s.seat}});
    sel.appendChild(el('option', fill(PT.move, {{name: s.name}}), {{value: ''}}));
    free.forEach(o => sel.appendChild(el('option', String(o.number), {{value: String(o.number)}})));
    sel.addEventListener('change', () => {{
      if (sel.value) post('move', {{table: tb.number, seat: s.seat, to: Number(sel.value)}});
    }});
    td.appendChild(sel);
  }});
}}
async function refreshPanels(d) {{
  if (chartBusy) return;
  chartBusy=true;
  try {{
    const r=await fetch('/api/teacher/chart?svg=1&lang='+LANG); const c=await r.json();
    if (r.ok) {{ $('chart').innerHTML=c.svg; $('chart-caption').textContent=c.caption||''; }}
  }} finally {{ chartBusy=false; }}
  // Turin's sealed bids against the theory, once a table has finished a game.
  $('distance').hidden=!(d.game === 'turin'
    && d.tables.some(tb => ['over', 'between', 'ended'].includes(tb.state)));
  // The past does not change: only a replay at its last step of the game in play follows the
  // table on (and learns of the games it has played since).
  if (replaying && replaying.step === replaying.steps && replaying.current)
    replay(replaying.table, -1, true);
}}
async function replay(table, step, quiet, game) {{
  const mine=++ticket;
  const r=await fetch('/api/teacher/replay?lang='+LANG+'&table='+table+'&step='+step
    +(game ? '&game='+game : ''));
  const d=await r.json();
  if (mine !== ticket) return;  // a later click's answer is on its way: this one is stale
  if (!r.ok) {{ if (!quiet) say(problem(r.status, d.error)); return; }}
  replaying={{table: d.table, step: d.step, steps: d.steps, game: d.game,
    current: d.game === d.games_played}};
  $('replay').hidden=false;
  // A table of a match or series: any game it has played can be replayed.
  const pick=$('replay-game');
  $('replay-game-box').hidden=d.games_played < 2;
  if (pick.options.length !== d.games_played) {{
    pick.innerHTML='';
    for (let k=1; k<=d.games_played; k++) pick.appendChild(el('option', String(k), {{value: k}}));
  }}
  pick.value=String(d.game);
  $('replay-title').textContent=(d.games_played > 1 ? fill(PT.replay_game, {{game: d.game}}) : '')
    +fill(PT.replay_title, {{table: d.table, step: d.step, steps: d.steps}});
  $('replay-status').textContent=d.status; $('replay-table').innerHTML=d.html;
}}
$('replay-game').addEventListener('change', () => {{
  if (replaying) replay(replaying.table, -1, false, Number($('replay-game').value));
}});
const go=(id, step) => $(id).addEventListener('click', () => {{
  if (replaying) replay(replaying.table, step(replaying), false, replaying.game);
}});
go('replay-first', () => 0);
go('replay-back', (p) => Math.max(0, p.step-1));
go('replay-next', (p) => Math.min(p.steps, p.step+1));
go('replay-last', (p) => p.steps);
$('distance-go').addEventListener('click', async () => {{
  const b=$('distance-go'); b.disabled=true; $('distance-caption').textContent=PT.distance_busy;
  try {{
    const r=await fetch('/api/teacher/distance?lang='+LANG); const d=await r.json();
    if (!r.ok) {{ $('distance-caption').textContent=''; say(problem(r.status, d.error)); return; }}
    $('distance-caption').textContent=d.caption;
    const body=$('distance-table').tBodies[0]; body.innerHTML='';
    d.players.forEach((p) => {{
      const tr=el('tr');
      tr.appendChild(el('td', fill(PT.distance_player, {{name: p.name, table: p.table}})));
      [p.bids, p.mean_gap, p.utility_lost, Math.round(100*p.at_equilibrium)+' %'].forEach((v) => {{
        const td=el('td', String(v)); td.className='n'; tr.appendChild(td);
      }});
      body.appendChild(tr);
    }});
    $('distance-table').hidden=false;
  }} finally {{ b.disabled=false; }}
}});
// Ending every table cannot be undone: the teacher confirms it first.
$('end-all').addEventListener('click', () => {{
  if (confirm(PT.end_all_sure)) post('end', {{table: null}});
}});
"""
