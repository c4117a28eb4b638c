"""PGN for tic-tac-toe and Connect Four as cutechess-cli writes it: the seven tag roster, then
the other tags in alphabetical order (``FEN``/``SetUp`` when the game starts after an
opening, ``Variant`` ``tictactoe``/``cfour``), drops as moves, ``{+0.10/2 0.001s}`` comments
(score in hundreds from the mover's view or ``+M3``, depth, time) and the result.
"""

from __future__ import annotations

import re
import textwrap
import time
from typing import Any

from ... import rules

from .. import notation
from ..config import Config

_WINS = re.compile(r"^[XO] made \d+ in a row$")


def _comment(move: dict[str, Any]) -> str:
    score = move.get("score") or ""
    kind, _, value = score.partition(" ")
    # `win <=N` / `loss <=N` (a proven result whose distance is only bounded): PGN has no
    # bound, so it is written as the mate it is at most, as arbor's UCI front end does.
    value = value.removeprefix("<=")
    if kind == "cp":
        text = f"{int(value) / 100:+.2f}" if int(value) else "0.00"
    elif kind == "win":
        text = f"+M{(int(value) + 1) // 2}"
    elif kind == "loss":
        text = f"-M{(int(value) + 1) // 2}"
    elif kind in ("draw", "disc"):
        text = "0.00" if kind == "draw" else f"{int(value):+.2f}"
    else:
        text = ""
    if move.get("depth") is not None:
        text += f"/{move['depth']}"
    seconds = round(move.get("time_ms", 0.0)) / 1000
    return f"{text} {seconds:g}s".strip()


def _ending(record: dict[str, Any]) -> tuple[str, str | None]:
    """The last comment's text and a Termination tag (None for a normal end)."""
    reason = record["reason"]
    if _WINS.match(reason):
        return ("White wins" if record["result"] == "1-0" else "Black wins"), None
    if reason == "board full":
        return "Draw by stalemate", None
    if "adjudication" in reason:
        return reason, "adjudication"
    if "time forfeit" in reason:
        return reason, "time forfeit"
    if "illegal move" in reason:
        return reason, "illegal move"
    return reason, "abandoned"


def time_control(config: Config, index: int) -> str:
    limits = config.engines[index].limits
    if limits.base_ms is not None:
        return f"{limits.base_ms / 1000:g}+{limits.inc_ms / 1000:g}"
    if limits.movetime is not None:
        return f"{limits.movetime / 1000:g}/move"
    return "inf"


def write_game(record: dict[str, Any], config: Config) -> str:
    """The PGN text of a finished game record."""
    position = rules.new_game(record["game"], record["variant"])
    for move in record["opening"]:
        position.play(move)
    start = time.gmtime(record["started"])
    end_seconds = record["started"] + record["duration_s"]
    tags = {
        "Event": "?", "Site": "?", "Date": time.strftime("%Y.%m.%d", start), "Round": str(record["pair"] + 1),
        "White": record["engines"]["X"], "Black": record["engines"]["O"], "Result": record["result"],
    }
    ending, termination = _ending(record)
    extra = {
        "GameDuration": time.strftime("%H:%M:%S", time.gmtime(record["duration_s"])),
        "GameEndTime": _iso(end_seconds), "GameStartTime": _iso(record["started"]),
        "PlyCount": str(len(record["moves"])),
        "Variant": notation.uci_variant(record["game"], record["variant"]),
    }
    if record["opening"]:
        extra["FEN"], extra["SetUp"] = notation.fen(position), "1"
    if termination:
        extra["Termination"] = termination
    white, black = record["engine_index"]["X"], record["engine_index"]["O"]
    white_tc, black_tc = time_control(config, white), time_control(config, black)
    if white_tc == black_tc:
        extra["TimeControl"] = white_tc
    else:
        extra["WhiteTimeControl"], extra["BlackTimeControl"] = white_tc, black_tc
    lines = [f'[{key} "{_escape(value)}"]' for key, value in tags.items()]
    lines += [f'[{key} "{_escape(extra[key])}"]' for key in sorted(extra)]
    tokens = []
    number = len(record["opening"]) // 2 + 1
    for i, move in enumerate(record["moves"]):
        if position.side_to_move == rules.FIRST:
            tokens.append(f"{number}.")
        elif i == 0:
            tokens.append(f"{number}...")
        drop = notation.to_drop(position, move["move"])
        position.play(move["move"])
        if position.side_to_move == rules.FIRST:
            number += 1
        comment = _comment(move)
        if i == len(record["moves"]) - 1:
            comment = f"{comment}, {ending}" if comment else ending
        tokens.append(drop)
        if comment:
            tokens.append("{" + _comment_text(comment) + "}")
    if not record["moves"]:
        tokens.append("{" + _comment_text(ending) + "}")
    tokens.append(record["result"])
    movetext = "\n".join(textwrap.wrap(" ".join(tokens), 80, break_long_words=False, break_on_hyphens=False))
    return "\n".join(lines) + "\n\n" + movetext + "\n\n"


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds * 1000) % 1000:03d} UTC"


def _comment_text(text: str) -> str:
    """Text for a ``{...}`` comment: PGN has no escape there, and a ``}`` (an engine's move text
    in a reason) would end the comment early, so it becomes ``)``; line breaks become spaces."""
    return " ".join(text.replace("}", ")").split())


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def parse_games(text: str) -> list[dict[str, Any]]:
    """Games of a PGN file: ``tags`` and ``moves`` (the SAN tokens, here drops), ``result``."""
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        tags = dict(re.findall(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]\s*$', block, re.M))
        body = "\n".join(line for line in block.splitlines() if not line.startswith("["))
        body = re.sub(r"\{[^}]*\}", " ", body)
        tokens = [t for t in body.split() if not re.match(r"^\d+\.(\.\.)?$", t)]
        result = tokens.pop() if tokens and tokens[-1] in ("1-0", "0-1", "1/2-1/2", "*") else None
        games.append({"tags": tags, "moves": tokens, "result": result})
    return games
