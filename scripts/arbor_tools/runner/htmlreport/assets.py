"""The page's inline style sheet and script.

The script replays a game with the same rules as :mod:`arbor_tools.rules` (placement for
tic-tac-toe and Gomoku, drops for Connect Four, flips and passes for Othello); the tests
compare its replay with the Python rules in a headless browser (``#replay=N``). Renju's
forbidden points are not recomputed here: the page carries them from :mod:`arbor_tools.renju`.
"""

CSS = r"""
:root{--bg:#f6f7f9;--fg:#1c2230;--muted:#667085;--card:#fff;--line:#e3e6eb;--accent:#2f6fde;
--good:#2a9d5c;--bad:#c93c5a;--band:rgba(47,111,222,.16);--hover:#eef3fd}
@media (prefers-color-scheme:dark){:root{--bg:#14171d;--fg:#e6e9ef;--muted:#98a2b3;--card:#1d2129;
--line:#2d333e;--hover:#252c3a;--band:rgba(90,140,240,.22)}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",
Roboto,"Helvetica Neue",Arial,sans-serif}
.wrap{max-width:1180px;margin:0 auto;padding:0 16px}
header{background:var(--card);border-bottom:1px solid var(--line);padding:14px 0 0}
h1{font-size:22px;margin:0 0 4px}
h2{font-size:18px;margin:28px 0 10px;padding-bottom:4px;border-bottom:1px solid var(--line)}
h3{font-size:14px;margin:14px 0 6px;color:var(--muted);font-weight:600}
.meta{margin:0 0 8px;color:var(--muted);font-size:13.5px}
.badge{display:inline-block;padding:2px 9px;border-radius:99px;font-weight:600;font-size:12.5px;margin-right:6px;
color:#fff;background:var(--good)}
.badge.run{background:#d98a00}
nav{display:flex;gap:16px;overflow-x:auto;font-size:14px}
nav a{padding:6px 0 8px;color:var(--fg);text-decoration:none;border-bottom:2px solid transparent;white-space:nowrap}
nav a:hover{border-color:var(--accent)}
a{color:var(--accent)}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(165px,1fr));gap:10px}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:10px 12px}
.card .k{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.card .v{font-size:22px;margin:2px 0;white-space:nowrap}
.card .v small{font-size:14px;color:var(--muted)}
.card .v.long{font-size:17px;white-space:normal}
.card .n{font-size:12px;color:var(--muted)}
.llrbar{display:block;position:relative;height:6px;margin:6px 0 2px;border-radius:3px;
background:linear-gradient(90deg,var(--bad),#ddd 50%,var(--good))}
.llrbar i{position:absolute;top:-3px;width:4px;height:12px;margin-left:-2px;background:var(--fg);border-radius:2px}
.note{color:var(--muted);font-size:13.5px}
.eng{white-space:nowrap}
.eng i{display:inline-block;width:10px;height:10px;border-radius:3px;margin-right:6px;vertical-align:0}
.scroll{overflow-x:auto}
table.results{border-collapse:collapse;background:var(--card);border:1px solid var(--line);border-radius:8px;
font-size:14px;margin:8px 0;min-width:50%}
table.results th,table.results td{padding:6px 10px;border-bottom:1px solid var(--line);text-align:right;white-space:nowrap}
table.results th{font-size:12px;color:var(--muted);font-weight:600;text-align:right}
table.results td:first-child,table.results th:first-child{text-align:left}
table.results td.lim{text-align:left;color:var(--muted);font-size:13px}
table.pairs td:first-child{min-width:200px}
table.cross td:nth-child(2),table.cross th:nth-child(2){text-align:left}
td.barcell{width:40%;min-width:120px}
.bar{display:block;height:10px;border-radius:3px;background:var(--accent);opacity:.75}
.mono,td.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;text-align:left!important;
white-space:normal!important}
.endings{display:flex;flex-wrap:wrap;gap:6px 16px;padding:0;list-style:none;font-size:14px;margin:4px 0}
details{margin:8px 0}
summary{cursor:pointer;color:var(--accent);font-size:14px}
pre{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:10px;overflow-x:auto;font-size:12.5px}
.plots{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,440px),1fr));gap:14px}
.plot{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:4px 10px 8px}
svg.chart{width:100%;height:auto;display:block}
svg.chart .grid{stroke:var(--line);stroke-width:1}
svg.chart .tick,svg.chart .legend{font-size:11px;fill:var(--muted)}
svg.chart .axis{font-size:11.5px;fill:var(--muted)}
svg.chart .band{fill:var(--band);stroke:none}
svg.chart .bound{stroke-width:1.3;stroke-dasharray:5 4}
svg.chart .bound-label{font-size:11px;font-weight:600}
svg.chart .series{fill:none;stroke-width:1.8;stroke-linejoin:round}
.gamelist .filters{display:flex;flex-wrap:wrap;gap:8px;margin:6px 0;align-items:center;font-size:14px}
.filters select,.filters input,.filters button,.controls button{font:inherit;font-size:14px;padding:5px 9px;
border:1px solid var(--line);border-radius:7px;background:var(--card);color:var(--fg)}
.filters button:disabled{opacity:.4}
table.games{width:100%}
table.games tbody tr{cursor:pointer}
table.games tbody tr:hover{background:var(--hover)}
table.games td.reason{text-align:left;white-space:normal;color:var(--muted);font-size:13px}
table.games td.c,table.games th:nth-child(2),table.games th:nth-child(3),table.games th:nth-child(4){text-align:center}
table.games th:nth-child(6),table.games th:nth-child(7){text-align:left}
.res{font-weight:600}
.foot{color:var(--muted);font-size:12.5px;margin:30px 0 40px}
.empty{color:var(--muted)}
.viewer{position:fixed;inset:0;background:rgba(10,14,22,.55);z-index:10;display:flex;align-items:flex-start;
justify-content:center;overflow-y:auto;padding:18px 10px}
.viewer[hidden]{display:none}
.vbox{background:var(--card);border-radius:12px;max-width:1120px;width:100%;box-shadow:0 10px 40px rgba(0,0,0,.3)}
.vhead{display:flex;gap:10px;align-items:center;padding:10px 14px;border-bottom:1px solid var(--line);flex-wrap:wrap}
.vhead .t{font-size:17px;font-weight:700}
.vhead .r{color:var(--muted);font-size:13.5px;flex:1;min-width:200px}
.vhead button{font-size:20px;border:0;background:none;color:var(--fg);cursor:pointer;padding:0 6px}
.vbody{display:grid;grid-template-columns:minmax(0,1.1fr) minmax(0,1fr);gap:14px;padding:14px}
@media (max-width:760px){.vbody{grid-template-columns:1fr}.viewer{padding:0}.vbox{border-radius:0}
.vhead .t{flex:1}.vhead .r{order:3;flex-basis:100%}}
.vboard svg{width:100%;height:auto;max-height:78vh;display:block;margin:0 auto;touch-action:manipulation}
.vboard svg[data-kind=tictactoe]{max-width:380px}
.controls{display:flex;gap:6px;align-items:center;margin-bottom:8px;flex-wrap:wrap}
.controls button{min-width:42px;cursor:pointer}
.controls .ply{font-size:14px;color:var(--muted);margin:0 6px}
.controls label{font-size:13px;color:var(--muted)}
.evalgraph svg{width:100%;height:auto;display:block;cursor:crosshair;border:1px solid var(--line);border-radius:8px}
.moves{max-height:46vh;overflow-y:auto;border:1px solid var(--line);border-radius:8px;margin-top:8px}
.moves table{border-collapse:collapse;width:100%;font-size:13px}
.moves th{position:sticky;top:0;background:var(--card);color:var(--muted);font-weight:600;font-size:11.5px}
.moves td,.moves th{padding:3px 8px;text-align:right;border-bottom:1px solid var(--line);white-space:nowrap}
.moves td:nth-child(2),.moves th:nth-child(2){text-align:left}
.moves tr{cursor:pointer}
.moves tr.book td{color:var(--muted);font-style:italic}
.moves tr.cur td{background:var(--hover);font-weight:700}
.moves tr:hover td{background:var(--hover)}
.dot{display:inline-block;width:9px;height:9px;border-radius:50%;margin-right:6px;border:1px solid #888}
.endline{margin-top:8px;font-size:13.5px}
"""

SCRIPT = r"""
(function () {
"use strict";
var D = JSON.parse(document.getElementById("data").textContent);
var W = D.w, H = D.h, KIND = D.game, G = D.games, NS = "http://www.w3.org/2000/svg";
var byNumber = {};
G.forEach(function (g, i) { byNumber[g[0] + 1] = i; });
var RES = ["1-0", "1/2-1/2", "0-1"];

// --- rules: the same as arbor_tools.rules ------------------------------------------------
function sq(t) { return (parseInt(t.slice(1), 10) - 1) * W + (t.charCodeAt(0) - 97); }
function name(i) { return String.fromCharCode(97 + i % W) + (Math.floor(i / W) + 1); }
function startCells() {
  var c = []; for (var i = 0; i < W * H; i++) c.push(-1);
  if (KIND === "othello") { c[sq("d4")] = 1; c[sq("e5")] = 1; c[sq("e4")] = 0; c[sq("d5")] = 0; }
  return c;
}
var STEPS = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [0, 1], [1, -1], [1, 0], [1, 1]];
function play(c, move, p) {  // returns the cell played, -1 for a pass; throws on an illegal move
  if (KIND === "connect4") {
    var col = move.charCodeAt(0) - 97;
    if (col < 0 || col >= W || c[col] !== -1) throw new Error("illegal " + move);
    var row = H - 1; while (c[row * W + col] !== -1) row--;
    c[row * W + col] = p; return row * W + col;
  }
  if (move === "pass") return -1;
  var i = sq(move);
  if (!(i >= 0 && i < W * H) || c[i] !== -1) throw new Error("illegal " + move);
  if (KIND === "othello") {
    var r0 = Math.floor(i / W), c0 = i % W, flips = [];
    STEPS.forEach(function (s) {
      var r = r0 + s[0], k = c0 + s[1], line = [];
      while (r >= 0 && r < H && k >= 0 && k < W && c[r * W + k] === 1 - p) { line.push(r * W + k); r += s[0]; k += s[1]; }
      if (line.length && r >= 0 && r < H && k >= 0 && k < W && c[r * W + k] === p) flips = flips.concat(line);
    });
    if (!flips.length) throw new Error("flips nothing " + move);
    flips.forEach(function (f) { c[f] = p; });
  }
  c[i] = p; return i;
}
function movesOf(g) {
  var sep = KIND === "connect4" ? "" : " ";  // Connect Four's moves are single letters
  var book = g[6] ? g[6].split(sep) : [], played = g[7] ? g[7].split(sep) : [];
  return {book: book, all: book.concat(played)};
}
function replay(g) {  // positions after 0..n plies: {cells, last}
  var m = movesOf(g).all, c = startCells(), out = [{cells: c.slice(), last: -1}];
  for (var k = 0; k < m.length; k++) {
    var last;
    try { last = play(c, m[k], k % 2); } catch (e) { break; }
    out.push({cells: c.slice(), last: last});
  }
  return out;
}

// --- helpers ---------------------------------------------------------------------------------
function el(tag, attrs, parent, svg) {
  var e = svg ? document.createElementNS(NS, tag) : document.createElement(tag);
  for (var k in attrs) { if (k === "text") e.textContent = attrs[k]; else e.setAttribute(k, attrs[k]); }
  if (parent) parent.appendChild(e);
  return e;
}
function eng(i) { return D.engines[i]; }
function scoreValue(s) {  // the mover's score as a number (proven results far out)
  if (s === null || s === undefined) return null;
  if (typeof s === "number") return s;
  var p = s.split(" "), v = parseInt((p[1] || "0").replace("<=", ""), 10) || 0;
  if (p[0] === "win") return 100000 - v;
  if (p[0] === "loss") return -100000 + v;
  if (p[0] === "disc") return v > 0 ? 100000 : (v < 0 ? -100000 : 0);
  return 0;
}
function scoreText(s) {
  if (s === null || s === undefined) return "";
  if (typeof s === "number") return (s > 0 ? "+" : "") + s;
  return s;
}
function fmtNodes(n) {
  if (n === null || n === undefined) return "";
  if (n >= 1e6) return (n / 1e6).toFixed(n >= 1e7 ? 0 : 1) + "M";
  if (n >= 1e4) return Math.round(n / 1e3) + "k";
  return String(n);
}
function fmtTime(t) { return t === null || t === undefined ? "" : (t >= 100 ? Math.round(t) : t.toFixed ? (Math.round(t * 10) / 10) : t) + " ms"; }
function resultClass(r) { return r === 0 ? "X" : (r === 2 ? "O" : "draw"); }

// --- boards ----------------------------------------------------------------------------------
var STONE = KIND === "connect4" ? ["#e23d3d", "#f2c230"] : (KIND === "tictactoe" ? ["#23272f", "#d1453b"] : ["#15171a", "#f7f7f5"]);
function drawBoard(box, gi, ply, pos, showNumbers) {
  box.textContent = "";
  var g = G[gi], cells = pos.cells, svg;
  var s = 40, m = KIND === "tictactoe" ? 10 : 26, w, h;
  w = W * s + 2 * m; h = H * s + 2 * m;
  svg = el("svg", {id: "board", viewBox: "0 0 " + w + " " + h, "data-game": g[0] + 1, "data-ply": ply,
    "data-kind": KIND, "data-cells": cells.map(function (v) { return v < 0 ? "-" : "XO"[v]; }).join("")}, box, true);
  function cx(i) { return m + (i % W) * s + s / 2; }
  function cy(i) { return m + Math.floor(i / W) * s + s / 2; }
  function coords(color) {
    for (var k = 0; k < W; k++) el("text", {x: m + k * s + s / 2, y: m - 8, "text-anchor": "middle", "font-size": 11, fill: color, text: String.fromCharCode(97 + k)}, svg, true);
    if (KIND !== "connect4") for (var r = 0; r < H; r++) el("text", {x: m - 8, y: m + r * s + s / 2 + 4, "text-anchor": "end", "font-size": 11, fill: color, text: r + 1}, svg, true);
  }
  var numbers = {};
  if (showNumbers) {
    var mv = movesOf(g).all;
    for (var k = 0; k < ply && k < mv.length; k++) if (mv[k] !== "pass" && KIND !== "othello") numbers[KIND === "connect4" ? -1 : sq(mv[k])] = k + 1;
  }
  if (KIND === "tictactoe") {
    el("rect", {x: 0, y: 0, width: w, height: h, rx: 10, fill: "#fbfaf6"}, svg, true);
    for (var k = 1; k < 3; k++) {
      el("line", {x1: m + k * s, x2: m + k * s, y1: m + 3, y2: h - m - 3, stroke: "#333", "stroke-width": 2.5, "stroke-linecap": "round"}, svg, true);
      el("line", {y1: m + k * s, y2: m + k * s, x1: m + 3, x2: w - m - 3, stroke: "#333", "stroke-width": 2.5, "stroke-linecap": "round"}, svg, true);
    }
    if (pos.last >= 0) el("rect", {x: cx(pos.last) - s / 2 + 4, y: cy(pos.last) - s / 2 + 4, width: s - 8, height: s - 8, rx: 4, fill: "rgba(255,200,0,.28)"}, svg, true);
    cells.forEach(function (v, i) {
      if (v < 0) return;
      var x = cx(i), y = cy(i), r = 11, hl = i === pos.last;
      var col = STONE[v];
      var grp = el("g", {"class": "stone s" + v, "data-cell": i}, svg, true);
      if (v === 0) {
        el("path", {d: "M" + (x - r) + " " + (y - r) + "L" + (x + r) + " " + (y + r) + "M" + (x + r) + " " + (y - r) + "L" + (x - r) + " " + (y + r), stroke: col, "stroke-width": hl ? 5 : 4, "stroke-linecap": "round"}, grp, true);
      } else {
        el("circle", {cx: x, cy: y, r: r + 1, fill: "none", stroke: col, "stroke-width": hl ? 5 : 4}, grp, true);
      }
    });
    return svg;
  }
  if (KIND === "connect4") {
    el("rect", {x: m - 8, y: m - 2, width: W * s + 16, height: H * s + 10, rx: 12, fill: "#2358c8"}, svg, true);
    coords("#8a94a6");
    cells.forEach(function (v, i) {
      el("circle", {cx: cx(i), cy: cy(i) + 3, r: 15.5, fill: v < 0 ? "#f6f7f9" : STONE[v], "class": v < 0 ? "hole" : "stone s" + v,
        "data-cell": i, stroke: v < 0 ? "#1a47a8" : "rgba(0,0,0,.25)", "stroke-width": 1.5}, svg, true);
      if (i === pos.last) el("circle", {cx: cx(i), cy: cy(i) + 3, r: 5, fill: "rgba(255,255,255,.85)"}, svg, true);
    });
    return svg;
  }
  if (KIND === "othello") {
    el("rect", {x: m, y: m, width: W * s, height: H * s, fill: "#1f7a4a"}, svg, true);
    for (var k = 0; k <= W; k++) {
      el("line", {x1: m + k * s, x2: m + k * s, y1: m, y2: m + H * s, stroke: "#0e4a2b", "stroke-width": 1.2}, svg, true);
      el("line", {y1: m + k * s, y2: m + k * s, x1: m, x2: m + W * s, stroke: "#0e4a2b", "stroke-width": 1.2}, svg, true);
    }
    [[2, 2], [2, 6], [6, 2], [6, 6]].forEach(function (p) { el("circle", {cx: m + p[0] * s, cy: m + p[1] * s, r: 3, fill: "#0e4a2b"}, svg, true); });
    coords("#8a94a6");
    cells.forEach(function (v, i) {
      if (v < 0) return;
      el("circle", {cx: cx(i), cy: cy(i), r: 16, fill: STONE[v], stroke: v ? "#bbb" : "#000", "stroke-width": 1, "class": "stone s" + v, "data-cell": i}, svg, true);
      if (i === pos.last) el("circle", {cx: cx(i), cy: cy(i), r: 4, fill: "#e23d3d"}, svg, true);
    });
    var counts = [0, 0]; cells.forEach(function (v) { if (v >= 0) counts[v]++; });
    el("text", {x: w / 2, y: h - 7, "text-anchor": "middle", "font-size": 12, fill: "#8a94a6", text: "black " + counts[0] + " : " + counts[1] + " white"}, svg, true);
    return svg;
  }
  // Gomoku: stones on the intersections.
  el("rect", {x: m + 2, y: m + 2, width: W * s - 4, height: H * s - 4, rx: 6, fill: "#e2b66c"}, svg, true);
  for (var k = 0; k < W; k++) el("line", {x1: cx(k), x2: cx(k), y1: cy(0), y2: cy((H - 1) * W), stroke: "#5b4020", "stroke-width": 1}, svg, true);
  for (var r = 0; r < H; r++) el("line", {x1: cx(0), x2: cx(W - 1), y1: cy(r * W), y2: cy(r * W), stroke: "#5b4020", "stroke-width": 1}, svg, true);
  if (W >= 9 && W % 2 === 1) {
    var e = W >= 13 ? 3 : 2, mid = (W - 1) / 2;
    [[e, e], [e, W - 1 - e], [W - 1 - e, e], [W - 1 - e, W - 1 - e], [mid, mid]].forEach(function (p) {
      el("circle", {cx: cx(p[1] * W + p[0]), cy: cy(p[1] * W + p[0]), r: 3.2, fill: "#5b4020"}, svg, true); });
  }
  coords("#8a94a6");
  var forb = g[12] || [];
  forb.forEach(function (f) {
    if (f[0] !== ply) return;
    f.slice(1).forEach(function (i) {
      var x = cx(i), y = cy(i), r = 7;
      el("path", {d: "M" + (x - r) + " " + (y - r) + "L" + (x + r) + " " + (y + r) + "M" + (x + r) + " " + (y - r) + "L" + (x - r) + " " + (y + r),
        stroke: "#d11f2f", "stroke-width": 3, "stroke-linecap": "round", "class": "forbidden", "data-cell": i}, svg, true);
    });
  });
  cells.forEach(function (v, i) {
    if (v < 0) return;
    el("circle", {cx: cx(i), cy: cy(i), r: 17.5, fill: STONE[v], stroke: v ? "#777" : "#000", "stroke-width": 1, "class": "stone s" + v, "data-cell": i}, svg, true);
    if (numbers[i]) el("text", {x: cx(i), y: cy(i) + 4.5, "text-anchor": "middle", "font-size": numbers[i] > 99 ? 11 : 13, fill: v ? "#222" : "#eee", text: numbers[i]}, svg, true);
    else if (i === pos.last) el("circle", {cx: cx(i), cy: cy(i), r: 4.5, fill: "#e23d3d"}, svg, true);
    if (numbers[i] && i === pos.last) el("circle", {cx: cx(i), cy: cy(i), r: 17.5, fill: "none", stroke: "#e23d3d", "stroke-width": 2.5}, svg, true);
  });
  return svg;
}

// --- the evaluation graph ------------------------------------------------------------------
function evalGraph(box, g, ply, total, go) {
  box.textContent = "";
  var book = movesOf(g).book.length, w = 480, h = 150, pl = 30, pr = 8, pt = 10, pb = 20;
  var svg = el("svg", {viewBox: "0 0 " + w + " " + h, id: "evalgraph"}, box, true);
  function x(p) { return pl + (total ? p / total : 0) * (w - pl - pr); }
  function y(v) { var t = Math.tanh(v / 400); return pt + (1 - t) / 2 * (h - pt - pb); }
  el("rect", {x: pl, y: pt, width: w - pl - pr, height: (h - pt - pb) / 2, fill: "rgba(128,128,128,.06)"}, svg, true);
  el("line", {x1: pl, x2: w - pr, y1: y(0), y2: y(0), stroke: "#999", "stroke-dasharray": "3 3"}, svg, true);
  el("text", {x: pl - 4, y: pt + 10, "text-anchor": "end", "font-size": 10, fill: "#8a94a6", text: "X"}, svg, true);
  el("text", {x: pl - 4, y: h - pb, "text-anchor": "end", "font-size": 10, fill: "#8a94a6", text: "O"}, svg, true);
  el("text", {x: w - pr, y: h - 5, "text-anchor": "end", "font-size": 10, fill: "#8a94a6", text: "ply " + total}, svg, true);
  if (book) el("rect", {x: pl, y: pt, width: x(book) - pl, height: h - pt - pb, fill: "rgba(128,128,128,.14)"}, svg, true);
  var pts = [[], []], scores = g[11];
  for (var k = 0; k < scores.length; k++) {
    var v = scoreValue(scores[k]); if (v === null) continue;
    var p = book + k + 1, mover = (book + k) % 2;
    pts[mover].push(x(p).toFixed(1) + "," + y(mover === 0 ? v : -v).toFixed(1));
  }
  [0, 1].forEach(function (side) {
    var e = g[2 + side];
    if (pts[side].length) el("polyline", {points: pts[side].join(" "), fill: "none", stroke: D.colors[e], "stroke-width": 2, "class": "eval s" + side}, svg, true);
  });
  el("line", {x1: x(ply), x2: x(ply), y1: pt, y2: h - pb, stroke: "#e23d3d", "stroke-width": 1.5}, svg, true);
  svg.addEventListener("click", function (ev) {
    var r = svg.getBoundingClientRect(), fx = (ev.clientX - r.left) / r.width * w;
    go(Math.max(0, Math.min(total, Math.round((fx - pl) / (w - pl - pr) * total))));
  });
}

// --- the viewer ------------------------------------------------------------------------------
var viewer = document.getElementById("viewer"), current = null;
function open(gi, ply) {
  var g = G[gi], positions = replay(g), mv = movesOf(g), total = positions.length - 1;
  if (ply === undefined || ply === null || isNaN(ply)) ply = total;
  ply = Math.max(0, Math.min(total, ply));
  current = {gi: gi, ply: ply, positions: positions, total: total};
  viewer.hidden = false; viewer.textContent = "";
  var box = el("div", {"class": "vbox", role: "dialog"}, viewer);
  var head = el("div", {"class": "vhead"}, box);
  el("span", {"class": "t", text: "Game " + (g[0] + 1)}, head);
  var who = el("span", {"class": "r"}, head);
  who.innerHTML = "";
  [0, 1].forEach(function (side) {
    var d = el("span", {"class": "eng"}, who); el("i", {style: "background:" + D.colors[g[2 + side]]}, d);
    d.appendChild(document.createTextNode("XO"[side] + ": " + eng(g[2 + side])));
    if (!side) who.appendChild(document.createTextNode("  vs  "));
  });
  who.appendChild(document.createTextNode("  \u00b7  " + RES[g[4]] + "  \u00b7  " + D.reasons[g[5]]));
  var prevB = el("button", {title: "previous game (PgUp)", text: "\u2039"}, head);
  var nextB = el("button", {title: "next game (PgDn)", text: "\u203a"}, head);
  var close = el("button", {title: "close (Esc)", text: "\u00d7", id: "close"}, head);
  prevB.onclick = function () { step(-1); }; nextB.onclick = function () { step(1); };
  close.onclick = shut;
  var body = el("div", {"class": "vbody"}, box);
  var column = el("div", {}, body), boardBox = el("div", {"class": "vboard"}, column), side = el("div", {"class": "vside"}, body);
  if (KIND === "gomoku" && D.rule === "renju") {
    el("p", {"class": "note", text: "Red \u00d7: the points forbidden to Black (renju), shown when Black is to move."}, column);
  }
  var ctl = el("div", {"class": "controls"}, side);
  var bFirst = el("button", {text: "\u00ab", title: "start (Home)"}, ctl), bPrev = el("button", {text: "\u25c0", title: "back (\u2190)"}, ctl);
  var bNext = el("button", {text: "\u25b6", title: "forward (\u2192)"}, ctl), bLast = el("button", {text: "\u00bb", title: "end (End)"}, ctl);
  var plyText = el("span", {"class": "ply"}, ctl);
  var numbers = null;
  if (KIND === "gomoku") {
    var lab = el("label", {}, ctl); numbers = el("input", {type: "checkbox"}, lab); lab.appendChild(document.createTextNode(" numbers"));
    numbers.onchange = function () { go(current.ply); };
  }
  el("div", {"class": "note", text: "Evaluation from X\u2019s view (each engine\u2019s own score; click to jump)"}, side);
  var graph = el("div", {"class": "evalgraph"}, side);
  var endline = el("div", {"class": "endline"}, side);
  endline.textContent = "End: " + RES[g[4]] + " \u2014 " + D.reasons[g[5]];
  var list = el("div", {"class": "moves"}, side), table = el("table", {}, list);
  var hr = el("tr", {}, el("thead", {}, table));
  ["#", "move", "score", "depth", "time", "nodes"].forEach(function (t) { el("th", {text: t}, hr); });
  var tb = el("tbody", {}, table), rows = [];
  mv.all.forEach(function (m, k) {
    var i = k - mv.book.length, tr = el("tr", {"data-ply": k + 1, "class": i < 0 ? "book" : ""}, tb);
    el("td", {text: k + 1}, tr);
    var td = el("td", {}, tr);
    el("span", {"class": "dot", style: "background:" + STONE[k % 2]}, td);
    td.appendChild(document.createTextNode(m + (i < 0 ? " (book)" : "")));
    el("td", {text: i < 0 ? "" : scoreText(g[11][i])}, tr);
    el("td", {text: i < 0 || g[9][i] === null ? "" : g[9][i]}, tr);
    el("td", {text: i < 0 ? "" : fmtTime(g[8][i])}, tr);
    el("td", {text: i < 0 ? "" : fmtNodes(g[10][i])}, tr);
    tr.onclick = function () { go(k + 1); };
    rows.push(tr);
  });
  function go(p) {
    p = Math.max(0, Math.min(total, p)); current.ply = p;
    drawBoard(boardBox, gi, p, positions[p], numbers && numbers.checked);
    evalGraph(graph, g, p, total, go);
    plyText.textContent = "ply " + p + " / " + total + (p ? "  \u00b7  " + mv.all[p - 1] : "");
    rows.forEach(function (r, k) { r.className = (k < mv.book.length ? "book" : "") + (k + 1 === p ? " cur" : ""); });
    if (p > 0 && rows[p - 1] && list.scrollHeight > list.clientHeight) {  // keep the current move in view
      var top = rows[p - 1].getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      if (top < list.scrollTop + 30 || top > list.scrollTop + list.clientHeight - 30) list.scrollTop = top - list.clientHeight / 2;
    }
    setHash(g[0] + 1, p);
  }
  current.go = go;
  bFirst.onclick = function () { go(0); }; bLast.onclick = function () { go(total); };
  bPrev.onclick = function () { go(current.ply - 1); }; bNext.onclick = function () { go(current.ply + 1); };
  boardBox.onclick = function (ev) {
    var r = boardBox.getBoundingClientRect();
    go(current.ply + (ev.clientX - r.left < r.width / 2 ? -1 : 1));
  };
  go(ply);
}
function shut() {
  viewer.hidden = true; viewer.textContent = ""; current = null;
  if (history.replaceState) history.replaceState(null, "", location.pathname + location.search + "#games");
}
function step(d) {
  if (!current) return;
  var gi = current.gi + d;
  if (gi >= 0 && gi < G.length) open(gi, null);
}
function setHash(n, p) {
  var h = "#game=" + n + "&ply=" + p;
  if (location.hash !== h && history.replaceState) history.replaceState(null, "", h);
}
function params(hash) {  // "#game=3&ply=5" -> {game: 3, ply: 5}
  var out = {};
  hash.replace(/^#/, "").split("&").forEach(function (kv) {
    var p = kv.split("="); if (p.length === 2 && /^-?\d+$/.test(p[1])) out[p[0]] = parseInt(p[1], 10);
  });
  return out;
}
function route() {
  var p = params(location.hash);
  if (p.replay !== undefined && byNumber[p.replay] !== undefined) {  // every position of a game, for the tests
    var pre = el("pre", {id: "replay"}, document.body);
    pre.textContent = replay(G[byNumber[p.replay]]).map(function (q) {
      return q.cells.map(function (v) { return v < 0 ? "-" : "XO"[v]; }).join("");
    }).join("\n");
    return;
  }
  if (p.game !== undefined && byNumber[p.game] !== undefined) open(byNumber[p.game], p.ply);
  else if (current) shut();
}
document.addEventListener("keydown", function (e) {
  if (!current || e.altKey || e.ctrlKey || e.metaKey) return;
  var k = e.key, used = true;
  if (k === "ArrowLeft") current.go(current.ply - 1);
  else if (k === "ArrowRight") current.go(current.ply + 1);
  else if (k === "Home") current.go(0);
  else if (k === "End") current.go(current.total);
  else if (k === "PageUp") step(-1);
  else if (k === "PageDown") step(1);
  else if (k === "Escape") shut();
  else used = false;
  if (used) e.preventDefault();
});
viewer.addEventListener("click", function (e) { if (e.target === viewer) shut(); });
window.addEventListener("hashchange", route);

// --- the game list ---------------------------------------------------------------------------
var listBox = document.getElementById("game-list"), PAGE = 50, page = 0, shown = [];
function buildList() {
  listBox.textContent = "";
  var f = el("div", {"class": "filters"}, listBox);
  var who = el("select", {"aria-label": "engine"}, f);
  el("option", {value: "", text: "all engines"}, who);
  D.engines.forEach(function (n, i) { el("option", {value: i, text: n}, who); });
  var res = el("select", {"aria-label": "result"}, f);
  [["", "all results"], ["0", "X won (1-0)"], ["1", "draws"], ["2", "O won (0-1)"], ["w", "engine above won"], ["l", "engine above lost"]]
    .forEach(function (o) { el("option", {value: o[0], text: o[1]}, res); });
  var text = el("input", {type: "search", placeholder: "reason or opening contains\u2026", size: 24}, f);
  var prev = el("button", {text: "\u2039 prev"}, f), info = el("span", {"class": "note"}, f), next = el("button", {text: "next \u203a"}, f);
  var wrap = el("div", {"class": "scroll"}, listBox);
  var table = el("table", {"class": "results games"}, wrap);
  var hr = el("tr", {}, el("thead", {}, table));
  ["Game", "X", "O", "Result", "Plies", "End", "Opening"].forEach(function (t) { el("th", {text: t}, hr); });
  var tb = el("tbody", {}, table);
  function filter() {
    var e = who.value === "" ? -1 : parseInt(who.value, 10), r = res.value, t = text.value.toLowerCase();
    shown = [];
    G.forEach(function (g, i) {
      if (e >= 0 && g[2] !== e && g[3] !== e) return;
      if (r === "0" || r === "1" || r === "2") { if (g[4] !== parseInt(r, 10)) return; }
      else if (r === "w" || r === "l") {
        if (e < 0 || g[4] === 1) return;
        var won = (g[4] === 0) === (g[2] === e);
        if (won !== (r === "w")) return;
      }
      if (t && D.reasons[g[5]].toLowerCase().indexOf(t) < 0 && g[6].toLowerCase().indexOf(t) < 0) return;
      shown.push(i);
    });
    page = 0; draw();
  }
  function draw() {
    tb.textContent = "";
    var pages = Math.max(1, Math.ceil(shown.length / PAGE));
    page = Math.max(0, Math.min(pages - 1, page));
    shown.slice(page * PAGE, page * PAGE + PAGE).forEach(function (gi) {
      var g = G[gi], tr = el("tr", {}, tb), plies = movesOf(g).all.length;
      el("a", {href: "#game=" + (g[0] + 1), text: g[0] + 1}, el("td", {}, tr));
      [2, 3].forEach(function (k) {
        var td = el("td", {"class": "c"}, tr), s = el("span", {"class": "eng"}, td);
        el("i", {style: "background:" + D.colors[g[k]]}, s); s.appendChild(document.createTextNode(eng(g[k])));
      });
      el("td", {"class": "c res", text: RES[g[4]]}, tr);
      el("td", {text: plies}, tr);
      el("td", {"class": "reason", text: D.reasons[g[5]]}, tr);
      el("td", {"class": "mono", text: movesOf(g).book.join(" ")}, tr);
      tr.onclick = function (ev) { if (ev.target.tagName !== "A") location.hash = "#game=" + (g[0] + 1); };
    });
    info.textContent = shown.length ? (page * PAGE + 1) + "\u2013" + Math.min(shown.length, page * PAGE + PAGE) + " of " + shown.length + " games" : "no game";
    prev.disabled = page === 0; next.disabled = page >= pages - 1;
  }
  who.onchange = filter; res.onchange = filter; text.oninput = filter;
  prev.onclick = function () { page--; draw(); }; next.onclick = function () { page++; draw(); };
  filter();
}
buildList();
route();
var refresh = parseInt(document.body.getAttribute("data-refresh") || "0", 10);
if (refresh > 0) {  // the match is running: reload for new games, unless a game is open
  setInterval(function () { if (!current) location.reload(); }, refresh * 1000);
}
// Milliseconds from navigation to a usable page (read by the size and speed measurement).
document.documentElement.setAttribute("data-ready-ms", Math.round(performance.now()));
window.addEventListener("load", function () {
  document.documentElement.setAttribute("data-load-ms", Math.round(performance.now()));
});
})();
"""
