"""Opening books and random openings, checked by the referee's rules.

An ``--openings`` file has one opening per line (``#`` starts a comment) in any of:

* arbor move lists: ``d d c`` / ``h8, i9, j10`` / ``moves f5 d6`` (every game)
* Gomocup offset lines, as c-gomoku-cli reads them: ``x,y, x,y, ...`` from the centre of the
  board (``0,0`` is the centre, x to the right, y downwards) (Gomoku)
* Othello move strings: ``f5d6c3d3c4`` (either case, ``pa`` for a pass) (Othello), and
  c-gomoku-cli's "pos" lines ``h8i9j10`` (the same cells as arbor's, from the top-left) (Gomoku)
"""

from __future__ import annotations

import random
import re
from importlib import resources
from typing import Mapping

from .. import rules

from .config import ConfigError

_OFFSET_LINE = re.compile(r"^\s*-?\d+\s*,\s*-?\d+\s*(,\s*-?\d+\s*,\s*-?\d+\s*)*,?\s*$")
_OTHELLO_STRING = re.compile(r"^(?:[a-h][1-8]|pa)+$", re.I)
_POS_STRING = re.compile(r"^(?:[a-z]\d{1,2})+$", re.I)


def gomocup_offsets(line: str, size: int) -> list[str]:
    """``0,0, 1,0, 1,1`` (offsets from the centre) -> arbor squares ``h8 i8 i9`` (size 15)."""
    numbers = [int(n) for n in line.replace(" ", "").strip(",").split(",")]
    centre = size // 2
    moves = []
    for dx, dy in zip(numbers[::2], numbers[1::2]):
        x, y = centre + dx, centre + dy
        if not (0 <= x < size and 0 <= y < size):
            raise rules.IllegalMove(f"offset {dx},{dy} is off the {size}x{size} board")
        moves.append(rules.square_name(y * size + x, size))
    return moves


def othello_string(text: str) -> list[str]:
    """``f5d6PA`` -> ``['f5', 'd6', 'pass']``."""
    moves = re.findall(r"[a-h][1-8]|pa", text.lower())
    return ["pass" if move == "pa" else move for move in moves]


def parse_opening(line: str, game: str, variant: Mapping[str, str]) -> list[str]:
    """The moves of one opening line in any accepted format (unchecked)."""
    if game == "gomoku" and _OFFSET_LINE.match(line):
        return gomocup_offsets(line, rules.new_game(game, variant).width)
    if game == "othello" and _OTHELLO_STRING.match(line) and len(line.split()) == 1:
        return othello_string(line)
    if game == "gomoku" and _POS_STRING.match(line) and len(line.split()) == 1:
        return re.findall(r"[a-z]\d{1,2}", line.lower())
    moves = line.replace(",", " ").split()
    if moves and moves[0] == "moves":
        moves = moves[1:]
    return moves


def read_openings(path: str, game: str, variant: dict[str, str]) -> list[tuple[str, ...]]:
    """Opening move lists from `path`, each checked by the rules (never a finished game)."""
    openings = []
    try:  # utf-8-sig: a byte order mark (some editors write one) is not part of the first line
        with open(path, encoding="utf-8-sig") as handle:
            lines = handle.readlines()
    except UnicodeDecodeError as error:
        raise ConfigError(f"--openings {path}: not UTF-8 text ({error.reason} at byte {error.start})") from None
    except OSError as error:
        raise ConfigError(f"--openings {path}: {error.strerror or error}") from None
    for number, line in enumerate(lines, 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        position = rules.new_game(game, variant)
        try:
            for move in parse_opening(line, game, variant):
                position.play(move)
        except rules.IllegalMove as error:
            raise ConfigError(f"{path}:{number}: {error}") from None
        if position.outcome is not None:
            raise ConfigError(f"{path}:{number}: the game is already over after this opening")
        openings.append(tuple(position.moves))
    if not openings:
        raise ConfigError(f"{path}: no openings")
    return openings


def random_opening(game: str, variant: dict[str, str], plies: int, seed: int, number: int) -> tuple[str, ...]:
    """`plies` random legal moves, reproducible from (seed, number); never a finished game."""
    rng = random.Random(f"arbor-opening:{seed}:{number}")
    for _ in range(1000):
        position = rules.new_game(game, variant)
        for _ in range(plies):
            moves = position.legal_moves()
            if not moves:
                break
            position.play(rng.choice(moves))
        if position.outcome is None:
            return tuple(position.moves)
    raise ConfigError(f"cannot find a random opening of {plies} plies that is not finished")


#: The openings a game gets without --openings or --random-plies: a book shipped in the
#: package (arbor_tools/runner/books/), else random plies. Gomoku's random stones land anywhere
#: on the board and give the first player nearly every game; its book holds 3-stone openings
#: near the centre that arbor's search scores near even (scripts/bench/gomoku_openings.py).
DEFAULT_BOOKS = {"gomoku": "gomoku_centre3.txt"}
#: Random plies of a game without a default book (or whose board is too small for it).
DEFAULT_RANDOM_PLIES = 2


def defaults_help() -> str:
    """The default openings of every game, in words (for --help)."""
    parts = [f"{game}: {DEFAULT_RANDOM_PLIES} random plies" for game in rules.GAMES if game not in DEFAULT_BOOKS]
    parts += [f"{game}: the book {name} (3 stones near the centre scored near even by arbor; "
              f"{DEFAULT_RANDOM_PLIES} random plies on boards too small for it)" for game, name in DEFAULT_BOOKS.items()]
    return "; ".join(parts)


def default_openings(game: str, variant: dict[str, str]) -> tuple[list[tuple[str, ...]], str] | None:
    """The default book of `game` and its description, or None when the game has none or
    the board cannot hold its openings (then random plies are the default)."""
    name = DEFAULT_BOOKS.get(game)
    if name is None:
        return None
    book = resources.files(__package__).joinpath("books", name)
    with resources.as_file(book) as path:
        try:
            openings = read_openings(str(path), game, variant)
        except ConfigError:
            return None  # e.g. a 7x7 board: the offsets fall off it
    return openings, f"default book {name}"
