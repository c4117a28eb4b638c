"""GGF, the Othello game record of GGS and NBoard:
``(;GM[Othello]PC[..]DT[..]PB[black]PW[white]RE[+4.000]TI[..]TY[8]BO[8 <64 cells> *]B[F5//0.12]W[D6/-1.50/0.10]...;)``

Cells of ``BO`` run from a1 (top-left) row by row: ``*`` black (the first player, X), ``O``
white, ``-`` empty, then the side to move. Moves are ``SQUARE/eval/seconds``, ``PA`` a pass.
``RE`` is black's disc margin (``+64.000:r`` style suffixes mark a game ended otherwise:
``:t`` time, ``:r`` any other forfeit or adjudication).
"""

from __future__ import annotations

import re
import time
from typing import Any, Sequence

from ... import rules

from .. import notation

START_BOARD = "-" * 27 + "O*" + "-" * 6 + "*O" + "-" * 27


def ggf_game(moves: Sequence[str], *, black: str = "?", white: str = "?", result: str = "?",
             place: str = "arbor match", date: str | None = None, comments: Sequence[str] | None = None) -> str:
    """One GGF game from the start position; `comments[i]` (``eval/seconds``) follows move i."""
    date = date or time.strftime("%Y.%m.%d_%H:%M:%S", time.gmtime())
    parts = [f"(;GM[Othello]PC[{_clean(place)}]DT[{date}]PB[{_clean(black)}]PW[{_clean(white)}]RE[{result}]"
             f"TI[0]TY[8]BO[8 {START_BOARD} *]"]
    position = rules.new_game("othello")
    for i, move in enumerate(moves):
        colour = "B" if position.side_to_move == rules.FIRST else "W"
        extra = f"/{comments[i]}" if comments and i < len(comments) and comments[i] else ""
        parts.append(f"{colour}[{notation.to_nboard(move)}{extra}]")
        position.play(move)
    parts.append(";)")
    return "".join(parts)


def _clean(text: str) -> str:
    return text.replace("]", ")").replace("[", "(")


def result_tag(record: dict[str, Any], position: rules.Game) -> str:
    """Black's margin, with a suffix when the board did not decide the game."""
    black, white = position.cells.count(rules.FIRST), position.cells.count(rules.SECOND)
    if position.outcome is not None:
        empties = 64 - black - white
        margin = black - white
        # As Othello scores it: the empties go to the winner.
        margin += empties if margin > 0 else -empties if margin < 0 else 0
        return f"{margin:+.3f}" if margin else "0.000"
    suffix = ":t" if "time forfeit" in record["reason"] else ":r"
    if record["result"] == "1-0":
        return f"+64.000{suffix}"
    if record["result"] == "0-1":
        return f"-64.000{suffix}"
    return f"0.000{suffix}"


def write_game(record: dict[str, Any]) -> str:
    """The GGF line of a finished game record (the JSON record of the runner)."""
    moves = list(record["opening"]) + [m["move"] for m in record["moves"]]
    position = rules.new_game("othello")
    for move in moves:
        position.play(move)
    comments = [""] * len(record["opening"])
    for move in record["moves"]:
        score = move.get("score") or ""
        value = ""
        if score.startswith("cp "):
            value = f"{int(score.split()[1]) / 100:.2f}"
        elif score.startswith("disc "):
            value = f"{int(score.split()[1]):.2f}"
        comments.append(f"{value}/{move['time_ms'] / 1000:.3f}")
    return ggf_game(moves, black=record["engines"]["X"], white=record["engines"]["O"],
                    result=result_tag(record, position), date=_date(record), comments=comments) + "\n"


def _date(record: dict[str, Any]) -> str:
    return time.strftime("%Y.%m.%d_%H:%M:%S", time.gmtime(record.get("started", time.time())))


def parse_games(text: str) -> list[dict[str, Any]]:
    """Games of a GGF file: tags (first value of each) and moves in arbor notation."""
    games = []
    for body in re.findall(r"\(;(.*?);\)", text, re.S):
        tags: dict[str, str] = {}
        moves: list[str] = []
        for tag, value in re.findall(r"([A-Z]+)\[([^\]]*)\]", body):
            if tag in ("B", "W"):
                move = notation.from_nboard(value)
                if move is None:
                    raise ValueError(f"GGF: not a move {value!r}")
                moves.append(move)
            else:
                tags.setdefault(tag, value)
        games.append({"tags": tags, "moves": moves})
    return games
