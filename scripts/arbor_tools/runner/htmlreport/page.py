"""The report page: one self-contained HTML file (inline CSS, SVG and script, no network).

The summary, tables and plots are rendered here; the games are embedded compactly as JSON
(moves as text, per-move time/score/depth/nodes as arrays) and the inline script replays a
game on its board only when it is opened (``#game=N&ply=P`` opens game N at ply P).
"""

from __future__ import annotations

import json
import math
import time
from html import escape
from typing import Any

from ... import renju, rules
from ... import sprt as stats
from ..report import crosstable
from . import assets
from .charts import PALETTE, Chart, Series, histogram, render
from .data import FAULT_KINDS, MatchData, finite

#: Elo plots are clipped to this range (a 100% score has an infinite Elo).
ELO_CLIP = 1000.0
#: Pairs listed per opening category (the counts cover all of them).
PAIRS_LISTED = 60


def _fmt(value: float) -> str:
    return stats._fmt(value)


def _color(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def _engine(data: MatchData, index: int) -> str:
    return (f'<span class="eng"><i style="background:{_color(index)}"></i>'
            f'{escape(data.engines[index].name)}</span>')


def _game_link(index: int, text: str | None = None) -> str:
    return f'<a href="#game={index + 1}">{escape(text or str(index + 1))}</a>'


# --- the embedded games ---------------------------------------------------------------------


def _score(text: str | None) -> Any:
    if text is None:
        return None
    kind, _, value = text.partition(" ")
    if kind == "cp":
        try:
            return int(value)
        except ValueError:
            return text
    return text


def _time(value: Any) -> Any:
    """Milliseconds as the page shows them: tenths below 10 ms, whole ms above."""
    if isinstance(value, (int, float)) and (value >= 10 or float(value).is_integer()):
        return int(round(value))
    return value


def forbidden_points(game: str, variant: dict[str, str], moves: list[str]) -> list[list[int]]:
    """Renju: for every position with Black to move, ``[ply, cell, cell, ...]`` of its
    forbidden points (cells row-major); empty for other games and rules."""
    if game != "gomoku" or variant.get("rule") != "renju":
        return []
    position = rules.new_game(game, variant)
    size = position.width
    found = []
    for ply in range(len(moves) + 1):
        if position.outcome is None and position.side_to_move == rules.FIRST:
            cells = [i for i, c in enumerate(position.cells)
                     if c == renju.EMPTY and renju.forbidden(position.cells, size, i) is not None]
            if cells:
                found.append([ply, *cells])
        if ply < len(moves):
            try:
                position.play(moves[ply])
            except rules.IllegalMove:
                break
    return found


def encode_games(data: MatchData) -> dict[str, Any]:
    """The games for the script: ``[index, pair, x, o, result, reason, opening, moves, times,
    depths, nodes, scores, forbidden]`` each (result 0: X won, 1: draw, 2: O won; moves
    space-separated, Connect Four's letters unseparated; scores in cp as numbers)."""
    reasons: dict[str, int] = {}
    games = []
    sep = "" if data.game == "connect4" else " "  # Connect Four's moves are single letters
    for r in data.records:
        cached = data.encoded.get(r["index"])
        if cached is not None:  # a live page is rewritten often: each game is encoded once
            entry = list(cached)
            entry[5] = reasons.setdefault(r["reason"], len(reasons))
            games.append(entry)
            continue
        played = r["moves"]
        result = {"1-0": 0, "1/2-1/2": 1, "0-1": 2}.get(r["result"], 1)
        reason = reasons.setdefault(r["reason"], len(reasons))
        entry = [r["index"], r["pair"], r["engine_index"]["X"], r["engine_index"]["O"], result, reason,
                 sep.join(r["opening"]), sep.join(m["move"] for m in played),
                 [_time(m.get("time_ms")) for m in played], [m.get("depth") for m in played],
                 [m.get("nodes") for m in played], [_score(m.get("score")) for m in played]]
        forbidden = forbidden_points(data.game, data.variant, list(r["opening"]) + [m["move"] for m in played])
        if forbidden:
            entry.append(forbidden)
        data.encoded[r["index"]] = entry
        games.append(entry)
    probe = rules.new_game(data.game, data.variant)
    return {"game": data.game, "w": probe.width, "h": probe.height,
            "rule": data.variant.get("rule", ""), "engines": [e.name for e in data.engines],
            "colors": [_color(i) for i in range(len(data.engines))],
            "reasons": list(reasons), "games": games}


# --- sections -------------------------------------------------------------------------------


def _summary(data: MatchData) -> str:
    out = []
    if len(data.engines) == 2 and data.records:
        t = data.tally()
        ptnml = t.ptnml()
        # One summary serves every card: the figures of the runner's report (stats.report).
        summary = stats.summarize(t.wins, t.draws, t.losses, ptnml, data.sprt)
        est = summary.elo
        a_points = t.wins + t.draws / 2
        b_points = t.losses + t.draws / 2
        paired = sum(ptnml) > 0
        cards = [
            ("Score", f'<b>{a_points:g}</b> &ndash; <b>{b_points:g}</b>',
             f"{a_points / t.games * 100:.1f}% for {escape(data.engines[0].name)}"),
            ("Elo", f'<b data-stat="elo">{_fmt(est.elo)}</b> <small>&plusmn; <span data-stat="elo-error">'
                    f'{_fmt(est.error)}</span></small>', "95% interval" + (", pentanomial" if paired else "")),
            ("nElo", f'<b data-stat="nelo">{_fmt(est.nelo)}</b> <small>&plusmn; <span data-stat="nelo-error">'
                     f'{_fmt(est.nelo_error)}</span></small>', "normalized Elo"),
            ("LOS", f'<b data-stat="los">{est.los * 100:.2f}</b> %', "likelihood of superiority"),
            ("W / D / L", f'<b data-stat="wdl">{t.wins} / {t.draws} / {t.losses}</b>',
             f"{t.games} games, draw ratio {est.draw_ratio * 100:.2f}%"
             + (" of pairs (WL+DD)" if paired else "")),
        ]
        if paired:
            cards.append(("Pentanomial", f'<b data-stat="ptnml">[{", ".join(str(c) for c in ptnml)}]</b>',
                          "pairs LL, LD, WL+DD, WD, WW"))
        if data.sprt is not None:
            value = summary.llr
            assert value is not None
            lower, upper = data.sprt.bounds()
            share = (min(max(value, lower), upper) - lower) / (upper - lower) * 100
            decision = data.sprt.decision(value)
            cards.append(("SPRT LLR", f'<b data-stat="llr">{value:.2f}</b> <small>({lower:.2f}, {upper:.2f})</small>'
                          f'<span class="llrbar"><i style="left:{share:.1f}%"></i></span>',
                          f"[{data.sprt.elo0:g}, {data.sprt.elo1:g}] {data.sprt.model}"
                          + (f", <b>{decision} accepted</b>" if decision else "")))
        out.append('<div class="cards">' + "".join(
            f'<div class="card"><div class="k">{k}</div><div class="v{" long" if k == "Pentanomial" else ""}">'
            f'{v}</div><div class="n">{n}</div></div>' for k, v, n in cards) + "</div>")
        out.append(f'<p class="note">From {_engine(data, 0)}&rsquo;s view against {_engine(data, 1)}.</p>')
    out.append(_engine_table(data))
    if len(data.engines) > 2:
        out.append(_crosstable(data))
    out.append(_faults(data))
    if len(data.engines) == 2:
        t = data.tally()
        lines = stats.report(t.wins, t.draws, t.losses, t.ptnml(), data.sprt)
    else:
        lines = crosstable(data.standings, data.engines)  # type: ignore[arg-type]
    out.append('<details><summary>As the runner prints it</summary><pre id="text-report">'
               + escape("\n".join(lines)) + "</pre></details>")
    return "".join(out)


def _engine_table(data: MatchData) -> str:
    rows = []
    round_robin = len(data.engines) > 2
    for e in data.engines:
        w, d, l = data.standings.wdl(e.index)
        games = w + d + l
        score = f"{(w + d / 2) / games * 100:.1f}%" if games else "-"
        elo = ""
        if round_robin:  # as the crosstable: trinomial, against all others
            elo = "<td>-</td>"
            if games:
                est = stats.trinomial_elo(w, d, l)
                elo = f"<td>{_fmt(est.elo)} &plusmn; {_fmt(est.error)}</td>"
        rows.append(f"<tr><td>{_engine(data, e.index)}</td><td>{games}</td><td>{w}</td><td>{d}</td><td>{l}</td>"
                    f"<td>{w + d / 2:.1f}</td><td>{score}</td>{elo}<td>{data.restarts(e.index)}</td>"
                    f"<td class=\"lim\">{escape(e.limits)}</td></tr>")
    return ('<div class="scroll"><table class="results"><thead><tr><th>Engine</th><th>Games</th><th>W</th>'
            '<th>D</th><th>L</th><th>Points</th><th>Score</th>' + ("<th>Elo</th>" if round_robin else "")
            + '<th>Restarts</th><th>Limits</th></tr></thead><tbody>' + "".join(rows) + "</tbody></table></div>")


def _crosstable(data: MatchData) -> str:
    s = data.standings
    order = sorted(range(len(data.engines)), key=lambda i: -s.points(i)[0])
    head = "".join(f"<th>{escape(data.engines[i].name)}</th>" for i in order)
    rows = []
    for rank, i in enumerate(order, 1):
        points, games = s.points(i)
        cells = []
        for j in order:
            if i == j:
                cells.append('<td class="self">&ndash;</td>')
                continue
            a, b = min(i, j), max(i, j)
            t = s.tally(a, b)
            mine = (t.wins if i == a else t.losses) + t.draws / 2
            cells.append(f"<td>{mine:g}/{t.games}</td>")
        rows.append(f"<tr><td>{rank}</td><td>{_engine(data, i)}</td><td>{points:.1f}</td><td>{games}</td>"
                    + "".join(cells) + "</tr>")
    return ('<h3>Crosstable</h3><div class="scroll"><table class="results cross"><thead><tr><th>#</th>'
            f'<th>Engine</th><th>Points</th><th>Games</th>{head}</tr></thead><tbody>' + "".join(rows)
            + "</tbody></table></div>")


def _faults(data: MatchData) -> str:
    kinds = [k for k in FAULT_KINDS if any(kind == k for _, kind in data.faults)]
    kinds += sorted({kind for _, kind in data.faults} - set(kinds))
    endings = sorted(data.standings.reasons.items(), key=lambda kv: -kv[1])
    out = ['<h3>Endings</h3><ul class="endings">'
           + "".join(f"<li><b>{n}</b> {escape(k)}</li>" for k, n in endings) + "</ul>"]
    if not kinds:
        out.append('<p class="note">No faults: no crash, hang, illegal move, time loss or protocol error.</p>')
        return "".join(out)
    head = "".join(f"<th>{escape(k)}</th>" for k in kinds)
    rows = []
    for e in data.engines:
        cells = "".join(f"<td>{data.faults.get((e.index, k), 0) or ''}</td>" for k in kinds)
        rows.append(f"<tr><td>{_engine(data, e.index)}</td>{cells}<td>{data.restarts(e.index)}</td></tr>")
    out.append('<h3>Faults (games lost) and restarts</h3><div class="scroll"><table class="results faults">'
               f"<thead><tr><th>Engine</th>{head}<th>Restarts</th></tr></thead><tbody>" + "".join(rows)
               + "</tbody></table></div>")
    return "".join(out)


def _progress(data: MatchData) -> str:
    if len(data.engines) != 2 or not data.progress:
        return ""
    pts = data.progress
    # The scale follows the interval once a few games are in (the first games' is huge).
    settled = pts[min(len(pts) - 1, max(4, len(pts) // 20)):]
    finite_values = [v for p in settled for v in (p.low, p.high) if math.isfinite(v)]
    top = max([abs(v) for v in finite_values] + [10.0])
    clip = min(ELO_CLIP, top * 1.05)
    elo = Chart("Elo over the games", "games", f"Elo of {data.engines[0].name}",
                [Series("Elo", _color(0), [(p.games, finite(p.elo, clip)) for p in pts])],
                band=[(p.games, finite(p.low, clip), finite(p.high, clip)) for p in pts],
                hlines=[(0.0, "0", "#888")], x_range=(1, max(2, len(pts))), y_range=(-clip, clip),
                css_id="plot-elo")
    out = ['<div class="plot"><h3>Elo with its 95% interval</h3>' + render(elo) + "</div>"]
    if data.sprt is not None:
        lower, upper = data.sprt.bounds()
        llr = Chart("LLR over the games", "games", "LLR",
                    [Series("LLR", _color(0), [(p.games, p.llr or 0.0) for p in pts])],
                    hlines=[(upper, f"H1 {upper:.2f}", "#2a9d5c"), (lower, f"H0 {lower:.2f}", "#c93c5a")],
                    x_range=(1, max(2, len(pts))), css_id="plot-llr")
        values = [p.llr or 0.0 for p in pts] + [lower, upper]
        llr.y_range = (min(values) - 0.3, max(values) + 0.3)
        out.append(f'<div class="plot"><h3>SPRT log-likelihood ratio ({data.sprt.model}, '
                   f'elo0 {data.sprt.elo0:g}, elo1 {data.sprt.elo1:g})</h3>' + render(llr) + "</div>")
    return '<section id="progress"><h2>Over the match</h2><div class="plots">' + "".join(out) + "</div></section>"


def _openings(data: MatchData) -> str:
    pairs: dict[int, list[dict[str, Any]]] = {}
    for r in data.records:
        pairs.setdefault(r["pair"], []).append(r)
    categories: dict[str, list[list[dict[str, Any]]]] = {}
    for games in pairs.values():
        if len(games) != 2:
            continue
        games.sort(key=lambda r: r["index"])
        first = games[0]
        a, b = sorted((first["engine_index"]["X"], first["engine_index"]["O"]))
        points = sum(r["points"][str(a)] for r in games)
        names = data.engines[a].name, data.engines[b].name
        if points == 2:
            key = f"{names[0]} won both"
        elif points == 0:
            key = f"{names[1]} won both"
        elif points == 1 and all(r["winner"] is None for r in games):
            key = "both drawn"
        elif points == 1:
            key = f"split by colour: {'X' if games[0]['result'] == '1-0' else 'O'} won both"
        else:
            key = f"{names[0] if points > 1 else names[1]} won one, drew one"
        categories.setdefault(key, []).append(games)
    if not categories:
        return ""
    order = sorted(categories, key=lambda k: (0 if "won both" in k and "split" not in k else 1, -len(categories[k])))
    total = sum(len(v) for v in categories.values())
    bars = []
    for key in order:
        n = len(categories[key])
        bars.append(f'<tr><td>{escape(key)}</td><td>{n}</td><td class="barcell"><span class="bar" '
                    f'style="width:{n / total * 100:.1f}%"></span></td></tr>')
    out = [f'<section id="openings"><h2>Opening pairs</h2><p class="note">{total} pairs: each opening '
           "played twice with colours swapped.</p>"
           '<div class="scroll"><table class="results pairs"><tbody>' + "".join(bars) + "</tbody></table></div>"]
    for key in order:
        if key == "both drawn":
            continue
        listed = categories[key][:PAIRS_LISTED]
        rows = []
        for games in listed:
            opening = " ".join(games[0]["opening"]) or "(start position)"
            links = " ".join(_game_link(r["index"], f"{r['index'] + 1}: {r['result']}") for r in games)
            rows.append(f'<tr><td class="mono">{escape(opening)}</td><td>{links}</td></tr>')
        more = len(categories[key]) - len(listed)
        out.append(f"<details><summary>{escape(key)} ({len(categories[key])})</summary>"
                   '<div class="scroll"><table class="results"><thead><tr><th>Opening</th><th>Games</th></tr>'
                   "</thead><tbody>" + "".join(rows) + "</tbody></table></div>"
                   + (f'<p class="note">and {more} more</p>' if more > 0 else "") + "</details>")
    out.append("</section>")
    return "".join(out)


def _per_move(data: MatchData) -> str:
    times: dict[int, list[float]] = {e.index: [] for e in data.engines}
    by_ply: dict[str, dict[int, dict[int, list[float]]]] = {"time": {}, "depth": {}, "nodes": {}}
    for r in data.records:
        ply = len(r["opening"])
        for n, m in enumerate(r["moves"]):
            side = (ply + n) % 2  # Othello's passes are recorded: the sides alternate
            engine = r["engine_index"]["XO"[side]]
            if m["move"] == "pass" and m.get("depth") is None and m.get("score") is None:
                continue  # a forced pass the runner played for an NBoard engine: no search
            if m.get("time_ms") is not None:
                times[engine].append(float(m["time_ms"]))
            for key, field in (("time", "time_ms"), ("depth", "depth"), ("nodes", "nodes")):
                value = m.get(field)
                if value is not None:
                    by_ply[key].setdefault(engine, {}).setdefault(ply + n + 1, []).append(float(value))
    if not any(times.values()):
        return ""
    names = {e.index: e.name for e in data.engines}
    charts = [histogram("Time per move", "ms per move",
                        {names[i]: (_color(i), v) for i, v in times.items() if v})]
    labels = {"time": ("Mean time per move by ply", "ms"), "depth": ("Mean depth by ply", "depth"),
              "nodes": ("Mean nodes by ply", "nodes (log scale)")}
    for key, (title, unit) in labels.items():
        series = []
        for engine, plies in sorted(by_ply[key].items()):
            # Plies that few games reach make noise: a mean needs 5 moves (fewer in a short match).
            least = max(1, min(5, len(data.records) // 10))
            points = [(ply, sum(v) / len(v)) for ply, v in sorted(plies.items()) if len(v) >= least]
            series.append(Series(names[engine], _color(engine), points))
        if series:
            charts.append(render(Chart(title, "ply", unit, series, log_y=key == "nodes"
                                       and all(y > 0 for s in series for _, y in s.points))))
    titles = ["Time per move (distribution)"] + [labels[k][0] for k in labels if by_ply[k]]
    body = "".join(f'<div class="plot"><h3>{escape(t)}</h3>{c}</div>' for t, c in zip(titles, charts))
    averages = []
    for i, v in times.items():
        if v:
            ordered = sorted(v)
            averages.append(f"{_engine(data, i)}: mean {sum(v) / len(v):.1f} ms, median "
                            f"{ordered[len(ordered) // 2]:.1f} ms, max {ordered[-1]:.1f} ms over {len(v)} moves")
    return ('<section id="moves"><h2>Time, depth and nodes per move</h2><p class="note">'
            + "<br>".join(averages) + '</p><div class="plots">' + body + "</div></section>")


def build_page(data: MatchData, live: bool = False, refresh_s: int = 10, title: str | None = None) -> str:
    """The whole page. `live`: the match is running (the page reloads itself every
    `refresh_s` seconds, keeping the open game in the URL's fragment)."""
    names = " vs ".join(e.name for e in data.engines)
    variant = " ".join(f"{k}={v}" for k, v in data.variant.items())
    title = title or f"{names}: {data.game}"
    status = data.status(live)
    games_json = json.dumps(encode_games(data), separators=(",", ":")).replace("</", "<\\/")
    limits = "; ".join(f"{escape(e.name)}: {escape(e.limits)}" for e in data.engines if e.limits)
    # While the match runs the script reloads the page (not while a game is open); without
    # scripts, a meta refresh does.
    refresh = f'<noscript><meta http-equiv="refresh" content="{refresh_s}"></noscript>' if live else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
{refresh}<title>{escape(title)}</title>
<style>{assets.CSS}</style></head>
<body class="{'live' if live else 'done'}"{f' data-refresh="{refresh_s}"' if live else ''}>
<header><div class="wrap"><h1>{escape(names)}</h1>
<p class="meta"><span class="badge {'run' if live else 'end'}" id="status">{escape(status)}</span>
{escape(data.game)}{' ' + escape(variant) if variant else ''} &middot; {limits}
&middot; openings: {escape(data.openings)}</p>
<nav><a href="#summary">Summary</a><a href="#progress">Progress</a><a href="#openings">Openings</a>
<a href="#moves">Per move</a><a href="#games">Games</a></nav></div></header>
<main class="wrap">
<section id="summary"><h2>Result</h2>{_summary(data)}</section>
{_progress(data)}
{_openings(data)}
{_per_move(data)}
<section id="games"><h2>Games</h2><div id="game-list" class="gamelist"><p class="note">The game list needs
JavaScript.</p></div></section>
<p class="foot">Made {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by arbor_tools.runner.htmlreport
from {len(data.records)} game records. Keys: &larr; &rarr; step, Home/End, PgUp/PgDn previous/next game,
Esc closes.</p>
</main>
<div id="viewer" class="viewer" hidden></div>
<script type="application/json" id="data">{games_json}</script>
<script>{assets.SCRIPT}</script>
</body></html>
"""
