"""SGF for Gomoku as c-gomoku-cli writes it: ``(;FF[4]GM[4]GN[..]EV[black x white]DT[..]
RO[round.game]RU[rule]SZ[size]PB[..]PW[..]RE[B+1|W+1|0]TE[ending]`` then ``;B[hh]`` moves
(letters for x then y from the top-left), ``C[opening move]`` on the opening and
``C[123ms]`` on the played moves. RU is the Gomocup rule number (0 freestyle, 1 exactly five).
"""

from __future__ import annotations

import re
import time
from typing import Any

from .. import notation

MOVES_PER_LINE = 8


def write_game(record: dict[str, Any]) -> str:
    """The SGF text of a finished Gomoku game record."""
    size = int(record["variant"].get("size", 15))
    rule = 1 if record["variant"].get("rule", "freestyle") == "standard" else 0
    black, white = record["engines"]["X"], record["engines"]["O"]
    result = {"1-0": "B+1", "0-1": "W+1"}.get(record["result"], "0")
    date = time.strftime("%Y.%m.%d %H:%M:%S", time.localtime(record["started"]))
    head = (f"(;FF[4]GM[4]GN[{record['index'] + 1}]EV[{_clean(black)} x {_clean(white)}]DT[{date}]"
            f"RO[{record['pair'] + 1}.{record['index'] % 2 + 1}]RU[{rule}]SZ[{size}]PB[{_clean(black)}]"
            f"PW[{_clean(white)}]RE[{result}]TE[{_clean(record['reason'])}]\n")
    nodes = []
    moves = [(m, "opening move") for m in record["opening"]]
    moves += [(m["move"], f"{round(m['time_ms'])}ms") for m in record["moves"]]
    for i, (move, comment) in enumerate(moves):
        colour = "B" if i % 2 == 0 else "W"
        nodes.append(f";{colour}[{notation.to_sgf_point(move, size)}]C[{comment}]")
    lines, count = [], 0
    line = ""
    for i, node in enumerate(nodes):
        if i == len(record["opening"]) and i > 0:
            lines.append(line)
            line, count = "", 0
        if count >= MOVES_PER_LINE:
            lines.append(line)
            line, count = "", 0
        line += node
        count += 1
    lines.append(line)
    return head + "\n".join(lines) + ")\n\n"


def _clean(text: str) -> str:
    return text.replace("\\", "\\\\").replace("]", "\\]")


def parse_games(text: str) -> list[dict[str, Any]]:
    """Games of an SGF file: root ``tags`` and ``moves`` in arbor notation (with colours
    checked to alternate from black)."""
    games = []
    for body in _game_bodies(text):
        nodes = _split_nodes(body)
        tags = dict(re.findall(r"([A-Z]+)\[((?:[^\]\\]|\\.)*)\]", nodes[0]))
        size = int(tags.get("SZ", "15"))
        moves = []
        for node in nodes[1:]:
            found = re.match(r"\s*([BW])\[([a-z]{2})\]", node)
            if not found:
                raise ValueError(f"SGF: not a move node {node[:20]!r}")
            if found.group(1) != "BW"[len(moves) % 2]:
                raise ValueError("SGF: colours do not alternate")
            moves.append(notation.from_sgf_point(found.group(2), size))
        games.append({"tags": tags, "moves": moves})
    return games


def _scan(text: str):
    """(index, char, inside a [value]) for every character, honouring ``\\`` escapes."""
    inside = escaped = False
    for i, char in enumerate(text):
        yield i, char, inside
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == "]":
                inside = False
        elif char == "[":
            inside = True


def _game_bodies(text: str) -> list[str]:
    bodies, start = [], None
    for i, char, inside in _scan(text):
        if inside:
            continue
        if char == "(" and start is None:
            start = i + 1
        elif char == ")" and start is not None:
            bodies.append(text[start:i].strip().lstrip(";"))
            start = None
    return bodies


def _split_nodes(body: str) -> list[str]:
    nodes, start = [], 0
    for i, char, inside in _scan(body):
        if char == ";" and not inside:
            nodes.append(body[start:i])
            start = i + 1
    nodes.append(body[start:])
    return nodes
